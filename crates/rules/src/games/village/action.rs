//! A seat's decisions in Village, one small step each (what is being decided is the state's
//! pending [`Decision`](super::Decision)), and the public events an action causes.

use crate::core::Seat;

use super::pieces::{Colour, Good, Pool, Space};
use super::state::church::{BagDraw, ChurchPayment};
use super::state::council::{CouncilPayment, Privilege};
use super::state::family::{Building, Place};
use super::state::goals::Goal;
use super::state::payment::CubePayment;
use super::state::sea::Cargo;

/// A cube on an action space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Cube {
    /// An influence cube.
    Influence(Colour),
    /// A plague cube.
    Plague,
}

/// A family member, by its index in its seat's family (oldest generation first). Members of one
/// generation in one place are the same choice: any of them may be named.
pub type MemberId = u8;

/// One seat's decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Action {
    /// An influence cube of the seat's choice from the supply: the 4th seat's compensation, or
    /// one of a city's cubes of choice.
    ChooseCube {
        /// Its colour.
        colour: Colour,
    },
    /// Takes a cube from an action space (and may then do its action).
    TakeCube {
        /// The space.
        space: Space,
        /// The cube.
        cube: Cube,
    },
    /// Uses the well: returns three influence cubes of one colour (never coins) to do any action.
    UseWell {
        /// The colour returned.
        colour: Colour,
    },
    /// Names the action to do after the well (or, in a last turn on an empty board, for free).
    ChooseAction {
        /// The action's space.
        space: Space,
    },
    /// Declines what is being decided: no action, no privilege, no production after training,
    /// out of the market day, no (more) buy-outs or window moves.
    Pass,
    /// Harvest.
    Harvest,
    /// Family: the next generation from the reserve onto the farmyard.
    NewMember,
    /// Family: a member on the village board back to the farmyard.
    Recall {
        /// The member.
        member: MemberId,
    },
    /// Crafts: a farmyard member is trained at a building (production is the next decision).
    Train {
        /// The building.
        building: Building,
        /// The member.
        member: MemberId,
    },
    /// Crafts: a member trained at the building produces, for its production time.
    Produce {
        /// The building.
        building: Building,
        /// The good (the stables make a horse or an ox).
        good: Good,
    },
    /// Crafts: the good is paid for with the building's price instead.
    Buy {
        /// The building.
        building: Building,
        /// The good.
        good: Good,
        /// The cubes and the coins standing in for them (grain is paid as printed).
        payment: CubePayment,
    },
    /// Crafts: the mill.
    Mill,
    /// Council: a farmyard member enters the chamber on stage 1.
    EnterCouncil {
        /// The member.
        member: MemberId,
        /// A scroll or two green cubes.
        payment: CouncilPayment,
    },
    /// Council: a member in the chamber climbs one stage.
    AdvanceCouncil {
        /// The member.
        member: MemberId,
        /// A scroll or two green cubes.
        payment: CouncilPayment,
    },
    /// Council: a privilege of the seat's highest stage or a lower one (as the council action
    /// itself, free, or after entering or climbing).
    UsePrivilege {
        /// The privilege.
        privilege: Privilege,
    },
    /// Travel: a member moves along a path of the map.
    Travel {
        /// The member.
        member: MemberId,
        /// The path (index into the component set's paths).
        path: u8,
        /// The path's cubes and the coins standing in for them.
        payment: CubePayment,
    },
    /// Church: a farmyard member into the black bag.
    Church {
        /// The member.
        member: MemberId,
        /// A brown cube (or a coin), or three time.
        payment: ChurchPayment,
    },
    /// Market day: serves the customer on a stall.
    Serve {
        /// The stall (index into the market's stalls).
        stall: u8,
        /// The green cube or coin a sale other than the trigger's first costs (`None` for the
        /// free one).
        payment: Option<CubePayment>,
    },
    /// Which of the seat's lowest-generation members in sight dies.
    Die {
        /// The member.
        member: MemberId,
    },
    /// The mass: buys this many of the seat's members out of the black bag, one coin each.
    BuyOut {
        /// How many (at least 1; `Pass` buys none).
        count: u8,
    },
    /// The mass: moves a member one window left, paying the grain printed between the windows.
    MoveLeft {
        /// The member.
        member: MemberId,
    },
    /// Village Port, travel in port: hires a captain of this kind (its coins) and sets sail.
    SetSail {
        /// The captain kind (index into the set's captains).
        captain: u8,
    },
    /// Village Port, travel at sea: moves on.
    Sail,
    /// Village Port, travel at sea: back to port for 1 time; the holds are unloaded, the captain
    /// leaves the game.
    ReturnToPort,
    /// Village Port: loads a piece from the farmyard (not a member: `Embark`).
    Load {
        /// The piece (a chest by its value).
        cargo: Cargo,
    },
    /// Village Port: a farmyard member boards the ship.
    Embark {
        /// The member.
        member: MemberId,
    },
    /// Village Port: one step along a water line (free, prepaid, or paid with a purchase).
    Step {
        /// The space entered.
        to: u8,
        /// The purchase paid, if the step is not free or prepaid.
        payment: Option<StepPayment>,
    },
    /// Village Port: lands on the island just entered; the movement ends.
    Land,
    /// Village Port, on an island: sells a piece from the holds that its parchment buys.
    SellCargo {
        /// The piece.
        cargo: Cargo,
    },
    /// Village Port, on an island: takes the top tile of its stack into an empty hold.
    TakeTile,
    /// Village Port, on an island: the member aboard goes onto the free missionary church,
    /// paying its cost (the wagon from a hold, cubes or coins standing in).
    Mission {
        /// The cubes (and coins) paid.
        payment: CubePayment,
    },
    /// Village Port: a chest brought home is turned face up for its coins. Open whenever the
    /// seat is to decide; the decision stays open.
    CashChest {
        /// Its value.
        value: u32,
    },
    /// Village Port, at a market day: sells a cocoa basket brought home.
    SellCocoa {
        /// As for `Serve`: none for the trigger's free first sale.
        payment: Option<CubePayment>,
    },
    /// Village Port, at a market day: sells a tea bale brought home.
    SellTea {
        /// As for `Serve`.
        payment: Option<CubePayment>,
    },
    /// Life Goals: reveals a face-down goal whose requirements the seat meets, for its prestige.
    /// Open whenever the seat is to decide; the decision stays open.
    RevealGoal {
        /// The goal.
        goal: Goal,
    },
}

