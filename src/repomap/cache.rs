//! The persistent tag cache: one postcard file under the repository's
//! `.aider-tui/` folder, keyed per file by path, mtime and size, and as a whole by
//! the query fingerprint. Written to a temporary file and renamed into place, so a
//! reader never sees half a file and two writers never interleave; a cache that
//! fails to decode or validate is ignored and rebuilt. Identifiers are stored as
//! one string and their end offsets, so loading makes no per-name allocation.

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::record::FileRecord;
use super::symbols::Symbols;

/// Identifies the file format (bumped when `CacheFile`'s layout changes).
const MAGIC: u64 = 0x6169_6465_7274_7632; // "aidertv2"

/// File name of the cache inside the cache directory.
pub const CACHE_FILE_NAME: &str = "repomap-tags.bin";

#[derive(Deserialize)]
struct CacheFile {
    magic: u64,
    fingerprint: u64,
    names: String,
    name_ends: Vec<u32>,
    files: Vec<FileRecord>,
}

/// The same layout as [`CacheFile`], borrowed, for writing without copying.
#[derive(Serialize)]
struct CacheFileRef<'a> {
    magic: u64,
    fingerprint: u64,
    names: &'a str,
    name_ends: &'a [u32],
    files: &'a [FileRecord],
}

/// The cache's decoded contents.
pub struct CacheContents {
    pub symbols: Symbols,
    pub files: Vec<FileRecord>,
}

/// The cache path inside `dir`.
pub fn cache_path(dir: &Path) -> PathBuf {
    dir.join(CACHE_FILE_NAME)
}

/// Reads the cache; `None` when it is missing, from another query version, or corrupt.
pub fn load(path: &Path, fingerprint: u64) -> Option<CacheContents> {
    let bytes = std::fs::read(path).ok()?;
    let cache: CacheFile = postcard::from_bytes(&bytes).ok()?;
    if cache.magic != MAGIC || cache.fingerprint != fingerprint {
        return None;
    }
    // A decodable file can still be damaged: every symbol id must name a symbol.
    let symbols = Symbols::from_parts(cache.names, cache.name_ends)?;
    let symbol_count = symbols.len() as u64;
    let valid = cache.files.iter().all(|file| {
        file.definitions
            .iter()
            .all(|d| u64::from(d.name) < symbol_count)
            && file
                .references
                .iter()
                .all(|(id, _)| u64::from(*id) < symbol_count)
    });
    valid.then_some(CacheContents {
        symbols,
        files: cache.files,
    })
}

/// Writes the cache atomically (temporary file in the same folder, then rename).
pub fn save(
    path: &Path,
    fingerprint: u64,
    symbols: &Symbols,
    files: &[FileRecord],
) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let fresh_dir = !dir.exists();
    std::fs::create_dir_all(dir)?;
    if fresh_dir {
        // Keep the tool's state out of `git status`.
        let _ = std::fs::write(dir.join(".gitignore"), "*\n");
    }
    let (names, name_ends) = symbols.parts();
    let cache = CacheFileRef {
        magic: MAGIC,
        fingerprint,
        names,
        name_ends,
        files,
    };
    let mut temporary = tempfile::NamedTempFile::new_in(dir)?;
    // Streamed: a kernel-sized cache is never held in memory whole.
    let mut writer = BufWriter::with_capacity(1 << 16, temporary.as_file_mut());
    postcard::to_io(&cache, &mut writer).map_err(std::io::Error::other)?;
    writer.flush()?;
    drop(writer);
    temporary.as_file().sync_data()?;
    temporary.persist(path).map_err(|err| err.error)?;
    Ok(())
}
