//! The review of a reply's edits, as the engine sends it and a front end shows it.
//!
//! The engine owns the review: it plans every block once into hunks, re-plans when a
//! decision changes what later blocks were planned on, and applies exactly the plan on
//! screen when the review ends. A front end only shows blocks and sends decisions.

use serde::{Deserialize, Serialize};

use crate::diff::Hunk;
pub use crate::edit::SyntaxFinding;

/// Identifies one review (one set of proposed edits) within a session.
pub type ReviewId = u64;
/// Identifies a block within its reply: its place in the reply, from 0 (the live
/// preview and the review use the same id).
pub type BlockId = usize;
/// Counts how often a block was planned again; a decision names the one it saw.
pub type Revision = u64;

/// A block of the reply while it streams (the live diff).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EditPreview {
    pub id: BlockId,
    pub path: String,
    /// The block's closing marker has arrived.
    pub complete: bool,
    /// Whether its SEARCH text was found in the file: `None` while it streams.
    pub located: Option<bool>,
    /// The change so far: placed in the file once located (with line numbers), the
    /// SEARCH and REPLACE lines as they came before that (line numbers 0).
    pub hunks: Vec<Hunk>,
    /// Why it does not match, when it does not.
    pub problem: Option<String>,
}

/// A review, whole.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Review {
    pub id: ReviewId,
    pub blocks: Vec<ReviewBlock>,
    /// Whether rejected blocks will be mentioned to the model (toggled with
    /// [`crate::protocol::Op::ReviewTellRejected`]).
    pub tell_rejected: bool,
    /// Auto-accept is on: every block that needs no confirmation is already accepted
    /// and the review ends by itself unless a block waits for one.
    pub auto_accept: bool,
    /// Something the reviewer should know about the whole reply (it was cut off, it
    /// came in another edit format than asked).
    pub notice: Option<String>,
    /// The reply was cut off (the output limit, a dropped stream the provider ended,
    /// a filter): a front end with no reviewer applies none of it.
    pub cut_off: bool,
}

/// One block of a review.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReviewBlock {
    pub id: BlockId,
    /// The file it changes.
    pub path: String,
    pub revision: Revision,
    pub state: BlockState,
    pub decision: BlockDecisionState,
    /// Planned again after an earlier decision changed the file under it.
    pub replanned: bool,
    /// The text `e` opens for editing (REPLACE text, a hunk's new side, a whole file's
    /// content); `None` when the block cannot be edited (a deletion).
    pub editable_text: Option<String>,
    /// Why this block needs an explicit yes even with auto-accept (it edits
    /// configuration, the tool's state or a git hook, or a read-only file).
    pub needs_confirmation: Option<String>,
    /// A syntax error the file would have after this block and has not before it
    /// (`line` counts in the file after the block). Files of no known grammar are
    /// not checked.
    pub syntax_error: Option<SyntaxFinding>,
}

/// What a block does, or why it cannot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum BlockState {
    /// It applies: these hunks against the file as it is just before this block.
    Planned {
        change: ChangeKind,
        hunks: Vec<Hunk>,
    },
    /// It cannot be applied; unless dropped, it goes back to the model with this reason.
    /// `hunks` show what it tried: its SEARCH lines as removed, REPLACE as added (not
    /// placed, line numbers 0).
    Failed {
        reason: String,
        hunks: Vec<Hunk>,
        /// The lines of the file most like its SEARCH text (old side, numbered from
        /// where they start) against that text (new side), when any are close.
        #[serde(default)]
        closest: Option<Hunk>,
    },
}

/// How a planned block changes its file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ChangeKind {
    Modify,
    Create,
    Delete,
    Move { to: String },
}

/// Where a block stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BlockDecisionState {
    /// Waiting for the user (a failed block waiting here goes back to the model).
    Pending,
    Accepted,
    /// Accepted with the user's own text.
    Edited,
    Rejected,
    /// A failed block the user chose not to send back.
    Dropped,
}

/// A decision on one block.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "decision", rename_all = "snake_case")]
pub enum BlockDecision {
    Accept,
    /// Reject a planned block, or drop a failed one (it is not sent back).
    Reject,
    /// Accept with this new text.
    Edit {
        text: String,
    },
}
