//! Village test helpers: games on the provisional and the test suite's set, seeded random play,
//! and state surgery through the wire (`state_to_proto`, edit, `state_from_proto`), so every
//! scenario state is one the referee accepts.
#![allow(dead_code)]

use std::sync::Arc;

use referee::core::{GameRng, Seat};
use referee::games::village::components::{Components, PROVISIONAL};
use referee::games::village::{new_game, Action, Event, Options, State};
use referee::pb::v1;
use referee::service::village::{state_from_proto, state_to_proto};

/// The test suite's second component set.
pub const OTHER: &str = include_str!("../fixtures/village/other-components.toml");

/// Both component sets: the provisional one and the test suite's.
pub fn sets() -> [Arc<Components>; 2] {
    [PROVISIONAL, OTHER].map(|t| Arc::new(Components::parse(t).expect("a valid set")))
}

/// The provisional set.
pub fn provisional() -> Arc<Components> {
    Arc::new(Components::provisional())
}

/// A new game; `compensation` turns the starting compensation on.
pub fn game(set: &Arc<Components>, players: u32, seed: u64, compensation: bool) -> State {
    let options = Options {
        no_starting_compensation: !compensation,
    };
    new_game(Arc::clone(set), players, 0, seed, options).expect("a valid setup")
}

/// Every state of a seeded random game, in order.
pub fn states(set: &Arc<Components>, players: u32, seed: u64) -> Vec<State> {
    let mut state = game(set, players, seed, true);
    let mut rng = GameRng::from_u64(seed ^ 0x5eed);
    let mut out = vec![state.clone()];
    let mut events = Vec::new();
    while let Some((seat, action)) = pick(&state, &mut rng) {
        events.clear();
        state.apply_in_place(seat, &action, &mut events).unwrap();
        out.push(state.clone());
    }
    out
}

/// A random legal action, if any.
pub fn pick(state: &State, rng: &mut GameRng) -> Option<(Seat, Action)> {
    let legal = state.legal_actions(None);
    (!legal.is_empty()).then(|| legal[rng.below(legal.len() as u32) as usize])
}

/// Plays random legal actions until `stop` holds (or the game ends); returns the state.
pub fn play_until(mut state: State, seed: u64, stop: impl Fn(&State) -> bool) -> State {
    let mut rng = GameRng::from_u64(seed);
    while !stop(&state) {
        let Some((seat, action)) = pick(&state, &mut rng) else {
            break;
        };
        state
            .apply_in_place(seat, &action, &mut Vec::new())
            .unwrap();
    }
    state
}

/// Applies an action that must be legal; returns its events.
pub fn act(state: &mut State, seat: Seat, action: Action) -> Vec<Event> {
    let mut events = Vec::new();
    state
        .apply_in_place(seat, &action, &mut events)
        .unwrap_or_else(|v| panic!("{action:?} by {seat} refused: {v}"));
    events
}

/// The code an action is refused with.
pub fn refused(state: &State, seat: Seat, action: Action) -> &'static str {
    state
        .check(seat, &action)
        .expect_err("the action should be refused")
        .code
}

/// The state with its wire message edited (and checked again).
pub fn edit(state: &State, f: impl FnOnce(&mut v1::VillageState)) -> State {
    let mut p = state_to_proto(state);
    f(&mut p);
    state_from_proto(p, &state.config().components).unwrap_or_else(|e| panic!("refused: {e}"))
}

/// The fields an edited state is refused on.
pub fn refused_fields(state: &State, f: impl FnOnce(&mut v1::VillageState)) -> Vec<String> {
    let mut p = state_to_proto(state);
    f(&mut p);
    state_from_proto(p, &state.config().components)
        .expect_err("the state should be refused")
        .errors
        .into_iter()
        .map(|e| e.field)
        .collect()
}
