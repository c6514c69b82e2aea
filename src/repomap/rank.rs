//! Ranking for one request: personalization from the chat (chat files, mentioned
//! files and identifiers, same-directory and test-file signals), personalized
//! PageRank over the file graph, then each file's rank shared out to its
//! definitions. Reads only the graph and records, never files or tags on disk.

use std::collections::{HashMap, HashSet};

use rayon::prelude::*;

use super::graph::{EdgeLists, FileGraph};
use super::history::{HistoryEdges, NodePartner};
use super::lexical::RelevantFile;
use super::map_records::MapRecords;
use super::request::{MapRequest, RankReason};
use super::symbols::{LazySymbols, Symbols};
use super::tags::TagKind;
use super::words::{self, QueryTerm};

/// Probability of following an edge rather than jumping back to the seeds. The
/// textbook 0.85 lets rank drift to the repository's global hubs; a lower value
/// keeps it near the chat. 0.5 gave the best commit recall of 0.5–0.85 on this
/// project's own history (benches/repomap/recall.py); re-measure on larger ones.
const DAMPING: f64 = 0.5;
const MAX_ITERATIONS: usize = 40;
const TOLERANCE: f64 = 1e-7;
/// Edge multiplier for identifiers the user mentioned.
const MENTION_MULTIPLIER: f64 = 10.0;
/// Seed weights of the signals (a chat file is 1).
const MENTIONED_FILE_SEED: f64 = 1.0;
const MENTIONED_DEFINER_SEED: f64 = 1.0;
const MENTIONED_FILE_NAME_SEED: f64 = 0.5;
const TEST_PAIR_SEED: f64 = 0.5;
const CHAT_CALLEE_SEED: f64 = 1.0;
const CHAT_CALLER_SEED: f64 = 0.5;
const SAME_DIRECTORY_SEED: f64 = 0.3;
/// Seed shared by the files that changed together with a chat file.
const HISTORY_SEED: f64 = 1.0;
/// A file's co-change edges carry this share of its identifier edges' weight.
const HISTORY_EDGE_SHARE: f64 = 0.5;
/// Share of a file's rank spread evenly over its definitions, so a well-ranked
/// file's unreferenced definitions still order sensibly.
const OWN_RANK_SHARE: f64 = 0.1;
/// Share of rank a file without definitions keeps as its name-only entry.
const NAME_ONLY_SHARE: f64 = 0.5;
/// Reasons kept per file.
const MAX_REASONS: usize = 8;
/// Seed shared by the files the message's words are about (a chat file is 1).
const RELEVANCE_SEED: f64 = 2.0;
/// Files scoring below this share of the best lexical score are not seeded.
const RELEVANCE_FLOOR: f64 = 0.2;
/// The most relevant files whose co-change partners are seeded, as a chat
/// file's are.
const RELEVANT_HISTORY_FILES: usize = 3;
/// Share of a relevant file's rank its definitions that matched the message
/// split between them: the definitions that earned the file its place show.
const MATCHED_DEFINITION_SHARE: f64 = 0.3;
/// With no chat file, a file without definitions that the message does not
/// name keeps this share of its name-only entry: a bare path gives the model
/// little, and on the development set (BENCHMARKS.md) this took the default
/// map from 96 to 91 files named, 22 to 16 of them bare, at the same recall.
const UNNAMED_BARE_SHARE: f64 = 0.2;

/// What the message's words say: its terms, and the files they are about (best
/// first; see `lexical`).
#[derive(Clone, Copy)]
pub struct Relevance<'a> {
    pub query: &'a [QueryTerm],
    pub files: &'a [RelevantFile],
}

/// One line of the ranked list: a definition, or a file shown by name only.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    pub node: u32,
    /// Index into the file's definitions; `None` for a name-only entry.
    pub definition: Option<u32>,
    pub score: f64,
}

/// The result of ranking one request.
pub struct Ranking {
    /// Personalized PageRank per node.
    pub file_rank: Vec<f64>,
    /// The part of each node's rank that arrived over edges.
    arrived: Vec<f64>,
    /// How far the ranks may still be from their limit.
    residual: f64,
    /// The chat files' nodes (their definitions are not ranked).
    chat: HashSet<u32>,
    /// Signal reasons per node.
    signals: HashMap<u32, Vec<RankReason>>,
    /// Total outgoing weight per node (for explaining edge contributions).
    out_weight: Vec<f64>,
    mention_symbols: HashSet<u32>,
    /// The message's stemmed terms.
    query: HashSet<String>,
    /// The message's words found in each relevant file (path, definitions).
    matched: HashMap<u32, (Vec<String>, Vec<String>)>,
    /// Files the message names: mentioned, or its words in their path.
    named: HashSet<u32>,
}

