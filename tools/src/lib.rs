//! What the measuring tools share: the load test's echo message, and the position every tool
//! measures a game on.

pub mod echo;

use referee::games::{random_play, Game, RulesVersion};
use referee::pb::v1;
use referee::service::wire::{self, game_state, Wire};
use referee::service::Contexts;

/// The position a tool measures game `G` on: its last variant (the one with the most of the game
/// in it) at 4 players or the nearest count it seats, halfway through a random game seeded 7,
/// on the default contexts (Village's provisional set); as its envelope, with the first action
/// listed there. Every tool and every game uses this one rule, so figures compare across tools.
pub fn position<G: Wire>() -> (v1::GameState, v1::Action) {
    let contexts = Contexts::default();
    let variant = G::variants().pop().expect("a game has a variant");
    let players = 4.clamp(*variant.players.start(), *variant.players.end());
    let first = G::new_game(
        G::context(&contexts),
        G::Rules::newest(),
        players.into(),
        0,
        7,
        variant.options,
    )
    .expect("a variant sets up");
    // Random play seeded as the tests' recorded games are, so Village's position is the one the
    // load test has measured since it was written.
    let mut states = random_play(first, 7 ^ 0x5eed);
    let sequence = states.len() / 2;
    let state = states.swap_remove(sequence);
    let (seat, action) = state.legal_actions(None).swap_remove(0);
    let sequence = sequence as u64;
    (
        game_state(sequence, &state),
        wire::action_to_proto::<G>(sequence, seat, &action),
    )
}

/// Every game served, by id, with its position.
pub fn positions() -> Vec<(&'static str, v1::GameState, v1::Action)> {
    fn named<G: Wire>() -> (&'static str, v1::GameState, v1::Action) {
        let (state, action) = position::<G>();
        (G::ID, state, action)
    }
    referee::each_game!(named()).into()
}

/// A game's title, by id.
pub fn title(id: &str) -> &'static str {
    fn title<G: Game>() -> (&'static str, &'static str) {
        (G::ID, G::TITLE)
    }
    let titles = referee::each_game!(title());
    titles
        .iter()
        .find(|(i, _)| *i == id)
        .map_or("?", |(_, t)| t)
}
