//! The file graph: an edge from a referencing file to a defining file for the
//! identifiers they share. Built from tags only, so it is rebuilt after a scan and
//! reused for every request; request-dependent boosts are applied while ranking.
//!
//! Hand-written flat edge lists rather than petgraph, for a measured reason: the
//! ranking reads only the edges into each node, and keeping just those (the by-source
//! lists derived on demand) took the warm Linux graph stage from 0.19 to 0.14–0.15 s
//! and its peak memory from ~500 to ~455 MiB, and lets the graph be stored and loaded
//! as a few flat arrays (see `snapshot`; BENCHMARKS.md, "Warm map on the Linux tree").

use std::sync::{LazyLock, OnceLock};

use rayon::prelude::*;

use super::language;
use super::record::{FileRecord, FileStatus};
use super::symbol_lists::SymbolLists;
use super::symbols::Symbols;
use super::tags::TagKind;

/// Identifiers defined in more files than this carry no signal (`init`, `run`,
/// `get` …) and would add definers × referencers edges: they are left out.
pub const MAX_DEFINERS: usize = 40;

/// Names defined in more files than this are damped.
const COMMON_DEFINERS: usize = 5;

/// Multiplier on the edges into and out of vendored and generated files (the
/// same damping as a `_private` name).
pub const DAMPED_WEIGHT: f64 = 0.1;

/// The graph and the per-identifier indexes ranking needs.
pub struct FileGraph {
    /// Node → the record index of its file.
    pub records: Vec<u32>,
    /// The edges grouped by source node, as (target, weight), targets
    /// ascending: derived from `incoming` on first need (only a chat file's
    /// own edges are ever asked for).
    outgoing: OnceLock<EdgeLists>,
    /// Symbol → nodes that define it, ascending (no duplicates; impl blocks do
    /// not count).
    pub definers: SymbolLists<u32>,
    /// Symbol → (node, reference count) for every file that references it.
    pub referencers: SymbolLists<(u32, u32)>,
    /// Symbol → request-independent edge multiplier (0 when left out).
    pub name_weight: Vec<f32>,
    /// Node → language family; edges join only files of one family.
    pub family: Vec<u8>,
    /// Node → folder id (files of one folder share it).
    pub(super) folder: Vec<u32>,
    /// Node → vendored or generated (damped in the ranking).
    pub(super) damped: Vec<bool>,
    /// Symbol → starts with a lower-case letter (package-private in Go); empty
    /// when no Go file is mapped.
    lower_initial: Vec<bool>,
    /// The same edges grouped by target, as (source, weight), sources
    /// ascending, for ranking.
    pub incoming: EdgeLists,
}

/// Edges grouped by one end node, as (other end, weight): the power iteration
/// pulls each node's rank from a contiguous run instead of scattering over all
/// edges, and a graph is two flat arrays to store and load.
#[derive(Debug, Default)]
pub struct EdgeLists {
    /// Node `v`'s edges are `edges[starts[v]..starts[v + 1]]`.
    starts: Vec<u32>,
    edges: Vec<(u32, f32)>,
}

impl EdgeLists {
    /// Groups `(source, target, weight)` edges of a graph of `node_count` nodes
    /// by target, keeping their order within each group.
    pub fn new(
        node_count: usize,
        edges: impl Iterator<Item = (u32, u32, f32)> + Clone,
    ) -> EdgeLists {
        let mut starts = vec![0u32; node_count + 1];
        for (_, target, _) in edges.clone() {
            starts[target as usize + 1] += 1;
        }
        for index in 1..starts.len() {
            starts[index] += starts[index - 1];
        }
        let mut next = starts.clone();
        let mut grouped = vec![(0u32, 0f32); starts[node_count] as usize];
        for (source, target, weight) in edges {
            let slot = &mut next[target as usize];
            grouped[*slot as usize] = (source, weight);
            *slot += 1;
        }
        EdgeLists {
            starts,
            edges: grouped,
        }
    }

