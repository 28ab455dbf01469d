//! Goofspiel, the Game of Pure Strategy (public domain), 2 to 5 players: rulings in
//! docs/rules.md, "Goofspiel". The smallest game served, and the one to copy: a folder with its
//! state and message (`state.rs`), actions and events (`action.rs`), the rules (`rules.rs`), the
//! view (`view.rs`), sentences (`describe.rs`), what the bots need (`bot.rs`), its violation
//! codes and rules versions, and this file: what the game is and how one is set up.

pub mod action;
mod bot;
pub mod codes;
mod describe;
mod rules;
pub mod rules_version;
pub mod state;
pub mod view;
mod wire;

pub use action::{Action, Event};
pub use codes::Code;
pub use rules_version::Rules;
pub use state::{Options, State, CARDS};
pub use view::View;

use crate::core::{GameRng, StateErrors};

/// A new game under the newest rules: `players` seats, the prizes shuffled from `seed`.
pub fn new_game(players: u32, seed: u64, options: Options) -> Result<State, StateErrors> {
    <State as crate::games::Definition>::new_game(&(), Rules::default(), players, 0, seed, options)
}

impl crate::games::Definition for State {
    const ID: &'static str = "goofspiel";
    const TITLE: &'static str = "Goofspiel";
    const PLAYERS: std::ops::RangeInclusive<u8> = state::PLAYERS;
    const OPTIONS: &'static [(&'static str, &'static str)] = &state::OPTIONS;
    type Rules = Rules;
    type Options = Options;
    type Context = ();
    type Action = Action;
    type Event = Event;
    type View = View;

    /// Ties discarded (the usual rule), and ties rolled over.
    fn variants() -> Vec<crate::games::Variant<State>> {
        let variant = |name, roll_over_ties| crate::games::Variant {
            name,
            options: Options { roll_over_ties },
            players: state::PLAYERS,
            cooperative: false,
        };
        vec![variant("base", false), variant("roll-over", true)]
    }

    /// Every seat bids at once, so the starting seat plays no part; it must still be a seat of
    /// the game (docs/rules.md, G-R1).
    fn new_game(
        _: &(),
        rules: Rules,
        players: u32,
        start_seat: u32,
        seed: u64,
        options: Options,
    ) -> Result<State, StateErrors> {
        let played_by = "Goofspiel is played by 2 to 5 players";
        let (players, _) = crate::games::seating(players, start_seat, state::PLAYERS, played_by)?;
        Ok(State::deal(
            rules,
            players,
            options,
            GameRng::from_u64(seed),
        ))
    }
    fn rules(&self) -> Rules {
        self.rules
    }
    fn players(&self) -> u8 {
        self.player_count()
    }
    fn rng(&self) -> &GameRng {
        &self.rng
    }
}
