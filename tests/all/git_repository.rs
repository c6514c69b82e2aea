//! The git wrapper on real temporary repositories: commits of chosen files, the
//! user's work surviving, attribution, undo (and its refusals) across a restart,
//! reverts, diffs and .gitignore.

use std::path::Path;

use aider_tui::git::{Attribution, GitError, GitRepo};
use git2::Repository;
use tempfile::TempDir;

const NAME: &str = "Test User";
const EMAIL: &str = "test@example.com";

/// A new repository with a local identity (tests must not depend on global git config).
fn new_repo() -> (TempDir, GitRepo) {
    let dir = TempDir::new().unwrap();
    let repo = GitRepo::init(dir.path()).unwrap();
    let raw = Repository::open(dir.path()).unwrap();
    let mut config = raw.config().unwrap();
    config.set_str("user.name", NAME).unwrap();
    config.set_str("user.email", EMAIL).unwrap();
    (dir, repo)
}

fn write(dir: &Path, path: &str, bytes: &[u8]) {
    let full = dir.join(path);
    std::fs::create_dir_all(full.parent().unwrap()).unwrap();
    std::fs::write(full, bytes).unwrap();
}

fn read(dir: &Path, path: &str) -> Vec<u8> {
    std::fs::read(dir.join(path)).unwrap()
}

fn paths(list: &[&str]) -> Vec<String> {
    list.iter().map(|p| p.to_string()).collect()
}

fn tool() -> Attribution {
    Attribution {
        committer_suffix: true,
        co_authored_by: Some("gpt-4o".into()),
    }
}

/// The content of `path` in commit `rev` (or None when the file is not there).
fn committed(dir: &Path, rev: &str, path: &str) -> Option<Vec<u8>> {
    let raw = Repository::open(dir).unwrap();
    let tree = raw.revparse_single(rev).unwrap().peel_to_tree().unwrap();
    let entry = tree.get_path(Path::new(path)).ok()?;
    Some(raw.find_blob(entry.id()).unwrap().content().to_vec())
}

/// The content of `path` in the index.
fn staged(dir: &Path, path: &str) -> Option<Vec<u8>> {
    let raw = Repository::open(dir).unwrap();
    let index = raw.index().unwrap();
    let entry = index.get_path(Path::new(path), 0)?;
    Some(raw.find_blob(entry.id).unwrap().content().to_vec())
}

/// A user commit of everything in the working tree (as `git add -A && git commit`).
fn user_commit_all(dir: &Path, message: &str) {
    let raw = Repository::open(dir).unwrap();
    let mut index = raw.index().unwrap();
    index
        .add_all(["*"], git2::IndexAddOption::DEFAULT, None)
        .unwrap();
    index.write().unwrap();
    let tree = raw.find_tree(index.write_tree().unwrap()).unwrap();
    let signature = raw.signature().unwrap();
    let parent = raw.head().ok().and_then(|h| h.peel_to_commit().ok());
    let parents: Vec<&git2::Commit> = parent.iter().collect();
    raw.commit(
        Some("HEAD"),
        &signature,
        &signature,
        message,
        &tree,
        &parents,
    )
    .unwrap();
}

#[test]
fn discover_finds_the_root_from_a_subfolder_and_none_outside() {
    let (dir, _repo) = new_repo();
    std::fs::create_dir_all(dir.path().join("src/deep")).unwrap();
    let found = GitRepo::discover(&dir.path().join("src/deep"))
        .unwrap()
        .unwrap();
    assert_eq!(found.root(), dir.path().canonicalize().unwrap());

    let outside = TempDir::new().unwrap();
    if Repository::discover(outside.path()).is_ok() {
        eprintln!(
            "note: the temp folder is inside a git repository; skipping the 'not a repo' half"
        );
        return;
    }
    assert!(GitRepo::discover(outside.path()).unwrap().is_none());
}

#[test]
fn first_commit_works_on_an_unborn_head() {
    let (dir, repo) = new_repo();
    assert_eq!(repo.head(), None);
    assert!(repo.log(10).unwrap().is_empty());
    let branch = repo.branch().expect("an unborn branch still has a name");
    write(dir.path(), "hello.py", b"print('hi')\n");
    let summary = repo
        .commit_files(&paths(&["hello.py"]), "feat: add hello", &tool())
        .unwrap();
    assert_eq!(repo.head().as_deref(), Some(summary.id.as_str()));
    assert_eq!(repo.branch(), Some(branch));
    assert!(summary.by_tool);
    assert_eq!(summary.summary, "feat: add hello");
    assert_eq!(summary.short_id.len(), 7);
    assert_eq!(repo.tracked_files().unwrap(), vec!["hello.py".to_string()]);
    assert!(repo.dirty_files(&paths(&["hello.py"])).unwrap().is_empty());
}

