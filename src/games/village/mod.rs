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
