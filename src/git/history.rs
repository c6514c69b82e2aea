//! The files each commit of HEAD's past changed, for the repo map's co-change
//! table. Only HEAD's ancestry is walked: other branches, tags, stashes and the
//! reflog never change what a map of this checkout shows.

use std::cmp::Ordering;
use std::collections::HashMap;

use git2::{ObjectType, Oid, Tree, TreeEntry};

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
        // libgit2's default order is git log's: the newest commit reached so
        // far comes next (ties in the order reached), so the walk reads only as
        // far back as it goes. Its time sort reads the whole history before the
        // first commit; the two orders differ only where commit times tie or
        // run against ancestry.
        let mut walk = self.repo.revwalk().context("walking the history")?;
        walk.push(head).context("walking the history")?;
        if let Some(known) = known {
            walk.hide(known).context("walking the history")?;
        }
        let mut commits = Vec::new();
        let mut trees = Trees::new(&self.repo);
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
            let parent = commit.parent(0).context("reading a commit")?;
            let tree = trees
                .get(commit.tree_id())
                .context("reading a commit's tree")?;
            let parent_tree = trees
                .get(parent.tree_id())
                .context("reading a commit's tree")?;
            let mut found = Found::new(max_files);
            compare(&mut trees, Some(&parent_tree), Some(&tree), "", &mut found)
                .context("comparing a commit with its parent")?;
            trees.next_commit();
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

/// Trees read for one commit, kept for the next: in a linear history the next
/// commit's tree is this one's parent tree, and its changed folders are mostly
/// the same, so each tree would otherwise be read (inflated, parsed) twice.
/// libgit2's own cache keeps only small trees, not the large folders that change
/// most.
struct Trees<'r> {
    repo: &'r git2::Repository,
    last: HashMap<Oid, Tree<'r>>,
    this: HashMap<Oid, Tree<'r>>,
}

impl<'r> Trees<'r> {
    fn new(repo: &'r git2::Repository) -> Trees<'r> {
        Trees {
            repo,
            last: HashMap::new(),
            this: HashMap::new(),
        }
    }

    fn get(&mut self, id: Oid) -> Result<Tree<'r>, git2::Error> {
        if let Some(tree) = self.this.get(&id) {
            return Ok(tree.clone());
        }
        let tree = match self.last.remove(&id) {
            Some(tree) => tree,
            None => self.repo.find_tree(id)?,
        };
        self.this.insert(id, tree.clone());
        Ok(tree)
    }

    /// The next commit keeps only what this one read.
    fn next_commit(&mut self) {
        self.last = std::mem::take(&mut self.this);
    }
}

fn is_tree(entry: &TreeEntry<'_>) -> bool {
    entry.kind() == Some(ObjectType::Tree)
}

fn is_blob(entry: &TreeEntry<'_>) -> bool {
    entry.kind() == Some(ObjectType::Blob)
}

/// Git's order of a tree's entries: by name, a folder's as if it ended in `/`.
fn git_order(a: &TreeEntry<'_>, b: &TreeEntry<'_>) -> Ordering {
    let (a_name, b_name) = (a.name_bytes(), b.name_bytes());
    let common = a_name.len().min(b_name.len());
    let end = |name: &[u8], entry: &TreeEntry<'_>| match name.get(common) {
        Some(&byte) => byte,
        None if is_tree(entry) => b'/',
        None => 0,
    };
    a_name[..common]
        .cmp(&b_name[..common])
        .then_with(|| end(a_name, a).cmp(&end(b_name, b)))
}

/// Compares two trees (a missing one is empty), descending only into subtrees
/// whose ids differ: a commit's diff costs its changed folders, not the whole
/// tree (libgit2's tree diff visits every entry). Both entry lists are sorted,
/// so one pass pairs them. Submodules are left out.
fn compare(
    trees: &mut Trees<'_>,
    old: Option<&Tree<'_>>,
    new: Option<&Tree<'_>>,
    prefix: &str,
    found: &mut Found,
) -> Result<(), git2::Error> {
    let old_entries = || old.into_iter().flat_map(|tree| tree.iter());
    let mut olds = old_entries().peekable();
    // Old entries with no new one of the same name and kind, in order.
    let mut old_only = Vec::new();
    for entry in new.into_iter().flat_map(|tree| tree.iter()) {
        if found.is_over() {
            return Ok(());
        }
        let mut before = None;
        while let Some(candidate) = olds.peek() {
            match git_order(candidate, &entry) {
                Ordering::Less => old_only.extend(olds.next()),
                Ordering::Equal => {
                    before = olds.next();
                    break;
                }
                Ordering::Greater => break,
            }
        }
        if before
            .as_ref()
            .is_some_and(|before| before.id() == entry.id())
        {
            continue;
        }
        let Ok(name) = entry.name() else { continue };
        // Unpaired: new, or a file that became a folder or the reverse (they sort
        // apart). Looked up by name, an entry the pass could not pair is still
        // found, so the pairing changes only how fast the answer comes.
        let before = before.or_else(|| old.and_then(|tree| tree.get_name_bytes(name.as_bytes())));
        changed(
            trees,
            before.as_ref(),
            &entry,
            &format!("{prefix}{name}"),
            found,
        )?;
    }
    old_only.extend(olds);
    for entry in old_only {
        if found.is_over() {
            return Ok(());
        }
        let Ok(name) = entry.name() else { continue };
        if new
            .and_then(|tree| tree.get_name_bytes(name.as_bytes()))
            .is_some()
        {
            continue;
        }
        let path = format!("{prefix}{name}");
        if is_tree(&entry) {
            let gone = trees.get(entry.id())?;
            compare(trees, Some(&gone), None, &format!("{path}/"), found)?;
        } else if is_blob(&entry) {
            found.deleted.push((path, entry.id()));
        }
    }
    Ok(())
}

