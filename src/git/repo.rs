//! Opening a repository and the simple questions: root, branch, HEAD, tracked files.

use std::path::{Path, PathBuf};

use git2::{ErrorCode, Oid, Repository};

use super::error::GitContext;
use super::{GitError, paths};

/// A git repository with a working tree, as the engine uses it.
pub struct GitRepo {
    pub(crate) repo: Repository,
    root: PathBuf,
    /// The identity the user gave for this session, used where git forms none.
    pub(super) chosen_identity: Option<super::Identity>,
}

impl std::fmt::Debug for GitRepo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GitRepo").field("root", &self.root).finish()
    }
}

/// libgit2 hashes every object it reads again to check it against its name
/// (SHA-1 with collision detection); git does not on a read, and zlib's
/// checksum still catches a damaged object. Without it the co-change walk
/// takes half the CPU (ansible's 2,000 commits: 0.50 → 0.25–0.29 CPU-s, see
/// BENCHMARKS). The switch is the process's: set once, before the first
/// repository is opened.
fn read_objects_as_git_does() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        git2::opts::strict_hash_verification(false);
        keep_object_memory_small();
    });
}

/// Parsed objects libgit2 keeps for reuse (trees and commits), at most.
const OBJECT_CACHE_BYTES: isize = 4 * 1024 * 1024;
/// Pack files are read through mapped windows of this size …
const PACK_WINDOW_BYTES: usize = 8 * 1024 * 1024;
/// … and at most this much of them is mapped at once (least recently used first out).
const PACK_MAPPED_BYTES: usize = 32 * 1024 * 1024;

/// libgit2's defaults suit a server: 256 MiB of parsed objects kept, and each pack
/// mapped whole (windows of 1 GiB, 8 GiB in all). The co-change walk reads trees
/// across 2,000 commits once each: kept, they and the pages of the pack it touched
/// were most of the map's peak memory (ansible: 54 → 150 MiB with the walk, 93 MiB
/// with these; see BENCHMARKS). Its own tree reuse (`history::Trees`) keeps what the
/// next commit needs. Set once for the process, before the first repository is opened.
fn keep_object_memory_small() {
    // SAFETY: these set libgit2's process-wide options; they run once, before this
    // process opens its first repository, so no libgit2 call reads them meanwhile.
    unsafe {
        let _ = git2::opts::set_cache_max_size(OBJECT_CACHE_BYTES);
        let _ = git2::opts::set_mwindow_size(PACK_WINDOW_BYTES);
        let _ = git2::opts::set_mwindow_mapped_limit(PACK_MAPPED_BYTES);
    }
}

impl GitRepo {
    /// The repository containing `path`, or `None` when `path` is not inside one.
    pub fn discover(path: &Path) -> Result<Option<GitRepo>, GitError> {
        read_objects_as_git_does();
        match Repository::discover(path) {
            Ok(repo) => Self::from_repository(repo).map(Some),
            Err(err) if err.code() == ErrorCode::NotFound => Ok(None),
            Err(source) => Err(GitError::Git {
                action: format!("looking for a repository at {}", path.display()),
                source,
            }),
        }
    }

    /// Creates a new repository at `path` (for new projects and tests).
    pub fn init(path: &Path) -> Result<GitRepo, GitError> {
        read_objects_as_git_does();
        let repo = Repository::init(path)
            .context(&format!("creating a repository at {}", path.display()))?;
        Self::from_repository(repo)
    }

    fn from_repository(repo: Repository) -> Result<GitRepo, GitError> {
        let workdir = repo
            .workdir()
            .ok_or_else(|| GitError::Bare(repo.path().to_path_buf()))?;
        // Canonical, without the trailing slash libgit2 keeps.
        let root = workdir.canonicalize().map_err(|source| GitError::Io {
            path: workdir.to_path_buf(),
            source,
        })?;
        index_is_plain(&repo.path().join("index"))?;
        Ok(GitRepo {
            repo,
            root,
            chosen_identity: None,
        })
    }

    /// The top of the working tree.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The hooks folder (`core.hooksPath`) when it lies inside the work tree, relative
    /// to the root: edits there are protected like `.git/hooks`.
    pub fn hooks_path_in_tree(&self) -> Option<String> {
        let config = self.repo.config().ok()?;
        let configured = config.get_path("core.hooksPath").ok()?;
        let absolute = if configured.is_absolute() {
            configured
        } else {
            self.root.join(configured)
        };
        let relative = absolute.strip_prefix(&self.root).ok()?;
        let text = relative.to_string_lossy().replace('\\', "/");
        (!text.is_empty()).then_some(text)
    }