    /// Lists from their stored parts (see [`EdgeLists::parts`]); `None` unless
    /// they describe `node_count` nodes' lists of edges to nodes below `node_count`.
    pub fn from_parts(
        node_count: usize,
        starts: Vec<u32>,
        edges: Vec<(u32, f32)>,
    ) -> Option<EdgeLists> {
        let well_formed = starts.len() == node_count + 1
            && starts.first() == Some(&0)
            && starts.last().map(|&end| end as usize) == Some(edges.len())
            && starts.windows(2).all(|pair| pair[0] <= pair[1])
            && edges.iter().all(|&(node, _)| (node as usize) < node_count);
        well_formed.then_some(EdgeLists { starts, edges })
    }

    /// Where each node's list starts, and the edges back to back.
    pub fn parts(&self) -> (&[u32], &[(u32, f32)]) {
        (&self.starts, &self.edges)
    }

    /// The edges of `node`, as (other end, weight).
    pub fn of(&self, node: usize) -> &[(u32, f32)] {
        match (self.starts.get(node), self.starts.get(node + 1)) {
            (Some(&start), Some(&end)) => &self.edges[start as usize..end as usize],
            _ => &[],
        }
    }

    /// The same edges grouped by their other end.
    pub fn reversed(&self, node_count: usize) -> EdgeLists {
        EdgeLists::new(node_count, self.all())
    }

    /// Every edge as (node, other end, weight), in list order.
    pub fn all(&self) -> impl Iterator<Item = (u32, u32, f32)> + Clone + '_ {
        self.starts
            .windows(2)
            .enumerate()
            .flat_map(move |(node, range)| {
                self.edges[range[0] as usize..range[1] as usize]
                    .iter()
                    .map(move |&(other, weight)| (node as u32, other, weight))
            })
    }
}

/// Family of files without a grammar (they have no tags, so no edges anyway).
const NO_FAMILY: u8 = u8::MAX;

impl FileGraph {
    /// Builds the graph over the mapped records among `order` (record indices,
    /// sorted by path: node `n` is the `n`-th mapped one). Vendored and generated
    /// files are damped unless `map_vendored`.
    pub fn build(
        records: &[FileRecord],
        order: &[u32],
        symbols: &Symbols,
        map_vendored: bool,
    ) -> FileGraph {
        let mut nodes: Vec<u32> = Vec::new();
        let mut family = Vec::new();
        let mut folder = Vec::new();
        let mut damped = Vec::new();
        let mut mapped_records: Vec<(&FileRecord, u32)> = Vec::new();
        let mut folder_ids: std::collections::HashMap<&str, u32> = std::collections::HashMap::new();
        for &index in order {
            let record = &records[index as usize];
            if record.status.is_mapped() {
                mapped_records.push((record, nodes.len() as u32));
                nodes.push(index);
                let parent = record.path.rsplit_once('/').map_or("", |(dir, _)| dir);
                let next_id = folder_ids.len() as u32;
                folder.push(*folder_ids.entry(parent).or_insert(next_id));
                family.push(match record.status {
                    FileStatus::Parsed(id) => language::family(usize::from(id)),
                    _ => NO_FAMILY,
                });
                damped.push(!map_vendored && record.origin.is_damped());
            }
        }
        let mapped = || mapped_records.iter().copied();
        let (definers, referencers) = rayon::join(
            || {
                let mut definers = SymbolLists::build(symbols.len(), || {
                    mapped().flat_map(|(record, node)| {
                        record
                            .definitions
                            .iter()
                            .filter(|definition| definition.kind != TagKind::Impl)
                            .map(move |definition| (definition.name, node))
                    })
                });
                // A file defining a name twice is one definer.
                definers.dedup_sorted();
                // The project's own definition of a name is the one its uses
                // mean: a vendored copy beside it gets no edges.
                definers.retain(|list, &node| {
                    !damped[node as usize] || list.iter().all(|&other| damped[other as usize])
                });
                definers
            },
            || {
                SymbolLists::build(symbols.len(), || {
                    mapped().flat_map(|(record, node)| {
                        record
                            .references
                            .iter()
                            .map(move |&(symbol, count)| (symbol, (node, count)))
                    })
                })
            },
        );
        let name_weight = name_weights(symbols, &definers, &damped);
        let lower_initial = lower_initials(symbols, &family);
        let mut file_graph = FileGraph::from_parts(
            nodes,
            EdgeLists::default(),
            definers,
            referencers,
            name_weight,
            family,
            folder,
            damped,
            lower_initial,
        );
        file_graph.add_edges(&mapped_records);
        file_graph
    }