/// Normalizes a user-given relative path (`./a\b` → `a/b`).
pub fn normalize_path(path: &str) -> String {
    let path = path.replace('\\', "/");
    let mut path = path.as_str();
    while let Some(rest) = path.strip_prefix("./") {
        path = rest;
    }
    path.to_string()
}

/// The node of a user-given path: `files` are the mapped paths, sorted, and a
/// file's node is its position among them.
fn node_of_path(files: &[String], path: &str) -> Option<u32> {
    let path = normalize_path(path);
    files
        .binary_search_by(|file| file.as_str().cmp(&path))
        .ok()
        .map(|node| node as u32)
}

/// Ranks the map for `request`; `history` adds the co-change edges and seeds
/// when the table is ready.
pub fn rank(
    graph: &FileGraph,
    records: MapRecords,
    symbols: &LazySymbols,
    files: &[String],
    request: &MapRequest,
    history: Option<&HistoryEdges>,
    relevance: Relevance,
) -> Ranking {
    let node_count = graph.node_count();
    let chat: HashSet<u32> = request
        .chat_files
        .iter()
        .filter_map(|path| node_of_path(files, path))
        .collect();
    let mention_symbols: HashSet<u32> = request
        .mention_idents
        .iter()
        .filter_map(|name| symbols.get().id(name))
        .collect();

    // Extra edges: mentioned identifiers boosted (an extra (multiplier - 1)
    // share on top of the edge's base weight), then co-change.
    let mut extra = mention_boosts(graph, &mention_symbols);
    let mut out_weight = vec![0.0; node_count];
    // By target, then source: each source's weights add up in target order,
    // as they would over its own edges.
    for (_, source, weight) in graph.incoming.all() {
        out_weight[source as usize] += f64::from(weight);
    }
    for &(from, _, weight) in &extra {
        out_weight[from as usize] += weight;
    }
    let path_of = |node: u32| records.get(graph.record_of(node)).path.as_str();
    let mut seeds = Seeds::new(node_count);
    for &node in &chat {
        seeds.add(node, 1.0, "chat file".to_string(), "");
    }
    seed_mentions(&mut seeds, graph, symbols, files, request, &path_of);
    for &chat_node in &chat {
        seed_chat_neighbours(&mut seeds, graph, &chat, chat_node, &out_weight, &path_of);
    }
    seed_chat_callers(&mut seeds, graph, &chat, &path_of);
    let relevant = seed_relevance(&mut seeds, relevance.files, &chat);
    if let Some(history) = history {
        seed_history(&mut seeds, history, &chat, &path_of);
        seed_relevant_history(&mut seeds, history, &chat, &relevant, &path_of);
        let edges = history_edges(history, &out_weight);
        for &(from, _, weight) in &edges {
            out_weight[from as usize] += weight;
        }
        extra.extend(edges);
    }
    let Seeds {
        weights: mut seeds,
        mut signals,
    } = seeds;
    let seed_total: f64 = seeds.iter().sum();
    if seed_total > 0.0 {
        seeds.iter_mut().for_each(|weight| *weight /= seed_total);
        // Report a signal as the rank it injects directly, on the edges' scale.
        for reason in signals.values_mut().flatten() {
            reason.weight *= (1.0 - DAMPING) / seed_total;
        }
    } else if node_count > 0 {
        seeds.fill(1.0 / node_count as f64);
    }

    let pagerank = personalized_pagerank(&graph.incoming, &extra, &out_weight, &seeds);

    Ranking {
        file_rank: pagerank.rank,
        arrived: pagerank.arrived,
        residual: pagerank.residual,
        chat,
        signals,
        out_weight,
        mention_symbols,
        query: relevance
            .query
            .iter()
            .map(|term| term.term.clone())
            .collect(),
        matched: relevance
            .files
            .iter()
            .map(|file| {
                let words = (file.path_words.clone(), file.definition_words.clone());
                (file.node, words)
            })
            .collect(),
        named: relevance
            .files
            .iter()
            .filter(|file| !file.path_words.is_empty())
            .map(|file| file.node)
            .chain(
                request
                    .mention_files
                    .iter()
                    .filter_map(|path| node_of_path(files, path)),
            )
            .collect(),
    }
}

