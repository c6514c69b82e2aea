//! Co-change from git history: files that changed in the same commits rank up
//! beside a chat file, and are joined by edges of the ranking graph beside the
//! identifier edges. The files a change touches are often tied by history
//! rather than by identifiers (a handler and its registration, code and docs).
//!
//! Only HEAD's ancestry is read (see `git::GitRepo::changed_files`): the newest
//! `limit` non-merge commits, commits of more than [`MAX_COMMIT_FILES`] files
//! left out. A commit weighs less the older it is (halving every
//! [`HALF_LIFE_COMMITS`]); a pair's strength is its weighted count of shared
//! commits over the geometric mean of the two files' weighted counts, so a file
//! that changes in every commit (a changelog) is tied to nothing in particular.
//! Exact renames are followed: an old path's commits count for its new one.
//!
//! The commits' file lists are kept in the state folder (`repomap-history.bin`),
//! signed with this user's secret (the folder may be the repository's, and a
//! repository can commit one: a table that is not this user's, or is damaged,
//! is reported and rebuilt), under the commit they were read at; a later HEAD
//! reads only the commits since. The table is built on a thread of its own:
//! maps made before it is ready rank without history.

use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock, mpsc};

use crate::git::{ChangedFiles, GitRepo};
use crate::safe_fs::StateDir;

use super::snapshot::{Secret, hmac_sha256, same_digest};

/// The table's file in the state folder.
pub const HISTORY_FILE_NAME: &str = "repomap-history.bin";
/// Commits changing more files than this say little about any pair of them
/// (reformatting, a vendored update, a licence header) and are left out.
pub const MAX_COMMIT_FILES: usize = 50;
/// A commit this many commits older than HEAD counts half as much.
const HALF_LIFE_COMMITS: f64 = 500.0;
/// Partners kept per file, strongest first.
const MAX_PARTNERS: usize = 12;
/// The file's magic and format version: magic, the body's length (`u64`, little
/// endian), the body's MAC, the body.
const MAGIC: &[u8; 8] = b"ATMHIST2";
/// What every version's magic starts with: an older table is read again, unreported.
const MAGIC_FAMILY: &[u8; 7] = b"ATMHIST";
const MAC_BYTES: usize = 32;
const HEADER_BYTES: usize = MAGIC.len() + 8 + MAC_BYTES;
/// A table's body is at most this per commit of the walk's limit (ids of up to 50
/// files and renames at five bytes each, and the paths a commit brings in), plus
/// [`BASE_TABLE_BYTES`]: a larger one is refused before it is read.
const MAX_BYTES_PER_COMMIT: u64 = 8 * 1024;
const BASE_TABLE_BYTES: u64 = 1024 * 1024;

/// What is kept: the commits' file lists as read, newest first, with paths
/// interned.
#[derive(Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
struct Table {
    /// The commit the table was read at.
    head: String,
    /// The walk's bounds (a table read under others is read again).
    limit: u32,
    max_files: u32,
    paths: Vec<String>,
    commits: Vec<StoredCommit>,
}

#[derive(Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
struct StoredCommit {
    files: Vec<u32>,
    /// Exact renames (old, new).
    renames: Vec<(u32, u32)>,
}

/// A file that changed together with another.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Partner {
    /// Index into [`CoChange::paths`].
    pub path: u32,
    /// Weighted shared commits over the geometric mean of both files' (0–1].
    pub strength: f32,
    /// Commits (unweighted) that changed both.
    pub together: u32,
}

/// The co-change table, ready for ranking.
#[derive(Debug, Default)]
pub struct CoChange {
    /// Paths relative to the map's root, as the map names them.
    pub paths: Vec<String>,
    /// Path index → its strongest partners, strongest first.
    pub partners: Vec<Vec<Partner>>,
    /// Commits read (the "last N commits" of an explanation).
    pub commits: usize,
    /// The commit it was read at.
    pub head: String,
}

