//! Setting up a game (spec §2.1; §3.2 and §3.3 for the expansion): shuffle, deal 3 coins each,
//! the 5-player expedition face up; contracts face up and face down; the cooperative time pile
//! and the difficulty's victory pile.

use crate::core::pile::Supply;
use crate::core::{GameRng, StateErrors};

use super::cards::{self, FIVE_PLAYER_EXPEDITION};
use super::contracts::{
    self, time_pile_size, ContractId, COMPETITIVE_FACE_UP, CONTRACTS, COOPERATIVE_FACE_UP,
};
use super::rules_version::Rules;
use super::state::{Config, Expansion, Options, Phase, SeatState, Slot, State, Turn};

/// Coins dealt to each player at setup.
pub const STARTING_COINS: usize = 3;

/// Sets up a game. The in-play cards (119 below 5 players, 24 more with the expansion) are
/// shuffled with the seeded RNG; each player is dealt 3 coins from the top in seat order, one at
/// a time, starting with seat 0. With the expansion the contracts are shuffled next; in the
/// cooperative variant the time pile is then drawn from the top of the draw pile, and
/// `difficulty` cards go from the time pile to the victory pile.
pub fn new_game(
    players: u32,
    start_seat: u32,
    seed: u64,
    options: Options,
) -> Result<State, StateErrors> {
    new_game_under(Rules::NEWEST, players, start_seat, seed, options)
}

/// Sets up a game under an older rules version (to replay a game begun under it); the setup
/// itself is the same in every version.
pub fn new_game_under(
    rules: Rules,
    players: u32,
    start_seat: u32,
    seed: u64,
    options: Options,
) -> Result<State, StateErrors> {
    options.check()?;
    let range = options.players();
    let played_by = format!(
        "Port Royal is played by {} to {} players in this variant",
        range.start(),
        range.end()
    );
    let (players, start_seat) = crate::games::seating(players, start_seat, range, &played_by)?;
    let mut rng = GameRng::from_u64(seed);
    let mut draw: Vec<_> = cards::in_play(players, options.contracts)
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
            rules,
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
        offers: Vec::new(),
        ext: None,
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
    if options.contracts {
        set_up_contracts(&mut state)?;
    }
    Ok(state)
}

fn set_up_contracts(state: &mut State) -> Result<(), StateErrors> {
    let options = state.config.options;
    let players = usize::from(state.config.players);
    let coop = options.cooperative();
    let mut ids: Vec<ContractId> = (0..CONTRACTS as u8)
        .filter(|&id| coop || contracts::contract(id).is_some_and(|c| !c.cooperative_only))
        .collect();
    state.rng.shuffle(&mut ids);
    let up = if coop {
        COOPERATIVE_FACE_UP
            .get(players.saturating_sub(1))
            .copied()
            .unwrap_or(0)
    } else {
        COMPETITIVE_FACE_UP
    };
    let face_down = ids.split_off(up.min(ids.len()));
    let mut ext = Expansion {
        face_up: ids
            .iter()
            .map(|&id| Slot {
                id,
                completers: Vec::new(),
            })
            .collect(),
        face_down,
        set_aside: vec![Vec::new(); players],
        ..Expansion::default()
    };
    if coop {
        let size = time_pile_size(&ids);
        let difficulty = usize::try_from(options.difficulty).unwrap_or(usize::MAX);
        if difficulty > size {
            return Err(StateErrors::one(
                "options.difficulty",
                format!("the time pile holds {size} cards; difficulty cannot be larger"),
            ));
        }
        for _ in 0..size {
            let mut no_reshuffle = None;
            if let Some(card) = state.take_top(&mut no_reshuffle) {
                ext.time_pile.push(card);
            }
        }
        for _ in 0..difficulty {
            if let Some(card) = ext.time_pile.pop() {
                ext.victory_pile.push(card);
            }
        }
    }
    state.ext = Some(ext);
    state.check_cooperative_loss(&mut Vec::new());
    Ok(())
}
