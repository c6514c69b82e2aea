//! The map against a hostile repository: a crafted git index naming paths
//! outside the root or another repository's content, tag-store files truncated
//! while they are read or with lengths past their end, and named pipes in the
//! tree, at the cache's paths or for the git index.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use aider_tui::repomap::{INDEX_FILE_NAME, MapOptions, MapRequest, RepoMap};

fn write(root: &Path, path: &str, text: &str) {
    let full = root.join(path);
    std::fs::create_dir_all(full.parent().unwrap()).unwrap();
    std::fs::write(full, text).unwrap();
}

fn options(store: &Path) -> MapOptions {
    MapOptions {
        cache: true,
        cache_dir: Some(store.to_path_buf()),
        ..MapOptions::default()
    }
}

/// An index entry for `path` (raw bytes, not checked by us) with a given blob.
fn entry(path: &[u8], blob: git2::Oid, size: u32) -> git2::IndexEntry {
    git2::IndexEntry {
        ctime: git2::IndexTime::new(0, 0),
        mtime: git2::IndexTime::new(0, 0),
        dev: 0,
        ino: 0,
        mode: 0o100644,
        uid: 0,
        gid: 0,
        file_size: size,
        id: blob,
        flags: 0,
        flags_extended: 0,
        path: path.to_vec(),
    }
}

#[test]
fn a_crafted_index_cannot_make_the_map_read_outside_the_root() {
    let outside = tempfile::tempdir().unwrap();
    let secret_text = "def leaked_secret_function():\n    return 'TOP SECRET'\n";
    write(outside.path(), "secret.py", secret_text);
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("repo");
    std::fs::create_dir(&root).unwrap();
    let repo = git2::Repository::init(&root).unwrap();
    write(&root, "main.py", "def main():\n    return 1\n");
    let blob = repo.blob(secret_text.as_bytes()).unwrap();
    let mut index = repo.index().unwrap();
    index.add_path(Path::new("main.py")).unwrap();
    let absolute = outside.path().join("secret.py");
    let escaping = format!(
        "../{}/secret.py",
        outside.path().file_name().unwrap().to_str().unwrap()
    );
    let mut crafted = 0;
    for path in [absolute.to_str().unwrap().as_bytes(), escaping.as_bytes()] {
        // libgit2 may refuse some of these itself; whatever it accepts is written.
        if index
            .add(&entry(path, blob, secret_text.len() as u32))
            .is_ok()
        {
            crafted += 1;
        }
    }
    index.write().unwrap();
    assert!(crafted > 0, "libgit2 refused every crafted entry");

    let store = tempfile::tempdir().unwrap();
    let mut map = RepoMap::open(&root, options(store.path())).unwrap();
    let stats = map.refresh().unwrap();
    assert_eq!(map.files(), ["main.py".to_string()]);
    assert_eq!(stats.refused.len(), crafted, "{:?}", stats.refused);
    let output = map.render(&MapRequest {
        max_tokens: 4096,
        explain: true,
        ..MapRequest::default()
    });
    assert!(
        !output.text.contains("leaked_secret_function"),
        "{}",
        output.text
    );
    assert!(!output.text.contains("secret.py"), "{}", output.text);
    assert!(
        !map.identifiers()
            .any(|name| name == "leaked_secret_function")
    );

    // The command line warns about the refused entries and shows nothing of them.
    let printed = std::process::Command::new(env!("CARGO_BIN_EXE_aider-tui"))
        .args(["map", "--root", root.to_str().unwrap()])
        .env("XDG_CACHE_HOME", store.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&printed.stdout);
    let stderr = String::from_utf8_lossy(&printed.stderr);
    assert!(printed.status.success(), "{stderr}");
    assert!(!stdout.contains("leaked_secret_function"), "{stdout}");
    assert!(stderr.contains("outside the repository"), "{stderr}");
}

