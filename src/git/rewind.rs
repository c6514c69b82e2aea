//! Rewinding the code of several turns: the branch moves back to before the first of
//! the assistant's commits those turns made, and forward again on redo.
//!
//! The commits that leave the branch are kept under a reference in
//! `refs/aider-tui/rewound/`, so git never collects them and a redo (even in a new
//! process) finds them. Moving a branch back is allowed only when nothing of the
//! user's can be lost: every commit that leaves is an assistant's (this tool's or
//! Aider's), none is pushed, and the files they touched have no uncommitted changes.

use git2::{ErrorCode, Oid, Sort};

use super::error::GitContext;
use super::{CommitSummary, GitError, GitRepo};

/// Where rewound commits are kept.
pub const REWOUND_PREFIX: &str = "refs/aider-tui/rewound/";

/// What a rewind would do to the code: checked, not done yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RewindPlan {
    /// The commits that leave the branch, newest first.
    pub commits: Vec<CommitSummary>,
    /// HEAD now.
    pub head: String,
    /// Where the branch goes: the parent of the oldest commit that leaves; `None`
    /// when that is the branch's first commit (the branch becomes unborn again).
    pub target: Option<String>,
    /// The files the rewind rewrites (repository-relative).
    pub files: Vec<String>,
}

/// Commits moved off a branch, and how to bring them back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rewound {
    /// The reference that keeps them (`refs/aider-tui/rewound/…`).
    pub reference: String,
    /// The branch that was moved; `None` for a detached HEAD.
    pub branch: Option<String>,
    /// HEAD before the rewind: the newest commit kept.
    pub from: String,
    /// HEAD after the rewind; `None` when the branch became unborn.
    pub to: Option<String>,
    /// The files that were rewritten.
    pub files: Vec<String>,
    /// The ids of the commits that left the branch, newest first: a redo brings back
    /// exactly these or nothing.
    pub commits: Vec<String>,
}

/// What a rewind did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RewindReport {
    /// The commits that left the branch, newest first.
    pub commits: Vec<CommitSummary>,
    /// How to bring them back.
    pub rewound: Rewound,
}

fn refuse<T>(reason: String) -> Result<T, GitError> {
    Err(GitError::RewindRefused { reason })
}

/// The file list in words ("a.py has", "a.py, b.py have").
fn files_have(files: &[String]) -> String {
    let verb = if files.len() == 1 { "has" } else { "have" };
    format!("{} {verb}", files.join(", "))
}

impl GitRepo {
    /// Plans taking the branch back to before the oldest of `commits` (the assistant's
    /// commits of the turns being rewound, any order) that HEAD still contains.
    /// `None` when HEAD contains none of them (they were undone already, or there are
    /// no commits): the code stays as it is. Refuses (`RewindRefused`) when a commit
    /// that would leave is the user's, a merge or pushed, or when a file it touched has
    /// uncommitted changes; the reason names the commit or the files.
    pub fn plan_rewind(&self, commits: &[String]) -> Result<Option<RewindPlan>, GitError> {
        let Some(head) = self.head_oid() else {
            return Ok(None);
        };
        let mut contained = Vec::new();
        for id in commits {
            let Ok(oid) = Oid::from_str(id) else {
                continue;
            };
            if self.repo.find_commit(oid).is_err() {
                continue;
            }
            let in_head = oid == head
                || self
                    .repo
                    .graph_descendant_of(head, oid)
                    .context("comparing commits with HEAD")?;
            if in_head && !contained.contains(&oid) {
                contained.push(oid);
            }
        }
        let mut oldest = match contained.first() {
            Some(oid) => *oid,
            None => return Ok(None),
        };
        for oid in &contained {
            if self
                .repo
                .graph_descendant_of(oldest, *oid)
                .context("ordering the commits")?
            {
                oldest = *oid;
            }
        }
        let first = self
            .repo
            .find_commit(oldest)
            .context("reading the first commit to rewind")?;
        let target = first.parent_ids().next();
        if target.is_none() && self.repo.head_detached().unwrap_or(true) {
            return refuse(format!(
                "Commit {} is the first commit on a detached HEAD, which cannot be rewound.",
                CommitSummary::from_commit(&first).short_id
            ));
        }
        let leaving = self.commits_between(head, target)?;
        for commit in &leaving {
            let summary = CommitSummary::from_commit(commit);
            if !summary.made_by.is_assistant() {
                return refuse(format!(
                    "Commit {} \"{}\" is yours and would leave the branch too, so the code is not rewound; to take back the assistant's commits without moving the branch, revert them (u in the commit log).",
                    summary.short_id, summary.summary
                ));
            }
            if commit.parent_count() > 1 {
                return refuse(format!(
                    "Commit {} \"{}\" is a merge; rewind only moves the branch over single-parent commits.",
                    summary.short_id, summary.summary
                ));
            }
        }
        for commit in &leaving {
            if let Some(remote) = self.pushed_to(commit.id())? {
                let summary = CommitSummary::from_commit(commit);
                return refuse(format!(
                    "Commit {} \"{}\" is already pushed ({remote} contains it), so the branch is not moved back; revert it instead (u in the commit log).",
                    summary.short_id, summary.summary
                ));
            }
        }
        let files = self.files_between(target, head)?;
        let dirty = self.dirty_among(&files)?;
        if !dirty.is_empty() {
            return refuse(format!(
                "{} uncommitted changes; commit or stash them before rewinding.",
                files_have(&dirty)
            ));
        }
        Ok(Some(RewindPlan {
            commits: leaving.iter().map(CommitSummary::from_commit).collect(),
            head: head.to_string(),
            target: target.map(|oid| oid.to_string()),
            files,
        }))
    }

