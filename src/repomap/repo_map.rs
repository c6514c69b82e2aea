//! `RepoMap`: the scanned state of one repository (records, symbols, graph) and
//! the operations on it.
//!
//! A scan is split so that a session never waits on it:
//! [`RepoMap::begin_refresh`] lists the files and takes what the tag store
//! already knows, [`RepoMap::parse_next`] parses a batch at a time (project code
//! first, files near the chat before that, vendored and generated files last),
//! and [`RepoMap::render`] maps whatever is parsed by then, rebuilding the
//! graph when the tags changed. [`RepoMap::refresh`] does all of it at once.
//!
//! The first map is ready ([`RepoMap::first_map_ready`]) once every file near
//! the chat is parsed and either all project files are, or
//! [`FIRST_MAP_FILES`] of them are.

use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};
use std::time::Instant;

use rayon::prelude::*;

use crate::repo_files::{self, ListedFile, RootDir};
use crate::safe_fs::StateDir;

use super::classify::{self, Origin};
use super::file_scan::{self, Scanned};
use super::graph::FileGraph;
use super::history::{History, Keep};
use super::language;
use super::lexical::{Document, LexicalIndex};
use super::map_records::MapRecords;
use super::parse_queue::{ParseQueue, PendingFile};
use super::rank;
use super::record::{DefinitionRecord, FileRecord, FileStatus, StoredRecord};
use super::render;
use super::repo_index::{IndexedPath, RepoIndex};
use super::request::{
    HistoryReport, MapOptions, MapOutput, MapRequest, RankedFile, ScanPlan, ScanProgress, ScanStats,
};
use super::snapshot::{self, SnapshotFile, StoredDefinitions};
use super::source_lines::SourceLines;
use super::store::{Segment, TagStore};
use super::symbols::{LazySymbols, Symbols};
use super::tags::{self, FileTags, TagKind};
use super::words;

/// Files parsed per batch by [`RepoMap::refresh`]: between batches, tags are
/// interned and the memory the parse trees used is given back, which bounds the
/// scan's peak memory.
const BATCH_FILES: usize = 256;
/// Batches on the cores at once: enough that one slow file (a 200 ms parse
/// on ansible) leaves the other cores batches to go on with.
const AHEAD_BATCHES: usize = 4;
/// A first guess of the tokens one map entry costs (a definition line is
/// usually ten or more); fewer entries than the budget allows are scored first.
const ENTRY_TOKENS_GUESS: usize = 8;
/// A first scan parsing at least this many files shows a progress bar.
const PROGRESS_MIN_FILES: usize = 2000;
/// Parsed files are written to the tag store at least this often, so a
/// session that ends mid-scan keeps most of its work.
const CHECKPOINT_FILES: usize = 16_384;
/// More store segments than this behind one map are merged into one.
const MAX_SEGMENTS: usize = 4;
/// Project files parsed after which a partial map is worth showing (about 6 s
/// of parsing on two cores for kernel C; see BENCHMARKS.md).
pub const FIRST_MAP_FILES: usize = 4096;