#[test]
fn attribution_marks_committer_and_trailers_and_can_be_switched_off() {
    let (dir, repo) = new_repo();
    write(dir.path(), "a.txt", b"one\n");
    let first = repo
        .commit_files(&paths(&["a.txt"]), "feat: a", &tool())
        .unwrap();
    let raw = Repository::open(dir.path()).unwrap();
    let commit = raw
        .find_commit(git2::Oid::from_str(&first.id).unwrap())
        .unwrap();
    assert_eq!(
        commit.committer().name().unwrap(),
        format!("{NAME} (aider-tui)")
    );
    assert_eq!(commit.author().name().unwrap(), NAME);
    let message = commit.message().unwrap();
    assert!(
        message.contains("Co-authored-by: aider-tui (gpt-4o) <"),
        "{message}"
    );
    assert!(message.contains("Aider-Tui: "), "{message}");

    write(dir.path(), "a.txt", b"two\n");
    let plain = Attribution {
        committer_suffix: false,
        co_authored_by: None,
    };
    let second = repo
        .commit_files(&paths(&["a.txt"]), "fix: a", &plain)
        .unwrap();
    let commit = raw
        .find_commit(git2::Oid::from_str(&second.id).unwrap())
        .unwrap();
    assert_eq!(commit.committer().name().unwrap(), NAME);
    assert!(!commit.message().unwrap().contains("Co-authored-by"));
    // The machine-readable mark is always there, so undo still recognises it.
    assert!(repo.is_tool_commit(&second.id).unwrap());
}

#[test]
fn commit_files_leaves_other_staged_and_unstaged_work_alone() {
    let (dir, repo) = new_repo();
    write(dir.path(), "edited.txt", b"base\n");
    write(dir.path(), "staged.txt", b"base\n");
    write(dir.path(), "unstaged.txt", b"base\n");
    user_commit_all(dir.path(), "base");

    write(dir.path(), "staged.txt", b"staged by the user\n");
    let raw = Repository::open(dir.path()).unwrap();
    let mut index = raw.index().unwrap();
    index.add_path(Path::new("staged.txt")).unwrap();
    index.write().unwrap();
    write(dir.path(), "staged.txt", b"staged, then edited further\n");
    write(dir.path(), "unstaged.txt", b"unstaged user work\n");
    write(dir.path(), "edited.txt", b"the model's edit\n");

    repo.commit_files(&paths(&["edited.txt"]), "feat: edit", &tool())
        .unwrap();

    assert_eq!(
        committed(dir.path(), "HEAD", "edited.txt").unwrap(),
        b"the model's edit\n"
    );
    assert_eq!(
        committed(dir.path(), "HEAD", "staged.txt").unwrap(),
        b"base\n"
    );
    assert_eq!(
        committed(dir.path(), "HEAD", "unstaged.txt").unwrap(),
        b"base\n"
    );
    assert_eq!(
        staged(dir.path(), "staged.txt").unwrap(),
        b"staged by the user\n"
    );
    assert_eq!(
        read(dir.path(), "staged.txt"),
        b"staged, then edited further\n"
    );
    assert_eq!(read(dir.path(), "unstaged.txt"), b"unstaged user work\n");
    assert_eq!(
        repo.dirty_files(&paths(&["edited.txt", "staged.txt", "unstaged.txt"]))
            .unwrap(),
        paths(&["staged.txt", "unstaged.txt"])
    );
}

#[test]
fn commit_dirty_commits_the_users_changes_as_the_user() {
    let (dir, repo) = new_repo();
    write(dir.path(), "app.py", b"x = 1\n");
    write(dir.path(), "other.py", b"y = 1\n");
    user_commit_all(dir.path(), "base");
    assert!(
        repo.commit_dirty(&paths(&["app.py"]), "wip")
            .unwrap()
            .is_none()
    );

    write(dir.path(), "app.py", b"x = 2  # the user's own edit\n");
    write(dir.path(), "other.py", b"y = 2\n");
    write(dir.path(), "new.py", b"z = 1\n");
    let summary = repo
        .commit_dirty(&paths(&["app.py", "new.py"]), "chore: user changes")
        .unwrap()
        .expect("there were changes to commit");
    assert!(!summary.by_tool);
    assert_eq!(summary.author, NAME);
    let raw = Repository::open(dir.path()).unwrap();
    let commit = raw
        .find_commit(git2::Oid::from_str(&summary.id).unwrap())
        .unwrap();
    assert_eq!(commit.committer().name().unwrap(), NAME);
    assert!(!commit.message().unwrap().contains("Aider-Tui"));
    assert_eq!(
        committed(dir.path(), "HEAD", "app.py").unwrap(),
        b"x = 2  # the user's own edit\n"
    );
    assert_eq!(committed(dir.path(), "HEAD", "new.py").unwrap(), b"z = 1\n");
    assert_eq!(
        committed(dir.path(), "HEAD", "other.py").unwrap(),
        b"y = 1\n"
    );
    assert_eq!(read(dir.path(), "other.py"), b"y = 2\n");
    assert!(
        repo.dirty_files(&paths(&["app.py", "new.py"]))
            .unwrap()
            .is_empty()
    );
    // And undo will not take the user's commit away.
    assert!(matches!(
        repo.undo_last(),
        Err(GitError::UndoRefused { .. })
    ));
    assert_eq!(
        read(dir.path(), "app.py"),
        b"x = 2  # the user's own edit\n"
    );
}

