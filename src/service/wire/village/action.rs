//! Village's actions and events on the wire, declared arm by arm; by hand, the arms whose
//! message spells a choice in two fields (a council or church payment, a privilege) and the
//! cube taken (an influence colour or the plague).

use crate::core::StateErrors;
use crate::games::village::action::{Action, Cube, Event, StepPayment};
use crate::games::village::state::church::{BagDraw, ChurchPayment};
use crate::games::village::state::council::{CouncilPayment, Privilege};
use crate::pb::v1;
use crate::service::wire::declare::{wire_message, wire_oneof, At, FromWire, ToWire};

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
    EnterCouncil(..),
    AdvanceCouncil(..),
    UsePrivilege(..),
    Travel { member, path, payment },
    Church(..),
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
fn council_payment(
    scroll: bool,
    green: Option<v1::VillageCubePayment>,
    at: &At,
) -> Result<CouncilPayment, StateErrors> {
    match (scroll, green) {
        (true, Some(_)) => Err(at.field("green").error(
            "must be unset when scroll is true: the chamber is paid with a scroll or two green cubes, not both",
        )),
        (true, None) => Ok(CouncilPayment::Scroll),
        (false, green) => Ok(CouncilPayment::Green(FromWire::from_wire(green, at)?)),
    }
}
/// The member and the payment of a council action, as its message spells them.
fn council_to(a: &Action) -> (Option<u32>, bool, Option<v1::VillageCubePayment>) {
    match a {
        Action::EnterCouncil { member, payment } | Action::AdvanceCouncil { member, payment } => {
            let member = member.to_wire();
            match payment {
                CouncilPayment::Scroll => (member, true, None),
                CouncilPayment::Green(w) => (member, false, Some(w.to_wire())),
            }
        }
        _ => (None, false, None),
    }
}
impl FromWire<v1::VillageEnterCouncil> for Action {
    fn from_wire(e: v1::VillageEnterCouncil, at: &At) -> Result<Action, StateErrors> {
        Ok(Action::EnterCouncil {
            member: FromWire::from_wire(e.member, &at.field("member"))?,
            payment: council_payment(e.scroll, e.green, at)?,
        })
    }
}
impl FromWire<v1::VillageAdvanceCouncil> for Action {
    fn from_wire(e: v1::VillageAdvanceCouncil, at: &At) -> Result<Action, StateErrors> {
        Ok(Action::AdvanceCouncil {
            member: FromWire::from_wire(e.member, &at.field("member"))?,
            payment: council_payment(e.scroll, e.green, at)?,
        })
    }
}
/// Only a council action is written in these messages.
impl ToWire<v1::VillageEnterCouncil> for Action {
    fn to_wire(&self) -> v1::VillageEnterCouncil {
        let (member, scroll, green) = council_to(self);
        v1::VillageEnterCouncil {
            member,
            scroll,
            green,
        }
    }
}
impl ToWire<v1::VillageAdvanceCouncil> for Action {
    fn to_wire(&self) -> v1::VillageAdvanceCouncil {
        let (member, scroll, green) = council_to(self);
        v1::VillageAdvanceCouncil {
            member,
            scroll,
            green,
        }
    }
}

/// The church is paid with time or a brown cube, not both.
impl FromWire<v1::VillageChurch> for Action {
    fn from_wire(c: v1::VillageChurch, at: &At) -> Result<Action, StateErrors> {
        let payment = match (c.time, c.brown) {
            (true, Some(_)) => return Err(at.field("brown").error(
                "must be unset when time is true: the church is paid with time or a brown cube, not both",
            )),
            (true, None) => ChurchPayment::Time,
            (false, brown) => ChurchPayment::Cube(FromWire::from_wire(brown, at)?),
        };
        Ok(Action::Church {
            member: FromWire::from_wire(c.member, &at.field("member"))?,
            payment,
        })
    }
}
/// Only a `Church` action is written in this message.
impl ToWire<v1::VillageChurch> for Action {
    fn to_wire(&self) -> v1::VillageChurch {
        let Action::Church { member, payment } = self else {
            return v1::VillageChurch::default();
        };
        let (time, brown) = match payment {
            ChurchPayment::Time => (true, None),
            ChurchPayment::Cube(w) => (false, Some(w.to_wire())),
        };
        v1::VillageChurch {
            member: member.to_wire(),
            time,
            brown,
        }
    }
}

/// A privilege: its kind, with the two colours or the good that kind names.
impl FromWire<v1::VillageUsePrivilege> for Action {
    fn from_wire(u: v1::VillageUsePrivilege, at: &At) -> Result<Action, StateErrors> {
        use v1::VillagePrivilege as P;
        let kind = P::try_from(u.privilege);
        if kind != Ok(P::Cubes) && !u.colours.is_empty() {
            return Err(at
                .field("colours")
                .error("must be empty unless the privilege is CUBES"));
        }
        if kind != Ok(P::Good) && u.good != 0 {
            return Err(at
                .field("good")
                .error("must be unset unless the privilege is GOOD"));
        }
        let colours = at.field("colours");
        let privilege = match kind {
            Ok(P::Marker) => Privilege::Marker,
            Ok(P::Cubes) => match u.colours[..] {
                [a, b] => Privilege::Cubes([
                    FromWire::from_wire(a, &colours.item(0))?,
                    FromWire::from_wire(b, &colours.item(1))?,
                ]),
                _ => return Err(colours.error("must name exactly 2 colours")),
            },
            Ok(P::Good) => Privilege::Good(FromWire::from_wire(u.good, &at.field("good"))?),
            Ok(P::Prestige) => Privilege::Prestige,
            Ok(P::Unspecified) | Err(_) => {
                return Err(at.field("privilege").error("must name a privilege"))
            }
        };
        Ok(Action::UsePrivilege { privilege })
    }
}
/// Only a `UsePrivilege` action is written in this message.
impl ToWire<v1::VillageUsePrivilege> for Action {
    fn to_wire(&self) -> v1::VillageUsePrivilege {
        use v1::VillagePrivilege as P;
        let mut out = v1::VillageUsePrivilege::default();
        let Action::UsePrivilege { privilege } = self else {
            return out;
        };
        out.privilege = match privilege {
            Privilege::Marker => P::Marker,
            Privilege::Cubes(colours) => {
                out.colours = colours.to_wire();
                P::Cubes
            }
            Privilege::Good(g) => {
                out.good = g.to_wire();
                P::Good
            }
            Privilege::Prestige => P::Prestige,
        } as i32;
        out
    }
}
