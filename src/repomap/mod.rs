//! The repo map: tree-sitter tags of every file, ranked by personalized PageRank
//! around the chat, rendered to a token budget, with an explanation per file.
//!
//! Three stages are kept apart so each runs only when its input changes: tag
//! extraction (file contents, cached per blob in a per-user tag store), the file
//! graph (tags), and ranking (the request: chat files and mentions, every
//! message). Vendored and generated files (see `classify`) are parsed last and
//! damped in the ranking.

mod classify;
mod file_scan;
mod fnv;
mod graph;
mod history;
mod language;
mod lexical;
mod map_records;
mod parse_queue;
mod rank;
mod record;
mod render;
mod repo_index;
mod repo_map;
mod request;
mod snapshot;
mod source_lines;
mod store;
mod symbol_lists;
mod symbols;
mod syntax_check;
mod tags;
mod words;

pub use file_scan::parse_only;
pub use history::{HISTORY_FILE_NAME, HistoryWake};
pub use rank::is_test_path;
pub use repo_index::INDEX_FILE_NAME;
pub use repo_map::{FIRST_MAP_FILES, RepoMap, RepoMapError};
pub use request::{
    HistoryReport, MapOptions, MapOutput, MapRequest, RankReason, RankedFile, ScanPhase, ScanPlan,
    ScanProgress, ScanStats,
};
pub use snapshot::SNAPSHOT_FILE_NAME;
pub use store::DEFAULT_MAX_BYTES as DEFAULT_TAG_STORE_BYTES;
pub use syntax_check::{SyntaxChecker, SyntaxError, SyntaxErrorKind, new_errors, syntax_errors};
pub use tags::{Definition, FileTags, TagKind, extract_tags};

/// Names of the languages with a grammar and tags query.
pub fn language_names() -> impl Iterator<Item = &'static str> {
    language::LANGUAGES.iter().map(|language| language.name)
}

/// The default map budget, and the multiplier applied when no file is in the chat
/// (the map is then the model's only view of the repository).
pub const DEFAULT_MAP_TOKENS: usize = 1024;
pub const NO_CHAT_FILES_MULTIPLIER: usize = 8;

/// Commits of HEAD's history read for co-change by default (the `map-history`
/// setting).
pub const DEFAULT_HISTORY_COMMITS: usize = 2000;