#[test]
fn dirty_files_counts_untracked_but_not_ignored_or_clean() {
    let (dir, repo) = new_repo();
    write(dir.path(), ".gitignore", b"*.log\n");
    write(dir.path(), "clean.txt", b"c\n");
    user_commit_all(dir.path(), "base");
    write(dir.path(), "fresh/new.txt", b"n\n");
    write(dir.path(), "debug.log", b"l\n");
    let dirty = repo
        .dirty_files(&paths(&[
            "clean.txt",
            "fresh/new.txt",
            "debug.log",
            "missing.txt",
        ]))
        .unwrap();
    assert_eq!(dirty, paths(&["fresh/new.txt"]));
    // Absolute paths inside the root are accepted; paths outside are refused.
    let absolute = repo.root().join("fresh/new.txt").display().to_string();
    assert_eq!(
        repo.dirty_files(&[absolute]).unwrap(),
        paths(&["fresh/new.txt"])
    );
    assert!(matches!(
        repo.dirty_files(&paths(&["../escape.txt"])),
        Err(GitError::OutsideRepository { .. })
    ));
}

#[test]
fn ignored_untracked_files_are_never_committed() {
    let (dir, repo) = new_repo();
    write(dir.path(), ".gitignore", b".env\n");
    user_commit_all(dir.path(), "base");
    write(dir.path(), ".env", b"OPENAI_API_KEY=secret\n");
    write(dir.path(), "a.txt", b"a\n");
    repo.commit_files(&paths(&[".env", "a.txt"]), "feat: a", &tool())
        .unwrap();
    assert!(committed(dir.path(), "HEAD", ".env").is_none());
    assert!(committed(dir.path(), "HEAD", "a.txt").is_some());
    let err = repo
        .commit_files(&paths(&[".env"]), "feat: env", &tool())
        .unwrap_err();
    assert!(matches!(err, GitError::NothingToCommit(_)), "{err}");
}

#[test]
fn undo_restores_content_and_index_and_works_after_a_restart() {
    let (dir, repo) = new_repo();
    write(dir.path(), "src/deep/lib.rs", b"fn old() {}\n");
    write(dir.path(), "gone.txt", b"will be deleted by the tool\n");
    write(dir.path(), "staged.txt", b"base\n");
    user_commit_all(dir.path(), "base");
    let base = repo.head().unwrap();

    // The user's own staged and unstaged work elsewhere, which must survive.
    write(dir.path(), "staged.txt", b"user staged\n");
    let raw = Repository::open(dir.path()).unwrap();
    let mut index = raw.index().unwrap();
    index.add_path(Path::new("staged.txt")).unwrap();
    index.write().unwrap();
    write(dir.path(), "notes.txt", b"untracked user notes\n");

    write(dir.path(), "src/deep/lib.rs", b"fn new() {}\n");
    write(dir.path(), "src/added.rs", b"// created by the tool\n");
    std::fs::remove_file(dir.path().join("gone.txt")).unwrap();
    let edit = repo
        .commit_files(
            &paths(&["src/deep/lib.rs", "src/added.rs", "gone.txt"]),
            "feat: edit",
            &tool(),
        )
        .unwrap();
    assert!(committed(dir.path(), "HEAD", "gone.txt").is_none());
    drop(repo);

    // A new process: nothing but the repository on disk.
    let restarted = GitRepo::discover(dir.path()).unwrap().unwrap();
    assert!(restarted.is_tool_commit("HEAD").unwrap());
    let report = restarted.undo_last().unwrap();
    assert_eq!(report.undone.id, edit.id);
    assert_eq!(report.head.as_deref(), Some(base.as_str()));
    let mut files = report.files.clone();
    files.sort();
    assert_eq!(
        files,
        paths(&["gone.txt", "src/added.rs", "src/deep/lib.rs"])
    );

    assert_eq!(read(dir.path(), "src/deep/lib.rs"), b"fn old() {}\n");
    assert!(!dir.path().join("src/added.rs").exists());
    assert_eq!(
        read(dir.path(), "gone.txt"),
        b"will be deleted by the tool\n"
    );
    assert_eq!(
        staged(dir.path(), "src/deep/lib.rs").unwrap(),
        b"fn old() {}\n"
    );
    assert!(staged(dir.path(), "src/added.rs").is_none());
    assert!(
        restarted
            .dirty_files(&paths(&["src/deep/lib.rs", "src/added.rs", "gone.txt"]))
            .unwrap()
            .is_empty()
    );
    // The user's other work is untouched.
    assert_eq!(staged(dir.path(), "staged.txt").unwrap(), b"user staged\n");
    assert_eq!(read(dir.path(), "notes.txt"), b"untracked user notes\n");
    // The base commit is the user's: a second undo refuses.
    let err = restarted.undo_last().unwrap_err();
    assert!(err.to_string().contains("not made by aider-tui"), "{err}");
}

