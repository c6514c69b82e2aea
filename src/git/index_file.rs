//! git's index file read directly, for the listing only: one pass over the bytes,
//! one `String` per listed file, no per-entry allocation besides.
//!
//! libgit2's read of an 80,000-entry index checks its SHA-1 with collision
//! detection, validates every path and fills a hash map of all entries, and
//! `Index::iter` then copies each path again; none of that is needed to name the
//! files and their recorded stat data. This reader handles versions 2, 3 and 4
//! (extended flags, v4's prefix-compressed paths) and skips optional extensions.
//! It answers `None`, and the caller asks libgit2 instead, whenever it is not
//! certain to give libgit2's answer: a required extension (`link`, a split index;
//! `sdir`, a sparse one), an unknown entry flag, entries out of order, a path that
//! `normalize_index_path` refuses or libgit2 might, a repository not on SHA-1, or
//! any malformed byte. The trailing SHA-1 is checked (on a second thread, while
//! the entries are read) unless git wrote it as zeros (`index.skipHash`), as git
//! itself does: a file that does not match its checksum is left to libgit2.

use std::io::Read;
use std::path::Path;

use sha1::{Digest, Sha1};

use super::index_files::{IndexListing, IndexedFile, REGULAR_MODES};

/// Bytes of an entry before its path: stat data, mode, sizes, id and flags.
const ENTRY_HEADER: usize = 62;
/// Bytes of the trailing checksum.
const CHECKSUM: usize = 20;
/// Bytes of the file header: signature, version, entry count.
const FILE_HEADER: usize = 12;
/// The `extended` bit of an entry's flags (version 3 and later).
const EXTENDED: u16 = 0x4000;
/// The extended flags git defines: skip-worktree and intent-to-add.
const KNOWN_EXTENDED: u16 = 0x6000;

/// The most an index may hold once expanded: every entry's stat data and full
/// path (v4 stores each path as what differs from the one before, so a small
/// file can name very long paths). The largest repositories in use stay far
/// below it (Linux: 78,000 entries, 7 MB).
pub(super) const MAX_EXPANDED_BYTES: u64 = 128 << 20;

/// An index refused whole, whoever would read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct TooLarge {
    /// What its entries take once expanded (counted up to just past the limit).
    pub expanded: u64,
    pub entries: usize,
}

/// The index at `path` as `GitRepo::index_files` lists it; `Ok(None)` when
/// libgit2 must be asked (see the module doc), `Err` when nobody may read it:
/// its entries expand past [`MAX_EXPANDED_BYTES`] (libgit2 would expand them
/// too).
pub(super) fn read(path: &Path) -> Result<Option<IndexListing>, TooLarge> {
    let Some((bytes, written_ns)) = read_file(path) else {
        return Ok(None);
    };
    let Some(body_length) = bytes.len().checked_sub(CHECKSUM) else {
        return Ok(None);
    };
    let (body, checksum) = bytes.split_at(body_length);
    // Counted before anything is allocated per entry, and whatever else is
    // wrong with the file: a checksum libgit2 checks only after expanding.
    if let Some(sizes) = expanded_size(body)
        && sizes.expanded > MAX_EXPANDED_BYTES
    {
        return Err(sizes);
    }
    let (listing, intact) = std::thread::scope(|scope| {
        let check = scope.spawn(|| checksum_matches(body, checksum));
        let listing = parse(body);
        (listing, check.join().unwrap_or(false))
    });
    Ok(listing.filter(|_| intact).map(|mut listing| {
        listing.written_ns = written_ns;
        listing
    }))
}

/// The file's bytes (a regular file only, opened without blocking) and when
/// it was written.
fn read_file(path: &Path) -> Option<(Vec<u8>, i64)> {
    let mut file = crate::safe_fs::open_regular(path).ok()?;
    let metadata = file.metadata().ok()?;
    let mut bytes = Vec::with_capacity(usize::try_from(metadata.len()).ok()?);
    file.read_to_end(&mut bytes).ok()?;
    let written_ns = metadata
        .modified()
        .ok()
        .and_then(|time| time.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |age| age.as_nanos() as i64);
    Some((bytes, written_ns))
}

