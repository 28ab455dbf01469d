//! Village on the wire: `village.proto` to and from the core types. Decoding checks the shape
//! (enums, lengths, place codes) and names the field; everything else about a state is the
//! game's (`State::from_parts`).

use std::sync::Arc;

use crate::core::{RngParts, Seat, StateErrors};
use crate::games::village::action::{Action, Cube, Event, MemberId, StepPayment};
use crate::games::village::components::Components;
use crate::games::village::pieces::{Colour, Cubes, Good, Goods, Pool, Space};
use crate::games::village::state::church::{BagDraw, ChurchPayment};
use crate::games::village::state::council::{CouncilPayment, Privilege};
use crate::games::village::state::family::{Building, Member, Place, Section};
use crate::games::village::state::payment::CubePayment;
use crate::games::village::state::sea::{Cargo, Gone, Harbour, Ship};
use crate::games::village::state::SeatState;
use crate::games::village::state::{Decision, Goal, HeldGoal, Market, Parts, Supply};
use crate::games::village::{Options, Rules, State, View};
use crate::pb::v1;
use crate::service::wire::{oneof_arms, wire_enum, Wire};
use crate::service::Contexts;
use v1::village_action::Action as A;
use v1::village_event::Event as E;

/// The most entries any list of a Village state can have (members, customers, cities…): far
/// above any component set, it bounds the work a hostile state can cause before the checks.
const MAX_LIST: usize = 1_000;

impl Wire for State {
    const FIELD: &'static str = "village";
    type StateProto = v1::VillageState;
    type ActionProto = v1::VillageAction;
    type OptionsProto = v1::VillageOptions;

    oneof_arms!(Village);

