//! Readable moves: a short English sentence for every action and event, made from the data (the
//! component set names cities and paths). For logs and bots' debugging; the wording may change
//! between releases and is no translation source.

use crate::core::seat::seats_text;
use crate::core::Seat;

use super::super::action::{Action, Cube, Event};
use super::super::components::Piece;
use super::super::pieces::{Cubes, Good};
use super::super::state::church::ChurchPayment;
use super::super::state::church::CHURCH_TIME;
use super::super::state::council::ENTER_TIME;
use super::super::state::council::{CouncilPayment, Privilege};
use super::super::state::payment::CubePayment;
use super::super::state::sea::{Cargo, RETURN_TIME, TEA_COINS, WATER_TIME};
use super::super::state::{Place, State};
use super::legal::{PLAGUE_TIME, SALE_TIME, WELL_CUBES};
use super::words::{a, cargo_name, counted, cubes_text, word};

impl State {
    /// What `seat` taking `action` does, e.g. "Seat 2 takes a pink cube from the crafts space",
    /// with what it pays (time, pieces, cubes, coins, grain) as the action pays it.
    pub fn describe_action(&self, seat: Seat, action: &Action) -> String {
        let (text, paid) = self.what_it_does(seat, action);
        format!("Seat {seat} {text}{}", paid.clause())
    }

    /// The action's words after the seat, and what it pays.
    fn what_it_does(&self, seat: Seat, action: &Action) -> (String, Paid) {
        let none = Paid::default;
        match *action {
            Action::ChooseCube { colour } => (
                format!(
                    "takes {} of its choice",
                    a(format!("{} cube", word(colour)))
                ),
                none(),
            ),
            Action::TakeCube { space, cube } => match cube {
                Cube::Influence(c) => (
                    format!(
                        "takes {} from the {} space",
                        a(format!("{} cube", word(c))),
                        word(space)
                    ),
                    none(),
                ),
                Cube::Plague => (
                    format!("takes the plague cube from the {} space", word(space)),
                    Paid::time(PLAGUE_TIME),
                ),
            },
            Action::UseWell { colour } => {
                let mut paid = none();
                paid.cubes.add(colour, WELL_CUBES);
                ("uses the well".to_owned(), paid)
            }
            Action::ChooseAction { space } => {
                (format!("chooses the {} action", word(space)), none())
            }
            Action::Pass => ("passes".to_owned(), none()),
            Action::Harvest => ("harvests".to_owned(), none()),
            Action::NewMember => (
                "brings its next generation onto the farmyard".to_owned(),
                none(),
            ),
            Action::Recall { member } => {
                (format!("recalls member {member} to the farmyard"), none())
            }
            Action::Train { building, member } => (
                format!("trains member {member} at the {}", word(building)),
                Paid::time(self.printed(building).training_time),
            ),
            Action::Produce { building, good } => (
                format!("produces {} at the {}", a(word(good)), word(building)),
                Paid::time(self.printed(building).production_time),
            ),
            Action::Buy {
                building,
                good,
                payment,
            } => {
                let mut paid = Paid::of(payment);
                paid.grain = self.printed(building).payment.grain;
                (
                    format!("buys {} at the {}", a(word(good)), word(building)),
                    paid,
                )
            }
            Action::Mill => {
                let mill = &self.config.components.mill;
                let mut paid = Paid::time(mill.time);
                paid.grain = mill.grain;
                paid.gains = mill.coins;
                ("uses the mill".to_owned(), paid)
            }
            Action::EnterCouncil { member, payment } => (
                format!("sends member {member} into the council chamber"),
                council(payment, ENTER_TIME),
            ),
            Action::AdvanceCouncil { member, payment } => {
                let stage = match self.member_place(seat, member) {
                    Some(Place::Council(stage)) => stage,
                    _ => 0,
                };
                let time = self.advance_time(stage).unwrap_or(0);
                (
                    format!("moves member {member} up a stage in the council chamber"),
                    council(payment, time),
                )
            }
            Action::UsePrivilege { privilege } => {
                let paid = match privilege {
                    Privilege::Prestige => Paid { coins: 1, ..none() },
                    _ => none(),
                };
                (
                    format!("uses the privilege: {}", self.privilege(privilege)),
                    paid,
                )
            }
            Action::Travel {
                member,
                path,
                payment,
            } => self.journey(seat, member, path, payment),
            Action::Church { member, payment } => (
                format!("sends member {member} to church (the black bag)"),
                match payment {
                    ChurchPayment::Time => Paid::time(CHURCH_TIME),
                    ChurchPayment::Cube(p) => Paid::of(p),
                },
            ),
            Action::Serve { stall, payment } => {
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
                    match piece {
                        Piece::Grain => paid.grain += 1,
                        other => paid.pieces.push(a(word(other))),
                    }
                }
                (
                    format!("serves the customer on stall {stall}{}", free_sale(payment)),
                    paid,
                )
            }
            Action::Die { member } => (format!("names member {member} to die"), none()),
            Action::BuyOut { count } => (
                match count {
                    1 => "buys one of its members out of the black bag".to_owned(),
                    n => format!("buys {n} of its members out of the black bag"),
                },
                Paid {
                    coins: u32::from(count),
                    ..none()
                },
            ),
            Action::MoveLeft { member } => {
                let grain = match self.member_place(seat, member) {
                    Some(Place::Window(w)) => self.step_cost(w).unwrap_or(0),
                    _ => 0,
                };
                (
                    format!("moves member {member} one church window left"),
                    Paid { grain, ..none() },
                )
            }
            Action::SetSail { captain } => {
                let cost = self
                    .config
                    .components
                    .port
                    .captains
                    .get(usize::from(captain));
                (
                    format!("hires a captain of kind {captain} and sets sail"),
                    Paid {
                        coins: cost.map_or(0, |c| c.cost),
                        ..none()
                    },
                )
            }
            Action::Sail => ("sails on".to_owned(), none()),
            Action::ReturnToPort => ("returns to port".to_owned(), Paid::time(RETURN_TIME)),
            Action::Load { cargo } => (format!("loads {}", one(cargo)), none()),
            Action::Embark { member } => (format!("puts member {member} aboard the ship"), none()),
            Action::Step { to, payment } => {
                let water = self.config.components.port.sea.time(to);
                let mut paid = Paid::time(if water { WATER_TIME } else { 0 });
                let mut how = ", a free step".to_owned();
                if let Some(p) = payment {
                    paid.cubes = p.cubes;
                    paid.coins = p.coins;
                    how = format!(", buying steps with purchase {}", p.purchase);
                }
                (format!("sails to sea space {to}{how}"), paid)
            }
            Action::Land => ("lands on the island".to_owned(), none()),
            Action::SellCargo { cargo } => (format!("sells {}", one(cargo)), none()),
            Action::TakeTile => (
                "takes the top tile of the island's stack".to_owned(),
                none(),
            ),
            Action::Mission { payment } => {
                let mut paid = Paid::of(payment);
                let at = self.seats[usize::from(seat)].ship.at;
                let island = self.config.components.port.sea.island(at);
                if island
                    .and_then(|i| i.church.as_ref())
                    .is_some_and(|c| c.cost.wagon > 0)
                {
                    paid.pieces.push(a(word(Good::Wagon)));
                }
                (
                    "sends the member aboard onto the island's missionary church".to_owned(),
                    paid,
                )
            }
            Action::CashChest { value } => (
                format!(
                    "turns over a chest brought home, worth {}",
                    counted(value, "coin")
                ),
                none(),
            ),
            Action::SellCocoa { payment } => (
                format!("sells a cocoa basket{}", free_sale(payment)),
                sale(payment),
            ),
            Action::SellTea { payment } => {
                let mut paid = sale(payment);
                paid.gains = TEA_COINS;
                (format!("sells a tea bale{}", free_sale(payment)), paid)
            }
            Action::RevealGoal { goal } => {
                (format!("reveals its life goal {}", word(goal)), none())
            }
        }
    }

    /// A journey's words and price: the path's cubes (coins standing in), its piece and time,
    /// and the coins a first visit's reward gives.
    fn journey(&self, seat: Seat, member: u8, path: u8, payment: CubePayment) -> (String, Paid) {
        let travel = &self.config.components.travel;
        let mut paid = Paid::of(payment);
        let Some(p) = travel.paths.get(usize::from(path)) else {
            return (format!("sends member {member} along path {path}"), paid);
        };
        paid.pieces.push(a(word(p.piece)));
        paid.time = p.time;
        let arrival = self
            .journeys(seat)
            .into_iter()
            .find(|j| j.member == usize::from(member) && j.path == path);
        if let Some(j) = arrival.filter(|j| self.rewards_arrival(seat, j.to)) {
            paid.gains = travel.cities[usize::from(j.to)].reward.coins;
        }
        (
            format!(
                "sends member {member} along the path from {}",
                p.between.join(" to ")
            ),
            paid,
        )
    }

    /// Where a seat's member is.
    fn member_place(&self, seat: Seat, member: u8) -> Option<Place> {
        let s = self.seats.get(usize::from(seat))?;
        Some(s.members.get(usize::from(member))?.place)
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
            Privilege::Cubes([x, y]) => format!(
                "{} and {}",
                a(format!("{} cube", word(x))),
                a(format!("{} cube", word(y)))
            ),
            Privilege::Good(g) => a(word(g)),
            Privilege::Prestige => "three prestige for one coin".to_owned(),
        }
    }
}

