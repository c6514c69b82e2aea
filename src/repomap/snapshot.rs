//! The whole map of an unchanged tree kept on disk (`repomap-snapshot.bin` in
//! the state folder): a new process whose listing is the one the map was built
//! from restores its records, graph and identifiers from one file instead of
//! taking every file's tags from the store and rebuilding the graph.
//!
//! The key is a fingerprint of what the map is a function of: the query version,
//! the options that change it, and every listed file's path, content hash and
//! linguist attributes, in path order. It can be computed from a listing alone,
//! before any tag is read.
//!
//! The file is a table of sections, each with its byte length and SHA-256,
//! signed with this user's secret (`safe_fs::user_secret`: an HMAC-SHA256 of the
//! table), then the sections back to back in native byte order (only
//! little-endian machines keep a snapshot). The folder it is kept in may be the
//! repository's, and a repository can commit one: a snapshot is trusted only when
//! its table's MAC holds under this user's secret and every section matches its
//! SHA-256, all checked at restore, so one made or altered by anyone else is a
//! miss and the map is rebuilt.
//!
//! Sections are read straight into typed buffers. A ranking needs neither the
//! identifiers' names (unless it has mentions to look up or reasons to explain)
//! nor the references (already in the graph), and only the definitions of the
//! files it visits, so those are read on first need through the handle opened at
//! restore time (a file replaced since is still the one opened, whose every
//! section was checked then): a section read later is checked against its SHA-256
//! again, and a file's definitions carry their own checksum (damage since the
//! restore reads as none).
//!
//! ```text
//! header:   magic, key, section count (u64 each), then per section its byte
//!           length (u64) and SHA-256 (32 bytes), then the HMAC-SHA256 of all
//!           that under the user's secret (32 bytes)
//! sections: files [definitions end, references end, line count, status,
//!           checksum of its definitions] (u32 × 5),
//!           definitions [name, line, span << 8 | kind] (u32 × 3),
//!           graph: definer starts, definers, referencer starts, referencers
//!           [node, count], name weights, folders, families (u8), damped (u8),
//!           edge starts, incoming edges [source, weight], lower-case initials (u8),
//!           names: text (u8), ends (u32), references [symbol, count] (u32 × 2),
//!           the tag store segments the tags came from (names, one per line),
//!           the lexical index: terms text (u8), term ends (u32), posting starts
//!           (u32), postings [node, uses] (u32 × 2), document lengths (u32)
//! ```
//!
//! The lexical index is read (and its sections checked) when a request first
//! has words to score; one that does not hold is built again from the records.

use std::io::Read;
use std::sync::Mutex;

use bytemuck::Pod;
use rayon::prelude::*;
use sha2::{Digest, Sha256};

use crate::git::LinguistAttributes;
use crate::safe_fs::{StateDir, USER_SECRET_BYTES};

use super::fnv::Fnv;
use super::graph::{EdgeLists, FileGraph};
use super::lexical::LexicalIndex;
use super::record::{DefinitionRecord, FileRecord, FileStatus, StoredRecord};
use super::symbol_lists::SymbolLists;
use super::symbols::Symbols;
use super::tags::TagKind;

/// The snapshot's file name in the state folder.
pub const SNAPSHOT_FILE_NAME: &str = "repomap-snapshot.bin";
/// What earlier builds kept (the graph alone); removed when a snapshot is saved.
const OLD_GRAPH_FILE_NAME: &str = "repomap-graph.bin";

/// Identifies the file format (bumped when the layout changes).
const MAGIC: u64 = 0x6169_6465_7274_7338; // "aiderts8"

/// The sections, in file order.
#[derive(Clone, Copy)]
enum Section {
    Files,
    Definitions,
    DefinerStarts,
    Definers,
    ReferencerStarts,
    Referencers,
    NameWeights,
    Folders,
    Families,
    Damped,
    EdgeStarts,
    Edges,
    LowerInitials,
    NameText,
    NameEnds,
    References,
    Segments,
    TermText,
    TermEnds,
    PostingStarts,
    Postings,
    DocumentLengths,
}
const SECTIONS: usize = 22;
/// A SHA-256 (of a section, or the table's HMAC).
const DIGEST: usize = 32;
/// Where the table's MAC starts: everything before it is signed.
const SIGNED_BYTES: usize = 8 * 3 + (8 + DIGEST) * SECTIONS;
const HEADER_BYTES: u64 = (SIGNED_BYTES + DIGEST) as u64;

/// The user's secret that snapshots are signed with.
pub type Secret = [u8; USER_SECRET_BYTES];

/// A definition's span (end line minus line) must fit beside its kind.
const MAX_SPAN: u32 = (1 << 24) - 1;

/// The fingerprint of a listing a snapshot can be restored for. `files` are
/// (path, content hash, linguist attributes) of every listed file the map
/// takes, in path order.
pub fn key<'a>(
    query_fingerprint: u64,
    map_vendored: bool,
    max_file_bytes: u64,
    files: impl Iterator<Item = (&'a str, &'a [u8; 20], LinguistAttributes)>,
) -> u64 {
    let mut hash = Fnv::default();
    hash.feed(&MAGIC.to_le_bytes());
    hash.feed(&query_fingerprint.to_le_bytes());
    hash.feed(&[u8::from(map_vendored)]);
    hash.feed(&max_file_bytes.to_le_bytes());
    let flag = |value: Option<bool>| match value {
        None => 0u8,
        Some(false) => 1,
        Some(true) => 2,
    };
    for (path, content, linguist) in files {
        hash.feed(path.as_bytes());
        hash.feed(&[0]);
        hash.feed(content);
        hash.feed(&[flag(linguist.vendored), flag(linguist.generated)]);
    }
    hash.0
}

