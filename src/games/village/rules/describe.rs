//! Readable moves: a short English sentence for every action and event, made from the data (the
//! component set names cities and paths). For logs and bots' debugging; the wording may change
//! between releases and is no translation source.

use crate::core::seat::seats_text;
use crate::core::Seat;

use super::super::action::{Action, Cube, Event};
use super::super::state::church::ChurchPayment;
use super::super::state::council::{CouncilPayment, Privilege};
use super::super::state::payment::CubePayment;
use super::super::state::{Place, State};
use super::words::{a, cargo_name, cubes_text, word};

impl State {
    /// What `seat` taking `action` does, e.g. "Seat 2 takes a pink cube from the crafts space".
    pub fn describe_action(&self, seat: Seat, action: &Action) -> String {
        match *action {
            Action::ChooseCube { colour } => {
                format!("Seat {seat} takes a {} cube of its choice", word(colour))
            }
            Action::TakeCube { space, cube } => match cube {
                Cube::Influence(c) => {
                    format!(
                        "Seat {seat} takes a {} cube from the {} space",
                        word(c),
                        word(space)
                    )
                }
                Cube::Plague => format!(
                    "Seat {seat} takes the plague cube from the {} space",
                    word(space)
                ),
            },
            Action::UseWell { colour } => {
                format!(
                    "Seat {seat} uses the well, returning three {} cubes",
                    word(colour)
                )
            }
            Action::ChooseAction { space } => {
                format!("Seat {seat} chooses the {} action", word(space))
            }
            Action::Pass => format!("Seat {seat} passes"),
            Action::Harvest => format!("Seat {seat} harvests"),
            Action::NewMember => {
                format!("Seat {seat} brings its next generation onto the farmyard")
            }
            Action::Recall { member } => {
                format!("Seat {seat} recalls member {member} to the farmyard")
            }
            Action::Train { building, member } => {
                format!(
                    "Seat {seat} trains member {member} at the {}",
                    word(building)
                )
            }
            Action::Produce { building, good } => {
                format!(
                    "Seat {seat} produces {} at the {}",
                    a(word(good)),
                    word(building)
                )
            }
            Action::Buy {
                building,
                good,
                payment,
            } => format!(
                "Seat {seat} buys {} at the {}, paying {}",
                a(word(good)),
                word(building),
                paid(payment)
            ),
            Action::Mill => format!("Seat {seat} uses the mill"),
            Action::EnterCouncil { member, payment } => format!(
                "Seat {seat} sends member {member} into the council chamber, paying {}",
                council(payment)
            ),
            Action::AdvanceCouncil { member, payment } => format!(
                "Seat {seat} moves member {member} up a stage in the council chamber, paying {}",
                council(payment)
            ),
            Action::UsePrivilege { privilege } => {
                format!(
                    "Seat {seat} uses the privilege: {}",
                    self.privilege(privilege)
                )
            }
            Action::Travel {
                member,
                path,
                payment,
            } => {
                let ends = self
                    .config
                    .components
                    .travel
                    .paths
                    .get(usize::from(path))
                    .map_or_else(|| format!("path {path}"), |p| p.between.join(" to "));
                format!(
                    "Seat {seat} sends member {member} along the path from {ends}, paying {}",
                    paid(payment)
                )
            }
            Action::Church { member, payment } => {
                let cost = match payment {
                    ChurchPayment::Time => "three time".to_owned(),
                    ChurchPayment::Cube(p) => paid(p),
                };
                format!(
                    "Seat {seat} sends member {member} to church (the black bag), paying {cost}"
                )
            }
            Action::Serve { stall, .. } => {
                format!("Seat {seat} serves the customer on stall {stall}")
            }
            Action::Die { member } => format!("Seat {seat} names member {member} to die"),
            Action::BuyOut { count } => {
                format!("Seat {seat} buys {count} of its members out of the black bag")
            }
            Action::MoveLeft { member } => {
                format!("Seat {seat} moves member {member} one church window left")
            }
            Action::SetSail { captain } => {
                format!("Seat {seat} hires a captain of kind {captain} and sets sail")
            }
            Action::Sail => format!("Seat {seat} sails on"),
            Action::ReturnToPort => format!("Seat {seat} returns to port"),
            Action::Load { cargo } => format!("Seat {seat} loads {}", a(cargo_name(cargo))),
            Action::Embark { member } => {
                format!("Seat {seat} puts member {member} aboard the ship")
            }
            Action::Step { to, .. } => format!("Seat {seat} sails to sea space {to}"),
            Action::Land => format!("Seat {seat} lands on the island"),
            Action::SellCargo { cargo } => format!("Seat {seat} sells {}", a(cargo_name(cargo))),
            Action::TakeTile => format!("Seat {seat} takes the top tile of the island's stack"),
            Action::Mission { .. } => {
                format!("Seat {seat} sends the member aboard onto the island's missionary church")
            }
            Action::CashChest { value } => {
                format!("Seat {seat} turns over a chest brought home, worth {value} coins")
            }
            Action::SellCocoa { .. } => format!("Seat {seat} sells a cocoa basket"),
            Action::SellTea { .. } => format!("Seat {seat} sells a tea bale"),
            Action::RevealGoal { goal } => {
                format!("Seat {seat} reveals its life goal {}", word(goal))
            }
        }
    }

