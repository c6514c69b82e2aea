//! Reads confined to a root: relative paths are resolved through a directory
//! handle (cap-std), so `..`, an absolute path or a symlink leading out of the
//! root is refused by the resolver itself, and the last part is never followed.
//! Only regular files are read; a FIFO or device is refused without blocking.

use std::io::{self, Read};
use std::path::Path;

use cap_fs_ext::{FollowSymlinks, OpenOptionsFollowExt};
use cap_std::ambient_authority;
use cap_std::fs::{Dir, OpenOptions};

/// A handle on a root folder for reading files inside it.
#[derive(Debug)]
pub struct RootDir {
    dir: Dir,
}

impl RootDir {
    /// Opens `root` (which must be a folder).
    pub fn open(root: &Path) -> io::Result<RootDir> {
        Ok(RootDir {
            dir: Dir::open_ambient_dir(root, ambient_authority())?,
        })
    }

    /// The bytes of the regular file at `relative` (`/`-separated); at most
    /// `limit` bytes are read (a file that grew past it reads as an error).
    pub fn read(&self, relative: &str, limit: u64) -> io::Result<Vec<u8>> {
        let mut options = OpenOptions::new();
        options.read(true).follow(FollowSymlinks::No);
        #[cfg(unix)]
        {
            use cap_std::fs::OpenOptionsExt;
            options.custom_flags(libc::O_NONBLOCK);
        }
        let file = self.dir.open_with(relative, &options)?.into_std();
        let metadata = file.metadata()?;
        crate::safe_fs::ensure_regular(&metadata)?;
        if metadata.len() > limit {
            return Err(too_large(relative, limit));
        }
        let mut bytes = Vec::with_capacity(metadata.len() as usize);
        file.take(limit + 1).read_to_end(&mut bytes)?;
        if bytes.len() as u64 > limit {
            return Err(too_large(relative, limit));
        }
        Ok(bytes)
    }
}

fn too_large(relative: &str, limit: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("{relative} is larger than {limit} bytes"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_inside_and_refuses_ways_out() {
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret"), "secret").unwrap();
        let root = tempfile::tempdir().unwrap();
        std::fs::create_dir(root.path().join("src")).unwrap();
        std::fs::write(root.path().join("src/a.txt"), "inside").unwrap();
        let dir = RootDir::open(root.path()).unwrap();
        assert_eq!(dir.read("src/a.txt", 100).unwrap(), b"inside");
        assert!(dir.read("src/a.txt", 3).is_err());
        let secret = outside.path().join("secret");
        assert!(dir.read(secret.to_str().unwrap(), 100).is_err());
        assert!(dir.read("../secret", 100).is_err());
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(&secret, root.path().join("link")).unwrap();
            std::os::unix::fs::symlink(outside.path(), root.path().join("out")).unwrap();
            assert!(dir.read("link", 100).is_err());
            assert!(dir.read("out/secret", 100).is_err());
        }
    }
}
