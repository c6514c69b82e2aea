//! What a caller asks of the map and what it gets back.

use std::time::Duration;

/// Options fixed when a map is opened.
#[derive(Debug, Clone)]
pub struct MapOptions {
    /// Keep tags in the per-user tag store and the repository's state folder.
    pub cache: bool,
    /// The tag store's folder (default: `$XDG_CACHE_HOME/aider-tui/tags`).
    pub cache_dir: Option<std::path::PathBuf>,
    /// The tag store's size cap in bytes (least recently used segments go first).
    pub cache_max_bytes: u64,
    /// The repository's state folder for its path → hash index (default:
    /// `StateDir::open(root)`).
    pub state_dir: Option<crate::safe_fs::StateDir>,
    /// The per-user state folder whose secret signs the kept map (default:
    /// `safe_fs::user_state_folder()`, `$XDG_STATE_HOME/aider-tui`).
    pub user_state: Option<std::path::PathBuf>,
    /// List tracked files through git when the root is in a work tree.
    pub use_git: bool,
    /// Map vendored and generated files as ordinary project files.
    pub map_vendored: bool,
    /// Files larger than this many bytes are left out.
    pub max_file_bytes: u64,
    /// Show a progress bar on stderr while a large first scan runs.
    pub progress: bool,
    /// Commits of HEAD's history read for co-change (0, the default here: none;
    /// the session and `aider-tui map` read [`DEFAULT_HISTORY_COMMITS`](super::DEFAULT_HISTORY_COMMITS)).
    pub history_commits: usize,
    /// Called from the history's thread when a build of the co-change table
    /// ends (see [`RepoMap::history_warnings`](super::RepoMap::history_warnings)).
    pub history_wake: Option<super::HistoryWake>,
}

impl Default for MapOptions {
    fn default() -> MapOptions {
        MapOptions {
            cache: true,
            cache_dir: None,
            cache_max_bytes: super::store::DEFAULT_MAX_BYTES,
            state_dir: None,
            user_state: None,
            use_git: true,
            map_vendored: false,
            max_file_bytes: 1024 * 1024,
            progress: false,
            history_commits: 0,
            history_wake: None,
        }
    }
}

/// One request for a map: the chat's state at the time of a message.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MapRequest {
    /// Files in the chat (relative paths): their neighbours rank up, their own
    /// definitions are left out (their full text is sent anyway).
    pub chat_files: Vec<String>,
    /// Files the user mentioned.
    pub mention_files: Vec<String>,
    /// Identifiers the user mentioned.
    pub mention_idents: Vec<String>,
    /// The user's message: every word of it steers the map (see `lexical`).
    pub message: String,
    /// Token budget of the rendered map.
    pub max_tokens: usize,
    /// Whether each ranked file's reasons are wanted (they take a while to
    /// gather on a very large tree); without it, `RankedFile::reasons` is empty.
    pub explain: bool,
    /// Wait for the co-change history before ranking (a one-shot map, whose
    /// output should not depend on timing).
    pub wait_for_history: bool,
}

/// One contribution to a file's rank: an identifier it defines that `from`
/// references, or a named signal ("chat file", "same directory as", …).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RankReason {
    /// The identifier, or the signal's name.
    pub ident: String,
    /// The referencing file (or the chat file behind a signal; empty if none).
    pub from: String,
    /// The rank this contribution carried.
    pub weight: f64,
}

/// A file of the map with its score and why it has it.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RankedFile {
    pub path: String,
    /// Personalized PageRank of the file (all files sum to 1).
    pub score: f64,
    /// Strongest contributions first.
    pub reasons: Vec<RankReason>,
    /// Why the file counts as vendored or generated (or as project code against
    /// a path rule), when it does; filled with the reasons.
    pub classification: Option<String>,
    /// The message's words found in the file's path (filled with the reasons).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub matched_in_path: Vec<String>,
    /// The message's words found in the names the file defines.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub matched_in_definitions: Vec<String>,
}

