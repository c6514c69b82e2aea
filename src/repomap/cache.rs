//! The persistent tag cache: one file under the repository's `.aider-tui/`
//! folder, keyed per file by path, mtime and size, and as a whole by the query
//! fingerprint. Written to a temporary file and renamed into place, so a reader
//! never sees half a file and two writers never interleave; a cache that fails to
//! decode or validate is ignored and rebuilt.
//!
//! Layout: a postcard header `(MAGIC, fingerprint)`, then sections, each a
//! postcard length and that many bytes of postcard: the identifiers (one string
//! and their end offsets, so loading makes no per-name allocation), then the file
//! records in chunks. Sections are decoded in parallel and written one at a time.

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::record::FileRecord;
use super::symbols::Symbols;

/// Identifies the file format (bumped when the layout changes).
const MAGIC: u64 = 0x6169_6465_7274_7633; // "aidertv3"

/// File records per section.
const FILES_PER_SECTION: usize = 8192;

/// File name of the cache inside the cache directory.
pub const CACHE_FILE_NAME: &str = "repomap-tags.bin";

/// The cache's decoded contents.
pub struct CacheContents {
    pub symbols: Symbols,
    pub files: Vec<FileRecord>,
}

/// The cache path inside `dir`.
pub fn cache_path(dir: &Path) -> PathBuf {
    dir.join(CACHE_FILE_NAME)
}

/// Reads the cache; `None` when it is missing, from another format or query
/// version, or damaged.
pub fn load(path: &Path, fingerprint: u64) -> Option<CacheContents> {
    let file = std::fs::File::open(path).ok()?;
    // SAFETY: the cache is only ever replaced by renaming a new file over it, never
    // written in place, so the mapped file does not change under us.
    let bytes = unsafe { memmap2::Mmap::map(&file) }.ok()?;
    // The header first: a cache of another format or query version is not decoded.
    let ((magic, stored_fingerprint), mut rest) =
        postcard::take_from_bytes::<(u64, u64)>(&bytes).ok()?;
    if magic != MAGIC || stored_fingerprint != fingerprint {
        return None;
    }
    let mut sections: Vec<&[u8]> = Vec::new();
    while !rest.is_empty() {
        let (length, after) = postcard::take_from_bytes::<u64>(rest).ok()?;
        let length = usize::try_from(length).ok()?;
        sections.push(after.get(..length)?);
        rest = &after[length..];
    }
    let (names, chunks) = sections.split_first()?;
    let (symbols, chunks) = rayon::join(
        || {
            let (text, ends) = postcard::from_bytes::<(String, Vec<u32>)>(names).ok()?;
            Symbols::from_parts(text, ends)
        },
        || {
            chunks
                .par_iter()
                .map(|chunk| postcard::from_bytes::<Vec<FileRecord>>(chunk).ok())
                .collect::<Option<Vec<Vec<FileRecord>>>>()
        },
    );
    let (symbols, files) = (symbols?, chunks?.concat());
    // A decodable file can still be damaged: every symbol id must name a symbol.
    let symbol_count = symbols.len() as u64;
    let valid = files.par_iter().all(|file| {
        file.definitions
            .iter()
            .all(|d| u64::from(d.name) < symbol_count)
            && file
                .references
                .iter()
                .all(|(id, _)| u64::from(*id) < symbol_count)
    });
    valid.then_some(CacheContents { symbols, files })
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
    let mut temporary = tempfile::NamedTempFile::new_in(dir)?;
    let mut writer = BufWriter::with_capacity(1 << 16, temporary.as_file_mut());
    writer.write_all(&encoded(&(MAGIC, fingerprint))?)?;
    // One section in memory at a time: a kernel-sized cache is never held whole.
    let (text, ends) = symbols.parts();
    let mut write_section = |bytes: Vec<u8>| -> std::io::Result<()> {
        writer.write_all(&encoded(&(bytes.len() as u64))?)?;
        writer.write_all(&bytes)
    };
    write_section(encoded(&(text, ends))?)?;
    for chunk in files.chunks(FILES_PER_SECTION) {
        write_section(encoded(&chunk)?)?;
    }
    writer.flush()?;
    drop(writer);
    temporary.as_file().sync_data()?;
    temporary.persist(path).map_err(|err| err.error)?;
    Ok(())
}

fn encoded<T: serde::Serialize + ?Sized>(value: &T) -> std::io::Result<Vec<u8>> {
    postcard::to_stdvec(value).map_err(std::io::Error::other)
}