#[test]
fn undo_refuses_when_a_touched_file_is_dirty() {
    let (dir, repo) = new_repo();
    write(dir.path(), "a.txt", b"base\n");
    user_commit_all(dir.path(), "base");
    write(dir.path(), "a.txt", b"tool\n");
    let edit = repo
        .commit_files(&paths(&["a.txt"]), "feat: a", &tool())
        .unwrap();
    write(dir.path(), "a.txt", b"the user kept typing\n");
    let err = repo.undo_last().unwrap_err();
    let GitError::UndoRefused { reason } = &err else {
        panic!("{err}")
    };
    assert!(
        reason.contains("a.txt") && reason.contains("uncommitted"),
        "{reason}"
    );
    assert_eq!(read(dir.path(), "a.txt"), b"the user kept typing\n");
    assert_eq!(repo.head().unwrap(), edit.id);
}

#[test]
fn undo_refuses_a_pushed_commit() {
    let (dir, repo) = new_repo();
    let remote_dir = TempDir::new().unwrap();
    Repository::init_bare(remote_dir.path()).unwrap();
    write(dir.path(), "a.txt", b"base\n");
    user_commit_all(dir.path(), "base");
    write(dir.path(), "a.txt", b"tool\n");
    let edit = repo
        .commit_files(&paths(&["a.txt"]), "feat: a", &tool())
        .unwrap();

    let raw = Repository::open(dir.path()).unwrap();
    let branch = repo.branch().unwrap();
    let mut remote = raw
        .remote("origin", remote_dir.path().to_str().unwrap())
        .unwrap();
    let spec = format!("refs/heads/{branch}:refs/heads/{branch}");
    remote.push(&[spec.as_str()], None).unwrap();
    // Record the remote-tracking branch as a fetch would, then set the upstream.
    raw.reference(
        &format!("refs/remotes/origin/{branch}"),
        git2::Oid::from_str(&edit.id).unwrap(),
        true,
        "test: pushed",
    )
    .unwrap();
    // A remote-tracking branch alone is enough to refuse.
    let err = repo.undo_last().unwrap_err();
    assert!(err.to_string().contains("pushed"), "{err}");
    raw.find_branch(&branch, git2::BranchType::Local)
        .unwrap()
        .set_upstream(Some(&format!("origin/{branch}")))
        .unwrap();

    let err = repo.undo_last().unwrap_err();
    let GitError::UndoRefused { reason } = &err else {
        panic!("{err}")
    };
    assert!(reason.contains("pushed"), "{reason}");
    assert_eq!(read(dir.path(), "a.txt"), b"tool\n");
    assert_eq!(repo.head().unwrap(), edit.id);

    // A newer local tool commit on top of the pushed one can still be undone.
    write(dir.path(), "a.txt", b"tool again\n");
    repo.commit_files(&paths(&["a.txt"]), "feat: again", &tool())
        .unwrap();
    repo.undo_last().unwrap();
    assert_eq!(read(dir.path(), "a.txt"), b"tool\n");
}

#[test]
fn undo_refuses_with_no_commits() {
    let (_dir, repo) = new_repo();
    let err = repo.undo_last().unwrap_err();
    assert!(matches!(err, GitError::UndoRefused { .. }), "{err}");
}

#[test]
fn undoing_the_first_commit_leaves_an_unborn_branch() {
    let (dir, repo) = new_repo();
    write(dir.path(), "new.txt", b"made by the tool\n");
    repo.commit_files(&paths(&["new.txt"]), "feat: new", &tool())
        .unwrap();
    let report = repo.undo_last().unwrap();
    assert_eq!(report.head, None);
    assert_eq!(repo.head(), None);
    assert!(repo.branch().is_some());
    assert!(!dir.path().join("new.txt").exists());
    assert!(repo.tracked_files().unwrap().is_empty());
}

#[test]
fn crlf_bytes_survive_commit_and_undo() {
    let (dir, repo) = new_repo();
    let original: &[u8] = b"line one\r\nline two\r\n";
    write(dir.path(), "win.txt", original);
    user_commit_all(dir.path(), "base");
    let edited: &[u8] = b"line one\r\nline 2\r\n";
    write(dir.path(), "win.txt", edited);
    repo.commit_files(&paths(&["win.txt"]), "fix: two", &tool())
        .unwrap();
    assert_eq!(committed(dir.path(), "HEAD", "win.txt").unwrap(), edited);
    repo.undo_last().unwrap();
    assert_eq!(read(dir.path(), "win.txt"), original);
}