/// Seeds the files the message's words are about, by the square of their
/// lexical score (the best few dominate); returns the seeded files with their
/// share of the seed, best first.
fn seed_relevance(
    seeds: &mut Seeds,
    files: &[RelevantFile],
    chat: &HashSet<u32>,
) -> Vec<(u32, f64)> {
    let best = files.first().map_or(0.0, |file| file.score);
    let kept: Vec<&RelevantFile> = files
        .iter()
        .filter(|file| file.score >= best * RELEVANCE_FLOOR && !chat.contains(&file.node))
        .collect();
    let total: f64 = kept.iter().map(|file| file.score * file.score).sum();
    if total <= 0.0 {
        return Vec::new();
    }
    let mut seeded = Vec::new();
    for file in kept {
        let share = file.score * file.score / total;
        seeds.add(
            file.node,
            RELEVANCE_SEED * share,
            "the message's words".to_string(),
            "",
        );
        seeded.push((file.node, share));
    }
    seeded
}

/// Seeds the files that changed together with the most relevant files, as
/// [`seed_history`] does for chat files, by each one's share of relevance.
fn seed_relevant_history<'a>(
    seeds: &mut Seeds,
    history: &HistoryEdges,
    chat: &HashSet<u32>,
    relevant: &[(u32, f64)],
    path_of: &impl Fn(u32) -> &'a str,
) {
    for &(node, share) in relevant.iter().take(RELEVANT_HISTORY_FILES) {
        let partners: Vec<&NodePartner> = history.partners[node as usize]
            .iter()
            .filter(|partner| !chat.contains(&partner.node) && partner.node != node)
            .collect();
        let total: f64 = partners.iter().map(|partner| partner.strength).sum();
        if total <= 0.0 {
            continue;
        }
        for partner in partners {
            seeds.add(
                partner.node,
                HISTORY_SEED * RELEVANCE_SEED * share * partner.strength / total,
                format!(
                    "changed together in {} of the last {} commits with",
                    partner.together, history.commits
                ),
                path_of(node),
            );
        }
    }
}

/// The personalization being gathered, with the signal behind each part.
struct Seeds {
    weights: Vec<f64>,
    signals: HashMap<u32, Vec<RankReason>>,
}

impl Seeds {
    fn new(node_count: usize) -> Seeds {
        Seeds {
            weights: vec![0.0; node_count],
            signals: HashMap::new(),
        }
    }

    fn add(&mut self, node: u32, weight: f64, signal: String, from: &str) {
        self.weights[node as usize] += weight;
        self.signals.entry(node).or_default().push(RankReason {
            ident: signal,
            from: from.to_string(),
            weight,
        });
    }
}

/// The extra weight on the edges of the mentioned identifiers, as (from, to,
/// weight).
fn mention_boosts(graph: &FileGraph, mention_symbols: &HashSet<u32>) -> Vec<(u32, u32, f64)> {
    let mut boosts = Vec::new();
    for &symbol in mention_symbols {
        let weight = f64::from(graph.name_weight[symbol as usize]);
        if weight == 0.0 {
            continue;
        }
        for &(referencing, count) in graph.referencers.get(symbol) {
            for &definer in graph.definers.get(symbol) {
                if graph.links(referencing, definer, symbol) {
                    let extra = graph.source_factor(referencing)
                        * weight
                        * f64::from(count).sqrt()
                        * (MENTION_MULTIPLIER - 1.0);
                    boosts.push((referencing, definer, extra));
                }
            }
        }
    }
    boosts
}

/// The co-change edges, as (from, to, weight): each file's partners share
/// [`HISTORY_EDGE_SHARE`] of its identifier edges' weight (of 1 when it has
/// none) by strength.
fn history_edges(history: &HistoryEdges, out_weight: &[f64]) -> Vec<(u32, u32, f64)> {
    let mut edges = Vec::new();
    for (node, partners) in history.partners.iter().enumerate() {
        let total: f64 = partners.iter().map(|partner| partner.strength).sum();
        if total <= 0.0 {
            continue;
        }
        let base = if out_weight[node] > 0.0 {
            out_weight[node]
        } else {
            1.0
        };
        for partner in partners {
            let weight = HISTORY_EDGE_SHARE * base * partner.strength / total;
            edges.push((node as u32, partner.node, weight));
        }
    }
    edges
}

