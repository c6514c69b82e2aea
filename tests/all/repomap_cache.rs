//! The file listing and the tag cache (a per-user store keyed by blob id, and
//! the repository's path → hash index): invalidation, deletion, corruption,
//! concurrent writers, clones and branch switches, eviction, ignore files, plain
//! folders and git repositories.

use std::path::Path;
use std::time::{Duration, SystemTime};

use aider_tui::repomap::{INDEX_FILE_NAME, MapOptions, MapRequest, RepoMap};

fn write(root: &Path, path: &str, text: &str) {
    let full = root.join(path);
    std::fs::create_dir_all(full.parent().unwrap()).unwrap();
    std::fs::write(full, text).unwrap();
}

/// Moves a file's mtime forward so the change is seen even within one clock tick.
fn touch_later(root: &Path, path: &str) {
    let file = std::fs::File::options()
        .write(true)
        .open(root.join(path))
        .unwrap();
    file.set_modified(SystemTime::now() + Duration::from_secs(5))
        .unwrap();
}

fn sample(root: &Path) {
    write(
        root,
        "src/lib.rs",
        "pub mod parse;\npub fn entry_point() { parse::parse_input(\"\"); }\n",
    );
    write(
        root,
        "src/parse.rs",
        "pub fn parse_input(text: &str) -> usize { text.len() }\n",
    );
    write(root, "docs/guide.md", "# Guide\n");
    write(root, "Makefile", "all:\n\tcargo build\n");
}

/// Options with the tag store in `store` (never the user's own cache).
fn cached_options(store: &Path) -> MapOptions {
    MapOptions {
        cache: true,
        cache_dir: Some(store.to_path_buf()),
        ..MapOptions::default()
    }
}

