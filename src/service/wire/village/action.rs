//! Village's actions and events on the wire.

use super::state::{cargo_from, cargo_to, place_to, seats_to};
use super::{
    building_from, building_to, colour_from, colour_to, cubes_from, cubes_to, goal_from, goal_to,
    good_from, good_to, id, payment_from, payment_to, pool_to, required, small, space_from,
    space_to,
};
use crate::core::StateErrors;
use crate::games::village::action::{Action, Cube, Event, MemberId, StepPayment};
use crate::games::village::state::church::{BagDraw, ChurchPayment};
use crate::games::village::state::council::{CouncilPayment, Privilege};
use crate::pb::v1;
use v1::village_action::Action as A;
use v1::village_event::Event as E;

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

/// A scroll, or two green cubes: not both (`at` is the action's field, `enter_council`).
fn council_payment_from(
    scroll: bool,
    green: Option<&v1::VillageCubePayment>,
    at: &str,
) -> Result<CouncilPayment, StateErrors> {
    match (scroll, green) {
        (true, Some(_)) => Err(StateErrors::one(
            format!("{at}.green"),
            "must be unset when scroll is true: the chamber is paid with a scroll or two green cubes, not both",
        )),
        (true, None) => Ok(CouncilPayment::Scroll),
        (false, green) => Ok(CouncilPayment::Green(payment_from(green))),
    }
}
fn council_payment_to(p: &CouncilPayment) -> (bool, Option<v1::VillageCubePayment>) {
    match p {
        CouncilPayment::Scroll => (true, None),
        CouncilPayment::Green(w) => (false, Some(payment_to(w))),
    }
}

pub(super) fn action_from_proto(a: &A) -> Result<Action, StateErrors> {
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
            payment: council_payment_from(e.scroll, e.green.as_ref(), "enter_council")?,
        },
        A::AdvanceCouncil(e) => Action::AdvanceCouncil {
            member: id(e.member, "advance_council.member")?,
            payment: council_payment_from(e.scroll, e.green.as_ref(), "advance_council")?,
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
            payment: match (c.time, &c.brown) {
                (true, Some(_)) => {
                    return Err(StateErrors::one(
                        "church.brown",
                        "must be unset when time is true: the church is paid with time or a brown cube, not both",
                    ))
                }
                (true, None) => ChurchPayment::Time,
                (false, brown) => ChurchPayment::Cube(payment_from(brown.as_ref())),
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
    let kind = P::try_from(u.privilege);
    if kind != Ok(P::Cubes) && !u.colours.is_empty() {
        return Err(StateErrors::one(
            "use_privilege.colours",
            "must be empty unless the privilege is CUBES",
        ));
    }
    if kind != Ok(P::Good) && u.good != 0 {
        return Err(StateErrors::one(
            "use_privilege.good",
            "must be unset unless the privilege is GOOD",
        ));
    }
    Ok(match kind {
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

pub(super) fn member(m: MemberId) -> Option<u32> {
    Some(u32::from(m))
}

pub(super) fn action_to_proto(a: &Action) -> v1::VillageAction {
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

pub(super) fn event_to_proto(e: &Event) -> v1::VillageEvent {
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