#[cfg(unix)]
#[test]
fn executable_bit_is_committed() {
    use std::os::unix::fs::PermissionsExt;
    let (dir, repo) = new_repo();
    write(dir.path(), "run.sh", b"#!/bin/sh\necho hi\n");
    std::fs::set_permissions(
        dir.path().join("run.sh"),
        std::fs::Permissions::from_mode(0o755),
    )
    .unwrap();
    repo.commit_files(&paths(&["run.sh"]), "feat: script", &tool())
        .unwrap();
    let raw = Repository::open(dir.path()).unwrap();
    let tree = raw.head().unwrap().peel_to_tree().unwrap();
    assert_eq!(
        tree.get_path(Path::new("run.sh")).unwrap().filemode(),
        0o100755
    );
    assert!(repo.dirty_files(&paths(&["run.sh"])).unwrap().is_empty());

    // With core.fileMode off, the x bit on disk is ignored and git's mode is kept.
    raw.config()
        .unwrap()
        .set_bool("core.filemode", false)
        .unwrap();
    std::fs::set_permissions(
        dir.path().join("run.sh"),
        std::fs::Permissions::from_mode(0o644),
    )
    .unwrap();
    write(dir.path(), "run.sh", b"#!/bin/sh\necho changed\n");
    write(dir.path(), "data.txt", b"plain\n");
    std::fs::set_permissions(
        dir.path().join("data.txt"),
        std::fs::Permissions::from_mode(0o755),
    )
    .unwrap();
    repo.commit_files(&paths(&["run.sh", "data.txt"]), "fix: script", &tool())
        .unwrap();
    let tree = raw.head().unwrap().peel_to_tree().unwrap();
    assert_eq!(
        tree.get_path(Path::new("run.sh")).unwrap().filemode(),
        0o100755
    );
    assert_eq!(
        tree.get_path(Path::new("data.txt")).unwrap().filemode(),
        0o100644
    );
    assert!(
        repo.dirty_files(&paths(&["run.sh", "data.txt"]))
            .unwrap()
            .is_empty()
    );
}

#[test]
fn revert_makes_a_new_commit_undoing_an_older_one() {
    let (dir, repo) = new_repo();
    write(dir.path(), "a.txt", b"base a\n");
    write(dir.path(), "b.txt", b"base b\n");
    user_commit_all(dir.path(), "base");
    write(dir.path(), "a.txt", b"tool a\n");
    let older = repo
        .commit_files(&paths(&["a.txt"]), "feat: a", &tool())
        .unwrap();
    write(dir.path(), "b.txt", b"tool b\n");
    repo.commit_files(&paths(&["b.txt"]), "feat: b", &tool())
        .unwrap();

    let revert = repo.revert_commit(&older.short_id, &tool()).unwrap();
    assert!(revert.by_tool);
    assert!(
        revert.summary.starts_with("Revert \"feat: a\""),
        "{}",
        revert.summary
    );
    assert_eq!(read(dir.path(), "a.txt"), b"base a\n");
    assert_eq!(read(dir.path(), "b.txt"), b"tool b\n");
    assert!(
        repo.dirty_files(&paths(&["a.txt", "b.txt"]))
            .unwrap()
            .is_empty()
    );
    assert_eq!(repo.log(10).unwrap().len(), 4);
}

#[test]
fn diffs_of_commits_files_and_ranges() {
    let (dir, repo) = new_repo();
    write(dir.path(), "a.txt", b"one\ntwo\n");
    let first = repo
        .commit_files(&paths(&["a.txt"]), "feat: a", &tool())
        .unwrap();
    let root_diff = repo.commit_diff(&first.id).unwrap();
    assert_eq!(root_diff.len(), 1);
    assert_eq!(root_diff[0].path, "a.txt");
    let added: Vec<&str> = root_diff[0].hunks[0]
        .lines
        .iter()
        .filter(|line| line.kind == aider_tui::diff::LineKind::Added)
        .map(|line| line.text.as_str())
        .collect();
    assert_eq!(added, vec!["one", "two"]);
    assert_eq!(root_diff[0].hunks[0].new_start, 1);

    write(dir.path(), "a.txt", b"one\n2\n");
    write(dir.path(), "sub/new.txt", b"fresh\n");
    let pending = repo.diff_files(&paths(&["a.txt", "sub/new.txt"])).unwrap();
    assert!(pending.contains("-two\n+2\n"), "{pending}");
    assert!(pending.contains("+fresh\n"), "{pending}");

    repo.commit_files(&paths(&["a.txt", "sub/new.txt"]), "feat: more", &tool())
        .unwrap();
    let since = repo.diff_since(&first.id).unwrap();
    assert!(
        since.contains("-two\n+2\n") && since.contains("b/sub/new.txt"),
        "{since}"
    );
    let log = repo.log(10).unwrap();
    assert_eq!(log.len(), 2);
    assert_eq!(log[0].summary, "feat: more");
    assert!(log.iter().all(|commit| commit.by_tool));
    assert!(matches!(
        repo.commit_diff("nope"),
        Err(GitError::UnknownCommit(_))
    ));
}

