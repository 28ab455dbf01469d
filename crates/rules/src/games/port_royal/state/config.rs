//! What is fixed for the whole game: the options chosen at setup and the configuration they
//! give, with their checks.

use crate::core::{Seat, StateErrors};

use referee_proto::v1;

use super::seat_of;
use crate::games::port_royal::rules_version::Rules;

/// The variant played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    /// Competitive (the default).
    #[default]
    Competitive,
    /// Cooperative (Just One More Contract).
    Cooperative,
}

/// Options chosen at setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Options {
    /// Just One More Contract.
    pub contracts: bool,
    /// Competitive or cooperative.
    pub mode: Mode,
    /// Cooperative difficulty.
    pub difficulty: u32,
    /// The expedition variant: the end needs 12 VP and an expedition.
    pub expedition_variant: bool,
}

impl Options {
    /// The options a message names: an unset mode is the competitive game, a number the proto
    /// does not define is refused (field paths relative to the options).
    pub fn from_proto(o: &v1::PortRoyalOptions) -> Result<Options, StateErrors> {
        use v1::PortRoyalMode as M;
        let mode = match M::try_from(o.mode) {
            Ok(M::Unspecified | M::Competitive) => Mode::Competitive,
            Ok(M::Cooperative) => Mode::Cooperative,
            Err(_) => return Err(StateErrors::one("mode", "unknown mode")),
        };
        Ok(Options {
            contracts: o.contracts,
            mode,
            difficulty: o.difficulty,
            expedition_variant: o.expedition_variant,
        })
    }

    /// These options as their message.
    pub fn to_proto(&self) -> v1::PortRoyalOptions {
        let mode = match self.mode {
            Mode::Competitive => v1::PortRoyalMode::Competitive,
            Mode::Cooperative => v1::PortRoyalMode::Cooperative,
        };
        v1::PortRoyalOptions {
            contracts: self.contracts,
            mode: mode as i32,
            difficulty: self.difficulty,
            expedition_variant: self.expedition_variant,
        }
    }

    /// Refuses inconsistent options (field paths relative to the options).
    pub fn check(&self) -> Result<(), StateErrors> {
        let mut errs = StateErrors::default();
        if self.mode == Mode::Cooperative && !self.contracts {
            errs.push(
                "options.mode",
                "the cooperative variant is part of Just One More Contract: set contracts",
            );
        }
        if self.difficulty != 0 && self.mode != Mode::Cooperative {
            errs.push(
                "options.difficulty",
                "difficulty applies to the cooperative variant only",
            );
        }
        errs.into_result()
    }

    /// Player counts: 2-5, or 1-5 in the cooperative variant.
    pub fn players(&self) -> std::ops::RangeInclusive<u8> {
        if self.mode == Mode::Cooperative {
            1..=MAX_PLAYERS
        } else {
            2..=MAX_PLAYERS
        }
    }

    /// Whether the game is cooperative.
    pub fn cooperative(&self) -> bool {
        self.mode == Mode::Cooperative
    }
}

/// Each option and what it does, as ListGames describes them.
pub const OPTIONS: [(&str, &str); 4] = [
    (
        "expedition_variant",
        "The official expedition variant: the end of the game is triggered only by a player with \
         12 or more victory points and at least one expedition.",
    ),
    (
        "contracts",
        "Just One More Contract: 14 persons and 10 ships are shuffled in and contracts are \
         played (144 cards, 18 contracts).",
    ),
    (
        "mode",
        "PORT_ROYAL_MODE_COMPETITIVE (default; 2-5 players, 4 contracts face up) or \
         PORT_ROYAL_MODE_COOPERATIVE (needs contracts; 1-5 players against the time pile).",
    ),
    (
        "difficulty",
        "Cooperative only: cards moved from the time pile to the victory pile at setup; at most \
         the time pile's size.",
    ),
];

/// The most players any variant seats.
pub const MAX_PLAYERS: u8 = 5;

/// What is fixed for the whole game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// The rules version the game was set up under.
    pub rules: Rules,
    /// 2-5.
    pub players: u8,
    /// Who played first.
    pub start_seat: Seat,
    /// The options.
    pub options: Options,
}

impl Config {
    /// The configuration a state message gives, its `options` read. Options and the player
    /// count are checked first and alone: nothing else can be read without them.
    pub(super) fn from_parts(
        p: &v1::PortRoyalState,
        options: Options,
        rules: Rules,
        errs: &mut StateErrors,
    ) -> Result<Config, StateErrors> {
        options.check()?;
        let players = match u8::try_from(p.players) {
            Ok(n) if options.players().contains(&n) => n,
            _ => {
                let r = options.players();
                return Err(StateErrors::one(
                    "players",
                    format!("must be {} to {} in this variant", r.start(), r.end()),
                ));
            }
        };
        let start_seat = seat_of(p.start_seat, players).unwrap_or_else(|| {
            errs.push("start_seat", "no such seat");
            0
        });
        Ok(Config {
            rules,
            players,
            start_seat,
            options,
        })
    }
}
