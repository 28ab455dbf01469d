//! Readable moves: a short English sentence for every action and event, made from the data (the
//! component set names cities and paths). For logs and bots' debugging; the wording may change
//! between releases and is no translation source.

use std::fmt::{self, Display, Write};

use crate::core::seat::seats_text;
use crate::core::text::A;
use crate::core::Seat;

use super::super::action::{Action, Cube, Event};
use super::super::pieces::{Cubes, Good};
use super::super::state::church::ChurchPayment;
use super::super::state::church::CHURCH_TIME;
use super::super::state::council::ENTER_TIME;
use super::super::state::council::{CouncilPayment, Privilege};
use super::super::state::market::good_of;
use super::super::state::payment::CubePayment;
use super::super::state::sea::{Cargo, RETURN_TIME, TEA_COINS, WATER_TIME};
use super::super::state::{Place, State};
use super::legal::{PLAGUE_TIME, SALE_TIME, WELL_CUBES};
use super::words::{cargo_name, word, Counted, CubeWords, Word};

impl crate::games::Sentences for State {
    /// What `seat` taking `action` does, e.g. "Seat 2 takes a pink cube from the crafts space",
    /// with what it pays (time, pieces, cubes, coins, grain) as the action pays it. Written into
    /// one string from end to end: LegalActions describes every action it lists.
    fn describe_action(&self, seat: Seat, action: &Action) -> String {
        let mut w = String::with_capacity(96);
        let written = write!(w, "Seat {seat} ")
            .and_then(|()| self.what_it_does(&mut w, seat, action))
            .and_then(|paid| paid.clause(&mut w));
        debug_assert!(written.is_ok(), "a string takes every write");
        w
    }

