//! The map kept beside the repository's index (`repomap-snapshot.bin`): a new
//! process on an unchanged tree restores it instead of reading every file's tags
//! and rebuilding the graph, the map it gives is the one a rebuilt map gives, a
//! damaged, foreign or stale file is a miss, and a restored map that then sees
//! a change reads what it left on disk and maps the change.

use std::path::Path;
use std::time::{Duration, SystemTime};

use aider_tui::repomap::{
    MapOptions, MapOutput, MapRequest, RepoMap, SNAPSHOT_FILE_NAME, ScanStats,
};

fn write(root: &Path, path: &str, text: &str) {
    let full = root.join(path);
    std::fs::create_dir_all(full.parent().unwrap()).unwrap();
    std::fs::write(&full, text).unwrap();
    // Older than any index written after, so git vouches for the content.
    std::fs::File::options()
        .write(true)
        .open(&full)
        .unwrap()
        .set_modified(SystemTime::now() - Duration::from_secs(60))
        .unwrap();
}

/// A small git repository whose files reference each other.
fn repository(root: &Path) {
    write(
        root,
        "app/main.py",
        "from app.settings import load_settings\nfrom app.store import open_store\n\ndef main():\n    open_store(load_settings())\n",
    );
    write(
        root,
        "app/settings.py",
        "def load_settings():\n    return read_config_file('x')\n\ndef read_config_file(path):\n    return {}\n",
    );
    write(
        root,
        "app/store.py",
        "from app.settings import read_config_file\n\nclass StoreHandle:\n    pass\n\ndef open_store(settings):\n    read_config_file('y')\n    return StoreHandle()\n",
    );
    write(
        root,
        "tests/test_store.py",
        "from app.store import open_store\n\ndef test_open_store():\n    open_store({})\n",
    );
    let repo = git2::Repository::init(root).unwrap();
    let mut index = repo.index().unwrap();
    for path in [
        "app/main.py",
        "app/settings.py",
        "app/store.py",
        "tests/test_store.py",
    ] {
        index.add_path(Path::new(path)).unwrap();
    }
    index.write().unwrap();
}

fn options(store: &Path) -> MapOptions {
    MapOptions {
        cache: true,
        cache_dir: Some(store.to_path_buf()),
        // This test's user: the secret the kept map is signed with.
        user_state: Some(store.join("user-state")),
        ..MapOptions::default()
    }
}

/// A new map of `root` (as a new process would open it), refreshed.
fn open_refreshed(root: &Path, store: &Path) -> (RepoMap, ScanStats) {
    let mut map = RepoMap::open(root, options(store)).unwrap();
    let stats = map.refresh().unwrap();
    assert_eq!(stats.cache_error, None);
    map.keep().unwrap();
    (map, stats)
}

fn map_once(root: &Path, store: &Path, request: &MapRequest) -> MapOutput {
    open_refreshed(root, store).0.render(request)
}

fn request() -> MapRequest {
    MapRequest {
        chat_files: vec!["app/main.py".into()],
        mention_idents: vec!["read_config_file".into()],
        max_tokens: 512,
        explain: true,
        ..MapRequest::default()
    }
}

/// The file's inode: a file replaced by a rename has another.
fn identity(path: &Path) -> u64 {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).unwrap().ino()
}

fn snapshot_file(root: &Path) -> std::path::PathBuf {
    root.join(".aider-tui").join(SNAPSHOT_FILE_NAME)
}

fn same_output(a: &MapOutput, b: &MapOutput) {
    assert_eq!(a.text, b.text);
    assert_eq!(a.tokens, b.tokens);
    assert_eq!(format!("{:?}", a.ranked), format!("{:?}", b.ranked));
}

fn stage(root: &Path, path: &str) {
    let git = git2::Repository::open(root).unwrap();
    let mut index = git.index().unwrap();
    index.add_path(Path::new(path)).unwrap();
    index.write().unwrap();
}