/// What the entries take expanded (stat data and full path each), walking
/// only their layout: stops counting once past [`MAX_EXPANDED_BYTES`];
/// `None` when the layout does not hold (then nobody can parse it).
fn expanded_size(body: &[u8]) -> Option<TooLarge> {
    if body.get(..4)? != b"DIRC" {
        return None;
    }
    let version = be32(body, 4)?;
    let count = be32(body, 8)? as usize;
    let mut sizes = TooLarge {
        expanded: 0,
        entries: count,
    };
    let mut position = FILE_HEADER;
    let mut previous_length = 0usize;
    for _ in 0..count {
        let flags = be16(body, position + 60)?;
        let mut cursor = position + ENTRY_HEADER;
        if flags & EXTENDED != 0 {
            cursor += 2;
        }
        let length = if version == 4 {
            let strip = varint(body, &mut cursor)?;
            let suffix = memchr_zero(body.get(cursor..)?)?;
            position = cursor + suffix + 1;
            previous_length.checked_sub(strip)? + suffix
        } else {
            let length = memchr_zero(body.get(cursor..)?)?;
            let unpadded = cursor + length - position;
            position += (unpadded + 8) & !7;
            length
        };
        previous_length = length;
        sizes.expanded += (ENTRY_HEADER + length) as u64;
        if sizes.expanded > MAX_EXPANDED_BYTES {
            break;
        }
    }
    Some(sizes)
}

/// Whether the trailing checksum is the SHA-1 of the rest, or zeros (git's
/// `index.skipHash`: no checksum was computed).
fn checksum_matches(body: &[u8], checksum: &[u8]) -> bool {
    checksum.iter().all(|byte| *byte == 0) || Sha1::digest(body).as_slice() == checksum
}

/// The entries and extensions of an index without its checksum.
fn parse(body: &[u8]) -> Option<IndexListing> {
    if body.get(..4)? != b"DIRC" {
        return None;
    }
    let version = be32(body, 4)?;
    if !(2..=4).contains(&version) {
        return None;
    }
    let count = be32(body, 8)? as usize;
    // Every entry takes at least its header and a one-byte path with its end.
    if count > body.len() / (ENTRY_HEADER + 2) {
        return None;
    }
    let mut listing = IndexListing {
        files: Vec::with_capacity(count),
        ..IndexListing::default()
    };
    let mut position = FILE_HEADER;
    // The previous entry's path and stage: entries must be strictly ordered
    // (v4 also builds each path from the one before).
    let mut previous: Vec<u8> = Vec::new();
    let mut previous_stage = 0u16;
    let mut current: Vec<u8> = Vec::new();
    for number in 0..count {
        let entry = body.get(position..position + ENTRY_HEADER)?;
        let mtime_seconds = be32(entry, 8)?;
        let mtime_nanoseconds = be32(entry, 12)?;
        let mode = be32(entry, 24)?;
        let size = be32(entry, 36)?;
        let flags = be16(entry, 60)?;
        let mut cursor = position + ENTRY_HEADER;
        if flags & EXTENDED != 0 {
            if version < 3 || be16(body, cursor)? & !KNOWN_EXTENDED != 0 {
                return None;
            }
            cursor += 2;
        }
        let stated_length = usize::from(flags & 0x0fff);
        let stage = (flags >> 12) & 0x3;
        current.clear();
        if version == 4 {
            let strip = varint(body, &mut cursor)?;
            let kept = previous.len().checked_sub(strip)?;
            current.extend_from_slice(&previous[..kept]);
            let end = cursor + memchr_zero(body.get(cursor..)?)?;
            current.extend_from_slice(&body[cursor..end]);
            position = end + 1;
        } else {
            let end = cursor + memchr_zero(body.get(cursor..)?)?;
            current.extend_from_slice(&body[cursor..end]);
            // Entries are padded with 1–8 zeros to a multiple of eight bytes.
            let unpadded = end - position;
            position += (unpadded + 8) & !7;
            if position > body.len() {
                return None;
            }
        }
        if stated_length < 0x0fff && stated_length != current.len() {
            return None;
        }
        if number > 0 && (previous.as_slice(), previous_stage) >= (current.as_slice(), stage) {
            return None;
        }
        let path = plain_path(&current)?;
        let duplicate = listing
            .files
            .last()
            .is_some_and(|last| last.path.as_bytes() == path.as_bytes());
        if !duplicate && REGULAR_MODES.contains(&mode) {
            let mut blob = [0u8; 20];
            blob.copy_from_slice(&entry[40..60]);
            listing.files.push(IndexedFile {
                path: path.to_string(),
                blob,
                size,
                // Seconds as libgit2 reads them (signed 32 bits), so this reader
                // and the fallback decide alike.
                mtime_ns: i64::from(mtime_seconds as i32) * 1_000_000_000
                    + i64::from(mtime_nanoseconds),
            });
        }
        std::mem::swap(&mut previous, &mut current);
        previous_stage = stage;
    }
    extensions_are_optional(body, position).then_some(listing)
}

