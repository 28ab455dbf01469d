//! Village's actions and events on the wire, declared arm by arm; by hand, the payments a
//! message spells in two fields (the council's, the church's) and the cube taken (an influence
//! colour or the plague).

use crate::core::StateErrors;
use crate::games::village::action::{Action, Cube, Event, StepPayment};
use crate::games::village::state::church::{BagDraw, ChurchPayment};
use crate::games::village::state::council::{CouncilPayment, Privilege};
use crate::pb::v1;
use crate::service::wire::declare::{
    unset_unless, wire_kind, wire_message, wire_oneof, At, FromWire, Spread, ToWire,
};

wire_oneof!(Action <=> v1::VillageAction, action: v1::village_action::Action {
    ChooseCube { colour },
    TakeCube { space, cube },
    UseWell { colour },
    ChooseAction { space },
    Pass {}, Harvest {}, NewMember {},
    Recall { member },
    Train { building, member },
    Produce { building, good },
    Buy { building, good, payment },
    Mill {},
    EnterCouncil { member } + payment,
    AdvanceCouncil { member } + payment,
    UsePrivilege {} + privilege,
    Travel { member, path, payment },
    Church { member } + payment,
    Serve { stall, payment },
    Die { member },
    BuyOut { count },
    MoveLeft { member },
    RevealGoal { goal },
    SetSail { captain },
    Sail {}, ReturnToPort {},
    Load { cargo },
    Embark { member },
    Step { to, payment },
    Land {},
    SellCargo { cargo },
    TakeTile {},
    Mission { payment },
    CashChest { value },
    SellCocoa { payment },
    SellTea { payment },
});
wire_oneof!(Event => v1::VillageEvent, event: v1::village_event::Event {
    Acted { seat, action },
    RoundBegun { round, starting => starting_seat, spaces },
    Served { seat, customer },
    MarketDayEnded {},
    Died { seat, member, rest },
    EndTriggered { seat },
    MassDraw { draws },
    ChurchMajority { seats },
    GoalRevealed { seat, goal, prestige },
    Finished {},
});
wire_message!(StepPayment <=> v1::VillageStepPayment { purchase, cubes, coins });

/// The cube taken: the plague, or an influence colour (the two enums share their numbers).
impl FromWire<i32> for Cube {
    fn from_wire(n: i32, at: &At) -> Result<Cube, StateErrors> {
        match v1::VillageCube::try_from(n) {
            Ok(v1::VillageCube::Plague) => Ok(Cube::Plague),
            _ => FromWire::from_wire(n, at)
                .map(Cube::Influence)
                .map_err(|_| at.error("must name a cube")),
        }
    }
}
impl ToWire<i32> for Cube {
    fn to_wire(&self) -> i32 {
        match self {
            Cube::Influence(c) => c.to_wire(),
            Cube::Plague => v1::VillageCube::Plague as i32,
        }
    }
}

/// A bag draw: a monk, or a seat's member.
impl ToWire<v1::VillageBagDraw> for BagDraw {
    fn to_wire(&self) -> v1::VillageBagDraw {
        match *self {
            BagDraw::Monk => v1::VillageBagDraw {
                monk: true,
                ..v1::VillageBagDraw::default()
            },
            BagDraw::Member(seat, m) => v1::VillageBagDraw {
                monk: false,
                seat: u32::from(seat),
                member: m as u32,
            },
        }
    }
}

/// The council chamber is paid with a scroll or two green cubes, not both.
macro_rules! council_payment {
    ($($message:ty),+) => {$(
        impl FromWire<&$message> for CouncilPayment {
            fn from_wire(m: &$message, at: &At) -> Result<CouncilPayment, StateErrors> {
                match (m.scroll, m.green) {
                    (true, Some(_)) => Err(at.field("green").error(
                        "must be unset when scroll is true: the chamber is paid with a scroll or two green cubes, not both",
                    )),
                    (true, None) => Ok(CouncilPayment::Scroll),
                    (false, green) => Ok(CouncilPayment::Green(FromWire::from_wire(green, at)?)),
                }
            }
        }
        impl Spread<$message> for CouncilPayment {
            fn spread(&self, m: &mut $message) {
                (m.scroll, m.green) = match self {
                    CouncilPayment::Scroll => (true, None),
                    CouncilPayment::Green(w) => (false, Some(w.to_wire())),
                };
            }
        }
    )+};
}
council_payment!(v1::VillageEnterCouncil, v1::VillageAdvanceCouncil);