fn segments(store: &Path) -> Vec<std::path::PathBuf> {
    let mut found: Vec<_> = std::fs::read_dir(store)
        .map(|entries| {
            entries
                .map(|entry| entry.unwrap().path())
                .filter(|path| path.extension().is_some_and(|ext| ext == "seg"))
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    found
}

fn definition_names(map: &RepoMap, path: &str) -> Vec<String> {
    map.file_tags(path)
        .unwrap()
        .definitions
        .into_iter()
        .map(|d| d.name)
        .collect()
}

/// Commits everything in the work tree.
fn commit_all(repo: &git2::Repository, message: &str) -> git2::Oid {
    let mut index = repo.index().unwrap();
    index
        .add_all(["*"], git2::IndexAddOption::DEFAULT, None)
        .unwrap();
    index.write().unwrap();
    let tree = repo.find_tree(index.write_tree().unwrap()).unwrap();
    let signature = git2::Signature::now("test", "test@localhost").unwrap();
    let parents: Vec<git2::Commit> = repo
        .head()
        .ok()
        .and_then(|head| head.peel_to_commit().ok())
        .into_iter()
        .collect();
    let parents: Vec<&git2::Commit> = parents.iter().collect();
    repo.commit(
        Some("HEAD"),
        &signature,
        &signature,
        message,
        &tree,
        &parents,
    )
    .unwrap()
}

#[test]
fn a_second_scan_uses_the_cache() {
    let dir = tempfile::tempdir().unwrap();
    let store = tempfile::tempdir().unwrap();
    sample(dir.path());
    let mut map = RepoMap::open(dir.path(), cached_options(store.path())).unwrap();
    let first = map.refresh().unwrap();
    assert_eq!((first.files, first.parsed, first.cache_hits), (4, 4, 0));
    assert!(first.cache_error.is_none(), "{:?}", first.cache_error);
    assert_eq!(segments(store.path()).len(), 1);
    assert!(dir.path().join(".aider-tui").join(INDEX_FILE_NAME).exists());
    // The cache no longer writes a .gitignore of its own.
    assert!(!dir.path().join(".aider-tui/.gitignore").exists());
    // The tool's own folder is never mapped.
    assert!(
        map.files()
            .iter()
            .all(|path| !path.starts_with(".aider-tui"))
    );

    let again = map.refresh().unwrap();
    assert_eq!((again.parsed, again.cache_hits), (0, 4));

    // A new process (a new RepoMap) reads the store and the index from disk.
    let mut reopened = RepoMap::open(dir.path(), cached_options(store.path())).unwrap();
    let warm = reopened.refresh().unwrap();
    assert_eq!((warm.files, warm.parsed, warm.cache_hits), (4, 0, 4));
    assert_eq!(
        definition_names(&reopened, "src/parse.rs"),
        vec!["parse_input"]
    );
    assert_eq!(reopened.files(), map.files());
    // Nothing new was written.
    assert_eq!(segments(store.path()).len(), 1);
}

#[test]
fn an_edited_file_is_parsed_again_and_a_deleted_one_disappears() {
    let dir = tempfile::tempdir().unwrap();
    let store = tempfile::tempdir().unwrap();
    sample(dir.path());
    let mut map = RepoMap::open(dir.path(), cached_options(store.path())).unwrap();
    map.refresh().unwrap();

    write(
        dir.path(),
        "src/parse.rs",
        "pub fn parse_number(text: &str) -> u64 { text.parse().unwrap_or(0) }\n",
    );
    touch_later(dir.path(), "src/parse.rs");
    std::fs::remove_file(dir.path().join("docs/guide.md")).unwrap();
    let stats = map.refresh().unwrap();
    assert_eq!((stats.parsed, stats.removed, stats.cache_hits), (1, 1, 2));
    assert_eq!(definition_names(&map, "src/parse.rs"), vec!["parse_number"]);
    assert!(!map.files().contains(&"docs/guide.md".to_string()));
    assert!(map.identifiers().any(|name| name == "parse_number"));
    assert!(!map.identifiers().any(|name| name == "parse_input"));

    // The store and index on disk have the change too.
    let mut reopened = RepoMap::open(dir.path(), cached_options(store.path())).unwrap();
    let warm = reopened.refresh().unwrap();
    assert_eq!(warm.parsed, 0);
    assert_eq!(
        definition_names(&reopened, "src/parse.rs"),
        vec!["parse_number"]
    );
    assert_eq!(reopened.files().len(), 3);

    // Putting the old text back needs no parse: that content is in the store.
    write(
        dir.path(),
        "src/parse.rs",
        "pub fn parse_input(text: &str) -> usize { text.len() }\n",
    );
    touch_later(dir.path(), "src/parse.rs");
    let mut third = RepoMap::open(dir.path(), cached_options(store.path())).unwrap();
    let stats = third.refresh().unwrap();
    // Its hash is unknown until it is read: it is read and hashed, not parsed.
    assert_eq!((stats.parsed, stats.cache_hits), (0, 3));
    assert_eq!(
        definition_names(&third, "src/parse.rs"),
        vec!["parse_input"]
    );
}

#[test]
fn a_file_grown_past_the_size_cap_leaves_the_map() {
    let dir = tempfile::tempdir().unwrap();
    let store = tempfile::tempdir().unwrap();
    sample(dir.path());
    let options = MapOptions {
        max_file_bytes: 200,
        ..cached_options(store.path())
    };
    let mut map = RepoMap::open(dir.path(), options.clone()).unwrap();
    map.refresh().unwrap();
    assert!(map.files().contains(&"src/parse.rs".to_string()));

    let mut big = String::from("pub fn parse_input(text: &str) -> usize { text.len() }\n");
    big.push_str(&"// padding\n".repeat(40));
    write(dir.path(), "src/parse.rs", &big);
    touch_later(dir.path(), "src/parse.rs");
    let stats = map.refresh().unwrap();
    assert_eq!((stats.parsed, stats.removed), (0, 1));
    assert!(!map.files().contains(&"src/parse.rs".to_string()));
    assert!(!map.identifiers().any(|name| name == "parse_input"));
    // The graph was rebuilt for the smaller set of files: the map still renders
    // the remaining ones.
    let output = map.render(&MapRequest {
        max_tokens: 1024,
        ..MapRequest::default()
    });
    assert!(output.text.contains("src/lib.rs"), "{}", output.text);
    assert!(!output.text.contains("src/parse.rs"), "{}", output.text);

    // A new process sees the same.
    let mut reopened = RepoMap::open(dir.path(), options).unwrap();
    reopened.refresh().unwrap();
    assert!(!reopened.files().contains(&"src/parse.rs".to_string()));
}

#[test]
fn a_very_long_markdown_file_is_mapped_by_name_only() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "README.md", "# Project\n\n## Install\n");
    let mut changelog = String::new();
    for version in 0..4000 {
        changelog.push_str(&format!("## 1.{version}.0\n\n- fixed a thing\n\n"));
    }
    assert!(changelog.len() > 64 * 1024);
    write(dir.path(), "CHANGELOG.md", &changelog);
    let mut map = RepoMap::open(
        dir.path(),
        MapOptions {
            cache: false,
            ..MapOptions::default()
        },
    )
    .unwrap();
    map.refresh().unwrap();
    assert_eq!(definition_names(&map, "README.md"), ["Project", "Install"]);
    assert!(definition_names(&map, "CHANGELOG.md").is_empty());
    assert!(map.files().contains(&"CHANGELOG.md".to_string()));
}

