//! Setting up a game (spec §2.1): shuffle, deal 3 coins each, the 5-player expedition face up.

use crate::core::pile::Supply;
use crate::core::{GameRng, Seat, StateErrors};

use super::cards::{self, FIVE_PLAYER_EXPEDITION};
use super::state::{Config, Options, Phase, SeatState, State, Turn};

/// Coins dealt to each player at setup.
pub const STARTING_COINS: usize = 3;

/// Sets up a game: the in-play cards (119 below 5 players) are shuffled with the seeded RNG,
/// each player is dealt 3 coins from the top in seat order, one coin at a time, starting with
/// seat 0.
pub fn new_game(
    players: u32,
    start_seat: u32,
    seed: u64,
    options: Options,
) -> Result<State, StateErrors> {
    options.check()?;
    let players = match u8::try_from(players) {
        Ok(n @ 2..=5) => n,
        _ => {
            return Err(StateErrors::one(
                "players",
                "Port Royal is played by 2 to 5 players",
            ))
        }
    };
    let start_seat: Seat = u8::try_from(start_seat)
        .ok()
        .filter(|&s| s < players)
        .ok_or_else(|| StateErrors::one("start_seat", "no such seat"))?;
    let mut rng = GameRng::from_u64(seed);
    let mut draw: Vec<_> = cards::in_play(players)
        .filter(|&id| id != FIVE_PLAYER_EXPEDITION)
        .collect();
    rng.shuffle(&mut draw);
    let expeditions = if players == 5 {
        vec![FIVE_PLAYER_EXPEDITION]
    } else {
        Vec::new()
    };
    let mut state = State {
        config: Config {
            players,
            start_seat,
            options,
        },
        rng,
        draw,
        discard: Vec::new(),
        harbor: Vec::new(),
        expeditions,
        seats: vec![SeatState::default(); usize::from(players)],
        turn: Turn {
            active: start_seat,
            phase: Phase::Discover,
            drawn: 0,
            final_round: false,
            number: 1,
        },
    };
    let mut no_reshuffle = None;
    for _ in 0..STARTING_COINS {
        for seat in 0..usize::from(players) {
            if let Some(coin) = state.take_top(&mut no_reshuffle) {
                if let Some(s) = state.seats.get_mut(seat) {
                    s.coins.push(coin);
                }
            }
        }
    }
    Ok(state)
}
