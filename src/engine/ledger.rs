//! What the turns leave behind for the ones after them: the money spent, the note the
//! next message carries, and where the last turn that changed files began.

/// The session's running account of its turns.
#[derive(Debug, Default)]
pub struct Ledger {
    /// What the session's requests have cost so far, in dollars.
    cost: f64,
    /// HEAD before the last turn that changed files, for `/diff` (empty
    /// before the first commit).
    last_turn_base: Option<String>,
    /// Text to put before the next user message (command output the user kept,
    /// rejected edits the user wants the model told about).
    note: Option<String>,
}

impl Ledger {
    /// What the session's requests have cost so far, in dollars.
    pub fn cost(&self) -> f64 {
        self.cost
    }

    /// A request's cost is added.
    pub fn spend(&mut self, dollars: f64) {
        self.cost += dollars;
    }

    /// A resumed session's account goes on from what it had spent.
    pub fn resume_cost(&mut self, dollars: f64) {
        self.cost = dollars;
    }

    /// A turn that began at `base` (None before the first commit) changed files.
    pub fn turn_changed_files_from(&mut self, base: Option<String>) {
        self.last_turn_base = Some(base.unwrap_or_default());
    }

    /// Where the last turn that changed files began: `Some("")` before the
    /// first commit.
    pub fn last_turn_base(&self) -> Option<&str> {
        self.last_turn_base.as_deref()
    }

    /// Adds text for the model to see before the next user message.
    pub fn add_note(&mut self, text: String) {
        self.note = Some(match self.note.take() {
            Some(earlier) => format!("{earlier}\n\n{text}"),
            None => text,
        });
    }

    /// The note waiting for the next message, if any.
    pub fn note(&self) -> Option<&str> {
        self.note.as_deref()
    }

    /// The note, for the message that carries it.
    pub fn take_note(&mut self) -> Option<String> {
        self.note.take()
    }

    /// Drops the note (its turns are gone).
    pub fn forget_note(&mut self) {
        self.note = None;
    }

    /// Drops what belonged to turns that are gone (a rewind, another session): the
    /// note and the last turn's base. The cost stays: it was spent.
    pub fn forget_turns(&mut self) {
        self.note = None;
        self.last_turn_base = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_add_up_until_a_message_takes_them() {
        let mut ledger = Ledger::default();
        ledger.add_note("first".into());
        ledger.add_note("second".into());
        assert_eq!(ledger.take_note().as_deref(), Some("first\n\nsecond"));
        assert_eq!(ledger.note(), None);
    }
}
