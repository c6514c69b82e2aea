//! The git2 wrapper: the user's dirty-file commits, the tool's edit commits with
//! attribution, undo (reset or revert), the commit log, diffs and `.gitignore`.
//!
//! Nothing here shells out to `git`; everything goes through libgit2. The tool
//! recognises its own commits from a trailer in the message (see `attribution`),
//! so `/undo` works in a new process after a restart.

mod attribution;
mod commit;
mod diff;
mod error;
mod ignore_file;
mod index_files;
mod log;
mod paths;
mod repo;
mod status;
mod undo;

pub use attribution::{Attribution, TOOL_TRAILER_KEY, is_tool_message};
pub use error::GitError;
pub use index_files::{
    IndexListing, IndexedFile, LinguistAttributes, blob_id, normalize_index_path,
};
pub use log::CommitSummary;
pub use repo::GitRepo;
pub use undo::UndoReport;
