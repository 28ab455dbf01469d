//! The Village state, split by concept: each seat's family and farmyard (`family`), time and
//! death (`life`), the chronicle and the graves (`chronicle`), the church and the mass
//! (`church`), the council chamber (`council`), crafts (`crafts`), harvest and family (`farm`),
//! travel (`travel`), paying (`payment`), the supply, the green bag and the action spaces
//! (`board`), the market (`market`), scoring (`scoring`), life goals (`goals`) and what a
//! client's state must satisfy
//! (`integrity`). Here: the state itself, the pending decisions and the census. The rules that
//! move from one decision to the next are in `../rules/`.

pub mod board;
pub mod chronicle;
pub mod church;
pub mod council;
mod crafts;
pub mod family;
mod farm;
pub mod goals;
mod integrity;
mod life;
pub mod market;
pub mod message;
pub mod payment;
mod reachable;
pub mod scoring;
pub mod sea;
mod seat;
pub mod travel;

pub use board::{Board, Supply};
pub use chronicle::Burial;
pub use family::{Building, Member, Place, Section};
pub use goals::{Goal, HeldGoal};
pub use market::Market;
pub use seat::SeatState;

use crate::core::{GameRng, Seat};

use super::config::Config;
use super::pieces::{Colour, Space};

/// What is being decided now: the seat named is the one that must act.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Starting compensation: the 4th seat in turn order takes one influence cube of its
    /// choice from the supply, the first decision of the game ([R] village.md §10.4).
    CompensationCube {
        /// Who chooses.
        seat: Seat,
    },
    /// A turn: take a cube from an action space, or use the well.
    Turn {
        /// Whose turn.
        seat: Seat,
    },
    /// Which action to do, after the well or, in a last turn on an empty board, for free.
    ChooseAction {
        /// Whose turn.
        seat: Seat,
    },
    /// The action of a space (or none: `Pass`), after its cube was taken or it was chosen.
    Act {
        /// Whose turn.
        seat: Seat,
        /// The space.
        space: Space,
    },
    /// Whether the member just trained produces at once.
    Produce {
        /// Whose turn.
        seat: Seat,
        /// The building it was trained at.
        building: Building,
    },
    /// Which privilege, if any, after entering or climbing in the council chamber.
    Privilege {
        /// Whose turn.
        seat: Seat,
        /// The highest stage whose privilege is open.
        up_to: u8,
    },
    /// A city's reward: influence cubes of the seat's choice, one at a time.
    RewardCubes {
        /// Who chooses.
        seat: Seat,
        /// Cubes still to choose.
        left: u8,
    },
    /// A market day: the seat named serves a customer or passes.
    MarketDay {
        /// Whose cube (or well) started the day: its first sale is free.
        trigger: Seat,
        /// The seat to act (while a death interrupts the day: the next seat to consider).
        seat: Seat,
        /// Seats out of the day, one bit per seat.
        passed: u8,
        /// The trigger's free first sale is still open.
        free: bool,
    },
    /// Which member dies (its owner chooses among the lowest generation in sight).
    Dying {
        /// Whose member.
        seat: Seat,
        /// Deaths still due, this one included.
        left: u8,
    },
    /// The mass: how many of its members in the black bag a seat buys out.
    BuyOut {
        /// Who decides.
        seat: Seat,
        /// Members bought out so far at this mass.
        bought: u8,
    },
    /// The mass: a seat moves its members left through the windows, or is done.
    Windows {
        /// Who decides.
        seat: Seat,
    },
    /// Life Goals: after the final mass, a seat's last chance to reveal a goal it meets ([R]
    /// village.md §10.7), or to pass.
    LastChance {
        /// Who decides.
        seat: Seat,
    },
    /// Life Goals, from `village/3` on (V-R41): before an automatic step that could take a
    /// face-down goal from the seat (as every seat can tell), its chance to reveal a goal it
    /// meets, or to let the step happen (`Pass`).
    GoalAtStake {
        /// Who decides.
        seat: Seat,
        /// The step that waits.
        step: Step,
    },
    /// Village Port: loading the ship in port after hiring a captain, one piece at a time, or
    /// done (`Pass`).
    Load {
        /// Whose ship.
        seat: Seat,
    },
    /// Village Port: moving the ship, one step at a time, or stopping (`Pass`).
    Sail {
        /// Whose ship.
        seat: Seat,
        /// Free steps left.
        free: u8,
        /// Steps already paid for (a purchase that buys more than one).
        credit: u8,
        /// At least one step taken in this movement.
        moved: bool,
    },
    /// Village Port: landed on an island: its actions, or done (`Pass`).
    Island {
        /// Whose ship.
        seat: Seat,
        /// A tile was taken from the stack.
        took: bool,
    },
}

