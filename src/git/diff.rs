//! Diffs: a commit's and the working tree's as files of hunks (for front ends to draw),
//! files against HEAD and between two points as unified text (for commit messages).

use git2::{Diff, DiffFormat, DiffOptions, Patch};

use crate::diff::{FileDiff, Hunk, HunkLine, LineKind};

use super::error::GitContext;
use super::{GitError, GitRepo};

impl GitRepo {
    /// A commit's changes against its first parent (or the empty tree), file by file.
    pub fn commit_diff(&self, commit: &str) -> Result<Vec<FileDiff>, GitError> {
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
        file_diffs(&diff)
    }

    /// A commit's whole message.
    pub fn commit_message(&self, commit: &str) -> Result<String, GitError> {
        let commit = self.find_commit(commit)?;
        Ok(String::from_utf8_lossy(commit.message_bytes()).into_owned())
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
    pub fn diff_worktree_since(&self, commit: Option<&str>) -> Result<Vec<FileDiff>, GitError> {
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
        file_diffs(&diff)
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

/// The diff as files of hunks.
fn file_diffs(diff: &Diff<'_>) -> Result<Vec<FileDiff>, GitError> {
    let mut files = Vec::new();
    for index in 0..diff.deltas().len() {
        let Some(delta) = diff.get_delta(index) else {
            continue;
        };
        let path_of = |file: git2::DiffFile<'_>| {
            file.path()
                .map(|path| path.to_string_lossy().replace('\\', "/"))
        };
        let new_path = path_of(delta.new_file());
        let old_path = path_of(delta.old_file());
        let path = new_path
            .clone()
            .or_else(|| old_path.clone())
            .unwrap_or_default();
        let renamed = old_path.filter(|old| Some(old) != new_path.as_ref());
        let patch = Patch::from_diff(diff, index).context("reading a file's diff")?;
        let Some(patch) = patch else {
            files.push(FileDiff {
                path,
                old_path: renamed,
                hunks: Vec::new(),
                binary: true,
            });
            continue;
        };
        let binary = delta.old_file().is_binary() || delta.new_file().is_binary();
        let mut hunks = Vec::new();
        for hunk_index in 0..patch.num_hunks() {
            let (hunk, line_count) = patch.hunk(hunk_index).context("reading a hunk")?;
            let mut lines = Vec::with_capacity(line_count);
            for line_index in 0..line_count {
                let line = patch
                    .line_in_hunk(hunk_index, line_index)
                    .context("reading a diff line")?;
                let kind = match line.origin() {
                    '+' => LineKind::Added,
                    '-' => LineKind::Removed,
                    ' ' => LineKind::Context,
                    // "\ No newline at end of file" and the like.
                    _ => continue,
                };
                let text = String::from_utf8_lossy(line.content());
                lines.push(HunkLine {
                    kind,
                    text: text.trim_end_matches(['\n', '\r']).to_string(),
                });
            }
            hunks.push(Hunk {
                old_start: hunk.old_start() as usize,
                new_start: hunk.new_start() as usize,
                lines,
            });
        }
        files.push(FileDiff {
            path,
            old_path: renamed,
            hunks,
            binary,
        });
    }
    Ok(files)
}