/// The church is paid with time or a brown cube, not both.
impl FromWire<&v1::VillageChurch> for ChurchPayment {
    fn from_wire(c: &v1::VillageChurch, at: &At) -> Result<ChurchPayment, StateErrors> {
        match (c.time, c.brown) {
            (true, Some(_)) => Err(at.field("brown").error(
                "must be unset when time is true: the church is paid with time or a brown cube, not both",
            )),
            (true, None) => Ok(ChurchPayment::Time),
            (false, brown) => Ok(ChurchPayment::Cube(FromWire::from_wire(brown, at)?)),
        }
    }
}
impl Spread<v1::VillageChurch> for ChurchPayment {
    fn spread(&self, c: &mut v1::VillageChurch) {
        (c.time, c.brown) = match self {
            ChurchPayment::Time => (true, None),
            ChurchPayment::Cube(w) => (false, Some(w.to_wire())),
        };
    }
}

wire_kind!(Privilege <=> v1::VillageUsePrivilege, privilege: v1::VillagePrivilege as "privilege" {
    Marker {}, Cubes(colours), Good(good), Prestige {},
} check privilege_fields);

/// A privilege: only the cubes name colours, only the good a good.
fn privilege_fields(u: &v1::VillageUsePrivilege, at: &At) -> Result<(), StateErrors> {
    use v1::VillagePrivilege as P;
    let kind = P::try_from(u.privilege);
    let why = "must be empty unless the privilege is CUBES";
    unset_unless(
        kind == Ok(P::Cubes),
        !u.colours.is_empty(),
        at,
        "colours",
        why,
    )?;
    let why = "must be unset unless the privilege is GOOD";
    unset_unless(kind == Ok(P::Good), u.good != 0, at, "good", why)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::village::pieces::{Colour, Cubes, Good};
    use crate::games::village::state::payment::CubePayment;

    /// The arms whose payment or privilege takes two fields write and read back the same action.
    #[test]
    fn payments_and_privileges_spelled_in_two_fields_round_trip() {
        let green = CubePayment {
            cubes: Cubes([0, 0, 0, 2]),
            coins: Cubes([0; 4]),
        };
        let actions = [
            Action::EnterCouncil {
                member: 1,
                payment: CouncilPayment::Scroll,
            },
            Action::AdvanceCouncil {
                member: 2,
                payment: CouncilPayment::Green(green),
            },
            Action::Church {
                member: 0,
                payment: ChurchPayment::Time,
            },
            Action::UsePrivilege {
                privilege: Privilege::Cubes([Colour::Green, Colour::Pink]),
            },
            Action::UsePrivilege {
                privilege: Privilege::Good(Good::Plow),
            },
        ];
        for a in actions {
            let wire: v1::VillageAction = a.to_wire();
            let arm = wire.action.unwrap();
            assert_eq!(Action::from_wire(arm, &At::Root).unwrap(), a);
        }
    }

    /// A privilege of two colours names exactly two, each read at its index; a scroll and green
    /// cubes together are refused at `green`.
    #[test]
    fn a_two_field_choice_is_refused_at_its_field() {
        let three = v1::village_action::Action::UsePrivilege(v1::VillageUsePrivilege {
            privilege: v1::VillagePrivilege::Cubes as i32,
            colours: vec![1, 2, 3],
            good: 0,
        });
        let e = Action::from_wire(three, &At::Root).unwrap_err();
        assert_eq!(e.errors[0].field, "use_privilege.colours");
        assert_eq!(e.errors[0].description, "must have exactly 2 entries");
        let both = v1::village_action::Action::EnterCouncil(v1::VillageEnterCouncil {
            member: Some(0),
            scroll: true,
            green: Some(v1::VillageCubePayment::default()),
        });
        let e = Action::from_wire(both, &At::Root).unwrap_err();
        assert_eq!(e.errors[0].field, "enter_council.green");
    }
}
