// The hash that places a token's bytes in the table's slots.
//
// build.rs `include!`s this file to lay the table out and src/tokens reads it
// through `mod hash`, so the two sides cannot drift apart. Plain `//` comments
// only: an inner doc comment would not survive `include!`.

/// A slot holding this value is empty; any other value is a rank.
pub(crate) const EMPTY_SLOT: u32 = u32::MAX;

/// FNV-1a, 64-bit.
pub(crate) const fn token_hash(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < bytes.len() {
        hash ^= bytes[i] as u64;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        i += 1;
    }
    hash
}

/// The slot where probing for `bytes` starts, in a table of `slot_count` slots
/// (a power of two). A taken slot sends the probe on to the next one, wrapping
/// around at the end.
pub(crate) const fn first_slot(bytes: &[u8], slot_count: usize) -> usize {
    let hash = token_hash(bytes);
    // FNV's low bits alone spread short keys poorly; fold the high half in.
    ((hash ^ (hash >> 32)) as usize) & (slot_count - 1)
}
