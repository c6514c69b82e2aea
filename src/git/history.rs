//! The files each commit of HEAD's past changed, for the repo map's co-change
//! table. Only HEAD's ancestry is walked: other branches, tags, stashes and the
//! reflog never change what a map of this checkout shows.

use git2::{Delta, DiffFindOptions, DiffOptions, Oid, Sort};

use super::GitError;
use super::error::GitContext;
use super::repo::GitRepo;

/// One non-merge commit's changed files (repository-relative paths).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChangedFiles {
    /// Empty when the commit changed more than the walk's `max_files`.
    pub paths: Vec<String>,
    /// Exact renames (same content), as (old path, new path); the new path is in
    /// `paths`.
    pub renames: Vec<(String, String)>,
}

/// The commits a walk read, newest first.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HistoryWalk {
    /// The commit the walk started at (HEAD).
    pub head: String,
    /// Whether the walk stopped at the `known` commit it was given (the caller's
    /// older commits continue this list); false when it read from scratch.
    pub continues_known: bool,
    pub commits: Vec<ChangedFiles>,
}

impl GitRepo {
    /// The newest `limit` non-merge commits reachable from HEAD with the files
    /// each changed; when `known` is HEAD or one of its ancestors, only the commits
    /// since it. `None` before the first commit.
    pub fn changed_files(
        &self,
        limit: usize,
        max_files: usize,
        known: Option<&str>,
    ) -> Result<Option<HistoryWalk>, GitError> {
        let Some(head) = self.head_oid() else {
            return Ok(None);
        };
        let known = known
            .and_then(|known| Oid::from_str(known).ok())
            .filter(|&known| {
                known == head || self.repo.graph_descendant_of(head, known).unwrap_or(false)
            });
        let mut walk = self.repo.revwalk().context("walking the history")?;
        // Time order only: topological order would read the whole history first.
        walk.set_sorting(Sort::TIME)
            .context("sorting the history")?;
        walk.push(head).context("walking the history")?;
        if let Some(known) = known {
            walk.hide(known).context("walking the history")?;
        }
        let mut options = DiffOptions::new();
        options.skip_binary_check(true).ignore_submodules(true);
        let mut commits = Vec::new();
        for oid in walk {
            if commits.len() == limit {
                break;
            }
            let commit = self
                .repo
                .find_commit(oid.context("walking the history")?)
                .context("reading a commit")?;
            if commit.parent_count() > 1 {
                continue;
            }
            let tree = commit.tree().context("reading a commit's tree")?;
            let parent_tree = match commit.parent(0) {
                Ok(parent) => Some(parent.tree().context("reading a commit's tree")?),
                Err(_) => None,
            };
            let mut diff = self
                .repo
                .diff_tree_to_tree(parent_tree.as_ref(), Some(&tree), Some(&mut options))
                .context("comparing a commit with its parent")?;
            // A rename is two entries until it is found, so twice the files at most.
            if diff.deltas().len() > 2 * max_files {
                commits.push(ChangedFiles::default());
                continue;
            }
            let mut find = DiffFindOptions::new();
            find.renames(true).exact_match_only(true);
            diff.find_similar(Some(&mut find))
                .context("finding renames")?;
            commits.push(changed(&diff, max_files));
        }
        Ok(Some(HistoryWalk {
            head: head.to_string(),
            continues_known: known.is_some(),
            commits,
        }))
    }
}

/// The files of one commit's diff (none when there are more than `max_files`).
fn changed(diff: &git2::Diff<'_>, max_files: usize) -> ChangedFiles {
    let path_of = |file: git2::DiffFile<'_>| {
        file.path()
            .map(|path| path.to_string_lossy().replace('\\', "/"))
    };
    let mut files = ChangedFiles::default();
    if diff.deltas().len() > max_files {
        return files;
    }
    for delta in diff.deltas() {
        let path = match delta.status() {
            Delta::Deleted => path_of(delta.old_file()),
            _ => path_of(delta.new_file()),
        };
        let Some(path) = path else { continue };
        if delta.status() == Delta::Renamed
            && let Some(old) = path_of(delta.old_file())
        {
            files.renames.push((old, path.clone()));
        }
        files.paths.push(path);
    }
    files
}