/// Keeps the map of `records` (every record of the listing keyed `key`, in path
/// order, none unreadable) with its identifiers and graph and the names of the
/// store `segments` its tags are in, replacing any snapshot kept before.
#[allow(clippy::too_many_arguments)]
pub fn save(
    state: &StateDir,
    secret: &Secret,
    key: u64,
    records: &[&FileRecord],
    symbols: &Symbols,
    graph: &FileGraph,
    lexical: &LexicalIndex,
    segments: &[String],
) -> std::io::Result<()> {
    if !cfg!(target_endian = "little") {
        return Ok(());
    }
    // The state folder's temporary name is per process: maps of one process
    // take turns.
    static WRITING: Mutex<()> = Mutex::new(());
    let _turn = WRITING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    state.write_atomic_with(SNAPSHOT_FILE_NAME, |out| {
        encode(secret, key, records, symbols, graph, lexical, segments, out)
    })?;
    let _ = state.remove(OLD_GRAPH_FILE_NAME);
    Ok(())
}

/// A map restored from a snapshot: the content part of each record (no
/// definitions or references yet) in the listing's order, and the graph over
/// them.
pub struct Restored {
    pub records: Vec<StoredRecord>,
    pub graph: FileGraph,
    /// Definitions and references over all records (for the scan's statistics).
    pub definition_count: usize,
    pub reference_count: usize,
    /// Where the names and references are read from on first need.
    pub rest: SnapshotFile,
    /// The tag store segments the tags came from.
    pub segments: Vec<String>,
}

/// The snapshot kept under `key` for a listing of `file_count` files; `None`
/// when there is none, it is of another key or format, was not signed with
/// `secret`, or anything in it does not hold together.
pub fn load(state: &StateDir, secret: &Secret, key: u64, file_count: usize) -> Option<Restored> {
    if !cfg!(target_endian = "little") {
        return None;
    }
    let file = state.open_read(SNAPSHOT_FILE_NAME).ok()??;
    let rest = SnapshotFile::open(file, secret, key)?;
    if rest.files.len() != file_count {
        return None;
    }
    let records = stored_records(&rest.files)?;
    let nodes: Vec<u32> = (0..records.len() as u32)
        .filter(|&index| records[index as usize].status.is_mapped())
        .collect();
    // What is read later is checked now, through a small buffer: a snapshot
    // that is damaged, or not as this user wrote it, is a miss, never a map
    // with a part left out or changed.
    let (graph, later_whole) = rayon::join(
        || read_graph(&rest, nodes, rest.symbol_count),
        || {
            [
                Section::Definitions,
                Section::NameText,
                Section::NameEnds,
                Section::References,
            ]
            .par_iter()
            .all(|&section| rest.holds(section))
        },
    );
    let graph = graph.filter(|_| later_whole)?;
    let (definition_count, reference_count) = rest
        .files
        .last()
        .map_or((0, 0), |file| (file[0] as usize, file[1] as usize));
    let segments = String::from_utf8(rest.read(Section::Segments)?).ok()?;
    let segments = segments.lines().map(str::to_string).collect();
    let lengths_hold = rest.length(Section::References) == reference_count * 8
        && rest.length(Section::Definitions) == definition_count * 12;
    lengths_hold.then_some(Restored {
        records,
        graph,
        definition_count,
        reference_count,
        rest,
        segments,
    })
}

/// A restored map's definitions, read from its snapshot a file at a time on
/// first need.
pub struct StoredDefinitions {
    rest: std::sync::Arc<SnapshotFile>,
    lists: Vec<std::sync::OnceLock<Vec<DefinitionRecord>>>,
}

impl StoredDefinitions {
    pub fn new(rest: std::sync::Arc<SnapshotFile>) -> StoredDefinitions {
        let lists = (0..rest.files.len())
            .map(|_| std::sync::OnceLock::new())
            .collect();
        StoredDefinitions { rest, lists }
    }

    /// The definitions of record `index` (none if they cannot be read whole).
    pub fn of(&self, index: usize) -> &[DefinitionRecord] {
        self.lists.get(index).map_or(&[], |list| {
            list.get_or_init(|| self.rest.definitions_of(index).unwrap_or_default())
        })
    }
}

/// The open snapshot file and its section table.
pub struct SnapshotFile {
    file: std::fs::File,
    /// Per section: offset in the file, byte length, SHA-256.
    table: [(u64, u64, [u8; DIGEST]); SECTIONS],
    /// The files section, checked: where each file's definitions and
    /// references end.
    files: Vec<[u32; 5]>,
    symbol_count: usize,
}