impl CoChange {
    /// Counts the table's commits. `prefix` is the map root's path inside the
    /// repository (`""` at the top): other paths are left out, the prefix cut.
    ///
    /// Pairs are counted one file at a time (its commits, then their files), in
    /// room for one file's partners: a table of all pairs grows with the square
    /// of each commit's files (2,000 commits of up to 50 files: millions of
    /// pairs) and was most of the map's memory while history was on.
    fn count(table: &Table, prefix: &str) -> CoChange {
        let weights: Vec<f64> = (0..table.commits.len())
            .map(|age| 0.5f64.powf(age as f64 / HALF_LIFE_COMMITS))
            .collect();
        let commits = CommitFiles::of(table);
        let mut changes = vec![0.0f64; table.paths.len()];
        for (commit, weight) in weights.iter().enumerate() {
            for &file in commits.files(commit) {
                changes[file as usize] += weight;
            }
        }
        let by_file = FileCommits::of(&commits, table.paths.len());
        // One file's partners: weighted and plain counts, and which were touched.
        let mut shared = vec![0.0f64; table.paths.len()];
        let mut together = vec![0u32; table.paths.len()];
        let mut touched: Vec<u32> = Vec::new();
        let mut partners: Vec<Vec<Partner>> = Vec::with_capacity(table.paths.len());
        for file in 0..table.paths.len() as u32 {
            // Commits in table order, so each pair's sum is added up in the order
            // the table of all pairs added it.
            for &commit in by_file.commits(file) {
                let weight = weights[commit as usize];
                for &other in commits.files(commit as usize) {
                    if other == file {
                        continue;
                    }
                    if together[other as usize] == 0 {
                        touched.push(other);
                    }
                    shared[other as usize] += weight;
                    together[other as usize] += 1;
                }
            }
            let mut list: Vec<Partner> = touched
                .iter()
                .map(|&other| {
                    // The product in the pair's order (smaller index first), as
                    // both files of the pair see the same strength.
                    let (a, b) = (file.min(other) as usize, file.max(other) as usize);
                    let strength = shared[other as usize] / (changes[a] * changes[b]).sqrt();
                    Partner {
                        path: other,
                        strength: strength.min(1.0) as f32,
                        together: together[other as usize],
                    }
                })
                .collect();
            for &other in &touched {
                shared[other as usize] = 0.0;
                together[other as usize] = 0;
            }
            touched.clear();
            list.sort_by(|x, y| {
                y.strength
                    .total_cmp(&x.strength)
                    .then(y.together.cmp(&x.together))
                    .then(x.path.cmp(&y.path))
            });
            list.truncate(MAX_PARTNERS);
            list.shrink_to_fit();
            partners.push(list);
        }
        let paths = table
            .paths
            .iter()
            .map(|path| match path.strip_prefix(prefix) {
                // Outside the map's root: a name no mapped file has.
                Some(rest) if !prefix.is_empty() || !rest.is_empty() => rest.to_string(),
                _ => String::new(),
            })
            .collect();
        CoChange {
            paths,
            partners,
            commits: table.commits.len(),
            head: table.head.clone(),
        }
    }

    /// The partners by node: `files` are the mapped paths, sorted (a path's
    /// position is its node). Files no longer mapped are dropped.
    pub fn by_node(&self, files: &[String]) -> HistoryEdges {
        let node_of = |path: &str| {
            files
                .binary_search_by(|file| file.as_str().cmp(path))
                .ok()
                .map(|node| node as u32)
        };
        let nodes: Vec<Option<u32>> = self
            .paths
            .iter()
            .map(|path| node_of(path).filter(|_| !path.is_empty()))
            .collect();
        let mut partners = vec![Vec::new(); files.len()];
        for (path, list) in self.partners.iter().enumerate() {
            let Some(node) = nodes[path] else { continue };
            partners[node as usize] = list
                .iter()
                .filter_map(|partner| {
                    Some(NodePartner {
                        node: nodes[partner.path as usize]?,
                        strength: f64::from(partner.strength),
                        together: partner.together,
                    })
                })
                .collect();
        }
        HistoryEdges {
            partners,
            commits: self.commits,
        }
    }
}

/// Each commit's files as of HEAD (renames followed, newest first: an old path's
/// commits count for the path its content has now), sorted, without repeats, in one
/// flat list.
struct CommitFiles {
    files: Vec<u32>,
    /// Commit → where its files start in `files` (one more entry at the end).
    starts: Vec<usize>,
}