/// What an action pays, as it pays it, and the coins it gains (stated where a payment in coins
/// could hide them).
#[derive(Default)]
struct Paid {
    /// Pieces handed over, in words (`a horse`).
    pieces: Vec<String>,
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
    fn clause(&self) -> String {
        let mut parts = self.pieces.clone();
        if self.cubes.total() > 0 {
            parts.push(cubes_text(self.cubes));
        }
        for (n, noun) in [
            (self.coins, "coin"),
            (self.grain, "grain"),
            (self.time, "time"),
        ] {
            if n > 0 {
                parts.push(counted(n, noun));
            }
        }
        let mut out = match parts.split_last() {
            None => String::new(),
            Some((last, [])) => format!(", paying {last}"),
            Some((last, rest)) => format!(", paying {} and {last}", rest.join(", ")),
        };
        if self.gains > 0 {
            out.push_str(&format!(", gaining {}", counted(self.gains, "coin")));
        }
        out
    }
}

/// One piece of cargo in words: `a horse`, `1 grain`.
fn one(cargo: Cargo) -> String {
    match cargo {
        Cargo::Grain => counted(1, "grain"),
        other => a(cargo_name(other)),
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
    let mut paid = match p {
        CouncilPayment::Scroll => Paid {
            pieces: vec![a(word(Good::Scroll))],
            ..Paid::default()
        },
        CouncilPayment::Green(p) => Paid::of(p),
    };
    paid.time = time;
    paid
}