#[test]
fn a_new_process_restores_the_kept_map_and_maps_as_a_rebuilt_one() {
    let repo = tempfile::tempdir().unwrap();
    let store = tempfile::tempdir().unwrap();
    let root = repo.path();
    repository(root);
    let request = request();

    // The first scan parses everything and keeps the map.
    let (cold_map, cold_stats) = open_refreshed(root, store.path());
    let cold = cold_map.render(&request);
    assert!(!cold.text.is_empty());
    assert_eq!(cold_stats.parsed, 4);
    assert!(snapshot_file(root).exists());
    let kept = std::fs::read(snapshot_file(root)).unwrap();
    let written = identity(&snapshot_file(root));

    // The store's segments look unused for an hour; a restore renews them, as
    // a load from the store would (least recently used ones are evicted first).
    let segments: Vec<std::path::PathBuf> = std::fs::read_dir(store.path())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "seg"))
        .collect();
    assert!(!segments.is_empty());
    let an_hour_ago = SystemTime::now() - Duration::from_secs(3600);
    for segment in &segments {
        std::fs::File::options()
            .write(true)
            .open(segment)
            .unwrap()
            .set_modified(an_hour_ago)
            .unwrap();
    }

    // The next process restores it: nothing parsed, nothing rewritten, the same
    // map (mentions looked up and reasons named from the restored names), the
    // same counts and the same tags of each file.
    let (warm_map, warm_stats) = open_refreshed(root, store.path());
    assert_eq!(warm_stats.parsed, 0);
    assert_eq!(warm_stats.cache_hits, 4);
    assert_eq!(
        (
            warm_stats.files,
            warm_stats.definitions,
            warm_stats.references
        ),
        (
            cold_stats.files,
            cold_stats.definitions,
            cold_stats.references
        )
    );
    assert_eq!(
        identity(&snapshot_file(root)),
        written,
        "restored, not rewritten"
    );
    for segment in &segments {
        let used = std::fs::metadata(segment).unwrap().modified().unwrap();
        assert!(used > an_hour_ago + Duration::from_secs(60), "{segment:?}");
    }
    assert_eq!(std::fs::read(snapshot_file(root)).unwrap(), kept);
    same_output(&warm_map.render(&request), &cold);
    for path in ["app/main.py", "app/store.py", "tests/test_store.py"] {
        let tags = warm_map.file_tags(path).unwrap();
        assert_eq!(tags, cold_map.file_tags(path).unwrap(), "{path}");
    }
    assert!(
        !warm_map
            .file_tags("app/main.py")
            .unwrap()
            .references
            .is_empty()
    );
    let mut identifiers: Vec<&str> = warm_map.identifiers().collect();
    let mut expected: Vec<&str> = cold_map.identifiers().collect();
    identifiers.sort_unstable();
    expected.sort_unstable();
    assert_eq!(identifiers, expected);
    assert!(identifiers.contains(&"open_store"));
}

#[test]
fn a_snapshot_another_user_wrote_is_ignored_and_rebuilt() {
    let repo = tempfile::tempdir().unwrap();
    let store = tempfile::tempdir().unwrap();
    let root = repo.path();
    repository(root);
    let request = request();
    let cold = map_once(root, store.path(), &request);
    let written = identity(&snapshot_file(root));
    // The same user restores it without writing.
    same_output(&map_once(root, store.path(), &request), &cold);
    assert_eq!(identity(&snapshot_file(root)), written);

    // Another user (another state folder, so another secret), as with a clone
    // of a repository that commits its `.aider-tui/`: not restored, the map
    // rebuilt (the same map) and kept under that user's secret.
    let other_user = tempfile::tempdir().unwrap();
    let other = |request: &MapRequest| {
        let mut map = RepoMap::open(
            root,
            MapOptions {
                user_state: Some(other_user.path().to_path_buf()),
                ..options(store.path())
            },
        )
        .unwrap();
        map.refresh().unwrap();
        map.keep().unwrap();
        map.render(request)
    };
    same_output(&other(&request), &cold);
    let rewritten = identity(&snapshot_file(root));
    assert_ne!(rewritten, written, "rebuilt and kept again");
    same_output(&other(&request), &cold);
    assert_eq!(identity(&snapshot_file(root)), rewritten, "restored");
    assert!(
        other_user
            .path()
            .join(aider_tui::safe_fs::USER_SECRET_FILE_NAME)
            .is_file()
    );
}

