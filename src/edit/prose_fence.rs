//! A fence opened in the prose around edits (the diff, udiff and patch parsers share
//! it): a shell fence's lines are kept and, when it closes, offered as commands unless
//! an edit was read inside it; a fence still open at the end of the reply means the
//! reply may be cut off.

use super::fence::Fence;
use super::parsed::{ParseError, join_lines};
use super::sink::Sink;

/// A fence that has opened and not yet closed, outside any edit.
pub(super) struct ProseFence {
    pub fence: Fence,
    /// The line it opened on (0-based).
    pub line: usize,
    /// The body, kept only for a shell fence.
    body: Option<Vec<String>>,
    /// An edit (a block, a hunk, a patch) was read inside it.
    pub holds_edit: bool,
}

impl ProseFence {
    /// The fence `line` opens, if it opens one.
    pub fn open(line: &str, number: usize) -> Option<ProseFence> {
        let fence = Fence::open(line)?;
        Some(ProseFence {
            body: fence.is_shell().then(Vec::new),
            fence,
            line: number,
            holds_edit: false,
        })
    }

    /// Feeds a line inside the fence; true when it closes the fence (a shell body is
    /// then offered to `sink` as a command, unless the fence held an edit).
    pub fn feed(&mut self, line: &str, sink: &mut Sink) -> bool {
        if !self.fence.is_closed_by(line) {
            if let Some(body) = self.body.as_mut() {
                body.push(line.to_string());
            }
            return false;
        }
        if let Some(body) = self.body.take()
            && !self.holds_edit
            && !body.is_empty()
        {
            sink.shell(join_lines(&body));
        }
        true
    }

    /// What a fence still open at the end of the reply means.
    pub fn never_closed(&self) -> ParseError {
        ParseError::at(
            self.line,
            format!(
                "the fence opened at line {} never closes (the reply may be cut off)",
                self.line + 1
            ),
        )
    }
}