/// Seeds the files that changed together with a chat file, by strength.
fn seed_history<'a>(
    seeds: &mut Seeds,
    history: &HistoryEdges,
    chat: &HashSet<u32>,
    path_of: &impl Fn(u32) -> &'a str,
) {
    for &chat_node in chat {
        let partners: Vec<&NodePartner> = history.partners[chat_node as usize]
            .iter()
            .filter(|partner| !chat.contains(&partner.node))
            .collect();
        let total: f64 = partners.iter().map(|partner| partner.strength).sum();
        if total <= 0.0 {
            continue;
        }
        for partner in partners {
            seeds.add(
                partner.node,
                HISTORY_SEED * partner.strength / total,
                format!(
                    "changed together in {} of the last {} commits with",
                    partner.together, history.commits
                ),
                path_of(chat_node),
            );
        }
    }
}

/// Seeds the defining files and file names of mentioned identifiers, and the
/// mentioned files.
fn seed_mentions<'a>(
    seeds: &mut Seeds,
    graph: &FileGraph,
    symbols: &LazySymbols,
    files: &[String],
    request: &MapRequest,
    path_of: &impl Fn(u32) -> &'a str,
) {
    for path in &request.mention_files {
        if let Some(node) = node_of_path(files, path) {
            seeds.add(node, MENTIONED_FILE_SEED, "mentioned file".to_string(), "");
        }
    }
    for name in &request.mention_idents {
        if let Some(symbol) = symbols.get().id(name) {
            let definers = graph.definers.get(symbol);
            for &node in definers {
                let weight = MENTIONED_DEFINER_SEED / definers.len() as f64;
                seeds.add(
                    node,
                    weight,
                    format!("defines mentioned identifier {name}"),
                    "",
                );
            }
        }
        let lowered = name.to_lowercase();
        for node in 0..graph.node_count() as u32 {
            if same_lowercase(file_stem(path_of(node)), name, &lowered) {
                seeds.add(
                    node,
                    MENTIONED_FILE_NAME_SEED,
                    format!("file name matches mentioned {name}"),
                    "",
                );
            }
        }
    }
}

/// Seeds a chat file's folder neighbours, its test (or code under test) and
/// the files it references.
fn seed_chat_neighbours<'a>(
    seeds: &mut Seeds,
    graph: &FileGraph,
    chat: &HashSet<u32>,
    chat_node: u32,
    out_weight: &[f64],
    path_of: &impl Fn(u32) -> &'a str,
) {
    let node_count = graph.node_count();
    let chat_path = path_of(chat_node);
    let chat_key = test_key(chat_path);
    let chat_is_test = is_test_path(chat_path);
    let neighbours: Vec<u32> = (0..node_count as u32)
        .filter(|&node| {
            node != chat_node && !chat.contains(&node) && graph.same_folder(node, chat_node)
        })
        .collect();
    let per_neighbour = SAME_DIRECTORY_SEED / (neighbours.len().max(1) as f64).sqrt();
    for node in neighbours {
        seeds.add(
            node,
            per_neighbour,
            "same directory as chat file".to_string(),
            chat_path,
        );
    }
    for node in 0..node_count as u32 {
        if node == chat_node || chat.contains(&node) {
            continue;
        }
        let path = path_of(node);
        // Cheap test first: a pair's stem contains the chat file's key.
        if may_contain(file_stem(path), &chat_key)
            && test_key(path) == chat_key
            && is_test_path(path) != chat_is_test
        {
            let signal = if chat_is_test {
                "code under test of chat file"
            } else {
                "test of chat file"
            };
            seeds.add(node, TEST_PAIR_SEED, signal.to_string(), chat_path);
        }
    }
    // Files the chat file references directly get a seed share by edge weight.
    let out = out_weight[chat_node as usize];
    if out > 0.0 {
        // Newest edge first, the order the seeds were always summed in.
        for &(target, weight) in graph.outgoing().of(chat_node as usize).iter().rev() {
            if !chat.contains(&target) {
                seeds.add(
                    target,
                    CHAT_CALLEE_SEED * f64::from(weight) / out,
                    "referenced by chat file".to_string(),
                    chat_path,
                );
            }
        }
    }
}

