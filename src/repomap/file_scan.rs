//! Reading and parsing one file: whether it is mapped at all (binary, minified,
//! too large, no grammar), its tags, its content hash and whether its first
//! lines say a tool generated it.

use crate::repo_files::RootDir;

use super::classify;
use super::language;
use super::record::FileStatus;
use super::tags::{self, FileTags};

/// Bytes inspected for NUL to call a file binary.
const BINARY_PROBE_BYTES: usize = 8 * 1024;
/// A parsed file this large whose lines average this long is taken as minified.
const MINIFIED_MIN_BYTES: u64 = 4 * 1024;
const MINIFIED_MEAN_LINE: u64 = 300;
/// Longer Markdown (changelogs, generated reference pages) takes part by name
/// only: the Markdown grammar needs about 60 bytes of memory and 0.75 ms per KB
/// of such a file (tokio's 195 KB changelog: 12 MB, 150 ms), and a changelog's
/// headings are version numbers.
const MAX_MARKDOWN_BYTES: usize = 64 * 1024;

/// What reading one file gave.
pub struct Scanned {
    pub status: FileStatus,
    pub line_count: u32,
    pub tags: Option<FileTags>,
    /// The git blob id of the bytes parsed (`None` when unreadable).
    pub hash: Option<[u8; 20]>,
    pub generated_marker: bool,
}

impl Scanned {
    /// A file that could not be read: the next scan reads it again.
    pub fn unreadable() -> Scanned {
        Scanned {
            status: FileStatus::Unreadable,
            line_count: 0,
            tags: None,
            hash: None,
            generated_marker: false,
        }
    }
}

/// The blob id git's index gives a file it vouches for, with the size it saw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Vouched {
    pub blob: [u8; 20],
    pub size: u64,
}

/// Reads `path` under the root (never outside it, never a special file) and
/// extracts its tags. A blob id git vouched for is taken instead of hashing
/// the bytes again (SHA-1 with collision detection is a few percent of a cold
/// scan) when the bytes read are as long as git saw them; a file rewritten
/// since the listing mostly changes length, and is then hashed.
pub fn scan(reader: &RootDir, path: &str, max_bytes: u64, vouched: Option<Vouched>) -> Scanned {
    let Ok(bytes) = reader.read(path, max_bytes) else {
        return Scanned::unreadable();
    };
    let hash = match vouched {
        Some(vouched) if vouched.size == bytes.len() as u64 => Some(vouched.blob),
        _ => crate::git::blob_id(&bytes),
    };
    let generated_marker = classify::has_generated_marker(&bytes);
    let (status, line_count, tags) = extract(path, &bytes);
    Scanned {
        status,
        line_count,
        tags,
        hash,
        generated_marker,
    }
}

/// The language a file is parsed as, or why it is not parsed.
fn parsed_as(path: &str, bytes: &[u8], line_count: u32) -> Result<usize, FileStatus> {
    let language_id = language::language_for_path(path).ok_or(FileStatus::NoGrammar)?;
    let size = bytes.len() as u64;
    let minified_name = path.contains(".min.");
    if minified_name
        || (size >= MINIFIED_MIN_BYTES && size / u64::from(line_count.max(1)) >= MINIFIED_MEAN_LINE)
    {
        return Err(FileStatus::Minified);
    }
    if language_id == language::MARKDOWN && bytes.len() > MAX_MARKDOWN_BYTES {
        return Err(FileStatus::NoGrammar);
    }
    Ok(language_id)
}

/// Parses a file the way the map would, without running its tags query; true
/// when it was parsed. For measuring tree-sitter's own share of a scan.
pub fn parse_only(path: &str, bytes: &[u8]) -> bool {
    if bytes[..bytes.len().min(BINARY_PROBE_BYTES)].contains(&0) {
        return false;
    }
    parsed_as(path, bytes, tags::count_lines(bytes))
        .ok()
        .and_then(|language_id| tags::parse(language_id, bytes))
        .is_some()
}

fn extract(path: &str, bytes: &[u8]) -> (FileStatus, u32, Option<FileTags>) {
    if bytes[..bytes.len().min(BINARY_PROBE_BYTES)].contains(&0) {
        return (FileStatus::Binary, 0, None);
    }
    let line_count = tags::count_lines(bytes);
    let language_id = match parsed_as(path, bytes, line_count) {
        Ok(language_id) => language_id,
        Err(status) => return (status, line_count, None),
    };
    match tags::extract(language_id, bytes) {
        Some(tags) => (
            FileStatus::Parsed(language_id as u8),
            line_count,
            Some(tags),
        ),
        None => (FileStatus::NoGrammar, line_count, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_blob_id_git_vouched_for_is_taken_while_the_length_matches() {
        let root = tempfile::tempdir().unwrap();
        std::fs::write(root.path().join("a.py"), "def f():\n    pass\n").unwrap();
        let reader = RootDir::open(root.path()).unwrap();
        let real = crate::git::blob_id(b"def f():\n    pass\n");
        // A made-up id tells taking from hashing.
        let claimed = [7; 20];
        let vouched = |size| {
            Some(Vouched {
                blob: claimed,
                size,
            })
        };
        let scanned = scan(&reader, "a.py", 1 << 20, vouched(18));
        assert_eq!(scanned.hash, Some(claimed));
        assert!(scanned.tags.is_some());
        // Rewritten since git looked (another length): hashed as read.
        assert_eq!(scan(&reader, "a.py", 1 << 20, vouched(5)).hash, real);
        assert_eq!(scan(&reader, "a.py", 1 << 20, None).hash, real);
    }
}
