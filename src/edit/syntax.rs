//! Whether a planned block leaves its file unparsable. The grammars live with the repo
//! map, which this module may not use: the planner is handed a [`SyntaxCheck`] by its
//! caller and only records what it finds.

use serde::{Deserialize, Serialize};

/// A syntax error a block introduces.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SyntaxFinding {
    /// One-based, in the file as it is after the block.
    pub line: usize,
    /// What is wrong, in a few words ("missing `:`").
    pub message: String,
}

/// Finds the syntax errors a change to a file introduces.
pub trait SyntaxCheck: Send + Sync {
    /// The first error `after` has that `before` had not (errors only moved by the
    /// change do not count); `None` also when the file's language is not checked.
    fn introduced(&self, path: &str, before: &str, after: &str) -> Option<SyntaxFinding>;
}
