//! Commit, contribute, reveal: a shuffle nobody can choose alone (docs/fair-shuffles.md).
//!
//! The referee draws a secret server seed and shows only its commitment; every seat then adds
//! randomness of its own, in the open; the game seed is a hash of the server seed and every
//! contribution. The server seed is revealed when the game is finished, so anyone can recompute
//! the commitment and the game seed, and replay the game. Both constructions are part of the
//! public contract (a change would be a new rules version) and are spelled out here:
//!
//! - commitment = SHA-256(`COMMITMENT_DOMAIN` ‖ server seed), the 32-byte seed as is;
//! - game seed = the first 8 bytes, big-endian, of SHA-256(`GAME_SEED_DOMAIN` ‖ server seed ‖
//!   for each seat from 0 up: one byte giving the contribution's length, then its bytes).
//!
//! The length prefixes make the encoding unambiguous: no two different sets of contributions
//! hash the same input. The game seed is then the 64-bit seed of a plain game (`NewGame.seed`).

use sha2::{Digest, Sha256};

use super::{EnvelopeCode, Seat, StateErrors, Violation, ViolationCode};

/// Separates the commitment from any other SHA-256 of the same bytes.
pub const COMMITMENT_DOMAIN: &[u8] = b"referee.v1/fair-shuffle/commitment\0";
/// Separates the game seed's derivation from the commitment.
pub const GAME_SEED_DOMAIN: &[u8] = b"referee.v1/fair-shuffle/game-seed\0";
/// Bytes of the server seed.
pub const SERVER_SEED_LEN: usize = 32;
/// The most bytes a seat may contribute.
pub const MAX_CONTRIBUTION: usize = 64;

/// The violation codes of the setup step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FairShuffleCode {
    /// A game action while seats still owe their contribution.
    AwaitingContributions,
    /// The seat has contributed already.
    AlreadyContributed,
    /// More than [`MAX_CONTRIBUTION`] bytes.
    ContributionTooLong,
    /// A contribution when no fair shuffle is waiting for one.
    NoShufflePending,
}

impl ViolationCode for FairShuffleCode {
    fn as_str(self) -> &'static str {
        match self {
            FairShuffleCode::AwaitingContributions => "AWAITING_CONTRIBUTIONS",
            FairShuffleCode::AlreadyContributed => "ALREADY_CONTRIBUTED",
            FairShuffleCode::ContributionTooLong => "CONTRIBUTION_TOO_LONG",
            FairShuffleCode::NoShufflePending => "NO_SHUFFLE_PENDING",
        }
    }
}

/// The commitment to a server seed.
pub fn commitment(server_seed: &[u8; SERVER_SEED_LEN]) -> [u8; 32] {
    Sha256::new()
        .chain_update(COMMITMENT_DOMAIN)
        .chain_update(server_seed)
        .finalize()
        .into()
}

/// The game seed from the server seed and every seat's contribution, in seat order.
pub fn game_seed<'a>(
    server_seed: &[u8; SERVER_SEED_LEN],
    contributions: impl IntoIterator<Item = &'a [u8]>,
) -> u64 {
    let mut hash = Sha256::new()
        .chain_update(GAME_SEED_DOMAIN)
        .chain_update(server_seed);
    for c in contributions {
        // At most MAX_CONTRIBUTION (64) bytes: the length fits a byte.
        hash.update([c.len() as u8]);
        hash.update(c);
    }
    let digest = hash.finalize();
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_be_bytes(first)
}

/// A fair shuffle's record: the secret server seed and what each seat has contributed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FairShuffle {
    server_seed: [u8; SERVER_SEED_LEN],
    /// By seat; `None` until the seat contributes.
    contributions: Vec<Option<Vec<u8>>>,
}

impl FairShuffle {
    /// A shuffle for `players` seats, none contributed yet.
    pub fn new(server_seed: [u8; SERVER_SEED_LEN], players: u8) -> Self {
        Self {
            server_seed,
            contributions: vec![None; usize::from(players)],
        }
    }

    /// A record from a client's state: the seed's length, the commitment, and each contribution
    /// (seats in increasing order, each in the game, at most [`MAX_CONTRIBUTION`] bytes) are
    /// checked. Field paths are relative to the record.
    pub fn restore(
        server_seed: &[u8],
        stated_commitment: &[u8],
        players: u8,
        made: impl IntoIterator<Item = (u32, Vec<u8>)>,
    ) -> Result<Self, StateErrors> {
        let mut errs = StateErrors::default();
        let seed: [u8; SERVER_SEED_LEN] = server_seed.try_into().unwrap_or_else(|_| {
            errs.push("server_seed", format!("must be {SERVER_SEED_LEN} bytes"));
            [0; SERVER_SEED_LEN]
        });
        if errs.errors.is_empty() && stated_commitment != commitment(&seed) {
            errs.push(
                "commitment",
                "is not the commitment to server_seed: the referee never made this record",
            );
        }
        let mut shuffle = Self::new(seed, players);
        let mut last = None;
        for (i, (seat, bytes)) in made.into_iter().enumerate() {
            let at = |f: &str| format!("contributions[{i}].{f}");
            if seat >= u32::from(players) {
                errs.push(at("seat"), format!("no such seat in a {players}-seat game"));
            } else if last.is_some_and(|l| seat <= l) {
                errs.push(
                    at("seat"),
                    "seats must be listed once each, in increasing order",
                );
            } else if bytes.len() > MAX_CONTRIBUTION {
                errs.push(
                    at("randomness"),
                    format!("has {} bytes; at most {MAX_CONTRIBUTION}", bytes.len()),
                );
            } else {
                shuffle.contributions[seat as usize] = Some(bytes);
            }
            last = Some(seat);
        }
        if errs.errors.is_empty() {
            Ok(shuffle)
        } else {
            Err(errs)
        }
    }

