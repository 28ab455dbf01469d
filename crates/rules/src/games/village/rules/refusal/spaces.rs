//! Refusals of the village board's actions: family, crafts, the council chamber, travel on
//! the map, the church.

use crate::core::text::A;
use crate::core::{Seat, Violation};
use crate::games::village::action::Action;
use crate::games::village::codes::Code;
use crate::games::village::pieces::{Colour, Cubes, Good};
use crate::games::village::state::church::ChurchPayment;
use crate::games::village::state::council::{CouncilPayment, Privilege, GREEN_FOR_SCROLL, STAGES};
use crate::games::village::state::family::{Building, Place};
use crate::games::village::state::payment::CubePayment;
use crate::games::village::state::{Decision, State};

use super::super::words::*;
use super::checks::{short, supply_empty};
use super::Found;

impl State {
    /// The actions of the spaces themselves (family, crafts, council, travel, church).
    pub(super) fn why_not_space_action(&self, seat: Seat, action: &Action) -> Found {
        let s = self.seat(seat);
        match *action {
            Action::NewMember => Err(Violation::new(
                Code::NotOpen,
                "The seat's reserve is empty: every generation has been born.",
            )),
            Action::Recall { member } => self.member_at(
                seat,
                member,
                |p| matches!(p, Place::Building(_) | Place::Council(_) | Place::City(_)),
                "on a building, in the council chamber or on the travel map (only those are called home)",
            ),
            Action::Train { member, .. } => {
                self.member_at(seat, member, |p| p == Place::Farmyard, "on the farmyard")
            }
            Action::Buy {
                building,
                good,
                payment,
            } => {
                self.building_makes(building, good)?;
                let price = self.printed(building).payment;
                let what = format!("The price at the {}", word(building));
                self.grain_for(&what, price.grain, s.grain)?;
                self.cube_payment(seat, &what, price.cubes(), &payment)
            }
            Action::Mill => {
                let mill = &self.config.components.mill;
                self.grain_for("The mill", mill.grain, s.grain)
            }
            Action::EnterCouncil { member, payment } => {
                self.member_at(seat, member, |p| p == Place::Farmyard, "on the farmyard")?;
                self.council_payment(seat, &payment)
            }
            Action::AdvanceCouncil { member, payment } => {
                let m = self.member_at(
                    seat,
                    member,
                    |p| matches!(p, Place::Council(_)),
                    "in the council chamber",
                );
                m?;
                if let Place::Council(stage) = s.members[usize::from(member)].place {
                    if stage >= STAGES {
                        return Err(Violation::new(
                            Code::NotOpen,
                            format!(
                                "Member {member} stands on the council's top stage ({STAGES})."
                            ),
                        )
                        .with("member", member)
                        .with("stage", stage));
                    }
                }
                self.council_payment(seat, &payment)
            }
            Action::Travel {
                member,
                path,
                payment,
            } => self.why_not_travel(seat, member, path, &payment),
            Action::Church { member, payment } => {
                self.member_at(seat, member, |p| p == Place::Farmyard, "on the farmyard")?;
                match payment {
                    ChurchPayment::Time => Ok(()),
                    ChurchPayment::Cube(way) => {
                        let mut brown = Cubes::default();
                        brown.add(Colour::Brown, 1);
                        self.cube_payment(seat, "The church's price", brown, &way)
                    }
                }
            }
            Action::SetSail { captain } => self.why_not_set_sail(seat, captain),
            Action::Sail | Action::ReturnToPort => {
                self.with_port()?;
                Err(Violation::new(
                    Code::NotOpen,
                    "The ship is in port: hire a captain to set sail (SetSail).",
                ))
            }
            _ => Ok(()),
        }
    }

    /// A scroll, or two green cubes (coins standing in).
    pub(super) fn council_payment(&self, seat: Seat, payment: &CouncilPayment) -> Found {
        match payment {
            CouncilPayment::Scroll => {
                let has = self.seat(seat).goods.of(Good::Scroll);
                if has > 0 {
                    return Ok(());
                }
                Err(short(
                    "The council chamber takes a scroll from the farmyard, which holds none."
                        .to_owned(),
                    "1 scroll".to_owned(),
                    "0 scroll".to_owned(),
                ))
            }
            CouncilPayment::Green(way) => {
                let mut green = Cubes::default();
                green.add(Colour::Green, GREEN_FOR_SCROLL);
                self.cube_payment(seat, "The council chamber's price", green, way)
            }
        }
    }