/// Seeds the files that use a chat file's definitions (callers change with
/// callees).
fn seed_chat_callers<'a>(
    seeds: &mut Seeds,
    graph: &FileGraph,
    chat: &HashSet<u32>,
    path_of: &impl Fn(u32) -> &'a str,
) {
    for &chat_node in chat {
        let chat_path = path_of(chat_node);
        let incoming: Vec<(u32, f64)> = graph
            .incoming
            .of(chat_node as usize)
            .iter()
            .rev()
            .map(|&(source, weight)| (source, f64::from(weight)))
            .filter(|(source, _)| !chat.contains(source))
            .collect();
        let total: f64 = incoming.iter().map(|(_, weight)| weight).sum();
        if total > 0.0 {
            for (source, weight) in incoming {
                seeds.add(
                    source,
                    CHAT_CALLER_SEED * weight / total,
                    "uses chat file".to_string(),
                    chat_path,
                );
            }
        }
    }
}

/// The result of the power iteration.
struct PageRank {
    rank: Vec<f64>,
    /// The part of each node's rank that arrived over edges (not by jumping back
    /// to the seeds) in the last iteration.
    arrived: Vec<f64>,
    /// The last iteration's total change: how far the ranks may still be from
    /// their limit.
    residual: f64,
}

/// Power iteration over the graph's edges plus the request's boost edges; rank
/// of files without outgoing edges returns to the seeds. Each node pulls its
/// rank from its incoming edges, on every core.
fn personalized_pagerank(
    incoming: &EdgeLists,
    boosts: &[(u32, u32, f64)],
    out_weight: &[f64],
    seeds: &[f64],
) -> PageRank {
    let node_count = seeds.len();
    let mut rank = seeds.to_vec();
    let mut next = vec![0.0; node_count];
    // Rank a node sends along one unit of edge weight.
    let mut flow = vec![0.0; node_count];
    let mut residual = 0.0;
    let mut jump = 0.0;
    for _ in 0..MAX_ITERATIONS {
        let mut dangling = 0.0;
        for ((flow, &rank), &out) in flow.iter_mut().zip(&rank).zip(out_weight) {
            if out == 0.0 {
                dangling += rank;
                *flow = 0.0;
            } else {
                *flow = DAMPING * rank / out;
            }
        }
        next.par_iter_mut()
            .enumerate()
            .with_min_len(4096)
            .for_each(|(node, value)| {
                *value = incoming
                    .of(node)
                    .iter()
                    .map(|&(source, weight)| flow[source as usize] * f64::from(weight))
                    .sum();
            });
        for &(from, to, weight) in boosts {
            next[to as usize] += flow[from as usize] * weight;
        }
        jump = DAMPING * dangling + (1.0 - DAMPING);
        for (value, seed) in next.iter_mut().zip(seeds) {
            *value += jump * seed;
        }
        residual = next.iter().zip(&rank).map(|(a, b)| (a - b).abs()).sum();
        std::mem::swap(&mut rank, &mut next);
        if residual < TOLERANCE {
            break;
        }
    }
    let arrived = rank
        .iter()
        .zip(seeds)
        .map(|(rank, seed)| (rank - jump * seed).max(0.0))
        .collect();
    PageRank {
        rank,
        arrived,
        residual,
    }
}

impl Ranking {
    /// The best `limit` definitions and name-only files, best first (chat files
    /// left out). A shorter list is a prefix of a longer one.
    pub fn best_entries(
        &self,
        graph: &FileGraph,
        records: MapRecords,
        symbols: &LazySymbols,
        limit: usize,
    ) -> Vec<Entry> {
        rank_definitions(graph, records, symbols, self, limit)
    }

    /// The message's words found in `node`'s path and definitions.
    pub fn matched_words(&self, node: u32) -> (Vec<String>, Vec<String>) {
        self.matched.get(&node).cloned().unwrap_or_default()
    }

    /// Whether a definition's name shares a term with the message.
    fn matches_query(&self, name: &str) -> bool {
        let mut found = false;
        words::terms(name, |term| found |= self.query.contains(&term));
        found
    }

    /// The weight one referencing file's use of `symbol` carries along its edge.
    fn edge_share(&self, graph: &FileGraph, symbol: u32, referencing: u32, count: u32) -> f64 {
        let base = f64::from(graph.name_weight[symbol as usize]);
        let mentioned = self.mention_symbols.contains(&symbol);
        self.share(graph, base, mentioned, referencing, count)
    }

