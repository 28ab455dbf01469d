//! Village's actions and events as their messages: an action read from a client's message
//! (`Action::from_proto`, every error at its field: `travel.member`, `use_privilege.colours`)
//! and written back, an event written. By hand where a message spells a value in two fields: the
//! council's and the church's payments (a flag or cubes), a privilege (its kind and what it
//! names), and the cube taken (an influence colour or the plague).

use referee_proto::v1;
use v1::village_action::Action as Arm;
use v1::village_event::Event as E;

use crate::core::message::{ids, list, required, small, At};
use crate::core::StateErrors;

use super::action::{Action, Cube, Event, StepPayment};
use super::pieces::{Colour, Cubes, Good, Space};
use super::state::church::{BagDraw, ChurchPayment};
use super::state::council::{CouncilPayment, Privilege};
use super::state::family::Building;
use super::state::goals::Goal;
use super::state::payment::CubePayment;
use super::state::sea::Cargo;

/// A member, stall, path, captain or space named by an `optional` field the action requires.
fn id(value: Option<u32>, at: &At) -> Result<u8, StateErrors> {
    required(value, at).map(small)
}

impl Action {
    /// The action a client's message names: `Ok(None)` when it names none, else the action or
    /// the first field that no action has (paths relative to the action message).
    pub fn from_proto(a: &v1::VillageAction) -> Result<Option<Action>, StateErrors> {
        let Some(arm) = &a.action else {
            return Ok(None);
        };
        let root = At::Root;
        let member = |m: Option<u32>, at: &At| id(m, &at.field("member"));
        let payment = |p: Option<&v1::VillageCubePayment>| CubePayment::from_proto(p);
        Ok(Some(match arm {
            Arm::ChooseCube(m) => Action::ChooseCube {
                colour: Colour::from_proto(m.colour, &root.field("choose_cube").field("colour"))?,
            },
            Arm::TakeCube(m) => {
                let at = root.field("take_cube");
                Action::TakeCube {
                    space: Space::from_proto(m.space, &at.field("space"))?,
                    cube: Cube::from_proto(m.cube, &at.field("cube"))?,
                }
            }
            Arm::UseWell(m) => Action::UseWell {
                colour: Colour::from_proto(m.colour, &root.field("use_well").field("colour"))?,
            },
            Arm::ChooseAction(m) => Action::ChooseAction {
                space: Space::from_proto(m.space, &root.field("choose_action").field("space"))?,
            },
            Arm::Pass(_) => Action::Pass,
            Arm::Harvest(_) => Action::Harvest,
            Arm::NewMember(_) => Action::NewMember,
            Arm::Recall(m) => Action::Recall {
                member: member(m.member, &root.field("recall"))?,
            },
            Arm::Train(m) => {
                let at = root.field("train");
                Action::Train {
                    building: Building::from_proto(m.building, &at.field("building"))?,
                    member: member(m.member, &at)?,
                }
            }
            Arm::Produce(m) => {
                let at = root.field("produce");
                Action::Produce {
                    building: Building::from_proto(m.building, &at.field("building"))?,
                    good: Good::from_proto(m.good, &at.field("good"))?,
                }
            }
            Arm::Buy(m) => {
                let at = root.field("buy");
                Action::Buy {
                    building: Building::from_proto(m.building, &at.field("building"))?,
                    good: Good::from_proto(m.good, &at.field("good"))?,
                    payment: payment(m.payment.as_ref()),
                }
            }
            Arm::Mill(_) => Action::Mill,
            Arm::EnterCouncil(m) => {
                let at = root.field("enter_council");
                Action::EnterCouncil {
                    member: member(m.member, &at)?,
                    payment: council_payment(m.scroll, m.green.as_ref(), &at)?,
                }
            }
            Arm::AdvanceCouncil(m) => {
                let at = root.field("advance_council");
                Action::AdvanceCouncil {
                    member: member(m.member, &at)?,
                    payment: council_payment(m.scroll, m.green.as_ref(), &at)?,
                }
            }
            Arm::UsePrivilege(m) => Action::UsePrivilege {
                privilege: Privilege::from_proto(m, &root.field("use_privilege"))?,
            },
            Arm::Travel(m) => {
                let at = root.field("travel");
                Action::Travel {
                    member: member(m.member, &at)?,
                    path: id(m.path, &at.field("path"))?,
                    payment: payment(m.payment.as_ref()),
                }
            }
            Arm::Church(m) => {
                let at = root.field("church");
                Action::Church {
                    member: member(m.member, &at)?,
                    payment: church_payment(m, &at)?,
                }
            }
            Arm::Serve(m) => Action::Serve {
                stall: id(m.stall, &root.field("serve").field("stall"))?,
                payment: m.payment.as_ref().map(|p| payment(Some(p))),
            },
            Arm::Die(m) => Action::Die {
                member: member(m.member, &root.field("die"))?,
            },
            Arm::BuyOut(m) => Action::BuyOut {
                count: small(m.count),
            },
            Arm::MoveLeft(m) => Action::MoveLeft {
                member: member(m.member, &root.field("move_left"))?,
            },
            Arm::RevealGoal(m) => Action::RevealGoal {
                goal: Goal::from_proto(m.goal, &root.field("reveal_goal").field("goal"))?,
            },
            Arm::SetSail(m) => Action::SetSail {
                captain: id(m.captain, &root.field("set_sail").field("captain"))?,
            },
            Arm::Sail(_) => Action::Sail,
            Arm::ReturnToPort(_) => Action::ReturnToPort,
            Arm::Load(m) => Action::Load {
                cargo: cargo(m.cargo.as_ref(), &root.field("load").field("cargo"))?,
            },
            Arm::Embark(m) => Action::Embark {
                member: member(m.member, &root.field("embark"))?,
            },
            Arm::Step(m) => Action::Step {
                to: id(m.to, &root.field("step").field("to"))?,
                payment: m.payment.as_ref().map(|p| StepPayment {
                    purchase: small(p.purchase),
                    cubes: Cubes::from_proto(p.cubes.as_ref()),
                    coins: p.coins,
                }),
            },
            Arm::Land(_) => Action::Land,
            Arm::SellCargo(m) => Action::SellCargo {
                cargo: cargo(m.cargo.as_ref(), &root.field("sell_cargo").field("cargo"))?,
            },
            Arm::TakeTile(_) => Action::TakeTile,
            Arm::Mission(m) => Action::Mission {
                payment: payment(m.payment.as_ref()),
            },
            Arm::CashChest(m) => Action::CashChest { value: m.value },
            Arm::SellCocoa(m) => Action::SellCocoa {
                payment: m.payment.as_ref().map(|p| payment(Some(p))),
            },
            Arm::SellTea(m) => Action::SellTea {
                payment: m.payment.as_ref().map(|p| payment(Some(p))),
            },
        }))
    }

