//! Port Royal's test helpers: seeded random play through the core, state surgery through the
//! validated parts constructor (so every scenario state is a consistent one), and card ids by
//! description.

use referee::core::{GameRng, Seat};
use referee::games::port_royal::{self, Action, Event, Options, Rules, State};
use referee::games::{Play, StateMessage};
use referee::pb::v1;

/// Plays a seeded random game (uniform among legal actions), calling `step` before each action.
/// Returns the final state and the number of actions played.
pub fn play_random(
    players: u32,
    seed: u64,
    options: Options,
    max_actions: usize,
    step: impl FnMut(&State, Seat, &Action),
) -> (State, usize) {
    play_random_under(Rules::NEWEST, players, seed, options, max_actions, step)
}

/// `play_random` under a given rules version.
pub fn play_random_under(
    rules: Rules,
    players: u32,
    seed: u64,
    options: Options,
    max_actions: usize,
    mut step: impl FnMut(&State, Seat, &Action),
) -> (State, usize) {
    let mut state =
        port_royal::new_game_under(rules, players, seed as u32 % players, seed, options)
            .expect("valid setup");
    let mut agent = GameRng::from_u64(seed ^ 0xA5A5_A5A5);
    let mut events = Vec::new();
    for n in 0..max_actions {
        let legal = state.legal_actions(None);
        if legal.is_empty() {
            return (state, n);
        }
        let (seat, action) = legal[agent.below(legal.len() as u32) as usize].clone();
        step(&state, seat, &action);
        events.clear();
        state
            .apply_in_place(seat, &action, &mut events)
            .unwrap_or_else(|v| panic!("legal action {action:?} by {seat} refused: {v}"));
    }
    (state, max_actions)
}

/// The code of a violation the action must draw, as spelled on the wire.
pub fn refused(state: &State, seat: Seat, action: Action) -> &'static str {
    state
        .check(seat, &action)
        .expect_err("the action should be refused")
        .code
}

/// (seat, coins) of every CoinsGained event with this reason.
pub fn coins_gained(
    events: &[Event],
    reason: referee::games::port_royal::CoinReason,
) -> Vec<(u8, u32)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::CoinsGained {
                seat,
                coins,
                reason: r,
            } if *r == reason => Some((*seat, *coins)),
            _ => None,
        })
        .collect()
}

/// Applies an action that must be legal, returning its events.
pub fn act(state: &mut State, seat: Seat, action: Action) -> Vec<Event> {
    let mut events = Vec::new();
    state
        .apply_in_place(seat, &action, &mut events)
        .unwrap_or_else(|v| panic!("{action:?} by seat {seat} refused: {v}"));
    events
}

/// Edits a state through its parts and re-validates it.
pub fn edit(state: &State, f: impl FnOnce(&mut v1::PortRoyalState)) -> State {
    let mut parts = state.to_parts();
    f(&mut parts);
    State::from_parts(&parts, state.config().rules, &())
        .unwrap_or_else(|e| panic!("scenario state invalid: {e}"))
}

/// The field paths `from_parts` names when `f` changes the parts of a valid state.
pub fn refused_fields(state: &State, f: impl FnOnce(&mut v1::PortRoyalState)) -> Vec<String> {
    let mut parts = state.to_parts();
    f(&mut parts);
    State::from_parts(&parts, state.config().rules, &())
        .expect_err("the changed state is refused")
        .errors
        .into_iter()
        .map(|e| e.field)
        .collect()
}

/// The turn of a state message, to edit.
pub fn turn(p: &mut v1::PortRoyalState) -> &mut v1::PortRoyalTurn {
    p.turn.get_or_insert_default()
}

/// The options of a state message, to edit.
pub fn options(p: &mut v1::PortRoyalState) -> &mut v1::PortRoyalOptions {
    p.options.get_or_insert_default()
}

/// The RNG of a state message, to edit.
pub fn stored_rng(p: &mut v1::PortRoyalState) -> &mut v1::PortRoyalRng {
    p.rng.get_or_insert_default()
}

/// Makes `seat` the active player by moving on to its next turn (turns go clockwise from the
/// start seat, one per turn number).
pub fn set_active(p: &mut v1::PortRoyalState, seat: u32) {
    while (p.start_seat + turn(p).turn_number - 1) % p.players != seat {
        turn(p).turn_number += 1;
    }
    turn(p).active_seat = seat;
}

