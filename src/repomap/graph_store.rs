//! The file graph kept on disk beside the per-repository index
//! (`repomap-graph.bin` in the state folder), so a warm start of an unchanged
//! tree loads the graph in one read instead of rebuilding it from every tag.
//!
//! The graph is a function of the mapped files (path, content, status, damping)
//! and of how the map numbered their identifiers, which a warm start takes
//! from the store segments it adopted, in order. A [`key`] of all of that heads
//! the file; a file of another key, format or length, or whose checksum or
//! offsets do not hold, is a miss and the graph is rebuilt.
//!
//! ```text
//! header: magic, key, checksum of the body, node count, symbol count, the
//!         counts of definers, referencers, edges and long definer and
//!         referencer lists (ten little-endian u64)
//! body:   definers (nodes), referencers ((node, count)), name weights
//!         (f32), folders, incoming edges (starts, (source, f32 weight)), the
//!         lengths of long lists (u32, all little-endian); then one byte per
//!         symbol of definer and of referencer list length, and per node its
//!         family and damped flag
//! ```

use std::sync::Mutex;

use crate::safe_fs::StateDir;

use super::graph::{EdgeLists, FileGraph};
use super::record::{FileRecord, FileStatus};
use super::symbol_lists::SymbolLists;
use super::symbols::Symbols;

/// The graph's file name in the state folder.
pub const GRAPH_FILE_NAME: &str = "repomap-graph.bin";

/// Identifies the file format (bumped when the layout changes).
const MAGIC: u64 = 0x6169_6465_7274_6733; // "aidertg3"
const HEADER_WORDS: usize = 10;

/// A fingerprint of everything the graph is built from: the query version,
/// whether vendored files are damped, the segments the identifiers were
/// numbered from (in adoption order), the number of identifiers, and each node's
/// path, content hash, status and damping.
pub fn key(
    query_fingerprint: u64,
    map_vendored: bool,
    segments: &[String],
    symbols: &Symbols,
    records: &[FileRecord],
    order: &[u32],
) -> u64 {
    let mut hash = Fnv::default();
    hash.feed(&MAGIC.to_le_bytes());
    hash.feed(&query_fingerprint.to_le_bytes());
    hash.feed(&[u8::from(map_vendored)]);
    for segment in segments {
        hash.feed(segment.as_bytes());
        hash.feed(&[0]);
    }
    hash.feed(&(symbols.len() as u64).to_le_bytes());
    for &index in order {
        let Some(record) = records.get(index as usize) else {
            continue;
        };
        hash.feed(record.path.as_bytes());
        hash.feed(&[0]);
        hash.feed(&record.hash);
        let status = match record.status {
            FileStatus::Parsed(language) => [0, language],
            FileStatus::NoGrammar => [1, 0],
            FileStatus::Binary => [2, 0],
            FileStatus::Minified => [3, 0],
            FileStatus::Unreadable => [4, 0],
        };
        hash.feed(&status);
        hash.feed(&[u8::from(!map_vendored && record.origin.is_damped())]);
    }
    hash.0
}

/// Writes `graph` under `key`, replacing any graph kept before.
pub fn save(state: &StateDir, key: u64, graph: &FileGraph) -> std::io::Result<()> {
    let bytes = encode(key, graph);
    // The state folder's temporary name is per process: maps of one process
    // take turns.
    static WRITING: Mutex<()> = Mutex::new(());
    let _turn = WRITING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    state.write_atomic(GRAPH_FILE_NAME, &bytes)
}

/// The graph kept under `key` for the nodes `order` (record indices, in node
/// order) over `symbols`; `None` when there is none or it does not fit.
pub fn load(state: &StateDir, key: u64, order: &[u32], symbols: &Symbols) -> Option<FileGraph> {
    let bytes = state.read(GRAPH_FILE_NAME).ok()??;
    decode(&bytes, key, order, symbols)
}