#[test]
fn a_damaged_or_stale_snapshot_is_a_miss_and_is_kept_again() {
    let repo = tempfile::tempdir().unwrap();
    let store = tempfile::tempdir().unwrap();
    let root = repo.path();
    repository(root);
    let request = request();
    let cold = map_once(root, store.path(), &request);
    let kept = std::fs::read(snapshot_file(root)).unwrap();

    // Cut short, a byte changed, or garbage: the same map, and a good snapshot
    // again (the next start restores it without writing).
    let mut flipped = kept.clone();
    let middle = flipped.len() / 2;
    flipped[middle] ^= 0x10;
    for damaged in [
        kept[..kept.len() - 3].to_vec(),
        flipped,
        b"not a map".to_vec(),
    ] {
        std::fs::write(snapshot_file(root), &damaged).unwrap();
        let output = map_once(root, store.path(), &request);
        same_output(&output, &cold);
        assert_ne!(std::fs::read(snapshot_file(root)).unwrap(), damaged);
        let rewritten = identity(&snapshot_file(root));
        same_output(&map_once(root, store.path(), &request), &cold);
        assert_eq!(identity(&snapshot_file(root)), rewritten);
    }

    // An edited file: the kept map is of other contents and is not used.
    write(
        root,
        "app/store.py",
        "def open_store(settings):\n    return load_settings()\n",
    );
    stage(root, "app/store.py");
    let before = std::fs::read(snapshot_file(root)).unwrap();
    let edited = map_once(root, store.path(), &request);
    assert!(!edited.text.contains("StoreHandle"), "{}", edited.text);
    assert_ne!(std::fs::read(snapshot_file(root)).unwrap(), before);
    let rewritten = identity(&snapshot_file(root));
    same_output(&map_once(root, store.path(), &request), &edited);
    assert_eq!(identity(&snapshot_file(root)), rewritten);
}

#[test]
fn a_restored_map_that_sees_a_change_maps_it_as_a_new_map_would() {
    let repo = tempfile::tempdir().unwrap();
    let store = tempfile::tempdir().unwrap();
    let root = repo.path();
    repository(root);
    let request = request();
    map_once(root, store.path(), &request);

    // A session: restored at start, then a file changes under it.
    let (mut session, stats) = open_refreshed(root, store.path());
    assert_eq!(stats.parsed, 0);
    let before = session.render(&request);
    write(
        root,
        "app/main.py",
        "from app.store import open_store\n\ndef main():\n    open_store(None)\n    helper_for_main()\n\ndef helper_for_main():\n    pass\n",
    );
    let changed = session.refresh().unwrap();
    assert_eq!(changed.parsed, 1);
    let from_session = session.render(&request);
    // main.py no longer uses settings.py: the ranking moved.
    assert_ne!(
        format!("{:?}", from_session.ranked),
        format!("{:?}", before.ranked)
    );

    // The same tree mapped from nothing (no store, no snapshot) gives the same map.
    std::fs::remove_file(snapshot_file(root)).unwrap();
    let mut fresh = RepoMap::open(
        root,
        MapOptions {
            cache: false,
            ..MapOptions::default()
        },
    )
    .unwrap();
    fresh.refresh().unwrap();
    same_output(&from_session, &fresh.render(&request));
    assert_eq!(
        session.file_tags("app/store.py").unwrap(),
        fresh.file_tags("app/store.py").unwrap()
    );
}