impl SnapshotFile {
    fn open(mut file: std::fs::File, secret: &Secret, key: u64) -> Option<SnapshotFile> {
        let mut header = [0u8; HEADER_BYTES as usize];
        file.read_exact(&mut header).ok()?;
        let (signed, mac) = header.split_at(SIGNED_BYTES);
        if !same_digest(&hmac_sha256(secret, signed), mac) {
            return None;
        }
        let word = |at: usize| -> u64 {
            let mut bytes = [0u8; 8];
            bytes.copy_from_slice(&signed[at..at + 8]);
            u64::from_le_bytes(bytes)
        };
        if word(0) != MAGIC || word(8) != key || word(16) != SECTIONS as u64 {
            return None;
        }
        let mut table = [(0u64, 0u64, [0u8; DIGEST]); SECTIONS];
        let mut offset = HEADER_BYTES;
        for (index, entry) in table.iter_mut().enumerate() {
            let at = 24 + (8 + DIGEST) * index;
            let length = word(at);
            let mut digest = [0u8; DIGEST];
            digest.copy_from_slice(&signed[at + 8..at + 8 + DIGEST]);
            *entry = (offset, length, digest);
            offset = offset.checked_add(length)?;
        }
        if file.metadata().ok()?.len() != offset {
            return None;
        }
        let mut snapshot = SnapshotFile {
            file,
            table,
            files: Vec::new(),
            symbol_count: 0,
        };
        snapshot.symbol_count = snapshot.length(Section::NameEnds) / 4;
        let files: Vec<[u32; 5]> = snapshot.read(Section::Files)?;
        let ends_ascend = files
            .windows(2)
            .all(|pair| pair[0][0] <= pair[1][0] && pair[0][1] <= pair[1][1]);
        ends_ascend.then_some(())?;
        snapshot.files = files;
        Some(snapshot)
    }

    fn length(&self, section: Section) -> usize {
        self.table[section as usize].1 as usize
    }

    /// A section as values of `T`; `None` when it cannot be read whole, its
    /// length is not a multiple of `T` or its SHA-256 does not hold.
    fn read<T: Pod>(&self, section: Section) -> Option<Vec<T>> {
        let (offset, length, digest) = self.table[section as usize];
        let size = std::mem::size_of::<T>() as u64;
        if length % size != 0 {
            return None;
        }
        let mut values = vec![T::zeroed(); usize::try_from(length / size).ok()?];
        let bytes: &mut [u8] = bytemuck::cast_slice_mut(&mut values);
        read_at(&self.file, bytes, offset).ok()?;
        same_digest(&Sha256::digest(bytes), &digest).then_some(values)
    }

    /// Whether a section reads whole and matches its SHA-256, without keeping
    /// it.
    fn holds(&self, section: Section) -> bool {
        let (offset, length, digest) = self.table[section as usize];
        let mut buffer = vec![0u8; 1 << 18];
        let mut summed = Sha256::new();
        let mut done = 0u64;
        while done < length {
            let part = (length - done).min(buffer.len() as u64) as usize;
            if read_at(&self.file, &mut buffer[..part], offset + done).is_err() {
                return false;
            }
            summed.update(&buffer[..part]);
            done += part as u64;
        }
        same_digest(&summed.finalize(), &digest)
    }

    /// The identifiers' names.
    pub fn names(&self) -> Option<Symbols> {
        let text = String::from_utf8(self.read::<u8>(Section::NameText)?).ok()?;
        Symbols::from_parts(text, self.read::<u32>(Section::NameEnds)?)
    }

    /// The lexical index over `node_count` nodes; `None` when a section does not
    /// read whole or match its SHA-256, or the parts do not hold together.
    pub fn lexical(&self, node_count: usize) -> Option<LexicalIndex> {
        let text = String::from_utf8(self.read::<u8>(Section::TermText)?).ok()?;
        LexicalIndex::from_parts(
            node_count,
            text,
            self.read(Section::TermEnds)?,
            self.read(Section::PostingStarts)?,
            self.read(Section::Postings)?,
            self.read(Section::DocumentLengths)?,
        )
    }

    /// Every record's references, in record order.
    pub fn references(&self) -> Option<Vec<Vec<(u32, u32)>>> {
        let references: Vec<[u32; 2]> = self.read(Section::References)?;
        let mut start = 0usize;
        let mut lists = Vec::with_capacity(self.files.len());
        for file in &self.files {
            let end = file[1] as usize;
            let list = references.get(start..end)?;
            lists.push(
                list.iter()
                    .map(|&[symbol, count]| (symbol, count))
                    .collect(),
            );
            start = end;
        }
        Some(lists)
    }

    /// Every record's definitions, in record order.
    pub fn definitions(&self) -> Option<Vec<Vec<DefinitionRecord>>> {
        let definitions: Vec<[u32; 3]> = self.read(Section::Definitions)?;
        (0..self.files.len())
            .into_par_iter()
            .with_min_len(1024)
            .map(|index| {
                let (start, end) = self.definition_range(index);
                decode_definitions(definitions.get(start..end)?, self.symbol_count)
            })
            .collect()
    }

    /// The definitions of record `index`, read alone and checked against its
    /// own checksum.
    fn definitions_of(&self, index: usize) -> Option<Vec<DefinitionRecord>> {
        let (start, end) = self.definition_range(index);
        let mut values = vec![[0u32; 3]; end - start];
        let bytes: &mut [u8] = bytemuck::cast_slice_mut(&mut values);
        let (section_offset, ..) = self.table[Section::Definitions as usize];
        read_at(&self.file, bytes, section_offset + start as u64 * 12).ok()?;
        (checksum(bytes) as u32 == self.files.get(index)?[4]).then_some(())?;
        decode_definitions(&values, self.symbol_count)
    }

