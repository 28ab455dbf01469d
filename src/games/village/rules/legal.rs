//! What each decision offers: the actions `legal_actions` lists, one per distinct choice (members
//! alike are one choice; a payment lists only its distinct ways).

use crate::core::Seat;
use crate::games::village::action::{Action, Cube};
use crate::games::village::pieces::{Colour, Good, Goods, Space};
use crate::games::village::state::church::MASS_PIECES;
use crate::games::village::state::council::{Privilege, STAGES};
use crate::games::village::state::family::{Building, Place};
use crate::games::village::state::payment::CubePayment;
use crate::games::village::state::{Decision, State};

/// The green cube (or coin) a paid sale costs at a market day.
pub(crate) const SALE_GREEN: u32 = 1;
/// The time a paid sale costs.
pub(crate) const SALE_TIME: u32 = 1;
/// Cubes of one colour the well takes.
pub(crate) const WELL_CUBES: u32 = 3;
/// Time a plague cube costs.
pub(crate) const PLAGUE_TIME: u32 = 2;

impl State {
    /// The actions open to the seat that must decide (empty once the game is over): the
    /// decision's answers, and revealing any life goal the seat meets.
    pub(crate) fn options(&self) -> Vec<Action> {
        let mut out = self.decision_options();
        if let Some(decision) = self.decision() {
            let seat = decision.seat();
            out.extend(self.goals_met(seat).map(|goal| Action::RevealGoal { goal }));
            out.extend(self.chest_options(seat));
        }
        out
    }

    /// The answers to the decision itself (what decides whether it is asked at all, V-R15).
    pub(crate) fn decision_options(&self) -> Vec<Action> {
        let Some(decision) = self.decision() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        match decision {
            Decision::CompensationCube { .. } | Decision::RewardCubes { .. } => {
                out.extend(
                    self.cubes_of_choice()
                        .map(|colour| Action::ChooseCube { colour }),
                );
            }
            Decision::Turn { seat } => self.turn_options(seat, &mut out),
            Decision::ChooseAction { seat } => {
                out.extend(
                    Space::ALL
                        .into_iter()
                        .filter(|&space| self.can_perform(seat, space))
                        .map(|space| Action::ChooseAction { space }),
                );
            }
            Decision::Act { seat, space } => {
                self.action_options(seat, space, &mut out);
                out.push(Action::Pass);
            }
            Decision::Produce { building, .. } => {
                out.extend(self.productions(building));
                out.push(Action::Pass);
            }
            Decision::Privilege { seat, up_to } => {
                self.privileges(seat, up_to, &mut out);
                out.push(Action::Pass);
            }
            Decision::MarketDay { .. } => {
                out.extend(self.sales(decision));
                out.push(Action::Pass);
            }
            Decision::Dying { seat, .. } => {
                out.extend(
                    self.dying_candidates(seat)
                        .into_iter()
                        .map(|m| Action::Die { member: m as u8 }),
                );
            }
            Decision::BuyOut { seat, bought } => {
                let most = self.most_to_buy_out(seat, bought);
                out.extend((1..=most).map(|count| Action::BuyOut { count }));
                out.push(Action::Pass);
            }
            Decision::Windows { seat } => {
                out.extend(
                    self.window_moves(seat)
                        .into_iter()
                        .map(|m| Action::MoveLeft { member: m as u8 }),
                );
                out.push(Action::Pass);
            }
            Decision::LastChance { .. } | Decision::GoalAtStake { .. } => out.push(Action::Pass),
            Decision::Load { seat } => {
                self.load_options(seat, &mut out);
                out.push(Action::Pass);
            }
            Decision::Sail { seat, moved, .. } => {
                self.step_options(decision, &mut out);
                if moved || self.seats[usize::from(seat)].ship.at != 0 {
                    out.push(Action::Pass);
                }
            }
            Decision::Island { seat, took } => {
                self.island_options(seat, took, &mut out);
                out.push(Action::Pass);
            }
        }
        out
    }

