//! Root-confined file access for edits: every path is checked against the root
//! before it is read or written, and writes are atomic.

use std::fs;
use std::io::{self, Write};
use std::path::{Component, Path, PathBuf};

/// Why a path or file was refused.
#[derive(Debug, thiserror::Error)]
pub enum WorkspaceError {
    /// The root itself is unusable.
    #[error("the root {path} cannot be used: {source}")]
    Root {
        /// The root as given.
        path: PathBuf,
        /// The underlying error.
        source: io::Error,
    },
    /// An empty path.
    #[error("an empty file path")]
    Empty,
    /// An absolute path.
    #[error("{0}: absolute paths are refused; name files relative to the project root")]
    Absolute(String),
    /// A path with `..` in it.
    #[error("{0}: paths with `..` are refused; they could leave the project root")]
    ParentDir(String),
    /// A path inside `.git/`.
    #[error("{0}: files inside .git/ are never edited")]
    GitDir(String),
    /// A symlink on the way leads outside the root.
    #[error("{0}: a symlink on this path leads outside the project root")]
    SymlinkEscape(String),
    /// The path names a directory.
    #[error("{0}: is a directory, not a file")]
    Directory(String),
    /// The file holds binary data.
    #[error("{0}: looks binary (it holds NUL bytes); binary files are not edited")]
    Binary(String),
    /// The file is not UTF-8 text.
    #[error("{0}: is not UTF-8 text; only UTF-8 files are edited")]
    NotUtf8(String),
    /// An I/O error on a file.
    #[error("{path}: {source}")]
    Io {
        /// The path relative to the root.
        path: String,
        /// The underlying error.
        source: io::Error,
    },
}

/// A project root and the files under it.
#[derive(Debug, Clone)]
pub struct Workspace {
    root: PathBuf,
}

impl Workspace {
    /// Opens the directory `root` (which must exist).
    pub fn new(root: &Path) -> Result<Workspace, WorkspaceError> {
        let canonical = root.canonicalize().map_err(|source| WorkspaceError::Root {
            path: root.to_path_buf(),
            source,
        })?;
        if !canonical.is_dir() {
            return Err(WorkspaceError::Root {
                path: root.to_path_buf(),
                source: io::Error::new(io::ErrorKind::NotADirectory, "not a directory"),
            });
        }
        Ok(Workspace { root: canonical })
    }

    /// The canonical root directory.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Turns a path relative to the root into a real path, refusing anything that
    /// could lead outside the root or into `.git/`. Symlinks are followed to their
    /// target, which must itself be inside the root.
    pub fn resolve(&self, rel: &str) -> Result<PathBuf, WorkspaceError> {
        if rel.trim().is_empty() {
            return Err(WorkspaceError::Empty);
        }
        let path = Path::new(rel);
        let drive_letter =
            rel.len() >= 2 && rel.as_bytes()[0].is_ascii_alphabetic() && rel.as_bytes()[1] == b':';
        if rel.starts_with('/')
            || rel.starts_with('~')
            || drive_letter
            || path.is_absolute()
            || path.has_root()
        {
            return Err(WorkspaceError::Absolute(rel.to_string()));
        }
        let mut parts: Vec<&std::ffi::OsStr> = Vec::new();
        for component in path.components() {
            match component {
                Component::Normal(part) => {
                    if part.eq_ignore_ascii_case(".git") {
                        return Err(WorkspaceError::GitDir(rel.to_string()));
                    }
                    parts.push(part);
                }
                Component::CurDir => {}
                Component::ParentDir => return Err(WorkspaceError::ParentDir(rel.to_string())),
                Component::RootDir | Component::Prefix(_) => {
                    return Err(WorkspaceError::Absolute(rel.to_string()));
                }
            }
        }
        if parts.is_empty() {
            return Err(WorkspaceError::Empty);
        }
        // Walk the path, following symlinks, and check every step stays inside.
        let mut current = self.root.clone();
        for (index, part) in parts.iter().enumerate() {
            let next = current.join(part);
            match fs::symlink_metadata(&next) {
                Ok(meta) if meta.file_type().is_symlink() => {
                    let target = next
                        .canonicalize()
                        .map_err(|_| WorkspaceError::SymlinkEscape(rel.to_string()))?;
                    self.check_inside(&target, rel)?;
                    current = target;
                }
                Ok(_) => current = next,
                Err(_) => {
                    // The rest does not exist yet: nothing more to follow.
                    for rest in &parts[index..] {
                        current.push(rest);
                    }
                    return Ok(current);
                }
            }
        }
        Ok(current)
    }

    fn check_inside(&self, target: &Path, rel: &str) -> Result<(), WorkspaceError> {
        let inside = target
            .strip_prefix(&self.root)
            .map_err(|_| WorkspaceError::SymlinkEscape(rel.to_string()))?;
        if inside
            .components()
            .next()
            .is_some_and(|first| first.as_os_str().eq_ignore_ascii_case(".git"))
        {
            return Err(WorkspaceError::GitDir(rel.to_string()));
        }
        Ok(())
    }

    /// Reads a text file: `None` when it does not exist; an error for a directory,
    /// a binary file or text that is not UTF-8.
    pub fn read(&self, rel: &str) -> Result<Option<String>, WorkspaceError> {
        let path = self.resolve(rel)?;
        self.read_resolved(&path, rel)
    }

