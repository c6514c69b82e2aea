//! Commands that belong to the full-screen session (`/watch`, `/editor`,
//! `/multiline-mode`): it runs them itself; one that reaches the engine came from a
//! headless run, which has no message box or watcher to act on.

use crate::protocol::{Command, ErrorKind, TurnOutcome};

use super::spawn::Engine;

impl Engine {
    /// Says where a full-screen command works instead.
    pub(super) fn full_screen_only(&self, command: Command) -> TurnOutcome {
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
}