    /// Where record `index`'s definitions are in the definitions section.
    fn definition_range(&self, index: usize) -> (usize, usize) {
        let end = self.files.get(index).map_or(0, |file| file[0] as usize);
        let start = index
            .checked_sub(1)
            .and_then(|before| self.files.get(before))
            .map_or(0, |file| file[0] as usize);
        (start, end.max(start))
    }
}

/// Fills `bytes` from `file` at `offset`; sections are read from several
/// threads at once.
#[cfg(unix)]
fn read_at(file: &std::fs::File, bytes: &mut [u8], offset: u64) -> std::io::Result<()> {
    std::os::unix::fs::FileExt::read_exact_at(file, bytes, offset)
}

#[cfg(not(unix))]
fn read_at(file: &std::fs::File, bytes: &mut [u8], offset: u64) -> std::io::Result<()> {
    use std::io::{Seek, SeekFrom};
    static READING: Mutex<()> = Mutex::new(());
    let _turn = READING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let mut file = file;
    file.seek(SeekFrom::Start(offset))?;
    file.read_exact(bytes)
}

#[allow(clippy::too_many_arguments)]
fn encode(
    secret: &Secret,
    key: u64,
    records: &[&FileRecord],
    symbols: &Symbols,
    graph: &FileGraph,
    lexical: &LexicalIndex,
    segments: &[String],
    out: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let mut files: Vec<[u32; 5]> = Vec::with_capacity(records.len());
    let mut definitions: Vec<[u32; 3]> = Vec::new();
    let mut references: Vec<[u32; 2]> = Vec::new();
    for record in records {
        let first = definitions.len();
        for definition in &record.definitions {
            let span = definition.end_line.saturating_sub(definition.line);
            if span > MAX_SPAN {
                return Err(std::io::Error::other("a definition spans too many lines"));
            }
            definitions.push([
                definition.name,
                definition.line,
                span << 8 | definition.kind as u32,
            ]);
        }
        references.extend(
            record
                .references
                .iter()
                .map(|&(symbol, count)| [symbol, count]),
        );
        let (kind, language) = match record.status {
            FileStatus::Parsed(language) => (0u32, u32::from(language)),
            FileStatus::NoGrammar => (1, 0),
            FileStatus::Binary => (2, 0),
            FileStatus::Minified => (3, 0),
            FileStatus::Unreadable => {
                return Err(std::io::Error::other("an unreadable file is not kept"));
            }
        };
        let own: &[u8] = bytemuck::cast_slice(&definitions[first..]);
        files.push([
            u32::try_from(definitions.len()).map_err(std::io::Error::other)?,
            u32::try_from(references.len()).map_err(std::io::Error::other)?,
            record.line_count,
            kind | language << 8 | u32::from(record.generated_marker) << 16,
            checksum(own) as u32,
        ]);
    }
    // Ranking reads a name's referencers only when the name weighs something.
    let weighs = |symbol: usize| graph.name_weight.get(symbol).is_some_and(|&w| w != 0.0);
    let (definer_starts, definers) = lists(&graph.definers, |_| true);
    let (referencer_starts, referencers) = lists(&graph.referencers, weighs);
    let referencers: Vec<[u32; 2]> = referencers
        .iter()
        .map(|&(node, count)| [node, count])
        .collect();
    let (edge_starts, edges) = graph.incoming.parts();
    let edges: Vec<[u32; 2]> = edges
        .iter()
        .map(|&(source, weight)| [source, weight.to_bits()])
        .collect();
    let weights: Vec<u32> = graph.name_weight.iter().map(|w| w.to_bits()).collect();
    let damped: Vec<u8> = graph.damped.iter().map(|&flag| u8::from(flag)).collect();
    let lower: Vec<u8> = graph.lower_initial().iter().map(|&l| u8::from(l)).collect();
    let (text, ends) = symbols.parts();
    let segments = segments.join("\n");
    let (term_text, term_ends, posting_starts, postings, lengths) = lexical.parts();
    let sections: [&[u8]; SECTIONS] = [
        bytemuck::cast_slice(&files),
        bytemuck::cast_slice(&definitions),
        bytemuck::cast_slice(&definer_starts),
        bytemuck::cast_slice(&definers),
        bytemuck::cast_slice(&referencer_starts),
        bytemuck::cast_slice(&referencers),
        bytemuck::cast_slice(&weights),
        bytemuck::cast_slice(&graph.folder),
        &graph.family,
        &damped,
        bytemuck::cast_slice(edge_starts),
        bytemuck::cast_slice(&edges),
        &lower,
        text.as_bytes(),
        bytemuck::cast_slice(ends),
        bytemuck::cast_slice(&references),
        segments.as_bytes(),
        term_text.as_bytes(),
        bytemuck::cast_slice(term_ends),
        bytemuck::cast_slice(posting_starts),
        bytemuck::cast_slice(postings),
        bytemuck::cast_slice(lengths),
    ];
    let digests: Vec<[u8; DIGEST]> = sections
        .par_iter()
        .map(|section| Sha256::digest(section).into())
        .collect();
    let mut header = Vec::with_capacity(HEADER_BYTES as usize);
    for word in [MAGIC, key, SECTIONS as u64] {
        header.extend_from_slice(&word.to_le_bytes());
    }
    for (section, digest) in sections.iter().zip(digests) {
        header.extend_from_slice(&(section.len() as u64).to_le_bytes());
        header.extend_from_slice(&digest);
    }
    let mac = hmac_sha256(secret, &header);
    header.extend_from_slice(&mac);
    out.write_all(&header)?;
    for section in sections {
        out.write_all(section)?;
    }
    Ok(())
}