    /// Reads a path that [`Workspace::resolve`] returned for `rel`.
    pub(crate) fn read_resolved(
        &self,
        path: &Path,
        rel: &str,
    ) -> Result<Option<String>, WorkspaceError> {
        if path.is_dir() {
            return Err(WorkspaceError::Directory(rel.to_string()));
        }
        let bytes = match fs::read(path) {
            Ok(bytes) => bytes,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(source) => {
                return Err(WorkspaceError::Io {
                    path: rel.to_string(),
                    source,
                });
            }
        };
        if bytes.contains(&0) {
            return Err(WorkspaceError::Binary(rel.to_string()));
        }
        String::from_utf8(bytes)
            .map(Some)
            .map_err(|_| WorkspaceError::NotUtf8(rel.to_string()))
    }

    /// Writes `text` to a file atomically: a temporary file in the same directory,
    /// then a rename over the target. Keeps the file's permissions; creates missing
    /// parent directories.
    pub fn write_atomic(&self, rel: &str, text: &str) -> Result<(), WorkspaceError> {
        let path = self.resolve(rel)?;
        self.write_resolved(&path, rel, text)
    }

    /// Writes to a path that [`Workspace::resolve`] returned for `rel`.
    pub(crate) fn write_resolved(
        &self,
        path: &Path,
        rel: &str,
        text: &str,
    ) -> Result<(), WorkspaceError> {
        let io_error = |source| WorkspaceError::Io {
            path: rel.to_string(),
            source,
        };
        let existing = fs::metadata(path).ok();
        if existing.as_ref().is_some_and(fs::Metadata::is_dir) {
            return Err(WorkspaceError::Directory(rel.to_string()));
        }
        let parent = path
            .parent()
            .ok_or_else(|| WorkspaceError::Absolute(rel.to_string()))?;
        if existing.is_none() {
            fs::create_dir_all(parent).map_err(io_error)?;
        }
        let mut temp = tempfile::Builder::new()
            .prefix(".aider-tui-")
            .suffix(".tmp")
            .tempfile_in(parent)
            .map_err(io_error)?;
        temp.write_all(text.as_bytes()).map_err(io_error)?;
        if let Some(meta) = existing {
            fs::set_permissions(temp.path(), meta.permissions()).map_err(io_error)?;
        }
        temp.persist(path).map_err(|error| io_error(error.error))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let ws = Workspace::new(dir.path()).unwrap();
        assert!(matches!(
            ws.resolve("../x"),
            Err(WorkspaceError::ParentDir(_))
        ));
        assert!(matches!(
            ws.resolve("a/../../x"),
            Err(WorkspaceError::ParentDir(_))
        ));
        assert!(matches!(
            ws.resolve("/etc/passwd"),
            Err(WorkspaceError::Absolute(_))
        ));
        assert!(matches!(
            ws.resolve(".git/config"),
            Err(WorkspaceError::GitDir(_))
        ));
        assert!(matches!(
            ws.resolve("sub/.git/HEAD"),
            Err(WorkspaceError::GitDir(_))
        ));
        assert!(matches!(ws.resolve(""), Err(WorkspaceError::Empty)));
        for rel in ["~/.bashrc", "C:\\x.txt", "c:x.txt"] {
            assert!(
                matches!(ws.resolve(rel), Err(WorkspaceError::Absolute(_))),
                "{rel}"
            );
        }
        assert!(
            ws.resolve("./src/new/file.rs")
                .unwrap()
                .starts_with(ws.root())
        );
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_leading_outside_are_refused() {
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret"), "x").unwrap();
        let dir = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(outside.path(), dir.path().join("link")).unwrap();
        std::os::unix::fs::symlink(outside.path().join("secret"), dir.path().join("file")).unwrap();
        std::fs::write(dir.path().join("real.txt"), "y").unwrap();
        std::os::unix::fs::symlink(dir.path().join("real.txt"), dir.path().join("inner")).unwrap();
        let ws = Workspace::new(dir.path()).unwrap();
        assert!(matches!(
            ws.resolve("link/secret"),
            Err(WorkspaceError::SymlinkEscape(_))
        ));
        assert!(matches!(
            ws.resolve("link/new.txt"),
            Err(WorkspaceError::SymlinkEscape(_))
        ));
        assert!(matches!(
            ws.resolve("file"),
            Err(WorkspaceError::SymlinkEscape(_))
        ));
        assert_eq!(ws.read("inner").unwrap().as_deref(), Some("y"));
    }

    #[test]
    fn reads_refuse_binary_and_non_utf8() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("bin"), b"a\0b").unwrap();
        std::fs::write(dir.path().join("latin1"), b"caf\xe9").unwrap();
        let ws = Workspace::new(dir.path()).unwrap();
        assert!(matches!(ws.read("bin"), Err(WorkspaceError::Binary(_))));
        assert!(matches!(ws.read("latin1"), Err(WorkspaceError::NotUtf8(_))));
        assert_eq!(ws.read("missing").unwrap(), None);
    }

    #[cfg(unix)]
    #[test]
    fn atomic_write_keeps_permissions_and_makes_directories() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("run.sh");
        std::fs::write(&script, "old").unwrap();
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        let ws = Workspace::new(dir.path()).unwrap();
        ws.write_atomic("run.sh", "new").unwrap();
        ws.write_atomic("deep/er/file.txt", "x").unwrap();
        assert_eq!(std::fs::read_to_string(&script).unwrap(), "new");
        let mode = std::fs::metadata(&script).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o755);
        assert_eq!(
            std::fs::read_to_string(dir.path().join("deep/er/file.txt")).unwrap(),
            "x"
        );
        let leftovers: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .filter(|entry| {
                entry
                    .as_ref()
                    .unwrap()
                    .file_name()
                    .to_string_lossy()
                    .ends_with(".tmp")
            })
            .collect();
        assert!(leftovers.is_empty());
    }
}
