//! The file graph: an edge from a referencing file to a defining file for the
//! identifiers they share. Built from tags only, so it is rebuilt after a scan and
//! reused for every request; request-dependent boosts are applied while ranking.

use petgraph::graph::{DiGraph, NodeIndex};

use super::language;
use super::record::{FileRecord, FileStatus};
use super::symbols::Symbols;
use super::tags::TagKind;

/// Identifiers defined in more files than this carry no signal (`init`, `run`,
/// `get` …) and would add definers × referencers edges: they are left out.
pub const MAX_DEFINERS: usize = 40;

/// Names defined in more files than this are damped.
const COMMON_DEFINERS: usize = 5;

/// The graph and the per-identifier indexes ranking needs.
pub struct FileGraph {
    /// Node weight: the record index of the file.
    pub graph: DiGraph<u32, f64>,
    /// Record index → node (None for files left out of the map).
    pub node_of_record: Vec<Option<NodeIndex>>,
    /// Symbol → nodes that define it (no duplicates; impl blocks do not count).
    pub definers: Vec<Vec<u32>>,
    /// Symbol → (node, reference count) for every file that references it.
    pub referencers: Vec<Vec<(u32, u32)>>,
    /// Symbol → request-independent edge multiplier (0 when left out).
    pub name_weight: Vec<f64>,
    /// Node → language family; edges join only files of one family.
    pub family: Vec<u8>,
}

/// Family of files without a grammar (they have no tags, so no edges anyway).
const NO_FAMILY: u8 = u8::MAX;

impl FileGraph {
    /// Builds the graph over the mapped records.
    pub fn build(records: &[FileRecord], symbols: &Symbols) -> FileGraph {
        let mut graph = DiGraph::<u32, f64>::new();
        let mut node_of_record = vec![None; records.len()];
        let mut family = Vec::new();
        for (index, record) in records.iter().enumerate() {
            if record.status.is_mapped() {
                node_of_record[index] = Some(graph.add_node(index as u32));
                family.push(match record.status {
                    FileStatus::Parsed(id) => language::family(usize::from(id)),
                    _ => NO_FAMILY,
                });
            }
        }
        let mut definers: Vec<Vec<u32>> = vec![Vec::new(); symbols.len()];
        let mut referencers: Vec<Vec<(u32, u32)>> = vec![Vec::new(); symbols.len()];
        for (index, record) in records.iter().enumerate() {
            let Some(node) = node_of_record[index] else {
                continue;
            };
            let node = node.index() as u32;
            for definition in &record.definitions {
                if definition.kind == TagKind::Impl {
                    continue;
                }
                if let Some(list) = definers.get_mut(definition.name as usize)
                    && list.last() != Some(&node)
                {
                    list.push(node);
                }
            }
            for &(symbol, count) in &record.references {
                if let Some(list) = referencers.get_mut(symbol as usize) {
                    list.push((node, count));
                }
            }
        }
        for list in &mut definers {
            list.sort_unstable();
            list.dedup();
        }
        let name_weight: Vec<f64> = (0..symbols.len())
            .map(|symbol| identifier_weight(symbols.name(symbol as u32), definers[symbol].len()))
            .collect();

        // Merge per referencing file into a dense scratch row (no hashing): for
        // each file, the summed weight towards every file it links to.
        let node_count = graph.node_count();
        let mut row = vec![0.0f64; node_count];
        let mut touched: Vec<u32> = Vec::new();
        let mut edges: Vec<(u32, u32, f64)> = Vec::new();
        for (index, record) in records.iter().enumerate() {
            let Some(node) = node_of_record[index] else {
                continue;
            };
            let referencing = node.index() as u32;
            for &(symbol, count) in &record.references {
                let weight = name_weight.get(symbol as usize).copied().unwrap_or(0.0);
                if weight == 0.0 {
                    continue;
                }
                let edge_weight = weight * f64::from(count).sqrt();
                for &definer in &definers[symbol as usize] {
                    if definer != referencing
                        && family[definer as usize] == family[referencing as usize]
                    {
                        if row[definer as usize] == 0.0 {
                            touched.push(definer);
                        }
                        row[definer as usize] += edge_weight;
                    }
                }
            }
            touched.sort_unstable();
            for definer in touched.drain(..) {
                edges.push((referencing, definer, row[definer as usize]));
                row[definer as usize] = 0.0;
            }
        }
        graph.reserve_edges(edges.len());
        for (from, to, weight) in edges {
            graph.add_edge(
                NodeIndex::new(from as usize),
                NodeIndex::new(to as usize),
                weight,
            );
        }
        FileGraph {
            graph,
            node_of_record,
            definers,
            referencers,
            name_weight,
            family,
        }
    }

    /// Whether a reference in `from` can link to a definition in `to`.
    pub fn links(&self, from: u32, to: u32) -> bool {
        from != to && self.family.get(from as usize) == self.family.get(to as usize)
    }

    /// The record index of a node.
    pub fn record_of(&self, node: u32) -> usize {
        self.graph
            .node_weight(NodeIndex::new(node as usize))
            .copied()
            .unwrap_or(0) as usize
    }

    /// Number of nodes (mapped files).
    pub fn node_count(&self) -> usize {
        self.graph.node_count()
    }
}

/// How much an identifier's shared use says about two files being related.
pub fn identifier_weight(name: &str, definer_count: usize) -> f64 {
    if definer_count == 0 || definer_count > MAX_DEFINERS {
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
    if name.chars().count() < 8 {
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
        assert!(identifier_weight("load_settings", 1) > identifier_weight("load", 1));
        assert!(identifier_weight("_helper", 1) < identifier_weight("helper", 1));
        assert!(identifier_weight("helper", 10) < identifier_weight("helper", 1));
    }
}
