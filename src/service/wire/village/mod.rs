//! Village on the wire: `village.proto` to and from the core types. Decoding checks the shape
//! (enums, lengths, place codes) and names the field; everything else about a state is the
//! game's (`State::from_parts`).

use std::sync::Arc;

use crate::core::{RngParts, StateErrors};
use crate::games::village::action::Action;
use crate::games::village::components::{Components, Library};
use crate::games::village::pieces::{Colour, Cubes, Good, Goods, Pool, Space};
use crate::games::village::state::family::{Building, Member, Section};
use crate::games::village::state::payment::CubePayment;
use crate::games::village::state::sea::Ship;
use crate::games::village::state::SeatState;
use crate::games::village::state::{Goal, HeldGoal, Market, Parts, Supply};
use crate::games::village::{Options, Rules, State};
use crate::pb::v1;
use crate::service::wire::{oneof_arms, wire_enum, Wire};
use crate::service::Contexts;

mod action;
mod components;
mod state;
mod view;

use action::{action_from_proto, action_to_proto, event_to_proto};
pub use components::components_to_proto;
pub use state::state_to_proto;
use state::{cargo_from, check_list_lengths, decision_from, harbour_from, place_from, slots_from};
use view::view_to_proto;

/// The most entries any list of a Village state can have (members, customers, cities…): far
/// above any component set, it bounds the work a hostile state can cause before the checks.
const MAX_LIST: usize = 1_000;

/// A view's count written into a state: the state carries what it counts.
const VIEWS_ONLY: &str =
    "is a view's count and must be 0 in a state, which carries the pieces themselves";

impl Wire for State {
    const FIELD: &'static str = "village";
    type StateProto = v1::VillageState;
    type ActionProto = v1::VillageAction;
    type OptionsProto = v1::VillageOptions;

    oneof_arms!(Village);