/// Whether every extension from `position` to the end is well formed and
/// optional (its signature starts with an upper-case letter).
fn extensions_are_optional(body: &[u8], mut position: usize) -> bool {
    while position < body.len() {
        let Some(signature) = body.get(position..position + 4) else {
            return false;
        };
        let Some(length) = be32(body, position + 4) else {
            return false;
        };
        if !signature[0].is_ascii_uppercase() {
            return false;
        }
        position += 8 + length as usize;
    }
    position == body.len()
}

/// The path as text when both `normalize_index_path` and libgit2 surely accept
/// it, in one pass over its bytes: UTF-8, no zero byte or backslash, not absolute,
/// no drive prefix, and no part that is empty, `.`, `..`, or `.git` or a look-alike
/// libgit2 refuses (`.git.`, `.git ::$…` and `git~1` for NTFS; `.git` with code
/// points HFS+ ignores, which are not ASCII). `None` leaves the index to libgit2.
fn plain_path(raw: &[u8]) -> Option<&str> {
    let text = std::str::from_utf8(raw).ok()?;
    if raw.get(1) == Some(&b':') {
        return None;
    }
    let mut start = 0;
    let mut ascii = true;
    for (at, byte) in raw.iter().copied().chain(std::iter::once(b'/')).enumerate() {
        match byte {
            0 | b'\\' => return None,
            b'/' => {
                if suspicious_part(&text[start..at], ascii) {
                    return None;
                }
                start = at + 1;
                ascii = true;
            }
            128.. => ascii = false,
            _ => {}
        }
    }
    Some(text)
}

/// Whether one part of a path is refused, or might be by libgit2 (see [`plain_path`]).
fn suspicious_part(part: &str, ascii: bool) -> bool {
    let bytes = part.as_bytes();
    if bytes.is_empty() || part == "." || part == ".." {
        return true;
    }
    if !ascii {
        return part
            .chars()
            .filter(char::is_ascii)
            .map(|letter| letter.to_ascii_lowercase())
            .eq(".git".chars());
    }
    bytes.len() >= 4
        && (bytes[..4].eq_ignore_ascii_case(b"git~")
            || bytes[..4].eq_ignore_ascii_case(b".git") && {
                let rest = part[4..].trim_start_matches(['.', ' ']);
                rest.is_empty() || rest.starts_with(':')
            })
}

/// The offset of the first zero byte.
fn memchr_zero(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|byte| *byte == 0)
}

/// git's offset encoding (v4 path prefixes): seven bits a byte, most significant
/// first, with one added at each continuation.
fn varint(bytes: &[u8], cursor: &mut usize) -> Option<usize> {
    let mut byte = *bytes.get(*cursor)?;
    *cursor += 1;
    let mut value = usize::from(byte & 0x7f);
    while byte & 0x80 != 0 {
        byte = *bytes.get(*cursor)?;
        *cursor += 1;
        value = value
            .checked_add(1)?
            .checked_mul(128)?
            .checked_add(usize::from(byte & 0x7f))?;
    }
    Some(value)
}

fn be32(bytes: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
}

