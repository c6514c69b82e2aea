//! What the session keeps on disk under `.aider-tui/`: the input history (for Up/Down
//! across sessions) and the chat as markdown, written as it goes.

use crate::protocol::may_hold_key;
use crate::safe_fs::StateDir;

/// The history's file name in the state folder.
const HISTORY_FILE: &str = "input-history";

/// At most this many messages are loaded back.
const HISTORY_LIMIT: usize = 1000;

/// Previously sent messages, newest last; persisted when a path is set.
#[derive(Debug, Default)]
pub struct InputHistory {
    entries: Vec<String>,
    state: Option<StateDir>,
    /// Where Up/Down currently are (None: editing a fresh draft).
    position: Option<usize>,
    draft: String,
}

impl InputHistory {
    /// Loads the history file of a state folder (a missing file is an empty history).
    pub fn load(state: StateDir) -> InputHistory {
        let bytes = match state.read(HISTORY_FILE) {
            Ok(bytes) => bytes.unwrap_or_default(),
            Err(error) => {
                tracing::warn!(%error, "cannot read the input history");
                Vec::new()
            }
        };
        let text = String::from_utf8_lossy(&bytes);
        let mut entries = parse(&text);
        let excess = entries.len().saturating_sub(HISTORY_LIMIT);
        entries.drain(..excess);
        InputHistory {
            entries,
            state: Some(state),
            position: None,
            draft: String::new(),
        }
    }

    /// Records a sent message (and appends it to the file); never one with a line that
    /// may hold a key.
    pub fn record(&mut self, message: &str) {
        self.position = None;
        self.draft.clear();
        if message.trim().is_empty()
            || message.lines().any(may_hold_key)
            || self.entries.last().is_some_and(|last| last == message)
        {
            return;
        }
        self.entries.push(message.to_string());
        if let Some(state) = &self.state {
            let mut record = String::from("#\n");
            for line in message.lines() {
                record.push('+');
                record.push_str(line);
                record.push('\n');
            }
            if let Err(error) = state.append(HISTORY_FILE, record.as_bytes()) {
                tracing::warn!(%error, "cannot write the input history");
            }
        }
    }

    /// The previous message, keeping `current` as the draft to come back to.
    pub fn previous(&mut self, current: &str) -> Option<&str> {
        let next = match self.position {
            None => {
                self.draft = current.to_string();
                self.entries.len().checked_sub(1)?
            }
            Some(0) => return None,
            Some(position) => position - 1,
        };
        self.position = Some(next);
        self.entries.get(next).map(String::as_str)
    }

    /// The next message, or the draft when past the newest.
    pub fn next(&mut self) -> Option<&str> {
        let position = self.position?;
        if position + 1 >= self.entries.len() {
            self.position = None;
            return Some(self.draft.as_str());
        }
        self.position = Some(position + 1);
        self.entries.get(position + 1).map(String::as_str)
    }
}

impl InputHistory {
    /// The newest message older than entry `before` (all, when `None`) that contains
    /// `query` (ASCII case ignored), with its place: what Ctrl-R finds.
    pub fn find_older(&self, query: &str, before: Option<usize>) -> Option<(usize, &str)> {
        let end = before.unwrap_or(self.entries.len()).min(self.entries.len());
        let query = query.to_ascii_lowercase();
        self.entries[..end]
            .iter()
            .enumerate()
            .rev()
            .find(|(_, entry)| entry.to_ascii_lowercase().contains(&query))
            .map(|(index, entry)| (index, entry.as_str()))
    }
}

/// Entries are `#` lines followed by `+`-prefixed message lines.
fn parse(text: &str) -> Vec<String> {
    let mut entries = Vec::new();
    let mut current: Option<Vec<&str>> = None;
    for line in text.lines() {
        if line.starts_with('#') {
            if let Some(lines) = current.take() {
                entries.push(lines.join("\n"));
            }
            current = Some(Vec::new());
        } else if let Some(body) = line.strip_prefix('+') {
            current.get_or_insert_with(Vec::new).push(body);
        }
    }
    if let Some(lines) = current {
        entries.push(lines.join("\n"));
    }
    entries.retain(|entry| !entry.is_empty());
    entries
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_survives_a_restart_and_walks_both_ways() {
        let dir = tempfile::tempdir().unwrap();
        let state = StateDir::open(dir.path()).unwrap();
        let mut history = InputHistory::load(state.clone());
        history.record("first");
        history.record("two\nlines");
        history.record("two\nlines");
        let mut again = InputHistory::load(StateDir::open(dir.path()).unwrap());
        assert_eq!(again.previous("draft"), Some("two\nlines"));
        assert_eq!(again.previous(""), Some("first"));
        assert_eq!(again.previous(""), None);
        assert_eq!(again.next(), Some("two\nlines"));
        assert_eq!(again.next(), Some("draft"));
        assert_eq!(again.next(), None);
        assert_eq!(again.find_older("LINES", None), Some((1, "two\nlines")));
        assert_eq!(again.find_older("i", Some(1)), Some((0, "first")));
        assert_eq!(again.find_older("i", Some(0)), None);
    }
}
