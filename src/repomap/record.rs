//! What the map keeps per file: its identity (path, mtime, size) and its tags,
//! with identifiers as symbol ids. This is also the cache's unit.

use serde::{Deserialize, Serialize};

use super::tags::TagKind;

/// Why a file is or is not in the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum FileStatus {
    /// Parsed with a grammar (the language id).
    Parsed(u8),
    /// No grammar: takes part by name only.
    NoGrammar,
    /// Contains NUL bytes: left out.
    Binary,
    /// Looks minified or generated (very long lines): left out.
    Minified,
    /// Could not be read: left out.
    Unreadable,
}

impl FileStatus {
    /// Whether files with this status appear in the map.
    pub fn is_mapped(self) -> bool {
        matches!(self, FileStatus::Parsed(_) | FileStatus::NoGrammar)
    }
}

/// One definition, with its identifier as a symbol id. Its source line is not
/// kept: the map reads the few lines it shows from the file when it renders.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DefinitionRecord {
    pub name: u32,
    pub kind: TagKind,
    pub line: u32,
    pub end_line: u32,
}

/// One file's entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileRecord {
    pub path: String,
    pub mtime_ns: i64,
    pub size: u64,
    pub status: FileStatus,
    pub line_count: u32,
    /// Definitions in line order.
    pub definitions: Vec<DefinitionRecord>,
    /// (symbol id, reference count), one entry per referenced identifier.
    pub references: Vec<(u32, u32)>,
}