    /// Carries out a plan: keeps HEAD under `reference`, writes the target's version of
    /// the plan's files, and moves the branch to the target. Refuses when HEAD moved or
    /// a file gained uncommitted changes since the plan was made.
    pub fn rewind(&self, plan: &RewindPlan, reference: &str) -> Result<RewindReport, GitError> {
        let head = self.head_oid().ok_or_else(|| GitError::RewindRefused {
            reason: "The repository has no commits any more; nothing to rewind.".into(),
        })?;
        if head.to_string() != plan.head {
            return refuse(format!(
                "HEAD moved (it is {} now) since the rewind was planned; nothing was changed.",
                short(&head.to_string())
            ));
        }
        let dirty = self.dirty_among(&plan.files)?;
        if !dirty.is_empty() {
            return refuse(format!(
                "{} uncommitted changes; commit or stash them before rewinding.",
                files_have(&dirty)
            ));
        }
        if !reference.starts_with(REWOUND_PREFIX) || !git2::Reference::is_valid_name(reference) {
            return refuse(format!(
                "{reference} is not a name rewound commits can be kept under."
            ));
        }
        let target = match &plan.target {
            Some(id) => Some(Oid::from_str(id).context("reading the rewind's target")?),
            None => None,
        };
        let target_tree = match target {
            Some(oid) => self
                .repo
                .find_commit(oid)
                .and_then(|commit| commit.tree())
                .context("reading the target's tree")?,
            None => self.empty_tree()?,
        };
        let branch = self.branch();
        // Kept first, so the commits stay reachable whatever happens next.
        self.repo
            .reference(reference, head, false, "aider-tui: rewind")
            .context(&format!("keeping the rewound commits under {reference}"))?;
        // Written while HEAD is still the baseline, so the checkout sees them as clean.
        self.checkout_paths(&target_tree, &plan.files)?;
        let mut head_ref = self.repo.head().context("reading HEAD")?;
        let message = format!("aider-tui: rewind {}", short(&plan.head));
        match target {
            Some(oid) => {
                head_ref
                    .set_target(oid, &message)
                    .context("moving the branch back")?;
            }
            None => head_ref
                .delete()
                .context("removing the branch's only commits")?,
        }
        Ok(RewindReport {
            commits: plan.commits.clone(),
            rewound: Rewound {
                reference: reference.to_string(),
                branch,
                from: plan.head.clone(),
                to: plan.target.clone(),
                files: plan.files.clone(),
                commits: plan
                    .commits
                    .iter()
                    .map(|commit| commit.id.clone())
                    .collect(),
            },
        })
    }

