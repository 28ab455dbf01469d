//! Village on the wire: `village.proto` to and from the core types, declared field by field
//! ([`wire_message!`], [`wire_oneof!`], [`wire_enum!`]). Written by hand: the expansions refused,
//! place codes, decisions and cargo (one flat message for a core enum), the harbour's layout and
//! a view's counts; decoding checks the shape and names the field, everything else about a state
//! is the game's (`State::from_parts`).

use std::sync::Arc;

use crate::core::{GameRng, RngParts, StateErrors};
use crate::games::village::action::Action;
use crate::games::village::components::Library;
use crate::games::village::pieces::{Colour, Cubes, Good, Goods, Pool, Space};
use crate::games::village::state::family::{Building, Section};
use crate::games::village::state::payment::CubePayment;
use crate::games::village::state::sea::Ship;
use crate::games::village::state::{Goal, HeldGoal, Market, Parts, SeatState, Supply};
use crate::games::village::{Options, Rules, State, View};
use crate::pb::v1;
use crate::service::wire::declare::{
    presence, wire_array, wire_enum, wire_message, At, FromWire, ToWire,
};
use crate::service::wire::{oneof_arms, Wire};
use crate::service::Contexts;

/// The most entries any list of a Village state can have (members, customers, cities…): far
/// above any component set, it bounds the work a hostile state can cause before the checks.
const MAX_LIST: usize = 1_000;

mod action;
mod components;
mod state;

pub use components::components_to_proto;
use state::views_only;

wire_message!(Parts <= v1::VillageState <= State as s {
    component_set = s.config().components.name,
    component_hash = s.config().components.hash(),
    options = s.config().options,
    start_seat = s.config().start_seat,
    rng = s.rng(),
    seats[MAX_LIST] = s.seats(),
    supply = s.board().supply,
    bag = s.board().bag,
    spaces[MAX_LIST] = s.board().spaces,
    market = s.market(),
    monks = s.monks(),
    marker = s.marker(),
    starting_seat = s.starting_player(),
    round = s.round(),
    pending[MAX_LIST] = s.pending(),
    due = s.due(),
    ending = s.ending(),
    last_turns[MAX_LIST] = s.last_turns(),
    harbour = present(s.harbour()),
});
wire_message!(RngParts <= v1::VillageRng <= GameRng as s { seed = s.seed(), word_pos = s.word_pos() });
wire_message!(SeatState <= v1::VillageSeat <= SeatState as s {
    members[MAX_LIST], life, prestige, coins, cubes, grain, goods, customers[MAX_LIST],
    markers[MAX_LIST], goals[MAX_LIST],
    ship = present(&s.ship),
    cocoa, tea, chests[MAX_LIST],
} zero { customer_count, hidden_goals, chest_count });
wire_message!(Ship <=> v1::VillageShip { at, captain, holds[MAX_LIST] });
wire_message!(HeldGoal <=> v1::VillageHeldGoal { goal, revealed });
wire_message!(Supply <=> v1::VillageSupply { cubes, plague, grain, goods });
wire_message!(Pool <=> v1::VillageCubePool { cubes, plague });
wire_message!(CubePayment <=> v1::VillageCubePayment { cubes, coins });
wire_message!(Market <=> v1::VillageMarket {
    pile[MAX_LIST], stalls[MAX_LIST], waiting[MAX_LIST],
} zero { pile_count });
wire_message!(Options => v1::VillageOptions as s {
    no_starting_compensation, life_goals, port,
} zero { inn, marriage });
wire_message!(View => v1::VillageView as v {
    component_set = v.config.components.name,
    component_hash = v.config.components.hash(),
    options = v.config.options,
    start_seat = v.config.start_seat,
    seats => seat_views(v),
    supply, bag_count, spaces,
    market => Some(v1::VillageMarket {
        pile: Vec::new(),
        stalls: v.market.stalls.to_wire(),
        waiting: v.market.waiting.to_wire(),
        pile_count: v.pile_count,
    }),
    monks, marker,
    starting_seat = v.starting,
    round, pending, due, ending, last_turns,
    harbour => Some(v1::VillageHarbour {
        chest_count: v.harbour_chests,
        ..v.harbour.to_wire()
    }),
});

