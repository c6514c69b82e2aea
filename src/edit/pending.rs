//! Temporary: what a parsed edit asks for that the apply step of this build does
//! not perform yet (deleting and renaming files, hunks pinned to the end of a file,
//! insertions with no unchanged lines around them). Such edits are refused with
//! this reason instead of being applied wrongly. Remove once `apply` handles them.

use super::reply::{Edit, EditKind};

/// Why `edit` cannot be applied by this build, if it cannot. `exists` says whether
/// a path (relative to the root) names an existing file.
pub fn not_yet_applicable(edit: &Edit, exists: &dyn Fn(&str) -> bool) -> Option<String> {
    let reason = match edit.kind {
        EditKind::DeleteFile => "deleting a file is not supported by this build yet",
        EditKind::CreateFile if exists(&edit.path) => {
            return Some(format!(
                "{} already exists; `*** Add File` creates new files only (use `*** Update File`)",
                edit.path
            ));
        }
        _ if edit.move_to.is_some() => "renaming a file is not supported by this build yet",
        _ if edit.at_end => {
            "a hunk pinned to the end of the file is not supported by this build yet"
        }
        EditKind::SearchReplace if !edit.anchors.is_empty() && edit.search.is_empty() => {
            "a hunk with no unchanged or removed lines cannot be placed by this build yet"
        }
        _ => return None,
    };
    Some(reason.to_string())
}
