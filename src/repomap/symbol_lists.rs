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
}