/// Per-symbol lists as their starts and values, the lists not `wanted` left
/// empty.
fn lists<T: Copy + Default>(
    lists: &SymbolLists<T>,
    wanted: impl Fn(usize) -> bool,
) -> (Vec<u32>, Vec<T>) {
    let (starts, _) = lists.parts();
    let symbol_count = starts.len().saturating_sub(1);
    let mut kept_starts = Vec::with_capacity(starts.len());
    let mut values = Vec::new();
    kept_starts.push(0u32);
    for symbol in 0..symbol_count {
        if wanted(symbol) {
            values.extend_from_slice(lists.get(symbol as u32));
        }
        kept_starts.push(values.len() as u32);
    }
    (kept_starts, values)
}

/// The records' content part from the files section (definitions and
/// references are read later); `None` when a status does not hold.
fn stored_records(files: &[[u32; 5]]) -> Option<Vec<StoredRecord>> {
    files
        .iter()
        .map(|&[_, _, line_count, word, _]| {
            let language = u8::try_from(word >> 8 & 0xff).ok()?;
            let status = match word & 0xff {
                0 => FileStatus::Parsed(language),
                1 => FileStatus::NoGrammar,
                2 => FileStatus::Binary,
                3 => FileStatus::Minified,
                _ => return None,
            };
            Some(StoredRecord {
                status,
                line_count,
                generated_marker: word >> 16 & 1 == 1,
                definitions: Vec::new(),
                references: Vec::new(),
            })
        })
        .collect()
}

/// One file's stored definitions; `None` when a kind or identifier does not
/// hold.
fn decode_definitions(stored: &[[u32; 3]], symbol_count: usize) -> Option<Vec<DefinitionRecord>> {
    stored
        .iter()
        .map(|&[name, line, packed]| {
            let kind = *TagKind::ALL.get((packed & 0xff) as usize)?;
            ((name as usize) < symbol_count).then_some(DefinitionRecord {
                name,
                kind,
                line,
                end_line: line.checked_add(packed >> 8)?,
            })
        })
        .collect()
}

/// The graph over `nodes` (record indices of the mapped files, in order).
fn read_graph(rest: &SnapshotFile, nodes: Vec<u32>, symbol_count: usize) -> Option<FileGraph> {
    let node_count = nodes.len();
    let in_range = |node: u32| (node as usize) < node_count;
    let pairs = |section| -> Option<Vec<(u32, u32)>> {
        let values: Vec<[u32; 2]> = rest.read(section)?;
        Some(values.into_iter().map(|[a, b]| (a, b)).collect())
    };
    let flags = |section| -> Option<Vec<bool>> {
        Some(
            rest.read::<u8>(section)?
                .into_iter()
                .map(|flag| flag != 0)
                .collect(),
        )
    };
    // The large sections are read and checked on every core.
    let ((definers, referencers), (incoming, small)) = rayon::join(
        || {
            rayon::join(
                || {
                    let definers: Vec<u32> = rest.read(Section::Definers)?;
                    definers.iter().copied().all(in_range).then_some(())?;
                    let starts = rest.read(Section::DefinerStarts)?;
                    SymbolLists::from_parts(symbol_count, starts, definers)
                },
                || {
                    let referencers = pairs(Section::Referencers)?;
                    referencers
                        .iter()
                        .all(|&(node, _)| in_range(node))
                        .then_some(())?;
                    let starts = rest.read(Section::ReferencerStarts)?;
                    SymbolLists::from_parts(symbol_count, starts, referencers)
                },
            )
        },
        || {
            rayon::join(
                || {
                    let edges = pairs(Section::Edges)?
                        .into_iter()
                        .map(|(source, weight)| (source, f32::from_bits(weight)))
                        .collect();
                    EdgeLists::from_parts(node_count, rest.read(Section::EdgeStarts)?, edges)
                },
                || {
                    let name_weight: Vec<f32> = rest
                        .read::<u32>(Section::NameWeights)?
                        .into_iter()
                        .map(f32::from_bits)
                        .collect();
                    let folder: Vec<u32> = rest.read(Section::Folders)?;
                    let family: Vec<u8> = rest.read(Section::Families)?;
                    let damped = flags(Section::Damped)?;
                    let lower_initial = flags(Section::LowerInitials)?;
                    let sizes_hold = name_weight.len() == symbol_count
                        && folder.len() == node_count
                        && family.len() == node_count
                        && damped.len() == node_count
                        && (lower_initial.is_empty() || lower_initial.len() == symbol_count);
                    sizes_hold.then_some((name_weight, folder, family, damped, lower_initial))
                },
            )
        },
    );
    let (name_weight, folder, family, damped, lower_initial) = small?;
    Some(FileGraph::from_parts(
        nodes,
        incoming?,
        definers?,
        referencers?,
        name_weight,
        family,
        folder,
        damped,
        lower_initial,
    ))
}