    /// This action as its message.
    pub fn to_proto(&self) -> v1::VillageAction {
        let arm = match *self {
            Action::ChooseCube { colour } => Arm::ChooseCube(v1::VillageChooseCube {
                colour: colour.to_proto() as i32,
            }),
            Action::TakeCube { space, cube } => Arm::TakeCube(v1::VillageTakeCube {
                space: space.to_proto() as i32,
                cube: cube.to_proto(),
            }),
            Action::UseWell { colour } => Arm::UseWell(v1::VillageUseWell {
                colour: colour.to_proto() as i32,
            }),
            Action::ChooseAction { space } => Arm::ChooseAction(v1::VillageChooseAction {
                space: space.to_proto() as i32,
            }),
            Action::Pass => Arm::Pass(v1::VillagePass {}),
            Action::Harvest => Arm::Harvest(v1::VillageHarvest {}),
            Action::NewMember => Arm::NewMember(v1::VillageNewMember {}),
            Action::Recall { member } => Arm::Recall(v1::VillageRecall {
                member: Some(member.into()),
            }),
            Action::Train { building, member } => Arm::Train(v1::VillageTrain {
                building: building.to_proto() as i32,
                member: Some(member.into()),
            }),
            Action::Produce { building, good } => Arm::Produce(v1::VillageProduce {
                building: building.to_proto() as i32,
                good: good.to_proto() as i32,
            }),
            Action::Buy {
                building,
                good,
                payment,
            } => Arm::Buy(v1::VillageBuy {
                building: building.to_proto() as i32,
                good: good.to_proto() as i32,
                payment: Some(payment.to_proto()),
            }),
            Action::Mill => Arm::Mill(v1::VillageMill {}),
            Action::EnterCouncil { member, payment } => {
                let (scroll, green) = council_spread(payment);
                Arm::EnterCouncil(v1::VillageEnterCouncil {
                    member: Some(member.into()),
                    scroll,
                    green,
                })
            }
            Action::AdvanceCouncil { member, payment } => {
                let (scroll, green) = council_spread(payment);
                Arm::AdvanceCouncil(v1::VillageAdvanceCouncil {
                    member: Some(member.into()),
                    scroll,
                    green,
                })
            }
            Action::UsePrivilege { privilege } => Arm::UsePrivilege(privilege.to_proto()),
            Action::Travel {
                member,
                path,
                payment,
            } => Arm::Travel(v1::VillageTravel {
                member: Some(member.into()),
                path: Some(path.into()),
                payment: Some(payment.to_proto()),
            }),
            Action::Church { member, payment } => {
                let (time, brown) = match payment {
                    ChurchPayment::Time => (true, None),
                    ChurchPayment::Cube(w) => (false, Some(w.to_proto())),
                };
                Arm::Church(v1::VillageChurch {
                    member: Some(member.into()),
                    time,
                    brown,
                })
            }
            Action::Serve { stall, payment } => Arm::Serve(v1::VillageServe {
                stall: Some(stall.into()),
                payment: payment.map(|p| p.to_proto()),
            }),
            Action::Die { member } => Arm::Die(v1::VillageDie {
                member: Some(member.into()),
            }),
            Action::BuyOut { count } => Arm::BuyOut(v1::VillageBuyOut {
                count: count.into(),
            }),
            Action::MoveLeft { member } => Arm::MoveLeft(v1::VillageMoveLeft {
                member: Some(member.into()),
            }),
            Action::SetSail { captain } => Arm::SetSail(v1::VillageSetSail {
                captain: Some(captain.into()),
            }),
            Action::Sail => Arm::Sail(v1::VillageSail {}),
            Action::ReturnToPort => Arm::ReturnToPort(v1::VillageReturnToPort {}),
            Action::Load { cargo } => Arm::Load(v1::VillageLoad {
                cargo: Some(cargo.to_proto()),
            }),
            Action::Embark { member } => Arm::Embark(v1::VillageEmbark {
                member: Some(member.into()),
            }),
            Action::Step { to, payment } => Arm::Step(v1::VillageStep {
                to: Some(to.into()),
                payment: payment.map(|p| v1::VillageStepPayment {
                    purchase: p.purchase.into(),
                    cubes: Some(p.cubes.to_proto()),
                    coins: p.coins,
                }),
            }),
            Action::Land => Arm::Land(v1::VillageLand {}),
            Action::SellCargo { cargo } => Arm::SellCargo(v1::VillageSellCargo {
                cargo: Some(cargo.to_proto()),
            }),
            Action::TakeTile => Arm::TakeTile(v1::VillageTakeTile {}),
            Action::Mission { payment } => Arm::Mission(v1::VillageMission {
                payment: Some(payment.to_proto()),
            }),
            Action::CashChest { value } => Arm::CashChest(v1::VillageCashChest { value }),
            Action::SellCocoa { payment } => Arm::SellCocoa(v1::VillageSellCocoa {
                payment: payment.map(|p| p.to_proto()),
            }),
            Action::SellTea { payment } => Arm::SellTea(v1::VillageSellTea {
                payment: payment.map(|p| p.to_proto()),
            }),
            Action::RevealGoal { goal } => Arm::RevealGoal(v1::VillageRevealGoal {
                goal: goal.to_proto() as i32,
            }),
        };
        v1::VillageAction { action: Some(arm) }
    }
}

