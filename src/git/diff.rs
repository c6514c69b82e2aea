//! Unified diffs: of a commit, of files against HEAD, and between two points.

use git2::{Diff, DiffFormat, DiffOptions};

use super::error::GitContext;
use super::{GitError, GitRepo};

impl GitRepo {
    /// A commit's changes against its first parent (or the empty tree), as a unified diff
    /// with `diff --git` headers.
    pub fn commit_diff(&self, commit: &str) -> Result<String, GitError> {
        let commit = self.find_commit(commit)?;
        let tree = commit.tree().context("reading the commit's tree")?;
        let parent_tree = match commit.parents().next() {
            Some(parent) => Some(parent.tree().context("reading the parent's tree")?),
            None => None,
        };
        let diff = self
            .repo
            .diff_tree_to_tree(parent_tree.as_ref(), Some(&tree), Some(&mut options()))
            .context("diffing the commit")?;
        patch_text(&diff)
    }

    /// These files' working-tree content against HEAD (new files included), as a unified diff.
    pub fn diff_files(&self, paths: &[String]) -> Result<String, GitError> {
        let relative = self.relative_paths(paths)?;
        if relative.is_empty() {
            return Ok(String::new());
        }
        let head_tree = self.head_tree()?;
        let mut options = options();
        options
            .include_untracked(true)
            .recurse_untracked_dirs(true)
            .show_untracked_content(true)
            .disable_pathspec_match(true);
        for path in &relative {
            options.pathspec(path.as_str());
        }
        let diff = self
            .repo
            .diff_tree_to_workdir_with_index(head_tree.as_ref(), Some(&mut options))
            .context("diffing the working tree")?;
        patch_text(&diff)
    }

    /// What the commits after `commit` changed, up to HEAD (for `/diff` after a turn).
    pub fn diff_since(&self, commit: &str) -> Result<String, GitError> {
        let from = self.find_commit(commit)?.tree().context("reading a tree")?;
        let to = self.head_tree()?;
        let diff = self
            .repo
            .diff_tree_to_tree(Some(&from), to.as_ref(), Some(&mut options()))
            .context("diffing the commits")?;
        patch_text(&diff)
    }

    /// Everything in the working tree (and index) that differs from `commit`, or from
    /// the empty tree when `None`: `/diff` when the edits were not committed.
    pub fn diff_worktree_since(&self, commit: Option<&str>) -> Result<String, GitError> {
        let from = match commit {
            Some(name) => Some(self.find_commit(name)?.tree().context("reading a tree")?),
            None => None,
        };
        let mut options = options();
        options
            .include_untracked(true)
            .recurse_untracked_dirs(true)
            .show_untracked_content(true);
        let diff = self
            .repo
            .diff_tree_to_workdir_with_index(from.as_ref(), Some(&mut options))
            .context("diffing the working tree")?;
        patch_text(&diff)
    }

    fn head_tree(&self) -> Result<Option<git2::Tree<'_>>, GitError> {
        match self.head_oid() {
            Some(oid) => {
                let commit = self.repo.find_commit(oid).context("reading HEAD")?;
                Ok(Some(commit.tree().context("reading HEAD's tree")?))
            }
            None => Ok(None),
        }
    }
}

/// The diff options every diff here shares.
fn options() -> DiffOptions {
    let mut options = DiffOptions::new();
    options.context_lines(3).id_abbrev(7);
    options
}

/// The diff as patch text: headers, hunk headers and prefixed lines.
fn patch_text(diff: &Diff<'_>) -> Result<String, GitError> {
    let mut text = String::new();
    diff.print(DiffFormat::Patch, |_delta, _hunk, line| {
        if matches!(line.origin(), '+' | '-' | ' ') {
            text.push(line.origin());
        }
        text.push_str(&String::from_utf8_lossy(line.content()));
        true
    })
    .context("formatting the diff")?;
    Ok(text)
}
