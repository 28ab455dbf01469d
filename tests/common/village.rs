//! Village test helpers: games on the provisional and the test suite's set, seeded random play,
//! and state surgery through the game's parts (`to_parts`, edit, `from_parts`), so every
//! scenario state is one the referee accepts.
#![allow(dead_code)]

use std::sync::Arc;

use referee::core::{GameRng, Seat};
use referee::games::village::components::{Components, Library, Piece, PROVISIONAL};
use referee::games::village::pieces::Goods;
use referee::games::village::pieces::{Colour, Space};
use referee::games::village::state::{Parts, Place};
use referee::games::village::{new_game, Action, Cube, Decision, Event, Options, Rules, State};
use referee::pb::v1;
use referee::service::wire;

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

/// The state with its parts edited (and checked again).
pub fn edit(state: &State, f: impl FnOnce(&mut Parts)) -> State {
    let mut p = state.to_parts();
    f(&mut p);
    State::from_parts(p, state.config().rules, &state.config().components)
        .unwrap_or_else(|e| panic!("refused: {e}"))
}

/// The same state under another rules version.
pub fn under(state: &State, rules: Rules) -> State {
    State::from_parts(state.to_parts(), rules, &state.config().components)
        .unwrap_or_else(|e| panic!("refused under {rules:?}: {e}"))
}

/// The fields an edited state is refused on.
pub fn refused_fields(state: &State, f: impl FnOnce(&mut Parts)) -> Vec<String> {
    let mut p = state.to_parts();
    f(&mut p);
    State::from_parts(p, state.config().rules, &state.config().components)
        .expect_err("the state should be refused")
        .errors
        .into_iter()
        .map(|e| e.field)
        .collect()
}

/// The fields the wire refuses a state on when `f` edits its message (for what only the wire
/// can spell: unknown enum numbers, place codes).
pub fn refused_on_the_wire(state: &State, f: impl FnOnce(&mut v1::VillageState)) -> Vec<String> {
    let mut p = wire::state_message(state);
    f(&mut p);
    let set = Arc::new(Library::one(Arc::clone(&state.config().components)));
    wire::state_from_proto::<State>(p, state.config().rules, &set)
        .expect_err("the state should be refused")
        .errors
        .into_iter()
        .map(|e| e.field)
        .collect()
}

// Edits that keep every piece counted once.

/// Moves `n` cubes of a colour from the supply to a seat's farmyard.
pub fn give_cubes(p: &mut Parts, seat: usize, colour: Colour, n: u32) {
    p.supply.cubes.0[colour as usize] -= n;
    p.seats[seat].cubes.add(colour, n);
}

/// A goods kind's count.
pub fn goods_mut(g: &mut Goods, piece: Piece) -> &mut u32 {
    let kind = match piece {
        Piece::Horse => 0,
        Piece::Ox => 1,
        Piece::Wagon => 2,
        Piece::Plow => 3,
        Piece::Scroll => 4,
        Piece::Grain => unreachable!("grain is counted apart"),
    };
    &mut g.0[kind]
}

/// Moves a piece (a goods tile or a grain) from the supply to a seat's farmyard.
pub fn give(p: &mut Parts, seat: usize, piece: Piece) {
    if piece == Piece::Grain {
        p.supply.grain -= 1;
        p.seats[seat].grain += 1;
    } else {
        *goods_mut(&mut p.supply.goods, piece) -= 1;
        *goods_mut(&mut p.seats[seat].goods, piece) += 1;
    }
}

/// Moves every piece a customer tile demands from the supply to a seat's farmyard.
pub fn give_demand(p: &mut Parts, set: &Components, seat: usize, tile: u32) {
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
pub fn board(p: &mut Parts, cubes: &[(Space, Cube)]) {
    let bag = &mut p.bag;
    for pool in &mut p.spaces {
        let c = std::mem::take(&mut pool.cubes);
        for colour in Colour::ALL {
            bag.cubes.add(colour, c.of(colour));
        }
        bag.plague += std::mem::take(&mut pool.plague);
    }
    for &(space, cube) in cubes {
        let pool = &mut p.spaces[space as usize];
        match cube {
            Cube::Plague => {
                if bag.plague > 0 {
                    bag.plague -= 1;
                } else {
                    p.supply.plague -= 1;
                }
                pool.plague += 1;
            }
            Cube::Influence(c) => {
                if bag.cubes.take(c, 1) == 0 {
                    p.supply.cubes.0[c as usize] -= 1;
                }
                pool.cubes.add(c, 1);
            }
        }
    }
}

/// The decision: a turn of `seat`.
pub fn turn(p: &mut Parts, seat: u8) {
    p.pending = vec![Decision::Turn { seat }];
}

/// A 3-player game on `set`, no compensation, with seat 0 to take a turn on a board of `cubes`.
pub fn scenario(
    set: &Arc<Components>,
    cubes: &[(Space, Cube)],
    f: impl FnOnce(&mut Parts),
) -> State {
    let s = game(set, 3, 5, false);
    edit(&s, |p| {
        board(p, cubes);
        turn(p, 0);
        f(p);
    })
}

/// The end triggered as play triggers it: the anonymous graves filled (by reserve members of
/// the last seats, each family's generations in order) and `ending` set. No last turn is owed;
/// set `last_turns` after if the scenario needs them.
pub fn end_triggered(p: &mut Parts, set: &Components) {
    let players = p.seats.len() as u8;
    let graves: Vec<Place> = (0u8..)
        .zip(&set.graves.spaces)
        .filter(|(_, l)| l.open(players))
        .map(|(g, _)| Place::Grave(g))
        .collect();
    let mut graves = graves.into_iter();
    'fill: for seat in p.seats.iter_mut().rev() {
        for m in seat.members.iter_mut() {
            if m.place == Place::Reserve {
                match graves.next() {
                    Some(g) => m.place = g,
                    None => break 'fill,
                }
            }
        }
    }
    assert!(graves.next().is_none(), "enough members to fill the graves");
    p.ending = true;
}

/// The map's cities in the order a breadth-first journey from the village reaches them, each
/// with the city it is reached from (`None`: the village).
pub fn journey_order(set: &Components) -> Vec<(u8, Option<u8>)> {
    let travel = &set.travel;
    let index = |name: &str| {
        travel
            .cities
            .iter()
            .position(|c| c.id == name)
            .map(|i| i as u8)
    };
    let mut order: Vec<(u8, Option<u8>)> = Vec::new();
    let mut queue = std::collections::VecDeque::from([None::<u8>]);
    while let Some(here) = queue.pop_front() {
        for path in &travel.paths {
            let ends = [&path.between[0], &path.between[1]].map(|e| index(e));
            for (a, b) in [(ends[0], ends[1]), (ends[1], ends[0])] {
                if let Some(to) = b {
                    if a == here && !order.iter().any(|(c, _)| *c == to) {
                        order.push((to, here));
                        queue.push_back(Some(to));
                    }
                }
            }
        }
    }
    order
}

/// A seat's markers as a journey from the village to `city` leaves them: one on each city of a
/// shortest way there along the map's paths (members travel from the village, marking each city
/// they reach).
pub fn travelled_to(p: &mut Parts, set: &Components, seat: usize, city: u8) {
    let order = journey_order(set);
    let from = |c: u8| order.iter().find(|(x, _)| *x == c).and_then(|(_, f)| *f);
    let mut way = vec![city];
    while let Some(before) = from(*way.last().unwrap()) {
        way.push(before);
    }
    let markers = &mut p.seats[seat].markers;
    for c in way.into_iter().rev() {
        if !markers.contains(&c) {
            markers.push(c);
        }
    }
}
