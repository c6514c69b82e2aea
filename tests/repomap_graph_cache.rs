//! The file graph kept beside the repository's index: a warm start of an
//! unchanged tree loads it instead of rebuilding it, the map it gives is the
//! one a rebuilt graph gives, and a damaged, foreign or stale file is a miss.

// Tests, benchmarks and examples unwrap and print: a failure there is the point.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::print_stderr
)]

use std::path::Path;
use std::time::{Duration, SystemTime};

use aider_tui::repomap::{GRAPH_FILE_NAME, MapOptions, MapOutput, MapRequest, RepoMap};

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

fn map_once(root: &Path, store: &Path, request: &MapRequest) -> MapOutput {
    let options = MapOptions {
        cache: true,
        cache_dir: Some(store.to_path_buf()),
        ..MapOptions::default()
    };
    let mut map = RepoMap::open(root, options).unwrap();
    let stats = map.refresh().unwrap();
    assert_eq!(stats.cache_error, None);
    map.render(request)
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

fn graph_file(root: &Path) -> std::path::PathBuf {
    root.join(".aider-tui").join(GRAPH_FILE_NAME)
}

#[test]
fn a_warm_start_keeps_the_graph_and_maps_as_a_rebuilt_one() {
    let repo = tempfile::tempdir().unwrap();
    let store = tempfile::tempdir().unwrap();
    let root = repo.path();
    repository(root);
    let request = request();

    // The first scan parses: its identifiers are not numbered by the store
    // alone, so no graph is kept.
    let cold = map_once(root, store.path(), &request);
    assert!(!cold.text.is_empty());
    assert!(!graph_file(root).exists());

    // The first warm start builds the graph and keeps it; the next loads it.
    let warm = map_once(root, store.path(), &request);
    assert!(graph_file(root).exists());
    let kept = std::fs::read(graph_file(root)).unwrap();
    let written = identity(&graph_file(root));
    let loaded = map_once(root, store.path(), &request);
    // A rebuilt graph would be written again, as a new file renamed into place.
    assert_eq!(
        identity(&graph_file(root)),
        written,
        "loaded, not rewritten"
    );
    assert_eq!(std::fs::read(graph_file(root)).unwrap(), kept);
    for output in [&warm, &loaded] {
        assert_eq!(output.text, cold.text);
        assert_eq!(output.tokens, cold.tokens);
        assert_eq!(format!("{:?}", output.ranked), format!("{:?}", cold.ranked));
    }
}

#[test]
fn a_damaged_or_stale_graph_is_rebuilt() {
    let repo = tempfile::tempdir().unwrap();
    let store = tempfile::tempdir().unwrap();
    let root = repo.path();
    repository(root);
    let request = request();
    let cold = map_once(root, store.path(), &request);
    map_once(root, store.path(), &request);
    let kept = std::fs::read(graph_file(root)).unwrap();

    // Cut short, a byte changed, or garbage: the same map, and a good file again.
    let mut flipped = kept.clone();
    let middle = flipped.len() / 2;
    flipped[middle] ^= 0x10;
    for damaged in [
        kept[..kept.len() - 3].to_vec(),
        flipped,
        b"not a graph".to_vec(),
    ] {
        std::fs::write(graph_file(root), &damaged).unwrap();
        let output = map_once(root, store.path(), &request);
        assert_eq!(output.text, cold.text);
        assert_eq!(std::fs::read(graph_file(root)).unwrap(), kept);
    }

    // An edited file: the kept graph is of other contents and is not used.
    write(
        root,
        "app/store.py",
        "def open_store(settings):\n    return load_settings()\n",
    );
    let git = git2::Repository::open(root).unwrap();
    let mut index = git.index().unwrap();
    index.add_path(Path::new("app/store.py")).unwrap();
    index.write().unwrap();
    let edited = map_once(root, store.path(), &request);
    assert!(!edited.text.contains("StoreHandle"), "{}", edited.text);
    // Its next warm start keeps the new graph, which maps the same.
    let rebuilt = map_once(root, store.path(), &request);
    assert_ne!(std::fs::read(graph_file(root)).unwrap(), kept);
    let rewritten = identity(&graph_file(root));
    let loaded = map_once(root, store.path(), &request);
    assert_eq!(identity(&graph_file(root)), rewritten);
    assert_eq!(rebuilt.text, edited.text);
    assert_eq!(loaded.text, edited.text);
}
