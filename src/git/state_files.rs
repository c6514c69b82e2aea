//! The tool's state folder of a work tree, opened knowing what git tracks in it.
//!
//! `.aider-tui/` is kept out of git only by the local exclude file, so a cloned
//! repository can commit its own `sessions/*.json` (naming files, rewind references)
//! or input history. Those are someone else's, not this user's state: when the index
//! lists any file under the folder, [`StateDir::open_untracked`] uses the per-user
//! folder instead and says which files were found.

use std::io;
use std::path::Path;

use crate::safe_fs::{STATE_DIR_NAME, StateDir};

use super::GitRepo;

/// The state folder for the tree at `root`: `<root>/.aider-tui`, or the per-user
/// folder when that is unusable or git tracks files in it. Every opener of the state
/// folder that can ask git goes through here, so they all choose the same folder.
pub fn open_state_dir(root: &Path) -> io::Result<StateDir> {
    StateDir::open_untracked(root, &tracked_state_files(root))
}

/// The files of `<root>/.aider-tui/` the index lists, as paths from the root; empty
/// outside a repository or when the index cannot be read.
pub fn tracked_state_files(root: &Path) -> Vec<String> {
    let Ok(Some(repository)) = GitRepo::discover(root) else {
        return Vec::new();
    };
    let Ok(index) = repository.index_files() else {
        return Vec::new();
    };
    let top = repository.root().to_path_buf();
    let root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    let Some(inside) = root.strip_prefix(&top).ok().and_then(Path::to_str) else {
        return Vec::new();
    };
    let folder = match inside {
        "" => format!("{STATE_DIR_NAME}/"),
        inside => format!(
            "{}/{STATE_DIR_NAME}/",
            inside.replace(std::path::MAIN_SEPARATOR, "/")
        ),
    };
    let skip = folder.len() - STATE_DIR_NAME.len() - 1;
    index
        .files
        .into_iter()
        .filter(|file| file.path.starts_with(&folder))
        .map(|file| file.path[skip..].to_string())
        .collect()
}