impl CommitFiles {
    fn of(table: &Table) -> CommitFiles {
        let mut renamed: HashMap<u32, u32> = HashMap::new();
        let mut files: Vec<u32> = Vec::new();
        let mut starts = Vec::with_capacity(table.commits.len() + 1);
        let mut one: Vec<u32> = Vec::new();
        for commit in &table.commits {
            starts.push(files.len());
            one.clear();
            one.extend(
                commit
                    .files
                    .iter()
                    .map(|file| *renamed.get(file).unwrap_or(file)),
            );
            one.sort_unstable();
            one.dedup();
            files.extend_from_slice(&one);
            for &(old, new) in &commit.renames {
                let current = *renamed.get(&new).unwrap_or(&new);
                if current != old {
                    renamed.insert(old, current);
                }
            }
        }
        starts.push(files.len());
        CommitFiles { files, starts }
    }

    fn files(&self, commit: usize) -> &[u32] {
        &self.files[self.starts[commit]..self.starts[commit + 1]]
    }
}

/// Each file's commits, in table order, in one flat list.
struct FileCommits {
    commits: Vec<u32>,
    /// File → where its commits start in `commits` (one more entry at the end).
    starts: Vec<usize>,
}

impl FileCommits {
    fn of(commits: &CommitFiles, paths: usize) -> FileCommits {
        let mut starts = vec![0usize; paths + 1];
        for &file in &commits.files {
            starts[file as usize + 1] += 1;
        }
        for index in 1..starts.len() {
            starts[index] += starts[index - 1];
        }
        let mut next = starts.clone();
        let mut list = vec![0u32; commits.files.len()];
        for commit in 0..commits.starts.len() - 1 {
            for &file in commits.files(commit) {
                list[next[file as usize]] = commit as u32;
                next[file as usize] += 1;
            }
        }
        FileCommits {
            commits: list,
            starts,
        }
    }

    fn commits(&self, file: u32) -> &[u32] {
        &self.commits[self.starts[file as usize]..self.starts[file as usize + 1]]
    }
}

/// A partner as a node of the file graph.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NodePartner {
    pub node: u32,
    pub strength: f64,
    pub together: u32,
}

/// The co-change edges of one graph, for ranking.
#[derive(Debug, Default)]
pub struct HistoryEdges {
    /// Node → partners, strongest first.
    pub partners: Vec<Vec<NodePartner>>,
    /// Commits read.
    pub commits: usize,
}

/// What one build gives: the table (unless the history could not be read) and
/// what went wrong on the way.
#[derive(Debug, Default)]
pub struct Built {
    pub co_change: Option<Arc<CoChange>>,
    /// A damaged or foreign table (rebuilt), a table not saved, or history
    /// that could not be read, in the order they happened.
    pub warnings: Vec<String>,
    /// Commits read from git by this build (0 when the kept table was current).
    pub read: usize,
    /// How long the build took (loading, reading git, counting, saving).
    pub time: std::time::Duration,
}

/// Where a build keeps its table; `None` parts build in memory only.
#[derive(Clone, Default)]
pub struct Keep {
    pub state: Option<StateDir>,
    pub secret: Option<Secret>,
}

/// Called when a build of the table ends, from its thread: the map's owner may
/// be asleep and have warnings to show.
#[derive(Clone)]
pub struct HistoryWake(pub Arc<dyn Fn() + Send + Sync>);

impl std::fmt::Debug for HistoryWake {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("HistoryWake")
    }
}

/// The kept table, when it was read under these bounds, and why it could not
/// be used (damaged, not this user's, unreadable).
fn kept(keep: &Keep, limit: usize) -> (Option<Table>, Option<String>) {
    let (Some(state), Some(secret)) = (&keep.state, &keep.secret) else {
        return (None, None);
    };
    match load(state, secret, limit) {
        Ok(table) => (
            table.filter(|table| {
                table.limit as usize == limit && table.max_files as usize == MAX_COMMIT_FILES
            }),
            None,
        ),
        Err(why) => (None, Some(why)),
    }
}

