//! The one listing of a repository's files, for the repo map, the engine and the
//! file finder: the files git tracks when there is git (paths from the index,
//! checked: see `git::normalize_index_path`), an ignore-aware walk otherwise; in
//! both, `.aiderignore` is honoured and the tool's own state is left out.
//!
//! [`RootDir`] reads files under the root without ever leaving it: no symlink is
//! followed out, and only regular files are read (a FIFO cannot hang a reader).

mod confined;
mod folder_stat;
mod walk;

use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use crate::git::{GitRepo, IndexedFile, LinguistAttributes};

pub use confined::RootDir;

/// The ignore file Aider users write; read in addition to git's rules.
pub const AIDERIGNORE: &str = ".aiderignore";

/// Folders and files never listed: git's own, the tool's state folder, and Aider's
/// state (`.aider.tags.cache.v4/`, `.aider.chat.history.md`, …).
const TOOL_STATE: [&str; 2] = [".git", ".aider-tui"];

/// One regular file of the listing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedFile {
    /// Path relative to the root, `/`-separated.
    pub path: String,
    /// Size in bytes, as the file is now.
    pub size: u64,
    /// Modification time in nanoseconds since the Unix epoch, as the file is now.
    pub mtime_ns: i64,
    /// The git blob id of the content, when the index vouches for it (tracked,
    /// unchanged since it was staged, and the object is in this repository).
    pub blob: Option<[u8; 20]>,
    /// What `.gitattributes` says of it for linguist (empty without git).
    pub linguist: LinguistAttributes,
}

/// A listing and where it came from.
#[derive(Debug, Clone, Default)]
pub struct Listing {
    /// Files sorted by path.
    pub files: Vec<ListedFile>,
    /// Whether the files are the tracked ones (git) or a walk.
    pub from_git: bool,
    /// Index entries refused because their path is absolute or leaves the root.
    pub refused: Vec<String>,
    /// Why git's listing could not be used here, when the files were walked
    /// instead (an index refused whole, a repository git cannot open).
    pub git_error: Option<String>,
}

/// Lists the regular files under `root` that exist now, with their size and
/// modification time: tracked files when `use_git` and `root` is inside a work
/// tree, else a walk. A tracked path that is missing, a symlink or a submodule is
/// left out.
pub fn list(root: &Path, use_git: bool) -> Listing {
    let mut git_error = None;
    if use_git {
        match list_tracked(root) {
            Ok(Some(listing)) => return listing,
            Ok(None) => {}
            Err(error) => git_error = Some(error),
        }
    }
    let mut files = walk::walk(root);
    files.sort_by(|a, b| a.path.cmp(&b.path));
    Listing {
        files,
        from_git: false,
        refused: Vec::new(),
        git_error,
    }
}

/// The paths alone, for the engine and the file finder, without looking at the work
/// tree: with git, the index's regular files (one read of the index and no stat per
/// file — on an 80,000-file tree those stats are most of [`list`]'s time, and this
/// runs before the first frame and at every turn); else the walk's files. A tracked
/// file deleted but not yet staged is still named, so a caller that reads or adds a
/// file checks it is there.
pub fn list_paths(root: &Path, use_git: bool) -> Vec<String> {
    if use_git && let Ok(Some(tracked)) = tracked_entries(root) {
        return tracked
            .candidates
            .into_iter()
            .map(|(path, _)| path)
            .collect();
    }
    list(root, false)
        .files
        .into_iter()
        .map(|file| file.path)
        .collect()
}

/// The index's entries under `root` that are listed (tool state and `.aiderignore`d
/// paths left out), with what is needed to check them against the work tree.
struct TrackedEntries {
    repository: GitRepo,
    /// `root` inside the work tree, as a `/`-ended prefix of index paths ("" at the top).
    prefix: String,
    root: PathBuf,
    written_ns: i64,
    /// Path relative to `root`, and the index's record of it.
    candidates: Vec<(String, IndexedFile)>,
    refused: Vec<String>,
}

