//! What a caller asks of the map and what it gets back.

use std::time::Duration;

/// Options fixed when a map is opened.
#[derive(Debug, Clone)]
pub struct MapOptions {
    /// Keep tags in a persistent cache.
    pub cache: bool,
    /// Where the cache lives (default: `<root>/.aider-tui`).
    pub cache_dir: Option<std::path::PathBuf>,
    /// Files larger than this many bytes are left out.
    pub max_file_bytes: u64,
    /// Show a progress bar on stderr while a large first scan runs.
    pub progress: bool,
}

impl Default for MapOptions {
    fn default() -> MapOptions {
        MapOptions {
            cache: true,
            cache_dir: None,
            max_file_bytes: 1024 * 1024,
            progress: false,
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
    /// Token budget of the rendered map.
    pub max_tokens: usize,
    /// Whether each ranked file's reasons are wanted (they take a while to
    /// gather on a very large tree); without it, `RankedFile::reasons` is empty.
    pub explain: bool,
}

/// One contribution to a file's rank: an identifier it defines that `from`
/// references, or a named signal ("chat file", "same directory as", …).
#[derive(Debug, Clone, PartialEq)]
pub struct RankReason {
    /// The identifier, or the signal's name.
    pub ident: String,
    /// The referencing file (or the chat file behind a signal; empty if none).
    pub from: String,
    /// The rank this contribution carried.
    pub weight: f64,
}

/// A file of the map with its score and why it has it.
#[derive(Debug, Clone, PartialEq)]
pub struct RankedFile {
    pub path: String,
    /// Personalized PageRank of the file (all files sum to 1).
    pub score: f64,
    /// Strongest contributions first.
    pub reasons: Vec<RankReason>,
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
    /// Files whose tags came from the cache.
    pub cache_hits: usize,
    /// Files read and parsed in this refresh.
    pub parsed: usize,
    /// Files gone since the last refresh.
    pub removed: usize,
    /// Time to walk the tree (the tag cache is read meanwhile).
    pub walk_time: Duration,
    /// Time to read the tag cache (the first refresh only; during the walk).
    pub cache_load_time: Duration,
    /// Time spent reading and parsing changed files.
    pub parse_time: Duration,
    pub graph_time: Duration,
    pub total_time: Duration,
    /// Why the cache could not be written, if it could not.
    pub cache_error: Option<String>,
}
