//! Commits of chosen files only: the user's pending changes, and the tool's edits.
//!
//! The new tree is HEAD's tree with just the chosen paths replaced by their
//! working-tree content (git's clean filters applied, as `git add` would), so other
//! staged or unstaged work is neither committed nor disturbed.

use std::path::Path;

use git2::build::TreeUpdateBuilder;
use git2::{FileMode, Signature};

use super::error::GitContext;
use super::{Attribution, CommitSummary, GitError, GitRepo};

/// The message used when the caller passes an empty one for the user's changes.
const DEFAULT_DIRTY_MESSAGE: &str = "chore: commit pending changes before aider-tui edits";
/// The message used when the caller passes an empty one for the tool's edits.
const DEFAULT_EDIT_MESSAGE: &str = "chore: aider-tui edits";

impl GitRepo {
    /// Commits the user's own uncommitted changes to these files (their identity, no
    /// tool mark), leaving every other file's staged and unstaged work alone.
    /// `None` when none of the files has changes.
    pub fn commit_dirty(
        &self,
        paths: &[String],
        message: &str,
    ) -> Result<Option<CommitSummary>, GitError> {
        let relative = self.relative_paths(paths)?;
        let dirty = self.dirty_among(&relative)?;
        if dirty.is_empty() {
            return Ok(None);
        }
        let (author, committer) = self.user_signatures()?;
        let message = if message.trim().is_empty() {
            DEFAULT_DIRTY_MESSAGE
        } else {
            message
        };
        match self.commit_paths(&dirty, message, &author, &committer) {
            Ok(summary) => Ok(Some(summary)),
            Err(GitError::NothingToCommit(_)) => Ok(None),
            Err(err) => Err(err),
        }
    }

    /// Commits exactly these files' working-tree content (new, changed or deleted)
    /// with the tool's attribution. Works before the first commit. Untracked files the
    /// ignore rules exclude are never committed.
    pub fn commit_files(
        &self,
        paths: &[String],
        message: &str,
        attribution: &Attribution,
    ) -> Result<CommitSummary, GitError> {
        let relative = self.relative_paths(paths)?;
        let (author, user_committer) = self.user_signatures()?;
        let committer = Signature::new(
            &attribution.committer_name(&String::from_utf8_lossy(user_committer.name_bytes())),
            &String::from_utf8_lossy(user_committer.email_bytes()),
            &user_committer.when(),
        )
        .context("building the committer signature")?;
        let text = if message.trim().is_empty() {
            DEFAULT_EDIT_MESSAGE
        } else {
            message
        };
        self.commit_paths(&relative, &attribution.message(text), &author, &committer)
    }

