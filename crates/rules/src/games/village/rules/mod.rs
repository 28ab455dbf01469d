//! Village's rules as pure functions of the state: what is open (`legal`), how one decision leads
//! to the next (`flow`, `market_day`, `mass`), and here the checks and the effects of each
//! action.

mod describe;
mod flow;
mod goals;
mod legal;
mod market_day;
mod mass;
mod refusal;
mod voyage;
mod words;

use crate::core::status::{rank, Status};
use crate::core::{Seat, Violation};
use crate::games;

use super::action::{Action, Cube, Event};
use super::pieces::{Colour, Space};
use super::state::council::Privilege;
use super::state::{Decision, State};

pub(crate) use legal::{PLAGUE_TIME, SALE_TIME, WELL_CUBES};
pub use refusal::UNEXPLAINED;

impl games::Play for State {
    /// Who must act, and the result once the game is over.
    fn status(&self) -> Status {
        match self.decision() {
            Some(d) => Status {
                to_act: vec![d.seat()],
                free: (0..self.config.players)
                    .filter(|&s| s != d.seat() && self.free_options(s).next().is_some())
                    .collect(),
                phase: d.phase(),
                ..Status::default()
            },
            None => Status {
                finished: true,
                result: rank(&self.standings()),
                phase: "finished",
                ..Status::default()
            },
        }
    }

    /// Every action open now (only `seat`'s if given), with the seat that may take it: the
    /// deciding seat's, then (from `village/2` on) every other seat's free actions in seat order.
    fn legal_actions(&self, seat: Option<Seat>) -> Vec<(Seat, Action)> {
        let Some(d) = self.decision() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if seat.is_none_or(|s| s == d.seat()) {
            out.extend(self.options().into_iter().map(|a| (d.seat(), a)));
        }
        for other in (0..self.config.players).filter(|&s| s != d.seat()) {
            if seat.is_none_or(|s| s == other) {
                out.extend(self.free_options(other).map(|a| (other, a)));
            }
        }
        out
    }

    /// The default action (docs/rules.md, "Default actions": the least committal answer that
    /// still moves the game on, picked from the listed ones, so it is always legal) of `seat`,
    /// among `own` (its listed actions), if it must decide now: at
    /// a turn, the first influence cube listed (a plague cube only when no other is left; never
    /// the well); `Pass` wherever it is an answer; otherwise (a cube of choice, which member dies,
    /// the action after the well, a ship's first step out of port) the first answer listed. Free
    /// actions are never a default: they need not be taken.
    fn default_action(&self, seat: Seat, own: &[&Action]) -> Option<Action> {
        let decision = self.decision().filter(|d| d.seat() == seat)?;
        // The decision's own answers: the listed actions but the free ones.
        let answers = || own.iter().copied().filter(|a| !is_free(a));
        let influence = |a: &&Action| {
            matches!(
                a,
                Action::TakeCube {
                    cube: Cube::Influence(_),
                    ..
                }
            )
        };
        let take = |a: &&Action| matches!(a, Action::TakeCube { .. });
        let chosen = match decision {
            Decision::Turn { .. } => answers().find(influence).or_else(|| answers().find(take)),
            _ => answers().find(|a| **a == Action::Pass),
        };
        chosen.or_else(|| answers().next()).copied()
    }

    /// Whether an action would be accepted; changes nothing.
    fn check(&self, seat: Seat, action: &Action) -> Result<(), Violation> {
        let decision = games::check_seat(seat, self.config.players, self.decision())?;
        if seat != decision.seat() && is_free(action) && self.config.rules.free_actions() {
            if self.free_options(seat).any(|a| a == *action) {
                return Ok(());
            }
            return Err(self.why_not(decision, seat, action));
        }
        if seat != decision.seat() {
            let sentence = format!("Seat {} must decide now.", decision.seat());
            return Err(games::not_your_turn(decision.seat(), sentence));
        }
        let action = self.canonical(seat, *action);
        if self.is_option(action) {
            return Ok(());
        }
        Err(self.why_not(decision, seat, &action))
    }

    /// Checks and applies an action; on a violation nothing has changed.
    fn apply_in_place(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), Violation> {
        self.check(seat, action)?;
        let action = self.canonical(seat, *action);
        events.push(Event::Acted {
            seat,
            action: action.public(),
        });
        if let Action::RevealGoal { goal } = action {
            self.reveal_goal(seat, goal, events);
            return Ok(());
        }
        if let Action::CashChest { value } = action {
            self.cash_chest(seat, value);
            return Ok(());
        }
        let Some(decision) = self.pending.pop() else {
            return Ok(());
        };
        self.play(decision, action, events);
        Ok(())
    }
}

