//! A secret only this user has: 32 random bytes made once in the per-user state
//! folder (`$XDG_STATE_HOME/aider-tui/state-key`, mode 0600). What the tool keeps
//! in a repository's folder and later trusts (the kept repo map) carries a MAC
//! under it, so a file committed to a repository is never taken for one this
//! user wrote.

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use rand::RngCore;

use super::ensure_regular;

/// The secret's file name in the per-user state folder.
pub const USER_SECRET_FILE_NAME: &str = "state-key";

/// The secret's length in bytes.
pub const USER_SECRET_BYTES: usize = 32;

/// `$XDG_STATE_HOME/aider-tui` (or the platform's equivalent).
pub fn user_state_folder() -> Option<PathBuf> {
    dirs::state_dir()
        .or_else(dirs::data_local_dir)
        .map(|base| base.join("aider-tui"))
}

/// The secret kept in `folder`, made there the first time. Two processes
/// that make it at once agree: each writes its own under a temporary name and
/// links it to the real name, which only the first link gets; both then read
/// that one. A secret file that others may read, or of the wrong length, is an
/// error (nothing is trusted under it).
pub fn user_secret(folder: &Path) -> io::Result<[u8; USER_SECRET_BYTES]> {
    let path = folder.join(USER_SECRET_FILE_NAME);
    if let Some(secret) = read_secret(&path)? {
        return Ok(secret);
    }
    create_private_folder(folder)?;
    let mut secret = [0u8; USER_SECRET_BYTES];
    rand::rng().fill_bytes(&mut secret);
    let temporary = folder.join(format!(
        ".{USER_SECRET_FILE_NAME}.{}.{:x}.tmp",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |age| age.as_nanos())
    ));
    let linked = write_private(&temporary, &secret).and_then(|()| {
        match std::fs::hard_link(&temporary, &path) {
            Err(error) if error.kind() != io::ErrorKind::AlreadyExists => Err(error),
            _ => Ok(()),
        }
    });
    let _ = std::fs::remove_file(&temporary);
    linked?;
    read_secret(&path)?.ok_or_else(|| io::Error::other("the secret vanished as it was made"))
}

/// The secret at `path`; `None` when there is none yet.
fn read_secret(path: &Path) -> io::Result<Option<[u8; USER_SECRET_BYTES]>> {
    let mut file = match open_nofollow(path) {
        Ok(file) => file,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(error),
    };
    let metadata = file.metadata()?;
    ensure_regular(&metadata)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        // SAFETY: geteuid has no preconditions and cannot fail.
        let user = unsafe { libc::geteuid() };
        if metadata.mode() & 0o077 != 0 || metadata.uid() != user {
            return Err(io::Error::new(
                io::ErrorKind::PermissionDenied,
                format!(
                    "{} is not this user's alone (mode 0600, owned by the user); it is not used",
                    path.display()
                ),
            ));
        }
    }
    let mut secret = [0u8; USER_SECRET_BYTES];
    file.read_exact(&mut secret)?;
    if file.read(&mut [0u8; 1])? != 0 {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{} is longer than a secret", path.display()),
        ));
    }
    Ok(Some(secret))
}

/// Opens a file for reading without following a symlink or blocking on a FIFO.
fn open_nofollow(path: &Path) -> io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_CLOEXEC);
    }
    options.open(path)
}

/// Writes a new file readable by this user alone.
fn write_private(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

/// Creates `folder` (and its parents) if missing, the last one for this user alone.
fn create_private_folder(folder: &Path) -> io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(folder)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_secret_is_made_once_private_and_then_kept() {
        let home = tempfile::tempdir().unwrap();
        let folder = home.path().join("state").join("aider-tui");
        let first = user_secret(&folder).unwrap();
        assert_eq!(user_secret(&folder).unwrap(), first);
        assert_ne!(first, [0u8; USER_SECRET_BYTES]);
        let other = tempfile::tempdir().unwrap();
        assert_ne!(user_secret(other.path()).unwrap(), first);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let path = folder.join(USER_SECRET_FILE_NAME);
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
            // Readable by others: not trusted.
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
            assert!(user_secret(&folder).is_err());
        }
        // No temporary file is left behind.
        let names: Vec<_> = std::fs::read_dir(&folder).unwrap().collect();
        assert_eq!(names.len(), 1);
    }

    #[test]
    fn processes_that_make_it_at_once_agree() {
        let home = tempfile::tempdir().unwrap();
        let folder = home.path().to_path_buf();
        let secrets: Vec<[u8; USER_SECRET_BYTES]> = std::thread::scope(|scope| {
            let makers: Vec<_> = (0..8)
                .map(|_| scope.spawn(|| user_secret(&folder).unwrap()))
                .collect();
            makers
                .into_iter()
                .map(|maker| maker.join().unwrap())
                .collect()
        });
        assert!(secrets.iter().all(|secret| *secret == secrets[0]));
    }
}
