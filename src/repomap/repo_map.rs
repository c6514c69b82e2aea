//! `RepoMap`: the scanned state of one repository (records, symbols, graph) and
//! the operations on it — refresh from disk through the cache, render for a request.

use std::path::{Path, PathBuf};
use std::time::Instant;

use rayon::prelude::*;

use super::cache;
use super::graph::FileGraph;
use super::language;
use super::rank;
use super::record::{DefinitionRecord, FileRecord, FileStatus};
use super::render;
use super::request::{MapOptions, MapOutput, MapRequest, RankedFile, ScanStats};
use super::source_lines::SourceLines;
use super::symbols::Symbols;
use super::tags::{self, FileTags};
use super::walk::{self, WalkedFile};

/// Bytes inspected for NUL to call a file binary.
const BINARY_PROBE_BYTES: usize = 8 * 1024;
/// A parsed file this large whose lines average this long is taken as minified.
const MINIFIED_MIN_BYTES: u64 = 4 * 1024;
const MINIFIED_MEAN_LINE: u64 = 300;
/// Files parsed per batch: between batches, tags are interned and the memory the
/// parse trees used is given back, which bounds the scan's peak memory.
const BATCH_FILES: usize = 256;
/// Longer Markdown (changelogs, generated reference pages) takes part by name
/// only: the Markdown grammar needs about 60 bytes of memory and 0.75 ms per KB
/// of such a file (tokio's 195 KB changelog: 12 MB, 150 ms), and a changelog's
/// headings are version numbers.
const MAX_MARKDOWN_BYTES: usize = 64 * 1024;
/// A first guess of the tokens one map entry costs (a definition line is
/// usually ten or more); fewer entries than the budget allows are scored first.
const ENTRY_TOKENS_GUESS: usize = 8;
/// A first scan parsing at least this many files shows a progress bar.
const PROGRESS_MIN_FILES: usize = 2000;

/// Errors of the repo map.
#[derive(Debug, thiserror::Error)]
pub enum RepoMapError {
    #[error("cannot map {path}: not a directory")]
    NotADirectory { path: PathBuf },
}

/// A repository's map: open once, refresh when files may have changed, render per
/// message.
pub struct RepoMap {
    root: PathBuf,
    options: MapOptions,
    fingerprint: u64,
    symbols: Symbols,
    /// Every walked file (mapped or not), sorted by path.
    records: Vec<FileRecord>,
    /// Paths of mapped files, sorted.
    files: Vec<String>,
    graph: Option<FileGraph>,
    /// Whether the next refresh should read the tag cache (the first one does).
    cache_unread: bool,
}

impl RepoMap {
    /// Opens the map of `root`. Nothing is read or walked until
    /// [`RepoMap::refresh`].
    pub fn open(root: &Path, options: MapOptions) -> Result<RepoMap, RepoMapError> {
        if !root.is_dir() {
            return Err(RepoMapError::NotADirectory {
                path: root.to_path_buf(),
            });
        }
        let root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
        let fingerprint = language::query_fingerprint();
        let cache_unread = options.cache;
        Ok(RepoMap {
            root,
            options,
            fingerprint,
            symbols: Symbols::default(),
            records: Vec::new(),
            files: Vec::new(),
            graph: None,
            cache_unread,
        })
    }

    /// The repository root (canonical).
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Where the tag cache is (or would be) written.
    pub fn cache_path(&self) -> PathBuf {
        let dir = self
            .options
            .cache_dir
            .clone()
            .unwrap_or_else(|| self.root.join(".aider-tui"));
        cache::cache_path(&dir)
    }

