//! What the map keeps per file: its identity (path, mtime, size, content hash),
//! its origin and its tags, with identifiers as symbol ids. The tags part
//! ([`StoredRecord`]) is what the tag store keeps per content hash.

use serde::{Deserialize, Serialize};

use super::classify::Origin;
use super::tags::TagKind;

/// Why a file is or is not in the map.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum FileStatus {
    /// Parsed with a grammar (the language id).
    Parsed(u8),
    /// No grammar: takes part by name only.
    #[default]
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
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileRecord {
    pub path: String,
    pub mtime_ns: i64,
    pub size: u64,
    /// The git blob id of the content the tags were taken from.
    pub hash: [u8; 20],
    /// Project, vendored or generated, and why.
    pub origin: Origin,
    pub status: FileStatus,
    pub line_count: u32,
    /// The first lines carry a generated-code marker.
    pub generated_marker: bool,
    /// Definitions in line order.
    pub definitions: Vec<DefinitionRecord>,
    /// (symbol id, reference count), one entry per referenced identifier.
    pub references: Vec<(u32, u32)>,
}

impl FileRecord {
    /// A copy of the content-dependent part.
    pub fn stored(&self) -> StoredRecord {
        StoredRecord {
            status: self.status,
            line_count: self.line_count,
            generated_marker: self.generated_marker,
            definitions: self.definitions.clone(),
            references: self.references.clone(),
        }
    }
}

/// The part of a file's entry that depends on its content alone.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredRecord {
    pub status: FileStatus,
    pub line_count: u32,
    /// The first lines carry a generated-code marker.
    pub generated_marker: bool,
    /// Definitions in line order.
    pub definitions: Vec<DefinitionRecord>,
    /// (symbol id, reference count), one entry per referenced identifier.
    pub references: Vec<(u32, u32)>,
}
