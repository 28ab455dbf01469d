//! Village's state message, by hand where it is not one-to-one: place codes, decisions and cargo
//! (a core enum in one flat message), the harbour's layout, and a view's counts left at 0 in a
//! state.

use super::MAX_LIST;
use crate::core::StateErrors;
use crate::games::village::state::family::{Member, Place};
use crate::games::village::state::sea::{Cargo, Gone, Harbour};
use crate::games::village::state::{Decision, Step};
use crate::pb::v1;
use crate::service::wire::declare::{listed, small, At, FromWire, ToWire};

/// A place code's kind (see `village.proto`).
const KIND: u32 = 1000;

/// A view's count written into a state: the state carries what it counts.
const VIEWS_ONLY: &str =
    "is a view's count and must be 0 in a state, which carries the pieces themselves";

/// A member's place from its code; the game gives each member its generation.
impl FromWire<u32> for Member {
    #[inline]
    fn from_wire(code: u32, at: &At) -> Result<Member, StateErrors> {
        use v1::VillagePlace as P;
        let detail = code % KIND;
        let index = u8::try_from(detail).unwrap_or(u8::MAX);
        let bad = |what: &str| Err(at.error(format!("is not a place code: {what}")));
        let kind = P::try_from(i32::try_from(code / KIND).unwrap_or(-1));
        let place = match kind {
            Ok(P::Reserve) => Place::Reserve,
            Ok(P::Farmyard) => Place::Farmyard,
            Ok(P::Building) => match FromWire::from_wire(detail as i32, at) {
                Ok(b) => Place::Building(b),
                Err(_) => return bad("no such building"),
            },
            Ok(P::Council) => Place::Council(index),
            Ok(P::City) => Place::City(index),
            Ok(P::BlackBag) => Place::BlackBag,
            Ok(P::Window) => Place::Window(index),
            Ok(P::Chronicle) => match FromWire::from_wire((detail / 100) as i32, at) {
                Ok(s) => Place::Chronicle(s, (detail % 100) as u8),
                Err(_) => return bad("no such chronicle section"),
            },
            Ok(P::Grave) => Place::Grave(index),
            Ok(P::Gone) => Place::Gone,
            Ok(P::Ship) => Place::Ship,
            Ok(P::Mission) => Place::Mission(index),
            Ok(P::SeaBurial) => Place::SeaBurial(index),
            Ok(P::Unspecified) | Err(_) => return bad("no such kind"),
        };
        Ok(Member {
            generation: 0,
            place,
        })
    }
}
impl ToWire<u32> for Member {
    fn to_wire(&self) -> u32 {
        self.place.to_wire()
    }
}

/// A place's code: its kind times 1000, plus its detail.
impl ToWire<u32> for Place {
    fn to_wire(&self) -> u32 {
        use v1::VillagePlace as P;
        let (kind, detail) = match *self {
            Place::Reserve => (P::Reserve, 0),
            Place::Farmyard => (P::Farmyard, 0),
            Place::Building(b) => (P::Building, b.to_wire() as u32),
            Place::Council(s) => (P::Council, u32::from(s)),
            Place::City(c) => (P::City, u32::from(c)),
            Place::BlackBag => (P::BlackBag, 0),
            Place::Window(w) => (P::Window, u32::from(w)),
            Place::Chronicle(s, i) => (P::Chronicle, s.to_wire() as u32 * 100 + u32::from(i)),
            Place::Grave(g) => (P::Grave, u32::from(g)),
            Place::Gone => (P::Gone, 0),
            Place::Ship => (P::Ship, 0),
            Place::Mission(space) => (P::Mission, u32::from(space)),
            Place::SeaBurial(b) => (P::SeaBurial, u32::from(b)),
        };
        kind as u32 * KIND + detail
    }
}

/// A decision from its flat message: the kind, and the fields that kind uses.
impl FromWire<v1::VillageDecision> for Decision {
    fn from_wire(d: v1::VillageDecision, at: &At) -> Result<Decision, StateErrors> {
        use v1::VillageDecisionKind as K;
        let seat = small(d.seat);
        let left = || count(d.left, &at.field("left"));
        Ok(match K::try_from(d.kind) {
            Ok(K::CompensationCube) => Decision::CompensationCube { seat },
            Ok(K::Turn) => Decision::Turn { seat },
            Ok(K::ChooseAction) => Decision::ChooseAction { seat },
            Ok(K::Action) => Decision::Act {
                seat,
                space: FromWire::from_wire(d.space, &at.field("space"))?,
            },
            Ok(K::Produce) => Decision::Produce {
                seat,
                building: FromWire::from_wire(d.building, &at.field("building"))?,
            },
            Ok(K::Privilege) => Decision::Privilege {
                seat,
                up_to: small(d.up_to),
            },
            Ok(K::RewardCubes) => Decision::RewardCubes {
                seat,
                left: left()?,
            },
            Ok(K::MarketDay) => Decision::MarketDay {
                trigger: small(d.trigger),
                seat,
                passed: small(d.passed),
                free: d.free,
            },
            Ok(K::Dying) => Decision::Dying {
                seat,
                left: left()?,
            },
            Ok(K::MassBuyOut) => Decision::BuyOut {
                seat,
                bought: small(d.bought),
            },
            Ok(K::MassWindows) => Decision::Windows { seat },
            Ok(K::LastChance) => Decision::LastChance { seat },
            Ok(K::GoalAtStake) => Decision::GoalAtStake {
                seat,
                step: step(&d, at)?,
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
                return Err(at.field("kind").error("must name a decision"))
            }
        })
    }
}