impl State {
    /// A seat's free actions (V-R39): from `village/2` on, revealing a face-down goal it meets
    /// and cashing a chest brought home are open to it at any moment, whoever is to decide.
    pub(crate) fn free_options(&self, seat: Seat) -> impl Iterator<Item = Action> + '_ {
        let open = self.config.rules.free_actions() && self.decision().is_some();
        open.then(|| {
            self.goals_met(seat)
                .map(|goal| Action::RevealGoal { goal })
                .chain(self.chest_options(seat))
        })
        .into_iter()
        .flatten()
    }

    /// Members alike (one generation, one place) are one choice: the action naming any of them
    /// is the one naming the first. From `village/2` on, two cubes of choice named in either
    /// order are one choice too, the one naming them in colour order (V-R40).
    pub fn canonical(&self, seat: Seat, action: Action) -> Action {
        let first = |member: u8| -> u8 {
            let Some(s) = self.seats.get(usize::from(seat)) else {
                return member;
            };
            let Some(m) = s.members.get(usize::from(member)) else {
                return member;
            };
            s.members
                .iter()
                .position(|o| o.place == m.place && o.generation == m.generation)
                .map_or(member, |i| i as u8)
        };
        let mut a = action;
        match &mut a {
            Action::Recall { member }
            | Action::Train { member, .. }
            | Action::EnterCouncil { member, .. }
            | Action::AdvanceCouncil { member, .. }
            | Action::Travel { member, .. }
            | Action::Church { member, .. }
            | Action::Die { member }
            | Action::Embark { member }
            | Action::MoveLeft { member } => *member = first(*member),
            Action::UsePrivilege {
                privilege: Privilege::Cubes(colours),
            } if self.config.rules.cubes_in_any_order() => colours.sort_unstable(),
            _ => {}
        }
        a
    }

    /// The effects of an accepted action on the decision it answers.
    fn play(&mut self, decision: Decision, action: Action, events: &mut Vec<Event>) {
        let seat = decision.seat();
        match (decision, action) {
            (Decision::CompensationCube { .. }, Action::ChooseCube { colour }) => {
                self.take_cube(seat, colour);
                if self.config.rules.goals_after_compensation() {
                    self.deal_goals();
                }
                self.begin_round();
                events.push(self.round_begun());
            }
            (Decision::RewardCubes { left, .. }, Action::ChooseCube { colour }) => {
                self.take_cube(seat, colour);
                self.reward_cubes(seat, u32::from(left) - 1, events);
            }
            (Decision::Turn { .. }, Action::TakeCube { space, cube }) => {
                let pool = &mut self.board.spaces[space as usize];
                match cube {
                    Cube::Influence(colour) => {
                        pool.cubes.take(colour, 1);
                        self.seats[usize::from(seat)].cubes.add(colour, 1);
                    }
                    Cube::Plague => {
                        pool.plague -= 1;
                        self.board.supply.plague += 1;
                        self.due += self.pass_time(seat, PLAGUE_TIME);
                    }
                }
                self.begin_action(seat, space, events);
            }
            (Decision::Turn { .. }, Action::UseWell { colour }) => {
                let n = self.seats[usize::from(seat)].cubes.take(colour, WELL_CUBES);
                self.board.supply.cubes.add(colour, n);
                self.pending.push(Decision::ChooseAction { seat });
            }
            (Decision::ChooseAction { .. }, Action::ChooseAction { space }) => {
                self.begin_action(seat, space, events);
            }
            (Decision::MarketDay { .. }, action) => self.market_sale(decision, action, events),
            (Decision::Dying { left, .. }, Action::Die { member }) => {
                self.die(seat, usize::from(member), events);
                if self.deaths(seat, u32::from(left) - 1, events) {
                    self.after_deaths(seat, events);
                }
            }
            (Decision::BuyOut { bought, .. }, action) => {
                let count = match action {
                    Action::BuyOut { count } => count,
                    _ => 0,
                };
                for _ in 0..count {
                    self.buy_out(seat);
                }
                let next = self.position(seat) + 1;
                self.ask_buy_out(next, bought + count, events);
            }
            (Decision::Windows { .. }, Action::MoveLeft { member }) => {
                self.move_left(seat, usize::from(member));
                let position = self.position(seat);
                self.ask_windows(position, events);
            }
            (Decision::Windows { .. }, _) => {
                let next = self.position(seat) + 1;
                self.ask_windows(next, events);
            }
            (Decision::Load { .. } | Decision::Sail { .. } | Decision::Island { .. }, action) => {
                self.voyage(decision, action, events)
            }
            (Decision::LastChance { .. }, _) => {
                let next = self.position(seat) + 1;
                self.ask_last_chance(next, events);
            }
            (Decision::GoalAtStake { step, .. }, _) => self.take_step(seat, step, events),
            (_, action) => self.act(seat, action, events),
        }
    }

    /// A cube of the seat's choice from the supply.
    fn take_cube(&mut self, seat: Seat, colour: Colour) {
        let n = self.board.supply.cubes.take(colour, 1);
        self.seats[usize::from(seat)].cubes.add(colour, n);
    }

    /// Cubes of choice still to take (while the supply has any), then the end of the turn.
    fn reward_cubes(&mut self, seat: Seat, left: u32, events: &mut Vec<Event>) {
        if left > 0 && self.cubes_of_choice().next().is_some() {
            let left = u8::try_from(left).unwrap_or(u8::MAX);
            self.pending.push(Decision::RewardCubes { seat, left });
        } else {
            self.end_turn(seat, events);
        }
    }

    /// The action of a space after its cube (or the well): the market day at once (it is
    /// compulsory), else the seat's choice.
    fn begin_action(&mut self, seat: Seat, space: Space, events: &mut Vec<Event>) {
        if space == Space::Market {
            self.begin_market_day(seat, events);
        } else {
            self.ask_unless_only_pass(Decision::Act { seat, space }, events);
        }
    }

    /// After a death decision: the market day goes on, or the turn ends.
    pub(crate) fn after_deaths(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if matches!(self.decision(), Some(Decision::MarketDay { .. })) {
            self.continue_market_day(events);
        } else {
            self.end_turn(seat, events);
        }
    }

    /// A sale or a pass at a market day.
    fn market_sale(&mut self, decision: Decision, action: Action, events: &mut Vec<Event>) {
        let Decision::MarketDay {
            trigger,
            seat,
            mut passed,
            mut free,
        } = decision
        else {
            return;
        };
        let mut quills = 0;
        match action {
            Action::Serve { payment, .. }
            | Action::SellCocoa { payment }
            | Action::SellTea { payment } => {
                self.sell(seat, action, events);
                match payment {
                    Some(way) => {
                        self.pay(seat, &way);
                        quills = self.pass_time(seat, SALE_TIME);
                    }
                    None => free = false,
                }
            }
            _ => passed |= 1 << seat,
        }
        self.pending.push(Decision::MarketDay {
            trigger,
            seat: self.config.after(seat, 1),
            passed,
            free,
        });
        if self.deaths(seat, quills, events) {
            self.continue_market_day(events);
        }
    }

    /// A member moves one window left, paying the grain printed between the windows.
    fn move_left(&mut self, seat: Seat, member: usize) {
        let super::state::Place::Window(w) = self.seats[usize::from(seat)].members[member].place
        else {
            return;
        };
        let grain = self.step_cost(w).unwrap_or(0);
        self.return_grain(seat, grain);
        self.seats[usize::from(seat)].members[member].place = super::state::Place::Window(w + 1);
    }

    /// The actions of the spaces (harvest, family, crafts, council, travel, church) and declining.
    fn act(&mut self, seat: Seat, action: Action, events: &mut Vec<Event>) {
        match action {
            Action::Harvest => {
                self.harvest(seat);
            }
            Action::NewMember => {
                if let Some(m) = self.next_generation(seat) {
                    self.send_to_farmyard(seat, m);
                }
            }
            Action::Recall { member } => self.send_to_farmyard(seat, usize::from(member)),
            Action::Train { building, member } => {
                self.due += self.train(seat, usize::from(member), building);
                if self.makes_any(building) {
                    self.pending.push(Decision::Produce { seat, building });
                    return;
                }
            }
            Action::Produce { building, good } => {
                self.due += self.produce_by_time(seat, building, good);
            }
            Action::Buy {
                building,
                good,
                payment,
            } => self.produce_by_payment(seat, building, good, &payment),
            Action::Mill => self.due += self.mill(seat),
            Action::EnterCouncil { member, payment } => {
                self.due += self.enter_council(seat, usize::from(member), &payment);
                return self.offer_privilege(seat, 1, events);
            }
            Action::AdvanceCouncil { member, payment } => {
                self.due += self.advance_council(seat, usize::from(member), &payment);
                let stage = match self.seats[usize::from(seat)].members[usize::from(member)].place {
                    super::state::Place::Council(stage) => stage,
                    _ => 0,
                };
                return self.offer_privilege(seat, stage, events);
            }
            Action::UsePrivilege { privilege } => self.use_privilege(seat, privilege),
            Action::Travel {
                member,
                path,
                payment,
            } => {
                let journey = self
                    .journeys(seat)
                    .into_iter()
                    .find(|j| j.member == usize::from(member) && j.path == path);
                if let Some(journey) = journey {
                    let arrival = self.travel(seat, journey, &payment);
                    self.due += arrival.quills;
                    if let Some(reward) = arrival.reward {
                        return self.reward_cubes(seat, reward.cubes_of_choice, events);
                    }
                }
            }
            Action::Church { member, payment } => {
                self.due += self.send_to_church(seat, usize::from(member), &payment);
            }
            Action::SetSail { captain } => return self.set_sail(seat, captain, events),
            Action::Sail => return self.begin_movement(seat, events),
            Action::ReturnToPort => return self.return_to_port(seat, events),
            _ => {}
        }
        self.end_turn(seat, events);
    }

    /// After entering or climbing: the privileges up to a stage, if any is open.
    fn offer_privilege(&mut self, seat: Seat, up_to: u8, events: &mut Vec<Event>) {
        self.ask_unless_only_pass(Decision::Privilege { seat, up_to }, events);
    }

    /// Asks a decision of the turn's seat, unless `Pass` is its only answer: then the turn
    /// ends without asking (V-R15).
    fn ask_unless_only_pass(&mut self, decision: Decision, events: &mut Vec<Event>) {
        self.pending.push(decision);
        if self.only_pass() && !self.could_after_cashing(decision) {
            self.pending.pop();
            self.end_turn(decision.seat(), events);
        }
    }
}

