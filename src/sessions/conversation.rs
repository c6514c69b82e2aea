//! The conversation of a session: what the model sees now, the user turns that led
//! there, and what rewinds took away (for redo).
//!
//! The messages the model sees only grow until a summary replaces their older part or
//! the user clears them; the state they had then is kept in `earlier`, and every turn
//! points at the messages it began in. So a rewind can always go back to exactly what
//! the model saw before a message, even one a summary has since folded away.

use serde::{Deserialize, Serialize};

use crate::conversation::Message;

use super::record::StoredCommit;

/// The conversation part of a session file.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Conversation {
    /// What the model sees now, oldest first (a summary of older ones first, if any).
    pub messages: Vec<Message>,
    /// Earlier states of `messages` that a summary or a clear replaced, oldest first.
    #[serde(default)]
    pub earlier: Vec<Vec<Message>>,
    /// The user turns of this branch of the conversation, oldest first.
    pub turns: Vec<TurnRecord>,
    /// What rewinds took away and `/redo` can put back, the latest last.
    #[serde(default)]
    pub rewound: Vec<Rewind>,
    /// Rewinds a new message made final: their turns stay here, no longer redone.
    #[serde(default)]
    pub abandoned: Vec<Rewind>,
}

/// One user turn: a message the user sent, and what came of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnRecord {
    /// What the user submitted.
    pub text: String,
    /// When, seconds since the Unix epoch.
    pub at: i64,
    /// The messages it began in: an index into `earlier`, or `earlier.len()` for the
    /// current `messages`.
    pub epoch: usize,
    /// Where its messages begin in those messages.
    pub start: usize,
    /// The commits it made, oldest first (the user's pending changes included).
    #[serde(default)]
    pub commits: Vec<StoredCommit>,
    /// It changed files without committing them (`--no-auto-commits`), so a rewind
    /// cannot take those changes back.
    #[serde(default, skip_serializing_if = "is_false")]
    pub uncommitted_edits: bool,
}

fn is_false(value: &bool) -> bool {
    !*value
}

/// What one rewind took away.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rewind {
    /// When, seconds since the Unix epoch.
    pub at: i64,
    /// The turns it took away, oldest first.
    pub turns: Vec<TurnRecord>,
    /// The messages the model saw before it.
    pub messages: Vec<Message>,
    /// How many earlier states it kept; the ones after those are in `earlier`.
    pub kept_earlier: usize,
    /// The earlier states it took away.
    #[serde(default)]
    pub earlier: Vec<Vec<Message>>,
    /// The code it moved back, if it did.
    pub code: Option<RewoundCode>,
}

/// Commits a rewind moved off the branch (kept under `reference`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RewoundCode {
    /// `refs/aider-tui/rewound/…`, which keeps them reachable.
    pub reference: String,
    /// The branch it moved; `None` for a detached HEAD.
    pub branch: Option<String>,
    /// HEAD before the rewind.
    pub from: String,
    /// HEAD after it; `None` when the branch became unborn.
    pub to: Option<String>,
    /// The files it rewrote.
    pub files: Vec<String>,
    /// The commits that left the branch, newest first.
    pub commits: Vec<StoredCommit>,
}

impl Conversation {
    /// The index of the current messages among the states turns point at.
    pub fn current_epoch(&self) -> usize {
        self.earlier.len()
    }

    /// The model's messages grew (nothing was removed): keeps the new list.
    pub fn extend_to(&mut self, messages: Vec<Message>) {
        self.messages = messages;
    }

    /// The model's messages were replaced (a summary, a clear): the old state is kept
    /// for the turns that began in it.
    pub fn replace_with(&mut self, messages: Vec<Message>) {
        let old = std::mem::replace(&mut self.messages, messages);
        if !old.is_empty() {
            self.earlier.push(old);
        }
    }

    /// Records a new user turn. A new message after a rewind starts a new branch: the
    /// rewound turns can no longer be redone, and move to `abandoned`.
    pub fn add_turn(&mut self, turn: TurnRecord) {
        let rewound = std::mem::take(&mut self.rewound);
        self.abandoned.extend(rewound);
        self.turns.push(turn);
    }

    /// The `count`-th latest turn (1 is the latest).
    pub fn turn_back(&self, count: usize) -> Option<&TurnRecord> {
        let index = self.turns.len().checked_sub(count)?;
        if count == 0 {
            return None;
        }
        self.turns.get(index)
    }

    /// The commits of the latest `count` turns, oldest first.
    pub fn commits_of_latest(&self, count: usize) -> Vec<StoredCommit> {
        let from = self.turns.len().saturating_sub(count);
        self.turns[from..]
            .iter()
            .flat_map(|turn| turn.commits.iter().cloned())
            .collect()
    }

    /// Whether any of the latest `count` turns left uncommitted edits.
    pub fn uncommitted_edits_in_latest(&self, count: usize) -> bool {
        let from = self.turns.len().saturating_sub(count);
        self.turns[from..].iter().any(|turn| turn.uncommitted_edits)
    }

    /// Takes the conversation back to just before the `count`-th latest turn and keeps
    /// what it took away for [`Conversation::redo`]. `None` (and nothing changes) when
    /// there are fewer turns than that or `count` is 0.
    pub fn rewind(&mut self, count: usize, at: i64, code: Option<RewoundCode>) -> Option<&Rewind> {
        let index = self.turns.len().checked_sub(count)?;
        let target = self.turns.get(index)?.clone();
        if count == 0 {
            return None;
        }
        let kept_earlier = target.epoch.min(self.earlier.len());
        let base = self.earlier.get(target.epoch).unwrap_or(&self.messages);
        let restored = base[..target.start.min(base.len())].to_vec();
        let rewind = Rewind {
            at,
            turns: self.turns.split_off(index),
            messages: std::mem::replace(&mut self.messages, restored),
            kept_earlier,
            earlier: self.earlier.split_off(kept_earlier),
            code,
        };
        self.rewound.push(rewind);
        self.rewound.last()
    }