    fn info(set: &Arc<Components>) -> v1::GameInfo {
        let option = |name: &str, description: &str| v1::OptionInfo {
            name: name.to_owned(),
            description: description.to_owned(),
        };
        v1::GameInfo {
            title: "Village".to_owned(),
            min_players: 2,
            max_players: 5,
            component_set: set.name.clone(),
            component_set_hash: set.hash().to_owned(),
            provisional: set.provisional,
            options: vec![
                option(
                    "no_starting_compensation",
                    "Turns off the recommended starting compensation (2nd seat 1 grain, 3rd a random cube, 4th a cube of its choice, 5th a coin).",
                ),
                option("port", "Village Port: sea travel replaces travel."),
                option("life_goals", "Life Goals: one silver and one golden goal per seat."),
                option("inn", "Village Inn: out of scope (UNSUPPORTED_EXPANSION)."),
                option("marriage", "Marriage: out of scope (UNSUPPORTED_EXPANSION)."),
            ],
            components: Some(v1::game_info::Components::Village(v1::VillageComponents {
                name: set.name.clone(),
                sha256: set.hash().to_owned(),
                provisional: set.provisional,
                toml: toml::to_string(&**set).unwrap_or_default(),
            })),
            ..v1::GameInfo::default()
        }
    }
    fn context(all: &Contexts) -> &Arc<Components> {
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
        errs.into_result()?;
        let rng = p.rng.unwrap_or_default();
        let supply = p.supply.unwrap_or_default();
        let market = p.market.unwrap_or_default();
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
            harbour: harbour_from(p.harbour.unwrap_or_default()),
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

/// A place code's kind (see `village.proto`).
const KIND: u32 = 1000;

/// A member's place from its code (`field` names it, formatted only for an error: this runs for
/// every member of every request).
fn place_from(code: u32, field: impl Fn() -> String) -> Result<Place, StateErrors> {
    use v1::VillagePlace as P;
    let detail = code % KIND;
    let index = small(detail);
    let bad = |what: &str| {
        Err(StateErrors::one(
            field(),
            format!("is not a place code: {what}"),
        ))
    };
    Ok(
        match P::try_from(i32::try_from(code / KIND).unwrap_or(-1)) {
            Ok(P::Reserve) => Place::Reserve,
            Ok(P::Farmyard) => Place::Farmyard,
            Ok(P::Building) => match building_from(detail as i32) {
                Some(b) => Place::Building(b),
                None => return bad("no such building"),
            },
            Ok(P::Council) => Place::Council(index),
            Ok(P::City) => Place::City(index),
            Ok(P::BlackBag) => Place::BlackBag,
            Ok(P::Window) => Place::Window(index),
            Ok(P::Chronicle) => match section_from((detail / 100) as i32) {
                Some(s) => Place::Chronicle(s, small(detail % 100)),
                None => return bad("no such chronicle section"),
            },
            Ok(P::Grave) => Place::Grave(index),
            Ok(P::Gone) => Place::Gone,
            Ok(P::Ship) => Place::Ship,
            Ok(P::Mission) => Place::Mission(index),
            Ok(P::SeaBurial) => Place::SeaBurial(index),
            Ok(P::Unspecified) | Err(_) => return bad("no such kind"),
        },
    )
}

/// A member's place code.
fn place_to(place: Place) -> u32 {
    use v1::VillagePlace as P;
    let (kind, detail) = match place {
        Place::Reserve => (P::Reserve, 0),
        Place::Farmyard => (P::Farmyard, 0),
        Place::Building(b) => (P::Building, building_to(b) as u32),
        Place::Council(s) => (P::Council, u32::from(s)),
        Place::City(c) => (P::City, u32::from(c)),
        Place::BlackBag => (P::BlackBag, 0),
        Place::Window(w) => (P::Window, u32::from(w)),
        Place::Chronicle(s, i) => (P::Chronicle, section_to(s) as u32 * 100 + u32::from(i)),
        Place::Grave(g) => (P::Grave, u32::from(g)),
        Place::Gone => (P::Gone, 0),
        Place::Ship => (P::Ship, 0),
        Place::Mission(space) => (P::Mission, u32::from(space)),
        Place::SeaBurial(b) => (P::SeaBurial, u32::from(b)),
    };
    kind as u32 * KIND + detail
}

fn decision_from(
    d: &v1::VillageDecision,
    field: &dyn Fn() -> String,
) -> Result<Decision, StateErrors> {
    use v1::VillageDecisionKind as K;
    let seat = small(d.seat);
    let count = |n: u32, name: &str| {
        u8::try_from(n)
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| StateErrors::one(format!("{}.{name}", field()), "must be 1 to 255"))
    };
    Ok(match K::try_from(d.kind) {
        Ok(K::CompensationCube) => Decision::CompensationCube { seat },
        Ok(K::Turn) => Decision::Turn { seat },
        Ok(K::ChooseAction) => Decision::ChooseAction { seat },
        Ok(K::Act) => Decision::Act {
            seat,
            space: required_at(
                space_from(d.space),
                || format!("{}.space", field()),
                "space",
            )?,
        },
        Ok(K::Produce) => Decision::Produce {
            seat,
            building: required_at(
                building_from(d.building),
                || format!("{}.building", field()),
                "building",
            )?,
        },
        Ok(K::Privilege) => Decision::Privilege {
            seat,
            up_to: small(d.up_to),
        },
        Ok(K::RewardCubes) => Decision::RewardCubes {
            seat,
            left: count(d.left, "left")?,
        },
        Ok(K::MarketDay) => Decision::MarketDay {
            trigger: small(d.trigger),
            seat,
            passed: u8::try_from(d.passed).unwrap_or(u8::MAX),
            free: d.free,
        },
        Ok(K::Dying) => Decision::Dying {
            seat,
            left: count(d.left, "left")?,
        },
        Ok(K::BuyOut) => Decision::BuyOut {
            seat,
            bought: small(d.bought),
        },
        Ok(K::Windows) => Decision::Windows { seat },
        Ok(K::LastChance) => Decision::LastChance { seat },
        Ok(K::Load) => Decision::Load { seat },
        Ok(K::Sail) => Decision::Sail {
            seat,
            free: small(d.free_steps),
            credit: small(d.credit),
            moved: d.moved,
        },
        Ok(K::Island) => Decision::Island { seat, took: d.took },
        Ok(K::Unspecified) | Err(_) => {
            return Err(StateErrors::one(
                format!("{}.kind", field()),
                "must name a decision",
            ))
        }
    })
}

fn decision_to(d: &Decision) -> v1::VillageDecision {
    use v1::VillageDecisionKind as K;
    let mut out = v1::VillageDecision {
        seat: u32::from(d.seat()),
        ..v1::VillageDecision::default()
    };
    let kind = match *d {
        Decision::CompensationCube { .. } => K::CompensationCube,
        Decision::Turn { .. } => K::Turn,
        Decision::ChooseAction { .. } => K::ChooseAction,
        Decision::Act { space, .. } => {
            out.space = space_to(space);
            K::Act
        }
        Decision::Produce { building, .. } => {
            out.building = building_to(building);
            K::Produce
        }
        Decision::Privilege { up_to, .. } => {
            out.up_to = u32::from(up_to);
            K::Privilege
        }
        Decision::RewardCubes { left, .. } => {
            out.left = u32::from(left);
            K::RewardCubes
        }
        Decision::MarketDay {
            trigger,
            passed,
            free,
            ..
        } => {
            out.trigger = u32::from(trigger);
            out.passed = u32::from(passed);
            out.free = free;
            K::MarketDay
        }
        Decision::Dying { left, .. } => {
            out.left = u32::from(left);
            K::Dying
        }
        Decision::BuyOut { bought, .. } => {
            out.bought = u32::from(bought);
            K::BuyOut
        }
        Decision::Windows { .. } => K::Windows,
        Decision::LastChance { .. } => K::LastChance,
        Decision::Load { .. } => K::Load,
        Decision::Sail {
            free,
            credit,
            moved,
            ..
        } => {
            out.free_steps = u32::from(free);
            out.credit = u32::from(credit);
            out.moved = moved;
            K::Sail
        }
        Decision::Island { took, .. } => {
            out.took = took;
            K::Island
        }
    };
    out.kind = kind as i32;
    out
}

fn slots_from(slots: &[v1::VillageSlot]) -> Vec<Option<u8>> {
    slots.iter().map(|s| s.customer.map(small)).collect()
}
fn slots_to(slots: &[Option<u8>]) -> Vec<v1::VillageSlot> {
    slots
        .iter()
        .map(|s| v1::VillageSlot {
            customer: s.map(u32::from),
        })
        .collect()
}

/// Refuses lists longer than any state can have, before anything else is read.
fn check_list_lengths(p: &v1::VillageState) -> Result<(), StateErrors> {
    let mut errs = StateErrors::default();
    let mut check = |len: usize, field: &dyn Fn() -> String| {
        if len > MAX_LIST {
            errs.push(field(), format!("has {len} entries; at most {MAX_LIST}"));
        }
    };
    check(p.seats.len(), &|| "seats".to_owned());
    check(p.spaces.len(), &|| "spaces".to_owned());
    check(p.pending.len(), &|| "pending".to_owned());
    check(p.last_turns.len(), &|| "last_turns".to_owned());
    if let Some(h) = &p.harbour {
        check(h.captains.len(), &|| "harbour.captains".to_owned());
        check(h.chests.len(), &|| "harbour.chests".to_owned());
        check(h.gone_captains.len(), &|| {
            "harbour.gone_captains".to_owned()
        });
        check(h.gone_chests.len(), &|| "harbour.gone_chests".to_owned());
    }
    if let Some(m) = &p.market {
        check(m.pile.len(), &|| "market.pile".to_owned());
        check(m.stalls.len(), &|| "market.stalls".to_owned());
        check(m.waiting.len(), &|| "market.waiting".to_owned());
    }
    for (i, s) in p.seats.iter().enumerate().take(MAX_LIST) {
        check(s.members.len(), &|| format!("seats[{i}].members"));
        check(s.customers.len(), &|| format!("seats[{i}].customers"));
        check(s.markers.len(), &|| format!("seats[{i}].markers"));
        check(s.goals.len(), &|| format!("seats[{i}].goals"));
        check(s.chests.len(), &|| format!("seats[{i}].chests"));
        if let Some(ship) = &s.ship {
            check(ship.holds.len(), &|| format!("seats[{i}].ship.holds"));
        }
    }
    errs.into_result()
}

fn seat_to(s: &SeatState) -> v1::VillageSeat {
    v1::VillageSeat {
        members: s.members.iter().map(|m| place_to(m.place)).collect(),
        life: s.life,
        prestige: s.prestige,
        coins: s.coins,
        cubes: Some(cubes_to(&s.cubes)),
        grain: s.grain,
        goods: Some(goods_to(&s.goods)),
        customers: s.customers.iter().map(|&c| u32::from(c)).collect(),
        markers: s.markers.iter().map(|&c| u32::from(c)).collect(),
        customer_count: 0,
        goals: s
            .goals
            .iter()
            .map(|g| v1::VillageHeldGoal {
                goal: goal_to(g.goal),
                revealed: g.revealed,
            })
            .collect(),
        hidden_goals: 0,
        // Absent without Village Port (a ship in port, empty, without a captain).
        ship: (s.ship != Ship::default()).then(|| v1::VillageShip {
            at: u32::from(s.ship.at),
            captain: s.ship.captain.map(u32::from),
            holds: s.ship.holds.iter().map(cargo_to).collect(),
        }),
        cocoa: s.cocoa,
        tea: s.tea,
        chests: s.chests.clone(),
        chest_count: 0,
    }
}

fn supply_to(s: &Supply) -> v1::VillageSupply {
    v1::VillageSupply {
        cubes: Some(cubes_to(&s.cubes)),
        plague: s.plague,
        grain: s.grain,
        goods: Some(goods_to(&s.goods)),
    }
}

fn seats_to(seats: &[Seat]) -> Vec<u32> {
    seats.iter().map(|&s| u32::from(s)).collect()
}

/// The state to the wire.
pub fn state_to_proto(s: &State) -> v1::VillageState {
    let set = &s.config().components;
    v1::VillageState {
        component_set: set.name.clone(),
        component_hash: set.hash().to_owned(),
        options: Some(options_to_proto(&s.config().options)),
        start_seat: u32::from(s.config().start_seat),
        rng: Some(v1::VillageRng {
            seed: s.rng().seed().to_vec(),
            word_pos: s.rng().word_pos(),
        }),
        seats: s.seats().iter().map(seat_to).collect(),
        supply: Some(supply_to(&s.board().supply)),
        bag: Some(pool_to(&s.board().bag)),
        spaces: s.board().spaces.iter().map(pool_to).collect(),
        market: Some(v1::VillageMarket {
            pile: s.market().pile.iter().map(|&c| u32::from(c)).collect(),
            stalls: slots_to(&s.market().stalls),
            waiting: slots_to(&s.market().waiting),
            pile_count: 0,
        }),
        monks: s.monks(),
        marker: s.marker().map(u32::from),
        starting_seat: u32::from(s.starting_player()),
        round: s.round(),
        pending: s.pending().iter().map(decision_to).collect(),
        due: s.due(),
        ending: s.ending(),
        last_turns: seats_to(s.last_turns()),
        harbour: (*s.harbour() != Harbour::default()).then(|| harbour_to(s.harbour())),
    }
}

fn harbour_from(h: v1::VillageHarbour) -> Harbour {
    Harbour {
        captains: h.captains,
        cocoa: h.cocoa,
        tea: h.tea,
        chests: h.chests,
        gone: Gone {
            captains: h.gone_captains,
            cocoa: h.gone_cocoa,
            tea: h.gone_tea,
            chests: h.gone_chests,
        },
    }
}

fn harbour_to(h: &Harbour) -> v1::VillageHarbour {
    v1::VillageHarbour {
        captains: h.captains.clone(),
        cocoa: h.cocoa,
        tea: h.tea,
        chests: h.chests.clone(),
        gone_captains: h.gone.captains.clone(),
        gone_cocoa: h.gone.cocoa,
        gone_tea: h.gone.tea,
        gone_chests: h.gone.chests.clone(),
        chest_count: 0,
    }
}

fn cargo_from(c: &v1::VillageCargo, field: &dyn Fn() -> String) -> Result<Cargo, StateErrors> {
    use v1::VillageCargoKind as K;
    Ok(match K::try_from(c.kind) {
        Ok(K::Good) => Cargo::Good(required_at(
            good_from(c.good),
            || format!("{}.good", field()),
            "good",
        )?),
        Ok(K::Grain) => Cargo::Grain,
        Ok(K::Member) => Cargo::Member,
        Ok(K::Cocoa) => Cargo::Cocoa,
        Ok(K::Tea) => Cargo::Tea,
        Ok(K::Chest) => Cargo::Chest(c.chest),
        Ok(K::Unspecified) | Err(_) => {
            return Err(StateErrors::one(
                format!("{}.kind", field()),
                "must name a piece",
            ))
        }
    })
}

fn cargo_to(c: &Cargo) -> v1::VillageCargo {
    use v1::VillageCargoKind as K;
    let mut out = v1::VillageCargo::default();
    out.kind = match *c {
        Cargo::Good(g) => {
            out.good = good_to(g);
            K::Good
        }
        Cargo::Grain => K::Grain,
        Cargo::Member => K::Member,
        Cargo::Cocoa => K::Cocoa,
        Cargo::Tea => K::Tea,
        Cargo::Chest(v) => {
            out.chest = v;
            K::Chest
        }
    } as i32;
    out
}

fn step_payment_from(p: &v1::VillageStepPayment) -> StepPayment {
    StepPayment {
        purchase: small(p.purchase),
        cubes: cubes_from(p.cubes.as_ref()),
        coins: p.coins,
    }
}

fn step_payment_to(p: &StepPayment) -> v1::VillageStepPayment {
    v1::VillageStepPayment {
        purchase: u32::from(p.purchase),
        cubes: Some(cubes_to(&p.cubes)),
        coins: p.coins,
    }
}

fn council_payment_from(scroll: bool, green: Option<&v1::VillageCubePayment>) -> CouncilPayment {
    if scroll {
        CouncilPayment::Scroll
    } else {
        CouncilPayment::Green(payment_from(green))
    }
}
fn council_payment_to(p: &CouncilPayment) -> (bool, Option<v1::VillageCubePayment>) {
    match p {
        CouncilPayment::Scroll => (true, None),
        CouncilPayment::Green(w) => (false, Some(payment_to(w))),
    }
}

fn action_from_proto(a: &A) -> Result<Action, StateErrors> {
    Ok(match a {
        A::ChooseCube(c) => Action::ChooseCube {
            colour: required(colour_from(c.colour), "choose_cube.colour", "colour")?,
        },
        A::TakeCube(t) => Action::TakeCube {
            space: required(space_from(t.space), "take_cube.space", "space")?,
            cube: match v1::VillageCube::try_from(t.cube) {
                Ok(v1::VillageCube::Plague) => Cube::Plague,
                _ => Cube::Influence(required(colour_from(t.cube), "take_cube.cube", "cube")?),
            },
        },
        A::UseWell(w) => Action::UseWell {
            colour: required(colour_from(w.colour), "use_well.colour", "colour")?,
        },
        A::ChooseAction(c) => Action::ChooseAction {
            space: required(space_from(c.space), "choose_action.space", "space")?,
        },
        A::Pass(_) => Action::Pass,
        A::Harvest(_) => Action::Harvest,
        A::NewMember(_) => Action::NewMember,
        A::Recall(r) => Action::Recall {
            member: id(r.member, "recall.member")?,
        },
        A::Train(t) => Action::Train {
            building: required(building_from(t.building), "train.building", "building")?,
            member: id(t.member, "train.member")?,
        },
        A::Produce(p) => Action::Produce {
            building: required(building_from(p.building), "produce.building", "building")?,
            good: required(good_from(p.good), "produce.good", "good")?,
        },
        A::Buy(b) => Action::Buy {
            building: required(building_from(b.building), "buy.building", "building")?,
            good: required(good_from(b.good), "buy.good", "good")?,
            payment: payment_from(b.payment.as_ref()),
        },
        A::Mill(_) => Action::Mill,
        A::EnterCouncil(e) => Action::EnterCouncil {
            member: id(e.member, "enter_council.member")?,
            payment: council_payment_from(e.scroll, e.green.as_ref()),
        },
        A::AdvanceCouncil(e) => Action::AdvanceCouncil {
            member: id(e.member, "advance_council.member")?,
            payment: council_payment_from(e.scroll, e.green.as_ref()),
        },
        A::UsePrivilege(u) => Action::UsePrivilege {
            privilege: privilege_from(u)?,
        },
        A::Travel(t) => Action::Travel {
            member: id(t.member, "travel.member")?,
            path: id(t.path, "travel.path")?,
            payment: payment_from(t.payment.as_ref()),
        },
        A::Church(c) => Action::Church {
            member: id(c.member, "church.member")?,
            payment: if c.time {
                ChurchPayment::Time
            } else {
                ChurchPayment::Cube(payment_from(c.brown.as_ref()))
            },
        },
        A::Serve(s) => Action::Serve {
            stall: id(s.stall, "serve.stall")?,
            payment: s.payment.as_ref().map(|p| payment_from(Some(p))),
        },
        A::Die(d) => Action::Die {
            member: id(d.member, "die.member")?,
        },
        A::BuyOut(b) => Action::BuyOut {
            count: small(b.count),
        },
        A::MoveLeft(m) => Action::MoveLeft {
            member: id(m.member, "move_left.member")?,
        },
        A::RevealGoal(r) => Action::RevealGoal {
            goal: required(goal_from(r.goal), "reveal_goal.goal", "goal")?,
        },
        A::SetSail(s) => Action::SetSail {
            captain: id(s.captain, "set_sail.captain")?,
        },
        A::Sail(_) => Action::Sail,
        A::ReturnToPort(_) => Action::ReturnToPort,
        A::Load(l) => Action::Load {
            cargo: cargo_from(&l.cargo.unwrap_or_default(), &|| "load.cargo".to_owned())?,
        },
        A::Embark(e) => Action::Embark {
            member: id(e.member, "embark.member")?,
        },
        A::Step(s) => Action::Step {
            to: id(s.to, "step.to")?,
            payment: s.payment.as_ref().map(step_payment_from),
        },
        A::Land(_) => Action::Land,
        A::SellCargo(s) => Action::SellCargo {
            cargo: cargo_from(&s.cargo.unwrap_or_default(), &|| {
                "sell_cargo.cargo".to_owned()
            })?,
        },
        A::TakeTile(_) => Action::TakeTile,
        A::Mission(m) => Action::Mission {
            payment: payment_from(m.payment.as_ref()),
        },
        A::CashChest(c) => Action::CashChest { value: c.value },
        A::SellCocoa(s) => Action::SellCocoa {
            payment: s.payment.as_ref().map(|p| payment_from(Some(p))),
        },
        A::SellTea(s) => Action::SellTea {
            payment: s.payment.as_ref().map(|p| payment_from(Some(p))),
        },
    })
}

fn privilege_from(u: &v1::VillageUsePrivilege) -> Result<Privilege, StateErrors> {
    use v1::VillagePrivilege as P;
    Ok(match P::try_from(u.privilege) {
        Ok(P::Marker) => Privilege::Marker,
        Ok(P::Cubes) => match u.colours.as_slice() {
            [a, b] => Privilege::Cubes([
                required(colour_from(*a), "use_privilege.colours[0]", "colour")?,
                required(colour_from(*b), "use_privilege.colours[1]", "colour")?,
            ]),
            _ => {
                return Err(StateErrors::one(
                    "use_privilege.colours",
                    "must name exactly 2 colours",
                ))
            }
        },
        Ok(P::Good) => Privilege::Good(required(good_from(u.good), "use_privilege.good", "good")?),
        Ok(P::Prestige) => Privilege::Prestige,
        Ok(P::Unspecified) | Err(_) => {
            return Err(StateErrors::one(
                "use_privilege.privilege",
                "must name a privilege",
            ))
        }
    })
}

fn privilege_to(p: &Privilege) -> v1::VillageUsePrivilege {
    use v1::VillagePrivilege as P;
    let mut out = v1::VillageUsePrivilege::default();
    out.privilege = match p {
        Privilege::Marker => P::Marker,
        Privilege::Cubes(colours) => {
            out.colours = colours.iter().map(|&c| colour_to(c)).collect();
            P::Cubes
        }
        Privilege::Good(g) => {
            out.good = good_to(*g);
            P::Good
        }
        Privilege::Prestige => P::Prestige,
    } as i32;
    out
}

fn member(m: MemberId) -> Option<u32> {
    Some(u32::from(m))
}

fn action_to_proto(a: &Action) -> v1::VillageAction {
    let action = match *a {
        Action::ChooseCube { colour } => A::ChooseCube(v1::VillageChooseCube {
            colour: colour_to(colour),
        }),
        Action::TakeCube { space, cube } => A::TakeCube(v1::VillageTakeCube {
            space: space_to(space),
            cube: match cube {
                Cube::Influence(c) => colour_to(c),
                Cube::Plague => v1::VillageCube::Plague as i32,
            },
        }),
        Action::UseWell { colour } => A::UseWell(v1::VillageUseWell {
            colour: colour_to(colour),
        }),
        Action::ChooseAction { space } => A::ChooseAction(v1::VillageChooseAction {
            space: space_to(space),
        }),
        Action::Pass => A::Pass(v1::VillagePass {}),
        Action::Harvest => A::Harvest(v1::VillageHarvest {}),
        Action::NewMember => A::NewMember(v1::VillageNewMember {}),
        Action::Recall { member: m } => A::Recall(v1::VillageRecall { member: member(m) }),
        Action::Train {
            building,
            member: m,
        } => A::Train(v1::VillageTrain {
            building: building_to(building),
            member: member(m),
        }),
        Action::Produce { building, good } => A::Produce(v1::VillageProduce {
            building: building_to(building),
            good: good_to(good),
        }),
        Action::Buy {
            building,
            good,
            payment,
        } => A::Buy(v1::VillageBuy {
            building: building_to(building),
            good: good_to(good),
            payment: Some(payment_to(&payment)),
        }),
        Action::Mill => A::Mill(v1::VillageMill {}),
        Action::EnterCouncil { member: m, payment } => {
            let (scroll, green) = council_payment_to(&payment);
            A::EnterCouncil(v1::VillageEnterCouncil {
                member: member(m),
                scroll,
                green,
            })
        }
        Action::AdvanceCouncil { member: m, payment } => {
            let (scroll, green) = council_payment_to(&payment);
            A::AdvanceCouncil(v1::VillageAdvanceCouncil {
                member: member(m),
                scroll,
                green,
            })
        }
        Action::UsePrivilege { privilege } => A::UsePrivilege(privilege_to(&privilege)),
        Action::Travel {
            member: m,
            path,
            payment,
        } => A::Travel(v1::VillageTravel {
            member: member(m),
            path: Some(u32::from(path)),
            payment: Some(payment_to(&payment)),
        }),
        Action::Church { member: m, payment } => {
            let (time, brown) = match payment {
                ChurchPayment::Time => (true, None),
                ChurchPayment::Cube(w) => (false, Some(payment_to(&w))),
            };
            A::Church(v1::VillageChurch {
                member: member(m),
                time,
                brown,
            })
        }
        Action::Serve { stall, payment } => A::Serve(v1::VillageServe {
            stall: Some(u32::from(stall)),
            payment: payment.as_ref().map(payment_to),
        }),
        Action::Die { member: m } => A::Die(v1::VillageDie { member: member(m) }),
        Action::BuyOut { count } => A::BuyOut(v1::VillageBuyOut {
            count: u32::from(count),
        }),
        Action::MoveLeft { member: m } => A::MoveLeft(v1::VillageMoveLeft { member: member(m) }),
        Action::RevealGoal { goal } => A::RevealGoal(v1::VillageRevealGoal {
            goal: goal_to(goal),
        }),
        Action::SetSail { captain } => A::SetSail(v1::VillageSetSail {
            captain: Some(u32::from(captain)),
        }),
        Action::Sail => A::Sail(v1::VillageSail {}),
        Action::ReturnToPort => A::ReturnToPort(v1::VillageReturnToPort {}),
        Action::Load { cargo } => A::Load(v1::VillageLoad {
            cargo: Some(cargo_to(&cargo)),
        }),
        Action::Embark { member: m } => A::Embark(v1::VillageEmbark { member: member(m) }),
        Action::Step { to, payment } => A::Step(v1::VillageStep {
            to: Some(u32::from(to)),
            payment: payment.as_ref().map(step_payment_to),
        }),
        Action::Land => A::Land(v1::VillageLand {}),
        Action::SellCargo { cargo } => A::SellCargo(v1::VillageSellCargo {
            cargo: Some(cargo_to(&cargo)),
        }),
        Action::TakeTile => A::TakeTile(v1::VillageTakeTile {}),
        Action::Mission { payment } => A::Mission(v1::VillageMission {
            payment: Some(payment_to(&payment)),
        }),
        Action::CashChest { value } => A::CashChest(v1::VillageCashChest { value }),
        Action::SellCocoa { payment } => A::SellCocoa(v1::VillageSellCocoa {
            payment: payment.as_ref().map(payment_to),
        }),
        Action::SellTea { payment } => A::SellTea(v1::VillageSellTea {
            payment: payment.as_ref().map(payment_to),
        }),
    };
    v1::VillageAction {
        action: Some(action),
    }
}

fn event_to_proto(e: &Event) -> v1::VillageEvent {
    let event = match e {
        Event::Acted { seat, action } => E::Acted(v1::VillageActed {
            seat: u32::from(*seat),
            action: Some(action_to_proto(action)),
        }),
        Event::RoundBegun {
            round,
            starting,
            spaces,
        } => E::RoundBegun(v1::VillageRoundBegun {
            round: *round,
            starting_seat: u32::from(*starting),
            spaces: spaces.iter().map(pool_to).collect(),
        }),
        Event::Served { seat, customer } => E::Served(v1::VillageServed {
            seat: u32::from(*seat),
            customer: u32::from(*customer),
        }),
        Event::MarketDayEnded => E::MarketDayEnded(v1::VillageMarketDayEnded {}),
        Event::Died { seat, member, rest } => E::Died(v1::VillageDied {
            seat: u32::from(*seat),
            member: u32::from(*member),
            rest: place_to(*rest),
        }),
        Event::EndTriggered { seat } => E::EndTriggered(v1::VillageEndTriggered {
            seat: u32::from(*seat),
        }),
        Event::MassDraw { draws } => E::MassDraw(v1::VillageMassDraw {
            draws: draws
                .iter()
                .map(|d| match d {
                    BagDraw::Monk => v1::VillageBagDraw {
                        monk: true,
                        ..v1::VillageBagDraw::default()
                    },
                    BagDraw::Member(seat, m) => v1::VillageBagDraw {
                        monk: false,
                        seat: u32::from(*seat),
                        member: *m as u32,
                    },
                })
                .collect(),
        }),
        Event::ChurchMajority { seats } => E::ChurchMajority(v1::VillageChurchMajority {
            seats: seats_to(seats),
        }),
        Event::GoalRevealed {
            seat,
            goal,
            prestige,
        } => E::GoalRevealed(v1::VillageGoalRevealed {
            seat: u32::from(*seat),
            goal: goal_to(*goal),
            prestige: *prestige,
        }),
        Event::Finished => E::Finished(v1::VillageFinished {}),
    };
    v1::VillageEvent { event: Some(event) }
}

fn view_to_proto(v: &View) -> v1::VillageView {
    let set = &v.config.components;
    v1::VillageView {
        component_set: set.name.clone(),
        component_hash: set.hash().to_owned(),
        options: Some(options_to_proto(&v.config.options)),
        start_seat: u32::from(v.config.start_seat),
        seats: v
            .seats
            .iter()
            .zip(&v.customer_counts)
            .zip(&v.hidden_goals)
            .zip(&v.chest_counts)
            .map(|(((s, &count), &hidden), &chests)| v1::VillageSeat {
                customer_count: count,
                hidden_goals: hidden,
                chest_count: chests,
                ..seat_to(s)
            })
            .collect(),
        supply: Some(supply_to(&v.supply)),
        bag_count: v.bag_count,
        spaces: v.spaces.iter().map(pool_to).collect(),
        market: Some(v1::VillageMarket {
            pile: Vec::new(),
            stalls: slots_to(&v.market.stalls),
            waiting: slots_to(&v.market.waiting),
            pile_count: v.pile_count,
        }),
        monks: v.monks,
        marker: v.marker.map(u32::from),
        starting_seat: u32::from(v.starting),
        round: v.round,
        pending: v.pending.iter().map(decision_to).collect(),
        due: v.due,
        ending: v.ending,
        last_turns: seats_to(&v.last_turns),
        harbour: Some(v1::VillageHarbour {
            chest_count: v.harbour_chests,
            ..harbour_to(&v.harbour)
        }),
    }
}