#[test]
fn a_corrupt_or_truncated_store_or_index_is_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let store = tempfile::tempdir().unwrap();
    sample(dir.path());
    let mut map = RepoMap::open(dir.path(), cached_options(store.path())).unwrap();
    map.refresh().unwrap();
    let segment = segments(store.path()).remove(0);
    let good = std::fs::read(&segment).unwrap();
    let index_file = dir.path().join(".aider-tui").join(INDEX_FILE_NAME);

    let mut flipped = good.clone();
    let middle = flipped.len() / 2;
    flipped[middle] ^= 0xff;
    for damaged in [
        good[..good.len() / 2].to_vec(),
        good[..good.len() - 1].to_vec(),
        vec![0xff; 64],
        Vec::new(),
        b"not a cache".to_vec(),
        flipped,
    ] {
        for old in segments(store.path()) {
            std::fs::remove_file(old).unwrap();
        }
        std::fs::write(&segment, &damaged).unwrap();
        let mut reopened = RepoMap::open(dir.path(), cached_options(store.path())).unwrap();
        let stats = reopened.refresh().unwrap();
        assert_eq!(stats.files, 4);
        assert_eq!(
            definition_names(&reopened, "src/parse.rs"),
            vec!["parse_input"]
        );
        // And the rebuilt store serves a new process.
        let mut third = RepoMap::open(dir.path(), cached_options(store.path())).unwrap();
        assert_eq!(third.refresh().unwrap().cache_hits, 4);
    }

    // A damaged index only costs hashing: the store still has every blob.
    std::fs::write(&index_file, b"\x01\x02garbage").unwrap();
    let mut reopened = RepoMap::open(dir.path(), cached_options(store.path())).unwrap();
    let stats = reopened.refresh().unwrap();
    assert_eq!(stats.files, 4);
    assert_eq!(
        definition_names(&reopened, "src/parse.rs"),
        vec!["parse_input"]
    );
}

