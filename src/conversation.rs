//! The conversation's one piece of data: who said a message and what they said.
//!
//! The engine's history holds these, the session file stores them as they are, the
//! protocol shows them and a request to the model is built from them; nobody keeps a
//! copy of their own with other names. A leaf: it imports nothing of the crate.
//!
//! The serialized form is the session file's (`{"role": "user", "text": …}`, with
//! `"summary": true` only when set), so files written before this type existed load.

use serde::{Deserialize, Serialize};

/// Who said a message.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    #[default]
    User,
    Assistant,
}

impl Role {
    /// The name chat APIs and session files use (`user`, `assistant`).
    pub fn name(self) -> &'static str {
        match self {
            Role::User => "user",
            Role::Assistant => "assistant",
        }
    }
}

/// One message of the conversation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    pub role: Role,
    pub text: String,
    /// Part of a summary that stands for older messages.
    #[serde(default, skip_serializing_if = "is_false")]
    pub summary: bool,
}

fn is_false(value: &bool) -> bool {
    !*value
}

impl Message {
    /// A user message.
    pub fn user(text: impl Into<String>) -> Message {
        Message {
            role: Role::User,
            text: text.into(),
            summary: false,
        }
    }

    /// An assistant message.
    pub fn assistant(text: impl Into<String>) -> Message {
        Message {
            role: Role::Assistant,
            text: text.into(),
            summary: false,
        }
    }

    /// The same message, marked as part of a summary.
    pub fn as_summary(self) -> Message {
        Message {
            summary: true,
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_role_is_named_as_it_is_serialized() {
        for role in [Role::User, Role::Assistant] {
            assert_eq!(
                serde_json::to_value(role).unwrap(),
                serde_json::Value::from(role.name())
            );
        }
    }
}
