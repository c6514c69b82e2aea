//! The chat transcript kept in `.aider-tui/chat-history.md`, for the user to read back
//! later. Only what was said is written: messages, replies, reflections and commands
//! (never settings, so never a key). Written only when the state folder exists.

use crate::protocol::without_key;
use crate::safe_fs::StateDir;

/// Appends the conversation to the transcript file.
#[derive(Clone)]
pub struct Transcript {
    state: Option<StateDir>,
}

/// The transcript's file name inside the state folder.
pub const TRANSCRIPT_FILE: &str = "chat-history.md";

impl Transcript {
    /// The transcript in the session's state folder; a no-op without one.
    pub fn open(state: Option<StateDir>) -> Transcript {
        let transcript = Transcript { state };
        let since_epoch = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.as_secs());
        transcript.append(&format!(
            "\n# aider-tui chat started (unix time {since_epoch})\n"
        ));
        transcript
    }

    /// Records what the user submitted, never a line that may hold a key.
    pub fn user(&self, text: &str) {
        let text = without_key(text);
        let lines: Vec<String> = text.lines().map(|line| format!("#### {line}")).collect();
        self.append(&format!("\n{}\n", lines.join("\n")));
    }

    /// Records a model reply.
    pub fn reply(&self, text: &str) {
        self.append(&format!("\n{}\n", text.trim_end()));
    }

    /// Records a line from the program (reflection, command result).
    pub fn note(&self, text: &str) {
        for line in text.lines() {
            self.append(&format!("> {line}\n"));
        }
    }

    fn append(&self, text: &str) {
        let Some(state) = &self.state else {
            return;
        };
        if let Err(err) = state.append(TRANSCRIPT_FILE, text.as_bytes()) {
            tracing::warn!(
                "could not write the transcript in {}: {err}",
                state.path().display()
            );
        }
    }
}
