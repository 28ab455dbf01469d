//! Village (Big Box edition, 2011), base game with the Village Port and Life Goals expansions.
//! Every printed value comes from the component set (`components`); the rules are pure
//! functions of the state (`rules`), each decision one small step by one seat.

pub mod action;
mod action_message;
mod bot;
pub mod codes;
pub mod components;
pub mod config;
pub mod pieces;
mod rules;
pub mod rules_version;
pub mod setup;
pub mod state;
pub mod view;
mod wire;

pub use action::{Action, Cube, Event};
pub use codes::Code;
pub use config::{Config, Options};
pub use rules::UNEXPLAINED;
pub use rules_version::Rules;
pub use setup::{new_game, new_game_under};
pub use state::{Decision, State};
pub use view::View;

impl crate::games::Definition for State {
    const ID: &'static str = "village";
    const TITLE: &'static str = "Village";
    const PLAYERS: std::ops::RangeInclusive<u8> = config::PLAYERS;
    const OPTIONS: &'static [(&'static str, &'static str)] = &config::OPTIONS;
    type Rules = Rules;
    type Options = Options;
    type Context = std::sync::Arc<components::Library>;
    type Action = Action;
    type Event = Event;
    type View = View;

    /// The base game, each expansion alone and both together (each with the starting
    /// compensation), and the base game without it.
    fn variants() -> Vec<crate::games::Variant<State>> {
        let variant = |name, no_starting_compensation, life_goals, port| crate::games::Variant {
            name,
            options: Options {
                no_starting_compensation,
                life_goals,
                port,
            },
            players: config::PLAYERS,
            cooperative: false,
        };
        vec![
            variant("base", false, false, false),
            variant("without-compensation", true, false, false),
            variant("life-goals", false, true, false),
            variant("port", false, false, true),
            variant("port-and-life-goals", false, true, true),
        ]
    }

    fn new_game(
        components: &Self::Context,
        rules: Rules,
        players: u32,
        start_seat: u32,
        seed: u64,
        options: Options,
    ) -> Result<Self, crate::core::StateErrors> {
        setup::new_game_under(
            rules,
            std::sync::Arc::clone(components.current()),
            players,
            start_seat,
            seed,
            options,
        )
    }
    fn rules(&self) -> Rules {
        self.config.rules
    }
    fn players(&self) -> u8 {
        self.config.players
    }
    fn rng(&self) -> &crate::core::GameRng {
        State::rng(self)
    }
}

/// Games on the provisional component set and on the test suite's different one, with no
/// compensation (for unit tests of the rules).
#[cfg(test)]
pub(crate) fn test_games(players: u8) -> Vec<State> {
    use std::sync::Arc;
    let other = include_str!("../../../../../tests/fixtures/village/other-components.toml");
    [components::PROVISIONAL, other]
        .into_iter()
        .map(|text| {
            let set = Arc::new(components::Components::parse(text).expect("a valid set"));
            let options = Options {
                no_starting_compensation: true,
                ..Default::default()
            };
            new_game(set, u32::from(players), 0, 7, options).expect("a valid setup")
        })
        .collect()
}