    /// A graph from its parts (built, or restored from a snapshot).
    #[allow(clippy::too_many_arguments)]
    pub fn from_parts(
        records: Vec<u32>,
        incoming: EdgeLists,
        definers: SymbolLists<u32>,
        referencers: SymbolLists<(u32, u32)>,
        name_weight: Vec<f32>,
        family: Vec<u8>,
        folder: Vec<u32>,
        damped: Vec<bool>,
        lower_initial: Vec<bool>,
    ) -> FileGraph {
        FileGraph {
            records,
            outgoing: OnceLock::new(),
            definers,
            referencers,
            name_weight,
            family,
            folder,
            damped,
            lower_initial,
            incoming,
        }
    }

    /// Symbol → starts with a lower-case letter; empty when no Go file is mapped.
    pub fn lower_initial(&self) -> &[bool] {
        &self.lower_initial
    }

    /// Adds an edge from each mapped file to every file it links to, weighted by
    /// the identifiers they share; files are linked on every core.
    fn add_edges(&mut self, mapped_records: &[(&FileRecord, u32)]) {
        let node_count = self.node_count();
        let out_edges: Vec<Vec<(u32, f32)>> = mapped_records
            .par_iter()
            .with_min_len(256)
            .map_init(
                || vec![0.0f64; node_count],
                |row, &(record, node)| self.file_links(node, record, row),
            )
            .collect();
        // Nodes are numbered in `mapped_records` order, so the rows are the
        // by-source lists as they are.
        let mut starts = Vec::with_capacity(node_count + 1);
        starts.push(0u32);
        let mut edges = Vec::with_capacity(out_edges.iter().map(Vec::len).sum());
        for row in out_edges {
            edges.extend(row);
            starts.push(edges.len() as u32);
        }
        let outgoing = EdgeLists { starts, edges };
        self.incoming = outgoing.reversed(node_count);
        self.outgoing = OnceLock::from(outgoing);
    }

    /// The edges grouped by source node, as (target, weight), targets ascending.
    pub fn outgoing(&self) -> &EdgeLists {
        self.outgoing
            .get_or_init(|| self.incoming.reversed(self.node_count()))
    }

    /// One referencing file's summed weight towards every file it links to,
    /// merged in `row`, a dense scratch row (no hashing) left zeroed again.
    fn file_links(
        &self,
        referencing: u32,
        record: &FileRecord,
        row: &mut [f64],
    ) -> Vec<(u32, f32)> {
        let mut touched: Vec<u32> = Vec::new();
        let source_factor = self.source_factor(referencing);
        for &(symbol, count) in &record.references {
            let weight = source_factor
                * f64::from(
                    self.name_weight
                        .get(symbol as usize)
                        .copied()
                        .unwrap_or(0.0),
                );
            if weight == 0.0 {
                continue;
            }
            let edge_weight = weight * f64::from(count).sqrt();
            for &definer in self.definers.get(symbol) {
                if self.links(referencing, definer, symbol) {
                    if row[definer as usize] == 0.0 {
                        touched.push(definer);
                    }
                    row[definer as usize] += edge_weight;
                }
            }
        }
        touched.sort_unstable();
        touched
            .into_iter()
            .map(|definer| {
                // f32 is plenty for weights and halves the largest allocation.
                let weight = std::mem::take(&mut row[definer as usize]) as f32;
                (definer, weight)
            })
            .collect()
    }

