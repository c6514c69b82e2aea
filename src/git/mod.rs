//! The git2 wrapper: the identity commits are made as (git's own order, see
//! `identity`), the user's dirty-file commits, the tool's edit commits with
//! attribution, undo (reset or revert), the commit log, diffs and `.gitignore`.
//!
//! Nothing here shells out to `git`; everything goes through libgit2. The tool
//! recognises its own commits from a trailer in the message (see `attribution`), and
//! Aider's from the marks Aider writes (`aider_attribution`), so `/undo` works in a new
//! process after a restart. `rewind` moves a branch back over the assistant's commits
//! of several turns and forward again, keeping them under `refs/aider-tui/rewound/`.

mod aider_attribution;
mod attribution;
mod commit;
mod diff;
mod error;
mod history;
mod identity;
mod ignore_file;
mod index_file;
mod index_files;
mod linguist;
mod log;
mod maker;
mod paths;
mod repo;
mod rewind;
mod state_files;
mod status;
mod undo;

pub use aider_attribution::{AIDER_NAME_SUFFIX, is_aider_commit};
pub use attribution::{Attribution, TOOL_TRAILER_KEY, is_tool_message};
pub use error::GitError;
pub use history::{ChangedFiles, HistoryWalk};
pub use identity::{Identity, IdentitySource, TOOL_IDENTITY_NAME};
pub use index_files::{IndexListing, IndexedFile, Objects, blob_id, normalize_index_path};
#[cfg(test)]
pub use linguist::linguist_lookups_reset;
pub use linguist::{LinguistAttributes, LinguistFiles};
pub use log::CommitSummary;
pub use maker::Maker;
pub use repo::GitRepo;
pub use rewind::{REWOUND_PREFIX, RewindPlan, RewindReport, Rewound};
pub use state_files::{open_state_dir, tracked_state_files};
pub use undo::UndoReport;