#[test]
fn the_state_folder_is_excluded_locally_never_in_the_tracked_gitignore() {
    let (dir, repo) = new_repo();
    write(dir.path(), ".gitignore", b"target/");
    assert!(repo.exclude_locally(".aider-tui/").unwrap());
    assert_eq!(
        read(dir.path(), ".gitignore"),
        b"target/",
        "the tracked file is untouched"
    );
    let exclude = String::from_utf8(read(dir.path(), ".git/info/exclude")).unwrap();
    assert_eq!(
        exclude
            .lines()
            .filter(|line| *line == ".aider-tui/")
            .count(),
        1
    );
    assert!(!repo.exclude_locally(".aider-tui/").unwrap(), "added once");
    assert!(repo.is_ignored(".aider-tui/cache.bin").unwrap());

    let (other, repo) = new_repo();
    write(other.path(), ".gitignore", b".aider*\r\n");
    assert!(
        !repo.exclude_locally(".aider-tui/").unwrap(),
        "already ignored"
    );
    assert_eq!(read(other.path(), ".gitignore"), b".aider*\r\n");
}

#[test]
fn revert_refuses_when_its_files_are_dirty() {
    let (dir, repo) = new_repo();
    write(dir.path(), "a.txt", b"base\n");
    user_commit_all(dir.path(), "base");
    write(dir.path(), "a.txt", b"tool\n");
    let older = repo
        .commit_files(&paths(&["a.txt"]), "feat: a", &tool())
        .unwrap();
    write(dir.path(), "b.txt", b"tool b\n");
    repo.commit_files(&paths(&["b.txt"]), "feat: b", &tool())
        .unwrap();
    let head = repo.head().unwrap();
    write(dir.path(), "a.txt", b"tool\nplus the user's line\n");
    let err = repo.revert_commit(&older.id, &tool()).unwrap_err();
    assert!(matches!(err, GitError::UndoRefused { .. }), "{err}");
    assert_eq!(read(dir.path(), "a.txt"), b"tool\nplus the user's line\n");
    assert_eq!(repo.head().unwrap(), head);
}

#[test]
fn staging_done_by_another_process_meanwhile_survives_a_commit() {
    let (dir, repo) = new_repo();
    write(dir.path(), "a.txt", b"base a\n");
    write(dir.path(), "b.txt", b"base b\n");
    user_commit_all(dir.path(), "base");
    // The session has read the index already.
    assert_eq!(repo.tracked_files().unwrap().len(), 2);

    // The user stages a file from another terminal.
    write(dir.path(), "b.txt", b"staged elsewhere\n");
    write(dir.path(), "c.txt", b"new and staged elsewhere\n");
    let other = Repository::open(dir.path()).unwrap();
    let mut index = other.index().unwrap();
    index.add_path(Path::new("b.txt")).unwrap();
    index.add_path(Path::new("c.txt")).unwrap();
    index.write().unwrap();

    write(dir.path(), "a.txt", b"tool a\n");
    repo.commit_files(&paths(&["a.txt"]), "feat: a", &tool())
        .unwrap();
    assert_eq!(staged(dir.path(), "b.txt").unwrap(), b"staged elsewhere\n");
    assert_eq!(
        staged(dir.path(), "c.txt").unwrap(),
        b"new and staged elsewhere\n"
    );
    assert!(committed(dir.path(), "HEAD", "c.txt").is_none());

    repo.undo_last().unwrap();
    assert_eq!(staged(dir.path(), "b.txt").unwrap(), b"staged elsewhere\n");
    assert_eq!(
        staged(dir.path(), "c.txt").unwrap(),
        b"new and staged elsewhere\n"
    );
    assert_eq!(read(dir.path(), "a.txt"), b"base a\n");
}

#[test]
fn autocrlf_repositories_stay_clean_and_keep_crlf_in_the_working_tree() {
    let (dir, repo) = new_repo();
    let raw = Repository::open(dir.path()).unwrap();
    raw.config()
        .unwrap()
        .set_bool("core.autocrlf", true)
        .unwrap();
    write(dir.path(), "win.txt", b"one\r\ntwo\r\n");
    user_commit_all(dir.path(), "base");
    write(dir.path(), "win.txt", b"one\r\n2\r\n");
    repo.commit_files(&paths(&["win.txt"]), "fix: two", &tool())
        .unwrap();
    // Stored as git would store it (LF), and the working tree counts as clean.
    assert_eq!(
        committed(dir.path(), "HEAD", "win.txt").unwrap(),
        b"one\n2\n"
    );
    assert!(repo.dirty_files(&paths(&["win.txt"])).unwrap().is_empty());
    repo.undo_last().unwrap();
    assert_eq!(read(dir.path(), "win.txt"), b"one\r\ntwo\r\n");
}

