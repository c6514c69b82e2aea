//! The files the index lists, with what the repo map needs of each: a checked
//! relative path, the blob id, and the size and modification time git recorded.
//!
//! The index is data from the repository, so a crafted one can name `/etc/passwd`
//! or `../x`: every path is normalised here and refused when it is absolute, leaves
//! the root, or reaches into `.git`.

use super::{GitError, GitRepo};

/// Index entry modes of ordinary files (executable or not); symlinks and
/// submodules are not files whose text the map may read.
pub(super) const REGULAR_MODES: [u32; 2] = [0o100644, 0o100755];

/// One regular file as the index records it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexedFile {
    /// Path relative to the work tree's top, `/`-separated, checked.
    pub path: String,
    /// The staged blob's id (SHA-1 of git's blob encoding of the content).
    pub blob: [u8; 20],
    /// The size git saw when it staged the file (bytes, modulo 2³²).
    pub size: u32,
    /// The modification time git saw, in nanoseconds since the Unix epoch.
    pub mtime_ns: i64,
}

/// The index's regular files and the entries refused.
#[derive(Debug, Clone, Default)]
pub struct IndexListing {
    /// Files in index order (sorted by path), one per path.
    pub files: Vec<IndexedFile>,
    /// Entries whose path was refused (absolute, `..`, `.git`, not UTF-8), as
    /// raw text for a warning.
    pub refused: Vec<String>,
    /// When the index file itself was last written (nanoseconds; 0 if unknown).
    /// A file modified in the same instant may differ from its recorded blob.
    pub written_ns: i64,
}

/// A repository's objects (see [`GitRepo::objects`]).
pub struct Objects<'repo>(git2::Odb<'repo>);

impl Objects<'_> {
    /// Whether the object `id` is here, loose or packed. A miss does not rescan
    /// the pack folder: a crafted index may name thousands of ids it lacks.
    pub fn contains(&self, id: &[u8; 20]) -> bool {
        git2::Oid::from_bytes(id)
            .is_ok_and(|oid| self.0.exists_ext(oid, git2::OdbLookupFlags::NO_REFRESH))
    }
}

impl GitRepo {
    /// The regular files of the index as it is on disk now, paths checked: read
    /// directly when the index is plain (see `index_file`), else by libgit2.
    pub fn index_files(&self) -> Result<IndexListing, GitError> {
        if self.objects_are_sha1() {
            let path = self.repo.path().join("index");
            match super::index_file::read(&path) {
                Ok(Some(listing)) => return Ok(listing),
                Ok(None) => {}
                Err(refused) => {
                    return Err(GitError::IndexTooLarge {
                        path,
                        entries: refused.entries,
                        limit_mib: super::index_file::MAX_EXPANDED_BYTES >> 20,
                    });
                }
            }
        }
        self.index_files_from_libgit2()
    }

    /// [`GitRepo::index_files`] as libgit2 reads the index: for what the direct
    /// reader leaves to it.
    fn index_files_from_libgit2(&self) -> Result<IndexListing, GitError> {
        let index = self.index()?;
        let mut listing = IndexListing {
            written_ns: std::fs::metadata(self.repo.path().join("index"))
                .ok()
                .and_then(|metadata| metadata.modified().ok())
                .map_or(0, nanoseconds),
            ..IndexListing::default()
        };
        for entry in index.iter() {
            let Some(path) = normalize_index_path(&entry.path) else {
                listing
                    .refused
                    .push(String::from_utf8_lossy(&entry.path).into_owned());
                continue;
            };
            // Conflicted paths appear once per stage; one entry is enough.
            if listing.files.last().is_some_and(|last| last.path == path)
                || !REGULAR_MODES.contains(&entry.mode)
            {
                continue;
            }
            let mut blob = [0u8; 20];
            let id = entry.id.as_bytes();
            let length = id.len().min(20);
            blob[..length].copy_from_slice(&id[..length]);
            listing.files.push(IndexedFile {
                path,
                blob,
                size: entry.file_size,
                mtime_ns: i64::from(entry.mtime.seconds()) * 1_000_000_000
                    + i64::from(entry.mtime.nanoseconds()),
            });
        }
        Ok(listing)
    }

    /// This repository's object database, to ask whether it holds an object.
    pub fn objects(&self) -> Option<Objects<'_>> {
        self.repo.odb().ok().map(Objects)
    }

    /// Whether object ids are SHA-1 (the index reader knows no other length).
    fn objects_are_sha1(&self) -> bool {
        self.repo.config().is_ok_and(|config| {
            config
                .get_string("extensions.objectformat")
                .map_or(true, |format| format.eq_ignore_ascii_case("sha1"))
        })
    }
}