/// Reads the co-change table of the repository holding `root`, from the kept
/// table (loaded by [`kept`], with why there is none) and the commits since
/// it. No table when `root` is in no repository or before the first commit.
fn build(
    root: &Path,
    keep: &Keep,
    limit: usize,
    kept: Option<Table>,
    load_warning: Option<String>,
) -> Built {
    let mut built = Built {
        warnings: load_warning.into_iter().collect(),
        ..Built::default()
    };
    let repo = match GitRepo::discover(root) {
        Ok(Some(repo)) => repo,
        Ok(None) => return built,
        Err(err) => {
            built.warnings.push(format!("history not read: {err}"));
            return built;
        }
    };
    let prefix = match root.strip_prefix(repo.root()) {
        Ok(inside) if inside.as_os_str().is_empty() => String::new(),
        Ok(inside) => format!("{}/", inside.to_string_lossy().replace('\\', "/")),
        Err(_) => String::new(),
    };
    let known = kept.as_ref().map(|table| table.head.as_str());
    let walk = match repo.changed_files(limit, MAX_COMMIT_FILES, known) {
        Ok(Some(walk)) => walk,
        Ok(None) => return built,
        Err(err) => {
            built.warnings.push(format!("history not read: {err}"));
            return built;
        }
    };
    built.read = walk.commits.len();
    let unchanged = walk.continues_known && walk.commits.is_empty();
    let older = kept.filter(|_| walk.continues_known).unwrap_or_default();
    let table = merge(walk.head, limit, walk.commits, older);
    if !unchanged
        && let (Some(state), Some(secret)) = (&keep.state, &keep.secret)
        && let Err(err) = save(state, secret, &table)
    {
        built.warnings.push(format!(
            "the history table was not kept in {}: {err}",
            state.path().display()
        ));
    }
    built.co_change = Some(Arc::new(CoChange::count(&table, &prefix)));
    built
}

/// The table of `newer` commits (newest first) followed by `older`'s, cut to
/// `limit` commits.
fn merge(head: String, limit: usize, newer: Vec<ChangedFiles>, older: Table) -> Table {
    let mut ids: HashMap<String, u32> = HashMap::new();
    let mut paths: Vec<String> = Vec::new();
    let mut intern = |path: String| {
        *ids.entry(path).or_insert_with_key(|path| {
            paths.push(path.clone());
            (paths.len() - 1) as u32
        })
    };
    let mut commits: Vec<StoredCommit> = Vec::new();
    for commit in newer.into_iter().take(limit) {
        commits.push(StoredCommit {
            files: commit.paths.into_iter().map(&mut intern).collect(),
            renames: commit
                .renames
                .into_iter()
                .map(|(old, new)| (intern(old), intern(new)))
                .collect(),
        });
    }
    let room = limit - commits.len();
    let old_path = |id: u32| older.paths.get(id as usize).cloned().unwrap_or_default();
    for commit in older.commits.iter().take(room) {
        commits.push(StoredCommit {
            files: commit
                .files
                .iter()
                .map(|&file| intern(old_path(file)))
                .collect(),
            renames: commit
                .renames
                .iter()
                .map(|&(old, new)| (intern(old_path(old)), intern(old_path(new))))
                .collect(),
        });
    }
    Table {
        head,
        limit: limit as u32,
        max_files: MAX_COMMIT_FILES as u32,
        paths,
        commits,
    }
}

/// The kept table; `Ok(None)` when there is none (or it is of an older format),
/// `Err` (to report) when it is damaged or not signed by this user. Its size is
/// checked against its header before its body is read.
fn load(state: &StateDir, secret: &Secret, limit: usize) -> Result<Option<Table>, String> {
    let unreadable = |err: std::io::Error| format!("the history table could not be read: {err}");
    let Some(mut file) = state.open_read(HISTORY_FILE_NAME).map_err(unreadable)? else {
        return Ok(None);
    };
    let length = file.metadata().map_err(unreadable)?.len();
    read_table(&mut file, length, secret, limit).map_err(|problem| match problem {
        Problem::Io(err) => unreadable(err),
        Problem::Untrusted => format!(
            "the history table {} is damaged or not this user's; it is read again",
            state.path().join(HISTORY_FILE_NAME).display()
        ),
    })
}

/// Why a kept table is not used.
#[derive(Debug)]
enum Problem {
    Io(std::io::Error),
    Untrusted,
}

/// The largest body a table of `limit` commits may have.
fn max_body_bytes(limit: usize) -> u64 {
    BASE_TABLE_BYTES.saturating_add(MAX_BYTES_PER_COMMIT.saturating_mul(limit as u64))
}

