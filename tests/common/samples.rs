//! Recorded mid-game states, shared by the size test and the benchmarks (the same seeds, so the
//! figures are about the same states).
#![allow(dead_code)]

use referee::core::GameRng;
use referee::games::port_royal::{self, Mode, Options, State};
use referee::games::Play;

/// A named mode.
pub fn mode(name: &str) -> Options {
    match name {
        "contracts" => Options {
            contracts: true,
            ..Options::default()
        },
        "cooperative" => Options {
            contracts: true,
            mode: Mode::Cooperative,
            ..Options::default()
        },
        _ => Options::default(),
    }
}

/// Every state of a seeded random game, in order.
pub fn states(players: u32, seed: u64, options: Options) -> Vec<State> {
    let mut state = port_royal::new_game(players, 0, seed, options).unwrap();
    let mut rng = GameRng::from_u64(seed ^ 0x5eed);
    let mut out = vec![state.clone()];
    let mut events = Vec::new();
    loop {
        let legal = state.legal_actions(None);
        if legal.is_empty() {
            return out;
        }
        let (seat, action) = &legal[rng.below(legal.len() as u32) as usize];
        events.clear();
        state.apply_in_place(*seat, action, &mut events).unwrap();
        out.push(state.clone());
    }
}

/// The state halfway through a seeded random game (in phase 2 if one is near, so that
/// `legal_actions` has takes to list).
pub fn mid_game(players: u32, seed: u64, options: Options) -> State {
    let all = states(players, seed, options);
    let half = all.len() / 2;
    all[half..]
        .iter()
        .find(|s| s.status().phase == "trade")
        .unwrap_or(&all[half])
        .clone()
}
