//! Root-confined file access for edits.
//!
//! Every path is checked on its face first (no absolute path, no `..`, nothing in
//! `.git/`), then every read and write goes through one directory handle on the root
//! (cap-std): the operating system resolves each path beneath that handle and refuses
//! any symlink that leads out, so a directory swapped for a symlink between a read and
//! a write cannot redirect a write outside the root. Only regular files are read or
//! written (a named pipe never hangs the tool). A write names the state of the file it
//! expects (absent, or a fingerprint of the bytes it planned against) and is refused
//! when the file changed meanwhile, so a concurrent edit of the user's is never lost.

use std::hash::{Hash, Hasher};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use cap_fs_ext::{FollowSymlinks, OpenOptionsFollowExt};
use cap_std::ambient_authority;
use cap_std::fs::{Dir, OpenOptions};

use crate::repo_path::{PathProblem, RepoPath};

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
    /// The root is inside a `.git` folder.
    #[error("the root {0} is inside a .git folder; point --root at the working tree")]
    RootInGit(PathBuf),
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
    /// A folder on the path is a file (or something else that is not a folder).
    #[error("{1}: cannot be created, because {0} is a file, not a folder")]
    NotAFolder(String, String),
    /// The path names a FIFO, socket or device.
    #[error("{0}: is {1}, not a regular file; only regular files are edited")]
    Special(String, &'static str),
    /// The file holds binary data.
    #[error("{0}: looks binary (it holds NUL bytes); binary files are not edited")]
    Binary(String),
    /// The file is not UTF-8 text.
    #[error("{0}: is not UTF-8 text; only UTF-8 files are edited")]
    NotUtf8(String),
    /// The file is read-only and the write was not allowed to change that.
    #[error("{0}: is read-only; make it writable (or allow the edit) to change it")]
    ReadOnly(String),
    /// The file changed on disk since the edit was planned.
    #[error("{0}: changed on disk since the edit was planned; nothing was written to it")]
    Changed(String),
    /// The file appeared since the edit was planned (it was to be created).
    #[error("{0}: now exists (it did not when the edit was planned); nothing was written")]
    Appeared(String),
    /// An I/O error on a file.
    #[error("{path}: {source}")]
    Io {
        /// The path relative to the root.
        path: String,
        /// The underlying error.
        source: io::Error,
    },
}

/// The bytes a file held when it was read: a write may require them unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fingerprint {
    len: u64,
    hash: u64,
}

impl Fingerprint {
    /// The fingerprint of `bytes`.
    pub fn of(bytes: &[u8]) -> Fingerprint {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        bytes.hash(&mut hasher);
        Fingerprint {
            len: bytes.len() as u64,
            hash: hasher.finish(),
        }
    }
}

/// A text file as read.
#[derive(Debug, Clone)]
pub struct FileOnDisk {
    /// Its path relative to the root after symlinks inside the root are followed
    /// (writes go there).
    pub real_path: String,
    pub text: String,
    pub fingerprint: Fingerprint,
    pub read_only: bool,
}

/// What a write expects to find.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    /// No file (it is being created).
    Absent,
    /// The file as it was read.
    Unchanged(Fingerprint),
}

/// A project root and the files under it.
#[derive(Debug, Clone)]
pub struct Workspace {
    root: PathBuf,
    dir: Arc<Dir>,
}

impl Workspace {
    /// Opens the directory `root` (which must exist, and not lie inside `.git`).
    pub fn new(root: &Path) -> Result<Workspace, WorkspaceError> {
        let canonical = root.canonicalize().map_err(|source| WorkspaceError::Root {
            path: root.to_path_buf(),
            source,
        })?;
        if canonical
            .components()
            .any(|part| part.as_os_str().eq_ignore_ascii_case(".git"))
        {
            return Err(WorkspaceError::RootInGit(canonical));
        }
        let dir = Dir::open_ambient_dir(&canonical, ambient_authority()).map_err(|source| {
            WorkspaceError::Root {
                path: root.to_path_buf(),
                source,
            }
        })?;
        Ok(Workspace {
            root: canonical,
            dir: Arc::new(dir),
        })
    }