fn encode(key: u64, graph: &FileGraph) -> Vec<u8> {
    let weighs = |symbol: usize| graph.name_weight.get(symbol).is_some_and(|&w| w != 0.0);
    let (definer_lengths, definer_overflow, definers) = lists(&graph.definers, |_| true);
    // Ranking reads a name's referencers only when the name weighs something.
    let (referencer_lengths, referencer_overflow, referencers) = lists(&graph.referencers, weighs);
    let (edge_starts, edges) = graph.incoming.parts();
    let mut body = Vec::new();
    put_words(&mut body, definers.iter().copied());
    put_words(
        &mut body,
        referencers.iter().flat_map(|&(node, count)| [node, count]),
    );
    put_words(
        &mut body,
        graph.name_weight.iter().map(|weight| weight.to_bits()),
    );
    put_words(&mut body, graph.folder.iter().copied());
    put_words(&mut body, edge_starts.iter().copied());
    put_words(
        &mut body,
        edges
            .iter()
            .flat_map(|&(target, weight)| [target, weight.to_bits()]),
    );
    put_words(&mut body, definer_overflow.iter().copied());
    put_words(&mut body, referencer_overflow.iter().copied());
    body.extend_from_slice(&definer_lengths);
    body.extend_from_slice(&referencer_lengths);
    body.extend_from_slice(&graph.family);
    body.extend(graph.damped.iter().map(|&damped| u8::from(damped)));
    let header = [
        MAGIC,
        key,
        checksum(&body),
        graph.node_count() as u64,
        graph.name_weight.len() as u64,
        definers.len() as u64,
        referencers.len() as u64,
        edges.len() as u64,
        definer_overflow.len() as u64,
        referencer_overflow.len() as u64,
    ];
    let mut bytes = Vec::with_capacity(HEADER_WORDS * 8 + body.len());
    for word in header {
        bytes.extend_from_slice(&word.to_le_bytes());
    }
    bytes.extend_from_slice(&body);
    bytes
}

/// Per-symbol lists as one byte of length each (most are empty or short;
/// [`LONG_LIST`] says the length is the next one in `overflow`), and the
/// values of the lists `wanted` back to back (the others are written empty).
fn lists<T: Copy + Default>(
    lists: &SymbolLists<T>,
    wanted: impl Fn(usize) -> bool,
) -> (Vec<u8>, Vec<u32>, Vec<T>) {
    let (starts, _) = lists.parts();
    let symbol_count = starts.len().saturating_sub(1);
    let mut lengths = Vec::with_capacity(symbol_count);
    let mut overflow = Vec::new();
    let mut values = Vec::new();
    for symbol in 0..symbol_count {
        let list = if wanted(symbol) {
            lists.get(symbol as u32)
        } else {
            &[]
        };
        match u8::try_from(list.len()) {
            Ok(length) if length < LONG_LIST => lengths.push(length),
            _ => {
                lengths.push(LONG_LIST);
                overflow.push(list.len() as u32);
            }
        }
        values.extend_from_slice(list);
    }
    (lengths, overflow, values)
}

/// A list length byte meaning "the length is in the overflow section".
const LONG_LIST: u8 = u8::MAX;

/// List starts from the lengths [`lists`] wrote; `None` when an overflow
/// length is missing or left over, or the total does not fit in a `u32`.
fn starts_of(lengths: &[u8], overflow: &[u32]) -> Option<Vec<u32>> {
    let mut starts = Vec::with_capacity(lengths.len() + 1);
    let mut overflow = overflow.iter();
    let mut end = 0u32;
    starts.push(0);
    for &length in lengths {
        let length = if length == LONG_LIST {
            *overflow.next()?
        } else {
            u32::from(length)
        };
        end = end.checked_add(length)?;
        starts.push(end);
    }
    overflow.next().is_none().then_some(starts)
}