/// The piece a hold's message names; absent, it names none (`at`: its field).
fn cargo(c: Option<&v1::VillageCargo>, at: &At) -> Result<Cargo, StateErrors> {
    Cargo::from_proto(c.unwrap_or(&v1::VillageCargo::default()), at)
}

impl Cube {
    /// The cube a message names: the plague, or an influence colour (the two enums share their
    /// numbers).
    fn from_proto(n: i32, at: &At) -> Result<Cube, StateErrors> {
        match v1::VillageCube::try_from(n) {
            Ok(v1::VillageCube::Plague) => Ok(Cube::Plague),
            _ => Colour::from_proto(n, at)
                .map(Cube::Influence)
                .map_err(|_| at.error("must name a cube")),
        }
    }
    /// The cube as its enum number.
    fn to_proto(self) -> i32 {
        match self {
            Cube::Influence(c) => c.to_proto() as i32,
            Cube::Plague => v1::VillageCube::Plague as i32,
        }
    }
}

/// The council chamber is paid with a scroll or two green cubes, not both (`at`: the action).
fn council_payment(
    scroll: bool,
    green: Option<&v1::VillageCubePayment>,
    at: &At,
) -> Result<CouncilPayment, StateErrors> {
    match (scroll, green) {
        (true, Some(_)) => Err(at.field("green").error(
            "must be unset when scroll is true: the chamber is paid with a scroll or two green cubes, not both",
        )),
        (true, None) => Ok(CouncilPayment::Scroll),
        (false, green) => Ok(CouncilPayment::Green(CubePayment::from_proto(green))),
    }
}

