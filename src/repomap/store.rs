//! The per-user tag store (`$XDG_CACHE_HOME/aider-tui/tags/`): tags keyed by the
//! content's git blob id, so a fresh clone, another worktree or a branch switch
//! of code seen before needs no parse.
//!
//! The store is a folder of segment files, each written once (a temporary file,
//! then a rename) and never changed, so concurrent writers never meet and a
//! reader sees a whole file or none. A segment holds, for some blobs, their tags
//! with identifiers numbered within the segment:
//!
//! ```text
//! header: magic, query fingerprint, count, and the byte lengths of the three
//!         sections (six little-endian u64)
//! hashes: count × 20 bytes, sorted
//! names:  postcard (text, end offsets), see `Symbols::parts`
//! tags:   chunks of postcard `Vec<StoredRecord>`, each after its u64 length
//! ```
//!
//! Files are read with `read`, never memory-mapped: a file truncated or replaced
//! while it is read is a length mismatch (a miss), never a SIGBUS. Only regular
//! files are opened and no symlink is followed. The folder is capped in size;
//! the least recently used segments (by modification time, which a load renews)
//! are removed first.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

use cap_fs_ext::{FollowSymlinks, OpenOptionsFollowExt};
use cap_std::ambient_authority;
use cap_std::fs::{Dir, OpenOptions};
use rayon::prelude::*;

use super::record::{FileRecord, StoredRecord};
use super::symbols::Symbols;

/// Identifies the segment format (bumped when the layout changes).
const MAGIC: u64 = 0x6169_6465_7274_6734; // "aidertg4"
const HEADER_BYTES: usize = 48;
/// Records per postcard chunk: chunks decode in parallel.
const RECORDS_PER_CHUNK: usize = 4096;
/// Segment files end with this.
const SEGMENT_SUFFIX: &str = ".seg";
/// Default size cap of the store.
pub const DEFAULT_MAX_BYTES: u64 = 1 << 30;

/// Segments written by this process get distinct names even within one instant.
static WRITTEN: AtomicU32 = AtomicU32::new(0);

/// An open tag store.
#[derive(Debug)]
pub struct TagStore {
    dir: Dir,
    path: PathBuf,
    fingerprint: u64,
    max_bytes: u64,
}

/// One segment's contents.
#[derive(Debug, Default)]
pub struct Segment {
    /// Sorted blob ids; `records[i]` holds the tags of `hashes[i]`.
    pub hashes: Vec<[u8; 20]>,
    pub symbols: Symbols,
    pub records: Vec<StoredRecord>,
}

impl TagStore {
    /// `$XDG_CACHE_HOME/aider-tui/tags` (or the platform's cache folder).
    pub fn default_path() -> Option<PathBuf> {
        dirs::cache_dir().map(|base| base.join("aider-tui").join("tags"))
    }

    /// Opens (creating it if needed) the store at `path` for tags made with the
    /// query `fingerprint`.
    pub fn open(path: &Path, fingerprint: u64, max_bytes: u64) -> io::Result<TagStore> {
        std::fs::create_dir_all(path)?;
        Ok(TagStore {
            dir: Dir::open_ambient_dir(path, ambient_authority())?,
            path: path.to_path_buf(),
            fingerprint,
            max_bytes,
        })
    }

    /// The store's folder.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Names of the segments of this fingerprint, most recently used first.
    pub fn segment_names(&self) -> Vec<String> {
        let prefix = self.prefix();
        let mut found: Vec<(std::time::SystemTime, String)> = self
            .segments()
            .into_iter()
            .filter(|(name, _, _)| name.starts_with(&prefix))
            .map(|(name, _, used)| (used, name))
            .collect();
        found.sort_by(|a, b| b.cmp(a));
        found.into_iter().map(|(_, name)| name).collect()
    }

    /// Every segment file (of any fingerprint) with its size and last use.
    fn segments(&self) -> Vec<(String, u64, std::time::SystemTime)> {
        let Ok(entries) = self.dir.entries() else {
            return Vec::new();
        };
        entries
            .flatten()
            .filter_map(|entry| {
                let name = entry.file_name().into_string().ok()?;
                if !name.ends_with(SEGMENT_SUFFIX) || name.starts_with('.') {
                    return None;
                }
                let metadata = entry.metadata().ok()?;
                metadata.is_file().then_some(())?;
                let used = metadata.modified().ok()?.into_std();
                Some((name, metadata.len(), used))
            })
            .collect()
    }

    fn prefix(&self) -> String {
        format!("{:016x}-", self.fingerprint)
    }

