//! The session file's contents: plain serde data, versioned.
//!
//! Only what the conversation needs is kept: messages, files, the mode, model names,
//! totals and, per user turn, the commits it made. No setting is written, so no key
//! (or base URL that might carry one) ever reaches the file.

use serde::{Deserialize, Serialize};

use crate::conversation::Role;

use super::conversation::Conversation;

/// The format version this build writes; files of a newer version are skipped.
pub const FORMAT_VERSION: u32 = 1;

/// One session, as saved in `.aider-tui/sessions/<id>.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SessionRecord {
    /// The format version (see [`FORMAT_VERSION`]).
    pub version: u32,
    /// The session's id: it sorts by start time (`20260102-153045-7f3a`).
    pub id: String,
    /// When the session started, seconds since the Unix epoch.
    pub started: i64,
    /// When it was last saved, seconds since the Unix epoch.
    pub last_active: i64,
    /// The chat mode's name (`code`, `ask`, `architect`).
    pub mode: String,
    /// The models' names as the user wrote them.
    pub models: ModelNames,
    /// The main model's edit format.
    pub edit_format: String,
    /// The editor model's edit format (architect mode).
    pub editor_edit_format: String,
    /// Money spent, in dollars.
    pub cost: f64,
    /// Tokens sent and received.
    pub tokens: TokenTotals,
    /// Editable files, repository-relative.
    pub chat_files: Vec<String>,
    /// Read-only files: repository-relative, or absolute when outside.
    pub read_only_files: Vec<String>,
    /// The messages, the user turns and what rewind took away.
    pub conversation: Conversation,
}

/// The models of a session.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModelNames {
    pub main: Option<String>,
    pub weak: Option<String>,
    pub editor: Option<String>,
}

/// Token counts of the model's replies added up over a session (the requests for
/// commit messages and summaries aside).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenTotals {
    /// Prompt tokens, cached or not.
    pub sent: u64,
    pub received: u64,
    pub cache_read: u64,
    pub cache_write: u64,
}

/// A commit a user turn made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredCommit {
    /// The full id.
    pub id: String,
    /// The first line of its message.
    pub summary: String,
    /// Made by the assistant (an edit), not the user (their pending changes).
    pub by_assistant: bool,
}

impl SessionRecord {
    /// An empty session with this id, started at `now`.
    pub fn new(id: String, now: i64) -> SessionRecord {
        SessionRecord {
            version: FORMAT_VERSION,
            id,
            started: now,
            last_active: now,
            mode: String::new(),
            models: ModelNames::default(),
            edit_format: String::new(),
            editor_edit_format: String::new(),
            cost: 0.0,
            tokens: TokenTotals::default(),
            chat_files: Vec::new(),
            read_only_files: Vec::new(),
            conversation: Conversation::default(),
        }
    }

    /// Whether there is anything to resume: a message, a turn or a rewind.
    pub fn is_worth_saving(&self) -> bool {
        let conversation = &self.conversation;
        !conversation.messages.is_empty()
            || !conversation.turns.is_empty()
            || !conversation.rewound.is_empty()
    }

    /// The first thing the user said, for lists.
    pub fn first_message(&self) -> Option<&str> {
        let conversation = &self.conversation;
        conversation
            .turns
            .first()
            .map(|turn| turn.text.as_str())
            .or_else(|| {
                conversation
                    .messages
                    .iter()
                    .find(|message| message.role == Role::User && !message.summary)
                    .map(|message| message.text.as_str())
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conversation::Message;

    /// A session file exactly as builds before the one message type wrote it: roles as
    /// `user`/`assistant`, `summary` only where true, turns pointing into the messages.
    const WRITTEN_BEFORE: &str =
        include_str!("../../tests/fixtures/sessions/written-before-one-message-type.json");

    #[test]
    fn a_session_file_written_before_the_one_message_type_loads_and_is_written_the_same() {
        let record: SessionRecord = serde_json::from_str(WRITTEN_BEFORE).unwrap();
        assert_eq!(
            record.conversation.messages,
            vec![
                Message::user("A summary of our conversation so far: we said hello.").as_summary(),
                Message::assistant("Thanks, I have the context.").as_summary(),
                Message::user("make it wave"),
                Message::assistant("Waving."),
                Message::user("The files you edited have problems."),
                Message::assistant("Fixed."),
            ]
        );
        assert_eq!(record.first_message(), Some("make it wave"));
        // Written back, it is the same file (whitespace aside).
        let written = serde_json::to_value(&record).unwrap();
        let before: serde_json::Value = serde_json::from_str(WRITTEN_BEFORE).unwrap();
        assert_eq!(written, before);
    }
}
