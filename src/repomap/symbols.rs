//! Identifier interning: every identifier is stored once and named by a `u32`.
//! The names live back to back in one string, so a kernel-sized table (millions
//! of names) is two allocations to load, keep and write.

use std::hash::BuildHasher;
use std::sync::OnceLock;

use hashbrown::{DefaultHashBuilder, HashTable};

/// The table of identifiers seen in the repository.
#[derive(Debug, Default)]
pub struct Symbols {
    /// Every name, back to back.
    text: String,
    /// End of each name in `text`: name `i` is `text[ends[i - 1]..ends[i]]`.
    ends: Vec<u32>,
    /// Name → id, built on first need: a warm start that parses nothing and
    /// mentions nothing never pays for it.
    ids: OnceLock<HashTable<u32>>,
    hasher: DefaultHashBuilder,
}

impl Symbols {
    /// A table from its stored parts (see [`Symbols::parts`]); `None` if they do
    /// not describe one (offsets out of order, out of range or inside a character).
    pub fn from_parts(text: String, ends: Vec<u32>) -> Option<Symbols> {
        let mut start = 0u32;
        for &end in &ends {
            if end < start || !text.is_char_boundary(end as usize) {
                return None;
            }
            start = end;
        }
        Some(Symbols {
            text,
            ends,
            ids: OnceLock::new(),
            hasher: DefaultHashBuilder::default(),
        })
    }

    /// The names back to back, and where each ends.
    pub fn parts(&self) -> (&str, &[u32]) {
        (&self.text, &self.ends)
    }

    fn ids(&self) -> &HashTable<u32> {
        self.ids.get_or_init(|| {
            let mut ids = HashTable::with_capacity(self.ends.len());
            for id in 0..self.ends.len() as u32 {
                let hash = self.hasher.hash_one(self.name(id));
                ids.insert_unique(hash, id, |&id| self.hasher.hash_one(self.name(id)));
            }
            ids
        })
    }

    /// The id of `name`, adding it if new.
    pub fn intern(&mut self, name: &str) -> u32 {
        if let Some(id) = self.indexed_id(name) {
            return id;
        }
        let id = self.ends.len() as u32;
        self.text.push_str(name);
        self.ends.push(self.text.len() as u32);
        let hash = self.hasher.hash_one(name);
        let (text, ends, hasher) = (&self.text, &self.ends, &self.hasher);
        if let Some(ids) = self.ids.get_mut() {
            ids.insert_unique(hash, id, |&id| hasher.hash_one(name_in(text, ends, id)));
        }
        id
    }

    fn indexed_id(&self, name: &str) -> Option<u32> {
        let hash = self.hasher.hash_one(name);
        self.ids().find(hash, |&id| self.name(id) == name).copied()
    }

    /// The id of `name`, if known. Without the index (a warm start that parsed
    /// nothing) a scan is cheaper than building it: milliseconds against a good
    /// part of a second for the millions of names of a kernel-sized tree.
    pub fn id(&self, name: &str) -> Option<u32> {
        if self.ids.get().is_some() {
            return self.indexed_id(name);
        }
        (0..self.ends.len() as u32).find(|&id| self.name(id) == name)
    }

    /// The name with id `id` (empty for an unknown id).
    pub fn name(&self, id: u32) -> &str {
        name_in(&self.text, &self.ends, id)
    }

    /// Number of names.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// All names in id order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        (0..self.ends.len() as u32).map(|id| self.name(id))
    }
}

/// Reads a stored identifier table.
pub type LoadSymbols = Box<dyn Fn() -> Option<Symbols> + Send + Sync>;

/// The map's identifier table, possibly still on disk: a map restored from a
/// snapshot reads the names only when a lookup or an explanation needs them
/// (a kernel-sized table is tens of megabytes).
#[derive(Default)]
pub struct LazySymbols {
    table: Symbols,
    /// Where the table is read from, and what was read, until it is needed
    /// for writing.
    stored: Option<(LoadSymbols, OnceLock<Symbols>)>,
}