    /// Walks the tree and re-extracts tags of new or changed files (in parallel),
    /// reusing cached tags for the rest; rebuilds the graph if anything changed.
    pub fn refresh(&mut self) -> Result<ScanStats, RepoMapError> {
        let started = Instant::now();
        if !self.root.is_dir() {
            return Err(RepoMapError::NotADirectory {
                path: self.root.clone(),
            });
        }
        let mut stats = ScanStats::default();
        // The first refresh reads the cache while the tree is walked.
        let cache_path = std::mem::take(&mut self.cache_unread).then(|| self.cache_path());
        let fingerprint = self.fingerprint;
        let (walked, cached) = rayon::join(
            || walk::walk(&self.root),
            || {
                let loading = Instant::now();
                let contents = cache::load(cache_path.as_deref()?, fingerprint);
                Some((contents, loading.elapsed()))
            },
        );
        stats.walk_time = started.elapsed();
        let previous = match cached {
            Some((Some(contents), load_time)) => {
                stats.cache_load_time = load_time;
                self.symbols = contents.symbols;
                contents.files
            }
            _ => std::mem::take(&mut self.records),
        };
        let first_scan = previous.is_empty();
        // Both lists are in path order, so cached records are matched to walked
        // files in one pass, without hashing every path.
        let mut previous = previous;
        if !previous.is_sorted_by(|a, b| a.path <= b.path) {
            previous.sort_by(|a, b| a.path.cmp(&b.path));
        }
        let mut previous = previous.into_iter().peekable();
        let mut records: Vec<Option<FileRecord>> = Vec::with_capacity(walked.len());
        let mut stale: Vec<(usize, WalkedFile)> = Vec::new();
        for file in walked {
            // Cached files that sort before this one were not walked: gone.
            while previous.next_if(|record| record.path < file.path).is_some() {
                stats.removed += 1;
            }
            let cached = previous.next_if(|record| record.path == file.path);
            if file.size > self.options.max_file_bytes {
                stats.skipped += 1;
                stats.removed += usize::from(cached.is_some());
                continue;
            }
            match cached {
                Some(record) if record.mtime_ns == file.mtime_ns && record.size == file.size => {
                    stats.cache_hits += 1;
                    records.push(Some(record));
                }
                _ => {
                    stale.push((records.len(), file));
                    records.push(None);
                }
            }
        }
        stats.removed += previous.count();

        let parse_started = Instant::now();
        let progress = (self.options.progress && stale.len() >= PROGRESS_MIN_FILES).then(|| {
            let bar = indicatif::ProgressBar::with_draw_target(
                Some(stale.len() as u64),
                indicatif::ProgressDrawTarget::stderr(),
            );
            bar.set_message(if first_scan {
                "mapping repository"
            } else {
                "updating repository map"
            });
            if let Ok(style) = indicatif::ProgressStyle::with_template(
                "{msg} {bar:40} {pos}/{len} files {elapsed}",
            ) {
                bar.set_style(style);
            }
            bar
        });
        // Largest first: each batch then holds files of similar size, so no core
        // sits idle at a batch's end waiting for one big file.
        stale.sort_by_key(|(_, file)| std::cmp::Reverse(file.size));
        for batch in stale.chunks(BATCH_FILES) {
            let extracted: Vec<(FileStatus, u32, Option<FileTags>)> = batch
                .par_iter()
                .map(|(_, file)| {
                    let result = read_and_extract(&self.root, file);
                    if let Some(bar) = &progress {
                        bar.inc(1);
                    }
                    result
                })
                .collect();
            for ((slot, file), (status, line_count, tags)) in batch.iter().zip(extracted) {
                records[*slot] = Some(self.intern(file, status, line_count, tags));
            }
            release_free_memory();
        }
        if let Some(bar) = progress {
            bar.finish_and_clear();
        }
        stats.parsed = stale.len();
        stats.parse_time = parse_started.elapsed();

        let changed = stats.parsed > 0 || stats.removed > 0 || self.graph.is_none();
        self.records = records.into_iter().flatten().collect();
        if changed {
            let graph_started = Instant::now();
            self.rebuild_index();
            stats.graph_time = graph_started.elapsed();
        }
        let cache_stale = stats.parsed > 0 || stats.removed > 0 || !self.cache_path().exists();
        if self.options.cache
            && cache_stale
            && let Err(err) = cache::save(
                &self.cache_path(),
                self.fingerprint,
                &self.symbols,
                &self.records,
            )
        {
            stats.cache_error = Some(format!(
                "could not write {}: {err}",
                self.cache_path().display()
            ));
        }
        for record in &self.records {
            if record.status.is_mapped() {
                stats.files += 1;
                stats.definitions += record.definitions.len();
                stats.references += record.references.len();
            } else {
                stats.skipped += 1;
            }
        }
        stats.tags = stats.definitions + stats.references;
        stats.total_time = started.elapsed();
        Ok(stats)
    }

    /// Ranks and renders the map for one request from what the last refresh
    /// extracted; reads only the lines it shows from the shown files.
    pub fn render(&self, request: &MapRequest) -> MapOutput {
        let Some(graph) = &self.graph else {
            return MapOutput::default();
        };
        let ranking = rank::rank(graph, &self.records, &self.symbols, &self.files, request);
        let sources = SourceLines::new(&self.root, render::MAX_LINE_CHARS);
        // Every entry costs at least a token, so no more than the budget can fit;
        // most cost ten or more, so few are scored first, more only if they all fit.
        let most = request.max_tokens.max(1);
        let mut limit = (most / ENTRY_TOKENS_GUESS).max(1);
        let (entries, text, tokens, count) = loop {
            let entries = ranking.best_entries(graph, &self.records, limit);
            let (text, tokens, count) = render::fit(
                graph,
                &self.records,
                &entries,
                &ranking.file_rank,
                request.max_tokens,
                &sources,
            );
            if count < entries.len() || entries.len() < limit || limit >= most {
                break (entries, text, tokens, count);
            }
            limit = limit.saturating_mul(4).min(most);
        };
        let mut shown: Vec<u32> = Vec::new();
        for entry in entries.iter().take(count) {
            if !shown.contains(&entry.node) {
                shown.push(entry.node);
            }
        }
        shown.sort_by(|a, b| {
            ranking.file_rank[*b as usize].total_cmp(&ranking.file_rank[*a as usize])
        });
        let ranked = shown
            .into_iter()
            .map(|node| RankedFile {
                path: self.records[graph.record_of(node)].path.clone(),
                score: ranking.file_rank[node as usize],
                reasons: if request.explain {
                    ranking.reasons(graph, &self.records, &self.symbols, node)
                } else {
                    Vec::new()
                },
            })
            .collect();
        MapOutput {
            text,
            tokens,
            ranked,
        }
    }

