//! The `aider-tui map` command: its output on stdout, `--explain`, `--stats`.

use std::path::Path;
use std::process::Command;

fn write(root: &Path, path: &str, text: &str) {
    let full = root.join(path);
    std::fs::create_dir_all(full.parent().unwrap()).unwrap();
    std::fs::write(full, text).unwrap();
}

fn project(root: &Path) {
    write(
        root,
        "src/main.py",
        "from src.engine import start_engine\n\nstart_engine()\n",
    );
    write(
        root,
        "src/engine.py",
        "def start_engine():\n    return warm_cylinders()\n\n\ndef warm_cylinders():\n    return 4\n",
    );
    write(root, "docs/notes.md", "# Notes\n");
}

/// Runs `aider-tui map` with its tag store under `cache` (never the user's own).
fn map(cache: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_aider-tui"))
        .arg("map")
        .args(args)
        .env("XDG_CACHE_HOME", cache)
        .output()
        .unwrap()
}

#[test]
fn prints_the_map_with_explanation_and_stats() {
    let dir = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    project(dir.path());
    let root = dir.path().to_str().unwrap();
    let output = map(
        cache.path(),
        &[
            "--root",
            root,
            "--chat-file",
            "src/main.py",
            "--explain",
            "--stats",
            "--map-tokens",
            "512",
        ],
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.starts_with("src/engine.py:\n│def start_engine():\n"),
        "{stdout}"
    );
    assert!(
        !stdout.contains("src/main.py:"),
        "chat file sections are left out: {stdout}"
    );
    assert!(stdout.contains("# Why these files\n"));
    assert!(stdout.contains("start_engine  ← src/main.py"), "{stdout}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    for field in ["files: 3", "tags:", "parse:", "cache hits: 0", "tokens:"] {
        assert!(stderr.contains(field), "missing {field} in {stderr}");
    }
    // The second run is served from the tag cache.
    let again = map(cache.path(), &["--root", root, "--stats"]);
    let stderr = String::from_utf8(again.stderr).unwrap();
    assert!(stderr.contains("parsed: 0  cache hits: 3"), "{stderr}");
    let stdout = String::from_utf8(again.stdout).unwrap();
    assert!(
        stdout.contains("src/main.py"),
        "without chat files every file is mapped: {stdout}"
    );

    // `--tag-store` keeps the tags elsewhere: cold there, then warm there. (The
    // map kept beside the repository would restore it without any store.)
    std::fs::remove_file(
        Path::new(root)
            .join(".aider-tui")
            .join(aider_tui::repomap::SNAPSHOT_FILE_NAME),
    )
    .unwrap();
    let store = tempfile::tempdir().unwrap();
    let store_arg = store.path().join("tags");
    let store_arg = store_arg.to_str().unwrap();
    let elsewhere = map(
        cache.path(),
        &["--root", root, "--stats", "--tag-store", store_arg],
    );
    let stderr = String::from_utf8(elsewhere.stderr).unwrap();
    assert!(stderr.contains("cache hits: 0"), "{stderr}");
    assert!(std::fs::read_dir(store_arg).unwrap().next().is_some());
    let warm = map(
        cache.path(),
        &["--root", root, "--stats", "--tag-store", store_arg],
    );
    let stderr = String::from_utf8(warm.stderr).unwrap();
    assert!(stderr.contains("parsed: 0  cache hits: 3"), "{stderr}");
}

#[test]
fn mentions_reach_the_ranking() {
    let dir = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    project(dir.path());
    let root = dir.path().to_str().unwrap();
    let output = map(
        cache.path(),
        &[
            "--root",
            root,
            "--mention-ident",
            "warm_cylinders",
            "--mention-file",
            "docs/notes.md",
            "--explain",
        ],
    );
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.contains("defines mentioned identifier warm_cylinders"),
        "{stdout}"
    );
    assert!(stdout.contains("mentioned file"), "{stdout}");
}

#[test]
fn a_missing_root_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    let missing = dir.path().join("absent");
    let output = map(cache.path(), &["--root", missing.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not a directory"));
}
