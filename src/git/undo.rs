//! Undoing the tool's commits: reset the last one, or revert an older one.
//!
//! A reset rewrites history, so it is allowed only when nothing can be lost: HEAD
//! carries the tool's mark (or Aider's), no remote-tracking branch (or upstream) contains it,
//! and none of the files it touched has uncommitted changes.

use std::path::Path;

use git2::build::CheckoutBuilder;
use git2::{BranchType, Oid, Signature};

use super::error::GitContext;
use super::{Attribution, CommitSummary, GitError, GitRepo};

/// What `/undo` did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UndoReport {
    /// The commit that was taken back.
    pub undone: CommitSummary,
    /// The files restored to their content before that commit (repository-relative).
    pub files: Vec<String>,
    /// HEAD after the undo; `None` when the undone commit was the first one.
    pub head: Option<String>,
}

fn refuse<T>(reason: String) -> Result<T, GitError> {
    Err(GitError::UndoRefused { reason })
}

impl GitRepo {
    /// Resets HEAD to its parent and restores the files it touched (working tree and
    /// index), only if HEAD is the assistant's (this tool's or Aider's) unpushed commit
    /// and those files are clean.
    pub fn undo_last(&self) -> Result<UndoReport, GitError> {
        let Some(head_oid) = self.head_oid() else {
            return refuse("There is nothing to undo: the repository has no commits yet.".into());
        };
        let head = self.repo.find_commit(head_oid).context("reading HEAD")?;
        let undone = CommitSummary::from_commit(&head);
        if !undone.made_by.is_assistant() {
            return refuse(format!(
                "The last commit {} \"{}\" was not made by aider-tui or Aider, so it will not be undone.",
                undone.short_id, undone.summary
            ));
        }
        if head.parent_count() > 1 {
            return refuse(format!(
                "The last commit {} is a merge, and aider-tui only undoes its own single-parent commits.",
                undone.short_id
            ));
        }
        if let Some(remote) = self.pushed_to(head_oid)? {
            return refuse(format!(
                "The last commit {} is already pushed ({remote} contains it); revert it instead of resetting.",
                undone.short_id
            ));
        }
        let parent = match head.parents().next() {
            Some(parent) => Some(parent),
            None if self.repo.head_detached().unwrap_or(true) => {
                return refuse(format!(
                    "The last commit {} is the first commit on a detached HEAD, which cannot be reset.",
                    undone.short_id
                ));
            }
            None => None,
        };
        let parent_tree = match &parent {
            Some(parent) => parent.tree().context("reading the parent's tree")?,
            None => self.empty_tree()?,
        };
        let head_tree = head.tree().context("reading HEAD's tree")?;
        let files = self.changed_paths(&parent_tree, &head_tree)?;
        let dirty = self.dirty_among(&files)?;
        if !dirty.is_empty() {
            return refuse(format!(
                "{} {} uncommitted changes; commit or stash them before undoing {}.",
                dirty.join(", "),
                if dirty.len() == 1 { "has" } else { "have" },
                undone.short_id
            ));
        }
        // Restore the files while HEAD is still the baseline, so checkout sees them as clean.
        self.checkout_paths(&parent_tree, &files)?;
        let mut branch = self.repo.head().context("reading HEAD")?;
        match &parent {
            Some(parent) => {
                branch
                    .set_target(parent.id(), &format!("aider-tui: undo {}", undone.short_id))
                    .context("moving the branch back")?;
            }
            // Undoing the first commit leaves the branch unborn again.
            None => branch
                .delete()
                .context("removing the branch's only commit")?,
        }
        Ok(UndoReport {
            undone,
            files,
            head: self.head(),
        })
    }