/// A count of what is left to do: 1 to 255.
fn count(n: u32, at: &At) -> Result<u8, StateErrors> {
    u8::try_from(n)
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| at.error("must be 1 to 255"))
}

/// The automatic step a goal at stake waits on.
fn step(d: &v1::VillageDecision, at: &At) -> Result<Step, StateErrors> {
    match v1::VillageAutomaticStep::try_from(d.step) {
        Ok(v1::VillageAutomaticStep::Death) => Ok(Step::Death {
            left: count(d.left, &at.field("left"))?,
        }),
        Ok(v1::VillageAutomaticStep::MarkerReturn) => Ok(Step::MarkerReturn),
        _ => Err(at.field("step").error("must name the step that waits")),
    }
}

/// A decision's flat message: its kind, and the fields that kind uses (the others 0).
impl ToWire<v1::VillageDecision> for Decision {
    fn to_wire(&self) -> v1::VillageDecision {
        let mut d = v1::VillageDecision {
            seat: u32::from(self.seat()),
            kind: decision_kind(self) as i32,
            ..v1::VillageDecision::default()
        };
        match *self {
            Decision::Act { space, .. } => d.space = space.to_wire(),
            Decision::Produce { building, .. } => d.building = building.to_wire(),
            Decision::Privilege { up_to, .. } => d.up_to = up_to.into(),
            Decision::RewardCubes { left, .. } | Decision::Dying { left, .. } => {
                d.left = left.into()
            }
            Decision::MarketDay {
                trigger,
                passed,
                free,
                ..
            } => (d.trigger, d.passed, d.free) = (trigger.into(), passed.into(), free),
            Decision::BuyOut { bought, .. } => d.bought = bought.into(),
            Decision::GoalAtStake { step, .. } => match step {
                Step::Death { left } => {
                    d.step = v1::VillageAutomaticStep::Death as i32;
                    d.left = left.into();
                }
                Step::MarkerReturn => d.step = v1::VillageAutomaticStep::MarkerReturn as i32,
            },
            Decision::Sail {
                free,
                credit,
                moved,
                ..
            } => (d.free_steps, d.credit, d.moved) = (free.into(), credit.into(), moved),
            Decision::Island { took, .. } => d.took = took,
            Decision::CompensationCube { .. }
            | Decision::Turn { .. }
            | Decision::ChooseAction { .. }
            | Decision::Windows { .. }
            | Decision::LastChance { .. }
            | Decision::Load { .. } => {}
        }
        d
    }
}

/// A decision's kind on the wire.
fn decision_kind(d: &Decision) -> v1::VillageDecisionKind {
    use v1::VillageDecisionKind as K;
    match d {
        Decision::CompensationCube { .. } => K::CompensationCube,
        Decision::Turn { .. } => K::Turn,
        Decision::ChooseAction { .. } => K::ChooseAction,
        Decision::Act { .. } => K::Action,
        Decision::Produce { .. } => K::Produce,
        Decision::Privilege { .. } => K::Privilege,
        Decision::RewardCubes { .. } => K::RewardCubes,
        Decision::MarketDay { .. } => K::MarketDay,
        Decision::Dying { .. } => K::Dying,
        Decision::BuyOut { .. } => K::MassBuyOut,
        Decision::Windows { .. } => K::MassWindows,
        Decision::LastChance { .. } => K::LastChance,
        Decision::GoalAtStake { .. } => K::GoalAtStake,
        Decision::Load { .. } => K::Load,
        Decision::Sail { .. } => K::Sail,
        Decision::Island { .. } => K::Island,
    }
}