/// Removes a card from wherever it is in the parts.
pub fn take_out(p: &mut v1::PortRoyalState, card: u32) {
    for zone in [
        &mut p.draw_pile,
        &mut p.discard_pile,
        &mut p.harbor,
        &mut p.expedition_row,
    ] {
        zone.retain(|&c| c != card);
    }
    for s in &mut p.seats {
        s.coins.retain(|&c| c != card);
        s.display.retain(|&c| c != card);
    }
    if let Some(x) = &mut p.contracts {
        x.time_pile.retain(|&c| c != card);
        x.victory_pile.retain(|&c| c != card);
        for s in &mut x.set_aside {
            s.ships.retain(|&c| c != card);
        }
    }
}

/// Moves cards to the top of the draw pile; the first one named is drawn first.
pub fn stack_draw_pile(p: &mut v1::PortRoyalState, cards: &[u32]) {
    for &c in cards.iter().rev() {
        take_out(p, c);
        p.draw_pile.push(c);
    }
}

/// Moves cards into a seat's display.
pub fn give(p: &mut v1::PortRoyalState, seat: usize, cards: &[u32]) {
    for &c in cards {
        take_out(p, c);
        p.seats[seat].display.push(c);
    }
}

/// Sets a seat's coin count by moving cards between its coins and the draw pile bottom.
pub fn set_coins(p: &mut v1::PortRoyalState, seat: usize, n: usize) {
    while p.seats[seat].coins.len() > n {
        let c = p.seats[seat].coins.pop().unwrap();
        p.draw_pile.insert(0, c);
    }
    while p.seats[seat].coins.len() < n {
        let c = p.draw_pile.remove(0);
        p.seats[seat].coins.push(c);
    }
}

/// Puts cards in the harbor.
pub fn harbor(p: &mut v1::PortRoyalState, cards: &[u32]) {
    for &c in cards {
        take_out(p, c);
        p.harbor.push(c);
    }
    // Every harbor card was drawn this turn.
    turn(p).cards_drawn = turn(p).cards_drawn.max(p.harbor.len() as u32);
}

/// A fresh game with every seat at 0 coins unless set, start seat 0.
pub fn fresh(players: u32) -> State {
    port_royal::new_game(players, 0, 1, Options::default()).unwrap()
}

/// Card ids by description, from the static table (first matching id not in `except`).
pub mod ids {
    use referee::games::port_royal::cards::{Card, Colour, Person, CARDS};

    /// All ids matching a predicate.
    pub fn all(f: impl Fn(&Card) -> bool) -> Vec<u32> {
        CARDS
            .iter()
            .enumerate()
            .filter(|(_, c)| f(c))
            .map(|(i, _)| i as u32)
            .collect()
    }
    /// Base-game ships of a colour with given coins and swords (None = skull).
    pub fn ships(colour: Colour, coins: u8, swords: Option<u8>) -> Vec<u32> {
        all(|c| {
            *c == Card::Ship {
                colour,
                coins,
                swords,
                special: false,
            }
        })
        .into_iter()
        .filter(|&id| id < 120)
        .collect()
    }
    /// The expansion's special ship of a colour.
    pub fn special_ship(colour: Colour) -> u32 {
        all(|c| matches!(c, Card::Ship { colour: k, special: true, .. } if *k == colour))[0]
    }
    /// The expansion's plain ship of a colour.
    pub fn plain_ship(colour: Colour) -> u32 {
        all(|c| matches!(c, Card::Ship { colour: k, special: false, .. } if *k == colour))
            .into_iter()
            .find(|&id| id >= 120)
            .unwrap()
    }
    /// Persons of a type.
    pub fn persons(p: Person) -> Vec<u32> {
        all(|c| c.person() == Some(p))
    }
    /// Persons of a type and cost.
    pub fn persons_costing(p: Person, cost: u8) -> Vec<u32> {
        all(|c| matches!(c, Card::Person { person, cost: k, .. } if *person == p && *k == cost))
    }
    /// Expeditions needing [anchors, crosses, houses].
    pub fn expedition(needs: [u8; 3]) -> u32 {
        all(|c| matches!(c, Card::Expedition { needs: n, .. } if *n == needs))[0]
    }
    /// Tax cards.
    pub fn taxes(t: referee::games::port_royal::cards::Tax) -> Vec<u32> {
        all(|c| *c == Card::Tax(t))
    }
}
