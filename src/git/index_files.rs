//! The files the index lists, with what the repo map needs of each: a checked
//! relative path, the blob id, and the size and modification time git recorded.
//!
//! The index is data from the repository, so a crafted one can name `/etc/passwd`
//! or `../x`: every path is normalised here and refused when it is absolute, leaves
//! the root, or reaches into `.git`.

use std::path::Path;

use git2::{AttrCheckFlags, AttrValue};

use super::error::GitContext;
use super::{GitError, GitRepo};

/// Index entry modes of ordinary files (executable or not); symlinks and
/// submodules are not files whose text the map may read.
const REGULAR_MODES: [u32; 2] = [0o100644, 0o100755];

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

/// What `.gitattributes` says of a file for GitHub's linguist.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LinguistAttributes {
    /// `linguist-vendored` set (`Some(true)`) or unset/false (`Some(false)`).
    pub vendored: Option<bool>,
    /// `linguist-generated` set or unset.
    pub generated: Option<bool>,
}

impl GitRepo {
    /// The regular files of the index as it is on disk now, paths checked.
    pub fn index_files(&self) -> Result<IndexListing, GitError> {
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

    /// Whether any `.gitattributes` in the listing (or `.git/info/attributes`)
    /// mentions linguist at all: most repositories do not, and then no file needs
    /// an attribute lookup.
    pub fn mentions_linguist(&self, paths: &[&str]) -> bool {
        let info = self.repo.path().join("info").join("attributes");
        let root = self.root().to_path_buf();
        std::iter::once(info)
            .chain(
                paths
                    .iter()
                    .filter(|path| path.rsplit('/').next() == Some(".gitattributes"))
                    .map(|path| root.join(path)),
            )
            .any(|file| {
                crate::safe_fs::read_regular(&file)
                    .is_ok_and(|bytes| bytes.windows(9).any(|window| window == b"linguist-"))
            })
    }

    /// The linguist attributes of one path (relative to the work tree's top).
    pub fn linguist_attributes(&self, path: &str) -> Result<LinguistAttributes, GitError> {
        let flag = |name: &str| -> Result<Option<bool>, GitError> {
            let value = self
                .repo
                .get_attr(Path::new(path), name, AttrCheckFlags::FILE_THEN_INDEX)
                .context(&format!("reading the {name} attribute of {path}"))?;
            Ok(match AttrValue::from_string(value) {
                AttrValue::True => Some(true),
                AttrValue::False => Some(false),
                AttrValue::String(text) => Some(text != "false"),
                AttrValue::Bytes(_) => Some(true),
                AttrValue::Unspecified => None,
            })
        };
        Ok(LinguistAttributes {
            vendored: flag("linguist-vendored")?,
            generated: flag("linguist-generated")?,
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
