//! The errors of the git module.

use std::path::PathBuf;

/// What went wrong in a git operation.
#[derive(Debug, thiserror::Error)]
pub enum GitError {
    /// libgit2 failed; `action` says what we were doing.
    #[error("git: {action} failed: {source}")]
    Git {
        action: String,
        #[source]
        source: git2::Error,
    },
    /// The repository has no working directory (a bare repository).
    #[error("git: the repository at {0} is bare; aider-tui needs a working tree")]
    Bare(PathBuf),
    /// A path names something outside the repository.
    #[error("git: {path} is outside the repository at {root}")]
    OutsideRepository { path: String, root: PathBuf },
    /// A path names a directory (or something else that is not a file).
    #[error("git: {0} is not a file")]
    NotAFile(String),
    /// No commit matches a name.
    #[error("git: no commit named {0}")]
    UnknownCommit(String),
    /// user.name / user.email are not configured.
    #[error(
        "git: no identity for commits; set one with `git config user.name \"Your Name\"` and `git config user.email you@example.com`"
    )]
    NoIdentity,
    /// A commit was asked for but the files have no changes.
    #[error("git: nothing to commit in {0}")]
    NothingToCommit(String),
    /// `/undo` will not reset HEAD; `reason` says why in one sentence.
    #[error("{reason}")]
    UndoRefused { reason: String },
    /// A rewind or redo will not move the branch; `reason` says why (which commit or
    /// file stands in the way).
    #[error("{reason}")]
    RewindRefused { reason: String },
    /// A revert does not apply cleanly on the current HEAD.
    #[error("git: reverting {commit} conflicts with later changes in {paths}")]
    RevertConflict { commit: String, paths: String },
    /// The index's entries would take more memory than any real index does once
    /// expanded (v4 paths grow from the one before): it is read by no one.
    #[error(
        "git: the index {path} is refused: its {entries} entries would take more than {limit_mib} MiB once their paths are expanded; nothing was read from it"
    )]
    IndexTooLarge {
        path: PathBuf,
        entries: usize,
        limit_mib: u64,
    },
    /// Reading or writing a file in the working tree failed.
    #[error("git: cannot access {path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

/// Adds "what we were doing" to libgit2 errors.
pub(crate) trait GitContext<T> {
    /// Wraps the error with the action that failed.
    fn context(self, action: &str) -> Result<T, GitError>;
}

impl<T> GitContext<T> for Result<T, git2::Error> {
    fn context(self, action: &str) -> Result<T, GitError> {
        self.map_err(|source| GitError::Git {
            action: action.to_string(),
            source,
        })
    }
}
