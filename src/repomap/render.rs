//! Rendering the ranked list into map text, and fitting it to the token budget by
//! binary search over how many entries to show.
//!
//! Entries are chosen best first, and the chosen files are printed in order of
//! file rank. Each file section starts with `path:` at column 0, then its shown definition
//! lines prefixed with `│`, with `⋮` where code is left out. A definition's
//! enclosing definitions (a method's class) are shown with it for context.

use std::collections::{BTreeSet, HashMap};

use super::graph::FileGraph;
use super::map_records::MapRecords;
use super::rank::Entry;
use super::source_lines::SourceLines;
use crate::tokens;

/// Map lines are cut to this many characters.
pub const MAX_LINE_CHARS: usize = 100;

/// Renders the first `count` entries, files in order of `file_rank`.
pub fn render(
    graph: &FileGraph,
    records: MapRecords,
    entries: &[Entry],
    file_rank: &[f64],
    count: usize,
    sources: &SourceLines,
) -> String {
    let mut order: Vec<u32> = Vec::new();
    let mut shown: HashMap<u32, BTreeSet<u32>> = HashMap::new();
    for entry in entries.iter().take(count) {
        let lines = shown.entry(entry.node).or_insert_with(|| {
            order.push(entry.node);
            BTreeSet::new()
        });
        if let Some(definition) = entry.definition {
            lines.insert(definition);
        }
    }
    // Stable sort: equal ranks keep the order their best entry came in.
    order.sort_by(|a, b| file_rank[*b as usize].total_cmp(&file_rank[*a as usize]));
    let mut text = String::new();
    for node in order {
        let record = records.get(graph.record_of(node));
        let definitions = records.definitions(graph.record_of(node));
        let chosen = &shown[&node];
        if chosen.is_empty() {
            text.push_str(&record.path);
            text.push('\n');
            continue;
        }
        text.push_str(&record.path);
        text.push_str(":\n");
        let mut lines: BTreeSet<u32> = BTreeSet::new();
        for &index in chosen {
            let Some(definition) = definitions.get(index as usize) else {
                continue;
            };
            lines.insert(definition.line);
            // Enclosing scopes: definitions whose span covers this one.
            for outer in definitions {
                if outer.line < definition.line && definition.line <= outer.end_line {
                    lines.insert(outer.line);
                }
            }
        }
        let mut previous: Option<u32> = None;
        for line in &lines {
            let gap = match previous {
                None => *line > 0,
                Some(previous) => *line > previous + 1,
            };
            if gap {
                text.push_str("⋮\n");
            }
            text.push('│');
            sources.push_line(&mut text, record, definitions, *line);
            text.push('\n');
            previous = Some(*line);
        }
        if previous.is_some_and(|last| last + 1 < record.line_count) {
            text.push_str("⋮\n");
        }
    }
    text
}

/// The largest prefix of `entries` whose rendering fits `max_tokens`, rendered,
/// with its exact token count and the number of entries used.
pub fn fit(
    graph: &FileGraph,
    records: MapRecords,
    entries: &[Entry],
    file_rank: &[f64],
    max_tokens: usize,
    sources: &SourceLines,
) -> (String, usize, usize) {
    if max_tokens == 0 || entries.is_empty() {
        return (String::new(), 0, 0);
    }
    // Every entry costs at least a token, so more entries than tokens never fit.
    let mut low = 0usize;
    let mut high = entries.len().min(max_tokens);
    // Search with the sampling estimate (fast), then confirm with an exact count.
    while low < high {
        let middle = (low + high).div_ceil(2);
        let text = render(graph, records, entries, file_rank, middle, sources);
        if tokens::estimate_tokens(&text) <= max_tokens {
            low = middle;
        } else {
            high = middle - 1;
        }
    }
    let mut count = low;
    let mut text = render(graph, records, entries, file_rank, count, sources);
    let mut exact = tokens::count_tokens(&text);
    // The estimate can be off either way: settle with exact counts, searching
    // below the estimate's answer when over budget, above it when well under.
    let (mut low, mut high) = if exact > max_tokens {
        (0, count.saturating_sub(1))
    } else if (exact as f64) < max_tokens as f64 * 0.9 && count < entries.len().min(max_tokens) {
        (count, entries.len().min(max_tokens))
    } else {
        return (text, exact, count);
    };
    if exact > max_tokens {
        count = 0;
        text = String::new();
        exact = 0;
    }
    while low < high {
        let middle = (low + high).div_ceil(2);
        let candidate = render(graph, records, entries, file_rank, middle, sources);
        let candidate_tokens = tokens::count_tokens(&candidate);
        if candidate_tokens <= max_tokens {
            low = middle;
            (count, text, exact) = (middle, candidate, candidate_tokens);
        } else {
            high = middle - 1;
        }
    }
    (text, exact, count)
}