/// Reads a table of `length` bytes from `reader`: the header first, and the body only
/// when the header's length is the file's and within [`max_body_bytes`].
fn read_table(
    reader: &mut impl Read,
    length: u64,
    secret: &Secret,
    limit: usize,
) -> Result<Option<Table>, Problem> {
    let mut header = [0u8; HEADER_BYTES];
    if length < HEADER_BYTES as u64 {
        return Err(Problem::Untrusted);
    }
    reader.read_exact(&mut header).map_err(Problem::Io)?;
    let (magic, rest) = header.split_at(MAGIC.len());
    if magic != MAGIC {
        return match magic.starts_with(MAGIC_FAMILY) {
            true => Ok(None),
            false => Err(Problem::Untrusted),
        };
    }
    let (stated, mac) = rest.split_at(8);
    let stated = u64::from_le_bytes(stated.try_into().map_err(|_| Problem::Untrusted)?);
    let fits = Some(length) == stated.checked_add(HEADER_BYTES as u64);
    if !fits || stated > max_body_bytes(limit) {
        return Err(Problem::Untrusted);
    }
    let mut body = Vec::with_capacity(usize::try_from(stated).map_err(|_| Problem::Untrusted)?);
    reader
        .take(stated)
        .read_to_end(&mut body)
        .map_err(Problem::Io)?;
    if body.len() as u64 != stated || !same_digest(&hmac_sha256(secret, &body), mac) {
        return Err(Problem::Untrusted);
    }
    let table: Table = postcard::from_bytes(&body).map_err(|_| Problem::Untrusted)?;
    let valid = |id: &u32| (*id as usize) < table.paths.len();
    let consistent = table.commits.iter().all(|commit| {
        commit.files.iter().all(valid)
            && commit
                .renames
                .iter()
                .all(|(old, new)| valid(old) && valid(new))
    });
    if !consistent {
        return Err(Problem::Untrusted);
    }
    Ok(Some(table))
}

fn save(state: &StateDir, secret: &Secret, table: &Table) -> std::io::Result<()> {
    let body = postcard::to_stdvec(table).map_err(std::io::Error::other)?;
    if body.len() as u64 > max_body_bytes(table.limit as usize) {
        // It would be refused when read: building it again costs what reading it would.
        return Ok(());
    }
    let mut bytes = Vec::with_capacity(HEADER_BYTES + body.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&(body.len() as u64).to_le_bytes());
    bytes.extend_from_slice(&hmac_sha256(secret, &body));
    bytes.extend_from_slice(&body);
    state.write_atomic(HISTORY_FILE_NAME, &bytes)
}

/// The table as a map sees it: built on a thread of its own, taken up by the
/// first ranking after it is ready (none waits for it but
/// [`History::wait`]). While a table for a new HEAD is built, the one before
/// it is used.
#[derive(Default)]
pub struct History {
    ready: OnceLock<Built>,
    pending: Mutex<Option<mpsc::Receiver<Built>>>,
    previous: Option<Arc<CoChange>>,
    /// Why the kept table could not be used, known before the build's thread
    /// starts (the build's warnings repeat it).
    load_warning: Option<String>,
}

impl History {
    /// No history (turned off, or not a repository).
    pub fn off() -> History {
        History::default()
    }

    /// Starts building the table of `root`'s repository. The kept table is
    /// loaded here (a few milliseconds), so a warning about it is known at once
    /// ([`History::warnings`]); the walk runs on a thread of its own, which
    /// calls `wake` when it ends.
    pub fn start(root: PathBuf, keep: Keep, limit: usize, wake: Option<HistoryWake>) -> History {
        let started = std::time::Instant::now();
        let (table, load_warning) = kept(&keep, limit);
        let (send, receive) = mpsc::channel();
        let warning = load_warning.clone();
        let spawned = std::thread::Builder::new()
            .name("repo-map-history".into())
            .spawn(move || {
                let mut built = build(&root, &keep, limit, table, warning);
                built.time = started.elapsed();
                let _ = send.send(built);
                if let Some(wake) = wake {
                    (wake.0)();
                }
            });
        match spawned {
            Ok(_) => History {
                ready: OnceLock::new(),
                pending: Mutex::new(Some(receive)),
                previous: None,
                load_warning,
            },
            Err(err) => {
                let history = History::off();
                let mut warnings: Vec<String> = load_warning.into_iter().collect();
                warnings.push(format!("history not read: no thread: {err}"));
                let _ = history.ready.set(Built {
                    warnings,
                    ..Built::default()
                });
                history
            }
        }
    }