    /// What happened, e.g. "Round 3 begins; seat 1 starts".
    fn describe_event(&self, event: &Event) -> String {
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
}

impl State {
    /// The action's words after the seat, written into `w`, and what it pays.
    fn what_it_does(
        &self,
        w: &mut String,
        seat: Seat,
        action: &Action,
    ) -> Result<Paid, fmt::Error> {
        let none = Paid::default;
        Ok(match *action {
            Action::ChooseCube { colour } => {
                write!(w, "takes {} cube of its choice", A(Word(colour)))?;
                none()
            }
            Action::TakeCube { space, cube } => match cube {
                Cube::Influence(c) => {
                    write!(
                        w,
                        "takes {} cube from the {} space",
                        A(Word(c)),
                        Word(space)
                    )?;
                    none()
                }
                Cube::Plague => {
                    write!(w, "takes the plague cube from the {} space", Word(space))?;
                    Paid::time(PLAGUE_TIME)
                }
            },
            Action::UseWell { colour } => {
                w.push_str("uses the well");
                let mut paid = none();
                paid.cubes.add(colour, WELL_CUBES);
                paid
            }
            Action::ChooseAction { space } => {
                write!(w, "chooses the {} action", Word(space))?;
                none()
            }
            Action::Pass => {
                w.push_str("passes");
                none()
            }
            Action::Harvest => {
                w.push_str("harvests");
                none()
            }
            Action::NewMember => {
                w.push_str("brings its next generation onto the farmyard");
                none()
            }
            Action::Recall { member } => {
                write!(w, "recalls member {member} to the farmyard")?;
                none()
            }
            Action::Train { building, member } => {
                write!(w, "trains member {member} at the {}", Word(building))?;
                Paid::time(self.printed(building).training_time)
            }
            Action::Produce { building, good } => {
                write!(w, "produces {} at the {}", A(Word(good)), Word(building))?;
                Paid::time(self.printed(building).production_time)
            }
            Action::Buy {
                building,
                good,
                payment,
            } => {
                write!(w, "buys {} at the {}", A(Word(good)), Word(building))?;
                Paid {
                    grain: self.printed(building).payment.grain,
                    ..Paid::of(payment)
                }
            }
            Action::Mill => {
                w.push_str("uses the mill");
                let mill = &self.config.components.mill;
                Paid {
                    grain: mill.grain,
                    gains: mill.coins,
                    ..Paid::time(mill.time)
                }
            }
            Action::EnterCouncil { member, payment } => {
                write!(w, "sends member {member} into the council chamber")?;
                council(payment, ENTER_TIME)
            }
            Action::AdvanceCouncil { member, payment } => {
                write!(w, "moves member {member} up a stage in the council chamber")?;
                let stage = match self.member_place(seat, member) {
                    Some(Place::Council(stage)) => stage,
                    _ => 0,
                };
                council(payment, self.advance_time(stage).unwrap_or(0))
            }
            Action::UsePrivilege { privilege } => {
                w.push_str("uses the privilege: ");
                match privilege {
                    Privilege::Marker => w.push_str("the next-starting-player marker"),
                    Privilege::Cubes([x, y]) => {
                        write!(w, "{} cube and {} cube", A(Word(x)), A(Word(y)))?;
                    }
                    Privilege::Good(g) => write!(w, "{}", A(Word(g)))?,
                    Privilege::Prestige => w.push_str("three prestige for one coin"),
                };
                match privilege {
                    Privilege::Prestige => Paid { coins: 1, ..none() },
                    _ => none(),
                }
            }
            Action::Travel {
                member,
                path,
                payment,
            } => self.journey(w, seat, member, path, payment)?,
            Action::Church { member, payment } => {
                write!(w, "sends member {member} to church (the black bag)")?;
                match payment {
                    ChurchPayment::Time => Paid::time(CHURCH_TIME),
                    ChurchPayment::Cube(p) => Paid::of(p),
                }
            }
            Action::Serve { stall, payment } => {
                write!(
                    w,
                    "serves the customer on stall {stall}{}",
                    free_sale(payment)
                )?;
                let mut paid = sale(payment);
                let tile = self
                    .market
                    .stalls
                    .get(usize::from(stall))
                    .copied()
                    .flatten();
                let demand =
                    tile.and_then(|t| self.config.components.customers.get(usize::from(t)));
                for &piece in demand.map_or(&[][..], |c| &c.demand[..]) {
                    match good_of(piece) {
                        None => paid.grain += 1,
                        Some(good) => paid.goods.push(good),
                    }
                }
                paid
            }
            Action::Die { member } => {
                write!(w, "names member {member} to die")?;
                none()
            }
            Action::BuyOut { count } => {
                match count {
                    1 => w.push_str("buys one of its members out of the black bag"),
                    n => write!(w, "buys {n} of its members out of the black bag")?,
                };
                Paid {
                    coins: u32::from(count),
                    ..none()
                }
            }
            Action::MoveLeft { member } => {
                write!(w, "moves member {member} one church window left")?;
                let grain = match self.member_place(seat, member) {
                    Some(Place::Window(window)) => self.step_cost(window).unwrap_or(0),
                    _ => 0,
                };
                Paid { grain, ..none() }
            }
            Action::SetSail { captain } => {
                write!(w, "hires a captain of kind {captain} and sets sail")?;
                let captains = &self.config.components.port.captains;
                Paid {
                    coins: captains.get(usize::from(captain)).map_or(0, |c| c.cost),
                    ..none()
                }
            }
            Action::Sail => {
                w.push_str("sails on");
                none()
            }
            Action::ReturnToPort => {
                w.push_str("returns to port");
                Paid::time(RETURN_TIME)
            }
            Action::Load { cargo } => {
                write!(w, "loads {}", One(cargo))?;
                none()
            }
            Action::Embark { member } => {
                write!(w, "puts member {member} aboard the ship")?;
                none()
            }
            Action::Step { to, payment } => {
                write!(w, "sails to sea space {to}")?;
                let water = self.config.components.port.sea.time(to);
                let mut paid = Paid::time(if water { WATER_TIME } else { 0 });
                match payment {
                    Some(p) => {
                        write!(w, ", buying steps with purchase {}", p.purchase)?;
                        paid.cubes = p.cubes;
                        paid.coins = p.coins;
                    }
                    None => w.push_str(", a free step"),
                }
                paid
            }
            Action::Land => {
                w.push_str("lands on the island");
                none()
            }
            Action::SellCargo { cargo } => {
                write!(w, "sells {}", One(cargo))?;
                none()
            }
            Action::TakeTile => {
                w.push_str("takes the top tile of the island's stack");
                none()
            }
            Action::Mission { payment } => {
                w.push_str("sends the member aboard onto the island's missionary church");
                let mut paid = Paid::of(payment);
                let at = self.seats[usize::from(seat)].ship.at;
                let island = self.config.components.port.sea.island(at);
                if island
                    .and_then(|i| i.church.as_ref())
                    .is_some_and(|c| c.cost.wagon > 0)
                {
                    paid.goods.push(Good::Wagon);
                }
                paid
            }
            Action::CashChest { value } => {
                let worth = Counted(value, "coin");
                write!(w, "turns over a chest brought home, worth {worth}")?;
                none()
            }
            Action::SellCocoa { payment } => {
                write!(w, "sells a cocoa basket{}", free_sale(payment))?;
                sale(payment)
            }
            Action::SellTea { payment } => {
                write!(w, "sells a tea bale{}", free_sale(payment))?;
                Paid {
                    gains: TEA_COINS,
                    ..sale(payment)
                }
            }
            Action::RevealGoal { goal } => {
                write!(w, "reveals its life goal {}", Word(goal))?;
                none()
            }
        })
    }

