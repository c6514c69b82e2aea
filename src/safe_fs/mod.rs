//! File access that a hostile repository cannot turn against the user.
//!
//! - [`read_regular`] / [`open_regular`]: open without blocking and refuse anything that
//!   is not a regular file, so a named pipe, socket or device in a repository (or given
//!   on the command line) can never hang the program; [`read_regular_within`] also
//!   refuses a file larger than a limit before reading it.
//! - [`StateDir`]: the tool's own folder (`.aider-tui/`), reached through a directory
//!   handle that never follows a symlink out of the repository; when the repository's
//!   folder is unusable (a symlink, a file, not writable) a per-user folder takes its place.
//!
//! Library code at the bottom of the crate: it imports nothing else from it.

mod state_dir;

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

pub use state_dir::{STATE_DIR_NAME, StateDir, StateLocation};

/// Opens `path` for reading if it is a regular file (symlinks are followed). A FIFO,
/// socket, device or directory is refused with an error that names what it is.
pub fn open_regular(path: &Path) -> io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // Opening a FIFO for reading blocks until a writer appears; O_NONBLOCK returns at
        // once, and reads of regular files ignore the flag.
        options.custom_flags(libc::O_NONBLOCK | libc::O_CLOEXEC);
    }
    let file = options.open(path)?;
    ensure_regular(&file.metadata()?)?;
    Ok(file)
}

/// Reads a regular file whole; see [`open_regular`].
pub fn read_regular(path: &Path) -> io::Result<Vec<u8>> {
    let mut file = open_regular(path)?;
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Why [`read_regular_within`] read nothing.
#[derive(Debug, thiserror::Error)]
pub enum LimitedReadError {
    #[error(transparent)]
    Io(#[from] io::Error),
    /// The file holds more than the limit: refused from its size, before any read.
    #[error("{size} bytes, more than the {limit} allowed")]
    TooLarge { size: u64, limit: u64 },
}

/// Reads a regular file whole if it holds at most `limit` bytes (see [`open_regular`]).
/// A larger one is refused from its size alone, so a huge file costs no memory; one
/// that grows while it is read is cut off at the limit and refused too.
pub fn read_regular_within(path: &Path, limit: u64) -> Result<Vec<u8>, LimitedReadError> {
    let file = open_regular(path)?;
    let size = file.metadata()?.len();
    if size > limit {
        return Err(LimitedReadError::TooLarge { size, limit });
    }
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    let read = bytes.len() as u64;
    if read > limit {
        return Err(LimitedReadError::TooLarge { size: read, limit });
    }
    Ok(bytes)
}

/// An error unless `metadata` is a regular file's.
pub fn ensure_regular(metadata: &std::fs::Metadata) -> io::Result<()> {
    if metadata.is_file() {
        return Ok(());
    }
    Err(not_regular(file_kind(&metadata.file_type())))
}

/// The error for a path that is not a regular file.
pub fn not_regular(kind: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("{kind}, not a regular file; only regular files are read or written"),
    )
}

/// What a file is, in words ("a named pipe (FIFO)", "a directory", …).
pub fn file_kind(file_type: &std::fs::FileType) -> &'static str {
    if file_type.is_dir() {
        return "a directory";
    }
    if file_type.is_symlink() {
        return "a symbolic link";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if file_type.is_socket() {
            return "a socket";
        }
        if file_type.is_block_device() || file_type.is_char_device() {
            return "a device";
        }
    }
    "a special file"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_at_once_instead_of_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let name = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path and a plain mode.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o644) }, 0);
        let error = read_regular(&fifo).unwrap_err();
        assert!(error.to_string().contains("named pipe"), "{error}");
        let error = read_regular(dir.path()).unwrap_err();
        assert!(error.to_string().contains("directory"), "{error}");
    }

    #[test]
    fn a_file_over_the_limit_is_refused_from_its_size() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.bin");
        // Sparse: a terabyte would take no disk, and reading it would take all memory.
        let file = std::fs::File::create(&path).unwrap();
        file.set_len(1 << 40).unwrap();
        match read_regular_within(&path, 1024) {
            Err(LimitedReadError::TooLarge { size, limit }) => {
                assert_eq!((size, limit), (1 << 40, 1024))
            }
            other => panic!("{other:?}"),
        }
        file.set_len(1024).unwrap();
        assert_eq!(read_regular_within(&path, 1024).unwrap().len(), 1024);
        assert!(matches!(
            read_regular_within(&dir.path().join("missing"), 1024),
            Err(LimitedReadError::Io(_))
        ));
    }

    #[test]
    fn regular_files_are_read() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.txt"), "text").unwrap();
        assert_eq!(read_regular(&dir.path().join("a.txt")).unwrap(), b"text");
        assert_eq!(
            read_regular(&dir.path().join("missing"))
                .unwrap_err()
                .kind(),
            io::ErrorKind::NotFound
        );
    }
}
