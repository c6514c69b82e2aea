//! `aider-tui apply`: parse a reply and apply its edits (owner: edit engine).
use std::process::ExitCode;

pub fn run(_args: super::ApplyArgs) -> ExitCode {
    eprintln!("aider-tui apply: not built yet");
    ExitCode::from(2)
}
