//! What a parsed reply holds, and the entry point that parses one.

use super::format::EditFormat;
use super::{search_replace, udiff, whole};

/// One edit found in a reply.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Edit {
    /// The block's place in the reply, from 0 (the streaming parser gives the same id).
    pub id: usize,
    /// The file, relative to the root, as the reply names it (after name inference).
    pub path: String,
    /// The text to find; empty to create a file (or append to it).
    pub search: String,
    /// The text to put in its place.
    pub replace: String,
    /// Whether this is a search/replace edit, a whole-file listing, a creation or a deletion.
    pub kind: EditKind,
    /// patch: the `@@ …` anchor lines above the hunk, outermost first.
    pub anchors: Vec<String>,
    /// patch: `*** End of File` — the old side must end at the file's end.
    pub at_end: bool,
    /// patch: `*** Move to:` — the file is renamed after its hunks.
    pub move_to: Option<String>,
    /// The block was read but must not be applied, and why (for the model's feedback).
    pub refusal: Option<String>,
}

/// How an edit changes its file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum EditKind {
    /// Replace the one place that matches `search` (create the file when `search` is empty).
    #[default]
    SearchReplace,
    /// `replace` is the whole new content of the file.
    WholeFile,
    /// `replace` is the content of a new file; fails if the file exists.
    CreateFile,
    /// The file is deleted.
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
            path: path.into(),
            replace: content.into(),
            kind: EditKind::WholeFile,
            ..Edit::default()
        }
    }
}

/// Everything a reply proposes: edits, and shell commands (never run by the parser).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ParsedReply {
    /// The edits, in reply order.
    pub edits: Vec<Edit>,
    /// Fenced shell blocks that are not edits, each as its text with a final newline.
    pub shell_commands: Vec<String>,
}

/// A malformed reply: which line, and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ParseError {
    /// The 1-based line of the reply where the problem is.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl ParseError {
    /// An error at a 0-based line index.
    pub(crate) fn at(index: usize, message: impl Into<String>) -> ParseError {
        ParseError {
            line: index + 1,
            message: message.into(),
        }
    }
}

/// Parses a reply written in `format`. `chat_files` (relative to the root) are used
/// to complete missing or half-right file names.
pub fn parse_reply(
    reply: &str,
    format: EditFormat,
    chat_files: &[String],
) -> Result<ParsedReply, ParseError> {
    let mut parsed = match format {
        EditFormat::Diff | EditFormat::DiffFenced => search_replace::parse(reply, chat_files),
        EditFormat::Whole => whole::parse(reply, chat_files),
        EditFormat::Udiff => udiff::parse(reply, chat_files),
    }?;
    // A block's id is its place in the reply (the streaming parser counts the same way).
    for (id, edit) in parsed.edits.iter_mut().enumerate() {
        edit.id = id;
    }
    Ok(parsed)
}

/// The lines of a reply, without their line breaks.
pub(crate) fn reply_lines(reply: &str) -> Vec<&str> {
    reply.lines().collect()
}

/// Joins lines back into text, each followed by a newline.
pub(crate) fn join_lines(lines: &[&str]) -> String {
    let mut text = String::with_capacity(lines.iter().map(|line| line.len() + 1).sum());
    for line in lines {
        text.push_str(line);
        text.push('\n');
    }
    text
}
