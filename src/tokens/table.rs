//! The `cl100k_base` ranks, embedded by build.rs and read where they lie: a
//! lookup hashes the bytes, probes the slots and compares against the token's
//! bytes, touching only the pages it needs. Layout: see build.rs.

use super::hash::{EMPTY_SLOT, first_slot};

static BYTES: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/cl100k.bin"));

/// The whole table, checked once at compile time.
pub(super) static TABLE: Table = Table::parse(BYTES);

pub(super) struct Table {
    offsets: &'static [u8],
    slots: &'static [u8],
    bytes: &'static [u8],
    slot_count: usize,
}

const fn word(bytes: &[u8], index: usize) -> u32 {
    let at = index * 4;
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

impl Table {
    const fn parse(data: &'static [u8]) -> Table {
        let rank_count = word(data, 0) as usize;
        let slot_count = word(data, 1) as usize;
        assert!(slot_count.is_power_of_two());
        let (_, rest) = data.split_at(8);
        let (offsets, rest) = rest.split_at((rank_count + 1) * 4);
        let (slots, bytes) = rest.split_at(slot_count * 4);
        assert!(word(offsets, rank_count) as usize == bytes.len());
        Table {
            offsets,
            slots,
            bytes,
            slot_count,
        }
    }

    /// The bytes of the token with this rank (empty for a gap).
    fn token(&self, rank: u32) -> &'static [u8] {
        let rank = rank as usize;
        let start = word(self.offsets, rank) as usize;
        let end = word(self.offsets, rank + 1) as usize;
        &self.bytes[start..end]
    }

    /// The rank of the token whose bytes are `bytes`, if there is one.
    pub(super) fn rank(&self, bytes: &[u8]) -> Option<u32> {
        let mut slot = first_slot(bytes, self.slot_count);
        loop {
            let rank = word(self.slots, slot);
            if rank == EMPTY_SLOT {
                return None;
            }
            if self.token(rank) == bytes {
                return Some(rank);
            }
            slot = (slot + 1) & (self.slot_count - 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::TABLE;

    #[test]
    fn every_byte_is_a_token() {
        for byte in 0..=255u8 {
            assert!(TABLE.rank(&[byte]).is_some(), "{byte}");
        }
    }

    #[test]
    fn known_ranks() {
        assert_eq!(TABLE.rank(b"!"), Some(0));
        assert_eq!(TABLE.rank(b"hello"), Some(15339));
        assert_eq!(TABLE.rank(b" world"), Some(1917));
        assert_eq!(TABLE.rank(b"<|endoftext|>"), None);
        assert_eq!(TABLE.rank(b""), None);
    }

    #[test]
    fn every_rank_round_trips() {
        let count = TABLE.offsets.len() / 4 - 1;
        for rank in 0..count as u32 {
            let token = TABLE.token(rank);
            if !token.is_empty() {
                assert_eq!(TABLE.rank(token), Some(rank));
            }
        }
    }
}
