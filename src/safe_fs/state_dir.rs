//! The tool's own folder: `.aider-tui/` in the repository, or a per-user folder when
//! the repository's cannot be trusted.
//!
//! Everything goes through a directory handle (cap-std), and the folder itself is opened
//! without following a symlink: a cloned repository that commits `.aider-tui` as a
//! symlink to `../outside`, or `chat-history.md` as a symlink to a victim file, makes the
//! tool refuse that path instead of writing through it. Names are single path parts; a
//! symlink in the last part is never followed and only regular files are read or written.

use std::fs::File;
use std::hash::{Hash, Hasher};
use std::io::{self, Read, Write};
use std::path::{Component, Path, PathBuf};

use cap_fs_ext::{DirExt, FollowSymlinks, OpenOptionsFollowExt};
use cap_std::ambient_authority;
use cap_std::fs::{Dir, OpenOptions};

use super::ensure_regular;

/// The folder's name inside the repository.
pub const STATE_DIR_NAME: &str = ".aider-tui";

/// Where the state folder is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StateLocation {
    /// `<root>/.aider-tui`.
    Repository,
    /// A per-user folder, because the repository's could not be used (the reason).
    PerUser { reason: String },
}

/// An open state folder (cheap to clone: the handle is shared).
#[derive(Debug, Clone)]
pub struct StateDir {
    dir: std::sync::Arc<Dir>,
    path: PathBuf,
    location: StateLocation,
    created: bool,
}

impl StateDir {
    /// Opens (creating it if needed) `<root>/.aider-tui`, or, when that is a symlink, not
    /// a folder or not writable, the per-user state folder for this repository. For a
    /// caller that cannot know what git tracks; see [`StateDir::open_untracked`].
    pub fn open(root: &Path) -> io::Result<StateDir> {
        Self::open_or(root, &[], per_user_base())
    }

    /// [`StateDir::open`] for a repository whose index lists `tracked` under
    /// `.aider-tui/` (paths as git names them): files someone committed are not this
    /// user's state, so when there are any the per-user folder is used instead and
    /// the reason names them.
    pub fn open_untracked(root: &Path, tracked: &[String]) -> io::Result<StateDir> {
        Self::open_or(root, tracked, per_user_base())
    }

    /// [`StateDir::open_untracked`] with the per-user folders under `fallback_base`.
    fn open_or(
        root: &Path,
        tracked: &[String],
        fallback_base: Option<PathBuf>,
    ) -> io::Result<StateDir> {
        let in_repository = if tracked.is_empty() {
            Dir::open_ambient_dir(root, ambient_authority())
                .and_then(|parent| open_child(&parent, STATE_DIR_NAME))
                .map_err(|error| describe(&error))
        } else {
            Err(format!(
                "git tracks files in it, committed by someone else: {}",
                tracked.join(", ")
            ))
        };
        match in_repository {
            Ok((dir, created)) => Ok(StateDir {
                dir: std::sync::Arc::new(dir),
                path: root.join(STATE_DIR_NAME),
                location: StateLocation::Repository,
                created,
            }),
            Err(why) => {
                let reason = format!(
                    "{} cannot be used ({why}); using a per-user folder instead",
                    root.join(STATE_DIR_NAME).display(),
                );
                tracing::warn!("{reason}");
                let base = fallback_base.ok_or_else(|| {
                    io::Error::new(io::ErrorKind::NotFound, "no per-user state folder is known")
                })?;
                Self::open_per_user(root, &base, reason)
            }
        }
    }

    /// The per-user folder for the repository at `root`, under `base`.
    fn open_per_user(root: &Path, base: &Path, reason: String) -> io::Result<StateDir> {
        let path = base.join(per_user_name(root));
        std::fs::create_dir_all(&path)?;
        let dir = Dir::open_ambient_dir(&path, ambient_authority())?;
        Ok(StateDir {
            dir: std::sync::Arc::new(dir),
            path,
            location: StateLocation::PerUser { reason },
            created: false,
        })
    }

    /// The folder's path (for messages).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Where the folder is, and why when it is not in the repository.
    pub fn location(&self) -> &StateLocation {
        &self.location
    }

    /// Whether this call created `.aider-tui/` in the repository (so the caller can
    /// keep it out of git).
    pub fn created(&self) -> bool {
        self.created
    }

    /// A sub-folder (created if needed), under the same rules.
    pub fn subdir(&self, name: &str) -> io::Result<StateDir> {
        let name = checked_name(name)?;
        let (dir, created) = open_child(&self.dir, name)?;
        Ok(StateDir {
            dir: std::sync::Arc::new(dir),
            path: self.path.join(name),
            location: self.location.clone(),
            created: created && self.location == StateLocation::Repository,
        })
    }