    /// A privilege: of a stage the seat reached, and one the supply (or the seat) can give.
    pub(super) fn why_not_privilege(&self, seat: Seat, privilege: Privilege, up_to: u8) -> Found {
        let stage = privilege.stage();
        if up_to == 0 {
            return Err(Violation::new(
                Code::NotOpen,
                "Privileges need a member in the council chamber, and the seat has none there.",
            )
            .with("stage", stage)
            .with("up_to", up_to));
        }
        if stage > up_to {
            return Err(Violation::new(
                Code::NotOpen,
                format!(
                    "That privilege is stage {stage}'s; the seat's member stands on stage {up_to}."
                ),
            )
            .with("stage", stage)
            .with("up_to", up_to));
        }
        match privilege {
            Privilege::Marker => match self.marker {
                Some(holder) => Err(Violation::new(
                    Code::NotOpen,
                    format!(
                        "The next-starting-player marker has left the chamber: seat {holder} has it."
                    ),
                )
                .with("holder", holder)),
                None => Ok(()),
            },
            Privilege::Cubes([a, b]) if a > b => Err(Violation::new(
                Code::NotOpen,
                format!(
                    "Name the two cubes of choice in colour order (brown, pink, orange, green): {}, then {}.",
                    word(b),
                    word(a)
                ),
            )
            .with("field", "colours")),
            Privilege::Cubes([a, b]) => {
                self.supply_has_cube(a)?;
                if a == b && self.board.supply.cubes.of(a) < 2 {
                    return Err(supply_empty(
                        format!("second {} cube", word(a)),
                        token(a),
                    ));
                }
                self.supply_has_cube(b)
            }
            Privilege::Good(g) if self.board.supply.goods.of(g) == 0 => {
                Err(supply_empty(word(g), token(g)))
            }
            Privilege::Good(_) => Ok(()),
            Privilege::Prestige => self.coins_for("The 4th stage's prestige", 1, self.seat(seat).coins),
        }
    }

    /// Production by time: right after training only at that building; a trained member there.
    pub(super) fn why_not_produce(
        &self,
        decision: Decision,
        building: Building,
        good: Good,
    ) -> Found {
        let seat = decision.seat();
        if let Decision::Produce { building: at, .. } = decision {
            if at != building {
                return Err(Violation::new(
                    Code::NotOpen,
                    format!(
                        "Right after training at the {}, only the {} produces.",
                        word(at),
                        word(at)
                    ),
                )
                .with("building", token(at)));
            }
        } else if !self.trained(seat, building) {
            return Err(Violation::new(
                Code::NotOpen,
                format!(
                    "Producing by time needs a member trained at the {}; the seat has none there.",
                    word(building)
                ),
            )
            .with("building", token(building)));
        }
        self.building_makes(building, good)
    }

    /// A journey: a member on the farmyard or in a city, along a path from where it is to a
    /// city, with the path's piece and cubes.
    pub(super) fn why_not_travel(
        &self,
        seat: Seat,
        member: u8,
        path: u8,
        payment: &CubePayment,
    ) -> Found {
        if self.port() {
            return Err(Violation::new(
                Code::NotOpen,
                "With Village Port the travel action sails the ship (SetSail, Sail, ReturnToPort).",
            ));
        }
        self.member_at(
            seat,
            member,
            |p| matches!(p, Place::Farmyard | Place::City(_)),
            "on the farmyard or in a city",
        )?;
        let paths = &self.config.components.travel.paths;
        let Some(p) = paths.get(usize::from(path)) else {
            return Err(Violation::new(
                Code::NotOpen,
                format!(
                    "The travel map has no path {path}: it has {} (numbered from 0).",
                    paths.len()
                ),
            )
            .with("path", path)
            .with("paths", paths.len()));
        };
        let here = match self.seat(seat).members[usize::from(member)].place {
            Place::City(c) => Some(c),
            _ => None,
        };
        let ends = p.between.clone().map(|end| self.city_or_village(&end));
        let onward = ends
            .iter()
            .zip(ends.iter().rev())
            .any(|(a, b)| *a == Some(here) && matches!(b, Some(Some(_))));
        if !onward {
            let back = ends.contains(&Some(here));
            let sentence = if back {
                format!("Path {path} leads back to the village; members travel only on to cities.")
            } else {
                format!(
                    "Path {path} joins {} and {}; member {member} is {}.",
                    p.between[0],
                    p.between[1],
                    self.where_is(self.seat(seat).members[usize::from(member)].place)
                )
            };
            return Err(Violation::new(Code::NotOpen, sentence)
                .with("path", path)
                .with("member", member));
        }
        if self.seat(seat).goods.of(p.piece) == 0 {
            return Err(short(
                format!(
                    "Path {path} takes {} from the farmyard, which holds none.",
                    A(Word(p.piece))
                ),
                format!("1 {}", token(p.piece)),
                format!("0 {}", token(p.piece)),
            ));
        }
        self.cube_payment(
            seat,
            &format!("Path {path}'s price"),
            p.cubes.cubes(),
            payment,
        )
    }
}
