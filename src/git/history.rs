//! The files each commit of HEAD's past changed, for the repo map's co-change
//! table. Only HEAD's ancestry is walked: other branches, tags, stashes and the
//! reflog never change what a map of this checkout shows.

use git2::{ObjectType, Oid, Sort, Tree, TreeEntry};

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
    /// The newest `limit` commits reachable from HEAD (merges and the first
    /// commit left out) with the files
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
        let mut commits = Vec::new();
        for oid in walk {
            if commits.len() == limit {
                break;
            }
            let commit = self
                .repo
                .find_commit(oid.context("walking the history")?)
                .context("reading a commit")?;
            // A merge repeats its branches' changes; a first commit is an import
            // of everything, which ties no files in particular.
            if commit.parent_count() != 1 {
                continue;
            }
            let tree = commit.tree().context("reading a commit's tree")?;
            let parent = commit.parent(0).context("reading a commit")?;
            let parent_tree = parent.tree().context("reading a commit's tree")?;
            let mut found = Found::new(max_files);
            compare(&self.repo, Some(&parent_tree), Some(&tree), "", &mut found)
                .context("comparing a commit with its parent")?;
            commits.push(found.changed());
        }
        Ok(Some(HistoryWalk {
            head: head.to_string(),
            continues_known: known.is_some(),
            commits,
        }))
    }
}

/// What a comparison of two trees found so far.
struct Found {
    added: Vec<(String, Oid)>,
    deleted: Vec<(String, Oid)>,
    modified: Vec<String>,
    max_files: usize,
}

impl Found {
    fn new(max_files: usize) -> Found {
        Found {
            added: Vec::new(),
            deleted: Vec::new(),
            modified: Vec::new(),
            max_files,
        }
    }

    /// More than `max_files` however renames pair up: stop looking.
    fn is_over(&self) -> bool {
        self.modified.len() + self.added.len().max(self.deleted.len()) > self.max_files
    }

    /// The commit's files, exact renames paired (same blob deleted and added).
    fn changed(self) -> ChangedFiles {
        let mut files = ChangedFiles::default();
        if self.is_over() {
            return files;
        }
        let mut added = self.added;
        files.paths = self.modified;
        for (old, oid) in self.deleted {
            match added.iter().position(|(_, new_oid)| *new_oid == oid) {
                Some(index) => {
                    let (new, _) = added.swap_remove(index);
                    files.paths.push(new.clone());
                    files.renames.push((old, new));
                }
                None => files.paths.push(old),
            }
        }
        files.paths.extend(added.into_iter().map(|(path, _)| path));
        files
    }
}

