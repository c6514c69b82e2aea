//! The file walk and the persistent tag cache: invalidation, deletion, corruption,
//! concurrent writers, ignore files, plain folders and git repositories.

use std::path::Path;
use std::time::{Duration, SystemTime};

use aider_tui::repomap::{CACHE_FILE_NAME, MapOptions, MapRequest, RepoMap};

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

fn cached_options(root: &Path) -> MapOptions {
    MapOptions {
        cache: true,
        cache_dir: Some(root.join(".aider-tui")),
        ..MapOptions::default()
    }
}

fn definition_names(map: &RepoMap, path: &str) -> Vec<String> {
    map.file_tags(path)
        .unwrap()
        .definitions
        .into_iter()
        .map(|d| d.name)
        .collect()
}

#[test]
fn a_second_scan_uses_the_cache() {
    let dir = tempfile::tempdir().unwrap();
    sample(dir.path());
    let mut map = RepoMap::open(dir.path(), cached_options(dir.path())).unwrap();
    let first = map.refresh().unwrap();
    assert_eq!((first.files, first.parsed, first.cache_hits), (4, 4, 0));
    assert!(dir.path().join(".aider-tui").join(CACHE_FILE_NAME).exists());
    // The tool's own folder is never mapped.
    assert!(
        map.files()
            .iter()
            .all(|path| !path.starts_with(".aider-tui"))
    );

    let again = map.refresh().unwrap();
    assert_eq!((again.parsed, again.cache_hits), (0, 4));

    // A new process (a new RepoMap) reads the cache from disk.
    let mut reopened = RepoMap::open(dir.path(), cached_options(dir.path())).unwrap();
    let warm = reopened.refresh().unwrap();
    assert_eq!((warm.files, warm.parsed, warm.cache_hits), (4, 0, 4));
    assert_eq!(
        definition_names(&reopened, "src/parse.rs"),
        vec!["parse_input"]
    );
    assert_eq!(reopened.files(), map.files());
}

#[test]
fn an_edited_file_is_parsed_again_and_a_deleted_one_disappears() {
    let dir = tempfile::tempdir().unwrap();
    sample(dir.path());
    let mut map = RepoMap::open(dir.path(), cached_options(dir.path())).unwrap();
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

    // The cache on disk has the change too.
    let mut reopened = RepoMap::open(dir.path(), cached_options(dir.path())).unwrap();
    let warm = reopened.refresh().unwrap();
    assert_eq!(warm.parsed, 0);
    assert_eq!(
        definition_names(&reopened, "src/parse.rs"),
        vec!["parse_number"]
    );
    assert_eq!(reopened.files().len(), 3);
}

#[test]
fn a_file_grown_past_the_size_cap_leaves_the_map() {
    let dir = tempfile::tempdir().unwrap();
    sample(dir.path());
    let options = MapOptions {
        max_file_bytes: 200,
        ..cached_options(dir.path())
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
        chat_files: vec![],
        mention_files: vec![],
        mention_idents: vec![],
        max_tokens: 1024,
        explain: false,
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
    let mut map = RepoMap::open(dir.path(), cached_options(dir.path())).unwrap();
    map.refresh().unwrap();
    assert_eq!(definition_names(&map, "README.md"), ["Project", "Install"]);
    assert!(definition_names(&map, "CHANGELOG.md").is_empty());
    assert!(map.files().contains(&"CHANGELOG.md".to_string()));
}

#[test]
fn a_corrupt_or_truncated_cache_is_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    sample(dir.path());
    let cache_file = dir.path().join(".aider-tui").join(CACHE_FILE_NAME);
    let mut map = RepoMap::open(dir.path(), cached_options(dir.path())).unwrap();
    map.refresh().unwrap();
    let good = std::fs::read(&cache_file).unwrap();

    for damaged in [
        good[..good.len() / 2].to_vec(),
        vec![0xff; 64],
        Vec::new(),
        b"not a cache".to_vec(),
    ] {
        std::fs::write(&cache_file, &damaged).unwrap();
        let mut reopened = RepoMap::open(dir.path(), cached_options(dir.path())).unwrap();
        let stats = reopened.refresh().unwrap();
        assert_eq!((stats.files, stats.parsed, stats.cache_hits), (4, 4, 0));
        assert_eq!(
            definition_names(&reopened, "src/parse.rs"),
            vec!["parse_input"]
        );
        // And the rebuilt cache is whole again.
        let mut third = RepoMap::open(dir.path(), cached_options(dir.path())).unwrap();
        assert_eq!(third.refresh().unwrap().cache_hits, 4);
    }
}