/// HMAC-SHA256 (RFC 2104) of `message` under `secret` (shorter than SHA-256's
/// 64-byte block, so used as it is, padded with zeros).
pub(super) fn hmac_sha256(secret: &Secret, message: &[u8]) -> [u8; DIGEST] {
    let mut padded = [0u8; 64];
    padded[..secret.len()].copy_from_slice(secret);
    let keyed = |pad: u8| padded.map(|byte| byte ^ pad);
    let inner = Sha256::new()
        .chain_update(keyed(0x36))
        .chain_update(message)
        .finalize();
    Sha256::new()
        .chain_update(keyed(0x5c))
        .chain_update(inner)
        .finalize()
        .into()
}

/// Whether two digests are equal, in time that does not depend on where they
/// first differ.
pub(super) fn same_digest(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |differ, (x, y)| differ | (x ^ y)) == 0
}

/// A checksum of one file's definitions that catches damage (not tampering): four
/// independent lanes of multiply-rotate over 8-byte words, so it runs at
/// memory speed where byte-wise FNV would take a tenth of a second per 100 MB.
/// Fed in parts, it sums as the whole would (parts of any length).
#[derive(Default)]
struct Checksum {
    lanes: [u64; 4],
    /// Bytes of an unfinished 32-byte block.
    pending: Vec<u8>,
    length: u64,
}

const PRIME: u64 = 0x9e37_79b9_7f4a_7c15;

impl Checksum {
    fn feed(&mut self, mut bytes: &[u8]) {
        if self.length == 0 {
            self.lanes = [1, 2, 3, 4];
        }
        self.length += bytes.len() as u64;
        if !self.pending.is_empty() {
            let wanted = (32 - self.pending.len()).min(bytes.len());
            self.pending.extend_from_slice(&bytes[..wanted]);
            bytes = &bytes[wanted..];
            if self.pending.len() < 32 {
                return;
            }
            let block = std::mem::take(&mut self.pending);
            self.block(&block);
        }
        let mut blocks = bytes.chunks_exact(32);
        for block in &mut blocks {
            self.block(block);
        }
        self.pending.extend_from_slice(blocks.remainder());
    }

    fn block(&mut self, block: &[u8]) {
        for (lane, word) in self.lanes.iter_mut().zip(block.chunks_exact(8)) {
            let mut value = [0u8; 8];
            value.copy_from_slice(word);
            *lane = (*lane ^ u64::from_le_bytes(value))
                .wrapping_mul(PRIME)
                .rotate_left(29);
        }
    }

    fn finish(&self) -> u64 {
        let lanes = if self.length == 0 {
            [1, 2, 3, 4]
        } else {
            self.lanes
        };
        let mut tail = Fnv::default();
        tail.feed(&self.pending);
        tail.feed(&self.length.to_le_bytes());
        lanes.iter().fold(tail.0, |hash, &lane| {
            (hash ^ lane).wrapping_mul(PRIME).rotate_left(31)
        })
    }
}

