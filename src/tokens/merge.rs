//! Byte-pair merging of one piece, as tiktoken does it: start from single bytes
//! and keep joining the two neighbouring parts whose union has the lowest rank
//! (the leftmost such pair on a tie) until no union is a token. A piece that is
//! itself a token is one token.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::table::Table;

/// No token: ranks compare below it.
const NO_RANK: u32 = u32::MAX;

/// Pieces at least this long merge through a heap; shorter ones scan a list,
/// which is faster while the list fits in a cache line or two.
const HEAP_FROM: usize = 64;

/// Scratch space, reused from piece to piece.
#[derive(Default)]
pub(super) struct Merger {
    /// Where each token starts, then the piece's length.
    bounds: Vec<usize>,
    /// List merge: (part start, rank of this part joined to the next).
    parts: Vec<(usize, u32)>,
    /// Heap merge, indexed by part start: the next part's start, the previous
    /// part's start (`usize::MAX` for none), the joined rank (`NO_RANK` for none
    /// or a part that no longer exists).
    next: Vec<usize>,
    prev: Vec<usize>,
    rank: Vec<u32>,
    heap: BinaryHeap<Reverse<(u32, usize)>>,
}

impl Merger {
    /// Token boundaries of `piece` (non-empty): each token's start, then
    /// `piece.len()`.
    pub(super) fn token_bounds(&mut self, table: &Table, piece: &[u8]) -> &[usize] {
        self.bounds.clear();
        if piece.len() == 1 || table.rank(piece).is_some() {
            self.bounds.extend([0, piece.len()]);
        } else if piece.len() < HEAP_FROM {
            self.merge_by_scan(table, piece);
        } else {
            self.merge_by_heap(table, piece);
        }
        &self.bounds
    }

    fn merge_by_scan(&mut self, table: &Table, piece: &[u8]) {
        let parts = &mut self.parts;
        parts.clear();
        parts.extend(
            (0..piece.len() - 1).map(|start| (start, rank_of(table, &piece[start..start + 2]))),
        );
        parts.push((piece.len() - 1, NO_RANK));
        // Sentinel: marks where the last part ends.
        parts.push((piece.len(), NO_RANK));
        // Rank of part `i` joined to part `i + 1`.
        let joined = |parts: &[(usize, u32)], i: usize| match parts.get(i + 2) {
            Some(&(end, _)) => rank_of(table, &piece[parts[i].0..end]),
            None => NO_RANK,
        };
        loop {
            let mut best = (NO_RANK, 0);
            for (i, &(_, rank)) in parts.iter().enumerate() {
                if rank < best.0 {
                    best = (rank, i);
                }
            }
            if best.0 == NO_RANK {
                break;
            }
            let i = best.1;
            parts.remove(i + 1);
            parts[i].1 = joined(parts, i);
            if i > 0 {
                parts[i - 1].1 = joined(parts, i - 1);
            }
        }
        self.bounds.extend(parts.iter().map(|&(start, _)| start));
    }

    fn merge_by_heap(&mut self, table: &Table, piece: &[u8]) {
        let len = piece.len();
        let (next, prev, rank, heap) = (
            &mut self.next,
            &mut self.prev,
            &mut self.rank,
            &mut self.heap,
        );
        next.clear();
        next.extend(1..=len);
        prev.clear();
        prev.extend((0..len).map(|start| start.wrapping_sub(1)));
        rank.clear();
        rank.extend((0..len).map(|start| match piece.get(start..start + 2) {
            Some(pair) => rank_of(table, pair),
            None => NO_RANK,
        }));
        heap.clear();
        heap.extend(
            rank.iter()
                .enumerate()
                .filter(|&(_, &r)| r != NO_RANK)
                .map(|(start, &r)| Reverse((r, start))),
        );
        while let Some(Reverse((popped, left))) = heap.pop() {
            // Stale: the part is gone or has grown since. A rank names one byte
            // string, so an equal rank means the same pair still stands.
            if rank[left] != popped {
                continue;
            }
            let right = next[left];
            let after = next[right];
            next[left] = after;
            rank[right] = NO_RANK;
            if after < len {
                prev[after] = left;
                rank[left] = rank_of(table, &piece[left..next[after]]);
            } else {
                rank[left] = NO_RANK;
            }
            if rank[left] != NO_RANK {
                heap.push(Reverse((rank[left], left)));
            }
            let before = prev[left];
            if before != usize::MAX {
                rank[before] = rank_of(table, &piece[before..after]);
                if rank[before] != NO_RANK {
                    heap.push(Reverse((rank[before], before)));
                }
            }
        }
        let mut start = 0;
        while start < len {
            self.bounds.push(start);
            start = next[start];
        }
        self.bounds.push(len);
    }
}

fn rank_of(table: &Table, bytes: &[u8]) -> u32 {
    table.rank(bytes).unwrap_or(NO_RANK)
}