impl LazySymbols {
    /// A table read by `load` on first need (empty if that fails).
    pub fn stored(load: LoadSymbols) -> LazySymbols {
        LazySymbols {
            table: Symbols::default(),
            stored: Some((load, OnceLock::new())),
        }
    }

    /// The table, read now if it is still on disk.
    pub fn get(&self) -> &Symbols {
        match &self.stored {
            Some((load, table)) => table.get_or_init(|| load().unwrap_or_default()),
            None => &self.table,
        }
    }

    /// The table to add to, read now if it is still on disk.
    pub fn get_mut(&mut self) -> &mut Symbols {
        if let Some((load, table)) = self.stored.take() {
            self.table = table
                .into_inner()
                .unwrap_or_else(|| load().unwrap_or_default());
        }
        &mut self.table
    }

    /// Whether the table is known to be empty without reading it.
    pub fn is_empty(&self) -> bool {
        self.stored.is_none() && self.table.len() == 0
    }
}

impl std::fmt::Debug for LazySymbols {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.stored {
            Some(_) => formatter.write_str("LazySymbols(stored)"),
            None => write!(formatter, "LazySymbols({} names)", self.table.len()),
        }
    }
}

fn name_in<'a>(text: &'a str, ends: &[u32], id: u32) -> &'a str {
    let id = id as usize;
    let Some(&end) = ends.get(id) else {
        return "";
    };
    let start = if id == 0 { 0 } else { ends[id - 1] };
    text.get(start as usize..end as usize).unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interns_once_and_finds_by_name() {
        let mut symbols = Symbols::default();
        let a = symbols.intern("alpha");
        let b = symbols.intern("beta");
        assert_eq!(symbols.intern("alpha"), a);
        assert_ne!(a, b);
        assert_eq!(symbols.name(b), "beta");
        assert_eq!(symbols.id("beta"), Some(b));
        assert_eq!(symbols.id("gamma"), None);
        assert_eq!(symbols.names().collect::<Vec<_>>(), ["alpha", "beta"]);
    }

    #[test]
    fn round_trips_through_parts_and_rejects_bad_offsets() {
        let mut symbols = Symbols::default();
        for name in ["x", "ünïcode", "", "y"] {
            symbols.intern(name);
        }
        let (text, ends) = symbols.parts();
        let loaded = Symbols::from_parts(text.to_string(), ends.to_vec()).unwrap();
        // Found by scan before any intern, by index after.
        assert_eq!(loaded.id("ünïcode"), Some(1));
        assert_eq!(loaded.name(2), "");
        let mut loaded = loaded;
        assert_eq!(loaded.intern("y"), 3);
        assert_eq!(loaded.intern("z"), 4);
        assert_eq!(loaded.id("z"), Some(4));

        assert!(Symbols::from_parts("ab".into(), vec![2, 1]).is_none());
        assert!(Symbols::from_parts("ab".into(), vec![3]).is_none());
        assert!(Symbols::from_parts("ü".into(), vec![1]).is_none());
    }

    #[test]
    fn a_stored_table_is_read_once_on_first_need() {
        let reads = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let counter = std::sync::Arc::clone(&reads);
        let mut lazy = LazySymbols::stored(Box::new(move || {
            counter.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let mut table = Symbols::default();
            table.intern("open_store");
            Some(table)
        }));
        assert!(!lazy.is_empty(), "a stored table is not known to be empty");
        let reads_now = || reads.load(std::sync::atomic::Ordering::Relaxed);
        assert_eq!(reads_now(), 0);
        assert_eq!(lazy.get().id("open_store"), Some(0));
        assert_eq!(lazy.get().len(), 1);
        // Made writable, the table read stays: it is not read again.
        let id = lazy.get_mut().intern("load_settings");
        assert_eq!((id, reads_now()), (1, 1));
        assert_eq!(lazy.get().name(1), "load_settings");
        assert!(LazySymbols::default().is_empty());
    }
}
