//! Sessions as front ends see them: the list to pick from, and a conversation to show
//! when one is resumed, rewound or redone.

use serde::{Deserialize, Serialize};

use crate::conversation::{Message, Role};
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

/// One message of a conversation a front end is asked to show: the message as the
/// history holds it, and for a user message its turn. A user message without a turn is
/// feedback the program sent in a reflection round; a summary message stands for older
/// messages.
///
/// On the wire (the `--json` stream) it keeps the shape front ends have always read:
/// `role` is `user`, `assistant`, `reflection` or `summary`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "ShownMessage", try_from = "ShownMessage")]
pub struct ConversationMessage {
    pub message: Message,
    /// For a user message: its turn's place in the conversation, counted from 1
    /// (`/rewind` counts back from the last one).
    pub turn: Option<usize>,
}

impl ConversationMessage {
    /// Feedback the program sent the model (a user message that starts no turn).
    pub fn is_reflection(&self) -> bool {
        self.message.role == Role::User && !self.message.summary && self.turn.is_none()
    }
}

/// The wire shape of [`ConversationMessage`].
#[derive(Serialize, Deserialize)]
struct ShownMessage {
    role: String,
    text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    turn: Option<usize>,
}

const REFLECTION: &str = "reflection";
const SUMMARY: &str = "summary";

impl From<ConversationMessage> for ShownMessage {
    fn from(shown: ConversationMessage) -> ShownMessage {
        let role = if shown.message.summary {
            SUMMARY
        } else if shown.is_reflection() {
            REFLECTION
        } else {
            shown.message.role.name()
        };
        ShownMessage {
            role: role.to_string(),
            text: shown.message.text,
            turn: shown.turn,
        }
    }
}

impl TryFrom<ShownMessage> for ConversationMessage {
    type Error = String;

    fn try_from(wire: ShownMessage) -> Result<ConversationMessage, String> {
        let message = match wire.role.as_str() {
            SUMMARY => Message::user(wire.text).as_summary(),
            REFLECTION => Message::user(wire.text),
            name if name == Role::User.name() => Message::user(wire.text),
            name if name == Role::Assistant.name() => Message::assistant(wire.text),
            other => return Err(format!("unknown role {other:?}")),
        };
        Ok(ConversationMessage {
            message,
            turn: wire.turn,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Other tools read these lines: the four roles keep their names and shape.
    #[test]
    fn a_shown_conversation_keeps_its_wire_shape() {
        let shown = [
            ConversationMessage {
                message: Message::user("A summary of our conversation so far").as_summary(),
                turn: None,
            },
            ConversationMessage {
                message: Message::user("make it wave"),
                turn: Some(1),
            },
            ConversationMessage {
                message: Message::assistant("Waving."),
                turn: None,
            },
            ConversationMessage {
                message: Message::user("The files you edited have problems."),
                turn: None,
            },
        ];
        let wire = serde_json::to_string(&shown).unwrap();
        assert_eq!(
            wire,
            concat!(
                r#"[{"role":"summary","text":"A summary of our conversation so far"},"#,
                r#"{"role":"user","text":"make it wave","turn":1},"#,
                r#"{"role":"assistant","text":"Waving."},"#,
                r#"{"role":"reflection","text":"The files you edited have problems."}]"#
            )
        );
        let back: Vec<ConversationMessage> = serde_json::from_str(&wire).unwrap();
        assert_eq!(back, shown);
        assert!(back[3].is_reflection() && !back[1].is_reflection());
    }
}
