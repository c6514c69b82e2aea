//! Identifier interning: every identifier is stored once and named by a `u32`.

use std::collections::HashMap;
use std::sync::OnceLock;

/// The table of identifiers seen in the repository.
#[derive(Debug, Default)]
pub struct Symbols {
    names: Vec<Box<str>>,
    /// Name → id, built on first need: a warm start that parses nothing and
    /// mentions nothing never pays for it.
    ids: OnceLock<HashMap<Box<str>, u32>>,
}

impl Symbols {
    /// A table holding `names`, where a name's id is its position.
    pub fn from_names(names: Vec<String>) -> Symbols {
        Symbols {
            names: names.into_iter().map(String::into_boxed_str).collect(),
            ids: OnceLock::new(),
        }
    }

    fn ids(&self) -> &HashMap<Box<str>, u32> {
        self.ids.get_or_init(|| {
            self.names
                .iter()
                .enumerate()
                .map(|(id, name)| (name.clone(), id as u32))
                .collect()
        })
    }

    /// The id of `name`, adding it if new.
    pub fn intern(&mut self, name: &str) -> u32 {
        if let Some(&id) = self.ids().get(name) {
            return id;
        }
        let id = self.names.len() as u32;
        let boxed: Box<str> = name.into();
        self.names.push(boxed.clone());
        if let Some(ids) = self.ids.get_mut() {
            ids.insert(boxed, id);
        }
        id
    }

    /// The id of `name`, if known. Without the index (a warm start that parsed
    /// nothing) a scan is cheaper than building it: milliseconds against most of
    /// a second for the millions of names of a kernel-sized tree.
    pub fn id(&self, name: &str) -> Option<u32> {
        match self.ids.get() {
            Some(ids) => ids.get(name).copied(),
            None => self
                .names
                .iter()
                .position(|known| &**known == name)
                .map(|id| id as u32),
        }
    }

    /// The name with id `id` (empty for an unknown id).
    pub fn name(&self, id: u32) -> &str {
        self.names.get(id as usize).map_or("", |name| name)
    }

    /// Number of names.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// All names in id order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.names.iter().map(|name| &**name)
    }
}