    /// A file's bytes; `None` when it does not exist.
    pub fn read(&self, name: &str) -> io::Result<Option<Vec<u8>>> {
        let Some(mut file) = self.open_read(name)? else {
            return Ok(None);
        };
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)?;
        Ok(Some(bytes))
    }

    /// A regular file opened for reading (`None` when missing), never through a
    /// symlink and without blocking on a FIFO: for files read a part at a time.
    pub fn open_read(&self, name: &str) -> io::Result<Option<File>> {
        let name = checked_name(name)?;
        let mut options = OpenOptions::new();
        options.read(true).follow(FollowSymlinks::No);
        nonblocking(&mut options);
        let file = match self.dir.open_with(name, &options) {
            Ok(file) => file.into_std(),
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(error) => return Err(refused(name, error)),
        };
        ensure_regular(&file.metadata()?)?;
        Ok(Some(file))
    }

    /// A file opened for appending (created if missing), e.g. for a log writer.
    pub fn open_append(&self, name: &str) -> io::Result<File> {
        let name = checked_name(name)?;
        let mut options = OpenOptions::new();
        options.append(true).create(true).follow(FollowSymlinks::No);
        nonblocking(&mut options);
        let file = self
            .dir
            .open_with(name, &options)
            .map_err(|error| refused(name, error))?
            .into_std();
        ensure_regular(&file.metadata()?)?;
        Ok(file)
    }

    /// Appends bytes to a file (created if missing).
    pub fn append(&self, name: &str, bytes: &[u8]) -> io::Result<()> {
        self.open_append(name)?.write_all(bytes)
    }

    /// Replaces a file's contents atomically: a new temporary file, then a rename over
    /// the name (which replaces a symlink there rather than writing through it).
    pub fn write_atomic(&self, name: &str, bytes: &[u8]) -> io::Result<()> {
        self.write_atomic_with(name, |file| file.write_all(bytes))
    }

    /// [`StateDir::write_atomic`] for a file written in parts by `write`, so a
    /// large one is never whole in memory.
    pub fn write_atomic_with(
        &self,
        name: &str,
        write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> io::Result<()> {
        let name = checked_name(name)?;
        if let Ok(meta) = self.dir.symlink_metadata(name)
            && !meta.is_file()
            && !meta.is_symlink()
        {
            return Err(super::not_regular("a special file or folder"));
        }
        let temp = format!(".{name}.{}.tmp", std::process::id());
        let mut options = OpenOptions::new();
        options
            .write(true)
            .create_new(true)
            .follow(FollowSymlinks::No);
        let written = self.dir.open_with(&temp, &options).and_then(|file| {
            let mut writer = io::BufWriter::with_capacity(1 << 16, file.into_std());
            write(&mut writer)?;
            let file = writer.into_inner().map_err(|error| error.into_error())?;
            file.sync_all()
        });
        let renamed = written.and_then(|()| self.dir.rename(&temp, &self.dir, name));
        if renamed.is_err() {
            let _ = self.dir.remove_file(&temp);
        }
        renamed
    }

    /// Removes a file (a missing file is not an error).
    pub fn remove(&self, name: &str) -> io::Result<()> {
        let name = checked_name(name)?;
        match self.dir.remove_file_or_symlink(name) {
            Err(error) if error.kind() != io::ErrorKind::NotFound => Err(error),
            _ => Ok(()),
        }
    }

    /// The names of the regular files in the folder, sorted.
    pub fn file_names(&self) -> io::Result<Vec<String>> {
        let mut names = Vec::new();
        for entry in self.dir.entries()? {
            let entry = entry?;
            if entry.file_type()?.is_file()
                && let Ok(name) = entry.file_name().into_string()
            {
                names.push(name);
            }
        }
        names.sort();
        Ok(names)
    }
}

/// Creates (if missing) and opens the folder `name` in `parent` without following a
/// symlink there. True when it was created.
fn open_child(parent: &Dir, name: &str) -> io::Result<(Dir, bool)> {
    let created = match parent.create_dir(name) {
        Ok(()) => true,
        Err(error) if error.kind() == io::ErrorKind::AlreadyExists => false,
        Err(error) => return Err(error),
    };
    let dir = parent.open_dir_nofollow(name)?;
    // Prove the folder is writable now rather than failing at the first write.
    let probe = format!(".write-test.{}", std::process::id());
    dir.write(&probe, b"")?;
    dir.remove_file(&probe)?;
    Ok((dir, created))
}

/// A file name of one normal part (no separators, no `..`).
fn checked_name(name: &str) -> io::Result<&str> {
    let mut parts = Path::new(name).components();
    match (parts.next(), parts.next()) {
        (Some(Component::Normal(_)), None) => Ok(name),
        _ => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{name:?} is not a plain file name"),
        )),
    }
}

#[cfg(unix)]
fn nonblocking(options: &mut OpenOptions) {
    use cap_std::fs::OpenOptionsExt;
    options.custom_flags(libc::O_NONBLOCK);
}

#[cfg(not(unix))]
fn nonblocking(_options: &mut OpenOptions) {}

/// An error that names the file, with symlink refusals in plain words.
fn refused(name: &str, error: io::Error) -> io::Error {
    io::Error::new(error.kind(), format!("{name}: {}", describe(&error)))
}