    /// [`Ranking::edge_share`] with the name's weight and whether it was
    /// mentioned already looked up.
    fn share(
        &self,
        graph: &FileGraph,
        base: f64,
        mentioned: bool,
        referencing: u32,
        count: u32,
    ) -> f64 {
        let out = self.out_weight[referencing as usize];
        if out == 0.0 {
            return 0.0;
        }
        let mut weight = graph.source_factor(referencing) * base * f64::from(count).sqrt();
        if mentioned {
            weight *= MENTION_MULTIPLIER;
        }
        DAMPING * self.file_rank[referencing as usize] * weight / out
    }

    /// Rank flowing into `node` through its definition of `symbol`: the sum of
    /// its edge shares, with the per-name parts looked up once.
    fn inflow(&self, graph: &FileGraph, symbol: u32, node: u32) -> f64 {
        let base = f64::from(graph.name_weight[symbol as usize]);
        if base == 0.0 || !graph.defines(node, symbol) {
            // A name left out of the graph carries nothing, however often used.
            return 0.0;
        }
        let mentioned = self.mention_symbols.contains(&symbol);
        graph
            .referencers
            .get(symbol)
            .iter()
            .filter(|(referencing, _)| graph.links(*referencing, node, symbol))
            .map(|&(referencing, count)| self.share(graph, base, mentioned, referencing, count))
            .sum()
    }

    /// Why `node` ranks where it does: its signals and strongest incoming edges.
    pub fn reasons(
        &self,
        graph: &FileGraph,
        records: MapRecords,
        symbols: &Symbols,
        node: u32,
    ) -> Vec<RankReason> {
        let mut reasons = self.signals.get(&node).cloned().unwrap_or_default();
        reasons.sort_by(|a, b| b.weight.total_cmp(&a.weight));
        reasons.truncate(MAX_REASONS / 2);
        let mut seen = HashSet::new();
        let mut edges: Vec<(u32, u32, f64)> = Vec::new();
        for definition in records.definitions(graph.record_of(node)) {
            if definition.kind == TagKind::Impl
                || !seen.insert(definition.name)
                || !graph.defines(node, definition.name)
            {
                continue;
            }
            for &(referencing, count) in graph.referencers.get(definition.name) {
                if graph.links(referencing, node, definition.name) {
                    let share = self.edge_share(graph, definition.name, referencing, count);
                    if share > 0.0 {
                        edges.push((definition.name, referencing, share));
                    }
                }
            }
        }
        edges.sort_by(|a, b| b.2.total_cmp(&a.2));
        for (symbol, referencing, share) in edges.into_iter().take(MAX_REASONS - reasons.len()) {
            reasons.push(RankReason {
                ident: symbols.name(symbol).to_string(),
                from: records.get(graph.record_of(referencing)).path.clone(),
                weight: share,
            });
        }
        reasons
    }
}

/// Scores the definitions outside the chat files (files with no definitions get
/// a name-only entry) and returns the best `limit`, best first.
///
/// A definition's inflow is part of the rank that arrived at its file over
/// edges, so no entry of a file scores above that plus its own-rank and header
/// shares (and what the iteration left unsettled). Files are visited in order of
/// that bound, and the visit stops once no later file can beat the `limit`-th
/// entry: a kernel-sized tree has millions of definitions, of which a map shows
/// a few hundred.
fn rank_definitions(
    graph: &FileGraph,
    records: MapRecords,
    symbols: &LazySymbols,
    ranking: &Ranking,
    limit: usize,
) -> Vec<Entry> {
    let (rank, arrived, residual, chat) = (
        &ranking.file_rank,
        &ranking.arrived,
        ranking.residual,
        &ranking.chat,
    );
    // Widened a little so float rounding cannot make a bound too tight.
    let best_possible = |node: u32| {
        let node = node as usize;
        let shares = OWN_RANK_SHARE + NAME_ONLY_SHARE + MATCHED_DEFINITION_SHARE;
        (arrived[node] + rank[node] * shares) * (1.0 + 1e-6) + residual
    };
    let mut nodes: Vec<(u32, f64)> = (0..graph.node_count() as u32)
        .filter(|node| !chat.contains(node))
        .map(|node| (node, best_possible(node)))
        .collect();
    nodes.sort_unstable_by(|a, b| b.1.total_cmp(&a.1));
    let mut entries: Vec<Entry> = Vec::new();
    let mut threshold = f64::NEG_INFINITY;
    let mut next_check = limit;
    for (node, best_possible) in nodes {
        if entries.len() >= limit && best_possible < threshold {
            break;
        }
        push_file_entries(graph, records, symbols, ranking, node, &mut entries);
        if entries.len() >= next_check {
            threshold = nth_best_score(&entries, limit);
            next_check = entries.len() * 2;
        }
    }
    let order = |a: &Entry, b: &Entry| {
        b.score.total_cmp(&a.score).then_with(|| {
            let path_a = &records.get(graph.record_of(a.node)).path;
            let path_b = &records.get(graph.record_of(b.node)).path;
            path_a.cmp(path_b).then(a.definition.cmp(&b.definition))
        })
    };
    if entries.len() > limit {
        entries.select_nth_unstable_by(limit, order);
        entries.truncate(limit);
    }
    entries.sort_by(order);
    entries
}