    /// Opens a segment for reading: a regular file, not through a symlink,
    /// without blocking on a FIFO.
    fn open_segment(&self, name: &str) -> Option<std::fs::File> {
        if name.contains('/') || !name.starts_with(&self.prefix()) {
            return None;
        }
        let mut options = OpenOptions::new();
        options.read(true).follow(FollowSymlinks::No);
        #[cfg(unix)]
        {
            use cap_std::fs::OpenOptionsExt;
            options.custom_flags(libc::O_NONBLOCK);
        }
        let file = self.dir.open_with(name, &options).ok()?.into_std();
        crate::safe_fs::ensure_regular(&file.metadata().ok()?).ok()?;
        Some(file)
    }

    /// Reads a whole segment; `None` when it is missing, of another format or
    /// fingerprint, cut short or damaged. A successful load marks it used.
    pub fn load(&self, name: &str) -> Option<Segment> {
        let file = self.open_segment(name)?;
        let mut bytes = Vec::new();
        (&file).read_to_end(&mut bytes).ok()?;
        let segment = decode(&bytes, self.fingerprint)?;
        // Least recently used eviction goes by this time; failing to renew it
        // only makes the segment look older.
        let _ = file.set_modified(std::time::SystemTime::now());
        Some(segment)
    }

    /// Marks segments used now (a map restored from what they served).
    pub fn renew(&self, names: &[String]) {
        for name in names {
            if let Some(file) = self.open_segment(name) {
                let _ = file.set_modified(std::time::SystemTime::now());
            }
        }
    }

    /// Only the blob ids a segment holds (its header and first section).
    pub fn load_hashes(&self, name: &str) -> Option<Vec<[u8; 20]>> {
        let mut file = self.open_segment(name)?;
        let file_length = file.metadata().ok()?.len();
        let mut header = [0u8; HEADER_BYTES];
        file.read_exact(&mut header).ok()?;
        let header = Header::parse(&header, self.fingerprint, file_length)?;
        let mut hashes = vec![0u8; header.hashes_len];
        file.read_exact(&mut hashes).ok()?;
        split_hashes(&hashes, header.count)
    }

    /// Writes a new segment holding `records` (their tags by their hash), with
    /// identifiers renumbered from `symbols`; returns its name.
    pub fn write(&self, records: &[&FileRecord], symbols: &Symbols) -> io::Result<String> {
        let mut order: Vec<&FileRecord> = records.to_vec();
        order.sort_by_key(|record| record.hash);
        order.dedup_by(|a, b| a.hash == b.hash);
        // Identifiers used by these records only, renumbered densely.
        let mut renumber = vec![u32::MAX; symbols.len()];
        let mut local = Symbols::default();
        let mut local_id = |id: u32| -> u32 {
            let Some(slot) = renumber.get_mut(id as usize) else {
                return local.intern("");
            };
            if *slot == u32::MAX {
                *slot = local.intern(symbols.name(id));
            }
            *slot
        };
        let mut stored: Vec<StoredRecord> = Vec::with_capacity(order.len());
        for record in &order {
            let mut tags = record.stored();
            for definition in &mut tags.definitions {
                definition.name = local_id(definition.name);
            }
            for reference in &mut tags.references {
                reference.0 = local_id(reference.0);
            }
            stored.push(tags);
        }
        let hashes: Vec<u8> = order.iter().flat_map(|record| record.hash).collect();
        let (text, ends) = local.parts();
        let names = encoded(&(text, ends))?;
        let mut tags = Vec::new();
        for chunk in stored.chunks(RECORDS_PER_CHUNK) {
            let bytes = encoded(&chunk)?;
            tags.extend_from_slice(&(bytes.len() as u64).to_le_bytes());
            tags.extend_from_slice(&bytes);
        }
        let header = [
            MAGIC,
            self.fingerprint,
            order.len() as u64,
            hashes.len() as u64,
            names.len() as u64,
            tags.len() as u64,
        ];
        let name = format!(
            "{}{}-{:x}-{}{SEGMENT_SUFFIX}",
            self.prefix(),
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |age| age.as_nanos()),
            WRITTEN.fetch_add(1, Ordering::Relaxed)
        );
        let temporary = format!(".{name}.tmp");
        let mut options = OpenOptions::new();
        options
            .write(true)
            .create_new(true)
            .follow(FollowSymlinks::No);
        let written = self.dir.open_with(&temporary, &options).and_then(|file| {
            let mut writer = io::BufWriter::with_capacity(1 << 16, file.into_std());
            for value in header {
                writer.write_all(&value.to_le_bytes())?;
            }
            writer.write_all(&hashes)?;
            writer.write_all(&names)?;
            writer.write_all(&tags)?;
            let file = writer.into_inner().map_err(|err| err.into_error())?;
            file.sync_data()
        });
        let renamed = written.and_then(|()| self.dir.rename(&temporary, &self.dir, &name));
        if renamed.is_err() {
            let _ = self.dir.remove_file(&temporary);
        }
        renamed.map(|()| name)
    }

    /// Removes a segment (gone already is fine).
    pub fn remove(&self, name: &str) {
        if name.ends_with(SEGMENT_SUFFIX) && !name.contains('/') {
            let _ = self.dir.remove_file(name);
        }
    }

    /// Removes the least recently used segments until the store fits its cap;
    /// `keep` (the segments a map uses now) stay.
    pub fn evict(&self, keep: &[String]) {
        let mut segments = self.segments();
        let mut total: u64 = segments.iter().map(|(_, size, _)| size).sum();
        if total <= self.max_bytes {
            return;
        }
        segments.sort_by_key(|(_, _, used)| *used);
        for (name, size, _) in segments {
            if total <= self.max_bytes {
                break;
            }
            if keep.contains(&name) {
                continue;
            }
            self.remove(&name);
            total = total.saturating_sub(size);
        }
    }
}

