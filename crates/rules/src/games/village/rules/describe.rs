//! Readable moves: a short English sentence for every action and event, made from the data (the
//! component set names cities and paths). For logs and bots' debugging; the wording may change
//! between releases and is no translation source.

use std::fmt::Debug;

use crate::core::seat::seats_text;
use crate::core::text::{insert_article, push_number};
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
use super::words::{a, cargo_name, push_counted, push_cubes, push_word, word};

impl crate::games::Sentences for State {
    /// What `seat` taking `action` does, e.g. "Seat 2 takes a pink cube from the crafts space",
    /// with what it pays (time, pieces, cubes, coins, grain) as the action pays it. Written into
    /// one string from end to end: LegalActions describes every action it lists.
    fn describe_action(&self, seat: Seat, action: &Action) -> String {
        let mut w = Sentence(String::with_capacity(96));
        w.text("Seat ").number(seat).text(" ");
        let paid = self.what_it_does(&mut w, seat, action);
        paid.clause(&mut w);
        w.0
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
    fn what_it_does(&self, w: &mut Sentence, seat: Seat, action: &Action) -> Paid {
        let none = Paid::default;
        match *action {
            Action::ChooseCube { colour } => {
                w.text("takes ")
                    .with_article(colour, " cube")
                    .text(" of its choice");
                none()
            }
            Action::TakeCube { space, cube } => match cube {
                Cube::Influence(c) => {
                    w.text("takes ")
                        .with_article(c, " cube")
                        .text(" from the ")
                        .word(space)
                        .text(" space");
                    none()
                }
                Cube::Plague => {
                    w.text("takes the plague cube from the ")
                        .word(space)
                        .text(" space");
                    Paid::time(PLAGUE_TIME)
                }
            },
            Action::UseWell { colour } => {
                w.text("uses the well");
                let mut paid = none();
                paid.cubes.add(colour, WELL_CUBES);
                paid
            }
            Action::ChooseAction { space } => {
                w.text("chooses the ").word(space).text(" action");
                none()
            }
            Action::Pass => {
                w.text("passes");
                none()
            }
            Action::Harvest => {
                w.text("harvests");
                none()
            }
            Action::NewMember => {
                w.text("brings its next generation onto the farmyard");
                none()
            }
            Action::Recall { member } => {
                w.text("recalls member ")
                    .number(member)
                    .text(" to the farmyard");
                none()
            }
            Action::Train { building, member } => {
                w.text("trains member ")
                    .number(member)
                    .text(" at the ")
                    .word(building);
                Paid::time(self.printed(building).training_time)
            }
            Action::Produce { building, good } => {
                w.text("produces ")
                    .with_article(good, "")
                    .text(" at the ")
                    .word(building);
                Paid::time(self.printed(building).production_time)
            }
            Action::Buy {
                building,
                good,
                payment,
            } => {
                w.text("buys ")
                    .with_article(good, "")
                    .text(" at the ")
                    .word(building);
                Paid {
                    grain: self.printed(building).payment.grain,
                    ..Paid::of(payment)
                }
            }
            Action::Mill => {
                w.text("uses the mill");
                let mill = &self.config.components.mill;
                Paid {
                    grain: mill.grain,
                    gains: mill.coins,
                    ..Paid::time(mill.time)
                }
            }
            Action::EnterCouncil { member, payment } => {
                w.text("sends member ")
                    .number(member)
                    .text(" into the council chamber");
                council(payment, ENTER_TIME)
            }
            Action::AdvanceCouncil { member, payment } => {
                w.text("moves member ").number(member);
                w.text(" up a stage in the council chamber");
                let stage = match self.member_place(seat, member) {
                    Some(Place::Council(stage)) => stage,
                    _ => 0,
                };
                council(payment, self.advance_time(stage).unwrap_or(0))
            }
            Action::UsePrivilege { privilege } => {
                w.text("uses the privilege: ");
                match privilege {
                    Privilege::Marker => w.text("the next-starting-player marker"),
                    Privilege::Cubes([x, y]) => w
                        .with_article(x, " cube")
                        .text(" and ")
                        .with_article(y, " cube"),
                    Privilege::Good(g) => w.with_article(g, ""),
                    Privilege::Prestige => w.text("three prestige for one coin"),
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
            } => self.journey(w, seat, member, path, payment),
            Action::Church { member, payment } => {
                w.text("sends member ")
                    .number(member)
                    .text(" to church (the black bag)");
                match payment {
                    ChurchPayment::Time => Paid::time(CHURCH_TIME),
                    ChurchPayment::Cube(p) => Paid::of(p),
                }
            }
            Action::Serve { stall, payment } => {
                w.text("serves the customer on stall ")
                    .number(stall)
                    .text(free_sale(payment));
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
                w.text("names member ").number(member).text(" to die");
                none()
            }
            Action::BuyOut { count } => {
                match count {
                    1 => w.text("buys one of its members out of the black bag"),
                    n => w
                        .text("buys ")
                        .number(n)
                        .text(" of its members out of the black bag"),
                };
                Paid {
                    coins: u32::from(count),
                    ..none()
                }
            }
            Action::MoveLeft { member } => {
                w.text("moves member ")
                    .number(member)
                    .text(" one church window left");
                let grain = match self.member_place(seat, member) {
                    Some(Place::Window(window)) => self.step_cost(window).unwrap_or(0),
                    _ => 0,
                };
                Paid { grain, ..none() }
            }
            Action::SetSail { captain } => {
                w.text("hires a captain of kind ")
                    .number(captain)
                    .text(" and sets sail");
                let captains = &self.config.components.port.captains;
                Paid {
                    coins: captains.get(usize::from(captain)).map_or(0, |c| c.cost),
                    ..none()
                }
            }
            Action::Sail => {
                w.text("sails on");
                none()
            }
            Action::ReturnToPort => {
                w.text("returns to port");
                Paid::time(RETURN_TIME)
            }
            Action::Load { cargo } => {
                w.text("loads ").one(cargo);
                none()
            }
            Action::Embark { member } => {
                w.text("puts member ")
                    .number(member)
                    .text(" aboard the ship");
                none()
            }
            Action::Step { to, payment } => {
                w.text("sails to sea space ").number(to);
                let water = self.config.components.port.sea.time(to);
                let mut paid = Paid::time(if water { WATER_TIME } else { 0 });
                match payment {
                    Some(p) => {
                        w.text(", buying steps with purchase ").number(p.purchase);
                        paid.cubes = p.cubes;
                        paid.coins = p.coins;
                    }
                    None => {
                        w.text(", a free step");
                    }
                }
                paid
            }
            Action::Land => {
                w.text("lands on the island");
                none()
            }
            Action::SellCargo { cargo } => {
                w.text("sells ").one(cargo);
                none()
            }
            Action::TakeTile => {
                w.text("takes the top tile of the island's stack");
                none()
            }
            Action::Mission { payment } => {
                w.text("sends the member aboard onto the island's missionary church");
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
                w.text("turns over a chest brought home, worth ");
                w.counted(value, "coin");
                none()
            }
            Action::SellCocoa { payment } => {
                w.text("sells a cocoa basket").text(free_sale(payment));
                sale(payment)
            }
            Action::SellTea { payment } => {
                w.text("sells a tea bale").text(free_sale(payment));
                Paid {
                    gains: TEA_COINS,
                    ..sale(payment)
                }
            }
            Action::RevealGoal { goal } => {
                w.text("reveals its life goal ").word(goal);
                none()
            }
        }
    }

    /// A journey's words and price: the path's cubes (coins standing in), its piece and time,
    /// and the coins a first visit's reward gives.
    fn journey(
        &self,
        w: &mut Sentence,
        seat: Seat,
        member: u8,
        path: u8,
        payment: CubePayment,
    ) -> Paid {
        let travel = &self.config.components.travel;
        let mut paid = Paid::of(payment);
        w.text("sends member ").number(member).text(" along ");
        let Some(p) = travel.paths.get(usize::from(path)) else {
            w.text("path ").number(path);
            return paid;
        };
        let [from, to] = &p.between;
        w.text("the path from ").text(from).text(" to ").text(to);
        paid.goods.push(p.piece);
        paid.time = p.time;
        let arrival = self
            .journeys(seat)
            .into_iter()
            .find(|j| j.member == usize::from(member) && j.path == path);
        if let Some(j) = arrival.filter(|j| self.rewards_arrival(seat, j.to)) {
            paid.gains = travel.cities[usize::from(j.to)].reward.coins;
        }
        paid
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
    fn clause(&self, w: &mut Sentence) {
        let counts = [
            (self.coins, "coin"),
            (self.grain, "grain"),
            (self.time, "time"),
        ];
        let counts = counts.into_iter().filter(|&(n, _)| n > 0);
        let cubes = self.cubes.total() > 0;
        let items = self.goods.len() + usize::from(cubes) + counts.clone().count();
        let mut written = 0;
        let mut next = |w: &mut Sentence| {
            w.text(match written {
                0 => ", paying ",
                n if n + 1 == items => " and ",
                _ => ", ",
            });
            written += 1;
        };
        for &good in &self.goods {
            next(w);
            w.with_article(good, "");
        }
        if cubes {
            next(w);
            push_cubes(&mut w.0, self.cubes);
        }
        for (n, noun) in counts {
            next(w);
            w.counted(n, noun);
        }
        if self.gains > 0 {
            w.text(", gaining ").counted(self.gains, "coin");
        }
    }
}

/// A sentence being written, each part pushed onto the one string, without the formatting
/// machinery: kept because LegalActions describes every action it lists, and `format!` cost
/// Village's LegalActions 77 % more in the handler and 0.49 → 0.43 of its echo in the load test
/// (`core::text` gives the figures; BENCHMARKS.md, "Plain code").
struct Sentence(String);

impl Sentence {
    /// Words as they are.
    fn text(&mut self, text: &str) -> &mut Sentence {
        self.0.push_str(text);
        self
    }

    /// A number (a member, a stall, a count).
    fn number(&mut self, n: impl Into<u32>) -> &mut Sentence {
        push_number(&mut self.0, n.into());
        self
    }

    /// A name in words (as [`word`] writes it).
    fn word(&mut self, x: impl Debug) -> &mut Sentence {
        push_word(&mut self.0, x);
        self
    }

    /// A name and `noun` after it, with its article (`an orange cube`).
    fn with_article(&mut self, x: impl Debug, noun: &str) -> &mut Sentence {
        let start = self.0.len();
        self.word(x).text(noun);
        insert_article(&mut self.0, start);
        self
    }

    /// A count and its noun ([`push_counted`]): `1 coin`, `3 coins`.
    fn counted(&mut self, n: u32, noun: &str) -> &mut Sentence {
        push_counted(&mut self.0, n, noun);
        self
    }

    /// One piece of cargo: `a horse`, `1 grain`.
    fn one(&mut self, cargo: Cargo) -> &mut Sentence {
        match cargo {
            Cargo::Grain => self.counted(1, "grain"),
            other => self.text(&a(cargo_name(other))),
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