    /// The canonical root directory.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The path as the root-relative name edits use (`./` dropped, `/` separators),
    /// refusing anything that could leave the root or enter `.git/` on its face.
    pub fn check(&self, rel: &str) -> Result<String, WorkspaceError> {
        let path = RepoPath::parse(rel).map_err(|problem| match problem {
            PathProblem::Empty => WorkspaceError::Empty,
            PathProblem::ParentDir(_) => WorkspaceError::ParentDir(rel.to_string()),
            PathProblem::Absolute(_) | PathProblem::Outside(_) | PathProblem::NotUtf8(_) => {
                WorkspaceError::Absolute(rel.to_string())
            }
        })?;
        if path.is_in_git_dir() {
            return Err(WorkspaceError::GitDir(rel.to_string()));
        }
        Ok(path.into())
    }

    /// Where `rel` really is (symlinks inside the root followed), relative to the root;
    /// refuses symlinks that lead outside or into `.git/`. A path that does not exist
    /// yet resolves through its nearest existing folder.
    pub fn resolve(&self, rel: &str) -> Result<String, WorkspaceError> {
        let checked = self.check(rel)?;
        let mut existing = PathBuf::from(&checked);
        let mut missing: Vec<PathBuf> = Vec::new();
        let real = loop {
            match self.dir.canonicalize(&existing) {
                Ok(real) => break real,
                Err(error) if error.kind() == io::ErrorKind::NotFound => {
                    let Some(name) = existing.file_name().map(PathBuf::from) else {
                        break PathBuf::new();
                    };
                    missing.push(name);
                    if !existing.pop() || existing.as_os_str().is_empty() {
                        break PathBuf::new();
                    }
                }
                Err(error) => return Err(escape_or_io(&checked, error)),
            }
        };
        let mut full = real;
        for part in missing.into_iter().rev() {
            full.push(part);
        }
        let text = full.to_string_lossy().replace('\\', "/");
        if text
            .split('/')
            .next()
            .is_some_and(|first| first.eq_ignore_ascii_case(".git"))
        {
            return Err(WorkspaceError::GitDir(rel.to_string()));
        }
        if text.is_empty() {
            return Err(WorkspaceError::Directory(rel.to_string()));
        }
        Ok(text)
    }

    /// Reads a text file: `None` when it does not exist; an error for a directory, a
    /// special file, a binary file or text that is not UTF-8.
    pub fn read(&self, rel: &str) -> Result<Option<FileOnDisk>, WorkspaceError> {
        let real_path = self.resolve(rel)?;
        let Some((bytes, read_only)) = self.read_bytes(&real_path, rel)? else {
            return Ok(None);
        };
        if bytes.contains(&0) {
            return Err(WorkspaceError::Binary(rel.to_string()));
        }
        let fingerprint = Fingerprint::of(&bytes);
        let text =
            String::from_utf8(bytes).map_err(|_| WorkspaceError::NotUtf8(rel.to_string()))?;
        Ok(Some(FileOnDisk {
            real_path,
            text,
            fingerprint,
            read_only,
        }))
    }

    /// The bytes of the regular file at `rel`, resolved as [`Workspace::read`] does (no
    /// symlink out of the root, nothing in `.git/`, no special file), for files read
    /// whole that need not be text; `None` when it does not exist.
    pub fn read_bytes_of(&self, rel: &str) -> Result<Option<Vec<u8>>, WorkspaceError> {
        let real_path = self.resolve(rel)?;
        Ok(self
            .read_bytes(&real_path, rel)?
            .map(|(bytes, _read_only)| bytes))
    }

