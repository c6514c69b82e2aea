//! The per-repository index beside the tag store: for each file the map saw, its
//! path, size, modification time and content hash, and which store segments held
//! the repository's tags. A file whose size and time still match needs neither a
//! read nor a hash on the next start, with or without git. It lives in the state
//! folder (`StateDir`: written atomically, never through a symlink); a damaged
//! or foreign index is ignored.

use serde::{Deserialize, Serialize};

use crate::safe_fs::StateDir;

/// The index's file name in the state folder.
pub const INDEX_FILE_NAME: &str = "repomap-index.bin";

/// Identifies the index format (bumped when the layout changes).
const MAGIC: u64 = 0x6169_6465_7274_6934; // "aiderti4"

/// One file as last seen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct IndexedPath {
    pub path: String,
    pub size: u64,
    pub mtime_ns: i64,
    pub hash: [u8; 20],
}

/// The whole index.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RepoIndex {
    /// Store segments holding the tags of `files`, most useful first.
    pub segments: Vec<String>,
    /// Sorted by path.
    pub files: Vec<IndexedPath>,
}

impl RepoIndex {
    /// Reads the index for tags of `fingerprint`; empty when missing or unusable.
    pub fn load(state: &StateDir, fingerprint: u64) -> RepoIndex {
        let Ok(Some(bytes)) = state.read(INDEX_FILE_NAME) else {
            return RepoIndex::default();
        };
        match postcard::from_bytes::<(u64, u64, RepoIndex)>(&bytes) {
            Ok((MAGIC, stored, mut index)) if stored == fingerprint => {
                if !index.files.is_sorted_by(|a, b| a.path < b.path) {
                    index.files.sort_by(|a, b| a.path.cmp(&b.path));
                    index.files.dedup_by(|a, b| a.path == b.path);
                }
                index
            }
            _ => RepoIndex::default(),
        }
    }

    /// Replaces the index on disk.
    pub fn save(&self, state: &StateDir, fingerprint: u64) -> std::io::Result<()> {
        let bytes =
            postcard::to_stdvec(&(MAGIC, fingerprint, self)).map_err(std::io::Error::other)?;
        // The state folder's temporary name is per process: maps of one process
        // take turns.
        static WRITING: std::sync::Mutex<()> = std::sync::Mutex::new(());
        let _turn = WRITING
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        state.write_atomic(INDEX_FILE_NAME, &bytes)
    }

    /// The recorded hash of `path` if its size and time are unchanged.
    pub fn hash_of(&self, path: &str, size: u64, mtime_ns: i64) -> Option<[u8; 20]> {
        let found = self
            .files
            .binary_search_by(|file| file.path.as_str().cmp(path))
            .ok()?;
        let file = &self.files[found];
        (file.size == size && file.mtime_ns == mtime_ns).then_some(file.hash)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_rejects_damage() {
        let root = tempfile::tempdir().unwrap();
        let state = StateDir::open(root.path()).unwrap();
        let index = RepoIndex {
            segments: vec!["a.seg".into()],
            files: vec![IndexedPath {
                path: "src/a.rs".into(),
                size: 3,
                mtime_ns: 7,
                hash: [1; 20],
            }],
        };
        index.save(&state, 42).unwrap();
        let loaded = RepoIndex::load(&state, 42);
        assert_eq!(loaded, index);
        assert_eq!(loaded.hash_of("src/a.rs", 3, 7), Some([1; 20]));
        assert_eq!(loaded.hash_of("src/a.rs", 3, 8), None);
        assert_eq!(loaded.hash_of("src/b.rs", 3, 7), None);
        // Another query version, or garbage, reads as empty.
        assert_eq!(RepoIndex::load(&state, 43), RepoIndex::default());
        state
            .write_atomic(INDEX_FILE_NAME, b"\xff\xff\xff")
            .unwrap();
        assert_eq!(RepoIndex::load(&state, 42), RepoIndex::default());
    }
}