    /// What happened, e.g. "Round 3 begins; seat 1 starts".
    pub fn describe_event(&self, event: &Event) -> String {
        match event {
            Event::Acted { seat, action } => self.describe_action(*seat, action),
            Event::RoundBegun {
                round, starting, ..
            } => format!("Round {round} begins; seat {starting} starts"),
            Event::Served { seat, customer } => {
                format!("Seat {seat} serves customer {customer}")
            }
            Event::MarketDayEnded => "The market day ends; the market is refilled".to_owned(),
            Event::Died { seat, member, rest } => {
                let rest = match rest {
                    Place::Chronicle(section, _) => format!("in the chronicle ({})", word(section)),
                    Place::Grave(_) => "in a grave".to_owned(),
                    Place::SeaBurial(_) => "at sea".to_owned(),
                    _ => "with no space left, out of the game".to_owned(),
                };
                format!("Seat {seat}'s member {member} dies and rests {rest}")
            }
            Event::EndTriggered { seat } => {
                format!("Seat {seat}'s member fills the last space: the game will end")
            }
            Event::MassDraw { draws } => {
                format!("The mass draws {} from the black bag", draws.len())
            }
            Event::ChurchMajority { seats } => {
                format!(
                    "The church majority's prestige goes to {}",
                    seats_text(seats)
                )
            }
            Event::GoalRevealed {
                seat,
                goal,
                prestige,
            } => format!(
                "Seat {seat} reveals its life goal {} for {prestige} prestige",
                word(goal)
            ),
            Event::Finished => "The game is over and scored".to_owned(),
        }
    }

    fn privilege(&self, privilege: Privilege) -> String {
        match privilege {
            Privilege::Marker => "the next-starting-player marker".to_owned(),
            Privilege::Cubes([x, y]) => format!("a {} and a {} cube", word(x), word(y)),
            Privilege::Good(g) => a(word(g)),
            Privilege::Prestige => "three prestige for one coin".to_owned(),
        }
    }
}

/// A payment in words: its cubes and the coins standing in for cubes.
fn paid(p: CubePayment) -> String {
    let coins = p.coins.total();
    match (p.cubes.total(), coins) {
        (0, 0) => "nothing".to_owned(),
        (_, 0) => cubes_text(p.cubes),
        (0, _) => format!("{coins} coins"),
        _ => format!("{} and {coins} coins", cubes_text(p.cubes)),
    }
}

fn council(p: CouncilPayment) -> String {
    match p {
        CouncilPayment::Scroll => "a scroll".to_owned(),
        CouncilPayment::Green(p) => paid(p),
    }
}