/// The score of the `n`-th best entry (`n` ≥ 1, at most `entries.len()`).
fn nth_best_score(entries: &[Entry], n: usize) -> f64 {
    let mut scores: Vec<f64> = entries.iter().map(|entry| entry.score).collect();
    let index = n.clamp(1, scores.len()) - 1;
    let (_, nth, _) = scores.select_nth_unstable_by(index, |a, b| b.total_cmp(a));
    *nth
}

/// The entries of one file: its definitions, or its name when it has none.
fn push_file_entries(
    graph: &FileGraph,
    records: MapRecords,
    symbols: &LazySymbols,
    ranking: &Ranking,
    node: u32,
    entries: &mut Vec<Entry>,
) {
    let definitions = records.definitions(graph.record_of(node));
    let own_rank = ranking.file_rank[node as usize];
    let ranked_count = definitions
        .iter()
        .filter(|d| d.kind != TagKind::Impl)
        .count();
    if ranked_count == 0 {
        // With no chat file, a bare path is shown for a file the message names.
        let bare = if ranking.chat.is_empty() && !ranking.named.contains(&node) {
            UNNAMED_BARE_SHARE
        } else {
            1.0
        };
        entries.push(Entry {
            node,
            definition: None,
            score: own_rank * NAME_ONLY_SHARE * bare,
        });
        return;
    }
    let own_share = own_rank * OWN_RANK_SHARE / ranked_count as f64;
    // A file the message is about shows the definitions whose names matched.
    let matched: Vec<bool> = match ranking.matched.get(&node) {
        Some((_, in_definitions)) if !in_definitions.is_empty() => {
            let symbols = symbols.get();
            definitions
                .iter()
                .map(|d| d.kind != TagKind::Impl && ranking.matches_query(symbols.name(d.name)))
                .collect()
        }
        _ => vec![false; definitions.len()],
    };
    let matched_count = matched.iter().filter(|&&m| m).count();
    let matched_share = own_rank * MATCHED_DEFINITION_SHARE / matched_count.max(1) as f64;
    // The first definition (the first matched one, when some matched) stands
    // for the file, as a name-only entry would: a file ranked by its signals (a
    // test of a chat file, a neighbour) shows up even when nothing references
    // its definitions.
    let header_index = matched
        .iter()
        .position(|&m| m)
        .or_else(|| definitions.iter().position(|d| d.kind != TagKind::Impl));
    let mut inflow_of: HashMap<u32, f64> = HashMap::new();
    for (index, definition) in definitions.iter().enumerate() {
        if definition.kind == TagKind::Impl {
            continue;
        }
        let inflow = *inflow_of
            .entry(definition.name)
            .or_insert_with(|| ranking.inflow(graph, definition.name, node));
        let mut score = inflow + own_share;
        if header_index == Some(index) {
            score += own_rank * NAME_ONLY_SHARE;
        }
        if matched[index] {
            score += matched_share;
        }
        entries.push(Entry {
            node,
            definition: Some(index as u32),
            score,
        });
    }
}

/// Whether `text` lower-cased equals `lowered` (`name` lower-cased), without
/// allocating for ASCII text.
fn same_lowercase(text: &str, name: &str, lowered: &str) -> bool {
    if text.is_ascii() && name.is_ascii() {
        text.eq_ignore_ascii_case(name)
    } else {
        text.to_lowercase() == lowered
    }
}

/// Whether `text` may contain `key` (lower-case) ignoring case: exact for ASCII
/// text, always true otherwise (the caller then checks properly).
fn may_contain(text: &str, key: &str) -> bool {
    if !text.is_ascii() || !key.is_ascii() {
        return true;
    }
    let (text, key) = (text.as_bytes(), key.as_bytes());
    key.is_empty()
        || text
            .windows(key.len())
            .any(|window| window.eq_ignore_ascii_case(key))
}

