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

/// Where a listing of options goes. A list keeps every one; an asker that needs only the first
/// few (is there a real choice?) or one action (is it open?) stops the listing once it has its
/// answer. Either way the listing below stays the one spelling of what is open.
pub(crate) trait Offers {
    /// One more option.
    fn push(&mut self, action: Action);

    /// Whether the asker has its answer: listing may stop (what is pushed after is ignored).
    fn answered(&self) -> bool {
        false
    }

    /// More options, until the asker has its answer.
    fn extend(&mut self, actions: impl IntoIterator<Item = Action>) {
        for action in actions {
            if self.answered() {
                return;
            }
            self.push(action);
        }
    }
}

impl Offers for Vec<Action> {
    fn push(&mut self, action: Action) {
        Vec::push(self, action);
    }

    fn extend(&mut self, actions: impl IntoIterator<Item = Action>) {
        Extend::extend(self, actions);
    }
}

/// The first `n` options listed (fewer if there are fewer).
struct First {
    n: usize,
    seen: Vec<Action>,
}

impl First {
    fn new(n: usize) -> Self {
        First {
            n,
            seen: Vec::with_capacity(n),
        }
    }
}

impl Offers for First {
    fn push(&mut self, action: Action) {
        if self.seen.len() < self.n {
            self.seen.push(action);
        }
    }

    fn answered(&self) -> bool {
        self.seen.len() >= self.n
    }
}

/// Whether one action is listed.
struct Find {
    action: Action,
    found: bool,
}

impl Offers for Find {
    fn push(&mut self, action: Action) {
        self.found |= action == self.action;
    }

    fn answered(&self) -> bool {
        self.found
    }
}

impl State {
    /// The actions open to the seat that must decide (empty once the game is over): the
    /// decision's answers, and revealing any life goal the seat meets.
    pub(crate) fn options(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.offer(&mut out);
        out
    }

    /// Whether the seat that must decide may take `action` now (one of `options`).
    pub(crate) fn is_option(&self, action: Action) -> bool {
        let mut find = Find {
            action,
            found: false,
        };
        self.offer(&mut find);
        find.found
    }

    /// `options`, into whatever asks for them.
    fn offer(&self, out: &mut impl Offers) {
        self.offer_decision(out);
        if let Some(decision) = self.decision() {
            let seat = decision.seat();
            out.extend(self.goals_met(seat).map(|goal| Action::RevealGoal { goal }));
            out.extend(self.chest_options(seat));
        }
    }

    /// The first `n` answers to the decision itself: enough to tell whether it is asked at all
    /// (a real choice, V-R15) without listing, and pricing, every one.
    pub(crate) fn first_decision_options(&self, n: usize) -> Vec<Action> {
        let mut first = First::new(n);
        self.offer_decision(&mut first);
        first.seen
    }

    /// Whether passing is the decision's only answer: then it is not asked (V-R15).
    pub(crate) fn only_pass(&self) -> bool {
        self.first_decision_options(2) == [Action::Pass]
    }

    /// The answers to the decision itself (`offer` adds what any decision allows).
    fn offer_decision(&self, out: &mut impl Offers) {
        let Some(decision) = self.decision() else {
            return;
        };
        match decision {
            Decision::CompensationCube { .. } | Decision::RewardCubes { .. } => {
                out.extend(
                    self.cubes_of_choice()
                        .map(|colour| Action::ChooseCube { colour }),
                );
            }
            Decision::Turn { seat } => self.turn_options(seat, out),
            Decision::ChooseAction { seat } => {
                out.extend(
                    Space::ALL
                        .into_iter()
                        .filter(|&space| self.can_perform(seat, space))
                        .map(|space| Action::ChooseAction { space }),
                );
            }
            Decision::Act { seat, space } => {
                self.action_options(seat, space, out);
                out.push(Action::Pass);
            }
            Decision::Produce { building, .. } => {
                out.extend(self.productions(building));
                out.push(Action::Pass);
            }
            Decision::Privilege { seat, up_to } => {
                self.privileges(seat, up_to, out);
                out.push(Action::Pass);
            }
            Decision::MarketDay { .. } => {
                self.sales(decision, out);
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
                self.load_options(seat, out);
                out.push(Action::Pass);
            }
            Decision::Sail { seat, moved, .. } => {
                self.step_options(decision, out);
                if moved || self.seats[usize::from(seat)].ship.at != 0 {
                    out.push(Action::Pass);
                }
            }
            Decision::Island { seat, took } => {
                self.island_options(seat, took, out);
                out.push(Action::Pass);
            }
        }
    }

    /// Colours the supply has a cube of.
    pub(crate) fn cubes_of_choice(&self) -> impl Iterator<Item = Colour> + '_ {
        Colour::ALL
            .into_iter()
            .filter(|&c| self.board.supply.cubes.of(c) > 0)
    }

    fn turn_options(&self, seat: Seat, out: &mut impl Offers) {
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
        let mut first = First::new(1);
        self.action_options(seat, space, &mut first);
        !first.seen.is_empty()
    }

    /// A space's actions open to a seat (the market has none here: a market day starts).
    pub(crate) fn action_options(&self, seat: Seat, space: Space, out: &mut impl Offers) {
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
                    if out.answered() {
                        return;
                    }
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
                if out.answered() {
                    return;
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
                    if out.answered() {
                        return;
                    }
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
    fn privileges(&self, seat: Seat, up_to: u8, out: &mut impl Offers) {
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

    /// Whether a market day's seat has any sale open.
    pub(crate) fn can_sell(&self, decision: Decision) -> bool {
        let mut first = First::new(1);
        self.sales(decision, &mut first);
        !first.seen.is_empty()
    }

    /// The sales open at a market day to the seat named: each stall it can serve, free for the
    /// trigger's first sale, else with each way to pay the green cube.
    pub(crate) fn sales(&self, decision: Decision, out: &mut impl Offers) {
        let Decision::MarketDay {
            trigger,
            seat,
            free,
            ..
        } = decision
        else {
            return;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::GameRng;
    use crate::games::village::components::{Components, PROVISIONAL};
    use crate::games::village::{new_game, Options};
    use crate::games::Play;
    use std::sync::Arc;

    /// An asker that stops the listing early learns what the whole list would tell it: the
    /// first options are the list's first, and an action is found exactly when it is listed.
    #[test]
    fn a_listing_stopped_early_agrees_with_the_whole_list() {
        let set = Arc::new(Components::parse(PROVISIONAL).unwrap());
        for players in 2..=5u32 {
            for seed in 0..6u64 {
                let options = Options {
                    life_goals: seed % 2 == 0,
                    port: seed % 3 != 0,
                    ..Options::default()
                };
                let mut s = new_game(Arc::clone(&set), players, 0, seed, options).unwrap();
                let mut rng = GameRng::from_u64(seed);
                while !s.status().finished {
                    let mut answers = Vec::new();
                    s.offer_decision(&mut answers);
                    for n in 1..=3 {
                        let first = s.first_decision_options(n);
                        assert_eq!(first, answers[..n.min(answers.len())], "{:?}", s.decision());
                    }
                    let all = s.options();
                    assert!(all.iter().all(|&a| s.is_option(a)));
                    for other in [Action::Pass, Action::Harvest, Action::Mill, Action::Sail] {
                        assert_eq!(s.is_option(other), all.contains(&other));
                    }
                    let seat = s.decision().unwrap().seat();
                    let a = all[rng.below(all.len() as u32) as usize];
                    s.apply_in_place(seat, &a, &mut Vec::new()).unwrap();
                }
            }
        }
    }
}
