//! The conversation so far: finished exchanges, oldest first, possibly with a summary
//! of older ones at the front.

use crate::conversation::{Message, Role};

/// The history, with a generation counter so a background summary made from an older
/// state can tell whether the messages it replaces are still there.
#[derive(Debug, Clone, Default)]
pub struct History {
    messages: Vec<Message>,
    /// Bumped whenever messages are removed or replaced (not when appended).
    generation: u64,
    /// How many messages were ever appended, so a caller can tell how many a turn added.
    pushed: u64,
}

impl History {
    /// The messages, oldest first.
    pub fn messages(&self) -> &[Message] {
        &self.messages
    }

    /// Appends one message.
    pub fn push(&mut self, message: Message) {
        self.messages.push(message);
        self.pushed += 1;
    }

    /// Replaces the text of the last message if the assistant said it (the plan the
    /// user edited before the editor got it). A summary under way covers only older
    /// messages, so the generation stays.
    pub fn amend_last_reply(&mut self, text: String) -> bool {
        match self.messages.last_mut() {
            Some(last) if last.role == Role::Assistant => {
                last.text = text;
                true
            }
            _ => false,
        }
    }

    /// How many messages were ever appended (never goes down).
    pub fn pushed(&self) -> u64 {
        self.pushed
    }

    /// Replaces every message (a resumed session, a rewind, a redo).
    pub fn restore(&mut self, messages: Vec<Message>) {
        self.messages = messages;
        self.generation += 1;
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.messages.clear();
        self.generation += 1;
    }

    /// The current generation (see [`History::replace_prefix`]).
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Replaces the first `count` messages with `summary`, if the history is still the
    /// one the summary was made from (same generation, at least `count` messages).
    pub fn replace_prefix(&mut self, generation: u64, count: usize, summary: Vec<Message>) -> bool {
        if generation != self.generation || count > self.messages.len() {
            return false;
        }
        self.messages.splice(0..count, summary);
        self.generation += 1;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_summary_replaces_only_the_prefix_it_was_made_from() {
        let mut history = History::default();
        for n in 0..4 {
            history.push(Message::user(format!("u{n}")));
        }
        let generation = history.generation();
        history.push(Message::user("late"));
        assert!(history.replace_prefix(generation, 4, vec![Message::user("summary")]));
        let texts: Vec<&str> = history.messages().iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, vec!["summary", "late"]);
        // A second summary made from the old state is stale now.
        assert!(!history.replace_prefix(generation, 1, vec![]));
    }
}