#[test]
fn a_tracked_symlink_to_outside_is_not_followed() {
    let outside = tempfile::tempdir().unwrap();
    write(
        outside.path(),
        "secret.py",
        "def leaked_through_link():\n    pass\n",
    );
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let repo = git2::Repository::init(root).unwrap();
    write(root, "main.py", "def main():\n    return 1\n");
    std::os::unix::fs::symlink(outside.path().join("secret.py"), root.join("link.py")).unwrap();
    std::os::unix::fs::symlink(outside.path(), root.join("linked_dir")).unwrap();
    let mut index = repo.index().unwrap();
    index.add_path(Path::new("main.py")).unwrap();
    index.add_path(Path::new("link.py")).unwrap();
    index.write().unwrap();
    for use_git in [true, false] {
        let mut map = RepoMap::open(
            root,
            MapOptions {
                cache: false,
                use_git,
                ..MapOptions::default()
            },
        )
        .unwrap();
        map.refresh().unwrap();
        assert_eq!(map.files(), ["main.py".to_string()], "git: {use_git}");
        assert!(!map.identifiers().any(|name| name == "leaked_through_link"));
    }
}

/// The tag store's segment files.
fn segments(store: &Path) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(store)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "seg"))
        .collect()
}

#[test]
fn a_store_file_truncated_while_it_is_read_is_a_miss_not_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    for index in 0..200 {
        write(
            dir.path(),
            &format!("pkg/module_{index}.py"),
            &format!(
                "class Model{index}:\n    def method_{index}(self):\n        return helper_{index}()\n"
            ),
        );
    }
    let store = tempfile::tempdir().unwrap();
    RepoMap::open(dir.path(), options(store.path()))
        .unwrap()
        .refresh()
        .unwrap();
    let segment = segments(store.path()).remove(0);
    let good = std::fs::read(&segment).unwrap();
    let index_file = dir.path().join(".aider-tui").join(INDEX_FILE_NAME);
    let good_index = std::fs::read(&index_file).unwrap();

    // One thread cuts the files short and puts them back, in place (never by
    // rename), as fast as it can, while maps start and read them.
    let stop = std::sync::Arc::new(AtomicBool::new(false));
    let cutter = {
        let stop = stop.clone();
        let (segment, index_file) = (segment.clone(), index_file.clone());
        let (good, good_index) = (good.clone(), good_index.clone());
        std::thread::spawn(move || {
            let mut round = 0usize;
            while !stop.load(Ordering::Relaxed) {
                let file = std::fs::OpenOptions::new()
                    .write(true)
                    .open(&segment)
                    .unwrap();
                file.set_len((round * 7919 % good.len()) as u64).unwrap();
                drop(file);
                std::fs::write(&segment, &good).unwrap();
                let file = std::fs::OpenOptions::new()
                    .write(true)
                    .open(&index_file)
                    .unwrap();
                file.set_len((round * 131 % good_index.len()) as u64)
                    .unwrap();
                drop(file);
                std::fs::write(&index_file, &good_index).unwrap();
                round += 1;
            }
        })
    };
    for _ in 0..60 {
        let mut map = RepoMap::open(
            dir.path(),
            MapOptions {
                // Writing would replace the files being cut.
                ..options(store.path())
            },
        )
        .unwrap();
        let stats = map.begin_refresh().unwrap();
        // Whatever was cut is parsed instead; nothing is lost or wrong.
        assert_eq!(stats.listed, 200);
        while !map.parse_next(64).done {}
        assert_eq!(map.files().len(), 200);
        let tags = map.file_tags("pkg/module_7.py").unwrap();
        assert!(tags.definitions.iter().any(|d| d.name == "method_7"));
    }
    stop.store(true, Ordering::Relaxed);
    cutter.join().unwrap();
}

