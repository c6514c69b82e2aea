//! Sessions as front ends see them: the list to pick from, and a conversation to show
//! when one is resumed, rewound or redone.

use serde::{Deserialize, Serialize};

use crate::sessions::SessionSummary;

/// A saved session, as `/sessions` and `aider-tui sessions` list it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionInfo {
    pub id: String,
    /// Seconds since the Unix epoch.
    pub started: i64,
    /// Seconds since the Unix epoch.
    pub last_active: i64,
    /// The main model's name, or empty.
    pub model: String,
    /// The first line of the first thing the user said.
    pub first_message: String,
    /// How many user turns its conversation has.
    pub turns: usize,
    /// It is the session running now.
    #[serde(default)]
    pub current: bool,
}

impl SessionInfo {
    /// The list entry of a stored session.
    pub fn from_summary(summary: &SessionSummary, current: bool) -> SessionInfo {
        SessionInfo {
            id: summary.id.clone(),
            started: summary.started,
            last_active: summary.last_active,
            model: summary.model.clone(),
            first_message: summary.first_message.clone(),
            turns: summary.turns,
            current,
        }
    }
}

/// What a message of a shown conversation is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ConversationRole {
    /// A message the user sent (it starts a turn).
    User,
    /// The model's reply.
    Assistant,
    /// Feedback the program sent the model in a reflection round.
    Reflection,
    /// A summary standing for older messages.
    Summary,
}

/// One message of a conversation a front end is asked to show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConversationMessage {
    pub role: ConversationRole,
    pub text: String,
    /// For a user message: its turn's place in the conversation, counted from 1
    /// (`/rewind` counts back from the last one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<usize>,
}