/// A council payment as its message's two fields (scroll, green).
fn council_spread(p: CouncilPayment) -> (bool, Option<v1::VillageCubePayment>) {
    match p {
        CouncilPayment::Scroll => (true, None),
        CouncilPayment::Green(w) => (false, Some(w.to_proto())),
    }
}

/// The church is paid with time or a brown cube, not both (`at`: the action).
fn church_payment(c: &v1::VillageChurch, at: &At) -> Result<ChurchPayment, StateErrors> {
    match (c.time, &c.brown) {
        (true, Some(_)) => Err(at.field("brown").error(
            "must be unset when time is true: the church is paid with time or a brown cube, not both",
        )),
        (true, None) => Ok(ChurchPayment::Time),
        (false, brown) => Ok(ChurchPayment::Cube(CubePayment::from_proto(brown.as_ref()))),
    }
}

impl Privilege {
    /// The privilege a message names (`at`: the action): only the cubes name colours (exactly
    /// two), only the good a good.
    fn from_proto(u: &v1::VillageUsePrivilege, at: &At) -> Result<Privilege, StateErrors> {
        use v1::VillagePrivilege as P;
        let kind = P::try_from(u.privilege);
        if !u.colours.is_empty() && kind != Ok(P::Cubes) {
            let why = "must be empty unless the privilege is CUBES";
            return Err(at.field("colours").error(why));
        }
        if u.good != 0 && kind != Ok(P::Good) {
            return Err(at
                .field("good")
                .error("must be unset unless the privilege is GOOD"));
        }
        Ok(match kind {
            Ok(P::Marker) => Privilege::Marker,
            Ok(P::Cubes) => {
                let at = at.field("colours");
                if u.colours.len() != 2 {
                    return Err(at.error("must have exactly 2 entries"));
                }
                let mut errs = StateErrors::default();
                let colours = list(&u.colours, 2, &at, &mut errs, |&n, at| {
                    Colour::from_proto(n, at)
                });
                errs.into_result()?;
                Privilege::Cubes([colours[0], colours[1]])
            }
            Ok(P::Good) => Privilege::Good(Good::from_proto(u.good, &at.field("good"))?),
            Ok(P::Prestige) => Privilege::Prestige,
            Ok(P::Unspecified) | Err(_) => {
                return Err(at.field("privilege").error("must name a privilege"))
            }
        })
    }