fn be16(bytes: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_be_bytes(bytes.get(at..at + 2)?.try_into().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::git::normalize_index_path;

    #[test]
    fn varints_decode_as_git_writes_them() {
        let decode = |bytes: &[u8]| varint(bytes, &mut 0);
        assert_eq!(decode(&[0x00]), Some(0));
        assert_eq!(decode(&[0x7f]), Some(127));
        // git writes 128 as 0x80 0x00 (one is added at each continuation).
        assert_eq!(decode(&[0x80, 0x00]), Some(128));
        assert_eq!(decode(&[0x80, 0x7f]), Some(255));
        assert_eq!(decode(&[0x81, 0x00]), Some(256));
        assert_eq!(decode(&[0x80]), None);
    }

    #[test]
    fn only_plain_paths_are_read_here() {
        for plain in [
            "src/a.rs",
            ".gitignore",
            "src/.github/x",
            "a/.gitattributes",
            "héllo/x.rs",
            "..hidden/.gitignore",
        ] {
            assert_eq!(plain_path(plain.as_bytes()), Some(plain));
            assert_eq!(
                normalize_index_path(plain.as_bytes()).as_deref(),
                Some(plain)
            );
        }
        // What `normalize_index_path` refuses, and git look-alikes libgit2 may refuse.
        for other in [
            &b"/etc/passwd"[..],
            b"../x",
            b"a/../../x",
            b"a//b",
            b"./a",
            b"a/.",
            b"a/",
            b".git/config",
            b"sub/.GIT/hooks/x",
            b"C:/x",
            b"a\\..\\b",
            b"a\0b",
            b"",
            b"\xff\xfe",
            b".git./x",
            b"a/.GIT  /x",
            b".git::$INDEX_ALLOCATION/x",
            b"GIT~1/x",
            ".g\u{200c}it/config".as_bytes(),
        ] {
            assert_eq!(plain_path(other), None, "{other:?}");
        }
    }

    #[test]
    fn malformed_indexes_are_left_to_libgit2() {
        assert!(parse(b"DIRC").is_none());
        assert!(parse(b"DIRC\0\0\0\x05\0\0\0\0").is_none());
        // An entry count the bytes cannot hold.
        assert!(parse(b"DIRC\0\0\0\x02\0\0\x01\0").is_none());
        // An empty version 2 index, and one with a required extension.
        assert!(parse(b"DIRC\0\0\0\x02\0\0\0\0").is_some_and(|listing| listing.files.is_empty()));
        assert!(parse(b"DIRC\0\0\0\x02\0\0\0\0link\0\0\0\0").is_none());
        assert!(parse(b"DIRC\0\0\0\x02\0\0\0\0TREE\0\0\0\0").is_some());
        assert!(parse(b"DIRC\0\0\0\x02\0\0\0\0TREE\0\0\0\x09").is_none());
    }

    /// A version 4 index of `count` entries, each path the one before with
    /// `grow` more bytes (nothing stripped), with its checksum.
    fn growing_v4_index(count: usize, grow: usize) -> Vec<u8> {
        let mut bytes = b"DIRC\0\0\0\x04".to_vec();
        bytes.extend_from_slice(&(count as u32).to_be_bytes());
        let mut length = 0usize;
        for number in 0..count {
            length += grow;
            let mut entry = [0u8; ENTRY_HEADER];
            entry[24..28].copy_from_slice(&0o100644u32.to_be_bytes());
            let flags = length.min(0x0fff) as u16;
            entry[60..62].copy_from_slice(&flags.to_be_bytes());
            bytes.extend_from_slice(&entry);
            bytes.push(0);
            bytes.extend(std::iter::repeat_n(b'a' + (number % 26) as u8, grow));
            bytes.push(0);
        }
        let checksum = Sha1::digest(&bytes);
        bytes.extend_from_slice(&checksum);
        bytes
    }

    #[test]
    fn an_index_that_expands_past_the_limit_is_refused_by_every_reader() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("index");
        // 1 MB on disk; its paths would take 470 MB once expanded.
        let bomb = growing_v4_index(960, 1024);
        assert!(bomb.len() < 1 << 20);
        std::fs::write(&path, &bomb).unwrap();
        let refused = read(&path).unwrap_err();
        assert_eq!(refused.entries, 960);
        assert!(refused.expanded > MAX_EXPANDED_BYTES);
        // Refused also when the direct reader would leave it to libgit2 (which
        // expands before it checks the checksum).
        let mut flipped = bomb.clone();
        let last = flipped.len() - 1;
        flipped[last] ^= 1;
        std::fs::write(&path, &flipped).unwrap();
        assert!(read(&path).is_err());
        // The same layout, small: read as usual.
        std::fs::write(&path, growing_v4_index(20, 100)).unwrap();
        let listing = read(&path).unwrap().unwrap();
        assert_eq!(listing.files.len(), 20);
        assert_eq!(listing.files[19].path.len(), 2000);
    }
}
