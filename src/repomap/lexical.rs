//! Lexical relevance: which files a message's words are about. Each mapped file
//! is a document of the terms (see `words`) of its path and of the names it
//! defines; a message's terms score the files by BM25, path terms counting
//! more than definition terms. The index is built with the graph's nodes and
//! kept in the map's snapshot, so a warm map does not rebuild it.
//!
//! BM25 rather than plain term counts: a word used all over the tree (`src`,
//! `util`) says little, and a file defining five hundred names should not match
//! everything; both are what its inverse document frequency and length
//! normalisation are for.

use std::collections::HashMap;

use rayon::prelude::*;

use super::words::{self, QueryTerm};

/// BM25's term-frequency saturation and length normalisation (the usual values).
const K1: f64 = 1.2;
const B: f64 = 0.75;
/// A term in a file's path counts as this many uses in its definitions: the
/// path names what the whole file is about.
const PATH_WEIGHT: u32 = 3;
/// At most this many files are returned as relevant.
pub const MAX_RELEVANT: usize = 100;
/// Terms beyond this many of a message are not scored (the explanation's bit
/// sets hold 64).
const MAX_QUERY_TERMS: usize = 64;
/// Nodes whose terms are gathered on one core at a time while building (bounds
/// the memory the terms' strings take).
const BUILD_CHUNK: usize = 4096;

/// The index: terms in byte order, each with its postings.
#[derive(Debug, Default, PartialEq)]
pub struct LexicalIndex {
    /// The terms back to back, in byte order.
    text: String,
    /// End of each term in `text`.
    ends: Vec<u32>,
    /// Term `t`'s postings are `postings[starts[t]..starts[t + 1]]`.
    starts: Vec<u32>,
    /// (node, uses): uses in definitions in the low 24 bits, in the path above.
    postings: Vec<[u32; 2]>,
    /// Node → weighted number of terms (its document length).
    lengths: Vec<u32>,
}

/// The index's stored parts: terms text, term ends, posting starts, postings,
/// document lengths.
pub type Parts<'a> = (&'a str, &'a [u32], &'a [u32], &'a [[u32; 2]], &'a [u32]);

/// One file the message is about.
#[derive(Debug, Clone, PartialEq)]
pub struct RelevantFile {
    pub node: u32,
    pub score: f64,
    /// The message's words found in the file's path.
    pub path_words: Vec<String>,
    /// The message's words found in the names the file defines.
    pub definition_words: Vec<String>,
}

/// What one node contributes to the index: its path and its definitions' names.
pub struct Document<'a> {
    pub path: &'a str,
    pub names: Vec<&'a str>,
}