    /// A journey's words and price: the path's cubes (coins standing in), its piece and time,
    /// and the coins a first visit's reward gives.
    fn journey(
        &self,
        w: &mut String,
        seat: Seat,
        member: u8,
        path: u8,
        payment: CubePayment,
    ) -> Result<Paid, fmt::Error> {
        let travel = &self.config.components.travel;
        let mut paid = Paid::of(payment);
        write!(w, "sends member {member} along ")?;
        let Some(p) = travel.paths.get(usize::from(path)) else {
            write!(w, "path {path}")?;
            return Ok(paid);
        };
        let [from, to] = &p.between;
        write!(w, "the path from {from} to {to}")?;
        paid.goods.push(p.piece);
        paid.time = p.time;
        let arrival = self
            .journeys(seat)
            .into_iter()
            .find(|j| j.member == usize::from(member) && j.path == path);
        if let Some(j) = arrival.filter(|j| self.rewards_arrival(seat, j.to)) {
            paid.gains = travel.cities[usize::from(j.to)].reward.coins;
        }
        Ok(paid)
    }

    /// Where a seat's member is.
    fn member_place(&self, seat: Seat, member: u8) -> Option<Place> {
        let s = self.seats.get(usize::from(seat))?;
        Some(s.members.get(usize::from(member))?.place)
    }
}

/// What an action pays, as it pays it, and the coins it gains (stated where a payment in coins
/// could hide them).
#[derive(Default)]
struct Paid {
    /// Goods handed over.
    goods: Vec<Good>,
    cubes: Cubes,
    coins: u32,
    grain: u32,
    time: u32,
    /// Coins gained by the same action.
    gains: u32,
}

impl Paid {
    fn time(time: u32) -> Paid {
        Paid {
            time,
            ..Paid::default()
        }
    }

    /// A cube payment: its cubes, and the coins standing in for cubes.
    fn of(p: CubePayment) -> Paid {
        Paid {
            cubes: p.cubes,
            coins: p.coins.total(),
            ..Paid::default()
        }
    }

    /// `, paying a horse, 2 grain, 1 green cube and 1 time, gaining 1 coin`, or nothing.
    fn clause(&self, w: &mut String) -> fmt::Result {
        let counts = [
            (self.coins, "coin"),
            (self.grain, "grain"),
            (self.time, "time"),
        ];
        let counts = counts.into_iter().filter(|&(n, _)| n > 0);
        let cubes = self.cubes.total() > 0;
        let items = self.goods.len() + usize::from(cubes) + counts.clone().count();
        let mut written = 0;
        let mut next = |w: &mut String| {
            w.push_str(match written {
                0 => ", paying ",
                n if n + 1 == items => " and ",
                _ => ", ",
            });
            written += 1;
        };
        for &good in &self.goods {
            next(w);
            write!(w, "{}", A(Word(good)))?;
        }
        if cubes {
            next(w);
            write!(w, "{}", CubeWords(self.cubes))?;
        }
        for (n, noun) in counts {
            next(w);
            write!(w, "{}", Counted(n, noun))?;
        }
        if self.gains > 0 {
            write!(w, ", gaining {}", Counted(self.gains, "coin"))?;
        }
        Ok(())
    }
}

/// One piece of cargo: `a horse`, `1 grain`.
struct One(Cargo);

impl Display for One {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Cargo::Grain => write!(f, "{}", Counted(1, "grain")),
            other => write!(f, "{}", A(cargo_name(other))),
        }
    }
}

/// A sale's price: nothing when free, else the payment and the sale's time.
fn sale(payment: Option<CubePayment>) -> Paid {
    payment.map_or_else(Paid::default, |p| Paid {
        time: SALE_TIME,
        ..Paid::of(p)
    })
}

/// The words that tell a free sale from a paid one.
fn free_sale(payment: Option<CubePayment>) -> &'static str {
    match payment {
        None => " (the free sale)",
        Some(_) => "",
    }
}

/// The council's price: a scroll, or its cubes; and the stage's time.
fn council(p: CouncilPayment, time: u32) -> Paid {
    let paid = match p {
        CouncilPayment::Scroll => Paid {
            goods: vec![Good::Scroll],
            ..Paid::default()
        },
        CouncilPayment::Green(p) => Paid::of(p),
    };
    Paid { time, ..paid }
}