fn decode(bytes: &[u8], key: u64, order: &[u32], symbols: &Symbols) -> Option<FileGraph> {
    let word = |index: usize| -> Option<u64> {
        let slice = bytes.get(index * 8..index * 8 + 8)?;
        Some(u64::from_le_bytes(slice.try_into().ok()?))
    };
    let size = |index: usize| usize::try_from(word(index)?).ok();
    if word(0)? != MAGIC || word(1)? != key {
        return None;
    }
    let (nodes, symbol_count) = (size(3)?, size(4)?);
    let (definer_count, referencer_count, edge_count) = (size(5)?, size(6)?, size(7)?);
    let (definer_overflow, referencer_overflow) = (size(8)?, size(9)?);
    if nodes != order.len() || symbol_count != symbols.len() {
        return None;
    }
    // Section sizes in bytes, in file order.
    let sections = [
        definer_count.checked_mul(4)?,
        referencer_count.checked_mul(8)?,
        symbol_count.checked_mul(4)?,
        nodes.checked_mul(4)?,
        (nodes + 1).checked_mul(4)?,
        edge_count.checked_mul(8)?,
        definer_overflow.checked_mul(4)?,
        referencer_overflow.checked_mul(4)?,
        symbol_count,
        symbol_count,
        nodes,
        nodes,
    ];
    let body = bytes.get(HEADER_WORDS * 8..)?;
    let total = sections
        .iter()
        .try_fold(0usize, |total, &section| total.checked_add(section))?;
    if body.len() != total || checksum(body) != word(2)? {
        return None;
    }
    let mut parts = Vec::with_capacity(sections.len());
    let mut rest = body;
    for section in sections {
        let (part, after) = rest.split_at(section);
        parts.push(part);
        rest = after;
    }
    let [
        definers,
        referencers,
        name_weight,
        folder,
        edge_starts,
        edges,
        definer_overflow,
        referencer_overflow,
        definer_lengths,
        referencer_lengths,
        family,
        damped,
    ] = parts[..]
    else {
        return None;
    };
    let in_range = |node: u32| (node as usize) < nodes;
    // The sections decode on every core.
    let ((definers, referencers), (incoming, (name_weight, folder))) = rayon::join(
        || {
            rayon::join(
                || {
                    let values = u32s(definers);
                    let starts = starts_of(definer_lengths, &u32s(definer_overflow))?;
                    values.iter().copied().all(in_range).then_some(())?;
                    SymbolLists::from_parts(symbol_count, starts, values)
                },
                || {
                    let values = pairs(referencers, |node, count| (node, count));
                    let starts = starts_of(referencer_lengths, &u32s(referencer_overflow))?;
                    values
                        .iter()
                        .all(|&(node, _)| in_range(node))
                        .then_some(())?;
                    SymbolLists::from_parts(symbol_count, starts, values)
                },
            )
        },
        || {
            rayon::join(
                || {
                    let edges = pairs(edges, |source, weight| (source, f32::from_bits(weight)));
                    EdgeLists::from_parts(nodes, u32s(edge_starts), edges)
                },
                || {
                    let weights: Vec<f32> =
                        u32s(name_weight).into_iter().map(f32::from_bits).collect();
                    (weights, u32s(folder))
                },
            )
        },
    );
    Some(FileGraph::from_parts(
        order.to_vec(),
        incoming?,
        definers?,
        referencers?,
        name_weight,
        family.to_vec(),
        folder,
        damped.iter().map(|&flag| flag != 0).collect(),
        symbols,
    ))
}

fn put_words(bytes: &mut Vec<u8>, words: impl Iterator<Item = u32>) {
    for word in words {
        bytes.extend_from_slice(&word.to_le_bytes());
    }
}

/// Little-endian `u32`s (a length not a multiple of 4 was refused before).
fn u32s(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|chunk| u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]))
        .collect()
}

/// Pairs of little-endian `u32`s, each made into a `T`.
fn pairs<T>(bytes: &[u8], make: impl Fn(u32, u32) -> T) -> Vec<T> {
    bytes
        .chunks_exact(8)
        .map(|chunk| {
            make(
                u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]),
                u32::from_le_bytes([chunk[4], chunk[5], chunk[6], chunk[7]]),
            )
        })
        .collect()
}

