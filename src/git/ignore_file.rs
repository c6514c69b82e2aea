//! Keeping the tool's own folder out of git without touching the user's files: the
//! entry goes to the repository's local exclude file (`.git/info/exclude`), which is
//! never committed, instead of the tracked `.gitignore`.

use std::io::Write;

use super::error::GitContext;
use super::{GitError, GitRepo};

impl GitRepo {
    /// Adds `entry` (e.g. ".aider-tui/") to `.git/info/exclude` unless the repository
    /// already ignores it. True when the exclude file was changed.
    pub fn exclude_locally(&self, entry: &str) -> Result<bool, GitError> {
        let entry = entry.trim();
        // libgit2 treats a trailing slash as "this is a directory".
        let probe = entry.trim_start_matches('/');
        if probe.is_empty() {
            return Ok(false);
        }
        let ignored = self
            .repo
            .is_path_ignored(probe)
            .context(&format!("checking whether {entry} is ignored"))?;
        if ignored {
            return Ok(false);
        }
        // The common git folder: linked worktrees share the main one's exclude file.
        let info = self.repo.commondir().join("info");
        std::fs::create_dir_all(&info).map_err(|source| GitError::Io {
            path: info.clone(),
            source,
        })?;
        let path = info.join("exclude");
        let existing = match crate::safe_fs::read_regular(&path) {
            Ok(bytes) => bytes,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(source) => return Err(GitError::Io { path, source }),
        };
        let mut addition = Vec::new();
        if !existing.is_empty() && !existing.ends_with(b"\n") {
            addition.push(b'\n');
        }
        addition.extend_from_slice(entry.as_bytes());
        addition.push(b'\n');
        let mut options = std::fs::OpenOptions::new();
        options.append(true).create(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
        }
        options
            .open(&path)
            .and_then(|mut file| file.write_all(&addition))
            .map_err(|source| GitError::Io { path, source })?;
        Ok(true)
    }
}