#[test]
fn concurrent_writers_leave_a_valid_store() {
    let dir = tempfile::tempdir().unwrap();
    let store = tempfile::tempdir().unwrap();
    for index in 0..40 {
        write(
            dir.path(),
            &format!("pkg/mod_{index}.py"),
            &format!("def function_{index}():\n    return {index}\n"),
        );
    }
    let root = dir.path().to_path_buf();
    let writers: Vec<_> = (0..4)
        .map(|writer| {
            let root = root.clone();
            let store = store.path().to_path_buf();
            std::thread::spawn(move || {
                for round in 0..5 {
                    // Each writer edits its own file every round, so every refresh
                    // parses something and writes while the others do too.
                    let own = format!("pkg/mod_{writer}.py");
                    write(
                        &root,
                        &own,
                        &format!("def function_{writer}_{round}():\n    return {round}\n"),
                    );
                    touch_later(&root, &own);
                    let mut map = RepoMap::open(&root, cached_options(&store)).unwrap();
                    let stats = map.refresh().unwrap();
                    assert_eq!(stats.files, 40);
                    // Another writer's scan may have parsed this edit already
                    // and put it in the shared store.
                    assert_eq!(stats.parsed + stats.cache_hits, 40);
                    assert!(stats.cache_error.is_none(), "{:?}", stats.cache_error);
                    assert_eq!(
                        definition_names(&map, &own),
                        [format!("function_{writer}_{round}")]
                    );
                }
            })
        })
        .collect();
    for writer in writers {
        writer.join().unwrap();
    }
    let mut map = RepoMap::open(&root, cached_options(store.path())).unwrap();
    let stats = map.refresh().unwrap();
    // The last index written wins; files another writer changed after it are
    // parsed again (one per writer at most).
    assert_eq!(stats.files, 40);
    assert!(stats.cache_hits >= 36, "{stats:?}");
    assert_eq!(stats.cache_hits + stats.parsed, 40);
    let again = map.refresh().unwrap();
    assert_eq!((again.cache_hits, again.parsed), (40, 0));
    for writer in 0..4 {
        assert_eq!(
            definition_names(&map, &format!("pkg/mod_{writer}.py")),
            [format!("function_{writer}_4")]
        );
    }
    // No temporary files are left behind.
    let leftovers: Vec<String> = std::fs::read_dir(store.path())
        .unwrap()
        .chain(std::fs::read_dir(root.join(".aider-tui")).unwrap())
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn a_fresh_clone_another_worktree_and_a_branch_switch_are_warm() {
    let store = tempfile::tempdir().unwrap();
    let origin_dir = tempfile::tempdir().unwrap();
    let origin = git2::Repository::init(origin_dir.path()).unwrap();
    sample(origin_dir.path());
    commit_all(&origin, "first");
    let mut map = RepoMap::open(origin_dir.path(), cached_options(store.path())).unwrap();
    assert_eq!(map.refresh().unwrap().parsed, 4);

    // A clone elsewhere has no index of its own: the blob ids from git's index
    // find the tags in the store.
    let clone_dir = tempfile::tempdir().unwrap();
    let clone_path = clone_dir.path().join("clone");
    git2::Repository::clone(origin_dir.path().to_str().unwrap(), &clone_path).unwrap();
    let mut cloned = RepoMap::open(&clone_path, cached_options(store.path())).unwrap();
    let stats = cloned.refresh().unwrap();
    assert_eq!((stats.files, stats.parsed, stats.cache_hits), (4, 0, 4));
    assert_eq!(
        definition_names(&cloned, "src/parse.rs"),
        vec!["parse_input"]
    );

    // A branch with a changed file, mapped once, then back and forth.
    let clone = git2::Repository::open(&clone_path).unwrap();
    let main_commit = clone.head().unwrap().peel_to_commit().unwrap();
    clone.branch("feature", &main_commit, false).unwrap();
    clone.set_head("refs/heads/feature").unwrap();
    write(
        &clone_path,
        "src/parse.rs",
        "pub fn parse_feature(text: &str) -> bool { text.is_empty() }\n",
    );
    touch_later(&clone_path, "src/parse.rs");
    commit_all(&clone, "feature");
    assert_eq!(cloned.refresh().unwrap().parsed, 1);
    assert_eq!(definition_names(&cloned, "src/parse.rs"), ["parse_feature"]);

    let checkout = |reference: &str| {
        clone.set_head(reference).unwrap();
        clone
            .checkout_head(Some(git2::build::CheckoutBuilder::new().force()))
            .unwrap();
    };
    checkout("refs/heads/master");
    let mut back = RepoMap::open(&clone_path, cached_options(store.path())).unwrap();
    let stats = back.refresh().unwrap();
    assert_eq!(stats.parsed, 0, "{stats:?}");
    assert_eq!(definition_names(&back, "src/parse.rs"), ["parse_input"]);
    checkout("refs/heads/feature");
    let stats = back.refresh().unwrap();
    assert_eq!(stats.parsed, 0, "{stats:?}");
    assert_eq!(definition_names(&back, "src/parse.rs"), ["parse_feature"]);
}

#[test]
fn the_store_keeps_to_its_cap_dropping_the_least_recently_used() {
    let store = tempfile::tempdir().unwrap();
    let mut roots = Vec::new();
    for project in 0..3 {
        let dir = tempfile::tempdir().unwrap();
        for file in 0..30 {
            write(
                dir.path(),
                &format!("m{file}.py"),
                &format!("def project_{project}_function_{file}():\n    return {file}\n"),
            );
        }
        roots.push(dir);
    }
    let options = |cap: u64| MapOptions {
        cache_max_bytes: cap,
        ..cached_options(store.path())
    };
    RepoMap::open(roots[0].path(), options(u64::MAX))
        .unwrap()
        .refresh()
        .unwrap();
    let first_segment = segments(store.path())[0].clone();
    let one_segment = std::fs::metadata(&first_segment).unwrap().len();
    RepoMap::open(roots[1].path(), options(u64::MAX))
        .unwrap()
        .refresh()
        .unwrap();
    let second_segment = segments(store.path())
        .into_iter()
        .find(|path| *path != first_segment)
        .unwrap();
    // Last used two hours and one hour ago: by age alone the first would go.
    let used_ago = |path: &Path, hours: u64| {
        let file = std::fs::File::options().write(true).open(path).unwrap();
        let then = std::time::SystemTime::now() - Duration::from_secs(hours * 3600);
        file.set_modified(then).unwrap();
    };
    used_ago(&first_segment, 2);
    used_ago(&second_segment, 1);
    // Use the first project again: the second is now the least recently used.
    let warm = RepoMap::open(roots[0].path(), options(u64::MAX))
        .unwrap()
        .refresh()
        .unwrap();
    assert_eq!(warm.parsed, 0);
    // Room for about two segments: writing the third evicts the second's.
    RepoMap::open(roots[2].path(), options(one_segment * 5 / 2))
        .unwrap()
        .refresh()
        .unwrap();
    assert_eq!(segments(store.path()).len(), 2);
    let first = RepoMap::open(roots[0].path(), options(u64::MAX))
        .unwrap()
        .refresh()
        .unwrap();
    assert_eq!(first.parsed, 0, "the recently used segment stays");
    let second = RepoMap::open(roots[1].path(), options(u64::MAX))
        .unwrap()
        .refresh()
        .unwrap();
    assert_eq!(second.parsed, 30, "the least recently used segment went");
}

#[test]
fn a_plain_folder_honours_ignore_files_and_skips_unmappable_files() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(
        root,
        "main.py",
        "from helpers import assist_user\nassist_user()\n",
    );
    write(root, "helpers.py", "def assist_user():\n    return 1\n");
    write(root, "notes.txt", "plain text takes part by name\n");
    write(root, ".gitignore", "build/\n");
    write(
        root,
        "build/generated.py",
        "def generated_code():\n    pass\n",
    );
    write(root, ".aiderignore", "secret/\n");
    write(root, "secret/keys.py", "API_KEY = 'x'\n");
    std::fs::write(root.join("logo.png"), [0x89, b'P', b'N', b'G', 0, 0, 0, 13]).unwrap();
    write(root, "huge.py", &"x = 1\n".repeat(200_000));
    write(
        root,
        "bundle.js",
        &format!("var a={};\n", "1+".repeat(20_000) + "1"),
    );
    write(root, "app.min.js", "function a(){return 1}\n");
    write(root, ".aider.chat.history.md", "# aider chat started\n");
    write(root, ".aider.tags.cache.v4/cache.db", "state\n");

    let options = MapOptions {
        cache: false,
        max_file_bytes: 512 * 1024,
        ..MapOptions::default()
    };
    let mut map = RepoMap::open(root, options).unwrap();
    let stats = map.refresh().unwrap();
    let files: Vec<&str> = map.files().iter().map(String::as_str).collect();
    assert_eq!(
        files,
        vec![
            ".aiderignore",
            ".gitignore",
            "helpers.py",
            "main.py",
            "notes.txt"
        ]
    );
    // Binary, too large and two minified files.
    assert_eq!(stats.skipped, 4);
    assert!(
        !root.join(".aider-tui").exists(),
        "cache disabled: nothing written"
    );

    let output = map.render(&MapRequest {
        chat_files: vec!["main.py".into()],
        max_tokens: 1024,
        ..MapRequest::default()
    });
    assert!(
        output
            .text
            .starts_with("helpers.py:\n│def assist_user():\n"),
        "{}",
        output.text
    );
    assert!(output.text.contains("\nnotes.txt\n"), "{}", output.text);
}

