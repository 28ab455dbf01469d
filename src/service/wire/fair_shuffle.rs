//! A fair shuffle's record and view on the wire (`FairShuffleState`, `FairShuffleView`).

use crate::core::fair_shuffle::{FairShuffle, SERVER_SEED_LEN};
use crate::core::{Seat, StateErrors};
use crate::games::table::FairView;
use crate::pb::v1;

fn contributions<'a>(made: impl Iterator<Item = (Seat, &'a [u8])>) -> Vec<v1::SeatContribution> {
    made.map(|(seat, r)| v1::SeatContribution {
        seat: seat.into(),
        randomness: r.to_vec(),
    })
    .collect()
}

/// The record to the wire, with the setup it still has to deal.
pub fn record_to_proto(f: &FairShuffle, setup: Option<v1::NewGameRequest>) -> v1::FairShuffleState {
    v1::FairShuffleState {
        server_seed: f.server_seed().to_vec(),
        commitment: f.commitment().to_vec(),
        contributions: contributions(f.contributions()),
        setup,
    }
}

/// The record from the wire, for a game of `players` seats (field paths relative to the
/// record).
pub fn record_from_proto(
    p: &v1::FairShuffleState,
    players: u8,
) -> Result<FairShuffle, StateErrors> {
    FairShuffle::restore(
        &p.server_seed,
        &p.commitment,
        players,
        p.contributions
            .iter()
            .map(|c| (c.seat, c.randomness.clone())),
    )
}

/// The view to the wire.
pub fn view_to_proto(v: &FairView) -> v1::FairShuffleView {
    v1::FairShuffleView {
        commitment: v.commitment.to_vec(),
        contributions: contributions(v.contributions.iter().map(|(s, r)| (*s, r.as_slice()))),
        server_seed: v.revealed.map(|(s, _)| s.to_vec()).unwrap_or_default(),
        game_seed: v.revealed.map(|(_, g)| g),
    }
}

/// A server seed a Replay names (field path `server_seed`).
pub fn server_seed(bytes: &[u8]) -> Result<[u8; SERVER_SEED_LEN], StateErrors> {
    bytes.try_into().map_err(|_| {
        StateErrors::one(
            "server_seed",
            format!(
                "must be the {SERVER_SEED_LEN}-byte server seed the finished game's view revealed"
            ),
        )
    })
}
