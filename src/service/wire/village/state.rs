//! Village's state message where it is not a struct's mirror: decisions and cargo (a core enum in
//! one flat message, declared), and by hand the place codes, the harbour's layout, and a view's
//! counts left at 0 in a state.

use super::MAX_LIST;
use crate::core::StateErrors;
use crate::games::village::state::family::{Member, Place};
use crate::games::village::state::sea::{Cargo, Gone, Harbour};
use crate::games::village::state::{Decision, Step};
use crate::pb::v1;
use crate::service::wire::declare::{listed, unset_unless, wire_kind, At, FromWire, ToWire};

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

wire_kind!(Decision <=> v1::VillageDecision, kind: v1::VillageDecisionKind as "decision" {
    CompensationCube { seat },
    Turn { seat },
    ChooseAction { seat },
    Act { seat, space } as Action,
    Produce { seat, building },
    Privilege { seat, up_to },
    RewardCubes { seat, left: Count },
    MarketDay { trigger, seat, passed, free },
    Dying { seat, left: Count },
    BuyOut { seat, bought } as MassBuyOut,
    Windows { seat } as MassWindows,
    LastChance { seat },
    GoalAtStake { seat } + step,
    Load { seat },
    Sail { seat, free => free_steps, credit, moved },
    Island { seat, took },
});
wire_kind!(Step <=> v1::VillageDecision, step: v1::VillageAutomaticStep as "step that waits" {
    Death { left: Count },
    MarkerReturn {},
});

/// A count of what is left to do: 1 to 255.
struct Count(u8);
impl FromWire<u32> for Count {
    fn from_wire(n: u32, at: &At) -> Result<Count, StateErrors> {
        u8::try_from(n)
            .ok()
            .filter(|&n| n > 0)
            .map(Count)
            .ok_or_else(|| at.error("must be 1 to 255"))
    }
}
impl ToWire<u32> for Count {
    fn to_wire(&self) -> u32 {
        self.0.into()
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

wire_kind!(Cargo <=> v1::VillageCargo, kind: v1::VillageCargoKind as "piece" {
    Good(good), Grain {}, Member {}, Cocoa {}, Tea {}, Chest(chest),
} check cargo_fields);

/// A piece in a hold: only a good names a good, only a chest a value.
fn cargo_fields(c: &v1::VillageCargo, at: &At) -> Result<(), StateErrors> {
    use v1::VillageCargoKind as K;
    let kind = K::try_from(c.kind);
    let why = "must be unset unless the kind is GOOD";
    unset_unless(kind == Ok(K::Good), c.good != 0, at, "good", why)?;
    let why = "must be 0 unless the kind is CHEST";
    unset_unless(kind == Ok(K::Chest), c.chest != 0, at, "chest", why)
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
    use crate::games::village::pieces::{Good, Space};
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
        for d in decisions {
            let wire: v1::VillageDecision = d.to_wire();
            assert_eq!(
                Decision::from_wire(wire, &At::Root).unwrap(),
                d,
                "round trip"
            );
        }
    }

    /// A flat message refuses, at its field: a kind it does not name, a count of 0 where one is
    /// left to do, and the step a goal at stake waits on when unnamed.
    #[test]
    fn a_decisions_kind_and_counts_are_checked_at_their_fields() {
        let refusal = |d: v1::VillageDecision| {
            let at = At::Root;
            let e = Decision::from_wire(d, &at.field("pending").item(2)).unwrap_err();
            (e.errors[0].field.clone(), e.errors[0].description.clone())
        };
        let kind = |k: v1::VillageDecisionKind| v1::VillageDecision {
            kind: k as i32,
            ..v1::VillageDecision::default()
        };
        assert_eq!(
            refusal(v1::VillageDecision::default()),
            ("pending[2].kind".into(), "must name a decision".into())
        );
        assert_eq!(
            refusal(kind(v1::VillageDecisionKind::Dying)),
            ("pending[2].left".into(), "must be 1 to 255".into())
        );
        assert_eq!(
            refusal(kind(v1::VillageDecisionKind::GoalAtStake)),
            (
                "pending[2].step".into(),
                "must name a step that waits".into()
            )
        );
    }

    /// A piece in a hold names a good only if it is one, and a value only if it is a chest.
    #[test]
    fn cargo_names_only_what_its_kind_uses() {
        let grain_with_a_good = v1::VillageCargo {
            kind: v1::VillageCargoKind::Grain as i32,
            good: v1::VillageGood::Ox as i32,
            chest: 0,
        };
        let e = Cargo::from_wire(grain_with_a_good, &At::Root).unwrap_err();
        assert_eq!(e.errors[0].field, "good");
        for cargo in [Cargo::Chest(3), Cargo::Grain, Cargo::Good(Good::Ox)] {
            let wire: v1::VillageCargo = cargo.to_wire();
            assert_eq!(Cargo::from_wire(wire, &At::Root).unwrap(), cargo);
        }
    }
}