    /// Makes a new commit that reverses `commit` (for undoing an older tool commit);
    /// refuses (`UndoRefused`) when a file it would change has uncommitted changes.
    pub fn revert_commit(
        &self,
        commit: &str,
        attribution: &Attribution,
    ) -> Result<CommitSummary, GitError> {
        let target = self.find_commit(commit)?;
        let Some(head_oid) = self.head_oid() else {
            return refuse("There is nothing to revert: the repository has no commits yet.".into());
        };
        let head = self.repo.find_commit(head_oid).context("reading HEAD")?;
        let mut merged = self
            .repo
            .revert_commit(&target, &head, 0, None)
            .context(&format!("reverting {commit}"))?;
        if merged.has_conflicts() {
            let mut paths = Vec::new();
            if let Ok(conflicts) = merged.conflicts() {
                for conflict in conflicts.flatten() {
                    let entry = conflict.our.or(conflict.their).or(conflict.ancestor);
                    if let Some(entry) = entry {
                        paths.push(String::from_utf8_lossy(&entry.path).into_owned());
                    }
                }
            }
            return Err(GitError::RevertConflict {
                commit: target.id().to_string(),
                paths: paths.join(", "),
            });
        }
        let tree_id = merged
            .write_tree_to(&self.repo)
            .context("writing the reverted tree")?;
        let head_tree = head.tree().context("reading HEAD's tree")?;
        if tree_id == head_tree.id() {
            return Err(GitError::NothingToCommit(format!(
                "reverting {}",
                target.id()
            )));
        }
        let tree = self
            .repo
            .find_tree(tree_id)
            .context("reading the reverted tree")?;
        let files = self.changed_paths(&head_tree, &tree)?;
        let dirty = self.dirty_among(&files)?;
        if !dirty.is_empty() {
            return refuse(format!(
                "{} {} uncommitted changes; commit or stash them before reverting {}.",
                dirty.join(", "),
                if dirty.len() == 1 { "has" } else { "have" },
                CommitSummary::from_commit(&target).short_id
            ));
        }
        self.checkout_paths(&tree, &files)?;
        let (author, user_committer) = self.user_signatures()?;
        let committer = Signature::new(
            &attribution.committer_name(&String::from_utf8_lossy(user_committer.name_bytes())),
            &String::from_utf8_lossy(user_committer.email_bytes()),
            &user_committer.when(),
        )
        .context("building the committer signature")?;
        let summary =
            String::from_utf8_lossy(target.summary_bytes().unwrap_or_default()).into_owned();
        let message = attribution.message(&format!(
            "Revert \"{summary}\"\n\nThis reverts commit {}.",
            target.id()
        ));
        let oid = self
            .repo
            .commit(Some("HEAD"), &author, &committer, &message, &tree, &[&head])
            .context("creating the revert commit")?;
        let commit = self
            .repo
            .find_commit(oid)
            .context("reading the revert commit")?;
        Ok(CommitSummary::from_commit(&commit))
    }

    /// The paths that differ between two trees (both sides of every change).
    pub(super) fn changed_paths(
        &self,
        from: &git2::Tree<'_>,
        to: &git2::Tree<'_>,
    ) -> Result<Vec<String>, GitError> {
        let diff = self
            .repo
            .diff_tree_to_tree(Some(from), Some(to), None)
            .context("listing the commit's files")?;
        let mut paths: Vec<String> = Vec::new();
        for delta in diff.deltas() {
            for file in [delta.old_file(), delta.new_file()] {
                if let Some(path) = file.path().and_then(Path::to_str)
                    && !paths.iter().any(|known| known == path)
                {
                    paths.push(path.to_string());
                }
            }
        }
        Ok(paths)
    }

    /// Writes `paths` from `tree` into the working tree and index. Safe mode: a file
    /// that is not clean against HEAD is never overwritten.
    pub(super) fn checkout_paths(
        &self,
        tree: &git2::Tree<'_>,
        paths: &[String],
    ) -> Result<(), GitError> {
        if paths.is_empty() {
            return Ok(());
        }
        let mut checkout = CheckoutBuilder::new();
        checkout
            .safe()
            .recreate_missing(true)
            .disable_pathspec_match(true);
        for path in paths {
            checkout.path(path.as_str());
        }
        self.repo
            .checkout_tree(tree.as_object(), Some(&mut checkout))
            .context("restoring the files")
    }

    /// The remote-tracking branch or upstream that already contains `oid`, if any.
    pub(super) fn pushed_to(&self, oid: Oid) -> Result<Option<String>, GitError> {
        let mut candidates = Vec::new();
        if let Some(branch) = self.branch()
            && let Ok(local) = self.repo.find_branch(&branch, BranchType::Local)
            && let Ok(upstream) = local.upstream()
            && let Some(target) = upstream.get().target()
        {
            let name = String::from_utf8_lossy(upstream.get().shorthand_bytes()).into_owned();
            candidates.push((name, target));
        }
        let references = self
            .repo
            .references_glob("refs/remotes/*")
            .context("listing remote-tracking branches")?;
        for reference in references.flatten() {
            if let Ok(commit) = reference.peel_to_commit() {
                let name = String::from_utf8_lossy(reference.shorthand_bytes()).into_owned();
                candidates.push((name, commit.id()));
            }
        }
        for (name, target) in candidates {
            let contains = target == oid
                || self
                    .repo
                    .graph_descendant_of(target, oid)
                    .context("comparing with the remote")?;
            if contains {
                return Ok(Some(name));
            }
        }
        Ok(None)
    }
}