/// Whether an action is of a kind that can be free (V-R39).
fn is_free(action: &Action) -> bool {
    matches!(action, Action::RevealGoal { .. } | Action::CashChest { .. })
}

#[cfg(test)]
mod tests {
    use crate::core::GameRng;
    use crate::games::village::components::{Components, PROVISIONAL};
    use crate::games::village::{new_game, Options};
    use crate::games::Play;
    use std::sync::Arc;

    /// Random complete games: every listed action is accepted, the census holds once every piece
    /// is dealt, the game ends.
    #[test]
    fn random_games_end_and_conserve_every_piece() {
        let other = include_str!("../../../../../../tests/fixtures/village/other-components.toml");
        let mut largest = 0;
        let mut steps_max = 0;
        for text in [PROVISIONAL, other] {
            let set = Arc::new(Components::parse(text).unwrap());
            for players in 2..=5u32 {
                for seed in 0..20u64 {
                    let options = Options {
                        no_starting_compensation: seed % 2 == 0,
                        life_goals: seed % 3 == 0,
                        port: seed % 4 < 2,
                    };
                    let mut s = new_game(Arc::clone(&set), players, 0, seed, options).unwrap();
                    // Life goals are dealt once the compensation cube is chosen (V-R38).
                    let mut census = s.goals_dealt().then(|| s.census());
                    let mut rng = GameRng::from_u64(seed ^ 0xfeed);
                    let mut steps = 0;
                    while !s.status().finished {
                        let actions = s.legal_actions(None);
                        assert!(!actions.is_empty(), "{:?}", s.decision());
                        largest = largest.max(actions.len());
                        for (seat, a) in &actions {
                            assert_eq!(s.check(*seat, a), Ok(()));
                        }
                        let (seat, a) = actions[rng.below(actions.len() as u32) as usize];
                        let mut events = Vec::new();
                        s.apply_in_place(seat, &a, &mut events).unwrap();
                        let now = s.census();
                        assert_eq!(
                            census.get_or_insert_with(|| now.clone()),
                            &now,
                            "after {a:?} by {seat}; now {:?}",
                            s.decision()
                        );
                        steps += 1;
                        assert!(steps < 20_000, "no end in sight: {:?}", s.decision());
                    }
                    steps_max = steps_max.max(steps);
                }
            }
        }
        eprintln!("largest list {largest}, longest game {steps_max} actions");
    }
}