/// The id git gives a blob with this content (SHA-1 of `blob <length>\0` and the
/// bytes), so a file outside the index is keyed the way it will be once committed.
pub fn blob_id(bytes: &[u8]) -> Option<[u8; 20]> {
    let id = git2::Oid::hash_object(git2::ObjectType::Blob, bytes).ok()?;
    id.as_bytes().try_into().ok()
}

/// A checked form of an index path: UTF-8, relative, `/`-separated, with no
/// empty, `.` or `..` part and no `.git` folder; `None` when refused.
pub fn normalize_index_path(raw: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(raw).ok()?;
    if text.is_empty() || text.contains(['\0', '\\']) || text.starts_with('/') {
        return None;
    }
    // A drive prefix (`C:`) would make the path absolute on Windows.
    if text.as_bytes().get(1) == Some(&b':') {
        return None;
    }
    let refused_part = |part: &str| {
        part.is_empty() || part == "." || part == ".." || part.eq_ignore_ascii_case(".git")
    };
    if text.split('/').any(refused_part) {
        return None;
    }
    Some(text.to_string())
}

/// Nanoseconds since the Unix epoch (0 before it).
fn nanoseconds(time: std::time::SystemTime) -> i64 {
    time.duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |age| age.as_nanos() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn index_paths_are_checked() {
        assert_eq!(
            normalize_index_path(b"src/a.rs").as_deref(),
            Some("src/a.rs")
        );
        for refused in [
            &b"/etc/passwd"[..],
            b"../x",
            b"a/../../x",
            b"a//b",
            b"./a",
            b"a/.",
            b".git/config",
            b"sub/.GIT/hooks/x",
            b"C:/x",
            b"a\\..\\b",
            b"",
            b"\xff\xfe",
        ] {
            assert_eq!(normalize_index_path(refused), None, "{refused:?}");
        }
        // Names that merely start with dots are fine.
        assert!(normalize_index_path(b"..hidden/.gitignore").is_some());
    }

    /// A repository with files in folders, an executable, a symlink, a file
    /// changed after staging and one staged but not committed.
    fn sample_repository() -> (tempfile::TempDir, git2::Repository) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let repo = git2::Repository::init(root).unwrap();
        let mut paths = Vec::new();
        for folder in ["", "src/", "src/deep/er/", "src.d/", "src-x/", "zz/"] {
            for name in ["a.rs", "b.c", ".gitignore", "longer_name_for_prefixes.txt"] {
                let path = format!("{folder}{name}");
                std::fs::create_dir_all(root.join(&path).parent().unwrap()).unwrap();
                std::fs::write(root.join(&path), format!("{path}\n")).unwrap();
                paths.push(path);
            }
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let tool = root.join("src/tool.sh");
            std::fs::write(&tool, "#!/bin/sh\n").unwrap();
            std::fs::set_permissions(&tool, std::fs::Permissions::from_mode(0o755)).unwrap();
            std::os::unix::fs::symlink("a.rs", root.join("src/link.rs")).unwrap();
            paths.extend(["src/tool.sh".to_string(), "src/link.rs".to_string()]);
        }
        let mut index = repo.index().unwrap();
        for path in &paths {
            index.add_path(Path::new(path)).unwrap();
        }
        index.write().unwrap();
        std::fs::write(root.join("src/a.rs"), "changed after staging\n").unwrap();
        (dir, repo)
    }

    /// Both readers of `repo`'s index; the direct one must not have fallen back.
    fn both_readers(repo: &git2::Repository) -> (IndexListing, IndexListing) {
        let direct = super::super::index_file::read(&repo.path().join("index"))
            .unwrap()
            .expect("the direct reader read the index");
        let git = GitRepo::discover(repo.workdir().unwrap()).unwrap().unwrap();
        (direct, git.index_files_from_libgit2().unwrap())
    }

    fn assert_same(direct: &IndexListing, libgit2: &IndexListing) {
        assert_eq!(direct.files, libgit2.files);
        assert_eq!(direct.refused, libgit2.refused);
        assert_eq!(direct.written_ns, libgit2.written_ns);
    }

    #[test]
    fn the_direct_reader_agrees_with_libgit2_on_versions_2_3_and_4() {
        let (_dir, repo) = sample_repository();
        let (direct, libgit2) = both_readers(&repo);
        assert_same(&direct, &libgit2);
        assert!(
            direct
                .files
                .iter()
                .any(|file| file.path == "src/deep/er/a.rs")
        );
        assert!(!direct.files.iter().any(|file| file.path == "src/link.rs"));

        // Version 3: an entry with extended flags (intent to add, skip-worktree).
        let mut index = repo.index().unwrap();
        let mut entry = index.get_path(Path::new("zz/b.c"), 0).unwrap();
        entry.flags_extended |= 1 << 14;
        index.add(&entry).unwrap();
        index.write().unwrap();
        let bytes = std::fs::read(repo.path().join("index")).unwrap();
        assert_eq!(bytes[4..8], [0, 0, 0, 3]);
        let (direct, libgit2) = both_readers(&repo);
        assert_same(&direct, &libgit2);

        // Version 4: paths stored as what differs from the one before.
        let mut index = repo.index().unwrap();
        index.set_version(4).unwrap();
        index.write().unwrap();
        let bytes = std::fs::read(repo.path().join("index")).unwrap();
        assert_eq!(bytes[4..8], [0, 0, 0, 4]);
        let (direct, libgit2) = both_readers(&repo);
        assert_same(&direct, &libgit2);
        assert_eq!(direct.files.len(), 25);
    }

    #[test]
    fn conflict_stages_list_a_path_once() {
        let (_dir, repo) = sample_repository();
        let mut index = repo.index().unwrap();
        let base = index.get_path(Path::new("src/b.c"), 0).unwrap();
        index.remove_path(Path::new("src/b.c")).unwrap();
        for stage in 1..=3u16 {
            let entry = git2::IndexEntry {
                id: repo.blob(format!("stage {stage}\n").as_bytes()).unwrap(),
                flags: (base.flags & 0x0fff) | (stage << 12),
                path: base.path.clone(),
                ..base
            };
            index.add(&entry).unwrap();
        }
        index.write().unwrap();
        let (direct, libgit2) = both_readers(&repo);
        assert_same(&direct, &libgit2);
        let listed: Vec<&IndexedFile> = direct
            .files
            .iter()
            .filter(|file| file.path == "src/b.c")
            .collect();
        assert_eq!(listed.len(), 1);
        assert_eq!(Some(listed[0].blob), blob_id(b"stage 1\n"));
    }

    #[test]
    fn what_the_direct_reader_leaves_to_libgit2() {
        let (_dir, repo) = sample_repository();
        let index_path = repo.path().join("index");
        let good = std::fs::read(&index_path).unwrap();
        // A refused path: libgit2 reads it and the listing names it as refused.
        let mut index = repo.index().unwrap();
        let mut entry = index.get_path(Path::new("src/b.c"), 0).unwrap();
        entry.path = b"a\\b.c".to_vec();
        index.add(&entry).unwrap();
        index.write().unwrap();
        assert!(
            super::super::index_file::read(&index_path)
                .unwrap()
                .is_none()
        );
        let git = GitRepo::discover(repo.workdir().unwrap()).unwrap().unwrap();
        assert_eq!(git.index_files().unwrap().refused, ["a\\b.c"]);
        // A flipped byte fails the checksum; a cut file does not parse.
        let mut flipped = good.clone();
        flipped[40] ^= 1;
        std::fs::write(&index_path, &flipped).unwrap();
        assert!(
            super::super::index_file::read(&index_path)
                .unwrap()
                .is_none()
        );
        std::fs::write(&index_path, &good[..good.len() / 2]).unwrap();
        assert!(
            super::super::index_file::read(&index_path)
                .unwrap()
                .is_none()
        );
        // No index at all (a new repository).
        std::fs::remove_file(&index_path).unwrap();
        assert!(
            super::super::index_file::read(&index_path)
                .unwrap()
                .is_none()
        );
        let git = GitRepo::discover(repo.workdir().unwrap()).unwrap().unwrap();
        assert!(git.index_files().unwrap().files.is_empty());
    }

    #[test]
    fn blob_ids_match_git() {
        // `git hash-object` of an empty file and of "hello\n".
        let hex = |id: [u8; 20]| id.iter().map(|b| format!("{b:02x}")).collect::<String>();
        assert_eq!(
            hex(blob_id(b"").unwrap()),
            "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"
        );
        assert_eq!(
            hex(blob_id(b"hello\n").unwrap()),
            "ce013625030ba8dba906f756967f9e9ca394464a"
        );
    }
}