    /// Brings rewound commits back: the branch moves forward to them again and their
    /// files are written. Refuses when the keeping reference is gone or moved, the branch
    /// is not where the rewind left it (a commit was made since, or another branch is
    /// checked out), or a file it would write has uncommitted changes. Only a reference
    /// under `refs/aider-tui/rewound/` is read, and only the commits the rewind recorded
    /// come back: a session file may come from someone else, and must not move a branch
    /// to a commit of theirs or delete a tag or branch. Returns the commits that came
    /// back, newest first.
    pub fn redo(&self, rewound: &Rewound) -> Result<Vec<CommitSummary>, GitError> {
        if !rewound.reference.starts_with(REWOUND_PREFIX)
            || !git2::Reference::is_valid_name(&rewound.reference)
        {
            return refuse(format!(
                "{} is not where this tool keeps rewound commits; nothing was changed.",
                rewound.reference
            ));
        }
        let kept = match self.repo.find_reference(&rewound.reference) {
            Ok(reference) => reference,
            Err(err) if err.code() == ErrorCode::NotFound => {
                return refuse(format!(
                    "The rewound commits are no longer kept ({} was deleted), so they cannot be brought back.",
                    rewound.reference
                ));
            }
            Err(source) => {
                return Err(GitError::Git {
                    action: format!("reading {}", rewound.reference),
                    source,
                });
            }
        };
        let tip = kept
            .peel_to_commit()
            .context("reading the rewound commits")?
            .id();
        if tip.to_string() != rewound.from {
            return refuse(format!(
                "{} was moved since the rewind; the commits are not brought back.",
                rewound.reference
            ));
        }
        if self.branch() != rewound.branch {
            return refuse(format!(
                "The rewind moved {}, but {} is checked out now; switch back to redo.",
                rewound.branch.as_deref().unwrap_or("a detached HEAD"),
                self.branch().as_deref().unwrap_or("a detached HEAD")
            ));
        }
        let head = self.head_oid();
        if head.map(|oid| oid.to_string()) != rewound.to {
            let now = head.map_or("no commit".to_string(), |oid| {
                self.repo
                    .find_commit(oid)
                    .map(|commit| {
                        let summary = CommitSummary::from_commit(&commit);
                        format!("{} \"{}\"", summary.short_id, summary.summary)
                    })
                    .unwrap_or_else(|_| short(&oid.to_string()).to_string())
            });
            return refuse(format!(
                "HEAD moved since the rewind (it is {now} now), and redo would take that away; the rewound commits stay under {}.",
                rewound.reference
            ));
        }
        let files = self.files_between(head, tip)?;
        let dirty = self.dirty_among(&files)?;
        if !dirty.is_empty() {
            return refuse(format!(
                "{} uncommitted changes; commit or stash them before redoing.",
                files_have(&dirty)
            ));
        }
        let restored: Vec<CommitSummary> = self
            .commits_between(tip, head)?
            .iter()
            .map(CommitSummary::from_commit)
            .collect();
        let recorded = restored
            .iter()
            .map(|commit| commit.id.as_str())
            .eq(rewound.commits.iter().map(String::as_str));
        if !recorded {
            return refuse(format!(
                "The commits under {} are not the ones the rewind recorded; nothing was changed.",
                rewound.reference
            ));
        }
        let tip_tree = self
            .repo
            .find_commit(tip)
            .and_then(|commit| commit.tree())
            .context("reading the rewound tree")?;
        self.checkout_paths(&tip_tree, &files)?;
        let message = format!("aider-tui: redo {}", short(&rewound.from));
        match (self.repo.head(), &rewound.branch) {
            (Ok(mut head_ref), _) => {
                head_ref
                    .set_target(tip, &message)
                    .context("moving the branch forward")?;
            }
            // The rewind left the branch unborn: create it again where it was.
            (Err(_), Some(branch)) => {
                self.repo
                    .reference(&format!("refs/heads/{branch}"), tip, false, &message)
                    .context("restoring the branch")?;
            }
            (Err(err), None) => {
                return Err(GitError::Git {
                    action: "reading HEAD".into(),
                    source: err,
                });
            }
        }
        if let Ok(mut reference) = self.repo.find_reference(&rewound.reference)
            && let Err(err) = reference.delete()
        {
            tracing::warn!("could not delete {}: {err}", rewound.reference);
        }
        Ok(restored)
    }

    /// Whether a reference exists (a rewind kept by an earlier process).
    pub fn has_reference(&self, name: &str) -> bool {
        self.repo.find_reference(name).is_ok()
    }

    /// The commits reachable from `tip` but not from `base`, newest first.
    fn commits_between(
        &self,
        tip: Oid,
        base: Option<Oid>,
    ) -> Result<Vec<git2::Commit<'_>>, GitError> {
        let mut walk = self.repo.revwalk().context("walking the history")?;
        walk.set_sorting(Sort::TOPOLOGICAL)
            .context("sorting the history")?;
        walk.push(tip).context("walking the history")?;
        if let Some(base) = base {
            walk.hide(base).context("walking the history")?;
        }
        let mut commits = Vec::new();
        for oid in walk {
            let oid = oid.context("walking the history")?;
            commits.push(self.repo.find_commit(oid).context("reading a commit")?);
        }
        Ok(commits)
    }

    /// The files that differ between two commits (`None`: the empty tree).
    fn files_between(&self, from: Option<Oid>, to: Oid) -> Result<Vec<String>, GitError> {
        let from_tree = match from {
            Some(oid) => self
                .repo
                .find_commit(oid)
                .and_then(|commit| commit.tree())
                .context("reading a tree")?,
            None => self.empty_tree()?,
        };
        let to_tree = self
            .repo
            .find_commit(to)
            .and_then(|commit| commit.tree())
            .context("reading a tree")?;
        self.changed_paths(&from_tree, &to_tree)
    }
}

/// The first seven hex digits of an id.
fn short(id: &str) -> &str {
    &id[..id.len().min(7)]
}
