//! The session's git repository behind a lock. libgit2 handles are `Send` but not
//! `Sync`, and the engine's futures must be `Send` while they hold `&Session` across
//! awaits; every use is short and synchronous, so a plain mutex costs nothing.

use std::sync::Mutex;

use crate::git::GitRepo;

/// A [`GitRepo`] usable from the engine's futures.
pub struct LockedRepo(Mutex<GitRepo>);

impl LockedRepo {
    /// Wraps an open repository.
    pub fn new(repo: GitRepo) -> Self {
        LockedRepo(Mutex::new(repo))
    }

    /// Runs `action` with the repository (never hold the result's borrow across an await).
    pub fn with<R>(&self, action: impl FnOnce(&GitRepo) -> R) -> R {
        let guard = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        action(&guard)
    }

    /// Runs `action` with the repository to change it (the identity given for the
    /// session).
    pub fn with_mut<R>(&self, action: impl FnOnce(&mut GitRepo) -> R) -> R {
        let mut guard = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        action(&mut guard)
    }
}