    /// The rewind `/redo` would put back.
    pub fn last_rewind(&self) -> Option<&Rewind> {
        self.rewound.last()
    }

    /// Puts back what the last rewind took away; returns it.
    pub fn redo(&mut self) -> Option<Rewind> {
        let rewind = self.rewound.pop()?;
        self.earlier.truncate(rewind.kept_earlier);
        self.earlier.extend(rewind.earlier.iter().cloned());
        self.messages = rewind.messages.clone();
        self.turns.extend(rewind.turns.iter().cloned());
        Some(rewind)
    }

    /// The turn each current message that starts a turn belongs to: (message index,
    /// turn number counted from 1).
    pub fn turn_starts(&self) -> Vec<(usize, usize)> {
        let epoch = self.current_epoch();
        self.turns
            .iter()
            .enumerate()
            .filter(|(_, turn)| turn.epoch == epoch && turn.start < self.messages.len())
            .map(|(index, turn)| (turn.start, index + 1))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(messages: &[Message]) -> Vec<&str> {
        messages
            .iter()
            .map(|message| message.text.as_str())
            .collect()
    }

    /// Sends `text` and its reply as one turn, the way the engine records it.
    fn turn(conversation: &mut Conversation, text: &str) {
        let start = conversation.messages.len();
        let mut messages = conversation.messages.clone();
        messages.push(Message::user(text));
        messages.push(Message::assistant(format!("re: {text}")));
        conversation.extend_to(messages);
        conversation.add_turn(TurnRecord {
            text: text.into(),
            at: 0,
            epoch: conversation.current_epoch(),
            start,
            commits: Vec::new(),
            uncommitted_edits: false,
        });
    }

    #[test]
    fn rewind_and_redo_round_trip() {
        let mut conversation = Conversation::default();
        for text in ["one", "two", "three"] {
            turn(&mut conversation, text);
        }
        let before = conversation.clone();
        let rewind = conversation.rewind(2, 5, None).unwrap();
        assert_eq!(texts(&rewind.messages).len(), 6);
        assert_eq!(texts(&conversation.messages), ["one", "re: one"]);
        assert_eq!(conversation.turns.len(), 1);
        assert!(
            conversation.rewind(2, 5, None).is_none(),
            "only one turn is left"
        );
        assert!(conversation.rewind(0, 5, None).is_none());
        conversation.redo().unwrap();
        conversation.rewound.clear();
        assert_eq!(conversation, {
            let mut expected = before;
            expected.rewound.clear();
            expected
        });
    }

    #[test]
    fn a_rewind_goes_back_before_a_summary() {
        let mut conversation = Conversation::default();
        turn(&mut conversation, "one");
        turn(&mut conversation, "two");
        // A summary folds both exchanges away.
        conversation.replace_with(vec![
            Message::user("summary of one and two").as_summary(),
            Message::assistant("ok").as_summary(),
        ]);
        turn(&mut conversation, "three");
        assert_eq!(conversation.turn_starts(), vec![(2, 3)]);
        conversation.rewind(2, 0, None).unwrap();
        // Exactly what the model saw before "two": the first exchange, unsummarized.
        assert_eq!(texts(&conversation.messages), ["one", "re: one"]);
        assert!(conversation.earlier.is_empty());
        turn(&mut conversation, "two again");
        assert_eq!(conversation.turns[1].epoch, 0);
        assert_eq!(conversation.turns[1].start, 2);
    }

    #[test]
    fn a_rewind_goes_back_before_a_clear() {
        let mut conversation = Conversation::default();
        turn(&mut conversation, "one");
        conversation.replace_with(Vec::new());
        turn(&mut conversation, "two");
        conversation.rewind(1, 0, None).unwrap();
        assert!(
            conversation.messages.is_empty(),
            "two began after the clear"
        );
        conversation.redo().unwrap();
        conversation.rewind(2, 0, None).unwrap();
        assert!(
            conversation.messages.is_empty(),
            "one began with nothing before it"
        );
        assert!(conversation.earlier.is_empty());
    }

    #[test]
    fn a_new_message_after_a_rewind_ends_redo_but_keeps_the_turns() {
        let mut conversation = Conversation::default();
        turn(&mut conversation, "one");
        turn(&mut conversation, "two");
        conversation.rewind(1, 0, None).unwrap();
        turn(&mut conversation, "other two");
        assert!(conversation.last_rewind().is_none());
        assert_eq!(conversation.abandoned.len(), 1);
        assert_eq!(conversation.abandoned[0].turns[0].text, "two");
        assert_eq!(
            texts(&conversation.messages),
            ["one", "re: one", "other two", "re: other two"]
        );
    }

    #[test]
    fn bad_positions_from_a_damaged_file_do_not_panic() {
        let mut conversation = Conversation::default();
        turn(&mut conversation, "one");
        conversation.turns[0].epoch = 7;
        conversation.turns[0].start = 99;
        conversation.rewind(1, 0, None).unwrap();
        assert_eq!(texts(&conversation.messages), ["one", "re: one"]);
        assert!(conversation.turn_starts().is_empty());
    }
}