    /// The privilege as its message.
    fn to_proto(self) -> v1::VillageUsePrivilege {
        use v1::VillagePrivilege as P;
        let (privilege, colours, good) = match self {
            Privilege::Marker => (P::Marker, Vec::new(), 0),
            Privilege::Cubes(colours) => (
                P::Cubes,
                colours.iter().map(|c| c.to_proto() as i32).collect(),
                0,
            ),
            Privilege::Good(g) => (P::Good, Vec::new(), g.to_proto() as i32),
            Privilege::Prestige => (P::Prestige, Vec::new(), 0),
        };
        v1::VillageUsePrivilege {
            privilege: privilege as i32,
            colours,
            good,
        }
    }
}

impl Event {
    /// This event as its message.
    pub fn to_proto(&self) -> v1::VillageEvent {
        let event = match self {
            Event::Acted { seat, action } => E::Acted(v1::VillageActed {
                seat: (*seat).into(),
                action: Some(action.to_proto()),
            }),
            Event::RoundBegun {
                round,
                starting,
                spaces,
            } => E::RoundBegun(v1::VillageRoundBegun {
                round: *round,
                starting_seat: (*starting).into(),
                spaces: spaces.iter().map(|p| p.to_proto()).collect(),
            }),
            Event::Served { seat, customer } => E::Served(v1::VillageServed {
                seat: (*seat).into(),
                customer: (*customer).into(),
            }),
            Event::MarketDayEnded => E::MarketDayEnded(v1::VillageMarketDayEnded {}),
            Event::Died { seat, member, rest } => E::Died(v1::VillageDied {
                seat: (*seat).into(),
                member: (*member).into(),
                rest: rest.code(),
            }),
            Event::EndTriggered { seat } => E::EndTriggered(v1::VillageEndTriggered {
                seat: (*seat).into(),
            }),
            Event::MassDraw { draws } => E::MassDraw(v1::VillageMassDraw {
                draws: draws.iter().map(|d| d.to_proto()).collect(),
            }),
            Event::ChurchMajority { seats } => {
                E::ChurchMajority(v1::VillageChurchMajority { seats: ids(seats) })
            }
            Event::GoalRevealed {
                seat,
                goal,
                prestige,
            } => E::GoalRevealed(v1::VillageGoalRevealed {
                seat: (*seat).into(),
                goal: goal.to_proto() as i32,
                prestige: *prestige,
            }),
            Event::Finished => E::Finished(v1::VillageFinished {}),
        };
        v1::VillageEvent { event: Some(event) }
    }
}

impl BagDraw {
    /// A bag draw as its message: a monk, or a seat's member.
    fn to_proto(self) -> v1::VillageBagDraw {
        match self {
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

#[cfg(test)]
mod tests {
    use super::*;

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
            assert_eq!(Action::from_proto(&a.to_proto()).unwrap(), Some(a));
        }
    }

    /// A privilege of two colours names exactly two, each read at its index; a scroll and green
    /// cubes together are refused at `green`.
    #[test]
    fn a_two_field_choice_is_refused_at_its_field() {
        let three = Arm::UsePrivilege(v1::VillageUsePrivilege {
            privilege: v1::VillagePrivilege::Cubes as i32,
            colours: vec![1, 2, 3],
            good: 0,
        });
        let action = |arm| v1::VillageAction { action: Some(arm) };
        let e = Action::from_proto(&action(three)).unwrap_err();
        assert_eq!(e.errors[0].field, "use_privilege.colours");
        assert_eq!(e.errors[0].description, "must have exactly 2 entries");
        let both = Arm::EnterCouncil(v1::VillageEnterCouncil {
            member: Some(0),
            scroll: true,
            green: Some(v1::VillageCubePayment::default()),
        });
        let e = Action::from_proto(&action(both)).unwrap_err();
        assert_eq!(e.errors[0].field, "enter_council.green");
    }
}