/// One step of a session, for the model-based test below.
#[derive(Debug, Clone)]
enum Step {
    /// The user types into a file.
    UserEdit { file: usize, text: u8 },
    /// The user stages a file.
    UserStage { file: usize },
    /// A turn: commit the user's pending changes to these files, write the model's
    /// content, commit it as the tool.
    ToolTurn { files: Vec<usize>, text: u8 },
    /// `/undo`.
    Undo,
}

const MODEL_FILES: [&str; 4] = ["a.txt", "dir/b.txt", "dir/deep/c.txt", "d.txt"];

fn step_strategy() -> impl proptest::strategy::Strategy<Value = Step> {
    use proptest::prelude::*;
    prop_oneof![
        (0..4usize, any::<u8>()).prop_map(|(file, text)| Step::UserEdit { file, text }),
        (0..4usize).prop_map(|file| Step::UserStage { file }),
        (
            proptest::collection::btree_set(0..4usize, 1..3),
            any::<u8>()
        )
            .prop_map(|(files, text)| Step::ToolTurn {
                files: files.into_iter().collect(),
                text
            }),
        Just(Step::Undo),
    ]
}

/// A file's working-tree bytes and staged bytes (`None`: absent).
type FileState = (Option<Vec<u8>>, Option<Vec<u8>>);

/// The state of every model file.
fn snapshot(dir: &Path) -> Vec<FileState> {
    MODEL_FILES
        .iter()
        .map(|file| (std::fs::read(dir.join(file)).ok(), staged(dir, file)))
        .collect()
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config { cases: 24, ..Default::default() })]

    /// Whatever the user and the tool do, the user's work is never lost: a refused
    /// undo changes nothing, an undo restores exactly the tool commit's files to
    /// their previous committed content, and files outside a step are untouched.
    #[test]
    fn no_sequence_of_turns_and_undos_loses_user_work(
        steps in proptest::collection::vec(step_strategy(), 1..12)
    ) {
        let (dir, repo) = new_repo();
        let root = dir.path();
        for (index, file) in MODEL_FILES.iter().enumerate() {
            write(root, file, format!("base {index}\n").as_bytes());
        }
        user_commit_all(root, "base");
        for step in steps {
            let before = snapshot(root);
            let head_before = repo.head();
            match step {
                Step::UserEdit { file, text } => {
                    write(root, MODEL_FILES[file], format!("user {text}\r\n").as_bytes());
                }
                Step::UserStage { file } => {
                    let raw = Repository::open(root).unwrap();
                    let mut index = raw.index().unwrap();
                    index.add_path(Path::new(MODEL_FILES[file])).unwrap();
                    index.write().unwrap();
                }
                Step::ToolTurn { files, text } => {
                    let chosen: Vec<String> =
                        files.iter().map(|&file| MODEL_FILES[file].to_string()).collect();
                    let user_commit = repo.commit_dirty(&chosen, "").unwrap();
                    if let Some(commit) = &user_commit {
                        // The user's pending content is now committed, byte for byte.
                        for &file in &files {
                            let committed_now = committed(root, &commit.id, MODEL_FILES[file]);
                            proptest::prop_assert_eq!(committed_now, before[file].0.clone());
                        }
                    }
                    for &file in &files {
                        write(root, MODEL_FILES[file], format!("tool {text}\n").as_bytes());
                    }
                    match repo.commit_files(&chosen, "feat: tool", &tool()) {
                        Ok(_) | Err(GitError::NothingToCommit(_)) => {}
                        Err(err) => proptest::prop_assert!(false, "commit failed: {err}"),
                    }
                    let after = snapshot(root);
                    for file in 0..MODEL_FILES.len() {
                        if !files.contains(&file) {
                            proptest::prop_assert_eq!(&after[file], &before[file]);
                        }
                    }
                }
                Step::Undo => match repo.undo_last() {
                    Ok(report) => {
                        let undone = head_before.clone().unwrap();
                        proptest::prop_assert_eq!(&report.undone.id, &undone);
                        let parent = format!("{undone}~1");
                        for (index, file) in MODEL_FILES.iter().enumerate() {
                            let now = std::fs::read(root.join(file)).ok();
                            if report.files.iter().any(|touched| touched == file) {
                                proptest::prop_assert_eq!(now, committed(root, &parent, file));
                            } else {
                                proptest::prop_assert_eq!(&now, &before[index].0);
                                proptest::prop_assert_eq!(&staged(root, file), &before[index].1);
                            }
                        }
                    }
                    Err(GitError::UndoRefused { .. }) => {
                        proptest::prop_assert_eq!(snapshot(root), before);
                        proptest::prop_assert_eq!(repo.head(), head_before);
                    }
                    Err(err) => proptest::prop_assert!(false, "undo failed: {err}"),
                },
            }
        }
    }
}