    /// The bytes at a resolved path and whether the file is read-only; `None` when it
    /// does not exist.
    fn read_bytes(&self, real: &str, rel: &str) -> Result<Option<(Vec<u8>, bool)>, WorkspaceError> {
        let mut options = OpenOptions::new();
        options.read(true).follow(FollowSymlinks::No);
        nonblocking(&mut options);
        let file = match self.dir.open_with(real, &options) {
            Ok(file) => file,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(error) => return Err(self.refusal(real, rel, error)),
        };
        let mut file = file.into_std();
        let meta = file.metadata().map_err(|source| io_error(rel, source))?;
        check_kind(&meta, rel)?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)
            .map_err(|source| io_error(rel, source))?;
        Ok(Some((bytes, meta.permissions().readonly())))
    }

    /// Writes `text` to a file atomically (a temporary file beside it, then a rename),
    /// keeping its permissions and creating missing folders (removed again if the write
    /// fails). Refused when the file is not as `expect` says, or read-only without
    /// `allow_read_only`.
    pub fn write(
        &self,
        rel: &str,
        text: &str,
        expect: Expect,
        allow_read_only: bool,
    ) -> Result<(), WorkspaceError> {
        let real = self.resolve(rel)?;
        let current = self.read_bytes(&real, rel)?;
        let permissions = match (&current, expect) {
            (None, Expect::Absent) => None,
            (None, Expect::Unchanged(_)) => return Err(WorkspaceError::Changed(rel.to_string())),
            (Some(_), Expect::Absent) => return Err(WorkspaceError::Appeared(rel.to_string())),
            (Some((bytes, read_only)), Expect::Unchanged(fingerprint)) => {
                if Fingerprint::of(bytes) != fingerprint {
                    return Err(WorkspaceError::Changed(rel.to_string()));
                }
                if *read_only && !allow_read_only {
                    return Err(WorkspaceError::ReadOnly(rel.to_string()));
                }
                let meta = self
                    .dir
                    .metadata(&real)
                    .map_err(|source| io_error(rel, source))?;
                Some(meta.permissions())
            }
        };
        let path = Path::new(&real);
        let parent_rel = path
            .parent()
            .filter(|parent| !parent.as_os_str().is_empty());
        let name = path
            .file_name()
            .ok_or_else(|| WorkspaceError::Directory(rel.to_string()))?;
        let created = match parent_rel {
            Some(parent) => self.create_folders(parent, rel)?,
            None => Vec::new(),
        };
        let written = self.write_in(parent_rel, name, text, permissions, rel);
        if written.is_err() {
            for folder in created.iter().rev() {
                let _ = self.dir.remove_dir(folder);
            }
        }
        written
    }

    fn write_in(
        &self,
        parent_rel: Option<&Path>,
        name: &std::ffi::OsStr,
        text: &str,
        permissions: Option<cap_std::fs::Permissions>,
        rel: &str,
    ) -> Result<(), WorkspaceError> {
        // One handle on the folder for the temporary file and the rename: a path part
        // swapped meanwhile cannot redirect either.
        let parent = match parent_rel {
            Some(parent) => self
                .dir
                .open_dir(parent)
                .map_err(|error| escape_or_io(rel, error))?,
            None => self
                .dir
                .try_clone()
                .map_err(|source| io_error(rel, source))?,
        };
        let temp = format!(
            ".aider-tui-{}-{}.tmp",
            std::process::id(),
            TEMP_COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        );
        let mut options = OpenOptions::new();
        options
            .write(true)
            .create_new(true)
            .follow(FollowSymlinks::No);
        let result = parent
            .open_with(&temp, &options)
            .and_then(|mut file| {
                file.write_all(text.as_bytes())?;
                if let Some(permissions) = permissions {
                    file.set_permissions(permissions)?;
                }
                file.sync_all()
            })
            .and_then(|()| parent.rename(&temp, &parent, name));
        if let Err(source) = result {
            let _ = parent.remove_file(&temp);
            return Err(io_error(rel, source));
        }
        Ok(())
    }

    /// Creates the missing folders of `parent`; returns those it made, outermost first.
    /// Idempotent: a folder that another writer makes between the check and the create
    /// (the plan's files are written in parallel, and new siblings share new parents)
    /// counts as there, not as a failure.
    fn create_folders(&self, parent: &Path, rel: &str) -> Result<Vec<PathBuf>, WorkspaceError> {
        let mut made = Vec::new();
        let mut current = PathBuf::new();
        for part in parent.components() {
            current.push(part);
            match self.create_folder(&current, rel) {
                Ok(true) => made.push(current.clone()),
                Ok(false) => {}
                Err(error) => {
                    for folder in made.iter().rev() {
                        let _ = self.dir.remove_dir(folder);
                    }
                    return Err(error);
                }
            }
        }
        Ok(made)
    }

    /// Makes one folder unless it is there; true when this call made it.
    fn create_folder(&self, folder: &Path, rel: &str) -> Result<bool, WorkspaceError> {
        let in_the_way =
            || WorkspaceError::NotAFolder(folder.display().to_string(), rel.to_string());
        match self.dir.symlink_metadata(folder) {
            Ok(meta) if meta.is_dir() || meta.is_symlink() => return Ok(false),
            Ok(_) => return Err(in_the_way()),
            Err(error) if error.kind() == io::ErrorKind::NotFound => {}
            Err(error) => return Err(escape_or_io(rel, error)),
        }
        match self.dir.create_dir(folder) {
            Ok(()) => Ok(true),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => {
                if self.dir.is_dir(folder) {
                    Ok(false)
                } else {
                    Err(in_the_way())
                }
            }
            Err(error) => Err(escape_or_io(rel, error)),
        }
    }

    /// Deletes a file, if it is still as planned.
    pub fn remove(&self, rel: &str, expect: Fingerprint) -> Result<(), WorkspaceError> {
        let real = self.resolve(rel)?;
        match self.read_bytes(&real, rel)? {
            Some((bytes, _)) if Fingerprint::of(&bytes) == expect => {}
            _ => return Err(WorkspaceError::Changed(rel.to_string())),
        }
        self.dir
            .remove_file(&real)
            .map_err(|source| io_error(rel, source))
    }

    /// An open error in plain words: an escape, a directory, or the I/O error.
    fn refusal(&self, real: &str, rel: &str, error: io::Error) -> WorkspaceError {
        if self.dir.is_dir(real) {
            return WorkspaceError::Directory(rel.to_string());
        }
        escape_or_io(rel, error)
    }
}

