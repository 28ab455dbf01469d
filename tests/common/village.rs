//! Village test helpers: games on the provisional and the test suite's set, seeded random play,
//! and state surgery through the state's message (`to_parts`, edit, `from_parts`), so every
//! scenario state is one the referee accepts, built as a client would send it.
#![allow(dead_code)]

use std::sync::Arc;

use referee::core::At;
use referee::core::{GameRng, Seat};
use referee::games::village::components::{Components, Library, Piece, PROVISIONAL};
use referee::games::village::pieces::{Colour, Good, Space};
use referee::games::village::state::{Goal, Place};
use referee::games::village::{new_game, Action, Cube, Decision, Event, Options, Rules, State};
use referee::games::{Play, StateMessage};
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

/// The library of one set: the state's.
fn library(state: &State) -> Arc<Library> {
    one(&state.config().components)
}

/// The state with its message edited (and checked again).
pub fn edit(state: &State, f: impl FnOnce(&mut v1::VillageState)) -> State {
    let mut p = state.to_parts();
    f(&mut p);
    State::from_parts(&p, state.config().rules, &library(state))
        .unwrap_or_else(|e| panic!("refused: {e}"))
}

/// The same state under another rules version.
pub fn under(state: &State, rules: Rules) -> State {
    State::from_parts(&state.to_parts(), rules, &library(state))
        .unwrap_or_else(|e| panic!("refused under {rules:?}: {e}"))
}

/// The fields an edited state is refused on.
pub fn refused_fields(state: &State, f: impl FnOnce(&mut v1::VillageState)) -> Vec<String> {
    let mut p = state.to_parts();
    f(&mut p);
    State::from_parts(&p, state.config().rules, &library(state))
        .expect_err("the state should be refused")
        .errors
        .into_iter()
        .map(|e| e.field)
        .collect()
}

/// The fields the service refuses a state on when `f` edits its message (as `refused_fields`,
/// through the service's entry: for what only a message can spell, unknown enum numbers and
/// place codes).
pub fn refused_on_the_wire(state: &State, f: impl FnOnce(&mut v1::VillageState)) -> Vec<String> {
    let mut p = wire::state_message(state);
    f(&mut p);
    let set = Arc::new(library(state));
    wire::state_from_proto::<State>(p, state.config().rules, &set)
        .expect_err("the state should be refused")
        .errors
        .into_iter()
        .map(|e| e.field)
        .collect()
}

// The message's optional parts, to edit (each created empty if absent).

/// The general supply.
pub fn supply(p: &mut v1::VillageState) -> &mut v1::VillageSupply {
    p.supply.get_or_insert_default()
}

/// The market.
pub fn market(p: &mut v1::VillageState) -> &mut v1::VillageMarket {
    p.market.get_or_insert_default()
}

/// Village Port's harbour.
pub fn harbour(p: &mut v1::VillageState) -> &mut v1::VillageHarbour {
    p.harbour.get_or_insert_default()
}

/// A seat's ship.
pub fn ship(s: &mut v1::VillageSeat) -> &mut v1::VillageShip {
    s.ship.get_or_insert_default()
}

/// The count of one colour in a cubes message.
pub fn cube(c: &mut Option<v1::VillageCubes>, colour: Colour) -> &mut u32 {
    let c = c.get_or_insert_default();
    match colour {
        Colour::Brown => &mut c.brown,
        Colour::Pink => &mut c.pink,
        Colour::Orange => &mut c.orange,
        Colour::Green => &mut c.green,
    }
}

/// A seat's pending decision, as the message spells it.
pub fn decide(d: Decision) -> v1::VillageDecision {
    d.to_proto()
}

// Edits that keep every piece counted once.

/// Moves `n` cubes of a colour from the supply to a seat's farmyard.
pub fn give_cubes(p: &mut v1::VillageState, seat: usize, colour: Colour, n: u32) {
    *cube(&mut supply(p).cubes, colour) -= n;
    *cube(&mut p.seats[seat].cubes, colour) += n;
}

