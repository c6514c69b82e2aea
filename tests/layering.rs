//! Guards the architecture of DESIGN.md: only the UI may touch the terminal, and the
//! engine and the libraries below it never reach up into the front ends.

use std::fs;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return files;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            files.push(path);
        }
    }
    files
}

/// Whether `code` names `path` as a whole (`crate::cli` is not `crate::clipboard`).
fn mentions(code: &str, path: &str) -> bool {
    code.match_indices(path).any(|(at, _)| {
        code[at + path.len()..]
            .chars()
            .next()
            .is_none_or(|next| !(next.is_alphanumeric() || next == '_'))
    })
}

fn offenders(module: &str, forbidden: &[&str]) -> Vec<String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    for file in rust_files(&src.join(module)) {
        let text = fs::read_to_string(&file).unwrap();
        for (number, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            for word in forbidden {
                if mentions(code, word) {
                    found.push(format!("{}:{}: {}", file.display(), number + 1, code));
                }
            }
        }
    }
    found
}

#[test]
fn only_the_ui_uses_the_terminal_crates() {
    let terminal = ["ratatui", "crossterm"];
    for module in [
        "config",
        "edit",
        "engine",
        "git",
        "llm",
        "oneshot",
        "protocol",
        "repomap",
        "tokens",
        "watch",
        "web",
        "clipboard",
        "voice",
    ] {
        let found = offenders(module, &terminal);
        assert!(
            found.is_empty(),
            "{module} uses terminal crates:\n{}",
            found.join("\n")
        );
    }
}

#[test]
fn libraries_and_engine_never_import_front_ends() {
    let front_ends = ["crate::tui", "crate::oneshot", "crate::cli"];
    for module in [
        "config",
        "edit",
        "engine",
        "git",
        "llm",
        "protocol",
        "repomap",
        "tokens",
        "watch",
        "web",
        "clipboard",
        "voice",
    ] {
        let found = offenders(module, &front_ends);
        assert!(
            found.is_empty(),
            "{module} imports a front end:\n{}",
            found.join("\n")
        );
    }
}

#[test]
fn independent_libraries_do_not_import_the_engine() {
    for module in [
        "config",
        "edit",
        "git",
        "llm",
        "repomap",
        "tokens",
        "protocol",
        "watch",
        "web",
        "clipboard",
        "voice",
    ] {
        let found = offenders(module, &["crate::engine"]);
        assert!(
            found.is_empty(),
            "{module} imports the engine:\n{}",
            found.join("\n")
        );
    }
}
