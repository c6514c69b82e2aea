//! The file walk: what git would list (tracked and untracked-not-ignored files),
//! honouring `.gitignore`, `.ignore` and `.aiderignore`; works without git too.
//! Tracked files come from the git index, so a tracked file that an ignore rule
//! matches is still mapped, as git lists it (Debian's kernel tree ignores `/*`).

use std::path::Path;
use std::sync::Mutex;
use std::time::UNIX_EPOCH;

use ignore::{WalkBuilder, WalkState};
use rayon::prelude::*;

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
            let file = WalkedFile {
                path: relative.replace(std::path::MAIN_SEPARATOR, "/"),
                mtime_ns: mtime_ns(&metadata),
                size: metadata.len(),
            };
            if let Ok(mut found) = found.lock() {
                found.push(file);
            }
            WalkState::Continue
        })
    });
    let mut files = found.into_inner().unwrap_or_default();
    let seen: std::collections::HashSet<&str> =
        files.iter().map(|file| file.path.as_str()).collect();
    let mut unseen: Vec<String> = tracked_files(root)
        .into_iter()
        .filter(|path| !seen.contains(path.as_str()) && !is_tool_state(path))
        .collect();
    drop(seen);
    unseen.sort_unstable();
    unseen.dedup();
    // Tracked files an ignore rule hides (all of them in Debian's kernel tree):
    // one stat each, on every core.
    let tracked: Vec<WalkedFile> = unseen
        .into_par_iter()
        .filter_map(|path| {
            // A tracked file that no longer exists, or a submodule, is not a file.
            let metadata = std::fs::symlink_metadata(root.join(&path)).ok()?;
            metadata.is_file().then(|| WalkedFile {
                mtime_ns: mtime_ns(&metadata),
                size: metadata.len(),
                path,
            })
        })
        .collect();
    files.extend(tracked);
    files.sort_by(|a, b| a.path.cmp(&b.path));
    files
}

/// Modification time in nanoseconds since the Unix epoch (0 when unknown).
fn mtime_ns(metadata: &std::fs::Metadata) -> i64 {
    metadata
        .modified()
        .ok()
        .and_then(|time| time.duration_since(UNIX_EPOCH).ok())
        .map_or(0, |age| age.as_nanos() as i64)
}

/// Whether a relative path lies in the tool's or Aider's state.
fn is_tool_state(path: &str) -> bool {
    path.split('/')
        .any(|part| part.starts_with(".aider.") || SKIPPED_DIRS.contains(&part))
}

/// Paths (relative to `root`) of the files in the git index of the repository
/// holding `root`; empty without git.
fn tracked_files(root: &Path) -> Vec<String> {
    let Ok(repository) = git2::Repository::discover(root) else {
        return Vec::new();
    };
    let Some(workdir) = repository.workdir() else {
        return Vec::new();
    };
    let workdir = workdir
        .canonicalize()
        .unwrap_or_else(|_| workdir.to_path_buf());
    let root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    let Ok(inside) = root.strip_prefix(&workdir) else {
        return Vec::new();
    };
    let prefix = match inside.to_str() {
        Some("") => String::new(),
        Some(inside) => format!("{}/", inside.replace(std::path::MAIN_SEPARATOR, "/")),
        None => return Vec::new(),
    };
    let Ok(index) = repository.index() else {
        return Vec::new();
    };
    index
        .iter()
        .filter_map(|entry| {
            let path = std::str::from_utf8(&entry.path).ok()?;
            path.strip_prefix(prefix.as_str()).map(str::to_string)
        })
        .collect()
}