    /// The current branch name; `None` when HEAD is detached. Works before the first commit.
    pub fn branch(&self) -> Option<String> {
        let head = self.repo.find_reference("HEAD").ok()?;
        let target = head.symbolic_target().ok()??;
        target.strip_prefix("refs/heads/").map(str::to_string)
    }

    /// The full id of the commit HEAD points at; `None` before the first commit.
    pub fn head(&self) -> Option<String> {
        self.head_oid().map(|oid| oid.to_string())
    }

    pub(crate) fn head_oid(&self) -> Option<Oid> {
        self.repo.head().ok()?.peel_to_commit().ok().map(|c| c.id())
    }

    /// Every file in the index (committed or staged), repository-relative, sorted.
    pub fn tracked_files(&self) -> Result<Vec<String>, GitError> {
        let index = self.index()?;
        let mut files: Vec<String> = index
            .iter()
            .filter_map(|entry| String::from_utf8(entry.path).ok())
            .collect();
        files.sort();
        files.dedup();
        Ok(files)
    }

    /// The index as it is on disk now. libgit2 caches the index in the repository
    /// object; someone may have run `git add` since, and writing a stale copy back
    /// would silently unstage their work.
    pub(crate) fn index(&self) -> Result<git2::Index, GitError> {
        let mut index = self.repo.index().context("reading the index")?;
        index.read(false).context("re-reading the index")?;
        Ok(index)
    }

    /// The repository-relative form of a caller's path (relative or absolute).
    pub fn relative_path(&self, path: &str) -> Result<String, GitError> {
        paths::relative_to_root(&self.root, path)
    }

    pub(crate) fn relative_paths(&self, paths: &[String]) -> Result<Vec<String>, GitError> {
        let mut relative = Vec::with_capacity(paths.len());
        for path in paths {
            let path = self.relative_path(path)?;
            if !relative.contains(&path) {
                relative.push(path);
            }
        }
        Ok(relative)
    }

    /// Finds a commit by id, short id or any revision git understands (`HEAD~2`).
    pub(crate) fn find_commit(&self, name: &str) -> Result<git2::Commit<'_>, GitError> {
        self.repo
            .revparse_single(name)
            .and_then(|object| object.peel_to_commit())
            .map_err(|_| GitError::UnknownCommit(name.to_string()))
    }

    /// Whether the repository's ignore rules exclude `path` (relative, or absolute
    /// inside the root; a trailing `/` asks about a directory). A tracked file is never
    /// ignored, whatever the rules say: git ignores only untracked files.
    pub fn is_ignored(&self, path: &str) -> Result<bool, GitError> {
        let mut relative = self.relative_path(path)?;
        if path.ends_with('/') {
            relative.push('/');
        } else if self.is_tracked(&relative)? {
            return Ok(false);
        }
        self.repo
            .is_path_ignored(&relative)
            .context(&format!("checking whether {path} is ignored"))
    }
}

/// The index must be a regular file, or missing (a new repository): libgit2
/// opens it with a blocking read (a named pipe there would hang every git
/// operation) and follows a symlink out of the repository.
fn index_is_plain(path: &Path) -> Result<(), GitError> {
    let refused = |kind: &str| GitError::Io {
        path: path.to_path_buf(),
        source: std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("the git index is {kind}, not a regular file; it is not read"),
        ),
    };
    match std::fs::symlink_metadata(path) {
        Ok(metadata) if metadata.is_file() => Ok(()),
        Ok(metadata) => Err(refused(crate::safe_fs::file_kind(&metadata.file_type()))),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(source) => Err(GitError::Io {
            path: path.to_path_buf(),
            source,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn objects_are_read_without_hashing_them_again() {
        let dir = tempfile::tempdir().unwrap();
        let repo = GitRepo::init(dir.path()).unwrap();
        let one = repo.repo.blob(b"one\n").unwrap();
        let two = repo.repo.blob(b"two\n").unwrap();
        // `two`'s loose object holds `one`'s bytes: only a re-hash can tell.
        let loose = |oid: Oid| {
            let hex = oid.to_string();
            repo.repo
                .path()
                .join("objects")
                .join(&hex[..2])
                .join(&hex[2..])
        };
        std::fs::remove_file(loose(two)).unwrap();
        std::fs::copy(loose(one), loose(two)).unwrap();
        let reopened = GitRepo::discover(dir.path()).unwrap().unwrap();
        let blob = reopened.repo.find_blob(two).unwrap();
        assert_eq!(blob.content(), b"one\n");
    }
}
