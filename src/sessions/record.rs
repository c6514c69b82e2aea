//! The session file's contents: plain serde data, versioned.
//!
//! Only what the conversation needs is kept: messages, files, the mode, model names,
//! totals and, per user turn, the commits it made. No setting is written, so no key
//! (or base URL that might carry one) ever reaches the file.

use serde::{Deserialize, Serialize};

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

/// Who said a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    User,
    Assistant,
}

/// One message of the conversation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredMessage {
    pub role: Role,
    pub text: String,
    /// Part of a summary that stands for older messages.
    #[serde(default, skip_serializing_if = "is_false")]
    pub summary: bool,
}

fn is_false(value: &bool) -> bool {
    !*value
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