impl LexicalIndex {
    /// Builds the index over `node_count` documents; `document(node)` gives each.
    pub fn build<'a>(
        node_count: usize,
        document: impl Fn(u32) -> Document<'a> + Sync,
    ) -> LexicalIndex {
        let mut dictionary: HashMap<String, u32> = HashMap::new();
        // (term, node, packed uses), in node order.
        let mut entries: Vec<(u32, u32, u32)> = Vec::new();
        let mut lengths = vec![0u32; node_count];
        let nodes: Vec<u32> = (0..node_count as u32).collect();
        for chunk in nodes.chunks(BUILD_CHUNK) {
            let counted: Vec<Vec<(String, u32, u32)>> = chunk
                .par_iter()
                .map(|&node| document_terms(&document(node)))
                .collect();
            for (&node, terms) in chunk.iter().zip(counted) {
                let mut length = 0u32;
                for (term, in_definitions, in_path) in terms {
                    length = length.saturating_add(in_definitions + PATH_WEIGHT * in_path);
                    let next = dictionary.len() as u32;
                    let id = *dictionary.entry(term).or_insert(next);
                    let packed = in_definitions.min(0xff_ffff) | in_path.min(0xff) << 24;
                    entries.push((id, node, packed));
                }
                lengths[node as usize] = length;
            }
        }
        let mut terms: Vec<(String, u32)> = dictionary.into_iter().collect();
        terms.sort_unstable();
        let mut renumber = vec![0u32; terms.len()];
        let mut text = String::new();
        let mut ends = Vec::with_capacity(terms.len());
        for (position, (term, id)) in terms.iter().enumerate() {
            renumber[*id as usize] = position as u32;
            text.push_str(term);
            ends.push(text.len() as u32);
        }
        let mut starts = vec![0u32; terms.len() + 1];
        for &(id, _, _) in &entries {
            starts[renumber[id as usize] as usize + 1] += 1;
        }
        for index in 1..starts.len() {
            starts[index] += starts[index - 1];
        }
        let mut next = starts.clone();
        let mut postings = vec![[0u32; 2]; entries.len()];
        // Entries come in node order, so each term's postings do too.
        for (id, node, packed) in entries {
            let slot = &mut next[renumber[id as usize] as usize];
            postings[*slot as usize] = [node, packed];
            *slot += 1;
        }
        LexicalIndex {
            text,
            ends,
            starts,
            postings,
            lengths,
        }
    }

    /// An index from its stored parts (see [`LexicalIndex::parts`]); `None`
    /// unless they hold together for `node_count` nodes.
    pub fn from_parts(
        node_count: usize,
        text: String,
        ends: Vec<u32>,
        starts: Vec<u32>,
        postings: Vec<[u32; 2]>,
        lengths: Vec<u32>,
    ) -> Option<LexicalIndex> {
        let mut previous = 0u32;
        for &end in &ends {
            if end < previous || !text.is_char_boundary(end as usize) {
                return None;
            }
            previous = end;
        }
        let holds = previous as usize == text.len()
            && starts.len() == ends.len() + 1
            && starts.first() == Some(&0)
            && starts.last().map(|&end| end as usize) == Some(postings.len())
            && starts.windows(2).all(|pair| pair[0] <= pair[1])
            && postings
                .iter()
                .all(|&[node, _]| (node as usize) < node_count)
            && lengths.len() == node_count;
        holds.then_some(LexicalIndex {
            text,
            ends,
            starts,
            postings,
            lengths,
        })
    }

    /// The stored parts: terms, their ends, posting starts, postings, lengths.
    pub fn parts(&self) -> Parts<'_> {
        (
            &self.text,
            &self.ends,
            &self.starts,
            &self.postings,
            &self.lengths,
        )
    }

    fn term(&self, id: usize) -> &str {
        let start = id
            .checked_sub(1)
            .map_or(0, |before| self.ends[before] as usize);
        &self.text[start..self.ends[id] as usize]
    }

    /// The id of `term`, by binary search over the sorted terms.
    fn find(&self, term: &str) -> Option<usize> {
        let (mut low, mut high) = (0usize, self.ends.len());
        while low < high {
            let middle = (low + high) / 2;
            match self.term(middle).cmp(term) {
                std::cmp::Ordering::Less => low = middle + 1,
                std::cmp::Ordering::Greater => high = middle,
                std::cmp::Ordering::Equal => return Some(middle),
            }
        }
        None
    }

    /// The files `query` is about, best first (at most [`MAX_RELEVANT`]), with
    /// the words that matched each.
    pub fn score(&self, query: &[QueryTerm]) -> Vec<RelevantFile> {
        let node_count = self.lengths.len();
        if node_count == 0 || query.is_empty() {
            return Vec::new();
        }
        let total: f64 = self.lengths.iter().map(|&l| f64::from(l)).sum();
        let average = (total / node_count as f64).max(1.0);
        let mut scores = vec![0.0f64; node_count];
        let mut in_path = vec![0u64; node_count];
        let mut in_definitions = vec![0u64; node_count];
        let mut touched: Vec<u32> = Vec::new();
        for (index, query_term) in query.iter().take(MAX_QUERY_TERMS).enumerate() {
            let Some(id) = self.find(&query_term.term) else {
                continue;
            };
            let postings = &self.postings[self.starts[id] as usize..self.starts[id + 1] as usize];
            let found = postings.len() as f64;
            let idf = (1.0 + (node_count as f64 - found + 0.5) / (found + 0.5)).ln();
            // A word the message repeats weighs a little more, not twice.
            let weight = idf * (1.0 + f64::from(query_term.count - 1).sqrt() * 0.5);
            for &[node, packed] in postings {
                let (definitions, path) = (packed & 0xff_ffff, packed >> 24);
                let uses = f64::from(definitions + PATH_WEIGHT * path);
                let length = f64::from(self.lengths[node as usize]);
                let saturated = uses * (K1 + 1.0) / (uses + K1 * (1.0 - B + B * length / average));
                let slot = node as usize;
                if scores[slot] == 0.0 {
                    touched.push(node);
                }
                scores[slot] += weight * saturated;
                if path > 0 {
                    in_path[slot] |= 1 << index;
                }
                if definitions > 0 {
                    in_definitions[slot] |= 1 << index;
                }
            }
        }
        touched.sort_unstable_by(|a, b| {
            scores[*b as usize]
                .total_cmp(&scores[*a as usize])
                .then(a.cmp(b))
        });
        touched.truncate(MAX_RELEVANT);
        let words_of = |bits: u64| -> Vec<String> {
            (0..query.len().min(MAX_QUERY_TERMS))
                .filter(|index| bits & (1 << index) != 0)
                .map(|index| query[index].word.clone())
                .collect()
        };
        touched
            .into_iter()
            .map(|node| RelevantFile {
                node,
                score: scores[node as usize],
                path_words: words_of(in_path[node as usize]),
                definition_words: words_of(in_definitions[node as usize]),
            })
            .collect()
    }
}