/// Compares two trees (a missing one is empty), descending only into subtrees
/// whose ids differ: a commit's diff costs its changed folders, not the whole
/// tree (libgit2's tree diff visits every entry). Submodules are left out.
fn compare(
    repo: &git2::Repository,
    old: Option<&Tree<'_>>,
    new: Option<&Tree<'_>>,
    prefix: &str,
    found: &mut Found,
) -> Result<(), git2::Error> {
    let is_tree = |entry: &TreeEntry<'_>| entry.kind() == Some(ObjectType::Tree);
    let is_blob = |entry: &TreeEntry<'_>| entry.kind() == Some(ObjectType::Blob);
    let subtree = |entry: &TreeEntry<'_>| repo.find_tree(entry.id());
    for entry in new.into_iter().flat_map(|tree| tree.iter()) {
        if found.is_over() {
            return Ok(());
        }
        let Ok(name) = entry.name() else { continue };
        let before = old.and_then(|tree| tree.get_name(name));
        if before
            .as_ref()
            .is_some_and(|before| before.id() == entry.id())
        {
            continue;
        }
        let path = format!("{prefix}{name}");
        let before_tree = match &before {
            Some(before) if is_tree(before) => Some(subtree(before)?),
            Some(before) if is_blob(before) && !is_blob(&entry) => {
                found.deleted.push((path.clone(), before.id()));
                None
            }
            _ => None,
        };
        if is_tree(&entry) {
            let after = subtree(&entry)?;
            compare(
                repo,
                before_tree.as_ref(),
                Some(&after),
                &format!("{path}/"),
                found,
            )?;
        } else if is_blob(&entry) {
            if let Some(before_tree) = &before_tree {
                compare(repo, Some(before_tree), None, &format!("{path}/"), found)?;
            }
            match &before {
                Some(before) if is_blob(before) => found.modified.push(path),
                _ => found.added.push((path, entry.id())),
            }
        }
    }
    for entry in old.into_iter().flat_map(|tree| tree.iter()) {
        if found.is_over() {
            return Ok(());
        }
        let Ok(name) = entry.name() else { continue };
        if new.and_then(|tree| tree.get_name(name)).is_some() {
            continue;
        }
        let path = format!("{prefix}{name}");
        if is_tree(&entry) {
            compare(
                repo,
                Some(&subtree(&entry)?),
                None,
                &format!("{path}/"),
                found,
            )?;
        } else if is_blob(&entry) {
            found.deleted.push((path, entry.id()));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn commit(repo: &GitRepo, files: &[(&str, Option<&str>)]) {
        let root = repo.root().to_path_buf();
        for (path, text) in files {
            let full = root.join(path);
            match text {
                Some(text) => {
                    std::fs::create_dir_all(full.parent().unwrap()).unwrap();
                    std::fs::write(full, text).unwrap();
                }
                None => std::fs::remove_file(full).unwrap(),
            }
        }
        let repo = &repo.repo;
        let mut index = repo.index().unwrap();
        index
            .add_all(["*"], git2::IndexAddOption::DEFAULT, None)
            .unwrap();
        index.update_all(["*"], None).unwrap();
        index.write().unwrap();
        let tree = repo.find_tree(index.write_tree().unwrap()).unwrap();
        let signature = git2::Signature::now("t", "t@localhost").unwrap();
        let parent = repo.head().ok().and_then(|head| head.peel_to_commit().ok());
        let parents: Vec<&git2::Commit> = parent.iter().collect();
        repo.commit(Some("HEAD"), &signature, &signature, "c", &tree, &parents)
            .unwrap();
    }

    #[test]
    fn a_walk_finds_changed_deleted_added_and_renamed_files_in_nested_folders() {
        let dir = tempfile::tempdir().unwrap();
        let repo = GitRepo::init(dir.path()).unwrap();
        commit(
            &repo,
            &[
                ("a/b/deep.rs", Some("deep")),
                ("a/b/same.rs", Some("same")),
                ("a/old.rs", Some("moved content")),
                ("gone.rs", Some("gone")),
                ("top.rs", Some("top")),
            ],
        );
        commit(
            &repo,
            &[
                ("a/b/deep.rs", Some("deeper")),
                ("a/old.rs", None),
                ("c/new.rs", Some("moved content")),
                ("gone.rs", None),
                ("added/x.rs", Some("x")),
            ],
        );
        commit(&repo, &[("top.rs", Some("top again"))]);
        let walk = repo.changed_files(10, 50, None).unwrap().unwrap();
        // The first commit is left out.
        assert_eq!(walk.commits.len(), 2);
        assert_eq!(walk.commits[0].paths, ["top.rs"]);
        let mut newest = walk.commits[1].clone();
        newest.paths.sort();
        assert_eq!(
            newest.paths,
            ["a/b/deep.rs", "added/x.rs", "c/new.rs", "gone.rs"]
        );
        assert_eq!(
            newest.renames,
            [("a/old.rs".to_string(), "c/new.rs".to_string())]
        );
        // Over the cap: no files.
        let capped = repo.changed_files(10, 2, None).unwrap().unwrap();
        assert!(capped.commits[1].paths.is_empty());
        assert_eq!(capped.commits[0].paths.len(), 1);
        // From a known HEAD, nothing new.
        let again = repo
            .changed_files(10, 50, Some(&walk.head))
            .unwrap()
            .unwrap();
        assert!(again.continues_known && again.commits.is_empty());
    }
}
