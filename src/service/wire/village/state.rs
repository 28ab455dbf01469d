//! Village's state message: place codes, decisions, seats, the harbour and the market, from the
//! wire into the game's parts and from the core state to the wire.

use super::{
    building_from, building_to, cubes_to, goal_to, good_from, good_to, goods_to, options_to_proto,
    pool_to, required_at, section_from, section_to, small, space_from, space_to, MAX_LIST,
};
use crate::core::{Seat, StateErrors};
use crate::games::village::state::family::Place;
use crate::games::village::state::sea::{Cargo, Gone, Harbour, Ship};
use crate::games::village::state::SeatState;
use crate::games::village::state::{Decision, Step, Supply};
use crate::games::village::State;
use crate::pb::v1;

/// A place code's kind (see `village.proto`).
const KIND: u32 = 1000;

/// A member's place from its code (`field` names it, formatted only for an error: this runs for
/// every member of every request).
pub(super) fn place_from(code: u32, field: impl Fn() -> String) -> Result<Place, StateErrors> {
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
pub(super) fn place_to(place: Place) -> u32 {
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

pub(super) fn decision_from(
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
        Ok(K::Action) => Decision::Act {
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
        Ok(K::MassBuyOut) => Decision::BuyOut {
            seat,
            bought: small(d.bought),
        },
        Ok(K::MassWindows) => Decision::Windows { seat },
        Ok(K::LastChance) => Decision::LastChance { seat },
        Ok(K::GoalAtStake) => Decision::GoalAtStake {
            seat,
            step: match v1::VillageAutomaticStep::try_from(d.step) {
                Ok(v1::VillageAutomaticStep::Death) => Step::Death {
                    left: count(d.left, "left")?,
                },
                Ok(v1::VillageAutomaticStep::MarkerReturn) => Step::MarkerReturn,
                Ok(v1::VillageAutomaticStep::Unspecified) | Err(_) => {
                    return Err(StateErrors::one(
                        format!("{}.step", field()),
                        "must name the step that waits",
                    ))
                }
            },
        },
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

pub(super) fn decision_to(d: &Decision) -> v1::VillageDecision {
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
            K::Action
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
            K::MassBuyOut
        }
        Decision::Windows { .. } => K::MassWindows,
        Decision::LastChance { .. } => K::LastChance,
        Decision::GoalAtStake { step, .. } => {
            out.step = match step {
                Step::Death { left } => {
                    out.left = u32::from(left);
                    v1::VillageAutomaticStep::Death
                }
                Step::MarkerReturn => v1::VillageAutomaticStep::MarkerReturn,
            } as i32;
            K::GoalAtStake
        }
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

pub(super) fn slots_from(slots: &[v1::VillageSlot]) -> Vec<Option<u8>> {
    slots.iter().map(|s| s.customer.map(small)).collect()
}
pub(super) fn slots_to(slots: &[Option<u8>]) -> Vec<v1::VillageSlot> {
    slots
        .iter()
        .map(|s| v1::VillageSlot {
            customer: s.map(u32::from),
        })
        .collect()
}

/// Refuses lists longer than any state can have, before anything else is read.
pub(super) fn check_list_lengths(p: &v1::VillageState) -> Result<(), StateErrors> {
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

pub(super) fn seat_to(s: &SeatState) -> v1::VillageSeat {
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

pub(super) fn supply_to(s: &Supply) -> v1::VillageSupply {
    v1::VillageSupply {
        cubes: Some(cubes_to(&s.cubes)),
        plague: s.plague,
        grain: s.grain,
        goods: Some(goods_to(&s.goods)),
    }
}

pub(super) fn seats_to(seats: &[Seat]) -> Vec<u32> {
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

pub(super) fn harbour_from(h: v1::VillageHarbour) -> Harbour {
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

pub(super) fn harbour_to(h: &Harbour) -> v1::VillageHarbour {
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

pub(super) fn cargo_from(
    c: &v1::VillageCargo,
    field: &dyn Fn() -> String,
) -> Result<Cargo, StateErrors> {
    use v1::VillageCargoKind as K;
    let kind = K::try_from(c.kind);
    if kind != Ok(K::Good) && c.good != 0 {
        return Err(StateErrors::one(
            format!("{}.good", field()),
            "must be unset unless the kind is GOOD",
        ));
    }
    if kind != Ok(K::Chest) && c.chest != 0 {
        return Err(StateErrors::one(
            format!("{}.chest", field()),
            "must be 0 unless the kind is CHEST",
        ));
    }
    Ok(match kind {
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

pub(super) fn cargo_to(c: &Cargo) -> v1::VillageCargo {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::village::pieces::Space;
    use crate::games::village::state::Building;

    /// One vocabulary: every decision's `Status.phase` is its `VillageDecisionKind` in lower case
    /// without the prefix.
    #[test]
    fn each_decisions_phase_is_its_kinds_name() {
        let seat = 1;
        let decisions = [
            Decision::CompensationCube { seat },
            Decision::Turn { seat },
            Decision::ChooseAction { seat },
            Decision::Act {
                seat,
                space: Space::Crafts,
            },
            Decision::Produce {
                seat,
                building: Building::Wainwright,
            },
            Decision::Privilege { seat, up_to: 2 },
            Decision::RewardCubes { seat, left: 1 },
            Decision::MarketDay {
                trigger: seat,
                seat,
                passed: 0,
                free: true,
            },
            Decision::Dying { seat, left: 1 },
            Decision::BuyOut { seat, bought: 0 },
            Decision::Windows { seat },
            Decision::LastChance { seat },
            Decision::GoalAtStake {
                seat,
                step: Step::MarkerReturn,
            },
            Decision::Load { seat },
            Decision::Sail {
                seat,
                free: 1,
                credit: 0,
                moved: false,
            },
            Decision::Island { seat, took: false },
        ];
        for d in decisions {
            let kind = v1::VillageDecisionKind::try_from(decision_to(&d).kind).unwrap();
            let name = kind.as_str_name();
            let word = name.strip_prefix("VILLAGE_DECISION_KIND_").unwrap();
            assert_eq!(d.phase(), word.to_lowercase(), "{d:?}");
        }
        assert_eq!(decisions.len(), 16, "every kind but UNSPECIFIED");
    }
}
