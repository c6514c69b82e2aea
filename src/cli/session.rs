//! The session front ends: one headless turn with `--message`, else the full screen.
use std::process::ExitCode;

pub fn run(_args: super::SessionArgs) -> ExitCode {
    eprintln!("aider-tui: the session is not built yet");
    ExitCode::from(2)
}