/// The harbour: what is gone is kept apart in the core, beside it on the wire.
impl ToWire<v1::VillageHarbour> for Harbour {
    fn to_wire(&self) -> v1::VillageHarbour {
        v1::VillageHarbour {
            captains: self.captains.clone(),
            cocoa: self.cocoa,
            tea: self.tea,
            chests: self.chests.clone(),
            gone_captains: self.gone.captains.clone(),
            gone_cocoa: self.gone.cocoa,
            gone_tea: self.gone.tea,
            gone_chests: self.gone.chests.clone(),
            chest_count: 0,
        }
    }
}
impl FromWire<Option<v1::VillageHarbour>> for Harbour {
    fn from_wire(h: Option<v1::VillageHarbour>, at: &At) -> Result<Harbour, StateErrors> {
        let h = h.unwrap_or_default();
        let mut errs = StateErrors::default();
        let mut list =
            |v, name| listed(v, MAX_LIST, &at.field(name), &mut errs).unwrap_or_default();
        let (captains, chests) = (list(h.captains, "captains"), list(h.chests, "chests"));
        let gone = (
            list(h.gone_captains, "gone_captains"),
            list(h.gone_chests, "gone_chests"),
        );
        errs.into_result()?;
        Ok(Harbour {
            captains,
            cocoa: h.cocoa,
            tea: h.tea,
            chests,
            gone: Gone {
                captains: gone.0,
                cocoa: h.gone_cocoa,
                tea: h.gone_tea,
                chests: gone.1,
            },
        })
    }
}

/// A piece in a hold: its kind, and the good or the chest's value that kind names.
impl FromWire<v1::VillageCargo> for Cargo {
    fn from_wire(c: v1::VillageCargo, at: &At) -> Result<Cargo, StateErrors> {
        use v1::VillageCargoKind as K;
        let kind = K::try_from(c.kind);
        if kind != Ok(K::Good) && c.good != 0 {
            return Err(at
                .field("good")
                .error("must be unset unless the kind is GOOD"));
        }
        if kind != Ok(K::Chest) && c.chest != 0 {
            return Err(at
                .field("chest")
                .error("must be 0 unless the kind is CHEST"));
        }
        Ok(match kind {
            Ok(K::Good) => Cargo::Good(FromWire::from_wire(c.good, &at.field("good"))?),
            Ok(K::Grain) => Cargo::Grain,
            Ok(K::Member) => Cargo::Member,
            Ok(K::Cocoa) => Cargo::Cocoa,
            Ok(K::Tea) => Cargo::Tea,
            Ok(K::Chest) => Cargo::Chest(c.chest),
            Ok(K::Unspecified) | Err(_) => return Err(at.field("kind").error("must name a piece")),
        })
    }
}
impl FromWire<Option<v1::VillageCargo>> for Cargo {
    fn from_wire(c: Option<v1::VillageCargo>, at: &At) -> Result<Cargo, StateErrors> {
        Cargo::from_wire(c.unwrap_or_default(), at)
    }
}
impl ToWire<v1::VillageCargo> for Cargo {
    fn to_wire(&self) -> v1::VillageCargo {
        use v1::VillageCargoKind as K;
        let mut out = v1::VillageCargo::default();
        out.kind = match *self {
            Cargo::Good(g) => {
                out.good = g.to_wire();
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
}
impl ToWire<Option<v1::VillageCargo>> for Cargo {
    fn to_wire(&self) -> Option<v1::VillageCargo> {
        Some(self.to_wire())
    }
}

/// A view's counts must be 0 in a state, which carries what they count.
pub(super) fn views_only(p: &v1::VillageState) -> Result<(), StateErrors> {
    let mut errs = StateErrors::default();
    for (i, s) in p.seats.iter().enumerate() {
        for (field, count) in [
            ("customer_count", s.customer_count),
            ("hidden_goals", s.hidden_goals),
            ("chest_count", s.chest_count),
        ] {
            if count != 0 {
                errs.push(format!("seats[{i}].{field}"), VIEWS_ONLY);
            }
        }
    }
    let market = p.market.as_ref().map_or(0, |m| m.pile_count);
    let harbour = p.harbour.as_ref().map_or(0, |h| h.chest_count);
    for (field, count) in [
        ("market.pile_count", market),
        ("harbour.chest_count", harbour),
    ] {
        if count != 0 {
            errs.push(field, VIEWS_ONLY);
        }
    }
    errs.into_result()
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
            let kind =
                v1::VillageDecisionKind::try_from(ToWire::<v1::VillageDecision>::to_wire(&d).kind)
                    .unwrap();
            let name = kind.as_str_name();
            let word = name.strip_prefix("VILLAGE_DECISION_KIND_").unwrap();
            assert_eq!(d.phase(), word.to_lowercase(), "{d:?}");
        }
        assert_eq!(decisions.len(), 16, "every kind but UNSPECIFIED");
    }
}