/// `Ok(None)` when `root` is in no repository, `Err` (the reason) when git
/// cannot be used there.
fn tracked_entries(root: &Path) -> Result<Option<TrackedEntries>, String> {
    let repository = match GitRepo::discover(root) {
        Ok(Some(repository)) => repository,
        Ok(None) => return Ok(None),
        Err(error) => return Err(error.to_string()),
    };
    let index = repository
        .index_files()
        .map_err(|error| error.to_string())?;
    let top = repository.root().to_path_buf();
    let root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    let inside = root.strip_prefix(&top).ok().and_then(Path::to_str);
    let Some(inside) = inside else {
        return Ok(None);
    };
    let prefix = match inside {
        "" => String::new(),
        inside => format!("{}/", inside.replace(std::path::MAIN_SEPARATOR, "/")),
    };
    let ignore = aiderignore(&top, &root);
    let candidates: Vec<(String, IndexedFile)> = index
        .files
        .into_iter()
        .filter_map(|mut file| {
            let relative = file.path.strip_prefix(prefix.as_str())?;
            let ignored = is_tool_path(relative)
                || ignore.as_ref().is_some_and(|ignore| {
                    ignore
                        .matched_path_or_any_parents(&file.path, false)
                        .is_ignore()
                });
            if ignored {
                return None;
            }
            // At the top the index's path is the relative one: no copy.
            let relative = if prefix.is_empty() {
                std::mem::take(&mut file.path)
            } else {
                relative.to_string()
            };
            Some((relative, file))
        })
        .collect();
    Ok(Some(TrackedEntries {
        repository,
        prefix,
        root,
        written_ns: index.written_ns,
        candidates,
        refused: index.refused,
    }))
}

/// Tracked files under `root` that exist now; `Ok(None)` when there is no
/// usable repository, `Err` (the reason) when git cannot be used there.
fn list_tracked(root: &Path) -> Result<Option<Listing>, String> {
    let TrackedEntries {
        repository,
        prefix,
        root,
        written_ns,
        candidates,
        refused,
    } = match tracked_entries(root)? {
        Some(entries) => entries,
        None => return Ok(None),
    };
    let linguist = {
        // Only the attribute files are read; their paths relative to the top.
        let attribute_files: Vec<String> = candidates
            .iter()
            .filter(|(path, _)| path.rsplit('/').next() == Some(".gitattributes"))
            .map(|(path, _)| format!("{prefix}{path}"))
            .collect();
        let paths: Vec<&str> = attribute_files.iter().map(String::as_str).collect();
        repository.linguist_files(&paths)
    };
    // One stat per file, relative to its folder, on every core: the index's record
    // says what git saw, this says what is there now.
    let Ok(states) = folder_stat::stat_all(&root, &candidates, |(path, _)| path.as_str()) else {
        return Ok(None);
    };
    // A blob id is the index's claim: taken when git's own check passes (the
    // file's stat data is what git recorded, and not racy) and the object is
    // this repository's. A crafted index can name content of another
    // repository that the per-user tag store knows; such a file is hashed.
    let objects = repository.objects();
    let mut files: Vec<ListedFile> = candidates
        .into_iter()
        .zip(states)
        .filter_map(|((path, indexed), state)| {
            let state = state?;
            let unchanged = state.size as u32 == indexed.size
                && same_time(state.mtime_ns, indexed.mtime_ns)
                && indexed.mtime_ns < written_ns
                && objects
                    .as_ref()
                    .is_some_and(|objects| objects.contains(&indexed.blob));
            Some(ListedFile {
                size: state.size,
                mtime_ns: state.mtime_ns,
                blob: unchanged.then_some(indexed.blob),
                linguist: LinguistAttributes::default(),
                path,
            })
        })
        .collect();
    if !linguist.is_none() {
        // git2's repository is not shared across threads: one lookup at a time, and
        // only for the files a line setting a linguist attribute may name.
        for file in &mut files {
            let full = format!("{prefix}{}", file.path);
            if linguist.may_name(&full) {
                file.linguist = repository.linguist_attributes(&full).unwrap_or_default();
            }
        }
    }
    // The index is in path order already (git's, and this reader's check); libgit2
    // may sort case-insensitively (`core.ignorecase`).
    if !files.is_sorted_by(|a, b| a.path <= b.path) {
        files.sort_by(|a, b| a.path.cmp(&b.path));
    }
    Ok(Some(Listing {
        files,
        from_git: true,
        refused,
        git_error: None,
    }))
}