    /// What went wrong so far, without waiting: the kept table's problem at
    /// once, the build's others once it has ended.
    pub fn warnings(&self) -> Vec<String> {
        match self.take(false) {
            Some(built) => built.warnings.clone(),
            None => self.load_warning.iter().cloned().collect(),
        }
    }

    /// The table, if it is ready now (or the one before it, while it is built).
    pub fn get(&self) -> Option<&CoChange> {
        match self.take(false) {
            Some(built) => built.co_change.as_deref(),
            None => self.previous.as_deref(),
        }
    }

    /// Whether a finished build was read at another commit than `head` (the
    /// repository's HEAD now): then the table should be brought up to date.
    pub fn is_behind(&self, head: Option<&str>) -> bool {
        match self.take(false) {
            Some(built) => built.co_change.as_ref().map(|table| table.head.as_str()) != head,
            None => false,
        }
    }

    /// Starts bringing the table up to date, ranking with this one meanwhile.
    pub fn restart(&mut self, root: PathBuf, keep: Keep, limit: usize, wake: Option<HistoryWake>) {
        let previous = self.take(false).and_then(|built| built.co_change.clone());
        *self = History::start(root, keep, limit, wake);
        self.previous = previous;
    }

    /// Whether the table is as read as it will be: no history, or the build has
    /// ended (a ranking now does not change when it ends).
    pub fn is_settled(&self) -> bool {
        self.take(false).is_some()
            || self
                .pending
                .lock()
                .map_or(true, |pending| pending.is_none())
    }

    /// Waits for the build; what it reported.
    pub fn wait(&self) -> Option<&Built> {
        self.take(true)
    }

