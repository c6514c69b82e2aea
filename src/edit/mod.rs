//! The edit engine: parse a model's reply into edits (per edit format), match each
//! edit against its file with a ladder of increasingly tolerant steps that never
//! guesses between two places, and apply the result through a root-confined
//! [`Workspace`] with atomic writes. Pure and synchronous.

pub mod apply;
pub mod detect;
mod divider;
pub mod feedback;
pub mod fence;
pub mod format;
pub mod line_endings;
mod listing_end;
mod machine;
pub mod matching;
pub mod names;
pub mod options;
pub mod patch;
pub mod pending;
pub mod prompts;
pub mod refusal;
pub mod reply;
pub mod search_replace;
mod sink;
pub mod streaming;
pub mod udiff;
pub mod whole;
pub mod workspace;

pub use apply::{
    ApplyReport, EditFailure, EditResult, EditStatus, PlannedEdit, apply_edits, plan_edits,
};
pub use detect::{DetectedReply, parse_reply_detecting};
pub use format::{EditFormat, UnknownFormat};
pub use options::{CurrentText, ParseLimits, ParseOptions};
pub use prompts::{FormatPrompts, prompts};
pub use refusal::refusal_message;
pub use reply::{
    Edit, EditKind, ParseError, ParsedReply, parse_reply, parse_reply_partial, parse_reply_with,
};
pub use streaming::{BlockProgress, StreamingParser};
pub use workspace::{Workspace, WorkspaceError};