    /// The secret server seed (shown to no seat before the game is finished).
    pub fn server_seed(&self) -> &[u8; SERVER_SEED_LEN] {
        &self.server_seed
    }

    /// The commitment every view shows.
    pub fn commitment(&self) -> [u8; 32] {
        commitment(&self.server_seed)
    }

    /// The contributions made, by seat in increasing order.
    pub fn contributions(&self) -> impl Iterator<Item = (Seat, &[u8])> {
        (0..)
            .zip(&self.contributions)
            .filter_map(|(seat, c)| Some((seat, c.as_deref()?)))
    }

    /// The seats that have not contributed yet.
    pub fn waiting(&self) -> Vec<Seat> {
        (0..)
            .zip(&self.contributions)
            .filter(|(_, c)| c.is_none())
            .map(|(seat, _)| seat)
            .collect()
    }

    /// The game seed, once every seat has contributed.
    pub fn game_seed(&self) -> Option<u64> {
        let all: Option<Vec<&[u8]>> = self.contributions.iter().map(|c| c.as_deref()).collect();
        Some(game_seed(&self.server_seed, all?))
    }

    /// Whether `seat` may contribute `randomness` now.
    pub fn check(&self, seat: Seat, randomness: &[u8]) -> Result<(), Violation> {
        match self.contributions.get(usize::from(seat)) {
            None => Err(Violation::new(
                EnvelopeCode::NoSuchSeat,
                format!("Seat {seat} is not in this game."),
            )),
            Some(Some(_)) => Err(Violation::new(
                FairShuffleCode::AlreadyContributed,
                format!("Seat {seat} has contributed to the shuffle already."),
            )),
            Some(None) if randomness.len() > MAX_CONTRIBUTION => Err(Violation::new(
                FairShuffleCode::ContributionTooLong,
                format!(
                    "A contribution has at most {MAX_CONTRIBUTION} bytes; this one has {}.",
                    randomness.len()
                ),
            )
            .with("max", MAX_CONTRIBUTION)),
            Some(None) => Ok(()),
        }
    }

    /// Records a contribution; returns the game seed once it was the last one owed.
    pub fn contribute(&mut self, seat: Seat, randomness: &[u8]) -> Result<Option<u64>, Violation> {
        self.check(seat, randomness)?;
        self.contributions[usize::from(seat)] = Some(randomness.to_vec());
        Ok(self.game_seed())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commitment_and_the_game_seed_are_separated_hashes() {
        let seed = [7u8; 32];
        assert_ne!(commitment(&seed), commitment(&[8u8; 32]));
        // Moving a byte from one contribution to the next changes the seed (length prefixes).
        let a = game_seed(&seed, [&b"ab"[..], &b"c"[..]]);
        let b = game_seed(&seed, [&b"a"[..], &b"bc"[..]]);
        assert_ne!(a, b);
        assert_ne!(
            game_seed(&seed, [&b""[..]]),
            game_seed(&seed, [&b""[..], &b""[..]])
        );
    }

    #[test]
    fn every_seat_contributes_once_then_the_seed_is_known() {
        let mut s = FairShuffle::new([1; 32], 2);
        assert_eq!(s.waiting(), vec![0, 1]);
        assert_eq!(s.contribute(1, b"x"), Ok(None));
        assert_eq!(s.check(1, b"").unwrap_err().code, "ALREADY_CONTRIBUTED");
        assert_eq!(s.check(2, b"").unwrap_err().code, "NO_SUCH_SEAT");
        assert_eq!(
            s.check(0, &[0; 65]).unwrap_err().code,
            "CONTRIBUTION_TOO_LONG"
        );
        assert_eq!(
            s.contribute(0, &[0; 64]),
            Ok(Some(game_seed(&[1; 32], [&[0u8; 64][..], b"x"])))
        );
        assert!(s.waiting().is_empty());
    }

    #[test]
    fn a_restored_record_is_checked() {
        let c = commitment(&[3; 32]);
        assert!(FairShuffle::restore(&[3; 32], &c, 2, [(1, vec![9])]).is_ok());
        let fields = |r: Result<FairShuffle, StateErrors>| -> Vec<String> {
            r.unwrap_err().errors.into_iter().map(|e| e.field).collect()
        };
        assert_eq!(
            fields(FairShuffle::restore(&[3; 31], &c, 2, [])),
            ["server_seed"]
        );
        assert_eq!(
            fields(FairShuffle::restore(&[4; 32], &c, 2, [])),
            ["commitment"]
        );
        assert_eq!(
            fields(FairShuffle::restore(
                &[3; 32],
                &c,
                2,
                [(1, vec![]), (1, vec![]), (2, vec![]), (0, vec![0; 65])]
            )),
            [
                "contributions[1].seat",
                "contributions[2].seat",
                "contributions[3].seat"
            ]
        );
        assert_eq!(
            fields(FairShuffle::restore(&[3; 32], &c, 2, [(0, vec![0; 65])])),
            ["contributions[0].randomness"]
        );
    }
}