fn checksum(bytes: &[u8]) -> u64 {
    let mut sum = Checksum::default();
    sum.feed(bytes);
    sum.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repomap::classify::Origin;

    const SECRET: Secret = [7u8; USER_SECRET_BYTES];

    /// Three files of one language and a binary one: `a` defines
    /// `load_settings` and `x`, `b` and `c` use them.
    fn small_map() -> (Vec<FileRecord>, Symbols, FileGraph) {
        let mut symbols = Symbols::default();
        let load = symbols.intern("load_settings");
        let x = symbols.intern("x");
        let unused = symbols.intern("never_defined");
        let record = |path: &str, definitions: Vec<u32>, references: Vec<(u32, u32)>| FileRecord {
            path: path.to_string(),
            mtime_ns: 1,
            size: 1,
            hash: [path.len() as u8; 20],
            origin: Origin::default(),
            status: FileStatus::Parsed(3),
            line_count: 10,
            generated_marker: path.starts_with('c'),
            definitions: definitions
                .into_iter()
                .map(|name| DefinitionRecord {
                    name,
                    kind: TagKind::Method,
                    line: 1,
                    end_line: 4,
                })
                .collect(),
            references,
        };
        let mut binary = record("d.bin", vec![], vec![]);
        binary.status = FileStatus::Binary;
        let records = vec![
            record("a.py", vec![load, x], vec![]),
            record("b.py", vec![], vec![(load, 3), (unused, 1)]),
            record("c.py", vec![], vec![(x, 1), (load, 1)]),
            binary,
        ];
        let graph = FileGraph::build(&records, &[0, 1, 2, 3], &symbols, false);
        (records, symbols, graph)
    }

    /// The lexical index of the small map's three mapped files.
    fn small_lexical(records: &[FileRecord], symbols: &Symbols) -> LexicalIndex {
        LexicalIndex::build(3, |node| super::super::lexical::Document {
            path: &records[node as usize].path,
            names: records[node as usize]
                .definitions
                .iter()
                .map(|definition| symbols.name(definition.name))
                .collect(),
        })
    }

    /// A state folder holding `bytes` as the snapshot.
    fn state_with(bytes: &[u8]) -> (tempfile::TempDir, StateDir) {
        let dir = tempfile::tempdir().unwrap();
        let state = StateDir::open(dir.path()).unwrap();
        state.write_atomic(SNAPSHOT_FILE_NAME, bytes).unwrap();
        (dir, state)
    }

    #[test]
    fn a_kept_map_restores_as_built_and_damage_is_a_miss() {
        let (records, symbols, graph) = small_map();
        let lexical = small_lexical(&records, &symbols);
        let all: Vec<&FileRecord> = records.iter().collect();
        let segments = vec!["one.seg".to_string(), "two.seg".to_string()];
        let mut bytes = Vec::new();
        encode(
            &SECRET, 7, &all, &symbols, &graph, &lexical, &segments, &mut bytes,
        )
        .unwrap();
        let (_dir, state) = state_with(&bytes);
        let restored = load(&state, &SECRET, 7, 4).unwrap();
        for (stored, record) in restored.records.iter().zip(&records) {
            assert_eq!(stored.status, record.status);
            assert_eq!(stored.generated_marker, record.generated_marker);
            assert!(stored.definitions.is_empty(), "read on first need");
            assert!(stored.references.is_empty(), "read on first need");
        }
        assert_eq!(restored.definition_count, 2);
        assert_eq!(restored.reference_count, 4);
        assert_eq!(restored.segments, segments);
        let restored_graph = &restored.graph;
        assert_eq!(restored_graph.records, [0, 1, 2]);
        assert_eq!(restored_graph.incoming.parts(), graph.incoming.parts());
        assert!(!graph.incoming.parts().1.is_empty());
        assert_eq!(restored_graph.definers.parts(), graph.definers.parts());
        assert_eq!(restored_graph.name_weight, graph.name_weight);
        // Referencers are kept for the names that weigh something only.
        for symbol in 0..symbols.len() as u32 {
            if graph.name_weight[symbol as usize] != 0.0 {
                assert_eq!(
                    restored_graph.referencers.get(symbol),
                    graph.referencers.get(symbol)
                );
            } else {
                assert!(restored_graph.referencers.get(symbol).is_empty());
            }
        }
        assert!(!graph.referencers.get(2).is_empty());
        let rest = std::sync::Arc::new(restored.rest);
        let lazily = StoredDefinitions::new(std::sync::Arc::clone(&rest));
        let whole = rest.definitions().unwrap();
        for (index, record) in records.iter().enumerate() {
            assert_eq!(lazily.of(index), record.definitions.as_slice());
            assert_eq!(whole[index], record.definitions);
        }
        let names = rest.names().unwrap();
        assert_eq!(names.parts(), symbols.parts());
        assert_eq!(rest.lexical(3).as_ref(), Some(&lexical));
        assert!(rest.lexical(2).is_none(), "another graph's nodes");
        let references = rest.references().unwrap();
        let expected: Vec<Vec<(u32, u32)>> = records.iter().map(|r| r.references.clone()).collect();
        assert_eq!(references, expected);

        assert!(load(&state, &SECRET, 8, 4).is_none(), "another key");
        assert!(load(&state, &SECRET, 7, 3).is_none(), "another listing");
        for cut in [bytes.len() - 1, HEADER_BYTES as usize, 10] {
            let (_dir, state) = state_with(&bytes[..cut]);
            assert!(load(&state, &SECRET, 7, 4).is_none(), "cut at {cut}");
        }
        for position in [HEADER_BYTES as usize, bytes.len() / 2, bytes.len() - 1] {
            let mut damaged = bytes.clone();
            damaged[position] ^= 0x40;
            let (_dir, state) = state_with(&damaged);
            let loaded = load(&state, &SECRET, 7, 4);
            // Names, references, definitions and the lexical index are checked
            // when they are read; one file's definitions alone by their own
            // checksum.
            let whole = loaded.is_some_and(|restored| {
                let rest = std::sync::Arc::new(restored.rest);
                let lazily = StoredDefinitions::new(std::sync::Arc::clone(&rest));
                rest.names().is_some()
                    && rest.references().is_some()
                    && rest.definitions().is_some()
                    && rest.lexical(3).is_some()
                    && lazily.of(0).len() == 2
            });
            assert!(!whole, "byte {position}");
        }
    }

    /// Where section `section`'s table entry (length, SHA-256) starts.
    fn table_entry(section: Section) -> usize {
        24 + (8 + DIGEST) * section as usize
    }

    #[test]
    fn a_snapshot_is_trusted_only_under_the_secret_it_was_signed_with() {
        let (records, symbols, graph) = small_map();
        let lexical = small_lexical(&records, &symbols);
        let all: Vec<&FileRecord> = records.iter().collect();
        let mut bytes = Vec::new();
        encode(
            &SECRET,
            7,
            &all,
            &symbols,
            &graph,
            &lexical,
            &[],
            &mut bytes,
        )
        .unwrap();
        let (_dir, state) = state_with(&bytes);
        assert!(load(&state, &SECRET, 7, 4).is_some());
        let mut other_user = SECRET;
        other_user[31] ^= 1;
        assert!(load(&state, &other_user, 7, 4).is_none(), "another user's");

        // A name changed and its section's SHA-256 fixed up (as a planted
        // snapshot would be): the table no longer matches its MAC.
        let text_at = |bytes: &[u8]| {
            let entry = table_entry(Section::NameText);
            let length = u64::from_le_bytes(bytes[entry..entry + 8].try_into().unwrap());
            let before: u64 = (0..Section::NameText as usize)
                .map(|index| {
                    let at = 24 + (8 + DIGEST) * index;
                    u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap())
                })
                .sum();
            let start = (HEADER_BYTES + before) as usize;
            start..start + length as usize
        };
        let mut renamed = bytes.clone();
        let range = text_at(&renamed);
        let text = std::str::from_utf8(&renamed[range.clone()]).unwrap();
        let at = range.start + text.find("load_settings").unwrap();
        renamed[at..at + 6].copy_from_slice(b"PWNEDX");
        let digest = Sha256::digest(&renamed[range]);
        let entry = table_entry(Section::NameText) + 8;
        renamed[entry..entry + DIGEST].copy_from_slice(&digest);
        let (_dir, state) = state_with(&renamed);
        assert!(load(&state, &SECRET, 7, 4).is_none(), "fixed-up digest");

        // Every definition moved to line 2, its file's checksum and the
        // section's SHA-256 fixed up: the same.
        let mut moved = bytes.clone();
        let definitions_at = (HEADER_BYTES
            + u64::from_le_bytes(
                moved[table_entry(Section::Files)..table_entry(Section::Files) + 8]
                    .try_into()
                    .unwrap(),
            )) as usize;
        let definitions: &mut [[u32; 3]] =
            bytemuck::cast_slice_mut(&mut moved[definitions_at..definitions_at + 2 * 12]);
        for definition in definitions.iter_mut() {
            definition[1] = 2;
        }
        let new_sum = checksum(&moved[definitions_at..definitions_at + 24]) as u32;
        let files_at = HEADER_BYTES as usize;
        moved[files_at + 16..files_at + 20].copy_from_slice(&new_sum.to_le_bytes());
        for section in [Section::Files, Section::Definitions] {
            let entry = table_entry(section);
            let length = u64::from_le_bytes(moved[entry..entry + 8].try_into().unwrap()) as usize;
            let start = if matches!(section, Section::Files) {
                files_at
            } else {
                definitions_at
            };
            let digest = Sha256::digest(&moved[start..start + length]);
            moved[entry + 8..entry + 8 + DIGEST].copy_from_slice(&digest);
        }
        let (_dir, state) = state_with(&moved);
        assert!(load(&state, &SECRET, 7, 4).is_none(), "moved definitions");
        // Signed again with the user's secret, the same change would be
        // restored: the MAC is what refuses it.
        let mac = hmac_sha256(&SECRET, &moved[..SIGNED_BYTES]);
        moved[SIGNED_BYTES..HEADER_BYTES as usize].copy_from_slice(&mac);
        let (_dir, state) = state_with(&moved);
        let restored = load(&state, &SECRET, 7, 4).unwrap();
        let lazily = StoredDefinitions::new(std::sync::Arc::new(restored.rest));
        assert!(lazily.of(0).iter().all(|definition| definition.line == 2));
    }

    #[test]
    fn hmac_sha256_agrees_with_another_implementation() {
        // Python's `hmac.new(bytes(range(32)), b"what do ya want for nothing?",
        // "sha256").hexdigest()`.
        const EXPECTED_HMAC: &str =
            "099805f4ac310786968565c098db515cc50862b420ae31e20238312344bed36a";
        let secret: Secret = std::array::from_fn(|index| index as u8);
        let mac = hmac_sha256(&secret, b"what do ya want for nothing?");
        let hex: String = mac.iter().map(|byte| format!("{byte:02x}")).collect();
        assert_eq!(hex, EXPECTED_HMAC);
    }

    #[test]
    fn the_key_follows_contents_attributes_and_options() {
        let hash = [1u8; 20];
        let other = [2u8; 20];
        let plain = LinguistAttributes::default();
        let vendored = LinguistAttributes {
            vendored: Some(true),
            generated: None,
        };
        let base = key(1, false, 10, [("a.py", &hash, plain)].into_iter());
        assert_eq!(
            key(1, false, 10, [("a.py", &hash, plain)].into_iter()),
            base
        );
        for changed in [
            key(2, false, 10, [("a.py", &hash, plain)].into_iter()),
            key(1, true, 10, [("a.py", &hash, plain)].into_iter()),
            key(1, false, 11, [("a.py", &hash, plain)].into_iter()),
            key(1, false, 10, [("b.py", &hash, plain)].into_iter()),
            key(1, false, 10, [("a.py", &other, plain)].into_iter()),
            key(1, false, 10, [("a.py", &hash, vendored)].into_iter()),
            key(1, false, 10, std::iter::empty()),
        ] {
            assert_ne!(changed, base);
        }
    }

    #[test]
    fn a_kind_is_stored_as_its_position() {
        for (position, kind) in TagKind::ALL.iter().enumerate() {
            assert_eq!(*kind as usize, position);
        }
    }

    #[test]
    fn checksum_sees_any_changed_byte_and_length() {
        let bytes: Vec<u8> = (0..100u32).map(|value| (value * 7) as u8).collect();
        let whole = checksum(&bytes);
        for position in [0, 31, 32, 63, 96, 99] {
            let mut changed = bytes.clone();
            changed[position] ^= 1;
            assert_ne!(checksum(&changed), whole, "byte {position}");
        }
        assert_ne!(checksum(&bytes[..99]), whole);
        // Fed in parts of any length, it sums as the whole.
        for part in [1, 5, 31, 32, 33, 64] {
            let mut sum = Checksum::default();
            for chunk in bytes.chunks(part) {
                sum.feed(chunk);
            }
            assert_eq!(sum.finish(), whole, "parts of {part}");
        }
    }
}