impl RankedFile {
    /// The message's words that matched the file, in words ("matched `password`,
    /// `lookup` in the path"); `None` when none did.
    pub fn matched(&self) -> Option<String> {
        let list = |words: &[String]| {
            words
                .iter()
                .map(|word| format!("`{word}`"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut parts = Vec::new();
        if !self.matched_in_path.is_empty() {
            parts.push(format!("{} in the path", list(&self.matched_in_path)));
        }
        if !self.matched_in_definitions.is_empty() {
            parts.push(format!(
                "{} in its definitions",
                list(&self.matched_in_definitions)
            ));
        }
        (!parts.is_empty()).then(|| format!("matched {}", parts.join("; ")))
    }
}

/// A rendered map.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MapOutput {
    /// The map text as the model sees it.
    pub text: String,
    /// Exact token count of `text`.
    pub tokens: usize,
    /// The files shown, best first.
    pub ranked: Vec<RankedFile>,
    /// The co-change history was still being read: the map was made without it.
    pub without_history: bool,
}

/// What reading the co-change history did (see [`RepoMap::wait_for_history`](super::RepoMap::wait_for_history)).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HistoryReport {
    /// Commits in the table (0: no history).
    pub commits: usize,
    /// Commits read from git now (0 when the kept table was current).
    pub read: usize,
    /// Time to load, read, count and keep the table (on its own thread).
    pub time: Duration,
    /// A damaged table rebuilt, a table not kept, history not readable.
    pub warning: Option<String>,
}

/// What a refresh did.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ScanStats {
    /// Files in the map.
    pub files: usize,
    /// Files walked but left out (binary, minified, too large, unreadable).
    pub skipped: usize,
    /// Definitions plus distinct referenced identifiers, over all files.
    pub tags: usize,
    pub definitions: usize,
    pub references: usize,
    /// Files whose tags were known: unchanged in memory, or found in the tag store.
    pub cache_hits: usize,
    /// Files read and parsed in this refresh.
    pub parsed: usize,
    /// Files gone since the last refresh.
    pub removed: usize,
    /// Time to list the files (the repository's index is read meanwhile).
    pub walk_time: Duration,
    /// Time to find known content in the tag store.
    pub cache_load_time: Duration,
    /// Time spent reading and parsing changed files.
    pub parse_time: Duration,
    pub graph_time: Duration,
    pub total_time: Duration,
    /// Vendored or generated files among the mapped ones.
    pub vendored: usize,
    /// Index entries refused (absolute paths or paths leaving the root).
    pub refused: Vec<String>,
    /// Why git's listing could not be used (the files were walked instead).
    pub git_error: Option<String>,
    /// Why the cache could not be written, if it could not.
    pub cache_error: Option<String>,
}

/// What a scan will do, decided by [`RepoMap::begin_refresh`](super::RepoMap::begin_refresh).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ScanPlan {
    /// Files listed (tracked files with git, a walk otherwise).
    pub listed: usize,
    /// Files whose tags are known already (in memory or in the tag store).
    pub cached: usize,
    /// Project files to parse.
    pub project_to_parse: usize,
    /// Vendored and generated files to parse (after the project's).
    pub vendored_to_parse: usize,
    /// Files gone since the last scan.
    pub removed: usize,
    /// Whether the listing came from git.
    pub from_git: bool,
}

/// Which files a scan is parsing.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ScanPhase {
    /// The project's own files (those near the chat first).
    #[default]
    Project,
    /// Vendored and generated files.
    Vendored,
    /// Nothing left to parse.
    Done,
}

/// How far a scan has come, after [`RepoMap::parse_next`](super::RepoMap::parse_next).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ScanProgress {
    /// Files parsed in this scan so far.
    pub parsed: usize,
    /// Files this scan parses in all.
    pub total: usize,
    pub phase: ScanPhase,
    /// Nothing is left to parse.
    pub done: bool,
    /// The map is worth showing: see [`RepoMap::first_map_ready`](super::RepoMap::first_map_ready).
    pub first_map_ready: bool,
}