/// FNV-1a: stable across builds and platforms, unlike std's hasher.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn feed(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// A checksum of a large body that catches damage (not tampering): four
/// independent lanes of multiply-rotate over 8-byte words, so it runs at
/// memory speed where byte-wise FNV would take a tenth of a second per 100 MB.
fn checksum(bytes: &[u8]) -> u64 {
    const PRIME: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut lanes = [1u64, 2, 3, 4];
    let mut blocks = bytes.chunks_exact(32);
    for block in &mut blocks {
        for (lane, word) in lanes.iter_mut().zip(block.chunks_exact(8)) {
            let mut value = [0u8; 8];
            value.copy_from_slice(word);
            *lane = (*lane ^ u64::from_le_bytes(value))
                .wrapping_mul(PRIME)
                .rotate_left(29);
        }
    }
    let mut tail = Fnv::default();
    tail.feed(blocks.remainder());
    tail.feed(&(bytes.len() as u64).to_le_bytes());
    lanes.iter().fold(tail.0, |hash, &lane| {
        (hash ^ lane).wrapping_mul(PRIME).rotate_left(31)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repomap::record::DefinitionRecord;
    use crate::repomap::tags::TagKind;

    /// Three files of one language: `a` defines `load_settings` and `x`, `b`
    /// and `c` use them.
    fn small_graph() -> (Vec<FileRecord>, Vec<u32>, Symbols, FileGraph) {
        let mut symbols = Symbols::default();
        let load = symbols.intern("load_settings");
        let x = symbols.intern("x");
        let unused = symbols.intern("never_defined");
        let record = |path: &str, definitions: Vec<u32>, references: Vec<(u32, u32)>| FileRecord {
            path: path.to_string(),
            mtime_ns: 1,
            size: 1,
            hash: [path.len() as u8; 20],
            origin: Default::default(),
            status: FileStatus::Parsed(0),
            line_count: 10,
            generated_marker: false,
            definitions: definitions
                .into_iter()
                .map(|name| DefinitionRecord {
                    name,
                    kind: TagKind::Function,
                    line: 1,
                    end_line: 2,
                })
                .collect(),
            references,
        };
        let records = vec![
            record("a.py", vec![load, x], vec![]),
            record("b.py", vec![], vec![(load, 3), (unused, 1)]),
            record("c.py", vec![], vec![(x, 1), (load, 1)]),
        ];
        let order = vec![0, 1, 2];
        let graph = FileGraph::build(&records, &order, &symbols, false);
        (records, order, symbols, graph)
    }

    #[test]
    fn a_kept_graph_loads_as_built_and_damage_is_a_miss() {
        let (_, order, symbols, graph) = small_graph();
        let bytes = encode(7, &graph);
        let loaded = decode(&bytes, 7, &order, &symbols).unwrap();
        assert_eq!(loaded.incoming.parts(), graph.incoming.parts());
        assert_eq!(loaded.outgoing().parts(), graph.outgoing().parts());
        assert_eq!(loaded.definers.parts(), graph.definers.parts());
        assert_eq!(loaded.name_weight, graph.name_weight);
        assert!(!graph.incoming.parts().1.is_empty());
        // Referencers are kept for the names that weigh something only.
        for symbol in 0..symbols.len() as u32 {
            if graph.name_weight[symbol as usize] != 0.0 {
                assert_eq!(
                    loaded.referencers.get(symbol),
                    graph.referencers.get(symbol)
                );
            } else {
                assert!(loaded.referencers.get(symbol).is_empty());
            }
        }
        assert!(!graph.referencers.get(2).is_empty());

        assert!(decode(&bytes, 8, &order, &symbols).is_none(), "another key");
        assert!(
            decode(&bytes, 7, &order[..2], &symbols).is_none(),
            "other nodes"
        );
        assert!(decode(&bytes[..bytes.len() - 1], 7, &order, &symbols).is_none());
        for position in [HEADER_WORDS * 8, bytes.len() / 2, bytes.len() - 1] {
            let mut damaged = bytes.clone();
            damaged[position] ^= 0x40;
            assert!(
                decode(&damaged, 7, &order, &symbols).is_none(),
                "byte {position}"
            );
        }
    }

    #[test]
    fn the_key_follows_contents_and_options() {
        let (mut records, order, symbols, _) = small_graph();
        let segments = vec!["one.seg".to_string()];
        let base = key(1, false, &segments, &symbols, &records, &order);
        assert_eq!(key(1, false, &segments, &symbols, &records, &order), base);
        assert_ne!(key(2, false, &segments, &symbols, &records, &order), base);
        assert_ne!(key(1, true, &segments, &symbols, &records, &order), base);
        assert_ne!(key(1, false, &[], &symbols, &records, &order), base);
        assert_ne!(
            key(1, false, &segments, &symbols, &records, &order[..2]),
            base
        );
        records[1].hash[0] ^= 1;
        assert_ne!(key(1, false, &segments, &symbols, &records, &order), base);
    }

    #[test]
    fn long_lists_round_trip_through_the_overflow() {
        let lengths = [0u8, 3, LONG_LIST, 1, LONG_LIST];
        assert_eq!(
            starts_of(&lengths, &[300, 70_000]),
            Some(vec![0, 0, 3, 303, 304, 70_304])
        );
        assert_eq!(starts_of(&lengths, &[300]), None);
        assert_eq!(starts_of(&lengths, &[300, 1, 2]), None);
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
        assert_eq!(checksum(&bytes), whole);
    }
}