/// Errors of the repo map.
#[derive(Debug, thiserror::Error)]
pub enum RepoMapError {
    #[error("cannot map {path}: not a directory")]
    NotADirectory { path: PathBuf },
    #[error("cannot map {path}: {source}")]
    Unreadable {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

/// The graph of the records parsed so far, and the mapped paths in node order.
struct MapGraph {
    graph: FileGraph,
    /// Mapped paths, sorted: a path's position is its node.
    files: Vec<String>,
    /// The lexical index over the same nodes, made on first need.
    lexical: OnceLock<LexicalIndex>,
}

/// What a map restored from a snapshot still has on disk: the records'
/// references (the graph holds what ranking needs of them) and definitions
/// (read a file at a time when a ranking visits it).
struct OnDisk {
    rest: Arc<SnapshotFile>,
    definitions: StoredDefinitions,
    definition_count: usize,
    reference_count: usize,
    symbol_count: usize,
}

/// A repository's map: open once, refresh when files may have changed, render per
/// message.
pub struct RepoMap {
    root: PathBuf,
    /// Shared with the batch being parsed while the last one is interned.
    reader: Arc<RootDir>,
    options: MapOptions,
    fingerprint: u64,
    symbols: LazySymbols,
    /// Every listed file read so far (mapped or not), in no particular order.
    records: Vec<FileRecord>,
    queue: ParseQueue,
    /// Built on first need after the records change.
    graph: OnceLock<MapGraph>,
    /// The snapshot key of this scan's listing, when the scan started from an
    /// empty map and every file's content hash was known: once the scan is done,
    /// the map is kept under it (see `snapshot`).
    scan_key: Option<u64>,
    /// Set while the records came from a snapshot and lack their references.
    on_disk: Option<OnDisk>,
    store: Option<TagStore>,
    state: Option<StateDir>,
    /// This user's secret: a snapshot is kept and restored only under it.
    secret: Option<snapshot::Secret>,
    /// The per-repository index as last loaded or saved.
    index: RepoIndex,
    index_loaded: bool,
    index_dirty: bool,
    /// Records parsed but not yet written to the store.
    unsaved: Vec<usize>,
    /// Segments this map wrote (superseded ones are removed when merged).
    written: Vec<String>,
    /// This scan so far.
    stats: ScanStats,
    scan_total: usize,
    scan_parsed: usize,
    project_parsed: usize,
    /// The co-change table, built on a thread of its own.
    history: History,
    /// Batches handed to the cores, oldest first.
    ahead: VecDeque<Parsing>,
    /// Files parsed and not yet absorbed, in queue order.
    ready: VecDeque<(PendingFile, Scanned)>,
}

/// The listed files against the records of the last scan: those to look up by hash,
/// those to read, and how many records went and files were too big.
struct Matched {
    lookups: Vec<(ListedFile, [u8; 20])>,
    unknown: Vec<ListedFile>,
    removed: usize,
    skipped: usize,
}

impl RepoMap {
    /// Opens the map of `root`. Nothing is read or listed until a refresh; the
    /// tag store and state folder are opened now (a failure only turns the
    /// cache off, and says so in the first scan's stats).
    pub fn open(root: &Path, options: MapOptions) -> Result<RepoMap, RepoMapError> {
        if !root.is_dir() {
            return Err(RepoMapError::NotADirectory {
                path: root.to_path_buf(),
            });
        }
        let root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
        let reader = RootDir::open(&root).map_err(|source| RepoMapError::Unreadable {
            path: root.clone(),
            source,
        })?;
        let fingerprint = language::query_fingerprint();
        let mut stats = ScanStats::default();
        let (store, state, secret) = if options.cache {
            let store = options
                .cache_dir
                .clone()
                .or_else(TagStore::default_path)
                .ok_or_else(|| "no per-user cache folder is known".to_string())
                .and_then(|path| {
                    TagStore::open(&path, fingerprint, options.cache_max_bytes).map_err(|err| {
                        format!("cannot open the tag store {}: {err}", path.display())
                    })
                });
            let state = match &options.state_dir {
                Some(state) => Ok(state.clone()),
                None => StateDir::open(&root)
                    .map_err(|err| format!("cannot open the state folder: {err}")),
            };
            let secret = options
                .user_state
                .clone()
                .or_else(crate::safe_fs::user_state_folder)
                .ok_or_else(|| "no per-user state folder is known".to_string())
                .and_then(|folder| {
                    crate::safe_fs::user_secret(&folder).map_err(|err| {
                        format!(
                            "the map is not kept between runs: no secret of this user's in {}: {err}",
                            folder.display()
                        )
                    })
                });
            let mut problems = Vec::new();
            let store = store.map_err(|err| problems.push(err)).ok();
            let state = state.map_err(|err| problems.push(err)).ok();
            let secret = secret.map_err(|err| problems.push(err)).ok();
            if !problems.is_empty() {
                stats.cache_error = Some(problems.join("; "));
            }
            (store, state, secret)
        } else {
            (None, None, None)
        };
        let history = if options.history_commits > 0 && options.use_git {
            let keep = Keep {
                state: state.clone(),
                secret,
            };
            History::start(
                root.clone(),
                keep,
                options.history_commits,
                options.history_wake.clone(),
            )
        } else {
            History::off()
        };
        Ok(RepoMap {
            root,
            reader: Arc::new(reader),
            options,
            fingerprint,
            symbols: LazySymbols::default(),
            records: Vec::new(),
            queue: ParseQueue::default(),
            graph: OnceLock::new(),
            scan_key: None,
            on_disk: None,
            store,
            state,
            secret,
            index: RepoIndex::default(),
            index_loaded: false,
            index_dirty: false,
            unsaved: Vec::new(),
            written: Vec::new(),
            stats,
            scan_total: 0,
            scan_parsed: 0,
            project_parsed: 0,
            history,
            ahead: VecDeque::new(),
            ready: VecDeque::new(),
        })
    }

    /// The repository root (canonical).
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The per-user tag store's folder, when the cache is on.
    pub fn tag_store_path(&self) -> Option<&Path> {
        self.store.as_ref().map(TagStore::path)
    }

    /// Starts a scan: lists the files, keeps the tags of unchanged ones, takes
    /// the tags of content the store has seen (by blob id), and queues the rest
    /// for [`RepoMap::parse_next`], project code first.
    pub fn begin_refresh(&mut self) -> Result<ScanPlan, RepoMapError> {
        let started = Instant::now();
        if !self.root.is_dir() {
            return Err(RepoMapError::NotADirectory {
                path: self.root.clone(),
            });
        }
        self.update_history();
        // Records are renumbered below: what was parsed is written first.
        if !self.unsaved.is_empty() {
            self.save_checkpoint();
        }
        let cache_error = self.stats.cache_error.take();
        self.stats = ScanStats {
            cache_error,
            ..ScanStats::default()
        };
        let mut listing = repo_files::list(&self.root, self.options.use_git);
        // The index knows the content of files git cannot vouch for; when git
        // vouches for all, a restored map never needs it.
        if listing.files.iter().any(|file| file.blob.is_none()) {
            self.ensure_index();
        }
        self.stats.walk_time = started.elapsed();
        self.stats.refused = std::mem::take(&mut listing.refused);
        self.stats.git_error = listing.git_error.take();
        let (listed, from_git) = (listing.files.len(), listing.from_git);
        // A restored map stays as it is while the tree does; a change needs what
        // it left on disk (names, definitions, references).
        if self.on_disk.is_some() && !self.records_match(&listing.files) {
            self.read_rest_from_disk();
        }
        let fresh = self.symbols.is_empty() && self.records.is_empty();
        // A graph built over records in parse order names them by position:
        // putting them in path order below makes it stale.
        let reordered = !self.records.is_sorted_by(|a, b| a.path <= b.path);
        self.scan_key = None;

        let Matched {
            lookups,
            mut unknown,
            removed,
            skipped,
        } = self.keep_unchanged(listing.files);
        let in_memory = self.records.len();
        let loading = Instant::now();
        let (found, restored) = self.restore_or_take(fresh, lookups, &mut unknown);
        self.stats.cache_load_time = loading.elapsed();
        self.queue_to_parse(unknown);
        if found > 0
            || removed > 0
            || reordered
            || !self.queue.is_empty()
            || self.graph.get().is_none()
        {
            self.graph = OnceLock::new();
            // A warm start that finds everything as the index says rewrites nothing.
            if !self.index_matches_records() {
                self.index_dirty = true;
            }
        }
        self.scan_total = self.queue.len();
        self.scan_parsed = 0;
        self.project_parsed = 0;
        self.stats.cache_hits = in_memory + found + restored;
        self.stats.removed = removed;
        self.stats.skipped = skipped;
        if self.queue.is_empty() {
            self.finish_scan();
        }
        let project_to_parse = self.queue.project_waiting();
        Ok(ScanPlan {
            listed,
            cached: in_memory + found + restored,
            project_to_parse,
            vendored_to_parse: self.queue.len() - project_to_parse,
            removed,
            from_git,
        })
    }

    /// Keeps the records of files unchanged since the last scan (in path order, in
    /// one pass over both lists) and sorts the rest by whether their content is known
    /// by hash (to look up in the tag store) or must be read.
    fn keep_unchanged(&mut self, files: Vec<ListedFile>) -> Matched {
        // Both lists in path order: kept records are matched in one pass.
        let mut previous = std::mem::take(&mut self.records);
        previous.sort_unstable_by(|a, b| a.path.cmp(&b.path));
        let mut previous = previous.into_iter().peekable();
        let mut kept: Vec<FileRecord> = Vec::with_capacity(files.len());
        let mut lookups: Vec<(ListedFile, [u8; 20])> = Vec::new();
        let mut unknown: Vec<ListedFile> = Vec::new();
        let mut removed = 0usize;
        let mut skipped = 0usize;
        for file in files {
            while previous.next_if(|record| record.path < file.path).is_some() {
                removed += 1;
            }
            let cached = previous.next_if(|record| record.path == file.path);
            if file.size > self.options.max_file_bytes {
                skipped += 1;
                removed += usize::from(cached.is_some());
                continue;
            }
            if let Some(mut record) = cached
                && unchanged(&record, &file)
            {
                record.origin = origin_of(&file, record.generated_marker);
                kept.push(record);
                continue;
            }
            let known = file
                .blob
                .or_else(|| self.index.hash_of(&file.path, file.size, file.mtime_ns));
            match known {
                Some(hash) if self.store.is_some() => lookups.push((file, hash)),
                _ => unknown.push(file),
            }
        }
        removed += previous.count();
        self.records = kept;
        Matched {
            lookups,
            unknown,
            removed,
            skipped,
        }
    }

    /// Takes the tags of known content: a whole snapshot on a fresh start that
    /// matches it, else each file from the tag store. Returns (found, restored).
    fn restore_or_take(
        &mut self,
        fresh: bool,
        lookups: Vec<(ListedFile, [u8; 20])>,
        unknown: &mut Vec<ListedFile>,
    ) -> (usize, usize) {
        let mut lookups = self.hash_unknown(lookups, unknown);
        let mut restored = 0;
        if fresh && unknown.is_empty() && !lookups.is_empty() {
            lookups.sort_unstable_by(|a, b| a.0.path.cmp(&b.0.path));
            let key = self.listing_key(&lookups);
            match self.restore(key, &mut lookups) {
                0 => self.scan_key = Some(key),
                count => restored = count,
            }
        }
        if restored == 0 {
            self.ensure_index();
        }
        let found = self.take_from_store(lookups, unknown);
        // Path order: the index is compared in one pass, and the graph's node
        // order is the identity.
        self.records.sort_unstable_by(|a, b| a.path.cmp(&b.path));
        (found, restored)
    }

    /// Queues the files whose tags must be parsed, project code first.
    fn queue_to_parse(&mut self, unknown: Vec<ListedFile>) {
        let pending: Vec<PendingFile> = unknown
            .into_iter()
            .map(|file| PendingFile {
                origin: classify::classify_path(&file.path, file.linguist),
                path: file.path,
                size: file.size,
                mtime_ns: file.mtime_ns,
                linguist: file.linguist,
                blob: file.blob,
            })
            .collect();
        let wanted = self.queue.wanted().to_vec();
        // What the last queue still had in hand is read again from this one.
        self.ahead.clear();
        self.ready.clear();
        self.queue = ParseQueue::new(pending, self.options.map_vendored, wanted);
    }

    /// Whether the index as loaded describes the records (sorted by path)
    /// exactly.
    fn index_matches_records(&self) -> bool {
        let cached = self
            .records
            .iter()
            .filter(|record| record.status != FileStatus::Unreadable);
        self.index.files.len() == cached.clone().count()
            && cached.zip(&self.index.files).all(|(record, indexed)| {
                record.path == indexed.path
                    && record.size == indexed.size
                    && record.mtime_ns == indexed.mtime_ns
                    && record.hash == indexed.hash
            })
    }

    /// Hashes the files whose content hash is not known yet (changed files, a
    /// copy without an index, files git cannot vouch for) when the store has
    /// anything that might match: reading and hashing costs far less than
    /// parsing. An empty store (a first scan) skips this.
    fn hash_unknown(
        &self,
        mut lookups: Vec<(ListedFile, [u8; 20])>,
        unknown: &mut Vec<ListedFile>,
    ) -> Vec<(ListedFile, [u8; 20])> {
        let Some(store) = &self.store else {
            return lookups;
        };
        if unknown.is_empty() || store.segment_names().is_empty() {
            return lookups;
        }
        let reader = &self.reader;
        let limit = self.options.max_file_bytes;
        let hashed: Vec<(ListedFile, Option<[u8; 20]>)> = std::mem::take(unknown)
            .into_par_iter()
            .map(|file| {
                let hash = reader
                    .read(&file.path, limit)
                    .ok()
                    .and_then(|bytes| crate::git::blob_id(&bytes));
                (file, hash)
            })
            .collect();
        for (file, hash) in hashed {
            match hash {
                Some(hash) => lookups.push((file, hash)),
                None => unknown.push(file),
            }
        }
        lookups
    }

    /// Finds the tags of `lookups` in the store (the segments the repository
    /// used last first, then any other); what is not found joins `unknown`.
    /// Returns how many were found.
    fn take_from_store(
        &mut self,
        lookups: Vec<(ListedFile, [u8; 20])>,
        unknown: &mut Vec<ListedFile>,
    ) -> usize {
        let Some(store) = &self.store else {
            unknown.extend(lookups.into_iter().map(|(file, _)| file));
            return 0;
        };
        if lookups.is_empty() {
            return 0;
        }
        let mut wanted: HashMap<[u8; 20], Vec<ListedFile>> = HashMap::new();
        for (file, hash) in lookups {
            wanted.entry(hash).or_default().push(file);
        }
        let mut candidates: Vec<String> = self.index.segments.clone();
        for name in store.segment_names() {
            if !candidates.contains(&name) {
                candidates.push(name);
            }
        }
        let mut used: Vec<String> = Vec::new();
        let mut found = 0usize;
        for name in candidates {
            if wanted.is_empty() {
                break;
            }
            // The hash list alone says whether the whole segment is worth reading.
            let Some(hashes) = store.load_hashes(&name) else {
                continue;
            };
            if !hashes.iter().any(|hash| wanted.contains_key(hash)) {
                continue;
            }
            let Some(segment) = store.load(&name) else {
                continue;
            };
            found += adopt(
                self.symbols.get_mut(),
                &mut self.records,
                segment,
                &mut wanted,
            );
            used.push(name);
        }
        unknown.extend(wanted.into_values().flatten());
        // The segments that served this repository are tried first next time.
        let mut before = std::mem::take(&mut self.index.segments);
        for name in &before {
            if !used.contains(name) {
                used.push(name.clone());
            }
        }
        let mut after = used.clone();
        before.sort();
        after.sort();
        if before != after {
            self.index_dirty = true;
        }
        self.index.segments = used;
        found
    }

    /// Reads the per-repository index, once.
    fn ensure_index(&mut self) {
        if !self.index_loaded {
            if let Some(state) = &self.state {
                self.index = RepoIndex::load(state, self.fingerprint);
            }
            self.index_loaded = true;
        }
    }

    /// The snapshot key of a listing whose every file's content hash is known
    /// (`files` in path order).
    fn listing_key(&self, files: &[(ListedFile, [u8; 20])]) -> u64 {
        snapshot::key(
            self.fingerprint,
            self.options.map_vendored,
            self.options.max_file_bytes,
            files
                .iter()
                .map(|(file, hash)| (file.path.as_str(), hash, file.linguist)),
        )
    }

    /// Restores the map of `files` (in path order) from the snapshot kept under
    /// `key`, taking them; returns how many were restored (0 when there is no
    /// usable snapshot, and then `files` are left as they were).
    fn restore(&mut self, key: u64, files: &mut Vec<(ListedFile, [u8; 20])>) -> usize {
        let (Some(state), Some(secret)) = (&self.state, &self.secret) else {
            return 0;
        };
        let Some(snapshot) = snapshot::load(state, secret, key, files.len()) else {
            return 0;
        };
        if let Some(store) = &self.store {
            store.renew(&snapshot.segments);
        }
        let rest = Arc::new(snapshot.rest);
        let symbol_count = snapshot.graph.name_weight.len();
        self.records = files
            .drain(..)
            .zip(snapshot.records)
            .map(|((file, hash), tags)| FileRecord {
                origin: origin_of(&file, tags.generated_marker),
                path: file.path,
                mtime_ns: file.mtime_ns,
                size: file.size,
                hash,
                status: tags.status,
                line_count: tags.line_count,
                generated_marker: tags.generated_marker,
                definitions: tags.definitions,
                references: tags.references,
            })
            .collect();
        let names = Arc::clone(&rest);
        self.symbols = LazySymbols::stored(Box::new(move || names.names()));
        let files = snapshot
            .graph
            .records
            .iter()
            .map(|&index| self.records[index as usize].path.clone())
            .collect();
        self.graph = OnceLock::from(MapGraph {
            graph: snapshot.graph,
            files,
            lexical: OnceLock::new(),
        });
        self.on_disk = Some(OnDisk {
            definitions: StoredDefinitions::new(Arc::clone(&rest)),
            rest,
            definition_count: snapshot.definition_count,
            reference_count: snapshot.reference_count,
            symbol_count,
        });
        self.records.len()
    }

    /// Whether the listing (in path order) is the restored records' files,
    /// each unchanged.
    fn records_match(&self, files: &[ListedFile]) -> bool {
        let limit = self.options.max_file_bytes;
        let mut records = self.records.iter();
        files.iter().filter(|file| file.size <= limit).all(|file| {
            records
                .next()
                .is_some_and(|record| record.path == file.path && unchanged(record, file))
        }) && records.next().is_none()
    }

    /// Reads what a restored map left on disk (its identifiers' names and its
    /// records' definitions and references), so the map can change; when that
    /// fails the map starts over empty.
    fn read_rest_from_disk(&mut self) {
        let Some(on_disk) = self.on_disk.take() else {
            return;
        };
        let names_read = self.symbols.get_mut().len() == on_disk.symbol_count;
        let lists = on_disk.rest.definitions().zip(on_disk.rest.references());
        match lists {
            Some((definitions, references))
                if names_read
                    && definitions.len() == self.records.len()
                    && references.len() == self.records.len() =>
            {
                let lists = definitions.into_iter().zip(references);
                for (record, (definitions, references)) in self.records.iter_mut().zip(lists) {
                    record.definitions = definitions;
                    record.references = references;
                }
            }
            _ => {
                self.records.clear();
                self.symbols = LazySymbols::default();
                self.graph = OnceLock::new();
            }
        }
    }

    /// Moves the files among `paths` (chat files, mentioned files) and the files
    /// of their folders to the front of what is still to parse; remembered for
    /// later scans.
    pub fn prioritize(&mut self, paths: &[String]) {
        let paths: Vec<String> = paths
            .iter()
            .map(|path| rank::normalize_path(path))
            .collect();
        self.queue.prioritize(&paths);
    }

    /// Parses the next `max_files` queued files (on every core) and says how
    /// far the scan has come. Batches after them are handed to the cores before
    /// these are waited for, so no core idles at a batch's end (its last large
    /// file on one core, the interning on this thread) and the caller's work
    /// between calls overlaps the parsing. Files are absorbed in queue order,
    /// so the records, and the map, do not depend on timing. Parsed tags are
    /// written to the store every [`CHECKPOINT_FILES`] files and when the
    /// queue empties.
    pub fn parse_next(&mut self, max_files: usize) -> ScanProgress {
        let started = Instant::now();
        let max_files = max_files.max(1);
        loop {
            while self.ahead.len() < AHEAD_BATCHES && !self.queue.all_handed_out() {
                let batch = self.queue.hand_out(max_files);
                let reader = &self.reader;
                self.ahead
                    .push_back(spawn_batch(reader, self.options.max_file_bytes, batch));
            }
            if self.ready.len() >= max_files {
                break;
            }
            let Some(parsing) = self.ahead.pop_front() else {
                break;
            };
            self.ready.extend(parsing.finish());
        }
        let count = max_files.min(self.ready.len());
        if count > 0 {
            let scanned: ScannedBatch = self.ready.drain(..count).collect();
            self.queue.parsed(count);
            self.absorb(scanned);
            self.stats.parse_time += started.elapsed();
            if self.queue.is_empty() {
                self.finish_scan();
            }
        }
        self.progress()
    }

    /// Parses everything queued, batch by batch.
    fn parse_all(&mut self, progress: Option<&indicatif::ProgressBar>) {
        while !self.queue.is_empty() {
            let step = self.parse_next(BATCH_FILES);
            if let Some(bar) = progress {
                bar.set_position(step.parsed as u64);
            }
        }
    }

    /// Interns a parsed batch into the records; writes a checkpoint when enough
    /// is unsaved.
    fn absorb(&mut self, batch: ScannedBatch) {
        for (file, scanned) in batch {
            if !file.origin.is_damped() || self.options.map_vendored {
                self.project_parsed += 1;
            }
            let record = self.intern(file, scanned);
            if record.status != FileStatus::Unreadable {
                self.unsaved.push(self.records.len());
            }
            self.records.push(record);
            self.scan_parsed += 1;
        }
        release_free_memory();
        self.graph = OnceLock::new();
        self.index_dirty = true;
        self.stats.parsed = self.scan_parsed;
        if self.unsaved.len() >= CHECKPOINT_FILES {
            self.save_checkpoint();
        }
    }

    /// How far the current scan has come.
    pub fn progress(&self) -> ScanProgress {
        ScanProgress {
            parsed: self.scan_parsed,
            total: self.scan_total,
            phase: self.queue.phase(),
            done: self.queue.is_empty(),
            first_map_ready: self.first_map_ready(),
        }
    }

    /// Whether a partial map is worth showing: no file near the chat is waiting,
    /// and all project files, or [`FIRST_MAP_FILES`] of them, are parsed.
    pub fn first_map_ready(&self) -> bool {
        !self.queue.near_chat_waiting()
            && (self.queue.project_waiting() == 0 || self.project_parsed >= FIRST_MAP_FILES)
    }

    /// Lists, parses and saves everything (project code first, vendored and
    /// generated files after), then builds the graph: what `aider-tui map` needs
    /// before it prints.
    pub fn refresh(&mut self) -> Result<ScanStats, RepoMapError> {
        let started = Instant::now();
        let plan = self.begin_refresh()?;
        let total = plan.project_to_parse + plan.vendored_to_parse;
        let progress = (self.options.progress && total >= PROGRESS_MIN_FILES).then(|| {
            let bar = indicatif::ProgressBar::with_draw_target(
                Some(total as u64),
                indicatif::ProgressDrawTarget::stderr(),
            );
            bar.set_message(if plan.cached == 0 {
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
        self.parse_all(progress.as_ref());
        if let Some(bar) = progress {
            bar.finish_and_clear();
        }
        let graph_started = Instant::now();
        // Path order now makes the node order the identity.
        if !self.records.is_sorted_by(|a, b| a.path <= b.path) {
            self.records.sort_by(|a, b| a.path.cmp(&b.path));
            self.graph = OnceLock::new();
        }
        let _ = self.map_graph();
        let mut stats = self.stats.clone();
        stats.graph_time = graph_started.elapsed();
        for record in &self.records {
            if record.status.is_mapped() {
                stats.files += 1;
                stats.definitions += record.definitions.len();
                stats.references += record.references.len();
                if record.origin.is_damped() {
                    stats.vendored += 1;
                }
            } else {
                stats.skipped += 1;
            }
        }
        // A restored map's definitions and references are still on disk.
        if let Some(on_disk) = &self.on_disk {
            stats.definitions += on_disk.definition_count;
            stats.references += on_disk.reference_count;
        }
        stats.tags = stats.definitions + stats.references;
        stats.total_time = started.elapsed();
        Ok(stats)
    }

    /// Writes the files parsed since the last checkpoint to the store as a new
    /// segment, and the per-repository index.
    fn save_checkpoint(&mut self) {
        let Some(store) = &self.store else {
            self.unsaved.clear();
            return;
        };
        if !self.unsaved.is_empty() {
            let records: Vec<&FileRecord> = self
                .unsaved
                .iter()
                .filter_map(|&index| self.records.get(index))
                .collect();
            match store.write(&records, self.symbols.get()) {
                Ok(name) => {
                    self.index.segments.insert(0, name.clone());
                    self.written.push(name);
                }
                Err(err) => {
                    self.stats.cache_error = Some(format!(
                        "could not write to the tag store {}: {err}",
                        store.path().display()
                    ));
                }
            }
            self.unsaved.clear();
        }
        self.save_index();
    }

    /// Ends a scan: the last checkpoint, segments merged when there are many,
    /// the index saved and the store trimmed to its cap.
    fn finish_scan(&mut self) {
        if !self.unsaved.is_empty() {
            self.save_checkpoint();
        }
        let Some(store) = self.store.take() else {
            return;
        };
        // A restored map's records lack their references: it has nothing to merge.
        if self.index.segments.len() > MAX_SEGMENTS && self.on_disk.is_none() {
            let records: Vec<&FileRecord> = self
                .records
                .iter()
                .filter(|record| record.status != FileStatus::Unreadable)
                .collect();
            if let Ok(name) = store.write(&records, self.symbols.get()) {
                // Segments this process wrote are superseded; others may serve
                // another worktree and age out of the store by themselves.
                for old in std::mem::take(&mut self.written) {
                    store.remove(&old);
                }
                self.index.segments = vec![name.clone()];
                self.written.push(name);
                self.index_dirty = true;
            }
        }
        if self.index_dirty {
            self.save_index();
        }
        store.evict(&self.index.segments);
        self.store = Some(store);
    }

    fn save_index(&mut self) {
        self.ensure_index();
        let Some(state) = &self.state else {
            return;
        };
        let mut files: Vec<IndexedPath> = self
            .records
            .iter()
            .filter(|record| record.status != FileStatus::Unreadable)
            .map(|record| IndexedPath {
                path: record.path.clone(),
                size: record.size,
                mtime_ns: record.mtime_ns,
                hash: record.hash,
            })
            .collect();
        files.sort_by(|a, b| a.path.cmp(&b.path));
        self.index.files = files;
        match self.index.save(state, self.fingerprint) {
            Ok(()) => self.index_dirty = false,
            Err(err) => {
                self.stats.cache_error = Some(format!(
                    "could not write the repo map index in {}: {err}",
                    state.path().display()
                ));
            }
        }
        // The paths live on in the records; the index's copy is not needed
        // until the next save.
        self.index.files = Vec::new();
    }

    /// The graph over what is parsed so far (built now if the tags changed).
    fn map_graph(&self) -> &MapGraph {
        self.graph.get_or_init(|| {
            let mut order: Vec<u32> = (0..self.records.len() as u32)
                .filter(|&index| self.records[index as usize].status.is_mapped())
                .collect();
            order.sort_by(|a, b| {
                self.records[*a as usize]
                    .path
                    .cmp(&self.records[*b as usize].path)
            });
            let graph = FileGraph::build(
                &self.records,
                &order,
                self.symbols.get(),
                self.options.map_vendored,
            );
            let files = order
                .iter()
                .map(|&index| self.records[index as usize].path.clone())
                .collect();
            MapGraph {
                graph,
                files,
                lexical: OnceLock::new(),
            }
        })
    }

    /// The lexical index of the map as it is: read from the snapshot a restored
    /// map came from, else (or when that does not hold) built from the records.
    fn lexical(&self) -> &LexicalIndex {
        let MapGraph {
            graph,
            files,
            lexical,
        } = self.map_graph();
        lexical.get_or_init(|| {
            let stored = self
                .on_disk
                .as_ref()
                .and_then(|on_disk| on_disk.rest.lexical(files.len()));
            if let Some(stored) = stored {
                return stored;
            }
            let records = self.map_records();
            let symbols = self.symbols.get();
            LexicalIndex::build(files.len(), |node| Document {
                path: &files[node as usize],
                names: records
                    .definitions(graph.record_of(node))
                    .iter()
                    .filter(|definition| definition.kind != TagKind::Impl)
                    .map(|definition| symbols.name(definition.name))
                    .collect(),
            })
        })
    }

    /// Keeps the map on disk for the next process (see `snapshot`) once a scan
    /// that started from nothing, knowing every file's content, is done; does
    /// nothing otherwise, or the second time. On a kernel-sized tree this writes
    /// a few hundred megabytes: run it after the map that was asked for is out.
    pub fn keep(&mut self) -> Result<(), String> {
        if !self.queue.is_empty() {
            return Ok(());
        }
        let Some(key) = self.scan_key.take() else {
            return Ok(());
        };
        let unreadable = self
            .records
            .iter()
            .any(|record| record.status == FileStatus::Unreadable);
        let (Some(state), Some(secret)) =
            (self.state.as_ref().filter(|_| !unreadable), &self.secret)
        else {
            return Ok(());
        };
        let mut records: Vec<&FileRecord> = self.records.iter().collect();
        records.sort_by(|a, b| a.path.cmp(&b.path));
        let graph = &self.map_graph().graph;
        let lexical = self.lexical();
        let segments = &self.index.segments;
        snapshot::save(
            state,
            secret,
            key,
            &records,
            self.symbols.get(),
            graph,
            lexical,
            segments,
        )
        .map_err(|err| {
            format!(
                "could not keep the repo map in {}: {err}",
                state.path().display()
            )
        })
    }

    /// Ranks and renders the map for one request from whatever is parsed so
    /// far; reads only the lines it shows from the shown files.
    pub fn render(&self, request: &MapRequest) -> MapOutput {
        let MapGraph { graph, files, .. } = self.map_graph();
        if graph.node_count() == 0 {
            return MapOutput::default();
        }
        let records = self.map_records();
        if request.wait_for_history {
            self.history.wait();
        }
        let without_history = !self.history.is_settled();
        let history = self.history.get().map(|table| table.by_node(files));
        let query = words::query_terms(&request.message);
        let relevance = if query.is_empty() {
            Vec::new()
        } else {
            self.lexical().score(&query)
        };
        let ranking = rank::rank(
            graph,
            records,
            &self.symbols,
            files,
            request,
            history.as_ref(),
            rank::Relevance {
                query: &query,
                files: &relevance,
            },
        );
        let sources = SourceLines::new(&self.reader, render::MAX_LINE_CHARS);
        // Every entry costs at least a token, so no more than the budget can fit;
        // most cost ten or more, so few are scored first, more only if they all fit.
        let most = request.max_tokens.max(1);
        let mut limit = (most / ENTRY_TOKENS_GUESS).max(1);
        let (entries, text, tokens, count) = loop {
            let entries = ranking.best_entries(graph, records, &self.symbols, limit);
            let (text, tokens, count) = render::fit(
                graph,
                records,
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
            .map(|node| {
                let record = &self.records[graph.record_of(node)];
                let (matched_in_path, matched_in_definitions) = match request.explain {
                    true => ranking.matched_words(node),
                    false => (Vec::new(), Vec::new()),
                };
                RankedFile {
                    matched_in_path,
                    matched_in_definitions,
                    path: record.path.clone(),
                    score: ranking.file_rank[node as usize],
                    reasons: if request.explain {
                        ranking.reasons(graph, records, self.symbols.get(), node)
                    } else {
                        Vec::new()
                    },
                    classification: request
                        .explain
                        .then(|| self.classification(record.origin))
                        .flatten(),
                }
            })
            .collect();
        MapOutput {
            text,
            tokens,
            ranked,
            without_history,
        }
    }

    /// The files the words of `message` are about, best first, with their
    /// lexical scores: what a request with this message seeds the ranking with.
    pub fn message_relevance(&self, message: &str) -> Vec<(String, f64)> {
        let query = words::query_terms(message);
        if query.is_empty() {
            return Vec::new();
        }
        let files = &self.map_graph().files;
        self.lexical()
            .score(&query)
            .into_iter()
            .map(|file| (files[file.node as usize].clone(), file.score))
            .collect()
    }

    /// Brings the co-change table up to date when HEAD has moved since it was
    /// read (a commit of the tool's, a checkout): only the new commits are read.
    fn update_history(&mut self) {
        if self.options.history_commits == 0 || !self.options.use_git {
            return;
        }
        let head = crate::git::GitRepo::discover(&self.root)
            .ok()
            .flatten()
            .and_then(|repo| repo.head());
        if self.history.is_behind(head.as_deref()) {
            let keep = Keep {
                state: self.state.clone(),
                secret: self.secret,
            };
            self.history.restart(
                self.root.clone(),
                keep,
                self.options.history_commits,
                self.options.history_wake.clone(),
            );
        }
    }

    /// Waits until the co-change table is read (maps made before rank without
    /// it); what went wrong reading it, if anything. For a one-shot map, whose
    /// output should not depend on timing.
    pub fn wait_for_history(&self) -> HistoryReport {
        match self.history.wait() {
            Some(built) => HistoryReport {
                commits: built.co_change.as_ref().map_or(0, |table| table.commits),
                read: built.read,
                time: built.time,
                warning: (!built.warnings.is_empty()).then(|| built.warnings.join("; ")),
            },
            None => HistoryReport::default(),
        }
    }

    /// What went wrong reading the co-change table so far, without waiting (a
    /// damaged or foreign kept table is known from the start, the walk's
    /// problems once it ends: `MapOptions::history_wake` is called then).
    pub fn history_warnings(&self) -> Vec<String> {
        self.history.warnings()
    }

    /// How a file's origin is explained, given the options.
    fn classification(&self, origin: Origin) -> Option<String> {
        let described = origin.describe()?;
        Some(if self.options.map_vendored && origin.is_damped() {
            format!("{described} (mapped as project code: --map-vendored)")
        } else {
            described
        })
    }

    /// All mapped files parsed so far (relative paths with `/`), sorted.
    pub fn files(&self) -> &[String] {
        &self.map_graph().files
    }

    /// Every identifier defined somewhere in the map.
    pub fn identifiers(&self) -> impl Iterator<Item = &str> {
        let definers = &self.map_graph().graph.definers;
        self.symbols
            .get()
            .names()
            .enumerate()
            .filter(move |(id, _)| !definers.get(*id as u32).is_empty())
            .map(|(_, name)| name)
    }

    /// Why a mapped file counts as vendored or generated, if it does.
    pub fn classification_of(&self, rel_path: &str) -> Option<String> {
        let record = self.records.iter().find(|record| record.path == rel_path)?;
        self.classification(record.origin)
    }

    /// The records, with a restored map's definitions read on first need.
    fn map_records(&self) -> MapRecords<'_> {
        let stored = self.on_disk.as_ref().map(|on_disk| &on_disk.definitions);
        MapRecords::new(&self.records, stored)
    }

    /// The tags of one mapped file, as extracted (for inspection and tests).
    pub fn file_tags(&self, rel_path: &str) -> Option<FileTags> {
        let index = self
            .records
            .iter()
            .position(|record| record.path == rel_path && record.status.is_mapped())?;
        let record = &self.records[index];
        let symbols = self.symbols.get();
        // A restored map reads the references from its snapshot.
        let on_disk = match &self.on_disk {
            Some(on_disk) => on_disk.rest.references()?.into_iter().nth(index),
            None => None,
        };
        let definitions = self
            .map_records()
            .definitions(index)
            .iter()
            .map(|d| tags::Definition {
                name: symbols.name(d.name).to_string(),
                kind: d.kind,
                line: d.line,
                end_line: d.end_line,
            })
            .collect();
        let mut references: Vec<(String, u32)> = on_disk
            .as_ref()
            .unwrap_or(&record.references)
            .iter()
            .map(|(id, count)| (symbols.name(*id).to_string(), *count))
            .collect();
        references.sort();
        Some(FileTags {
            definitions,
            references,
            line_count: record.line_count,
        })
    }

    fn intern(&mut self, file: PendingFile, scanned: Scanned) -> FileRecord {
        let tags = scanned.tags.unwrap_or_default();
        let symbols = self.symbols.get_mut();
        let definitions = tags
            .definitions
            .into_iter()
            .map(|d| DefinitionRecord {
                name: symbols.intern(&d.name),
                kind: d.kind,
                line: d.line,
                end_line: d.end_line,
            })
            .collect();
        let references = tags
            .references
            .into_iter()
            .map(|(name, count)| (symbols.intern(&name), count))
            .collect();
        FileRecord {
            origin: classify::classify_content(
                file.origin,
                file.linguist,
                scanned.generated_marker,
            ),
            path: file.path,
            mtime_ns: file.mtime_ns,
            size: file.size,
            hash: scanned.hash.unwrap_or([0; 20]),
            status: scanned.status,
            line_count: scanned.line_count,
            generated_marker: scanned.generated_marker,
            definitions,
            references,
        }
    }
}

/// Files of one batch with what reading each gave.
type ScannedBatch = Vec<(PendingFile, Scanned)>;

/// A batch handed to the cores.
struct Parsing {
    files: Vec<PendingFile>,
    done: std::sync::mpsc::Receiver<ScannedBatch>,
}

impl Parsing {
    /// Waits for the batch, in the order it was handed out. A batch whose
    /// parse panicked gives its files as unreadable (the next scan reads them
    /// again) rather than taking the map down.
    fn finish(self) -> ScannedBatch {
        self.done.recv().unwrap_or_else(|_| {
            tracing::warn!(
                files = self.files.len(),
                "a batch of the repo map's parse failed"
            );
            let unread = self.files.into_iter();
            unread.map(|file| (file, Scanned::unreadable())).collect()
        })
    }
}

/// Starts parsing `batch` on the cores (rayon's pool) and returns at once.
fn spawn_batch(reader: &Arc<RootDir>, limit: u64, batch: Vec<PendingFile>) -> Parsing {
    let (sender, done) = std::sync::mpsc::channel();
    let files = batch.clone();
    let reader = Arc::clone(reader);
    rayon::spawn(move || {
        // A panic in a spawned job would abort the process; caught, it drops
        // the sender and the batch is reported unread.
        let scanned = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            scan_batch(&reader, limit, batch)
        }));
        if let Ok(scanned) = scanned {
            let _ = sender.send(scanned);
        }
    });
    Parsing { files, done }
}

/// Reads and parses a batch on every core in the order given (the queue hands
/// it out largest first), a file at a time: split into rayon's default runs,
/// the largest files stayed together on one core, and a cold map of
/// psf/requests parsed its last 0.15 s there alone.
fn scan_batch(reader: &RootDir, limit: u64, batch: Vec<PendingFile>) -> ScannedBatch {
    let scanned: Vec<Scanned> = batch
        .par_iter()
        .with_max_len(1)
        .map(|file| {
            let vouched = file.blob.map(|blob| file_scan::Vouched {
                blob,
                size: file.size,
            });
            file_scan::scan(reader, &file.path, limit, vouched)
        })
        .collect();
    batch.into_iter().zip(scanned).collect()
}

/// Whether a record still describes a listed file: same size and time, the
/// same content when git vouches for one, and read the last time.
fn unchanged(record: &FileRecord, file: &ListedFile) -> bool {
    record.size == file.size
        && record.mtime_ns == file.mtime_ns
        && file.blob.is_none_or(|blob| blob == record.hash)
        && record.status != FileStatus::Unreadable
}

/// A listed file's origin from its path, attributes and stored marker.
fn origin_of(file: &ListedFile, generated_marker: bool) -> Origin {
    let origin = classify::classify_path(&file.path, file.linguist);
    classify::classify_content(origin, file.linguist, generated_marker)
}

/// Takes the records `wanted` from `segment` into `records`, renumbering its
/// identifiers into `symbols` (or adopting its table whole when `symbols` is
/// still empty). Returns how many files were served.
fn adopt(
    symbols: &mut Symbols,
    records: &mut Vec<FileRecord>,
    segment: Segment,
    wanted: &mut HashMap<[u8; 20], Vec<ListedFile>>,
) -> usize {
    let Segment {
        hashes,
        symbols: segment_symbols,
        records: stored,
        ..
    } = segment;
    // The first segment's table becomes the map's: no identifier is re-interned.
    let segment_symbols = if symbols.len() == 0 {
        *symbols = segment_symbols;
        None
    } else {
        Some(segment_symbols)
    };
    let mut renumber = vec![u32::MAX; segment_symbols.as_ref().map_or(0, Symbols::len)];
    let mut served = 0usize;
    let mut stored: Vec<Option<StoredRecord>> = stored.into_iter().map(Some).collect();
    for (position, hash) in hashes.iter().enumerate() {
        let Some(files) = wanted.remove(hash) else {
            continue;
        };
        let Some(mut tags) = stored[position].take() else {
            continue;
        };
        if let Some(segment_symbols) = &segment_symbols {
            let mut local = |id: u32| -> u32 {
                let slot = &mut renumber[id as usize];
                if *slot == u32::MAX {
                    *slot = symbols.intern(segment_symbols.name(id));
                }
                *slot
            };
            for definition in &mut tags.definitions {
                definition.name = local(definition.name);
            }
            for reference in &mut tags.references {
                reference.0 = local(reference.0);
            }
        }
        let count = files.len();
        for (copy, file) in files.into_iter().enumerate() {
            let tags = if copy + 1 == count {
                std::mem::take(&mut tags)
            } else {
                tags.clone()
            };
            records.push(FileRecord {
                origin: origin_of(&file, tags.generated_marker),
                path: file.path,
                mtime_ns: file.mtime_ns,
                size: file.size,
                hash: *hash,
                status: tags.status,
                line_count: tags.line_count,
                generated_marker: tags.generated_marker,
                definitions: tags.definitions,
                references: tags.references,
            });
            served += 1;
        }
    }
    served
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