    /// Colours the supply has a cube of.
    pub(crate) fn cubes_of_choice(&self) -> impl Iterator<Item = Colour> + '_ {
        Colour::ALL
            .into_iter()
            .filter(|&c| self.board.supply.cubes.of(c) > 0)
    }

    fn turn_options(&self, seat: Seat, out: &mut Vec<Action>) {
        for space in Space::ALL {
            let pool = self.board.space(space);
            for colour in Colour::ALL {
                if pool.cubes.of(colour) > 0 {
                    out.push(Action::TakeCube {
                        space,
                        cube: Cube::Influence(colour),
                    });
                }
            }
            if pool.plague > 0 {
                out.push(Action::TakeCube {
                    space,
                    cube: Cube::Plague,
                });
            }
        }
        let cubes = self.seats[usize::from(seat)].cubes;
        out.extend(
            Colour::ALL
                .into_iter()
                .filter(|&c| cubes.of(c) >= WELL_CUBES)
                .map(|colour| Action::UseWell { colour }),
        );
    }

    /// Whether a seat choosing a space's action (after the well, or in a free last turn) can
    /// perform it: from `village/2` on, only then is it offered (V-R36); a market day can always
    /// be held.
    fn can_perform(&self, seat: Seat, space: Space) -> bool {
        if !self.config.rules.well_offers_what_can_be_done() || space == Space::Market {
            return true;
        }
        let mut actions = Vec::new();
        self.action_options(seat, space, &mut actions);
        !actions.is_empty()
    }

    /// A space's actions open to a seat (the market has none here: a market day starts).
    pub(crate) fn action_options(&self, seat: Seat, space: Space, out: &mut Vec<Action>) {
        let s = &self.seats[usize::from(seat)];
        let on_farmyard = || s.distinct(|m| m.place == Place::Farmyard);
        let member = |m: usize| m as u8;
        match space {
            Space::Harvest => {
                if self.can_harvest(seat) {
                    out.push(Action::Harvest);
                }
            }
            Space::Family => {
                if self.next_generation(seat).is_some() {
                    out.push(Action::NewMember);
                }
                out.extend(
                    self.recallable(seat)
                        .into_iter()
                        .map(|m| Action::Recall { member: member(m) }),
                );
            }
            Space::Crafts => {
                for building in Building::ALL {
                    out.extend(on_farmyard().into_iter().map(|m| Action::Train {
                        building,
                        member: member(m),
                    }));
                    if self.trained(seat, building) {
                        out.extend(self.productions(building));
                    }
                    let ways = self.price_ways(seat, building);
                    for good in self.makes(building) {
                        out.extend(ways.iter().map(|&payment| Action::Buy {
                            building,
                            good,
                            payment,
                        }));
                    }
                }
                if self.can_mill(seat) {
                    out.push(Action::Mill);
                }
            }
            Space::Market => {}
            Space::Council => {
                let payments = self.council_payments(seat);
                for m in on_farmyard() {
                    out.extend(payments.iter().map(|&payment| Action::EnterCouncil {
                        member: member(m),
                        payment,
                    }));
                }
                let climbers =
                    s.distinct(|m| matches!(m.place, Place::Council(stage) if stage < STAGES));
                for m in climbers {
                    out.extend(payments.iter().map(|&payment| Action::AdvanceCouncil {
                        member: member(m),
                        payment,
                    }));
                }
                self.privileges(seat, self.council_stage(seat), out);
            }
            Space::Travel if self.port() => self.voyage_options(seat, out),
            Space::Travel => {
                for journey in self.journeys(seat) {
                    out.extend(
                        self.journey_ways(seat, journey.path)
                            .into_iter()
                            .map(|payment| Action::Travel {
                                member: member(journey.member),
                                path: journey.path,
                                payment,
                            }),
                    );
                }
            }
            Space::Church => {
                let payments = self.church_payments(seat);
                for m in on_farmyard() {
                    out.extend(payments.iter().map(|&payment| Action::Church {
                        member: member(m),
                        payment,
                    }));
                }
            }
        }
    }

    /// The goods a building makes that the supply still has.
    fn makes(&self, building: Building) -> impl Iterator<Item = Good> + '_ {
        Goods::KINDS
            .into_iter()
            .filter(move |&g| self.can_make(building, g))
    }

    /// Whether a building can make anything now.
    pub(crate) fn makes_any(&self, building: Building) -> bool {
        self.makes(building).next().is_some()
    }

    /// Production by a trained member's time at a building.
    fn productions(&self, building: Building) -> impl Iterator<Item = Action> + '_ {
        self.makes(building)
            .map(move |good| Action::Produce { building, good })
    }

    /// The privileges of stage `up_to` or lower the seat can use now.
    fn privileges(&self, seat: Seat, up_to: u8, out: &mut Vec<Action>) {
        let mut all = vec![Privilege::Marker];
        for (i, a) in Colour::ALL.into_iter().enumerate() {
            for b in Colour::ALL.into_iter().skip(i) {
                all.push(Privilege::Cubes([a, b]));
            }
        }
        all.extend(Goods::KINDS.map(Privilege::Good));
        all.push(Privilege::Prestige);
        out.extend(
            all.into_iter()
                .filter(|&p| self.can_use(seat, p, up_to))
                .map(|privilege| Action::UsePrivilege { privilege }),
        );
    }

    /// The sales open at a market day to the seat named: each stall it can serve, free for the
    /// trigger's first sale, else with each way to pay the green cube.
    pub(crate) fn sales(&self, decision: Decision) -> Vec<Action> {
        let Decision::MarketDay {
            trigger,
            seat,
            free,
            ..
        } = decision
        else {
            return Vec::new();
        };
        let payments: Vec<Option<CubePayment>> = if free && seat == trigger {
            vec![None]
        } else {
            let mut green = crate::games::village::pieces::Cubes::default();
            green.add(Colour::Green, SALE_GREEN);
            self.ways_to_pay(seat, green)
                .into_iter()
                .map(Some)
                .collect()
        };
        let mut out = Vec::new();
        for stall in 0..self.market.stalls.len() {
            if self.can_serve(seat, stall) {
                out.extend(payments.iter().map(|&payment| Action::Serve {
                    stall: stall as u8,
                    payment,
                }));
            }
        }
        let s = &self.seats[usize::from(seat)];
        if s.cocoa > 0 {
            out.extend(
                payments
                    .iter()
                    .map(|&payment| Action::SellCocoa { payment }),
            );
        }
        if s.tea > 0 {
            out.extend(payments.iter().map(|&payment| Action::SellTea { payment }));
        }
        out
    }

    /// How many members a seat may buy out of the black bag now: its members there, its coins,
    /// and what is left of the mass's four pieces.
    pub(crate) fn most_to_buy_out(&self, seat: Seat, bought: u8) -> u8 {
        let left = MASS_PIECES.saturating_sub(u32::from(bought));
        let coins = self.seats[usize::from(seat)].coins;
        let members = self.in_black_bag(seat).len() as u32;
        left.min(coins).min(members) as u8
    }

    /// A seat's members that can move one window left now (one per window). The leftmost window
    /// has no step to its left: `step_cost` is `None` there (a set has one step fewer than
    /// windows).
    pub(crate) fn window_moves(&self, seat: Seat) -> Vec<usize> {
        let s = &self.seats[usize::from(seat)];
        s.distinct(|m| match m.place {
            Place::Window(w) => self.step_cost(w).is_some_and(|g| g <= s.grain),
            _ => false,
        })
    }
}