/// An automatic step a `GoalAtStake` decision waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The seat's only member in sight of the lowest generation dies.
    Death {
        /// Deaths still due, this one included.
        left: u8,
    },
    /// The next-starting-player marker returns to the council chamber after the mass.
    MarkerReturn,
}

/// The end of the game: triggered when a member dies with no space left for it (the chronicle
/// and graves full, village.md §9), after which no round begins: the seats owed a last turn
/// take it, then the final mass. Its own type because the state, its view and a sampled world
/// carry it whole.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct End {
    /// The end was triggered.
    pub triggered: bool,
    /// The seats still to take a last turn, in order (after the current turn).
    pub last_turns: Vec<Seat>,
}

impl Decision {
    /// The seat that must decide.
    pub fn seat(self) -> Seat {
        match self {
            Decision::CompensationCube { seat }
            | Decision::Turn { seat }
            | Decision::ChooseAction { seat }
            | Decision::Act { seat, .. }
            | Decision::Produce { seat, .. }
            | Decision::Privilege { seat, .. }
            | Decision::RewardCubes { seat, .. }
            | Decision::MarketDay { seat, .. }
            | Decision::Dying { seat, .. }
            | Decision::BuyOut { seat, .. }
            | Decision::Windows { seat }
            | Decision::LastChance { seat }
            | Decision::GoalAtStake { seat, .. }
            | Decision::Load { seat }
            | Decision::Sail { seat, .. }
            | Decision::Island { seat, .. } => seat,
        }
    }

    /// The phase name in `Status.phase`: the proto's `VillageDecisionKind` name in lower case,
    /// without its prefix (one name per decision, checked by the wire's tests).
    pub fn phase(self) -> &'static str {
        match self {
            Decision::CompensationCube { .. } => "compensation_cube",
            Decision::Turn { .. } => "turn",
            Decision::ChooseAction { .. } => "choose_action",
            Decision::Act { .. } => "action",
            Decision::Produce { .. } => "produce",
            Decision::Privilege { .. } => "privilege",
            Decision::RewardCubes { .. } => "reward_cubes",
            Decision::MarketDay { .. } => "market_day",
            Decision::Dying { .. } => "dying",
            Decision::BuyOut { .. } => "mass_buy_out",
            Decision::Windows { .. } => "mass_windows",
            Decision::LastChance { .. } => "last_chance",
            Decision::GoalAtStake { .. } => "goal_at_stake",
            Decision::Load { .. } => "load",
            Decision::Sail { .. } => "sail",
            Decision::Island { .. } => "island",
        }
    }
}

/// A Village state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub(in crate::games::village) config: Config,
    pub(in crate::games::village) rng: GameRng,
    pub(in crate::games::village) seats: Vec<SeatState>,
    pub(in crate::games::village) board: Board,
    pub(in crate::games::village) market: Market,
    /// Black monks in the black bag (members in it are in their seat's family).
    pub(in crate::games::village) monks: u32,
    /// The next-starting-player marker: `None` while it lies in the council chamber.
    pub(in crate::games::village) marker: Option<Seat>,
    /// The starting player of this round.
    pub(in crate::games::village) starting: Seat,
    /// Rounds begun, from 1.
    pub(in crate::games::village) round: u32,
    /// What is being decided now (the last entry); a decision that interrupts another (a death
    /// during a market day) is pushed on it. Empty once the game is over.
    pub(in crate::games::village) pending: Vec<Decision>,
    /// Deaths the seat whose turn it is owes at the end of its turn (quills passed).
    pub(in crate::games::village) due: u32,
    /// The end of the game, once triggered.
    pub(in crate::games::village) end: End,
    /// Village Port's pieces that are nobody's (empty without Port).
    pub(in crate::games::village) harbour: sea::Harbour,
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
    /// Life goal cards dealt, held or revealed, sorted.
    pub goals: Vec<Goal>,
    /// Village Port: cocoa baskets and tea bales, wherever they are.
    pub cocoa_tea: [u32; 2],
    /// Village Port: treasure chests by value, wherever they are, sorted.
    pub chests: Vec<u32>,
    /// Village Port: captain cards per kind (in the decks, hired, gone).
    pub captains: Vec<u32>,
}