    /// Creates a commit on HEAD whose tree is HEAD's with `relative` paths taken from
    /// the working tree, then brings the index entries of those paths up to date.
    pub(crate) fn commit_paths(
        &self,
        relative: &[String],
        message: &str,
        author: &Signature<'_>,
        committer: &Signature<'_>,
    ) -> Result<CommitSummary, GitError> {
        let parent = match self.head_oid() {
            Some(oid) => Some(self.repo.find_commit(oid).context("reading HEAD")?),
            None => None,
        };
        let baseline = match &parent {
            Some(commit) => commit.tree().context("reading HEAD's tree")?,
            None => self.empty_tree()?,
        };
        let trust_executable_bit = self
            .repo
            .config()
            .and_then(|config| config.get_bool("core.filemode"))
            .unwrap_or(true);
        let mut updates = TreeUpdateBuilder::new();
        let mut touched = Vec::new();
        for path in relative {
            self.refuse_symlinked_folders(path)?;
            let absolute = self.root().join(path);
            let baseline_entry = baseline.get_path(Path::new(path)).ok();
            let in_baseline = baseline_entry.is_some();
            match std::fs::symlink_metadata(&absolute) {
                Ok(metadata) if metadata.is_dir() => {
                    return Err(GitError::NotAFile(path.clone()));
                }
                Ok(metadata) => {
                    if !in_baseline && !self.is_tracked(path)? && self.is_ignored(path)? {
                        tracing::debug!(path, "not committing an untracked, ignored file");
                        continue;
                    }
                    let blob = self.store_blob(&absolute, &metadata, path)?;
                    let mode = if trust_executable_bit {
                        file_mode(&metadata)
                    } else {
                        // core.fileMode off: the file system's x bit means nothing; keep git's.
                        kept_mode(&metadata, baseline_entry.as_ref())
                    };
                    updates.upsert(path.as_str(), blob, mode);
                    touched.push(path.clone());
                }
                Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
                    if in_baseline {
                        updates.remove(path.as_str());
                        touched.push(path.clone());
                    }
                }
                Err(source) => {
                    return Err(GitError::Io {
                        path: absolute,
                        source,
                    });
                }
            }
        }
        let tree_id = updates
            .create_updated(&self.repo, &baseline)
            .context("building the commit's tree")?;
        if tree_id == baseline.id() {
            return Err(GitError::NothingToCommit(relative.join(", ")));
        }
        let tree = self
            .repo
            .find_tree(tree_id)
            .context("reading the new tree")?;
        let parents: Vec<&git2::Commit<'_>> = parent.iter().collect();
        let oid = self
            .repo
            .commit(Some("HEAD"), author, committer, message, &tree, &parents)
            .context("creating the commit")?;
        self.refresh_index_entries(&touched, &tree)?;
        let commit = self
            .repo
            .find_commit(oid)
            .context("reading the new commit")?;
        Ok(CommitSummary::from_commit(&commit))
    }

    /// Makes the index entries of `relative` match the working tree (as `git add` does)
    /// and the mode just committed in `tree`, so the files show as clean.
    fn refresh_index_entries(
        &self,
        relative: &[String],
        tree: &git2::Tree<'_>,
    ) -> Result<(), GitError> {
        let mut index = self.index()?;
        for path in relative {
            let action = format!("updating the index entry of {path}");
            match tree.get_path(Path::new(path)) {
                Ok(committed) => {
                    index.add_path(Path::new(path)).context(&action)?;
                    // libgit2 may pick another mode than git for a new file when
                    // core.fileMode is off; the committed mode is the truth.
                    let mode = committed.filemode() as u32;
                    if let Some(mut entry) = index.get_path(Path::new(path), 0)
                        && entry.mode != mode
                    {
                        entry.mode = mode;
                        index.add(&entry).context(&action)?;
                    }
                }
                Err(_) => match index.remove_path(Path::new(path)) {
                    Err(err) if err.code() != git2::ErrorCode::NotFound => {
                        return Err(GitError::Git {
                            action,
                            source: err,
                        });
                    }
                    _ => {}
                },
            }
        }
        index.write().context("writing the index")
    }

    /// Stores a working-tree entry as a blob: a symlink's target text (not what it
    /// points to), or a file's content with git's clean filters applied.
    fn store_blob(
        &self,
        absolute: &Path,
        metadata: &std::fs::Metadata,
        path: &str,
    ) -> Result<git2::Oid, GitError> {
        if metadata.file_type().is_symlink() {
            let target = std::fs::read_link(absolute).map_err(|source| GitError::Io {
                path: absolute.to_path_buf(),
                source,
            })?;
            let text = target
                .to_str()
                .ok_or_else(|| GitError::NotAFile(path.to_string()))?;
            return self
                .repo
                .blob(text.as_bytes())
                .context(&format!("storing the link {path}"));
        }
        self.repo
            .blob_path(absolute)
            .context(&format!("storing {path}"))
    }

    /// Refuses a path that goes through a symlinked folder: its content may live
    /// outside the repository, and git itself will not add such a path.
    fn refuse_symlinked_folders(&self, path: &str) -> Result<(), GitError> {
        let mut folder = self.root().to_path_buf();
        let parts: Vec<&str> = path.split('/').collect();
        for part in &parts[..parts.len().saturating_sub(1)] {
            folder.push(part);
            if folder
                .symlink_metadata()
                .is_ok_and(|metadata| metadata.file_type().is_symlink())
            {
                return Err(GitError::OutsideRepository {
                    path: path.to_string(),
                    root: self.root().to_path_buf(),
                });
            }
        }
        Ok(())
    }

    /// Whether the index has an entry for `path`.
    pub(crate) fn is_tracked(&self, path: &str) -> Result<bool, GitError> {
        let index = self.index()?;
        Ok(index.get_path(Path::new(path), 0).is_some())
    }

    /// The empty tree, the baseline before the first commit.
    pub(crate) fn empty_tree(&self) -> Result<git2::Tree<'_>, GitError> {
        let oid = self
            .repo
            .treebuilder(None)
            .and_then(|builder| builder.write())
            .context("writing the empty tree")?;
        self.repo.find_tree(oid).context("reading the empty tree")
    }
}

/// The mode when the executable bit is not trusted: a link is a link, otherwise the
/// mode the file already had in git (a plain file when new).
fn kept_mode(metadata: &std::fs::Metadata, baseline: Option<&git2::TreeEntry<'_>>) -> FileMode {
    if metadata.file_type().is_symlink() {
        return FileMode::Link;
    }
    match baseline.map(|entry| entry.filemode()) {
        Some(mode) if mode == i32::from(FileMode::BlobExecutable) => FileMode::BlobExecutable,
        _ => FileMode::Blob,
    }
}

/// The git file mode of a working-tree entry.
fn file_mode(metadata: &std::fs::Metadata) -> FileMode {
    if metadata.file_type().is_symlink() {
        return FileMode::Link;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if metadata.permissions().mode() & 0o111 != 0 {
            return FileMode::BlobExecutable;
        }
    }
    FileMode::Blob
}