    /// Whether a reference to `symbol` in `from` can link to its definition in `to`:
    /// different files of one language family; in Go, a lower-case name is
    /// private to its package (folder).
    pub fn links(&self, from: u32, to: u32, symbol: u32) -> bool {
        let (Some(from_family), Some(to_family)) =
            (self.family.get(from as usize), self.family.get(to as usize))
        else {
            return false;
        };
        if from == to || from_family != to_family {
            return false;
        }
        let private = *from_family == language::family(language::GO)
            && self
                .lower_initial
                .get(symbol as usize)
                .copied()
                .unwrap_or(false);
        !private || self.folder.get(from as usize) == self.folder.get(to as usize)
    }

    /// The multiplier on every edge out of `node`: damped for vendored and
    /// generated files.
    pub fn source_factor(&self, node: u32) -> f64 {
        if self.is_damped(node) {
            DAMPED_WEIGHT
        } else {
            1.0
        }
    }

    /// Whether a node's file is vendored or generated (and damped).
    pub fn is_damped(&self, node: u32) -> bool {
        self.damped.get(node as usize).copied().unwrap_or(false)
    }

    /// Whether `node` counts as a definer of `symbol` (a vendored copy beside
    /// the project's own definition does not).
    pub fn defines(&self, node: u32, symbol: u32) -> bool {
        self.definers.get(symbol).binary_search(&node).is_ok()
    }

    /// Whether two nodes' files are in one folder.
    pub fn same_folder(&self, a: u32, b: u32) -> bool {
        self.folder.get(a as usize) == self.folder.get(b as usize)
    }

    /// The record index of a node.
    pub fn record_of(&self, node: u32) -> usize {
        self.records.get(node as usize).copied().unwrap_or(0) as usize
    }

    /// Number of nodes (mapped files).
    pub fn node_count(&self) -> usize {
        self.records.len()
    }
}

/// Symbol → starts with a lower-case letter; only Go needs to know (its
/// lower-case names are package-private), so empty when no Go file is mapped.
fn lower_initials(symbols: &Symbols, family: &[u8]) -> Vec<bool> {
    if !family.contains(&language::family(language::GO)) {
        return Vec::new();
    }
    symbols
        .names()
        .map(|name| name.starts_with(|c: char| c.is_ascii_lowercase()))
        .collect()
}

/// Each name's request-independent edge multiplier. Only names some file defines
/// can weigh anything, and most names of a large tree are only used.
fn name_weights(symbols: &Symbols, definers: &SymbolLists<u32>, damped: &[bool]) -> Vec<f32> {
    let mut name_weight = vec![0.0f32; symbols.len()];
    name_weight
        .par_iter_mut()
        .enumerate()
        .with_min_len(1 << 14)
        .for_each(|(symbol, weight)| {
            let list = definers.get(symbol as u32);
            if !list.is_empty() {
                let mut value = identifier_weight(symbols.name(symbol as u32), list.len());
                // Only vendored files define it (project definers would have
                // displaced them).
                if damped.get(list[0] as usize).copied().unwrap_or(false) {
                    value *= DAMPED_WEIGHT;
                }
                *weight = value as f32;
            }
        });
    name_weight
}

