//! Test helpers, by what they serve: one module per game (`port_royal`, `village`), and what every
//! game's tests share (the pinned hash, byte and field mutation, field paths, raw gRPC calls,
//! recorded Port Royal states for the service tests).
#![allow(dead_code)]

pub mod hash;
pub mod mutate;
pub mod paths;
pub mod port_royal;
pub mod raw;
pub mod samples;
pub mod village;

/// How many games the referee serves (`referee::each_game!`): what ListGames lists.
pub fn games_served() -> usize {
    fn one<G>() {}
    referee::each_game!(one()).len()
}