static TEMP_COUNTER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

fn check_kind(meta: &std::fs::Metadata, rel: &str) -> Result<(), WorkspaceError> {
    if meta.is_file() {
        return Ok(());
    }
    if meta.is_dir() {
        return Err(WorkspaceError::Directory(rel.to_string()));
    }
    let kind = crate::safe_fs::file_kind(&meta.file_type());
    Err(WorkspaceError::Special(rel.to_string(), kind))
}

fn io_error(rel: &str, source: io::Error) -> WorkspaceError {
    WorkspaceError::Io {
        path: rel.to_string(),
        source,
    }
}

/// cap-std reports a path that would leave the root as "permission denied … outside";
/// a symlink loop or a symlink where a folder was expected as ELOOP / ENOTDIR.
fn escape_or_io(rel: &str, error: io::Error) -> WorkspaceError {
    let text = error.to_string();
    let escaped = text.contains("outside") || text.contains("escape");
    #[cfg(unix)]
    let escaped = escaped || error.raw_os_error() == Some(libc::ELOOP);
    if escaped {
        WorkspaceError::SymlinkEscape(rel.to_string())
    } else {
        io_error(rel, error)
    }
}

#[cfg(unix)]
fn nonblocking(options: &mut OpenOptions) {
    use cap_std::fs::OpenOptionsExt;
    options.custom_flags(libc::O_NONBLOCK);
}

