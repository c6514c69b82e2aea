//! The file walk: what git would list (tracked and untracked-not-ignored files),
//! honouring `.gitignore`, `.ignore` and `.aiderignore`; works without git too.

use std::path::Path;
use std::sync::Mutex;
use std::time::UNIX_EPOCH;

use ignore::{WalkBuilder, WalkState};

/// One regular file found by the walk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WalkedFile {
    /// Path relative to the root, with `/` separators.
    pub path: String,
    /// Modification time in nanoseconds since the Unix epoch.
    pub mtime_ns: i64,
    pub size: u64,
}

/// Directories never mapped: git's own and the tool's state folder.
const SKIPPED_DIRS: [&str; 2] = [".git", ".aider-tui"];

/// Lists the files under `root`, sorted by path. Unreadable entries are skipped.
pub fn walk(root: &Path) -> Vec<WalkedFile> {
    let found = Mutex::new(Vec::new());
    let walker = WalkBuilder::new(root)
        .hidden(false)
        .parents(true)
        .ignore(true)
        .git_ignore(true)
        .git_global(true)
        .git_exclude(true)
        .require_git(false)
        .follow_links(false)
        .add_custom_ignore_filename(".aiderignore")
        .filter_entry(|entry| {
            if entry.depth() == 0 {
                return true;
            }
            let is_dir = entry.file_type().is_some_and(|kind| kind.is_dir());
            let name = entry.file_name().to_string_lossy();
            // Aider's own state (`.aider.tags.cache.v4/`, `.aider.chat.history.md`, …)
            // is not part of the project either.
            !(name.starts_with(".aider.") || (is_dir && SKIPPED_DIRS.contains(&name.as_ref())))
        })
        .build_parallel();
    walker.run(|| {
        let found = &found;
        Box::new(move |entry| {
            let Ok(entry) = entry else {
                return WalkState::Continue;
            };
            if !entry.file_type().is_some_and(|kind| kind.is_file()) {
                return WalkState::Continue;
            }
            let Ok(relative) = entry.path().strip_prefix(root) else {
                return WalkState::Continue;
            };
            let Some(relative) = relative.to_str() else {
                return WalkState::Continue;
            };
            let Ok(metadata) = entry.metadata() else {
                return WalkState::Continue;
            };
            let mtime_ns = metadata
                .modified()
                .ok()
                .and_then(|time| time.duration_since(UNIX_EPOCH).ok())
                .map_or(0, |age| age.as_nanos() as i64);
            let file = WalkedFile {
                path: relative.replace(std::path::MAIN_SEPARATOR, "/"),
                mtime_ns,
                size: metadata.len(),
            };
            if let Ok(mut found) = found.lock() {
                found.push(file);
            }
            WalkState::Continue
        })
    });
    let mut files = found.into_inner().unwrap_or_default();
    files.sort_by(|a, b| a.path.cmp(&b.path));
    files
}