#[test]
fn a_git_repository_maps_its_tracked_files_less_aiderignore() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let repo = git2::Repository::init(root).unwrap();
    write(root, ".gitignore", "*.log\ntarget/\n");
    write(root, "src/main.rs", "fn main() { helper(); }\n");
    write(root, "src/helper.rs", "pub fn helper() {}\n");
    write(root, "secret/keys.rs", "pub const KEY: &str = \"x\";\n");
    write(root, ".aiderignore", "secret/\n");
    let mut index = repo.index().unwrap();
    for path in [
        "src/main.rs",
        ".gitignore",
        "secret/keys.rs",
        ".aiderignore",
    ] {
        index.add_path(Path::new(path)).unwrap();
    }
    index.write().unwrap();
    write(root, "debug.log", "noise\n");
    write(root, "target/out.rs", "fn built() {}\n");

    // Tracked but matching an ignore rule: git lists it, so the map does.
    write(root, "lib/kept.rs", "pub fn kept() {}\n");
    write(root, ".gitignore", "*.log\ntarget/\nlib/\n");
    index.add_path(Path::new("lib/kept.rs")).unwrap();
    index.write().unwrap();

    let store = tempfile::tempdir().unwrap();
    let mut map = RepoMap::open(root, cached_options(store.path())).unwrap();
    map.refresh().unwrap();
    let files: Vec<&str> = map.files().iter().map(String::as_str).collect();
    // Untracked files (src/helper.rs) are not listed, as git would not list them.
    assert_eq!(
        files,
        vec![".aiderignore", ".gitignore", "lib/kept.rs", "src/main.rs"]
    );

    // Mapping a subfolder of the repository sees the same rules.
    let mut sub = RepoMap::open(
        &root.join("lib"),
        MapOptions {
            cache: false,
            ..MapOptions::default()
        },
    )
    .unwrap();
    sub.refresh().unwrap();
    assert_eq!(sub.files(), ["kept.rs".to_string()]);

    // Without git, the same folder is walked.
    let mut walked = RepoMap::open(
        root,
        MapOptions {
            cache: false,
            use_git: false,
            ..MapOptions::default()
        },
    )
    .unwrap();
    walked.refresh().unwrap();
    assert!(walked.files().contains(&"src/helper.rs".to_string()));
    assert!(!walked.files().contains(&"secret/keys.rs".to_string()));
}

#[test]
fn opening_a_missing_folder_fails_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nowhere");
    let err = RepoMap::open(&missing, MapOptions::default())
        .err()
        .unwrap();
    assert!(err.to_string().contains("not a directory"), "{err}");
}