/// A document's distinct terms with their uses in definitions and in the path.
fn document_terms(document: &Document) -> Vec<(String, u32, u32)> {
    let mut counts: HashMap<String, (u32, u32)> = HashMap::new();
    words::terms(document.path, |term| counts.entry(term).or_default().1 += 1);
    for name in &document.names {
        words::terms(name, |term| counts.entry(term).or_default().0 += 1);
    }
    let mut terms: Vec<(String, u32, u32)> = counts
        .into_iter()
        .map(|(term, (definitions, path))| (term, definitions, path))
        .collect();
    terms.sort_unstable();
    terms
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index(files: &[(&'static str, &[&'static str])]) -> LexicalIndex {
        LexicalIndex::build(files.len(), |node| Document {
            path: files[node as usize].0,
            names: files[node as usize].1.to_vec(),
        })
    }

    fn best(index: &LexicalIndex, message: &str) -> Vec<u32> {
        index
            .score(&words::query_terms(message))
            .into_iter()
            .map(|file| file.node)
            .collect()
    }

    #[test]
    fn plain_words_find_files_by_path_and_definitions() {
        let files: &[(&str, &[&str])] = &[
            ("lib/lookup/password.py", &["run", "_gen_candidate_chars"]),
            ("lib/lookup/file.py", &["run"]),
            (
                "lib/config/manager.py",
                &["get_config_value", "load_settings"],
            ),
            ("lib/util.py", &["to_text", "to_bytes"]),
        ];
        let index = index(files);
        let found = best(&index, "fix the password lookup's use of f=v settings");
        assert_eq!(found[0], 0, "password.py: both words in its path");
        assert!(found.contains(&2), "load_settings matches `settings`");
        assert!(!found.contains(&3));
        let relevant = index.score(&words::query_terms("password lookup settings"));
        assert_eq!(relevant[0].path_words, ["password", "lookup"]);
        assert!(relevant[0].definition_words.is_empty());
        let config = relevant.iter().find(|file| file.node == 2).unwrap();
        assert_eq!(config.definition_words, ["settings"]);
    }

    #[test]
    fn a_missing_name_finds_its_neighbours_by_parts() {
        let files: &[(&str, &[&str])] = &[
            (
                "src/io/util/copy_bidirectional.rs",
                &["copy_bidirectional", "transfer_one_direction"],
            ),
            ("src/io/util/copy.rs", &["copy", "CopyBuffer"]),
            ("src/net/tcp/stream.rs", &["TcpStream", "connect"]),
        ];
        let index = index(files);
        assert_eq!(best(&index, "io: add copy_bidirectional_with_sizes")[0], 0);
    }

    #[test]
    fn rare_terms_outweigh_common_ones() {
        // `src` is in every path; `scheduler` in one.
        let files: &[(&str, &[&str])] = &[
            ("src/a.rs", &["alpha"]),
            ("src/b.rs", &["beta"]),
            ("src/scheduler.rs", &["tick"]),
        ];
        let index = index(files);
        let relevant = index.score(&words::query_terms("src scheduler"));
        assert_eq!(relevant[0].node, 2);
        assert!(relevant[0].score > 2.0 * relevant[1].score);
    }

    #[test]
    fn the_index_round_trips_through_its_parts() {
        let files: &[(&str, &[&str])] = &[("a/b.py", &["load_settings"]), ("c.py", &["x"])];
        let built = index(files);
        let (text, ends, starts, postings, lengths) = built.parts();
        let again = LexicalIndex::from_parts(
            2,
            text.to_string(),
            ends.to_vec(),
            starts.to_vec(),
            postings.to_vec(),
            lengths.to_vec(),
        )
        .unwrap();
        assert_eq!(again, built);
        assert!(
            LexicalIndex::from_parts(
                1,
                text.to_string(),
                ends.to_vec(),
                starts.to_vec(),
                postings.to_vec(),
                lengths.to_vec()
            )
            .is_none(),
            "a node out of range"
        );
        assert_eq!(built.find("set"), Some(built.find("set").unwrap()));
        assert!(built.find("nothing").is_none());
    }
}