    fn take(&self, block: bool) -> Option<&Built> {
        if let Some(built) = self.ready.get() {
            return Some(built);
        }
        let mut pending = self.pending.lock().ok()?;
        let receiver = pending.as_ref()?;
        let built = if block {
            receiver.recv().ok()
        } else {
            receiver.try_recv().ok()
        };
        let built = built?;
        *pending = None;
        Some(self.ready.get_or_init(|| built))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn commit(files: &[u32], renames: &[(u32, u32)]) -> StoredCommit {
        StoredCommit {
            files: files.to_vec(),
            renames: renames.to_vec(),
        }
    }

    fn table(paths: &[&str], commits: Vec<StoredCommit>) -> Table {
        Table {
            head: "h".into(),
            limit: 10,
            max_files: MAX_COMMIT_FILES as u32,
            paths: paths.iter().map(|path| path.to_string()).collect(),
            commits,
        }
    }

    #[test]
    fn pairs_are_counted_and_normalised() {
        // a and b always together; c changes with a once, and alone often.
        let t = table(
            &["a", "b", "c"],
            vec![
                commit(&[0, 1], &[]),
                commit(&[0, 1, 2], &[]),
                commit(&[2], &[]),
                commit(&[2], &[]),
            ],
        );
        let co = CoChange::count(&t, "");
        let of_a = &co.partners[0];
        assert_eq!(of_a[0].path, 1);
        assert_eq!(of_a[0].together, 2);
        assert_eq!(of_a[1].path, 2);
        assert!(of_a[0].strength > 2.0 * of_a[1].strength);
        assert_eq!(co.commits, 4);
    }

    /// The count as it was first written: every pair in one table. Kept to hold
    /// the one-file-at-a-time count to the same figures.
    fn count_all_pairs(table: &Table) -> Vec<Vec<Partner>> {
        let weights: Vec<f64> = (0..table.commits.len())
            .map(|age| 0.5f64.powf(age as f64 / HALF_LIFE_COMMITS))
            .collect();
        let mut renamed: HashMap<u32, u32> = HashMap::new();
        let mut changes = vec![0.0f64; table.paths.len()];
        let mut pairs: HashMap<(u32, u32), (f64, u32)> = HashMap::new();
        for (commit, weight) in table.commits.iter().zip(&weights) {
            let mut files: Vec<u32> = commit
                .files
                .iter()
                .map(|file| *renamed.get(file).unwrap_or(file))
                .collect();
            files.sort_unstable();
            files.dedup();
            for &file in &files {
                changes[file as usize] += weight;
            }
            for (index, &a) in files.iter().enumerate() {
                for &b in &files[index + 1..] {
                    let pair = pairs.entry((a, b)).or_default();
                    pair.0 += weight;
                    pair.1 += 1;
                }
            }
            for &(old, new) in &commit.renames {
                let current = *renamed.get(&new).unwrap_or(&new);
                if current != old {
                    renamed.insert(old, current);
                }
            }
        }
        let mut partners: Vec<Vec<Partner>> = vec![Vec::new(); table.paths.len()];
        for (&(a, b), &(shared, together)) in &pairs {
            let strength = shared / (changes[a as usize] * changes[b as usize]).sqrt();
            let strength = strength.min(1.0) as f32;
            partners[a as usize].push(Partner {
                path: b,
                strength,
                together,
            });
            partners[b as usize].push(Partner {
                path: a,
                strength,
                together,
            });
        }
        for list in &mut partners {
            list.sort_by(|x, y| {
                y.strength
                    .total_cmp(&x.strength)
                    .then(y.together.cmp(&x.together))
                    .then(x.path.cmp(&y.path))
            });
            list.truncate(MAX_PARTNERS);
        }
        partners
    }

    #[test]
    fn one_file_at_a_time_counts_what_all_pairs_counted() {
        // A table of 1,500 commits over 300 paths, some renamed, from a fixed seed.
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |below: u64| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) % below
        };
        let paths: Vec<String> = (0..300).map(|index| format!("f{index}")).collect();
        let names: Vec<&str> = paths.iter().map(String::as_str).collect();
        let commits = (0..1_500)
            .map(|_| {
                let files: Vec<u32> = (0..1 + next(20)).map(|_| next(300) as u32).collect();
                let renames = if next(10) == 0 {
                    vec![(next(300) as u32, files[0])]
                } else {
                    Vec::new()
                };
                commit(&files, &renames)
            })
            .collect();
        let t = table(&names, commits);
        let co = CoChange::count(&t, "");
        assert_eq!(co.partners, count_all_pairs(&t));
        assert!(
            co.partners
                .iter()
                .filter(|list| list.len() == MAX_PARTNERS)
                .count()
                > 100
        );
    }

    #[test]
    fn renames_are_followed_to_the_current_path() {
        // Newest first: old.py was renamed to new.py; before, old.py changed with b.
        let t = table(
            &["new.py", "old.py", "b.py"],
            vec![
                commit(&[0], &[(1, 0)]),
                commit(&[1, 2], &[]),
                commit(&[1, 2], &[]),
            ],
        );
        let co = CoChange::count(&t, "");
        assert_eq!(co.partners[0][0].path, 2);
        assert_eq!(co.partners[0][0].together, 2);
        assert!(co.partners[1].is_empty());
    }

    #[test]
    fn a_subfolder_map_sees_its_own_paths() {
        let t = table(&["sub/a", "sub/b", "c"], vec![commit(&[0, 1, 2], &[])]);
        let co = CoChange::count(&t, "sub/");
        assert_eq!(co.paths, ["a", "b", ""]);
        let files = vec!["a".to_string(), "b".to_string()];
        let edges = co.by_node(&files);
        assert_eq!(edges.partners[0].len(), 1);
        assert_eq!(edges.partners[0][0].node, 1);
    }

    #[test]
    fn merge_puts_new_commits_first_and_keeps_the_limit() {
        let older = table(&["x", "y"], vec![commit(&[0, 1], &[]), commit(&[1], &[])]);
        let newer = vec![ChangedFiles {
            paths: vec!["y".into(), "z".into()],
            renames: Vec::new(),
        }];
        let merged = merge("n".into(), 2, newer, older);
        assert_eq!(merged.commits.len(), 2);
        let names = |commit: &StoredCommit| -> Vec<String> {
            commit
                .files
                .iter()
                .map(|&id| merged.paths[id as usize].clone())
                .collect()
        };
        assert_eq!(names(&merged.commits[0]), ["y", "z"]);
        assert_eq!(names(&merged.commits[1]), ["x", "y"]);
        assert_eq!(merged.head, "n");
    }

    #[test]
    fn a_table_is_trusted_only_as_signed() {
        let dir = tempfile::tempdir().unwrap();
        let state = StateDir::open(dir.path()).unwrap();
        let secret: Secret = [3u8; crate::safe_fs::USER_SECRET_BYTES];
        let t = table(&["a", "b"], vec![commit(&[0, 1], &[])]);
        save(&state, &secret, &t).unwrap();
        assert_eq!(load(&state, &secret, 10).unwrap(), Some(t));
        let other: Secret = [4u8; crate::safe_fs::USER_SECRET_BYTES];
        assert!(load(&state, &other, 10).is_err());
        let mut bytes = state.read(HISTORY_FILE_NAME).unwrap().unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        state.write_atomic(HISTORY_FILE_NAME, &bytes).unwrap();
        assert!(load(&state, &secret, 10).is_err());
        state.write_atomic(HISTORY_FILE_NAME, b"short").unwrap();
        assert!(load(&state, &secret, 10).is_err());
        // An older format is read again without a word.
        state
            .write_atomic(HISTORY_FILE_NAME, &[b"ATMHIST1".as_slice(); 8].concat())
            .unwrap();
        assert_eq!(load(&state, &secret, 10).unwrap(), None);
    }

    /// Counts the bytes read through it.
    struct Counting<'a> {
        bytes: &'a [u8],
        read: usize,
    }

    impl Read for Counting<'_> {
        fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
            let n = Read::read(&mut &self.bytes[self.read..], buffer)?;
            self.read += n;
            Ok(n)
        }
    }

    #[test]
    fn a_table_whose_size_disagrees_with_its_header_is_refused_unread() {
        let secret: Secret = [3u8; crate::safe_fs::USER_SECRET_BYTES];
        let dir = tempfile::tempdir().unwrap();
        let state = StateDir::open(dir.path()).unwrap();
        save(
            &state,
            &secret,
            &table(&["a", "b"], vec![commit(&[0, 1], &[])]),
        )
        .unwrap();
        let good = state.read(HISTORY_FILE_NAME).unwrap().unwrap();
        let length = good.len() as u64;
        let read = |bytes: &[u8], length: u64, limit: usize| {
            let mut reader = Counting { bytes, read: 0 };
            let result = read_table(&mut reader, length, &secret, limit);
            (result.map(|table| table.is_some()).ok(), reader.read)
        };
        assert_eq!(read(&good, length, 10), (Some(true), good.len()));
        // Longer on disk than its header says, shorter, and over the limit's bound:
        // only the header is read.
        let mut longer = good.clone();
        longer.extend_from_slice(&[0u8; 4096]);
        assert_eq!(read(&longer, longer.len() as u64, 10), (None, HEADER_BYTES));
        assert_eq!(read(&good, length + (1 << 30), 10), (None, HEADER_BYTES));
        let mut huge = good.clone();
        let stated = max_body_bytes(10) + 1;
        huge[MAGIC.len()..MAGIC.len() + 8].copy_from_slice(&stated.to_le_bytes());
        assert_eq!(
            read(&huge, stated + HEADER_BYTES as u64, 10),
            (None, HEADER_BYTES)
        );
    }

    #[test]
    fn a_gigabyte_table_on_disk_is_refused_from_its_header() {
        let secret: Secret = [3u8; crate::safe_fs::USER_SECRET_BYTES];
        let dir = tempfile::tempdir().unwrap();
        let state = StateDir::open(dir.path()).unwrap();
        // A sparse file: 1 GiB long, a header that agrees with it, nothing stored.
        let gib: u64 = 1 << 30;
        let mut header = MAGIC.to_vec();
        header.extend_from_slice(&(gib - HEADER_BYTES as u64).to_le_bytes());
        header.extend_from_slice(&[0u8; MAC_BYTES]);
        state.write_atomic(HISTORY_FILE_NAME, &header).unwrap();
        let path = state.path().join(HISTORY_FILE_NAME);
        std::fs::OpenOptions::new()
            .write(true)
            .open(&path)
            .unwrap()
            .set_len(gib)
            .unwrap();
        let error = load(&state, &secret, 2000).unwrap_err();
        assert!(error.contains("damaged"), "{error}");
    }
}