/// Runs `work` on a thread and fails if it takes longer than `limit` (a hang).
fn within<T: Send + 'static>(limit: Duration, work: impl FnOnce() -> T + Send + 'static) -> T {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(work());
    });
    receiver
        .recv_timeout(limit)
        .expect("the map hung on a special file")
}

fn mkfifo(path: &Path) {
    let name = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path and a plain mode.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o644) }, 0);
}

#[test]
fn named_pipes_in_the_tree_or_at_the_cache_paths_never_hang_the_map() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().to_path_buf();
    write(&root, "main.py", "def main():\n    return 1\n");
    mkfifo(&root.join("pipe.py"));
    let store = tempfile::tempdir().unwrap();
    let store_path = store.path().to_path_buf();

    // Walked (no git): the FIFO is not a regular file and is left out.
    let files = within(Duration::from_secs(20), {
        let (root, store_path) = (root.clone(), store_path.clone());
        move || {
            let mut map = RepoMap::open(&root, options(&store_path)).unwrap();
            map.refresh().unwrap();
            map.files().to_vec()
        }
    });
    assert_eq!(files, ["main.py".to_string()]);

    // Tracked under a name that is now a FIFO in the work tree.
    let repo = git2::Repository::init(&root).unwrap();
    write(&root, "tracked.py", "def tracked():\n    pass\n");
    let mut index = repo.index().unwrap();
    index.add_path(Path::new("main.py")).unwrap();
    index.add_path(Path::new("tracked.py")).unwrap();
    index.write().unwrap();
    std::fs::remove_file(root.join("tracked.py")).unwrap();
    mkfifo(&root.join("tracked.py"));

    // FIFOs where the index and a segment would be read.
    std::fs::remove_file(root.join(".aider-tui").join(INDEX_FILE_NAME)).unwrap();
    mkfifo(&root.join(".aider-tui").join(INDEX_FILE_NAME));
    let segment = segments(&store_path).remove(0);
    std::fs::remove_file(&segment).unwrap();
    mkfifo(&segment);

    let files = within(Duration::from_secs(20), move || {
        let mut map = RepoMap::open(&root, options(&store_path)).unwrap();
        map.refresh().unwrap();
        let output = map.render(&MapRequest {
            max_tokens: 1024,
            ..MapRequest::default()
        });
        assert!(output.text.contains("main.py"), "{}", output.text);
        map.files().to_vec()
    });
    assert_eq!(files, ["main.py".to_string()]);
}

#[test]
fn a_store_file_with_a_huge_length_is_a_miss_not_an_abort() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "main.py", "def main():\n    return helper()\n");
    write(dir.path(), "util.py", "def helper():\n    return 1\n");
    let store = tempfile::tempdir().unwrap();
    RepoMap::open(dir.path(), options(store.path()))
        .unwrap()
        .refresh()
        .unwrap();
    // The header's entry count (and the hash section's length with it) says
    // 2^58 entries: reading them would ask for 5 EB.
    let segment = segments(store.path()).remove(0);
    let mut bytes = std::fs::read(&segment).unwrap();
    let count: u64 = 1 << 58;
    bytes[16..24].copy_from_slice(&count.to_le_bytes());
    bytes[24..32].copy_from_slice(&(count * 20).to_le_bytes());
    std::fs::write(&segment, &bytes).unwrap();
    // Names' and tags' lengths too, in another copy of the segment.
    let mut other = std::fs::read(&segment).unwrap();
    other[16..24].copy_from_slice(&1u64.to_le_bytes());
    other[24..32].copy_from_slice(&20u64.to_le_bytes());
    other[32..40].copy_from_slice(&(u64::MAX / 4).to_le_bytes());
    let name = segment.file_name().unwrap().to_str().unwrap();
    std::fs::write(store.path().join(name.replace(".seg", "-b.seg")), &other).unwrap();

    // A new repository with the same files: its tags would come from the store.
    std::fs::remove_dir_all(dir.path().join(".aider-tui")).unwrap();
    let mut map = RepoMap::open(dir.path(), options(store.path())).unwrap();
    map.refresh().unwrap();
    let tags = map.file_tags("util.py").unwrap();
    assert!(tags.definitions.iter().any(|d| d.name == "helper"));
}