#[cfg(unix)]
#[test]
fn paths_through_a_symlinked_folder_are_refused() {
    let (dir, repo) = new_repo();
    let outside = TempDir::new().unwrap();
    write(
        outside.path(),
        "secret.txt",
        b"not part of the repository\n",
    );
    std::os::unix::fs::symlink(outside.path(), dir.path().join("linked")).unwrap();
    let err = repo
        .commit_files(&paths(&["linked/secret.txt"]), "feat: x", &tool())
        .unwrap_err();
    assert!(matches!(err, GitError::OutsideRepository { .. }), "{err}");
    assert_eq!(repo.head(), None);
    // A symlink to a file is committed as a link, as git does.
    write(dir.path(), "real.txt", b"real\n");
    std::os::unix::fs::symlink("real.txt", dir.path().join("alias.txt")).unwrap();
    repo.commit_files(&paths(&["real.txt", "alias.txt"]), "feat: link", &tool())
        .unwrap();
    let raw = Repository::open(dir.path()).unwrap();
    let tree = raw.head().unwrap().peel_to_tree().unwrap();
    let entry = tree.get_path(Path::new("alias.txt")).unwrap();
    assert_eq!(entry.filemode(), 0o120000);
    assert_eq!(raw.find_blob(entry.id()).unwrap().content(), b"real.txt");
    assert!(repo.dirty_files(&paths(&["alias.txt"])).unwrap().is_empty());
}

#[test]
fn a_tracked_file_is_never_ignored_whatever_the_rules_say() {
    // Debian's kernel tree ignores `/*` and tracks its files with `git add -f`.
    let (dir, repo) = new_repo();
    write(dir.path(), "kernel/fork.c", b"int fork(void);\n");
    write(dir.path(), "kernel/untracked.c", b"int other(void);\n");
    let raw = Repository::open(dir.path()).unwrap();
    let mut index = raw.index().unwrap();
    index.add_path(Path::new("kernel/fork.c")).unwrap();
    index.write().unwrap();
    write(dir.path(), ".gitignore", b"/*\n");
    assert!(!repo.is_ignored("kernel/fork.c").unwrap(), "tracked");
    assert!(
        repo.is_ignored("kernel/untracked.c").unwrap(),
        "untracked and ignored"
    );
}

#[test]
fn redo_reads_only_its_own_references_and_the_commits_it_recorded() {
    let (dir, repo) = new_repo();
    write(dir.path(), "a.txt", b"one\n");
    user_commit_all(dir.path(), "first");
    let raw = Repository::open(dir.path()).unwrap();
    let base = raw.head().unwrap().peel_to_commit().unwrap();
    // Someone else's commit, behind a tag, never on the branch.
    let blob = raw.blob(b"theirs\n").unwrap();
    let mut tree = raw.treebuilder(Some(&base.tree().unwrap())).unwrap();
    tree.insert("a.txt", blob, 0o100644).unwrap();
    let tree = raw.find_tree(tree.write().unwrap()).unwrap();
    let who = git2::Signature::now("Someone", "someone@example.com").unwrap();
    let theirs = raw
        .commit(None, &who, &who, "theirs", &tree, &[&base])
        .unwrap();
    raw.tag_lightweight("v1", &raw.find_object(theirs, None).unwrap(), false)
        .unwrap();
    raw.reference("refs/aider-tui/rewound/s/1", theirs, false, "kept")
        .unwrap();
    let branch = repo.branch();
    let rewound = |reference: &str, commits: Vec<String>| aider_tui::git::Rewound {
        reference: reference.to_string(),
        branch: branch.clone(),
        from: theirs.to_string(),
        to: Some(base.id().to_string()),
        files: paths(&["a.txt"]),
        commits,
    };
    for planted in [
        rewound("refs/tags/v1", vec![theirs.to_string()]),
        rewound("refs/aider-tui/rewound/s/1", vec!["f".repeat(40)]),
    ] {
        let refused = repo.redo(&planted).unwrap_err();
        assert!(
            matches!(&refused, GitError::RewindRefused { reason } if reason.contains(&planted.reference)),
            "{refused}"
        );
        assert_eq!(raw.head().unwrap().target(), Some(base.id()));
        assert!(raw.find_reference("refs/tags/v1").is_ok());
        assert!(raw.find_reference("refs/aider-tui/rewound/s/1").is_ok());
        assert_eq!(read(dir.path(), "a.txt"), b"one\n");
    }
}
