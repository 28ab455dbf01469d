//! FNV-1a, 64-bit: the hash golden tests and recorded playthroughs pin states by. It is written
//! here (not taken from a crate) so that no dependency update can change a pinned value.

/// The hash of `bytes`.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The hash of `bytes`, as the fixtures write it: 16 hex digits.
pub fn fnv1a_hex(bytes: &[u8]) -> String {
    format!("{:016x}", fnv1a(bytes))
}
