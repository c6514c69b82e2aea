//! What a parse yields, shared by every format's parser, the planner and the
//! applier: the edits, the whole reply, its errors, and a block's progress while it
//! streams. It sits below all of them and imports none of them.

use super::divider::Splits;

/// One edit found in a reply.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Edit {
    /// The block's place in the reply, from 0 (the streaming parser gives the same).
    pub id: usize,
    /// The file, relative to the root, as the reply names it (after name inference).
    pub path: String,
    /// The text to find; empty to create a file (or append to it).
    pub search: String,
    /// The text to put in its place.
    pub replace: String,
    /// How the edit changes its file.
    pub kind: EditKind,
    /// patch: the `@@ …` anchor lines above the hunk, outermost first (the text after `@@ `).
    pub anchors: Vec<String>,
    /// patch: `*** End of File`: the old side must end at the file's end.
    pub at_end: bool,
    /// patch: `*** Move to: NEWPATH`: the file is renamed after its hunks.
    pub move_to: Option<String>,
    /// patch: the file is named outright (`*** Update File:`), so it must exist and hold
    /// the text; no other chat file stands in for it, as in Codex.
    pub exact_file: bool,
    /// The block was read but must not be applied, and why (for the model's feedback).
    pub refusal: Option<String>,
    /// A slip the parser mended in the block (a stray `=======` line dropped), for
    /// the user to hear about.
    pub note: Option<String>,
    /// A SEARCH/REPLACE block with several `=======` lines: every way to split it.
    /// `search`, `replace` and `refusal` hold the choice made from the text alone;
    /// [`Planner::settle`](super::Planner::settle) may choose again by the file.
    pub splits: Option<Splits>,
}

/// How an edit changes its file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum EditKind {
    /// Replace the one place that matches `search` (create the file when `search` is empty).
    #[default]
    SearchReplace,
    /// `replace` is the whole new content of the file.
    WholeFile,
    /// Create the file with `replace` as its content; fails if the file exists.
    CreateFile,
    /// Delete the file.
    DeleteFile,
}

impl Edit {
    /// A search/replace edit.
    pub fn new(
        path: impl Into<String>,
        search: impl Into<String>,
        replace: impl Into<String>,
    ) -> Edit {
        Edit {
            path: path.into(),
            search: search.into(),
            replace: replace.into(),
            ..Edit::default()
        }
    }

    /// A whole-file listing.
    pub fn whole_file(path: impl Into<String>, content: impl Into<String>) -> Edit {
        Edit {
            kind: EditKind::WholeFile,
            ..Edit::new(path, "", content)
        }
    }

    /// A new file that must not exist yet.
    pub fn create_file(path: impl Into<String>, content: impl Into<String>) -> Edit {
        Edit {
            kind: EditKind::CreateFile,
            ..Edit::new(path, "", content)
        }
    }

    /// The deletion of a file.
    pub fn delete_file(path: impl Into<String>) -> Edit {
        Edit {
            kind: EditKind::DeleteFile,
            ..Edit::new(path, "", "")
        }
    }

    /// The same edit with this id.
    pub fn with_id(self, id: usize) -> Edit {
        Edit { id, ..self }
    }

    /// The same edit, refused for this reason (for good: no split by the file
    /// lifts it).
    pub fn refused(self, reason: impl Into<String>) -> Edit {
        Edit {
            refusal: Some(reason.into()),
            splits: None,
            ..self
        }
    }
}

impl ParsedReply {
    /// The parse, or the error of a reply that ends inside an edit or a fence.
    pub(crate) fn strict(self) -> Result<ParsedReply, ParseError> {
        match self
            .unfinished
            .clone()
            .or_else(|| self.unclosed_fence.clone())
        {
            Some(error) => Err(error),
            None => Ok(self),
        }
    }
}

/// Everything a reply proposes: edits, and shell commands (never run by the parser).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ParsedReply {
    /// The edits, in reply order; `edits[i].id == i`.
    pub edits: Vec<Edit>,
    /// Fenced shell blocks that are not edits, each as its text with a final newline.
    pub shell_commands: Vec<String>,
    /// The reply ended inside a block, hunk or listing (it was cut off); `edits` then
    /// holds only the blocks completed before that point.
    pub unfinished: Option<ParseError>,
    /// The reply ended inside a fence of its prose that holds no unfinished edit
    /// (a listing after the blocks never closes): `edits` are complete, though the
    /// reply may have been cut off there.
    pub unclosed_fence: Option<ParseError>,
}

/// A malformed reply: which line, and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ParseError {
    /// The 1-based line of the reply where the problem is.
    pub line: usize,
    /// What is wrong.
    pub message: String,
    /// The reply passed a size or block limit (it may be well formed).
    pub over_limit: bool,
}

impl ParseError {
    /// An error at a 0-based line index.
    pub(crate) fn at(index: usize, message: impl Into<String>) -> ParseError {
        ParseError {
            line: index + 1,
            message: message.into(),
            over_limit: false,
        }
    }

    /// A reply beyond one of the [`ParseLimits`](super::ParseLimits), at a 0-based line index.
    pub(crate) fn over_limit(index: usize, message: impl Into<String>) -> ParseError {
        ParseError {
            over_limit: true,
            ..ParseError::at(index, message)
        }
    }
}

/// The state of one block so far.
///
/// A state that is not `provisional` is a promise: the next state reported for the
/// block extends it (SEARCH only grows until `search_done`, `replace_so_far` only
/// grows, `complete` never goes back). A provisional state is the parser's best
/// guess while it waits for later lines (several `=======` lines, a listing whose
/// end is not yet clear); the next state may revise it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockProgress {
    /// The block's place in the reply (0-based), the same as its edit's `id`.
    pub id: usize,
    /// The file it edits.
    pub path: String,
    /// The SEARCH text (the old side) so far.
    pub search: String,
    /// The REPLACE text (the new side) received so far (whole lines only).
    pub replace_so_far: String,
    /// The SEARCH text is complete.
    pub search_done: bool,
    /// The block's closing line has arrived.
    pub complete: bool,
    /// This state may still be revised (see the type's documentation).
    pub provisional: bool,
}

/// Joins lines back into text, each followed by a newline.
pub(crate) fn join_lines<S: AsRef<str>>(lines: &[S]) -> String {
    let mut text = String::with_capacity(lines.iter().map(|line| line.as_ref().len() + 1).sum());
    for line in lines {
        text.push_str(line.as_ref());
        text.push('\n');
    }
    text
}