/// Whether a recorded time matches the file's: to the nanosecond, or to the
/// second when git recorded no nanoseconds.
fn same_time(now_ns: i64, recorded_ns: i64) -> bool {
    if recorded_ns % 1_000_000_000 == 0 {
        now_ns.div_euclid(1_000_000_000) == recorded_ns.div_euclid(1_000_000_000)
    } else {
        now_ns == recorded_ns
    }
}

/// The `.aiderignore` rules of the work tree's top and of `root`, matched
/// against paths relative to the top.
fn aiderignore(top: &Path, root: &Path) -> Option<ignore::gitignore::Gitignore> {
    let mut builder = ignore::gitignore::GitignoreBuilder::new(top);
    let mut any = false;
    let mut places: Vec<PathBuf> = vec![top.join(AIDERIGNORE)];
    if root != top {
        places.push(root.join(AIDERIGNORE));
    }
    for place in places {
        if crate::safe_fs::open_regular(&place).is_ok() {
            // A rule that fails to parse is skipped; the others still apply.
            let _ = builder.add(&place);
            any = true;
        }
    }
    any.then(|| builder.build().ok()).flatten()
}

/// Whether one path part is the tool's, git's or Aider's own state.
fn is_tool_state(part: &str) -> bool {
    part.starts_with(".aider.") || TOOL_STATE.contains(&part)
}

/// Whether any part of a relative path is tool state.
fn is_tool_path(path: &str) -> bool {
    // Most paths have neither; splitting each is a measurable part of a listing.
    (path.contains(".aider") || path.contains(".git")) && path.split('/').any(is_tool_state)
}