impl Action {
    /// The action as every seat may see it: a chest loaded from the farmyard is named without
    /// its value (the owner's secret until it is cashed).
    pub fn public(self) -> Action {
        match self {
            Action::Load {
                cargo: Cargo::Chest(_),
            } => Action::Load {
                cargo: Cargo::Chest(0),
            },
            other => other,
        }
    }
}

/// A purchase of steps: which of the captain's purchases, and the cubes and coins paid for it
/// (coins stand in for cubes, one each).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct StepPayment {
    /// The purchase (index into the captain's `steps`).
    pub purchase: u8,
    /// Cubes paid, by colour.
    pub cubes: crate::games::village::pieces::Cubes,
    /// Coins paid.
    pub coins: u32,
}

/// Something that happened; every event is public.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A seat's action was applied, as taken.
    Acted {
        /// The seat.
        seat: Seat,
        /// The action.
        action: Action,
    },
    /// A round began: its starting player and what the seeding put on each action space (in
    /// the order of [`Space::ALL`]).
    RoundBegun {
        /// The round, from 1.
        round: u32,
        /// Its starting player.
        starting: Seat,
        /// The cubes on each space.
        spaces: [Pool; 7],
    },
    /// A customer was served (it lies face down with the seat from now on).
    Served {
        /// The seat.
        seat: Seat,
        /// The customer tile.
        customer: u8,
    },
    /// A market day ended; the market was refilled.
    MarketDayEnded,
    /// A member died and was laid to rest (or removed, with no space left).
    Died {
        /// The seat.
        seat: Seat,
        /// The member.
        member: MemberId,
        /// Where it rests.
        rest: Place,
    },
    /// The end of the game was triggered: the last chronicle space or grave was filled.
    EndTriggered {
        /// The seat whose member filled it.
        seat: Seat,
    },
    /// The mass's random draw from the black bag.
    MassDraw {
        /// What was drawn, in order.
        draws: Vec<BagDraw>,
    },
    /// The church majority's prestige went to these seats.
    ChurchMajority {
        /// The seats.
        seats: Vec<Seat>,
    },
    /// A life goal was revealed; its prestige was gained and the card left the game.
    GoalRevealed {
        /// The seat.
        seat: Seat,
        /// The goal.
        goal: Goal,
        /// The prestige gained.
        prestige: u32,
    },
    /// The game is over and scored.
    Finished,
}
