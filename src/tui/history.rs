//! What the session keeps on disk under `.aider-tui/`: the input history (for Up/Down
//! across sessions) and the chat as markdown, written as it goes.

use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};

/// At most this many messages are loaded back.
const HISTORY_LIMIT: usize = 1000;

/// Previously sent messages, newest last; persisted when a path is set.
#[derive(Debug, Default)]
pub struct InputHistory {
    entries: Vec<String>,
    path: Option<PathBuf>,
    /// Where Up/Down currently are (None: editing a fresh draft).
    position: Option<usize>,
    draft: String,
}

impl InputHistory {
    /// Loads the history file (a missing file is an empty history).
    pub fn load(path: PathBuf) -> InputHistory {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let mut entries = parse(&text);
        let excess = entries.len().saturating_sub(HISTORY_LIMIT);
        entries.drain(..excess);
        InputHistory {
            entries,
            path: Some(path),
            position: None,
            draft: String::new(),
        }
    }

    /// Records a sent message (and appends it to the file).
    pub fn record(&mut self, message: &str) {
        self.position = None;
        self.draft.clear();
        if message.trim().is_empty() || self.entries.last().is_some_and(|last| last == message) {
            return;
        }
        self.entries.push(message.to_string());
        if let Some(path) = &self.path {
            let mut record = String::from("#\n");
            for line in message.lines() {
                record.push('+');
                record.push_str(line);
                record.push('\n');
            }
            append(path, &record);
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

/// Appends to a file, creating it and its folder; failures are logged, never fatal.
fn append(path: &Path, text: &str) {
    if let Some(parent) = path.parent()
        && let Err(error) = std::fs::create_dir_all(parent)
    {
        tracing::warn!(path = %parent.display(), %error, "cannot create folder");
        return;
    }
    let written = OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .and_then(|mut file| file.write_all(text.as_bytes()));
    if let Err(error) = written {
        tracing::warn!(path = %path.display(), %error, "cannot write");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_survives_a_restart_and_walks_both_ways() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(".aider-tui/input-history");
        let mut history = InputHistory::load(path.clone());
        history.record("first");
        history.record("two\nlines");
        history.record("two\nlines");
        let mut again = InputHistory::load(path);
        assert_eq!(again.previous("draft"), Some("two\nlines"));
        assert_eq!(again.previous(""), Some("first"));
        assert_eq!(again.previous(""), None);
        assert_eq!(again.next(), Some("two\nlines"));
        assert_eq!(again.next(), Some("draft"));
        assert_eq!(again.next(), None);
    }
}
