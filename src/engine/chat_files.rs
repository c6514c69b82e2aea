//! The files in the chat: the ones the model may edit and the ones it may only read.
//! One owner, so a file is never both, and every reader sees the same sets.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::edit::Workspace;

use super::prompt::FileText;

/// Editable and read-only chat files. Editable names are relative to the root with
/// `/` separators; a read-only file outside the root keeps its absolute path.
#[derive(Debug, Clone, Default)]
pub struct ChatFiles {
    editable: BTreeSet<String>,
    read_only: BTreeSet<String>,
}

impl ChatFiles {
    /// The editable files, sorted.
    pub fn editable(&self) -> Vec<String> {
        self.editable.iter().cloned().collect()
    }

    /// The read-only files, sorted.
    pub fn read_only(&self) -> Vec<String> {
        self.read_only.iter().cloned().collect()
    }

    /// Whether `name` may be edited.
    pub fn is_editable(&self, name: &str) -> bool {
        self.editable.contains(name)
    }

    /// Whether `name` is in the chat at all.
    pub fn contains(&self, name: &str) -> bool {
        self.editable.contains(name) || self.read_only.contains(name)
    }

    /// Every file the model sees in full: editable and read-only.
    pub fn all(&self) -> BTreeSet<String> {
        self.editable.union(&self.read_only).cloned().collect()
    }

    /// Makes `name` editable (it stops being read-only); true when it was not before.
    pub fn add_editable(&mut self, name: String) -> bool {
        self.read_only.remove(&name);
        self.editable.insert(name)
    }

    /// Makes `name` read-only (it stops being editable); true when it was not before.
    pub fn add_read_only(&mut self, name: String) -> bool {
        self.editable.remove(&name);
        self.read_only.insert(name)
    }

    /// Drops the files `hit` picks, from both sets; returns them.
    pub fn drop_where(&mut self, hit: impl Fn(&str) -> bool) -> Vec<String> {
        let mut dropped = Vec::new();
        for set in [&mut self.editable, &mut self.read_only] {
            let names: Vec<String> = set.iter().filter(|name| hit(name)).cloned().collect();
            for name in names {
                set.remove(&name);
                dropped.push(name);
            }
        }
        dropped
    }

    /// The editable files' current contents (a file that does not exist yet shows
    /// empty). Images go to the model as pictures (`images`), not as text.
    pub fn editable_texts(&self, workspace: &Workspace) -> Vec<FileText> {
        self.editable
            .iter()
            .filter(|name| !is_image(name))
            .map(|name| FileText {
                name: name.clone(),
                text: read_text(workspace, name).unwrap_or_default(),
            })
            .collect()
    }

    /// The read-only files' contents (unreadable ones and images are left out).
    pub fn read_only_texts(&self, workspace: &Workspace) -> Vec<FileText> {
        self.read_only
            .iter()
            .filter(|name| !is_image(name))
            .filter_map(|name| {
                read_text(workspace, name).map(|text| FileText {
                    name: name.clone(),
                    text,
                })
            })
            .collect()
    }
}

/// A chat file's bytes. A name inside the repository is read through the workspace's
/// root handle (no symlink out, nothing in `.git/`, regular files only), so a file
/// that turns into a link after it joined is not read through it; an absolute name
/// (a read-only file the user chose outside the repository) is read as named.
pub fn read_bytes(workspace: &Workspace, name: &str) -> Result<Vec<u8>, String> {
    if Path::new(name).is_absolute() {
        return crate::safe_fs::read_regular(Path::new(name)).map_err(|error| error.to_string());
    }
    match workspace.read_bytes_of(name) {
        Ok(Some(bytes)) => Ok(bytes),
        Ok(None) => Err(format!("{name}: no such file")),
        Err(error) => Err(error.to_string()),
    }
}

/// The absolute path of a chat file's name.
pub fn absolute(root: &Path, name: &str) -> PathBuf {
    let path = Path::new(name);
    if path.is_absolute() {
        path.to_path_buf()
    } else {
        root.join(path)
    }
}

/// A chat file's text, if it is a regular file with UTF-8 text (a FIFO never blocks
/// here); see [`read_bytes`].
fn read_text(workspace: &Workspace, name: &str) -> Option<String> {
    String::from_utf8(read_bytes(workspace, name).ok()?).ok()
}

const IMAGE_EXTENSIONS: [&str; 5] = ["png", "jpg", "jpeg", "webp", "gif"];

/// Whether a chat file name is an image, by its extension.
pub(super) fn is_image(name: &str) -> bool {
    std::path::Path::new(name)
        .extension()
        .and_then(|extension| extension.to_str())
        .is_some_and(|extension| {
            IMAGE_EXTENSIONS
                .iter()
                .any(|known| extension.eq_ignore_ascii_case(known))
        })
}

/// Why a file could not be added.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AddRefusal {
    /// The path lies outside the repository root.
    OutsideRoot(String),
    /// The path names a directory with no files, or nothing at all matched.
    NoMatch(String),
    /// Git ignores the file.
    Ignored(String),
    /// A glob that matched no file (nothing to offer to create).
    GlobMatchedNothing(String),
    /// A glob that cannot be read (`src/[a.rs`).
    BadGlob { pattern: String, reason: String },
    /// An image the model cannot take, or a file that is no readable image.
    Image { reason: String },
    /// A named pipe, socket or device: reading it could block the session.
    NotRegular { path: String, kind: &'static str },
    /// The path leaves the repository on the way (a symlink out) or enters `.git/`.
    Escapes(String),
}

/// What a repository-relative path names, once it is known to stay inside the root.
pub(super) enum Found {
    File,
    Folder,
    Missing,
}

impl std::fmt::Display for AddRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AddRefusal::OutsideRoot(path) => write!(
                f,
                "{path} is outside the repository; only files inside it can be edited"
            ),
            AddRefusal::NoMatch(path) => write!(f, "no file matches {path}"),
            AddRefusal::Ignored(path) => write!(f, "{path} is ignored by git; not adding it"),
            AddRefusal::GlobMatchedNothing(pattern) => write!(f, "no file matches {pattern}"),
            AddRefusal::BadGlob { pattern, reason } => {
                write!(f, "{pattern} is not a valid glob: {reason}")
            }
            AddRefusal::Image { reason } => f.write_str(reason),
            AddRefusal::NotRegular { path, kind } => write!(
                f,
                "{path} is {kind}, not a regular file; only regular files can be added"
            ),
            AddRefusal::Escapes(reason) => write!(f, "{reason}; not adding it"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_never_both_editable_and_read_only() {
        let mut files = ChatFiles::default();
        assert!(files.add_editable("a.py".into()));
        assert!(files.add_read_only("a.py".into()));
        assert!(!files.is_editable("a.py"));
        assert!(files.contains("a.py"));
        assert!(files.add_editable("a.py".into()));
        assert_eq!(files.read_only(), Vec::<String>::new());
        files.add_read_only("docs/x.md".into());
        let dropped = files.drop_where(|name| name.starts_with("docs/"));
        assert_eq!(dropped, vec!["docs/x.md"]);
        assert_eq!(files.all().len(), 1);
    }
}
