//! Where a line of a [`FileText`](super::file_text::FileText) sits now, without
//! scanning the file: each line's position as last known plus the splices made since
//! (issue #16.5). Many blocks against one big file then cost about blocks × √lines
//! instead of blocks × lines: a lookup replays at most [`REPLAY_LIMIT`] splices, and
//! the table is rebuilt (one pass over the file) only when more have piled up.

/// The most splices a lookup replays before the table is rebuilt.
const REPLAY_LIMIT: usize = 256;

/// Marks a line whose position is not known (it is not in the file).
const UNKNOWN: u32 = u32::MAX;

/// One splice: `removed` lines at `start` gave way to `inserted` lines.
#[derive(Debug, Clone, Copy)]
struct Splice {
    start: usize,
    removed: usize,
    inserted: usize,
}

/// Line positions by line id.
#[derive(Debug, Clone, Default)]
pub(crate) struct LinePositions {
    /// Per line id: its position, valid once the splices from `since` on are replayed.
    known: Vec<(u32, u32)>,
    /// The splices since the last rebuild, in order.
    splices: Vec<Splice>,
    /// Whether `known` reflects the file at all (false until the first lookup).
    built: bool,
}

impl LinePositions {
    /// Records a splice of the file: `new_ids` now sit at `start..`, where `removed`
    /// lines were.
    pub(crate) fn splice(&mut self, start: usize, removed: usize, new_ids: &[u32]) {
        if !self.built {
            return;
        }
        self.splices.push(Splice {
            start,
            removed,
            inserted: new_ids.len(),
        });
        let since = self.splices.len() as u32;
        for (offset, id) in new_ids.iter().enumerate() {
            let slot = *id as usize;
            if self.known.len() <= slot {
                self.known.resize(slot + 1, (UNKNOWN, 0));
            }
            self.known[slot] = (u32::try_from(start + offset).unwrap_or(UNKNOWN), since);
        }
    }

    /// Whether a lookup of `count` lines is cheaper here than a scan of `lines` lines
    /// (a due rebuild costs one scan, once, and makes the lookups after it cheap).
    pub(crate) fn worth_it(&self, count: usize, lines: usize) -> bool {
        let replayed = if self.rebuild_due() {
            1
        } else {
            self.splices.len().max(1)
        };
        count.saturating_mul(replayed) < lines
    }

    fn rebuild_due(&self) -> bool {
        !self.built || self.splices.len() > REPLAY_LIMIT
    }

    /// The current positions of `ids` (lines in the file now), ascending, from `from` on.
    pub(crate) fn positions(&mut self, ids: &[u32], order: &[u32], from: usize) -> Vec<usize> {
        if self.rebuild_due() {
            self.rebuild(order);
        }
        let mut found: Vec<usize> = Vec::with_capacity(ids.len());
        for id in ids {
            let position = match self.position(*id) {
                Some(position) => position,
                // Not tracked (cannot happen for a line in the file): rebuild, then look again.
                None => {
                    self.rebuild(order);
                    match self.position(*id) {
                        Some(position) => position,
                        None => continue,
                    }
                }
            };
            // A stale answer would place an edit in the wrong spot: check it.
            if order.get(position) == Some(id) && position >= from {
                found.push(position);
            }
        }
        found.sort_unstable();
        found
    }

    fn position(&self, id: u32) -> Option<usize> {
        let (known, since) = *self.known.get(id as usize)?;
        if known == UNKNOWN {
            return None;
        }
        let mut position = known as usize;
        for splice in &self.splices[since as usize..] {
            if position >= splice.start + splice.removed {
                position = position - splice.removed + splice.inserted;
            } else if position >= splice.start {
                // The line was spliced away.
                return None;
            }
        }
        Some(position)
    }

    fn rebuild(&mut self, order: &[u32]) {
        let largest = order.iter().copied().max().map_or(0, |id| id as usize + 1);
        self.known.clear();
        self.known
            .resize(largest.max(self.known.len()), (UNKNOWN, 0));
        for (position, id) in order.iter().enumerate() {
            self.known[*id as usize] = (u32::try_from(position).unwrap_or(UNKNOWN), 0);
        }
        self.splices.clear();
        self.built = true;
    }
}

#[cfg(test)]
mod tests {
    use super::super::file_text::{FileText, LineKey};

    /// The positions a plain scan finds.
    fn scanned(file: &FileText, text: &str, from: usize) -> Vec<usize> {
        (from..file.len())
            .filter(|at| file.line(*at) == text)
            .collect()
    }

    #[test]
    fn positions_agree_with_a_scan_through_many_splices_and_rebuilds() {
        // 4 copies of each line: lookups take the table, not the scan.
        let raw: String = (0..2_000).map(|i| format!("line {}\n", i % 500)).collect();
        let mut file = FileText::parse(&raw);
        // A fixed pseudo-random walk of splices that grow, shrink and keep the length.
        let mut seed: u64 = 7;
        let mut next = |below: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize % below.max(1)
        };
        for round in 0..1_500 {
            let start = next(file.len());
            let removed = next(4).min(file.len() - start);
            let inserted: Vec<String> = (0..next(4))
                .map(|j| format!("line {}", (round + j) % 520))
                .collect();
            file.splice(start, removed, &inserted);
            let wanted = format!("line {}", next(520));
            let from = next(file.len());
            assert_eq!(
                file.positions(LineKey::Exact, &wanted, from),
                scanned(&file, &wanted, from),
                "round {round}"
            );
        }
    }
}