/// One entry of the new tree that differs from the old tree's entry of its
/// name (`before`, if any).
fn changed(
    trees: &mut Trees<'_>,
    before: Option<&TreeEntry<'_>>,
    entry: &TreeEntry<'_>,
    path: &str,
    found: &mut Found,
) -> Result<(), git2::Error> {
    let before_tree = match before {
        Some(before) if is_tree(before) => Some(trees.get(before.id())?),
        Some(before) if is_blob(before) && !is_blob(entry) => {
            found.deleted.push((path.to_string(), before.id()));
            None
        }
        _ => None,
    };
    if is_tree(entry) {
        let after = trees.get(entry.id())?;
        compare(
            trees,
            before_tree.as_ref(),
            Some(&after),
            &format!("{path}/"),
            found,
        )?;
    } else if is_blob(entry) {
        if let Some(before_tree) = &before_tree {
            compare(trees, Some(before_tree), None, &format!("{path}/"), found)?;
        }
        match before {
            Some(before) if is_blob(before) => found.modified.push(path.to_string()),
            _ => found.added.push((path.to_string(), entry.id())),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use git2::Sort;

    /// Commit times one second apart, so no two of a test's commits tie.
    fn next_time() -> git2::Time {
        static CLOCK: std::sync::atomic::AtomicI64 =
            std::sync::atomic::AtomicI64::new(1_700_000_000);
        git2::Time::new(CLOCK.fetch_add(1, std::sync::atomic::Ordering::Relaxed), 0)
    }

    fn commit(repo: &GitRepo, files: &[(&str, Option<&str>)]) {
        let root = repo.root().to_path_buf();
        for (path, text) in files {
            let full = root.join(path);
            match text {
                Some(text) => {
                    std::fs::create_dir_all(full.parent().unwrap()).unwrap();
                    std::fs::write(full, text).unwrap();
                }
                None if full.is_dir() => std::fs::remove_dir_all(full).unwrap(),
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
        let signature = git2::Signature::new("t", "t@localhost", &next_time()).unwrap();
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

    /// The walk as it was: libgit2's time sort, every commit's trees read
    /// afresh, compared by name.
    fn old_walk(repo: &GitRepo, limit: usize, max_files: usize) -> Vec<ChangedFiles> {
        let repo = &repo.repo;
        let mut walk = repo.revwalk().unwrap();
        walk.set_sorting(Sort::TIME).unwrap();
        walk.push(repo.head().unwrap().target().unwrap()).unwrap();
        let mut commits = Vec::new();
        for oid in walk {
            if commits.len() == limit {
                break;
            }
            let commit = repo.find_commit(oid.unwrap()).unwrap();
            if commit.parent_count() != 1 {
                continue;
            }
            let tree = commit.tree().unwrap();
            let parent_tree = commit.parent(0).unwrap().tree().unwrap();
            let mut found = Found::new(max_files);
            old_rule(repo, Some(&parent_tree), Some(&tree), "", &mut found).unwrap();
            commits.push(found.changed());
        }
        commits
    }

    /// The walk's rule before it paired sorted entries in one pass and kept
    /// trees between commits: each entry looked up by name in the other tree.
    fn old_rule(
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
                old_rule(
                    repo,
                    before_tree.as_ref(),
                    Some(&after),
                    &format!("{path}/"),
                    found,
                )?;
            } else if is_blob(&entry) {
                if let Some(before_tree) = &before_tree {
                    old_rule(repo, Some(before_tree), None, &format!("{path}/"), found)?;
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
                old_rule(
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

    /// A commit of the files now in the folder, with these parents (HEAD moves to it).
    fn commit_with_parents(repo: &GitRepo, parents: &[git2::Oid]) -> git2::Oid {
        let repo = &repo.repo;
        let mut index = repo.index().unwrap();
        index
            .add_all(["*"], git2::IndexAddOption::DEFAULT, None)
            .unwrap();
        index.update_all(["*"], None).unwrap();
        index.write().unwrap();
        let tree = repo.find_tree(index.write_tree().unwrap()).unwrap();
        let signature = git2::Signature::new("t", "t@localhost", &next_time()).unwrap();
        let parents: Vec<git2::Commit> = parents
            .iter()
            .map(|&id| repo.find_commit(id).unwrap())
            .collect();
        let parents: Vec<&git2::Commit> = parents.iter().collect();
        let id = repo
            .commit(None, &signature, &signature, "c", &tree, &parents)
            .unwrap();
        repo.set_head_detached(id).unwrap();
        id
    }

    #[test]
    fn the_one_pass_walk_reads_what_the_lookup_by_name_read() {
        let dir = tempfile::tempdir().unwrap();
        let repo = GitRepo::init(dir.path()).unwrap();
        // Names whose order in git differs from plain byte order ("a/" sorts
        // after "a.rs"), nested folders, files that become folders and back.
        commit(
            &repo,
            &[
                ("a.rs", Some("a")),
                ("a-b.rs", Some("a-b")),
                ("a/x.rs", Some("x")),
                ("a/deep/er/y.rs", Some("y")),
                ("a0", Some("zero")),
                ("b/keep.rs", Some("keep")),
                ("b/twin1.rs", Some("twin")),
                ("b/twin2.rs", Some("twin")),
                ("c", Some("c is a file")),
                ("d/in.rs", Some("d")),
            ],
        );
        commit(&repo, &[("a/x.rs", Some("x2")), ("a.rs", Some("a2"))]);
        // Renames: one across folders, two of the same content.
        commit(
            &repo,
            &[
                ("a/deep/er/y.rs", None),
                ("moved/y.rs", Some("y")),
                ("b/twin1.rs", None),
                ("b/twin2.rs", None),
                ("t/one.rs", Some("twin")),
                ("t/two.rs", Some("twin")),
            ],
        );
        // A file becomes a folder, a folder a file, a folder is deleted.
        commit(
            &repo,
            &[
                ("c", None),
                ("c/now.rs", Some("c is a folder")),
                ("d", None),
                ("d", Some("d is a file")),
                ("moved", None),
            ],
        );
        // Over the cap of 5, then at it.
        let big: Vec<(String, &str)> = (0..8).map(|n| (format!("big/{n}.rs"), "big")).collect();
        let big: Vec<(&str, Option<&str>)> = big
            .iter()
            .map(|(path, text)| (path.as_str(), Some(*text)))
            .collect();
        commit(&repo, &big);
        commit(
            &repo,
            &big[..5]
                .iter()
                .map(|(path, _)| (*path, Some("five")))
                .collect::<Vec<_>>(),
        );
        // A side branch and its merge: the walk is no longer a line.
        let main = repo.repo.head().unwrap().target().unwrap();
        commit(&repo, &[("a0", Some("side"))]);
        let side = repo.repo.head().unwrap().target().unwrap();
        std::fs::write(dir.path().join("b/keep.rs"), "main").unwrap();
        let main = commit_with_parents(&repo, &[main]);
        commit_with_parents(&repo, &[main, side]);
        commit(&repo, &[("a-b.rs", None), ("a/x.rs", Some("x3"))]);

        let expected = old_walk(&repo, 100, 5);
        let walk = repo.changed_files(100, 5, None).unwrap().unwrap();
        assert_eq!(walk.commits, expected);
        // The case the test is for: every kind of change is in it.
        assert!(expected.iter().any(|commit| commit.renames.len() == 3));
        assert!(expected.iter().any(|commit| commit.paths.is_empty()));
        assert!(expected.iter().any(|commit| commit.paths.len() == 5));
        assert!(
            expected
                .iter()
                .any(|commit| commit.paths.iter().any(|path| path == "c/now.rs"))
        );
        // Cut short, the same commits.
        let cut = repo.changed_files(3, 5, None).unwrap().unwrap();
        assert_eq!(cut.commits, old_walk(&repo, 3, 5));
    }

    #[test]
    fn a_walk_reads_no_further_back_than_its_newest_commits() {
        let dir = tempfile::tempdir().unwrap();
        let repo = GitRepo::init(dir.path()).unwrap();
        for n in 0..10 {
            commit(&repo, &[("a.rs", Some(&n.to_string()))]);
        }
        // The first commit is gone (as if its pack were lost): a walk of the
        // newest three has no need of it.
        let mut first = repo.repo.revwalk().unwrap();
        first.push_head().unwrap();
        let first = first.last().unwrap().unwrap().to_string();
        std::fs::remove_file(
            dir.path()
                .join(".git/objects")
                .join(&first[..2])
                .join(&first[2..]),
        )
        .unwrap();
        let walk = repo.changed_files(3, 50, None).unwrap().unwrap();
        assert_eq!(walk.commits.len(), 3);
        assert!(repo.changed_files(20, 50, None).is_err());
    }
}
