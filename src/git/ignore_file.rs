//! Keeping the tool's own folder out of the user's commits.

use super::error::GitContext;
use super::{GitError, GitRepo};

impl GitRepo {
    /// Appends `entry` (e.g. ".aider-tui/") to the root `.gitignore` unless the
    /// repository already ignores it. True when the file was changed.
    pub fn ensure_ignored(&self, entry: &str) -> Result<bool, GitError> {
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
        let path = self.root().join(".gitignore");
        let existing = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(source) => return Err(GitError::Io { path, source }),
        };
        // Keep the file's own line endings.
        let newline: &[u8] = if existing.windows(2).any(|pair| pair == b"\r\n") {
            b"\r\n"
        } else {
            b"\n"
        };
        let mut updated = existing.clone();
        if !updated.is_empty() && !updated.ends_with(b"\n") {
            updated.extend_from_slice(newline);
        }
        updated.extend_from_slice(entry.as_bytes());
        updated.extend_from_slice(newline);
        std::fs::write(&path, &updated).map_err(|source| GitError::Io { path, source })?;
        Ok(true)
    }
}
