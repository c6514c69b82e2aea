//! Lists indexed by symbol, stored flat: one array of values and where each
//! symbol's list starts. A kernel-sized tree has millions of symbols; a `Vec` per
//! symbol would be millions of allocations to build and free.

/// For each symbol id, a list of `T`.
#[derive(Debug, Default)]
pub struct SymbolLists<T> {
    /// `starts[s]..starts[s + 1]` is symbol `s`'s range in `values`.
    starts: Vec<u32>,
    values: Vec<T>,
}

impl<T: Copy + Default> SymbolLists<T> {
    /// Builds the lists from a producer of `(symbol, value)` pairs, called twice
    /// (once to count, once to fill) so no pair is buffered. Each list keeps the
    /// order in which its pairs were produced.
    pub fn build<I>(symbol_count: usize, pairs: impl Fn() -> I) -> SymbolLists<T>
    where
        I: Iterator<Item = (u32, T)>,
    {
        let mut starts = vec![0u32; symbol_count + 1];
        for (symbol, _) in pairs() {
            if let Some(count) = starts.get_mut(symbol as usize + 1) {
                *count += 1;
            }
        }
        for index in 1..starts.len() {
            starts[index] += starts[index - 1];
        }
        let mut next = starts.clone();
        let mut values = vec![T::default(); starts[symbol_count] as usize];
        for (symbol, value) in pairs() {
            if let Some(slot) = next.get_mut(symbol as usize)
                && (symbol as usize) < symbol_count
            {
                values[*slot as usize] = value;
                *slot += 1;
            }
        }
        SymbolLists { starts, values }
    }

    /// Removes repeated values that follow each other within a list (all repeats,
    /// when each list is sorted).
    pub fn dedup_sorted(&mut self)
    where
        T: PartialEq,
    {
        let mut write = 0usize;
        let mut start = 0usize;
        for symbol in 0..self.starts.len().saturating_sub(1) {
            let end = self.starts[symbol + 1] as usize;
            self.starts[symbol] = write as u32;
            for read in start..end {
                if read == start || self.values[read] != self.values[read - 1] {
                    self.values[write] = self.values[read];
                    write += 1;
                }
            }
            start = end;
        }
        if let Some(last) = self.starts.last_mut() {
            *last = write as u32;
        }
        self.values.truncate(write);
    }

    /// Keeps the values for which `keep(list, value)` holds, where `list` is the
    /// value's whole list before any removal.
    pub fn retain(&mut self, mut keep: impl FnMut(&[T], &T) -> bool) {
        let mut write = 0usize;
        let mut start = 0usize;
        let mut kept: Vec<T> = Vec::new();
        for symbol in 0..self.starts.len().saturating_sub(1) {
            let end = self.starts[symbol + 1] as usize;
            self.starts[symbol] = write as u32;
            let list = &self.values[start..end];
            kept.clear();
            kept.extend(list.iter().filter(|value| keep(list, value)).copied());
            for (offset, value) in kept.iter().enumerate() {
                self.values[write + offset] = *value;
            }
            write += kept.len();
            start = end;
        }
        if let Some(last) = self.starts.last_mut() {
            *last = write as u32;
        }
        self.values.truncate(write);
    }

    /// Lists from their stored parts (see [`SymbolLists::parts`]); `None` unless
    /// `starts` has `symbol_count + 1` ascending offsets from 0 to the end of
    /// `values`.
    pub fn from_parts(symbol_count: usize, starts: Vec<u32>, values: Vec<T>) -> Option<Self> {
        let well_formed = starts.len() == symbol_count + 1
            && starts.first() == Some(&0)
            && starts.last().map(|&end| end as usize) == Some(values.len())
            && starts.windows(2).all(|pair| pair[0] <= pair[1]);
        well_formed.then_some(SymbolLists { starts, values })
    }

    /// Where each symbol's list starts, and the values back to back.
    pub fn parts(&self) -> (&[u32], &[T]) {
        (&self.starts, &self.values)
    }

    /// The list of `symbol` (empty for an unknown symbol).
    pub fn get(&self, symbol: u32) -> &[T] {
        let symbol = symbol as usize;
        match (self.starts.get(symbol), self.starts.get(symbol + 1)) {
            (Some(&start), Some(&end)) => &self.values[start as usize..end as usize],
            _ => &[],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_values_by_symbol_in_order() {
        let pairs = [(2u32, 'a'), (0, 'b'), (2, 'c'), (9, 'x')];
        let lists = SymbolLists::build(3, || pairs.iter().copied());
        assert_eq!(lists.get(0), ['b']);
        assert_eq!(lists.get(1), [] as [char; 0]);
        assert_eq!(lists.get(2), ['a', 'c']);
        assert_eq!(lists.get(3), [] as [char; 0]);
    }

    #[test]
    fn retain_sees_each_whole_list() {
        let pairs = [(0u32, 1u32), (0, 2), (1, 3), (2, 4), (2, 6)];
        let mut lists = SymbolLists::build(3, || pairs.iter().copied());
        // Keep odd values, unless a list has no odd value at all.
        lists.retain(|list, value| value % 2 == 1 || list.iter().all(|v| v % 2 == 0));
        assert_eq!(lists.get(0), [1]);
        assert_eq!(lists.get(1), [3]);
        assert_eq!(lists.get(2), [4, 6]);
    }

    #[test]
    fn dedup_removes_repeats_within_each_list_only() {
        let pairs = [(0u32, 1u32), (0, 1), (0, 2), (1, 2), (1, 2), (2, 5), (0, 2)];
        let mut lists = SymbolLists::build(3, || pairs.iter().copied());
        lists.dedup_sorted();
        assert_eq!(lists.get(0), [1, 2]);
        assert_eq!(lists.get(1), [2]);
        assert_eq!(lists.get(2), [5]);
    }
}