wire_enum!(Colour <=> v1::VillageColour as "colour" { Brown, Pink, Orange, Green });
wire_enum!(Good <=> v1::VillageGood as "good" { Horse, Ox, Wagon, Plow, Scroll });
wire_enum!(Space <=> v1::VillageSpace as "space" {
    Harvest, Family, Crafts, Market, Council, Travel, Church
});
wire_enum!(Building <=> v1::VillageBuilding as "building" {
    Wainwright, Stables, Office, Smithy
});
wire_enum!(Goal <=> v1::VillageGoal as "goal" {
    Carter, Secretary, Farmer, Bailiff, Writer, Knight, Explorer, Merchant, Aristocrat, Master,
    Historian, TravellingSalesman, Missionary, Acolyte, Saint
});
wire_enum!(Section <=> v1::VillageSection as "section" {
    Council, Crafts, Travel, Church, Farmyard
});

impl Wire for State {
    const FIELD: &'static str = "village";
    type StateProto = v1::VillageState;
    type ActionProto = v1::VillageAction;
    type OptionsProto = v1::VillageOptions;

    oneof_arms!(Village);

    fn info(library: &Arc<Library>) -> v1::GameInfo {
        let set = library.current();
        v1::GameInfo {
            component_set: set.name.clone(),
            component_set_hash: set.hash().to_owned(),
            provisional: set.provisional,
            components: Some(v1::game_info::Components::Village(components_to_proto(set))),
            village_component_sets: library
                .sets()
                .iter()
                .map(|s| components_to_proto(s))
                .collect(),
            ..v1::GameInfo::default()
        }
    }
    fn context(all: &Contexts) -> &Arc<Library> {
        &all.village
    }
    fn options_from_proto(o: &v1::VillageOptions) -> Result<Options, StateErrors> {
        Options::from_wire(*o, &At::Root.field("options"))
    }
    /// A state's parts from the wire: its shape here (enums, place codes, list lengths), everything
    /// else in the game (`State::from_parts`).
    fn parts_from_proto(p: v1::VillageState, _: Rules) -> Result<Parts, StateErrors> {
        views_only(&p)?;
        Parts::from_wire(p, &At::Root)
    }
    fn action_from_proto(a: &v1::VillageAction) -> Result<Option<Action>, StateErrors> {
        let arm = a.action.clone();
        arm.map(|a| Action::from_wire(a, &At::Root)).transpose()
    }
}

/// The expansions not served are refused with their reason (field paths `options.…`).
impl FromWire<v1::VillageOptions> for Options {
    fn from_wire(o: v1::VillageOptions, at: &At) -> Result<Options, StateErrors> {
        let mut errs = StateErrors::default();
        for (asked, field, why) in [
            (o.inn, "inn", "Village Inn is out of scope for this referee"),
            (
                o.marriage,
                "marriage",
                "Marriage is out of scope for this referee",
            ),
        ] {
            if asked {
                errs.errors.extend(at.field(field).error(why).errors);
            }
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
}
presence!(from Options, v1::VillageOptions);

/// What Village Port adds is absent from the wire while it is empty (a game without the
/// expansion keeps the bytes it had before the expansion was served).
fn present<T: Default + PartialEq>(value: &T) -> Option<&T> {
    (*value != T::default()).then_some(value)
}

/// Each seat as a view shows it: what it may not see of another seat, counted.
fn seat_views(v: &View) -> Vec<v1::VillageSeat> {
    let counts = v
        .customer_counts
        .iter()
        .zip(&v.hidden_goals)
        .zip(&v.chest_counts);
    v.seats
        .iter()
        .zip(counts)
        .map(|(s, ((&customers, &hidden), &chests))| v1::VillageSeat {
            customer_count: customers,
            hidden_goals: hidden,
            chest_count: chests,
            ..s.to_wire()
        })
        .collect()
}

wire_array!(Cubes <=> v1::VillageCubes { brown, pink, orange, green });
wire_array!(Goods <=> v1::VillageGoods { horse, ox, wagon, plow, scroll });

/// A market stall or waiting space: the customer on it, if any.
impl ToWire<v1::VillageSlot> for Option<u8> {
    fn to_wire(&self) -> v1::VillageSlot {
        v1::VillageSlot {
            customer: self.map(u32::from),
        }
    }
}
impl FromWire<v1::VillageSlot> for Option<u8> {
    fn from_wire(s: v1::VillageSlot, at: &At) -> Result<Self, StateErrors> {
        FromWire::from_wire(s.customer, at)
    }
}
