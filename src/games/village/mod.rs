//! Village (Big Box edition, 2011), with Village Port and Life Goals to follow: work in
//! progress, not served yet. So far: the component data (every printed value, from one data
//! file), the state's model and the setup up to the first turn.

pub mod components;
pub mod config;
pub mod pieces;
pub mod setup;
pub mod state;

pub use config::{Config, Options};
pub use setup::new_game;
pub use state::{Decision, State};

/// Games on the provisional component set and on the test suite's different one, with no
/// compensation (for unit tests of the rules).
#[cfg(test)]
pub(crate) fn test_games(players: u8) -> Vec<State> {
    use std::sync::Arc;
    let other = include_str!("../../../tests/fixtures/village/other-components.toml");
    [components::PROVISIONAL, other]
        .into_iter()
        .map(|text| {
            let set = Arc::new(components::Components::parse(text).expect("a valid set"));
            let options = Options {
                no_starting_compensation: true,
            };
            new_game(set, u32::from(players), 0, 7, options).expect("a valid setup")
        })
        .collect()
}