    /// All mapped files (relative paths with `/`), sorted.
    pub fn files(&self) -> &[String] {
        &self.files
    }

    /// Every identifier defined somewhere in the map.
    pub fn identifiers(&self) -> impl Iterator<Item = &str> {
        let definers = self.graph.as_ref().map(|graph| &graph.definers);
        self.symbols
            .names()
            .enumerate()
            .filter(move |(id, _)| {
                definers.is_some_and(|definers| !definers.get(*id as u32).is_empty())
            })
            .map(|(_, name)| name)
    }

    /// The tags of one mapped file, as extracted (for inspection and tests).
    pub fn file_tags(&self, rel_path: &str) -> Option<FileTags> {
        let record = self
            .records
            .iter()
            .find(|record| record.path == rel_path && record.status.is_mapped())?;
        let definitions = record
            .definitions
            .iter()
            .map(|d| tags::Definition {
                name: self.symbols.name(d.name).to_string(),
                kind: d.kind,
                line: d.line,
                end_line: d.end_line,
            })
            .collect();
        let mut references: Vec<(String, u32)> = record
            .references
            .iter()
            .map(|(id, count)| (self.symbols.name(*id).to_string(), *count))
            .collect();
        references.sort();
        Some(FileTags {
            definitions,
            references,
            line_count: record.line_count,
        })
    }

    fn intern(
        &mut self,
        file: &WalkedFile,
        status: FileStatus,
        line_count: u32,
        tags: Option<FileTags>,
    ) -> FileRecord {
        let tags = tags.unwrap_or_default();
        let definitions = tags
            .definitions
            .into_iter()
            .map(|d| DefinitionRecord {
                name: self.symbols.intern(&d.name),
                kind: d.kind,
                line: d.line,
                end_line: d.end_line,
            })
            .collect();
        let references = tags
            .references
            .into_iter()
            .map(|(name, count)| (self.symbols.intern(&name), count))
            .collect();
        FileRecord {
            path: file.path.clone(),
            mtime_ns: file.mtime_ns,
            size: file.size,
            status,
            line_count,
            definitions,
            references,
        }
    }

    fn rebuild_index(&mut self) {
        let graph = FileGraph::build(&self.records, &self.symbols);
        self.files = self
            .records
            .iter()
            .filter(|record| record.status.is_mapped())
            .map(|record| record.path.clone())
            .collect();
        self.graph = Some(graph);
    }
}

/// Gives memory freed by the parse back to the operating system. glibc keeps
/// each thread's freed blocks for reuse, so without this a scan's resident size
/// stays at the high-water mark of its largest parse trees ever after.
fn release_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free memory to the system; it touches no
    // live allocation.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Reads one file and extracts its tags; decides whether it is mapped at all.
fn read_and_extract(root: &Path, file: &WalkedFile) -> (FileStatus, u32, Option<FileTags>) {
    let Ok(bytes) = std::fs::read(root.join(&file.path)) else {
        return (FileStatus::Unreadable, 0, None);
    };
    if bytes[..bytes.len().min(BINARY_PROBE_BYTES)].contains(&0) {
        return (FileStatus::Binary, 0, None);
    }
    let line_count = tags::count_lines(&bytes);
    let Some(language_id) = language::language_for_path(&file.path) else {
        return (FileStatus::NoGrammar, line_count, None);
    };
    let size = bytes.len() as u64;
    let minified_name = file.path.contains(".min.");
    if minified_name
        || (size >= MINIFIED_MIN_BYTES && size / u64::from(line_count.max(1)) >= MINIFIED_MEAN_LINE)
    {
        return (FileStatus::Minified, line_count, None);
    }
    if language_id == language::MARKDOWN && bytes.len() > MAX_MARKDOWN_BYTES {
        return (FileStatus::NoGrammar, line_count, None);
    }
    match tags::extract(language_id, &bytes) {
        Some(tags) => (
            FileStatus::Parsed(language_id as u8),
            line_count,
            Some(tags),
        ),
        None => (FileStatus::NoGrammar, line_count, None),
    }
}