/// Modification time in nanoseconds since the Unix epoch (0 when unknown).
fn mtime_ns(metadata: &std::fs::Metadata) -> i64 {
    metadata
        .modified()
        .ok()
        .and_then(|time| time.duration_since(UNIX_EPOCH).ok())
        .map_or(0, |age| age.as_nanos() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_compare_to_the_second_without_nanoseconds() {
        assert!(same_time(5_123_456_789, 5_000_000_000));
        assert!(!same_time(6_000_000_001, 5_000_000_000));
        assert!(same_time(5_123_456_789, 5_123_456_789));
        assert!(!same_time(5_123_456_788, 5_123_456_789));
    }

    #[test]
    fn tracked_files_with_git_a_walk_without() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let write = |path: &str, text: &str| {
            let full = root.join(path);
            std::fs::create_dir_all(full.parent().unwrap()).unwrap();
            std::fs::write(full, text).unwrap();
        };
        write("src/a.rs", "fn a() {}\n");
        write("secret/b.rs", "fn b() {}\n");
        write(AIDERIGNORE, "secret/\n");
        write(".aider-tui/log", "x\n");
        write("untracked.rs", "fn c() {}\n");
        // Written well before the index, so git's record of it is not racy.
        std::fs::File::options()
            .write(true)
            .open(root.join("src/a.rs"))
            .unwrap()
            .set_modified(std::time::SystemTime::now() - std::time::Duration::from_secs(10))
            .unwrap();
        let repo = git2::Repository::init(root).unwrap();
        let mut index = repo.index().unwrap();
        for path in ["src/a.rs", "secret/b.rs", AIDERIGNORE] {
            index.add_path(Path::new(path)).unwrap();
        }
        index.write().unwrap();
        let listing = list(root, true);
        assert!(listing.from_git);
        assert_eq!(list_paths(root, true), [AIDERIGNORE, "src/a.rs"]);
        // Unchanged since staged: git vouches for the content.
        let a = listing
            .files
            .iter()
            .find(|file| file.path == "src/a.rs")
            .unwrap();
        assert_eq!(a.blob, crate::git::blob_id(b"fn a() {}\n"));
        assert_eq!(
            list_paths(root, false),
            [AIDERIGNORE, "src/a.rs", "untracked.rs"]
        );

        // The names come from the index alone: a tracked file deleted since is still
        // named there, while the full listing (which stats every file) leaves it out.
        std::fs::remove_file(root.join("src/a.rs")).unwrap();
        assert_eq!(list_paths(root, true), [AIDERIGNORE, "src/a.rs"]);
        let paths: Vec<String> = list(root, true).files.into_iter().map(|f| f.path).collect();
        assert_eq!(paths, [AIDERIGNORE]);
    }

    /// Sets a file's modification time `seconds` from now.
    fn touch(path: &Path, seconds: i64) {
        let now = std::time::SystemTime::now();
        let offset = std::time::Duration::from_secs(seconds.unsigned_abs());
        let time = if seconds < 0 {
            now - offset
        } else {
            now + offset
        };
        std::fs::File::options()
            .write(true)
            .open(path)
            .unwrap()
            .set_modified(time)
            .unwrap();
    }

    #[test]
    fn blob_ids_only_for_files_unchanged_and_not_racy() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir(root.join("src")).unwrap();
        for name in ["clean.rs", "changed.rs", "racy.rs", "grown.rs"] {
            std::fs::write(root.join("src").join(name), "fn x() {}\n").unwrap();
            touch(&root.join("src").join(name), -20);
        }
        // Racy: modified in the same instant the index is written, so git's
        // record cannot vouch for it (git's rule: mtime not before the index's).
        touch(&root.join("src/racy.rs"), 3600);
        let repo = git2::Repository::init(root).unwrap();
        let mut index = repo.index().unwrap();
        for name in ["clean.rs", "changed.rs", "racy.rs", "grown.rs"] {
            index.add_path(Path::new(&format!("src/{name}"))).unwrap();
        }
        index.write().unwrap();
        // After staging: same size, other time; and other size, same time.
        std::fs::write(root.join("src/changed.rs"), "fn y() {}\n").unwrap();
        let grown_time = std::fs::metadata(root.join("src/grown.rs"))
            .unwrap()
            .modified()
            .unwrap();
        std::fs::write(root.join("src/grown.rs"), "fn grown() {}\n").unwrap();
        std::fs::File::options()
            .write(true)
            .open(root.join("src/grown.rs"))
            .unwrap()
            .set_modified(grown_time)
            .unwrap();
        let listing = list(root, true);
        let blob = |name: &str| {
            listing
                .files
                .iter()
                .find(|file| file.path == format!("src/{name}"))
                .unwrap()
                .blob
        };
        assert_eq!(blob("clean.rs"), crate::git::blob_id(b"fn x() {}\n"));
        assert_eq!(blob("changed.rs"), None);
        assert_eq!(blob("racy.rs"), None);
        assert_eq!(blob("grown.rs"), None);
        let grown = listing
            .files
            .iter()
            .find(|file| file.path == "src/grown.rs")
            .unwrap();
        assert_eq!(grown.size, "fn grown() {}\n".len() as u64);
    }

    #[cfg(unix)]
    #[test]
    fn nothing_is_listed_through_a_symlinked_folder() {
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret.rs"), "fn secret() {}\n").unwrap();
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let tracked = [
            "lib/a.rs",
            "real/b.rs",
            "out/secret.rs",
            "sub/c.rs",
            "sub/deeper/d.rs",
        ];
        for path in tracked {
            std::fs::create_dir_all(root.join(path).parent().unwrap()).unwrap();
            std::fs::write(root.join(path), "fn f() {}\n").unwrap();
        }
        let repo = git2::Repository::init(root).unwrap();
        let mut index = repo.index().unwrap();
        for path in tracked {
            index.add_path(Path::new(path)).unwrap();
        }
        index.write().unwrap();
        // Since staged, two tracked folders became symlinks: one to a folder
        // inside the root, one out of it.
        std::fs::remove_dir_all(root.join("lib")).unwrap();
        std::os::unix::fs::symlink(root.join("real"), root.join("lib")).unwrap();
        std::fs::write(root.join("real/a.rs"), "fn a() {}\n").unwrap();
        std::fs::remove_dir_all(root.join("out")).unwrap();
        std::os::unix::fs::symlink(outside.path(), root.join("out")).unwrap();
        let paths: Vec<String> = list(root, true).files.into_iter().map(|f| f.path).collect();
        assert_eq!(paths, ["real/b.rs", "sub/c.rs", "sub/deeper/d.rs"]);
        // Listed from a folder inside the work tree: paths relative to it.
        let paths: Vec<String> = list(&root.join("sub"), true)
            .files
            .into_iter()
            .map(|f| f.path)
            .collect();
        assert_eq!(paths, ["c.rs", "deeper/d.rs"]);
    }

    #[test]
    fn linguist_attributes_are_asked_only_for_files_a_line_may_name() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let write = |path: &str, text: &str| {
            let full = root.join(path);
            std::fs::create_dir_all(full.parent().unwrap()).unwrap();
            std::fs::write(full, text).unwrap();
        };
        let mut tracked = vec![
            ".gitattributes".to_string(),
            "web/.gitattributes".to_string(),
        ];
        write(
            ".gitattributes",
            "* text=auto\n*.js linguist-detectable=false\ndist/** linguist-generated\n",
        );
        write(
            "web/.gitattributes",
            "*.min.js linguist-vendored\nkeep.min.js -linguist-vendored\n",
        );
        for index in 0..200 {
            tracked.push(format!("src/m{index}.js"));
        }
        tracked.extend(
            [
                "dist/a.js",
                "dist/b/c.js",
                "web/x.min.js",
                "web/keep.min.js",
                "web/app.js",
            ]
            .map(String::from),
        );
        for path in &tracked[2..] {
            write(path, "x\n");
        }
        let repo = git2::Repository::init(root).unwrap();
        let mut index = repo.index().unwrap();
        for path in &tracked {
            index.add_path(Path::new(path)).unwrap();
        }
        index.write().unwrap();
        crate::git::linguist_lookups_reset();
        let listing = list(root, true);
        assert_eq!(listing.files.len(), tracked.len());
        // Only the four files a line setting an attribute names were asked about …
        assert_eq!(crate::git::linguist_lookups_reset(), 4);
        // … and every file has what git says of it.
        let git = GitRepo::discover(root).unwrap().unwrap();
        for file in &listing.files {
            let said = git.linguist_attributes(&file.path).unwrap();
            assert_eq!(file.linguist, said, "{}", file.path);
        }
        let of = |path: &str| {
            listing
                .files
                .iter()
                .find(|f| f.path == path)
                .unwrap()
                .linguist
        };
        assert_eq!(of("dist/b/c.js").generated, Some(true));
        assert_eq!(of("web/x.min.js").vendored, Some(true));
        assert_eq!(of("web/keep.min.js").vendored, Some(false));
    }

    #[test]
    fn tool_state_is_never_listed() {
        assert!(is_tool_path(".aider-tui/repomap-index.bin"));
        assert!(is_tool_path("sub/.aider.tags.cache.v4/x"));
        assert!(!is_tool_path("src/aider.rs"));
    }
}
