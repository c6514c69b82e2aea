//! What became of each edit of a reply: shared by the applier that decides it and the
//! feedback that tells the model, below both.

use super::failure::EditFailure;
use super::parsed::Edit;
use super::syntax::SyntaxFinding;

/// What became of one edit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditStatus {
    /// The edit changed an existing file.
    Applied,
    /// The edit created the file.
    Created,
    /// The edit deleted the file.
    Deleted,
    /// The edit renamed the file to this path.
    Moved(String),
    /// The user left it out.
    Rejected,
    /// The edit was refused or could not be written; nothing of it was written.
    Failed(EditFailure),
}

/// One edit's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditResult {
    /// The edit's position in the list given.
    pub index: usize,
    /// The block's id (its place in the reply).
    pub id: usize,
    /// The file it changed (or named, on failure).
    pub path: String,
    /// What happened.
    pub status: EditStatus,
    /// The edit itself, for feedback.
    pub edit: Edit,
    /// On failure: the lines of the file most like the SEARCH text.
    pub closest: Option<(usize, Vec<String>)>,
    /// On failure: the REPLACE text is already in the file.
    pub replace_present: bool,
    /// A syntax error the block introduced (checked when the plan was made with a
    /// [`SyntaxCheck`](super::SyntaxCheck)).
    pub syntax_error: Option<SyntaxFinding>,
    /// On failure: the closest lines were not looked for (the plan's allowance for that
    /// search was spent by the blocks before).
    pub closest_skipped: bool,
}
