//! Which files have uncommitted changes.

use std::collections::HashSet;

use git2::{Status, StatusOptions};

use super::error::GitContext;
use super::{GitError, GitRepo};

impl GitRepo {
    /// Which of `paths` have uncommitted changes: staged, unstaged, or new and not ignored.
    /// Returns repository-relative paths, in the order given.
    pub fn dirty_files(&self, paths: &[String]) -> Result<Vec<String>, GitError> {
        let relative = self.relative_paths(paths)?;
        self.dirty_among(&relative)
    }

    /// `dirty_files` for paths that are already repository-relative.
    pub(crate) fn dirty_among(&self, relative: &[String]) -> Result<Vec<String>, GitError> {
        if relative.is_empty() {
            return Ok(Vec::new());
        }
        let mut options = StatusOptions::new();
        options
            .include_untracked(true)
            .recurse_untracked_dirs(true)
            .include_ignored(false)
            .exclude_submodules(true)
            .disable_pathspec_match(true);
        for path in relative {
            options.pathspec(path.as_str());
        }
        let statuses = self
            .repo
            .statuses(Some(&mut options))
            .context("reading the status of the working tree")?;
        let changed: HashSet<String> = statuses
            .iter()
            .filter(|entry| is_dirty(entry.status()))
            .filter_map(|entry| entry.path().ok().map(str::to_string))
            .collect();
        Ok(relative
            .iter()
            .filter(|path| changed.contains(path.as_str()))
            .cloned()
            .collect())
    }
}

/// A status that means "the working tree or index differs from HEAD".
fn is_dirty(status: Status) -> bool {
    !status.is_empty() && !status.contains(Status::IGNORED)
}