/// A segment's header, checked: its lengths add up to the file's, so none is
/// ever larger than the bytes there are (a damaged length is a miss, never an
/// allocation the machine cannot make).
struct Header {
    count: usize,
    hashes_len: usize,
    names_len: usize,
    tags_len: usize,
}

impl Header {
    fn parse(bytes: &[u8], fingerprint: u64, file_length: u64) -> Option<Header> {
        let word = |index: usize| -> Option<u64> {
            let slice = bytes.get(index * 8..index * 8 + 8)?;
            Some(u64::from_le_bytes(slice.try_into().ok()?))
        };
        if word(0)? != MAGIC || word(1)? != fingerprint {
            return None;
        }
        let size = |index: usize| usize::try_from(word(index)?).ok();
        let header = Header {
            count: size(2)?,
            hashes_len: size(3)?,
            names_len: size(4)?,
            tags_len: size(5)?,
        };
        let total = HEADER_BYTES
            .checked_add(header.hashes_len)?
            .checked_add(header.names_len)?
            .checked_add(header.tags_len)?;
        let fits = u64::try_from(total).ok()? == file_length;
        (fits && header.count.checked_mul(20)? == header.hashes_len).then_some(header)
    }
}

fn split_hashes(bytes: &[u8], count: usize) -> Option<Vec<[u8; 20]>> {
    let hashes: Vec<[u8; 20]> = bytes
        .chunks_exact(20)
        .filter_map(|chunk| chunk.try_into().ok())
        .collect();
    // Sorted without repeats, or it is not a segment this code wrote.
    (hashes.len() == count && hashes.windows(2).all(|pair| pair[0] < pair[1])).then_some(hashes)
}

/// Decodes and checks a whole segment.
fn decode(bytes: &[u8], fingerprint: u64) -> Option<Segment> {
    let header = Header::parse(bytes.get(..HEADER_BYTES)?, fingerprint, bytes.len() as u64)?;
    let (hashes, rest) = bytes[HEADER_BYTES..].split_at(header.hashes_len);
    let (names, mut tags) = rest.split_at(header.names_len);
    let mut chunks: Vec<&[u8]> = Vec::new();
    while !tags.is_empty() {
        let length = usize::try_from(u64::from_le_bytes(tags.get(..8)?.try_into().ok()?)).ok()?;
        chunks.push(tags.get(8..8usize.checked_add(length)?)?);
        tags = &tags[8 + length..];
    }
    let ((hashes, symbols), records) = rayon::join(
        || {
            let hashes = split_hashes(hashes, header.count);
            let symbols = postcard::from_bytes::<(String, Vec<u32>)>(names)
                .ok()
                .and_then(|(text, ends)| Symbols::from_parts(text, ends));
            (hashes, symbols)
        },
        || {
            chunks
                .par_iter()
                .map(|chunk| postcard::from_bytes::<Vec<StoredRecord>>(chunk).ok())
                .collect::<Option<Vec<Vec<StoredRecord>>>>()
        },
    );
    let (hashes, symbols, records) = (hashes?, symbols?, records?.concat());
    if records.len() != header.count {
        return None;
    }
    // A decodable file can still be damaged: every identifier must be named.
    let symbol_count = symbols.len() as u64;
    let valid = records.par_iter().all(|record| {
        record
            .definitions
            .iter()
            .all(|d| u64::from(d.name) < symbol_count && d.line <= d.end_line)
            && record
                .references
                .iter()
                .all(|(id, _)| u64::from(*id) < symbol_count)
    });
    valid.then_some(Segment {
        hashes,
        symbols,
        records,
    })
}

fn encoded<T: serde::Serialize + ?Sized>(value: &T) -> io::Result<Vec<u8>> {
    postcard::to_stdvec(value).map_err(io::Error::other)
}
