//! FNV-1a, 64-bit: a hash stable across builds and platforms (unlike std's),
//! for fingerprints kept on disk — the query version, a listing's snapshot key.

/// A running FNV-1a hash.
pub struct Fnv(pub u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    /// Adds `bytes` to the hash.
    pub fn feed(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}