#[cfg(not(unix))]
fn nonblocking(_options: &mut OpenOptions) {}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(ws: &Workspace, rel: &str) -> Option<String> {
        ws.read(rel).unwrap().map(|file| file.text)
    }

    #[test]
    fn escapes_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let ws = Workspace::new(dir.path()).unwrap();
        assert!(matches!(
            ws.check("../x"),
            Err(WorkspaceError::ParentDir(_))
        ));
        assert!(matches!(
            ws.check("a/../../x"),
            Err(WorkspaceError::ParentDir(_))
        ));
        assert!(matches!(
            ws.check("/etc/passwd"),
            Err(WorkspaceError::Absolute(_))
        ));
        assert!(matches!(
            ws.check(".git/config"),
            Err(WorkspaceError::GitDir(_))
        ));
        assert!(matches!(
            ws.check("sub/.git/HEAD"),
            Err(WorkspaceError::GitDir(_))
        ));
        assert!(matches!(ws.check(""), Err(WorkspaceError::Empty)));
        for rel in ["~/.bashrc", "C:\\x.txt", "c:x.txt"] {
            assert!(
                matches!(ws.check(rel), Err(WorkspaceError::Absolute(_))),
                "{rel}"
            );
        }
        assert_eq!(ws.resolve("./src/new/file.rs").unwrap(), "src/new/file.rs");
    }

    #[test]
    fn a_root_inside_git_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join(".git/objects")).unwrap();
        assert!(matches!(
            Workspace::new(&dir.path().join(".git")),
            Err(WorkspaceError::RootInGit(_))
        ));
        assert!(matches!(
            Workspace::new(&dir.path().join(".git/objects")),
            Err(WorkspaceError::RootInGit(_))
        ));
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_leading_outside_or_into_git_are_refused() {
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret"), "x").unwrap();
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join(".git")).unwrap();
        std::fs::write(dir.path().join(".git/config"), "[core]").unwrap();
        std::os::unix::fs::symlink(outside.path(), dir.path().join("link")).unwrap();
        std::os::unix::fs::symlink(outside.path().join("secret"), dir.path().join("file")).unwrap();
        std::os::unix::fs::symlink(".git/config", dir.path().join("cfg")).unwrap();
        std::fs::write(dir.path().join("real.txt"), "y").unwrap();
        std::os::unix::fs::symlink("real.txt", dir.path().join("inner")).unwrap();
        let ws = Workspace::new(dir.path()).unwrap();
        for rel in ["link/secret", "link/new.txt", "file"] {
            assert!(
                matches!(ws.read(rel), Err(WorkspaceError::SymlinkEscape(_))),
                "{rel}: {:?}",
                ws.read(rel)
            );
            assert!(
                ws.write(rel, "pwned", Expect::Absent, false).is_err(),
                "{rel}"
            );
        }
        assert!(matches!(ws.read("cfg"), Err(WorkspaceError::GitDir(_))));
        assert_eq!(text(&ws, "inner").as_deref(), Some("y"));
        let inner = ws.read("inner").unwrap().unwrap();
        assert_eq!(inner.real_path, "real.txt");
        assert_eq!(
            std::fs::read_to_string(outside.path().join("secret")).unwrap(),
            "x"
        );
        assert_eq!(std::fs::read_dir(outside.path()).unwrap().count(), 1);
    }

    #[test]
    fn reads_refuse_binary_and_non_utf8() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("bin"), b"a\0b").unwrap();
        std::fs::write(dir.path().join("latin1"), b"caf\xe9").unwrap();
        let ws = Workspace::new(dir.path()).unwrap();
        assert!(matches!(ws.read("bin"), Err(WorkspaceError::Binary(_))));
        assert!(matches!(ws.read("latin1"), Err(WorkspaceError::NotUtf8(_))));
        assert!(ws.read("missing").unwrap().is_none());
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe.py");
        let name = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path and a plain mode.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o644) }, 0);
        let ws = Workspace::new(dir.path()).unwrap();
        assert!(matches!(
            ws.read("pipe.py"),
            Err(WorkspaceError::Special(..))
        ));
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
        let before = ws.read("run.sh").unwrap().unwrap();
        ws.write(
            "run.sh",
            "new",
            Expect::Unchanged(before.fingerprint),
            false,
        )
        .unwrap();
        ws.write("deep/er/file.txt", "x", Expect::Absent, false)
            .unwrap();
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

    #[test]
    fn a_file_changed_since_it_was_read_is_not_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.txt"), "planned").unwrap();
        let ws = Workspace::new(dir.path()).unwrap();
        let read = ws.read("a.txt").unwrap().unwrap();
        std::fs::write(dir.path().join("a.txt"), "the user's edit").unwrap();
        assert!(matches!(
            ws.write("a.txt", "ours", Expect::Unchanged(read.fingerprint), false),
            Err(WorkspaceError::Changed(_))
        ));
        assert_eq!(
            std::fs::read_to_string(dir.path().join("a.txt")).unwrap(),
            "the user's edit"
        );
        assert!(matches!(
            ws.write("a.txt", "ours", Expect::Absent, false),
            Err(WorkspaceError::Appeared(_))
        ));
    }

    #[cfg(unix)]
    #[test]
    fn read_only_files_are_written_only_when_allowed() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("locked.txt");
        std::fs::write(&path, "old").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
        let ws = Workspace::new(dir.path()).unwrap();
        let read = ws.read("locked.txt").unwrap().unwrap();
        assert!(read.read_only);
        let expect = Expect::Unchanged(read.fingerprint);
        assert!(matches!(
            ws.write("locked.txt", "new", expect, false),
            Err(WorkspaceError::ReadOnly(_))
        ));
        ws.write("locked.txt", "new", expect, true).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o444, "still read-only");
    }

    #[cfg(unix)]
    #[test]
    fn a_failed_write_leaves_no_folder_behind() {
        let dir = tempfile::tempdir().unwrap();
        let ws = Workspace::new(dir.path()).unwrap();
        // The folders can be made, but no file system takes a 300-byte name.
        let too_long = format!("made/here/{}.txt", "x".repeat(300));
        assert!(ws.write(&too_long, "y", Expect::Absent, false).is_err());
        assert!(
            !dir.path().join("made").exists(),
            "folders made for it are gone"
        );
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}