/// Builtins and ubiquitous standard-library names of the mapped languages: a use
/// of `len`, `append` or `error` is almost never a use of the one project file
/// that happens to define something of that name.
const COMMON_NAMES: &[&str] = &[
    // Go
    "error",
    "string",
    "int",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "byte",
    "rune",
    "bool",
    "float32",
    "float64",
    "len",
    "cap",
    "append",
    "make",
    "new",
    "panic",
    "recover",
    "copy",
    "delete",
    "close",
    "print",
    "println",
    "any",
    "nil",
    // Python
    "str",
    "float",
    "dict",
    "list",
    "set",
    "tuple",
    "object",
    "type",
    "super",
    "isinstance",
    "getattr",
    "setattr",
    "hasattr",
    "range",
    "enumerate",
    "zip",
    "map",
    "filter",
    "sorted",
    "min",
    "max",
    "sum",
    "all",
    "open",
    "repr",
    "format",
    "extend",
    "insert",
    "pop",
    "remove",
    "get",
    "items",
    "keys",
    "values",
    "update",
    "join",
    "split",
    "strip",
    "startswith",
    "endswith",
    "replace",
    "lower",
    "upper",
    "encode",
    "decode",
    "add",
    "self",
    "cls",
    "property",
    "staticmethod",
    "classmethod",
    // JavaScript / TypeScript
    "push",
    "shift",
    "slice",
    "splice",
    "reduce",
    "forEach",
    "find",
    "includes",
    "indexOf",
    "length",
    "toString",
    "then",
    "catch",
    "log",
    "warn",
    "resolve",
    "reject",
    "require",
    "console",
    "Promise",
    "Object",
    "Array",
    "String",
    "Number",
    "Boolean",
    "Error",
    "Map",
    "Set",
    "JSON",
    "Math",
    "Date",
    "parse",
    "stringify",
    // Rust
    "default",
    "clone",
    "into",
    "from",
    "to_string",
    "to_owned",
    "unwrap",
    "expect",
    "ok",
    "iter",
    "collect",
    "is_empty",
    "as_ref",
    "as_str",
    "println",
    "vec",
    "Some",
    "None",
    "Ok",
    "Err",
    "Box",
    "Vec",
    "Option",
    "Result",
    "Self",
    "fmt",
    "eq",
    "cmp",
    "hash",
    // C / C++ / Java / C# / Ruby / PHP
    "printf",
    "malloc",
    "free",
    "memcpy",
    "memset",
    "strlen",
    "size_t",
    "uint8_t",
    "uint16_t",
    "uint32_t",
    "uint64_t",
    "int8_t",
    "int16_t",
    "int32_t",
    "int64_t",
    "NULL",
    "std",
    "vector",
    "equals",
    "hashCode",
    "size",
    "Integer",
    "Override",
    "puts",
    "each",
    "count",
    "isset",
    "array",
];

static COMMON: LazyLock<hashbrown::HashSet<&'static str>> =
    LazyLock::new(|| COMMON_NAMES.iter().copied().collect());

/// How much an identifier's shared use says about two files being related.
pub fn identifier_weight(name: &str, definer_count: usize) -> f64 {
    if definer_count == 0 || definer_count > MAX_DEFINERS || COMMON.contains(name) {
        return 0.0;
    }
    let mut weight = 1.0;
    if is_distinctive(name) {
        weight *= 10.0;
    }
    if name.starts_with('_') {
        weight *= 0.1;
    }
    if definer_count > COMMON_DEFINERS {
        weight *= 0.1;
    }
    weight
}

/// Long names in snake, kebab or camel case are specific enough to link files.
pub fn is_distinctive(name: &str) -> bool {
    // Eight characters take at least eight bytes: most names stop here.
    if name.len() < 8 || name.chars().count() < 8 {
        return false;
    }
    let has_separator = name.contains('_') || name.contains('-');
    let bytes = name.as_bytes();
    let camel = bytes
        .windows(2)
        .any(|pair| pair[0].is_ascii_lowercase() && pair[1].is_ascii_uppercase());
    has_separator || camel
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distinctive_names() {
        assert!(is_distinctive("parse_config"));
        assert!(is_distinctive("parseConfig"));
        assert!(is_distinctive("ParseConfigFile"));
        assert!(!is_distinctive("parse"));
        assert!(!is_distinctive("configuration"));
    }

    #[test]
    fn weights() {
        assert_eq!(identifier_weight("x", 0), 0.0);
        assert_eq!(identifier_weight("run", MAX_DEFINERS + 1), 0.0);
        assert_eq!(identifier_weight("append", 1), 0.0);
        assert!(identifier_weight("load_settings", 1) > identifier_weight("load", 1));
        assert!(identifier_weight("_helper", 1) < identifier_weight("helper", 1));
        assert!(identifier_weight("helper", 10) < identifier_weight("helper", 1));
    }
}
