//! The shape every format's parser shares: a state machine fed one complete line
//! at a time, whether the reply arrives in pieces or all at once, so a block's id,
//! path and texts never depend on how the text was split.

use std::collections::VecDeque;

use super::options::CurrentText;
use super::parsed::ParseError;
use super::sink::Sink;

/// What a machine may consult besides the lines.
pub(crate) struct Context<'c> {
    /// The chat files, relative to the root.
    pub chat_files: &'c [String],
    /// Reads a file's current text, when the caller allows it.
    pub current_text: Option<CurrentText<'c>>,
}

/// One edit format's line-by-line parser.
pub(crate) trait Machine: Send {
    /// Takes one complete line (without its line break); `number` is its 0-based index.
    fn line(
        &mut self,
        line: &str,
        number: usize,
        context: &Context<'_>,
        sink: &mut Sink,
    ) -> Result<(), ParseError>;

    /// The reply ended after `lines` lines. Settles what was waiting for more text;
    /// returns why the reply looks cut off inside an edit, if it does.
    fn end(
        &mut self,
        lines: usize,
        context: &Context<'_>,
        sink: &mut Sink,
    ) -> Result<Option<ParseError>, ParseError>;

    /// After [`Machine::end`]: a fence of the prose around the edits (no edit in it
    /// unfinished) that never closed, said as where it opened.
    fn unclosed_fence(&self) -> Option<ParseError> {
        None
    }
}

/// The last few non-blank lines since a point in the reply (where file names are
/// looked for above a block).
#[derive(Debug, Clone, Default)]
pub(crate) struct Lookback {
    lines: VecDeque<String>,
    capacity: usize,
}

impl Lookback {
    /// Keeps up to `capacity` lines.
    pub fn new(capacity: usize) -> Lookback {
        Lookback {
            lines: VecDeque::with_capacity(capacity),
            capacity,
        }
    }

    /// Remembers `line` if it is not blank.
    pub fn push(&mut self, line: &str) {
        if line.trim().is_empty() {
            return;
        }
        if self.lines.len() == self.capacity {
            self.lines.pop_front();
        }
        self.lines.push_back(line.to_string());
    }

    /// Forgets everything (a new region starts).
    pub fn clear(&mut self) {
        self.lines.clear();
    }

    /// The lines, newest first.
    pub fn newest_first(&self) -> impl Iterator<Item = &str> {
        self.lines.iter().rev().map(String::as_str)
    }
}