/// The file name without its extensions.
fn file_stem(path: &str) -> &str {
    let name = path.rsplit('/').next().unwrap_or(path);
    name.split('.').next().unwrap_or(name)
}

/// Whether a path looks like a test file.
pub fn is_test_path(path: &str) -> bool {
    let lowered = path.to_lowercase();
    let name = lowered.rsplit('/').next().unwrap_or(&lowered);
    lowered.split('/').any(|part| {
        matches!(
            part,
            "test" | "tests" | "spec" | "specs" | "__tests__" | "testing"
        )
    }) || name.starts_with("test_")
        || name.contains("_test.")
        || name.contains(".test.")
        || name.contains("_spec.")
        || name.contains(".spec.")
        || name.contains("tests.")
        || (name.starts_with("test") && name.len() > 4)
}

/// A file's stem with test markers removed, so `test_parser.py`, `parser_test.go`,
/// `Parser.test.ts` and `ParserTest.java` all pair with `parser`.
fn test_key(path: &str) -> String {
    let stem = file_stem(path).to_lowercase();
    let stem = stem.strip_prefix("test_").unwrap_or(&stem);
    let stem = stem.strip_suffix("_test").unwrap_or(stem);
    let stem = stem.strip_suffix("_spec").unwrap_or(stem);
    let stem = stem.strip_suffix("tests").unwrap_or(stem);
    let stem = stem.strip_suffix("test").unwrap_or(stem);
    let stem = stem.strip_prefix("test").unwrap_or(stem);
    stem.trim_matches('_').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_pairs() {
        assert_eq!(test_key("src/parser.py"), "parser");
        assert_eq!(test_key("tests/test_parser.py"), "parser");
        assert_eq!(test_key("pkg/parser_test.go"), "parser");
        assert_eq!(test_key("src/Parser.test.ts"), "parser");
        assert_eq!(test_key("src/ParserTest.java"), "parser");
        assert!(is_test_path("tests/test_parser.py"));
        assert!(is_test_path("pkg/parser_test.go"));
        assert!(!is_test_path("src/parser.py"));
        assert!(!is_test_path("src/contest.py"));
    }

    #[test]
    fn normalizes_paths() {
        assert_eq!(normalize_path("./src\\a.rs"), "src/a.rs");
    }

    #[test]
    fn pagerank_follows_edges() {
        // 0 → 1 → 2, seeded at 0; 3 is unconnected.
        let incoming = EdgeLists::new(4, [(0, 1, 1.0), (1, 2, 1.0)].into_iter());
        let result =
            personalized_pagerank(&incoming, &[], &[1.0, 1.0, 0.0, 0.0], &[1.0, 0.0, 0.0, 0.0]);
        let rank = &result.rank;
        assert!(rank[1] > rank[3]);
        assert!(rank[2] > rank[3]);
        assert!(rank[1] > rank[2]);
        assert!((rank.iter().sum::<f64>() - 1.0).abs() < 1e-6);
        assert!(result.residual < TOLERANCE);
        // Node 0 is a seed and has nothing coming in; node 1's rank all arrived.
        assert!(result.arrived[0] < 1e-9);
        assert!((result.arrived[1] - rank[1]).abs() < 1e-6);
    }

    #[test]
    fn a_boost_edge_carries_rank() {
        // 0 links to 1 and 2 equally; a boost on 0 → 2 tips the balance.
        let incoming = EdgeLists::new(3, [(0, 1, 1.0), (0, 2, 1.0)].into_iter());
        let seeds = [1.0, 0.0, 0.0];
        let plain = personalized_pagerank(&incoming, &[], &[2.0, 0.0, 0.0], &seeds).rank;
        assert!((plain[1] - plain[2]).abs() < 1e-9);
        let boosts = [(0, 2, 3.0)];
        let boosted = personalized_pagerank(&incoming, &boosts, &[5.0, 0.0, 0.0], &seeds).rank;
        assert!(boosted[2] > 3.0 * boosted[1]);
    }

    #[test]
    fn case_helpers() {
        assert!(same_lowercase("Parser", "parser", "parser"));
        assert!(!same_lowercase("Parsers", "parser", "parser"));
        assert!(same_lowercase("ÉCOLE", "école", "école"));
        assert!(may_contain("test_Parser", "parser"));
        assert!(!may_contain("test_lexer", "parser"));
    }
}
