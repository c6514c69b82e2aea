//! Commands that belong to the full-screen session (`Runs::Ui` in the registry:
//! `/exit`, `/auto-accept`, `/watch`, `/editor`, `/multiline-mode`, `/context-pane`):
//! it runs them itself, so one that reaches the engine came from a headless run, which
//! has no message box or watcher to act on.

use crate::protocol::{Command, ErrorKind, TurnOutcome};

use super::emitter::Emitter;
use super::inbox::Inbox;

/// Runs a full-screen command in a headless session: ending it and auto-accept work
/// there too; the rest say where they work instead.
pub(super) async fn run_headless(
    command: Command,
    inbox: &mut Inbox,
    emitter: &Emitter,
) -> TurnOutcome {
    match command {
        Command::Exit | Command::Quit => {
            inbox.quit = true;
            TurnOutcome::Success
        }
        Command::AutoAccept => {
            inbox.auto_accept = !inbox.auto_accept;
            let state = if inbox.auto_accept { "on" } else { "off" };
            emitter.info(format!("Auto-accept is {state}.")).await;
            TurnOutcome::Success
        }
        _ => full_screen_only(command),
    }
}

/// Says where a full-screen command works instead.
fn full_screen_only(command: Command) -> TurnOutcome {
    let name = command.name();
    let instead = match command {
        Command::Watch => "; headless, run `aider-tui watch`",
        _ => "",
    };
    TurnOutcome::Error {
        kind: ErrorKind::Command,
        message: format!("/{name} works in the full-screen session{instead}"),
    }
}
