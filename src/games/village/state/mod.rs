//! The Village state, split by concept: each seat's family and farmyard (`family`), time and
//! death (`life`), the chronicle and the graves (`chronicle`), the church and the mass
//! (`church`), the supply, the green bag and the
//! action spaces (`board`), the market (`market`); the rest of the village lives here until its
//! rules arrive with the next slices.

pub mod board;
pub mod chronicle;
pub mod church;
pub mod council;
mod crafts;
pub mod family;
mod farm;
mod life;
pub mod market;
pub mod payment;
pub mod scoring;
pub mod travel;

pub use board::{Board, Supply};
pub use chronicle::Burial;
pub use family::{Building, Member, Place, SeatState, Section};
pub use market::Market;

use crate::core::{GameRng, Seat};

use super::config::Config;
use super::pieces::Colour;

/// What is being decided now: the seat named is the one that must act.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Starting compensation: the 4th seat in turn order takes one influence cube of its
    /// choice from the supply, the first decision of the game (village.md §10.4).
    CompensationCube {
        /// Who chooses.
        seat: Seat,
    },
    /// A turn: take a cube from an action space, or use the well.
    Turn {
        /// Whose turn.
        seat: Seat,
    },
}

/// A Village state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub(crate) config: Config,
    pub(crate) rng: GameRng,
    pub(crate) seats: Vec<SeatState>,
    pub(crate) board: Board,
    pub(crate) market: Market,
    /// Black monks in the black bag (members in it are in their seat's family).
    pub(crate) monks: u32,
    /// The next-starting-player marker: `None` while it lies in the council chamber.
    pub(crate) marker: Option<Seat>,
    /// The starting player of this round.
    pub(crate) starting: Seat,
    /// Rounds begun, from 1.
    pub(crate) round: u32,
    /// What is being decided now (the last entry); a decision that interrupts another is pushed.
    pub(crate) pending: Vec<Decision>,
}

/// Everything a game must conserve, counted by kind (for the invariant tests).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Census {
    /// Family members per seat, alive or dead.
    pub members: Vec<usize>,
    /// Influence cubes per colour, wherever they are.
    pub cubes: [u32; 4],
    /// Plague cubes.
    pub plague: u32,
    /// Goods tiles per kind.
    pub goods: [u32; 5],
    /// Grain.
    pub grain: u32,
    /// Monks.
    pub monks: u32,
    /// Customer tiles, by id, sorted.
    pub customers: Vec<u8>,
}

impl State {
    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }
    /// The seats.
    pub fn seats(&self) -> &[SeatState] {
        &self.seats
    }
    /// The supply, the green bag and the action spaces.
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// The market.
    pub fn market(&self) -> &Market {
        &self.market
    }
    /// Monks in the black bag.
    pub fn monks(&self) -> u32 {
        self.monks
    }
    /// Who holds the next-starting-player marker (`None`: the council chamber).
    pub fn marker(&self) -> Option<Seat> {
        self.marker
    }
    /// The starting player of the round.
    pub fn starting_player(&self) -> Seat {
        self.starting
    }
    /// The round, from 1.
    pub fn round(&self) -> u32 {
        self.round
    }
    /// What is being decided now.
    pub fn decision(&self) -> Option<Decision> {
        self.pending.last().copied()
    }

    /// Every component counted where it is.
    pub fn census(&self) -> Census {
        let board = &self.board;
        let mut cubes = [0u32; 4];
        for colour in Colour::ALL {
            let i = colour as usize;
            cubes[i] = board.supply.cubes.of(colour)
                + board.bag.cubes.of(colour)
                + board.spaces.iter().map(|p| p.cubes.of(colour)).sum::<u32>()
                + self.seats.iter().map(|s| s.cubes.of(colour)).sum::<u32>();
        }
        let mut goods = board.supply.goods.0;
        for seat in &self.seats {
            for (total, n) in goods.iter_mut().zip(seat.goods.0) {
                *total += n;
            }
        }
        let mut customers: Vec<u8> = self
            .market
            .tiles()
            .chain(self.seats.iter().flat_map(|s| s.customers.iter().copied()))
            .collect();
        customers.sort_unstable();
        Census {
            members: self.seats.iter().map(|s| s.members.len()).collect(),
            cubes,
            plague: board.supply.plague
                + board.bag.plague
                + board.spaces.iter().map(|p| p.plague).sum::<u32>(),
            goods,
            grain: board.supply.grain + self.seats.iter().map(|s| s.grain).sum::<u32>(),
            monks: self.monks,
            customers,
        }
    }
}
