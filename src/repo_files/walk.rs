//! The listing of a folder without git: an ignore-aware walk honouring
//! `.gitignore`, `.ignore` and `.aiderignore` (in every folder), following no
//! symlink.

use std::path::Path;
use std::sync::Mutex;

use ignore::{WalkBuilder, WalkState};

use super::{ListedFile, is_tool_state, mtime_ns};

/// The regular files under `root`, unsorted. Unreadable entries are skipped.
pub fn walk(root: &Path) -> Vec<ListedFile> {
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
        .add_custom_ignore_filename(super::AIDERIGNORE)
        .filter_entry(|entry| {
            entry.depth() == 0 || !is_tool_state(&entry.file_name().to_string_lossy())
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
            let file = ListedFile {
                path: relative.replace(std::path::MAIN_SEPARATOR, "/"),
                mtime_ns: mtime_ns(&metadata),
                size: metadata.len(),
                blob: None,
                linguist: Default::default(),
            };
            if let Ok(mut found) = found.lock() {
                found.push(file);
            }
            WalkState::Continue
        })
    });
    found.into_inner().unwrap_or_default()
}
