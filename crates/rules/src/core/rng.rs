//! The one source of randomness in a game: ChaCha8 (from `rand_chacha`), whose seed and stream
//! position live in the game state, so the same state and action give the same result on every
//! replica and every release.
//!
//! The algorithm and the order in which draws are consumed are part of the rules version: a change
//! to either is a breaking change, guarded by the golden tests. `rand`'s `StdRng` and its
//! `shuffle` are deliberately not used, because neither is promised to be stable across versions.

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use super::StateErrors;

/// Word positions beyond this are refused in client states: a real game consumes a few thousand
/// words, and the bound keeps the value within `u64` on the wire.
pub const MAX_WORD_POS: u64 = 1 << 48;

/// A ChaCha8 RNG that can be stored in, and restored from, a game state.
#[derive(Clone, Debug)]
pub struct GameRng {
    inner: ChaCha8Rng,
}

impl PartialEq for GameRng {
    fn eq(&self, other: &Self) -> bool {
        self.seed() == other.seed() && self.word_pos() == other.word_pos()
    }
}
impl Eq for GameRng {}

impl GameRng {
    /// A fresh RNG from a 64-bit seed (`rand_core`'s documented PCG32 seed expansion).
    pub fn from_u64(seed: u64) -> Self {
        Self {
            inner: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// The RNG a state stores as `seed` and `word_pos`, or `None` with the fields that break a
    /// rule pushed to `errs` (under `rng.`, as every game's state message names them): the one
    /// place they are checked.
    pub fn check(seed: &[u8], word_pos: u64, errs: &mut StateErrors) -> Option<GameRng> {
        let seed = <[u8; 32]>::try_from(seed);
        if seed.is_err() {
            errs.push("rng.seed", "must be 32 bytes");
        }
        if word_pos > MAX_WORD_POS {
            errs.push("rng.word_pos", "is out of range");
        }
        match seed {
            Ok(seed) if word_pos <= MAX_WORD_POS => Some(GameRng::restore(seed, word_pos)),
            _ => None,
        }
    }

    /// Restores an RNG from its stored seed and stream position.
    pub fn restore(seed: [u8; 32], word_pos: u64) -> Self {
        let mut inner = ChaCha8Rng::from_seed(seed);
        inner.set_word_pos(u128::from(word_pos));
        Self { inner }
    }

    /// The 32-byte seed.
    pub fn seed(&self) -> [u8; 32] {
        self.inner.get_seed()
    }

    /// The position in the key stream, in 32-bit words.
    pub fn word_pos(&self) -> u64 {
        // Restored positions are below MAX_WORD_POS and a game advances them by a few thousand.
        u64::try_from(self.inner.get_word_pos()).unwrap_or(u64::MAX)
    }

    /// A uniform integer in `0..n` (n > 0), by rejection sampling on 32-bit words: unbiased and
    /// defined here, so it cannot change with a dependency upgrade.
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        let n = n.max(1);
        let zone = u32::MAX - (u32::MAX % n);
        loop {
            let x = self.inner.next_u32();
            if x < zone {
                return x % n;
            }
        }
    }

    /// A new RNG seeded from this one's next two words (the bots' worlds: a world's future draws
    /// are as unknown to the seat as the real game's).
    pub fn fork(&mut self) -> GameRng {
        let high = u64::from(self.inner.next_u32());
        GameRng::from_u64(high << 32 | u64::from(self.inner.next_u32()))
    }

    /// Fisher-Yates shuffle, from the last index down.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let bound = u32::try_from(i + 1).unwrap_or(u32::MAX);
            let j = self.below(bound) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stored RNG is restored only from a 32-byte seed and a position up to the bound; each
    /// fault is named by its field, and a restored RNG equals only the same seed and position.
    #[test]
    fn stored_rngs_are_checked_and_compared_by_seed_and_position() {
        let check = |seed: Vec<u8>, word_pos: u64| {
            let mut errs = StateErrors::default();
            let rng = GameRng::check(&seed, word_pos, &mut errs);
            let fields: Vec<String> = errs.errors.into_iter().map(|e| e.field).collect();
            (rng, fields)
        };
        let (rng, fields) = check(vec![7; 32], MAX_WORD_POS);
        assert_eq!(rng, Some(GameRng::restore([7; 32], MAX_WORD_POS)));
        assert!(fields.is_empty());
        assert_eq!(
            check(vec![7; 32], MAX_WORD_POS + 1),
            (None, vec!["rng.word_pos".into()])
        );
        assert_eq!(check(vec![7; 31], 0), (None, vec!["rng.seed".into()]));
        let both = check(Vec::new(), u64::MAX).1;
        assert_eq!(both, ["rng.seed", "rng.word_pos"]);
        let rng = GameRng::restore([7; 32], 5);
        assert_eq!((rng.seed(), rng.word_pos()), ([7; 32], 5));
        assert_ne!(rng, GameRng::restore([8; 32], 5), "another seed");
        assert_ne!(rng, GameRng::restore([7; 32], 6), "another position");
    }

    /// Determinism: the ChaCha8 stream is pinned; a change here breaks every stored game.
    #[test]
    fn golden_stream_and_shuffle() {
        let mut rng = GameRng::from_u64(42);
        let draws: Vec<u32> = (0..5).map(|_| rng.below(100)).collect();
        let mut deck: Vec<u32> = (0..10).collect();
        rng.shuffle(&mut deck);
        assert_eq!(draws, [17, 45, 4, 98, 92]);
        assert_eq!(deck, [4, 9, 6, 3, 0, 2, 5, 1, 7, 8]);
    }

    /// The bots' worlds fork their RNG: pinned like the stream itself.
    #[test]
    fn a_fork_is_pinned() {
        let mut rng = GameRng::from_u64(42);
        let mut fork = rng.fork();
        assert_eq!(fork.below(100), 54);
        assert_eq!(rng.below(100), 4);
    }

    #[test]
    fn restore_continues_the_same_stream() {
        let mut a = GameRng::from_u64(7);
        a.below(10);
        let mut b = GameRng::restore(a.seed(), a.word_pos());
        assert_eq!(a, b);
        assert_eq!(a.below(1000), b.below(1000));
    }
}