/// A goods kind's count in a goods message.
pub fn goods_mut(g: &mut Option<v1::VillageGoods>, piece: Piece) -> &mut u32 {
    let g = g.get_or_insert_default();
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
    if piece == Piece::Grain {
        supply(p).grain -= 1;
        p.seats[seat].grain += 1;
    } else {
        *goods_mut(&mut supply(p).goods, piece) -= 1;
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
    let bag = p.bag.get_or_insert_default();
    for pool in &mut p.spaces {
        for colour in Colour::ALL {
            *cube(&mut bag.cubes, colour) += std::mem::take(cube(&mut pool.cubes, colour));
        }
        bag.plague += std::mem::take(&mut pool.plague);
    }
    let supply = p.supply.get_or_insert_default();
    for &(space, taken) in cubes {
        let pool = &mut p.spaces[space as usize];
        match taken {
            Cube::Plague => {
                if bag.plague > 0 {
                    bag.plague -= 1;
                } else {
                    supply.plague -= 1;
                }
                pool.plague += 1;
            }
            Cube::Influence(c) => {
                let in_bag = cube(&mut bag.cubes, c);
                if *in_bag > 0 {
                    *in_bag -= 1;
                } else {
                    *cube(&mut supply.cubes, c) -= 1;
                }
                *cube(&mut pool.cubes, c) += 1;
            }
        }
    }
}

/// The decision: a turn of `seat`.
pub fn turn(p: &mut v1::VillageState, seat: u8) {
    p.pending = vec![decide(Decision::Turn { seat })];
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

/// The end triggered as play triggers it: the anonymous graves filled (by reserve members of
/// the last seats, each family's generations in order) and `ending` set. No last turn is owed;
/// set `last_turns` after if the scenario needs them.
pub fn end_triggered(p: &mut v1::VillageState, set: &Components) {
    let players = p.seats.len() as u8;
    let graves: Vec<Place> = (0u8..)
        .zip(&set.graves.spaces)
        .filter(|(_, l)| l.open(players))
        .map(|(g, _)| Place::Grave(g))
        .collect();
    let mut graves = graves.into_iter();
    'fill: for seat in p.seats.iter_mut().rev() {
        for m in seat.members.iter_mut() {
            if *m == Place::Reserve.code() {
                match graves.next() {
                    Some(g) => *m = g.code(),
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
pub fn travelled_to(p: &mut v1::VillageState, set: &Components, seat: usize, city: u8) {
    let order = journey_order(set);
    let from = |c: u8| order.iter().find(|(x, _)| *x == c).and_then(|(_, f)| *f);
    let mut way = vec![city];
    while let Some(before) = from(*way.last().unwrap()) {
        way.push(before);
    }
    let markers = &mut p.seats[seat].markers;
    for c in way.into_iter().rev().map(u32::from) {
        if !markers.contains(&c) {
            markers.push(c);
        }
    }
}

/// Pending decisions as the message spells them, the current one last.
pub fn decisions<const N: usize>(d: [Decision; N]) -> Vec<v1::VillageDecision> {
    d.map(decide).to_vec()
}

/// The goal a held goal's message names.
pub fn goal_of(g: &v1::VillageHeldGoal) -> Goal {
    Goal::from_proto(g.goal, &At::Root).expect("a goal")
}

/// The options of a state message, to edit.
pub fn opts(p: &mut v1::VillageState) -> &mut v1::VillageOptions {
    p.options.get_or_insert_default()
}

/// The library of one set, as the server holds it.
pub fn one(set: &Arc<Components>) -> Arc<Library> {
    Arc::new(Library::one(Arc::clone(set)))
}

/// The count of one kind in a goods message.
pub fn good(g: &mut Option<v1::VillageGoods>, kind: Good) -> &mut u32 {
    let g = g.get_or_insert_default();
    match kind {
        Good::Horse => &mut g.horse,
        Good::Ox => &mut g.ox,
        Good::Wagon => &mut g.wagon,
        Good::Plow => &mut g.plow,
        Good::Scroll => &mut g.scroll,
    }
}

/// Each member's generation, by its index in a family (a state's message does not carry it: it
/// follows from the set's family).
pub fn generations(set: &Components) -> Vec<u8> {
    let family = set.family.generations.iter().zip(1u8..);
    family.flat_map(|(&n, g)| (0..n).map(move |_| g)).collect()
}
