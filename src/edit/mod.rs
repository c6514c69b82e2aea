//! The edit engine: parse a model's reply into edits (per edit format), plan each edit
//! against its file with a ladder of increasingly tolerant steps that never guesses
//! between two places, show the plan as hunks, and write exactly the planned result
//! through a root-confined [`Workspace`] with atomic writes. Pure and synchronous.
//!
//! One edit's data, from parse to disk: `reply` (an [`Edit`] with the block's id, a
//! type of `parsed`, which sits below every parser, the planner and the applier) →
//! `plan` (a [`Plan`]: each block's [`Hunk`]s and each file's final text, under the
//! user's [`Decision`]s) → `apply` (the planned text written, if the file is unchanged
//! since it was read; what became of each block is a `result`). `file_text` holds a
//! file as lines with their own endings and an index, `matching` the ladder, `hunk` the
//! reviewable form, `workspace` the root.

pub mod apply;
pub mod detect;
mod divider;
pub mod failure;
pub mod feedback;
pub mod fence;
pub mod file_text;
pub mod format;
pub mod hunk;
mod line_positions;
mod listing_end;
mod machine;
pub mod matching;
pub mod names;
pub mod options;
pub mod parsed;
pub mod patch;
pub mod plan;
pub mod prompts;
mod prose_fence;
pub mod protected;
pub mod refusal;
pub mod reply;
pub mod result;
pub mod search_replace;
mod sink;
pub mod streaming;
pub mod syntax;
pub mod udiff;
pub mod whole;
pub mod workspace;

pub use apply::{ApplyReport, apply_edits, apply_plan, plan_edits};
pub use detect::{DetectedReply, parse_reply_detecting};
pub use divider::Splits;
pub use failure::EditFailure;
pub use format::{EditFormat, UnknownFormat};
pub use matching::LadderStep;
pub use options::{CurrentText, DEFAULT_MAX_BLOCKS, DEFAULT_MAX_BYTES, ParseLimits, ParseOptions};
pub use parsed::{BlockProgress, Edit, EditKind, ParseError, ParsedReply};
pub use plan::{
    BlockChange, BlockPlan, ChangeKind, Decision, FileResult, Plan, PlanRun, PlannedFile, Planner,
};
pub use prompts::{FormatPrompts, prompts};
pub use refusal::refusal_message;
pub use reply::{parse_reply, parse_reply_partial, parse_reply_with};
pub use result::{EditResult, EditStatus};
pub use streaming::StreamingParser;
pub use syntax::{SyntaxCheck, SyntaxFinding};
pub use workspace::{Expect, FileOnDisk, Fingerprint, Workspace, WorkspaceError};
