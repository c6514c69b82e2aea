//! The records as ranking and rendering read them, whether the map was built now or
//! restored from a snapshot (whose definitions stay on disk until asked for).

use super::record::{DefinitionRecord, FileRecord};
use super::snapshot::StoredDefinitions;

/// The records as ranking and rendering read them. A map restored from a
/// snapshot has its files' definitions still on disk: each is read the first
/// time it is asked for (a ranking visits a few thousand of a kernel's files).
#[derive(Clone, Copy)]
pub struct MapRecords<'a> {
    records: &'a [FileRecord],
    stored: Option<&'a StoredDefinitions>,
}

impl<'a> MapRecords<'a> {
    pub fn new(records: &'a [FileRecord], stored: Option<&'a StoredDefinitions>) -> Self {
        MapRecords { records, stored }
    }

    /// Record `index` (its definitions through [`MapRecords::definitions`]).
    pub fn get(&self, index: usize) -> &'a FileRecord {
        &self.records[index]
    }

    /// The definitions of record `index`, in line order.
    pub fn definitions(&self, index: usize) -> &'a [DefinitionRecord] {
        match self.stored {
            Some(stored) => stored.of(index),
            None => &self.records[index].definitions,
        }
    }
}