#[test]
fn a_named_pipe_for_the_git_index_does_not_hang_the_map() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().to_path_buf();
    git2::Repository::init(&root).unwrap();
    write(&root, "main.py", "def main():\n    return 1\n");
    let index = root.join(".git").join("index");
    let _ = std::fs::remove_file(&index);
    mkfifo(&index);
    let store = tempfile::tempdir().unwrap();
    let store_path = store.path().to_path_buf();
    let (files, stats) = within(Duration::from_secs(20), {
        let root = root.clone();
        move || {
            let mut map = RepoMap::open(&root, options(&store_path)).unwrap();
            let stats = map.refresh().unwrap();
            (map.files().to_vec(), stats)
        }
    });
    // The folder is walked instead, and the map says why.
    assert_eq!(files, ["main.py".to_string()]);
    let reason = stats.git_error.unwrap_or_default();
    assert!(reason.contains("named pipe"), "{reason}");
    // Every other git operation is refused the same way, at once.
    let error = within(Duration::from_secs(20), move || {
        aider_tui::git::GitRepo::discover(&root)
            .unwrap_err()
            .to_string()
    });
    assert!(error.contains("not a regular file"), "{error}");
}

#[test]
fn an_index_naming_another_repositorys_blob_does_not_bring_its_tags() {
    let store = tempfile::tempdir().unwrap();
    // Another repository the user mapped: its `util.py` is in the tag store.
    let other = tempfile::tempdir().unwrap();
    let other_text = "def other_repository_secret():\n    return 'other'\n";
    write(other.path(), "util.py", other_text);
    let other_repo = git2::Repository::init(other.path()).unwrap();
    let mut index = other_repo.index().unwrap();
    index.add_path(Path::new("util.py")).unwrap();
    index.write().unwrap();
    RepoMap::open(other.path(), options(store.path()))
        .unwrap()
        .refresh()
        .unwrap();
    let foreign = git2::Oid::hash_object(git2::ObjectType::Blob, other_text.as_bytes()).unwrap();

    // This repository's index claims that blob for its own `util.py`, with the
    // file's real size and modification time (git's stat check passes).
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let text = "def helper():\n    return 1\n";
    write(root, "util.py", text);
    let modified = std::time::SystemTime::now() - Duration::from_secs(60);
    std::fs::File::options()
        .write(true)
        .open(root.join("util.py"))
        .unwrap()
        .set_modified(modified)
        .unwrap();
    let age = modified.duration_since(std::time::UNIX_EPOCH).unwrap();
    let repo = git2::Repository::init(root).unwrap();
    // libgit2 stages only ids it has: the object is written, staged, then
    // removed, as if the index had been written by hand.
    assert_eq!(repo.blob(other_text.as_bytes()).unwrap(), foreign);
    let mut index = repo.index().unwrap();
    let mut lying = entry(b"util.py", foreign, text.len() as u32);
    lying.mtime = git2::IndexTime::new(age.as_secs() as i32, age.subsec_nanos());
    index.add(&lying).unwrap();
    index.write().unwrap();
    let hex = foreign.to_string();
    std::fs::remove_file(root.join(".git/objects").join(&hex[..2]).join(&hex[2..])).unwrap();
    let repo = git2::Repository::open(root).unwrap();
    assert!(repo.find_blob(foreign).is_err(), "not this repository's");

    let mut map = RepoMap::open(root, options(store.path())).unwrap();
    map.refresh().unwrap();
    let names: Vec<String> = map
        .file_tags("util.py")
        .unwrap()
        .definitions
        .into_iter()
        .map(|definition| definition.name)
        .collect();
    assert_eq!(names, ["helper"]);
}