/// Plain words for the errors a symlinked or odd path produces.
fn describe(error: &io::Error) -> String {
    #[cfg(unix)]
    if let Some(code) = error.raw_os_error()
        && (code == libc::ELOOP || code == libc::ENOTDIR)
    {
        return "it is a symbolic link or not a folder, and is never followed".into();
    }
    if error.kind() == io::ErrorKind::PermissionDenied && error.to_string().contains("outside") {
        return "a symbolic link leads outside the folder".into();
    }
    error.to_string()
}

/// `$XDG_STATE_HOME/aider-tui/repos` (or the platform's equivalent).
fn per_user_base() -> Option<PathBuf> {
    dirs::state_dir()
        .or_else(dirs::data_local_dir)
        .map(|base| base.join("aider-tui").join("repos"))
}

/// A folder name for a repository: its base name and a hash of its full path.
fn per_user_name(root: &Path) -> String {
    let canonical = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    canonical.hash(&mut hasher);
    let base: String = canonical
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .take(40)
        .collect();
    format!("{base}-{:016x}", hasher.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_written_read_and_replaced_inside_the_folder() {
        let root = tempfile::tempdir().unwrap();
        let state = StateDir::open(root.path()).unwrap();
        assert!(state.created());
        assert_eq!(state.location(), &StateLocation::Repository);
        state.append("log", b"one\n").unwrap();
        state.append("log", b"two\n").unwrap();
        state.write_atomic("data.json", b"{}").unwrap();
        state.write_atomic("data.json", b"[]").unwrap();
        assert_eq!(state.read("log").unwrap().unwrap(), b"one\ntwo\n");
        assert_eq!(state.read("data.json").unwrap().unwrap(), b"[]");
        assert_eq!(state.read("missing").unwrap(), None);
        assert_eq!(state.file_names().unwrap(), vec!["data.json", "log"]);
        let sessions = state.subdir("sessions").unwrap();
        sessions.write_atomic("a.json", b"x").unwrap();
        assert!(root.path().join(".aider-tui/sessions/a.json").is_file());
        assert!(state.read("../escape").is_err());
        assert!(state.read("a/b").is_err());
        assert!(!StateDir::open(root.path()).unwrap().created());
    }

    #[cfg(unix)]
    #[test]
    fn a_symlinked_state_folder_is_not_followed() {
        let outside = tempfile::tempdir().unwrap();
        let root = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(outside.path(), root.path().join(STATE_DIR_NAME)).unwrap();
        let per_user = tempfile::tempdir().unwrap();
        let chosen =
            StateDir::open_or(root.path(), &[], Some(per_user.path().to_path_buf())).unwrap();
        let StateLocation::PerUser { reason } = chosen.location() else {
            panic!("{:?}", chosen.location())
        };
        assert!(reason.contains("symbolic link"), "{reason}");
        chosen.append("log", b"x").unwrap();
        assert!(chosen.path().starts_with(per_user.path()));
        assert_eq!(std::fs::read_dir(outside.path()).unwrap().count(), 0);
    }

    #[test]
    fn a_state_folder_with_tracked_files_is_left_to_its_committer() {
        let root = tempfile::tempdir().unwrap();
        let planted = root.path().join(".aider-tui/sessions");
        std::fs::create_dir_all(&planted).unwrap();
        std::fs::write(planted.join("x.json"), "{}").unwrap();
        let per_user = tempfile::tempdir().unwrap();
        let tracked = vec![".aider-tui/sessions/x.json".to_string()];
        let chosen =
            StateDir::open_or(root.path(), &tracked, Some(per_user.path().to_path_buf())).unwrap();
        let StateLocation::PerUser { reason } = chosen.location() else {
            panic!("{:?}", chosen.location())
        };
        assert!(reason.contains(".aider-tui/sessions/x.json"), "{reason}");
        assert!(chosen.path().starts_with(per_user.path()));
        assert_eq!(
            chosen
                .subdir("sessions")
                .unwrap()
                .file_names()
                .unwrap()
                .len(),
            0
        );
    }

    #[cfg(unix)]
    #[test]
    fn symlinked_files_inside_are_never_written_through() {
        let outside = tempfile::tempdir().unwrap();
        let victim = outside.path().join("victim.txt");
        std::fs::write(&victim, "keep").unwrap();
        let root = tempfile::tempdir().unwrap();
        let state = StateDir::open(root.path()).unwrap();
        std::os::unix::fs::symlink(&victim, root.path().join(".aider-tui/chat-history.md"))
            .unwrap();
        assert!(state.append("chat-history.md", b"secret").is_err());
        assert!(state.read("chat-history.md").is_err());
        // An atomic write replaces the link itself.
        state.write_atomic("chat-history.md", b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep");
        assert_eq!(state.read("chat-history.md").unwrap().unwrap(), b"new");
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_in_the_folder_does_not_hang() {
        let root = tempfile::tempdir().unwrap();
        let state = StateDir::open(root.path()).unwrap();
        let fifo = root.path().join(".aider-tui/input-history");
        let name = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path and a plain mode.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o644) }, 0);
        assert!(state.read("input-history").is_err());
        assert!(state.append("input-history", b"x").is_err());
    }
}