#[test]
fn concurrent_writers_leave_a_valid_cache() {
    let dir = tempfile::tempdir().unwrap();
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
            std::thread::spawn(move || {
                for round in 0..5 {
                    // Each writer edits its own file every round, so every refresh
                    // parses something and rewrites the cache while others do too.
                    let own = format!("pkg/mod_{writer}.py");
                    write(
                        &root,
                        &own,
                        &format!("def function_{writer}_{round}():\n    return {round}\n"),
                    );
                    touch_later(&root, &own);
                    let options = MapOptions {
                        cache: true,
                        cache_dir: Some(root.join(".aider-tui")),
                        ..MapOptions::default()
                    };
                    let mut map = RepoMap::open(&root, options).unwrap();
                    let stats = map.refresh().unwrap();
                    assert_eq!(stats.files, 40);
                    assert!(stats.parsed >= 1);
                    assert!(stats.cache_error.is_none(), "{:?}", stats.cache_error);
                }
            })
        })
        .collect();
    for writer in writers {
        writer.join().unwrap();
    }
    let mut map = RepoMap::open(&root, cached_options(&root)).unwrap();
    let stats = map.refresh().unwrap();
    // The last writer wins: its cache decodes, and at most the other writers'
    // final edits (one file each) are newer than it and parsed again.
    assert_eq!(stats.files, 40);
    assert!(stats.cache_hits >= 36, "{stats:?}");
    assert_eq!(stats.cache_hits + stats.parsed, 40);
    let again = map.refresh().unwrap();
    assert_eq!((again.cache_hits, again.parsed), (40, 0));
    // No temporary files are left behind.
    let leftovers: Vec<_> = std::fs::read_dir(root.join(".aider-tui"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name != CACHE_FILE_NAME && name != ".gitignore")
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
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
fn a_git_repository_maps_tracked_and_untracked_files_but_not_ignored_ones() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let repo = git2::Repository::init(root).unwrap();
    write(root, ".gitignore", "*.log\ntarget/\n");
    write(root, "src/main.rs", "fn main() { helper(); }\n");
    write(root, "src/helper.rs", "pub fn helper() {}\n");
    let mut index = repo.index().unwrap();
    index.add_path(Path::new("src/main.rs")).unwrap();
    index.add_path(Path::new(".gitignore")).unwrap();
    index.write().unwrap();
    write(root, "debug.log", "noise\n");
    write(root, "target/out.rs", "fn built() {}\n");

    // Tracked but matching an ignore rule: git lists it, so the map does.
    write(root, "vendor/kept.rs", "pub fn kept() {}\n");
    write(root, ".gitignore", "*.log\ntarget/\nvendor/\n");
    index.add_path(Path::new("vendor/kept.rs")).unwrap();
    index.write().unwrap();

    let mut map = RepoMap::open(root, cached_options(root)).unwrap();
    map.refresh().unwrap();
    let files: Vec<&str> = map.files().iter().map(String::as_str).collect();
    assert_eq!(
        files,
        vec![
            ".gitignore",
            "src/helper.rs",
            "src/main.rs",
            "vendor/kept.rs"
        ]
    );

    // Mapping a subfolder of the repository sees the same rules.
    let mut sub = RepoMap::open(
        &root.join("vendor"),
        MapOptions {
            cache: false,
            ..MapOptions::default()
        },
    )
    .unwrap();
    sub.refresh().unwrap();
    assert_eq!(sub.files(), ["kept.rs".to_string()]);
    // The cache folder keeps itself out of git status.
    let ignored = repo
        .status_should_ignore(Path::new(".aider-tui/repomap-tags.bin"))
        .unwrap();
    assert!(ignored);
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
