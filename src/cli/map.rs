//! `aider-tui map`: print the repo map (owner: repo map).
use std::process::ExitCode;

pub fn run(_args: super::MapArgs) -> ExitCode {
    eprintln!("aider-tui map: not built yet");
    ExitCode::from(2)
}
