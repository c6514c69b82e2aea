//! Who made a commit: the user, this tool, or Aider (whose commits a user switching
//! from Aider brings along). The assistant's commits, this tool's or Aider's, are the
//! ones `/undo` and rewind may take back.

use serde::{Deserialize, Serialize};

use super::aider_attribution::is_aider_commit;
use super::attribution::is_tool_message;

/// Who made a commit, as read from the commit itself (so it holds after a restart).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Maker {
    /// The user (or anything without an assistant's mark).
    #[default]
    User,
    /// This tool: its `Aider-Tui:` trailer is in the message.
    AiderTui,
    /// Aider: its Co-authored-by trailer, or ` (aider)` after the author name.
    Aider,
}

impl Maker {
    /// The maker of a commit object.
    pub(crate) fn of(commit: &git2::Commit<'_>) -> Maker {
        let message = String::from_utf8_lossy(commit.message_bytes());
        if is_tool_message(&message) {
            return Maker::AiderTui;
        }
        let author = commit.author();
        let author_name = String::from_utf8_lossy(author.name_bytes());
        if is_aider_commit(&message, &author_name) {
            Maker::Aider
        } else {
            Maker::User
        }
    }

    /// Made by an assistant (this tool or Aider), not by the user.
    pub fn is_assistant(self) -> bool {
        self != Maker::User
    }

    /// The maker in words ("you", "aider-tui", "Aider").
    pub fn name(self) -> &'static str {
        match self {
            Maker::User => "you",
            Maker::AiderTui => "aider-tui",
            Maker::Aider => "Aider",
        }
    }
}