    fn info(library: &Arc<Library>) -> v1::GameInfo {
        let describe = |set: &Arc<Components>| components_to_proto(set);
        let set = library.current();
        v1::GameInfo {
            component_set: set.name.clone(),
            component_set_hash: set.hash().to_owned(),
            provisional: set.provisional,
            components: Some(v1::game_info::Components::Village(describe(set))),
            village_component_sets: library.sets().iter().map(describe).collect(),
            ..v1::GameInfo::default()
        }
    }
    fn context(all: &Contexts) -> &Arc<Library> {
        &all.village
    }
    /// Options from the wire (field paths `options.…`): the expansions not served are refused with
    /// their reason.
    fn options_from_proto(o: &v1::VillageOptions) -> Result<Options, StateErrors> {
        let mut errs = StateErrors::default();
        for (asked, field, why) in [
            (
                o.inn,
                "options.inn",
                "Village Inn is out of scope for this referee",
            ),
            (
                o.marriage,
                "options.marriage",
                "Marriage is out of scope for this referee",
            ),
        ] {
            if asked {
                errs.push(field, why);
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
    /// A state's parts from the wire: its shape here (enums, place codes, list lengths), everything
    /// else in the game (`State::from_parts`).
    fn parts_from_proto(p: v1::VillageState, _: Rules) -> Result<Parts, StateErrors> {
        check_list_lengths(&p)?;
        let options = Self::options_from_proto(&p.options.unwrap_or_default())?;
        let mut errs = StateErrors::default();
        let mut seats = Vec::with_capacity(p.seats.len());
        for (i, s) in p.seats.into_iter().enumerate() {
            let mut members = Vec::with_capacity(s.members.len());
            for (j, m) in s.members.iter().enumerate() {
                match place_from(*m, || format!("seats[{i}].members[{j}]")) {
                    // The game gives each member its generation.
                    Ok(place) => members.push(Member {
                        generation: 0,
                        place,
                    }),
                    Err(e) => errs.errors.extend(e.errors),
                }
            }
            let mut goals = Vec::with_capacity(s.goals.len());
            for (k, g) in s.goals.iter().enumerate() {
                match required_at(
                    goal_from(g.goal),
                    || format!("seats[{i}].goals[{k}].goal"),
                    "goal",
                ) {
                    Ok(goal) => goals.push(HeldGoal {
                        goal,
                        revealed: g.revealed,
                    }),
                    Err(e) => errs.errors.extend(e.errors),
                }
            }
            for (field, count) in [
                ("customer_count", s.customer_count),
                ("hidden_goals", s.hidden_goals),
                ("chest_count", s.chest_count),
            ] {
                if count != 0 {
                    errs.push(format!("seats[{i}].{field}"), VIEWS_ONLY);
                }
            }
            let ship = s.ship.unwrap_or_default();
            let mut holds = Vec::with_capacity(ship.holds.len());
            for (k, c) in ship.holds.iter().enumerate() {
                match cargo_from(c, &|| format!("seats[{i}].ship.holds[{k}]")) {
                    Ok(c) => holds.push(c),
                    Err(e) => errs.errors.extend(e.errors),
                }
            }
            seats.push(SeatState {
                members,
                life: s.life,
                prestige: s.prestige,
                coins: s.coins,
                cubes: cubes_from(s.cubes.as_ref()),
                grain: s.grain,
                goods: goods_from(s.goods.as_ref()),
                customers: s.customers.iter().map(|&c| small(c)).collect(),
                markers: s.markers.iter().map(|&c| small(c)).collect(),
                goals,
                ship: Ship {
                    at: small(ship.at),
                    captain: ship.captain.map(small),
                    holds,
                },
                cocoa: s.cocoa,
                tea: s.tea,
                chests: s.chests,
            });
        }
        let mut pending = Vec::with_capacity(p.pending.len());
        for (i, d) in p.pending.iter().enumerate() {
            match decision_from(d, &|| format!("pending[{i}]")) {
                Ok(d) => pending.push(d),
                Err(e) => errs.errors.extend(e.errors),
            }
        }
        let market = p.market.unwrap_or_default();
        let harbour = p.harbour.unwrap_or_default();
        for (field, count) in [
            ("market.pile_count", market.pile_count),
            ("harbour.chest_count", harbour.chest_count),
        ] {
            if count != 0 {
                errs.push(field, VIEWS_ONLY);
            }
        }
        errs.into_result()?;
        let rng = p.rng.unwrap_or_default();
        let supply = p.supply.unwrap_or_default();
        Ok(Parts {
            component_set: p.component_set,
            component_hash: p.component_hash,
            options,
            start_seat: p.start_seat,
            rng: RngParts {
                seed: rng.seed,
                word_pos: rng.word_pos,
            },
            seats,
            supply: Supply {
                cubes: cubes_from(supply.cubes.as_ref()),
                plague: supply.plague,
                grain: supply.grain,
                goods: goods_from(supply.goods.as_ref()),
            },
            bag: pool_from(p.bag.as_ref()),
            spaces: p.spaces.iter().map(|pool| pool_from(Some(pool))).collect(),
            market: Market {
                pile: market.pile.iter().map(|&c| small(c)).collect(),
                stalls: slots_from(&market.stalls),
                waiting: slots_from(&market.waiting),
            },
            monks: p.monks,
            marker: p.marker.map(small),
            starting_seat: small(p.starting_seat),
            round: p.round,
            pending,
            due: p.due,
            ending: p.ending,
            last_turns: p.last_turns.iter().map(|&s| small(s)).collect(),
            harbour: harbour_from(harbour),
        })
    }
    fn action_from_proto(a: &v1::VillageAction) -> Result<Option<Action>, StateErrors> {
        a.action.as_ref().map(action_from_proto).transpose()
    }
}

fn options_to_proto(o: &Options) -> v1::VillageOptions {
    v1::VillageOptions {
        no_starting_compensation: o.no_starting_compensation,
        life_goals: o.life_goals,
        port: o.port,
        ..v1::VillageOptions::default()
    }
}

wire_enum!(colour_from, colour_to: Colour <=> v1::VillageColour { Brown, Pink, Orange, Green });
wire_enum!(good_from, good_to: Good <=> v1::VillageGood { Horse, Ox, Wagon, Plow, Scroll });
wire_enum!(space_from, space_to: Space <=> v1::VillageSpace {
    Harvest, Family, Crafts, Market, Council, Travel, Church
});
wire_enum!(building_from, building_to: Building <=> v1::VillageBuilding {
    Wainwright, Stables, Office, Smithy
});
wire_enum!(goal_from, goal_to: Goal <=> v1::VillageGoal {
    Carter, Secretary, Farmer, Bailiff, Writer, Knight, Explorer, Merchant, Aristocrat, Master,
    Historian, TravellingSalesman, Missionary, Acolyte, Saint
});
wire_enum!(section_from, section_to: Section <=> v1::VillageSection {
    Council, Crafts, Travel, Church, Farmyard
});

/// A required enum field: unspecified or unknown values are malformed.
fn required<T>(value: Option<T>, field: &str, what: &str) -> Result<T, StateErrors> {
    required_at(value, || field.to_owned(), what)
}

/// [`required`] where the field's path is made only for an error (decoding a state runs this for
/// every goal, hold and decision of every request).
fn required_at<T>(
    value: Option<T>,
    field: impl FnOnce() -> String,
    what: &str,
) -> Result<T, StateErrors> {
    value.ok_or_else(|| StateErrors::one(field(), format!("must name a {what}")))
}

fn cubes_from(c: Option<&v1::VillageCubes>) -> Cubes {
    c.map_or_else(Cubes::default, |c| {
        Cubes([c.brown, c.pink, c.orange, c.green])
    })
}
fn cubes_to(c: &Cubes) -> v1::VillageCubes {
    let [brown, pink, orange, green] = c.0;
    v1::VillageCubes {
        brown,
        pink,
        orange,
        green,
    }
}
fn goods_from(g: Option<&v1::VillageGoods>) -> Goods {
    g.map_or_else(Goods::default, |g| {
        Goods([g.horse, g.ox, g.wagon, g.plow, g.scroll])
    })
}
fn goods_to(g: &Goods) -> v1::VillageGoods {
    let [horse, ox, wagon, plow, scroll] = g.0;
    v1::VillageGoods {
        horse,
        ox,
        wagon,
        plow,
        scroll,
    }
}
fn pool_from(p: Option<&v1::VillageCubePool>) -> Pool {
    p.map_or_else(Pool::default, |p| Pool {
        cubes: cubes_from(p.cubes.as_ref()),
        plague: p.plague,
    })
}
fn pool_to(p: &Pool) -> v1::VillageCubePool {
    v1::VillageCubePool {
        cubes: Some(cubes_to(&p.cubes)),
        plague: p.plague,
    }
}
fn payment_from(p: Option<&v1::VillageCubePayment>) -> CubePayment {
    CubePayment {
        cubes: cubes_from(p.and_then(|p| p.cubes.as_ref())),
        coins: cubes_from(p.and_then(|p| p.coins.as_ref())),
    }
}
fn payment_to(p: &CubePayment) -> v1::VillageCubePayment {
    v1::VillageCubePayment {
        cubes: Some(cubes_to(&p.cubes)),
        coins: Some(cubes_to(&p.coins)),
    }
}

/// A small id from the wire (an out-of-range id becomes one no state has).
fn small(n: u32) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}

/// A required id with presence.
fn id(value: Option<u32>, field: &str) -> Result<u8, StateErrors> {
    value
        .map(small)
        .ok_or_else(|| StateErrors::one(field, "is required"))
}