impl State {
    /// The RNG.
    pub fn rng(&self) -> &GameRng {
        &self.rng
    }
    /// Every pending decision, the one decided now last.
    pub fn pending(&self) -> &[Decision] {
        &self.pending
    }
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
    /// What is being decided now (`None`: the game is over).
    pub fn decision(&self) -> Option<Decision> {
        self.pending.last().copied()
    }
    /// The end of the game: whether it was triggered, and the last turns still owed.
    pub fn end(&self) -> &End {
        &self.end
    }
    /// Deaths owed at the end of the current turn.
    pub fn due(&self) -> u32 {
        self.due
    }
    /// Village Port's decks, stacks and box.
    pub fn harbour(&self) -> &sea::Harbour {
        &self.harbour
    }

    /// Every component counted where it is (sums saturate: a client's state may hold any
    /// number, and the integrity check compares these with the set's totals).
    pub fn census(&self) -> Census {
        let board = &self.board;
        let mut cubes = [0u32; 4];
        for colour in Colour::ALL {
            cubes[colour as usize] = total(
                [board.supply.cubes.of(colour), board.bag.cubes.of(colour)]
                    .into_iter()
                    .chain(board.spaces.iter().map(|p| p.cubes.of(colour)))
                    .chain(self.seats.iter().map(|s| s.cubes.of(colour))),
            );
        }
        let mut goods = board.supply.goods.0;
        for seat in &self.seats {
            for (sum, n) in goods.iter_mut().zip(seat.goods.0) {
                *sum = sum.saturating_add(n);
            }
        }
        // Sized once: a chained iterator's length is unknown to `collect`, which would grow the
        // list several times on every request.
        let served: usize = self.seats.iter().map(|s| s.customers.len()).sum();
        let market = &self.market;
        let mut customers = Vec::with_capacity(
            market.pile.len() + market.stalls.len() + market.waiting.len() + served,
        );
        customers.extend(market.tiles());
        customers.extend(self.seats.iter().flat_map(|s| s.customers.iter().copied()));
        customers.sort_unstable();
        let mut goals = Vec::with_capacity(self.seats.iter().map(|s| s.goals.len()).sum());
        goals.extend(
            self.seats
                .iter()
                .flat_map(|s| s.goals.iter().map(|g| g.goal)),
        );
        goals.sort_unstable();
        let h = &self.harbour;
        let mut cocoa_tea = [
            h.cocoa.saturating_add(h.gone.cocoa),
            h.tea.saturating_add(h.gone.tea),
        ];
        let held: usize = self
            .seats
            .iter()
            .map(|s| s.chests.len() + s.ship.holds.len())
            .sum();
        let mut chests = Vec::with_capacity(h.chests.len() + h.gone.chests.len() + held);
        chests.extend(h.chests.iter().chain(&h.gone.chests));
        let mut captains: Vec<u32> = h
            .captains
            .iter()
            .zip(&h.gone.captains)
            .map(|(a, b)| a.saturating_add(*b))
            .collect();
        for s in &self.seats {
            cocoa_tea[0] = cocoa_tea[0].saturating_add(s.cocoa);
            cocoa_tea[1] = cocoa_tea[1].saturating_add(s.tea);
            chests.extend(&s.chests);
            for cargo in &s.ship.holds {
                match cargo {
                    sea::Cargo::Cocoa => cocoa_tea[0] = cocoa_tea[0].saturating_add(1),
                    sea::Cargo::Tea => cocoa_tea[1] = cocoa_tea[1].saturating_add(1),
                    sea::Cargo::Chest(v) => chests.push(*v),
                    sea::Cargo::Good(g) => {
                        goods[*g as usize] = goods[*g as usize].saturating_add(1)
                    }
                    _ => {}
                }
            }
            if let Some(n) = s
                .ship
                .captain
                .and_then(|k| captains.get_mut(usize::from(k)))
            {
                *n = n.saturating_add(1);
            }
        }
        chests.sort_unstable();
        Census {
            members: self.seats.iter().map(|s| s.members.len()).collect(),
            cubes,
            plague: total(
                [board.supply.plague, board.bag.plague]
                    .into_iter()
                    .chain(board.spaces.iter().map(|p| p.plague)),
            ),
            goods,
            grain: total(
                std::iter::once(board.supply.grain)
                    .chain(self.seats.iter().map(|s| s.grain))
                    .chain(self.seats.iter().map(|s| {
                        let grain = s.ship.holds.iter().filter(|&&c| c == sea::Cargo::Grain);
                        grain.count() as u32
                    })),
            ),
            monks: self.monks,
            customers,
            goals,
            cocoa_tea,
            chests,
            captains,
        }
    }
}

/// A saturating sum.
fn total(counts: impl Iterator<Item = u32>) -> u32 {
    counts.fold(0, u32::saturating_add)
}
