//! Village test helpers: games on the provisional and the test suite's set, seeded random play,
//! and state surgery through the wire (`state_to_proto`, edit, `state_from_proto`), so every
//! scenario state is one the referee accepts.
#![allow(dead_code)]

use std::sync::Arc;

use referee::core::{GameRng, Seat};
use referee::games::village::components::{Components, Piece, PROVISIONAL};
use referee::games::village::pieces::{Colour, Space};
use referee::games::village::{new_game, Action, Cube, Event, Options, State};
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
        ..Options::default()
    };
    new_game(Arc::clone(set), players, 0, seed, options).expect("a valid setup")
}

/// Every state of a seeded random game, in order.
pub fn states(set: &Arc<Components>, players: u32, seed: u64) -> Vec<State> {
    states_with(set, players, seed, Options::default())
}

/// Every state of a seeded random game with these options, in order.
pub fn states_with(set: &Arc<Components>, players: u32, seed: u64, options: Options) -> Vec<State> {
    let mut state = new_game(Arc::clone(set), players, 0, seed, options).expect("a valid setup");
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

// Wire edits that keep every piece counted once.

pub fn cubes_mut(c: &mut Option<v1::VillageCubes>, colour: Colour) -> &mut u32 {
    let c = c.get_or_insert_with(Default::default);
    match colour {
        Colour::Brown => &mut c.brown,
        Colour::Pink => &mut c.pink,
        Colour::Orange => &mut c.orange,
        Colour::Green => &mut c.green,
    }
}

/// Moves `n` cubes of a colour from the supply to a seat's farmyard.
pub fn give_cubes(p: &mut v1::VillageState, seat: usize, colour: Colour, n: u32) {
    let supply = p.supply.as_mut().unwrap();
    *cubes_mut(&mut supply.cubes, colour) -= n;
    *cubes_mut(&mut p.seats[seat].cubes, colour) += n;
}

pub fn goods_mut(g: &mut Option<v1::VillageGoods>, piece: Piece) -> &mut u32 {
    let g = g.get_or_insert_with(Default::default);
    match piece {
        Piece::Horse => &mut g.horse,
        Piece::Ox => &mut g.ox,
        Piece::Wagon => &mut g.wagon,
        Piece::Plow => &mut g.plow,
        Piece::Scroll => &mut g.scroll,
        Piece::Grain => unreachable!("grain is counted apart"),
    }
}

/// Moves a piece (a goods tile or a grain) from the supply to a seat's farmyard.
pub fn give(p: &mut v1::VillageState, seat: usize, piece: Piece) {
    let supply = p.supply.as_mut().unwrap();
    if piece == Piece::Grain {
        supply.grain -= 1;
        p.seats[seat].grain += 1;
    } else {
        *goods_mut(&mut supply.goods, piece) -= 1;
        *goods_mut(&mut p.seats[seat].goods, piece) += 1;
    }
}

/// Moves every piece a customer tile demands from the supply to a seat's farmyard.
pub fn give_demand(p: &mut v1::VillageState, set: &Components, seat: usize, tile: u32) {
    for piece in set.customers[tile as usize].demand.clone() {
        give(p, seat, piece);
    }
}

/// The stall a customer tile stands on.
pub fn stall_of(s: &State, tile: u8) -> u8 {
    s.market()
        .stalls
        .iter()
        .position(|t| *t == Some(tile))
        .unwrap() as u8
}

/// Every cube on the action spaces goes back into the green bag, then one cube of `cube` (from
/// the bag, or the supply) onto each space listed.
pub fn board(p: &mut v1::VillageState, cubes: &[(Space, Cube)]) {
    let bag = p.bag.get_or_insert_with(Default::default);
    for pool in &mut p.spaces {
        let c = pool.cubes.take().unwrap_or_default();
        let b = bag.cubes.get_or_insert_with(Default::default);
        b.brown += c.brown;
        b.pink += c.pink;
        b.orange += c.orange;
        b.green += c.green;
        bag.plague += std::mem::take(&mut pool.plague);
    }
    for &(space, cube) in cubes {
        let pool = &mut p.spaces[space as usize];
        match cube {
            Cube::Plague => {
                if bag.plague > 0 {
                    bag.plague -= 1;
                } else {
                    p.supply.as_mut().unwrap().plague -= 1;
                }
                pool.plague += 1;
            }
            Cube::Influence(c) => {
                let from_bag = cubes_mut(&mut bag.cubes, c);
                if *from_bag > 0 {
                    *from_bag -= 1;
                } else {
                    *cubes_mut(&mut p.supply.as_mut().unwrap().cubes, c) -= 1;
                }
                *cubes_mut(&mut pool.cubes, c) += 1;
            }
        }
    }
}

/// The decision: a turn of `seat`.
pub fn turn(p: &mut v1::VillageState, seat: u32) {
    p.pending = vec![v1::VillageDecision {
        kind: v1::VillageDecisionKind::Turn as i32,
        seat,
        ..Default::default()
    }];
}

/// A 3-player game on `set`, no compensation, with seat 0 to take a turn on a board of `cubes`.
pub fn scenario(
    set: &Arc<Components>,
    cubes: &[(Space, Cube)],
    f: impl FnOnce(&mut v1::VillageState),
) -> State {
    let s = game(set, 3, 5, false);
    edit(&s, |p| {
        board(p, cubes);
        turn(p, 0);
        f(p);
    })
}
