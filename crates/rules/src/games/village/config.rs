//! What is fixed for the whole game: the rules version, the player count, the starting player,
//! the options and the component set the game was set up with.

use std::sync::Arc;

use referee_proto::v1;

use crate::core::{Seat, StateErrors};

use super::components::Components;
use super::rules_version::Rules;

/// Village seats 2 to 5 players.
pub const PLAYERS: std::ops::RangeInclusive<u8> = 2..=5;

/// Each option and what it does, as ListGames describes them (the last two are refused).
pub const OPTIONS: [(&str, &str); 5] = [
    (
        "no_starting_compensation",
        "Turns off the recommended starting compensation (2nd seat 1 grain, 3rd a random cube, \
         4th a cube of its choice, 5th a coin).",
    ),
    ("port", "Village Port: sea travel replaces travel."),
    (
        "life_goals",
        "Life Goals: one silver and one golden goal per seat.",
    ),
    ("inn", "Village Inn: out of scope (UNSUPPORTED_EXPANSION)."),
    (
        "marriage",
        "Marriage: out of scope (UNSUPPORTED_EXPANSION).",
    ),
];

/// Options chosen at setup.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The recommended starting compensation is given unless this is set (village.md §1).
    pub no_starting_compensation: bool,
    /// The Life Goals expansion: one silver and one golden goal per seat (village.md §8).
    pub life_goals: bool,
    /// The Village Port expansion: sea travel replaces travel (village.md §7).
    pub port: bool,
}

impl Options {
    /// The options a message asks for (field paths relative to it): the expansions this referee
    /// does not serve are refused with their reason (`UNSUPPORTED_EXPANSION`).
    pub fn from_proto(o: &v1::VillageOptions) -> Result<Options, StateErrors> {
        let mut errs = StateErrors::default();
        if o.inn {
            errs.push("inn", "Village Inn is out of scope for this referee");
        }
        if o.marriage {
            errs.push("marriage", "Marriage is out of scope for this referee");
        }
        if !errs.errors.is_empty() {
            return Err(errs.with_reason("UNSUPPORTED_EXPANSION"));
        }
        Ok(Options {
            no_starting_compensation: o.no_starting_compensation,
            life_goals: o.life_goals,
            port: o.port,
        })
    }

    /// The options as their message.
    pub fn to_proto(&self) -> v1::VillageOptions {
        v1::VillageOptions {
            port: self.port,
            life_goals: self.life_goals,
            no_starting_compensation: self.no_starting_compensation,
            inn: false,
            marriage: false,
        }
    }
}

/// What is fixed for the whole game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The rules version the game is played under to its end.
    pub rules: Rules,
    /// 2-5.
    pub players: u8,
    /// The first starting player.
    pub start_seat: Seat,
    /// The options.
    pub options: Options,
    /// The component set every printed value is read from.
    pub components: Arc<Components>,
}

impl Config {
    /// A configuration, or why the request cannot be set up (field paths of the request).
    pub fn new(
        rules: Rules,
        components: Arc<Components>,
        players: u32,
        start_seat: u32,
        options: Options,
    ) -> Result<Config, StateErrors> {
        let (players, start_seat) = crate::games::seating(
            players,
            start_seat,
            PLAYERS,
            "Village is played by 2 to 5 players",
        )?;
        Ok(Config {
            rules,
            players,
            start_seat,
            options,
            components,
        })
    }

    /// The seat `n` places after `seat` in turn order (clockwise).
    pub fn after(&self, seat: Seat, n: u8) -> Seat {
        ((u16::from(seat) + u16::from(n)) % u16::from(self.players)) as Seat
    }
}
