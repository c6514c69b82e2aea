//! The edit formats a model can be asked to answer in.

use std::fmt;
use std::str::FromStr;

/// How a reply encodes its edits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EditFormat {
    /// SEARCH/REPLACE blocks with the file name on the line above the block.
    Diff,
    /// SEARCH/REPLACE blocks with the file name inside the fence.
    DiffFenced,
    /// A file name line followed by a fenced listing of the whole new file.
    Whole,
    /// Unified-diff hunks, matched by content rather than line numbers.
    Udiff,
    /// OpenAI's `apply_patch` format: `*** Begin Patch` … `*** End Patch` with
    /// Update, Add and Delete sections.
    Patch,
}

/// Every format, in the order they are documented.
pub const ALL_FORMATS: [EditFormat; 5] = [
    EditFormat::Diff,
    EditFormat::DiffFenced,
    EditFormat::Whole,
    EditFormat::Udiff,
    EditFormat::Patch,
];

impl EditFormat {
    /// The name used on the command line and in settings.
    pub fn name(&self) -> &'static str {
        match self {
            EditFormat::Diff => "diff",
            EditFormat::DiffFenced => "diff-fenced",
            EditFormat::Whole => "whole",
            EditFormat::Udiff => "udiff",
            EditFormat::Patch => "patch",
        }
    }
}

impl fmt::Display for EditFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text given was not the name of an edit format.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown edit format {0:?}: expected diff, diff-fenced, whole, udiff or patch")]
pub struct UnknownFormat(pub String);

impl FromStr for EditFormat {
    type Err = UnknownFormat;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        ALL_FORMATS
            .into_iter()
            .find(|format| format.name() == text.trim())
            .ok_or_else(|| UnknownFormat(text.to_string()))
    }
}
