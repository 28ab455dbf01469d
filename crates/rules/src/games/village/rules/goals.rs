//! Life Goals in the flow (village.md §8, [R] §10.7): a goal is revealed by its owner whenever
//! it is to decide (from `village/2` on at any moment); from `village/3` on an automatic step
//! that could take a face-down goal from its seat waits for that seat's answer (V-R41); after
//! the final mass every seat, in turn order from the starting player, has a last chance before
//! the game is scored.

use crate::core::Seat;
use crate::games::village::action::Event;
use crate::games::village::state::{Decision, Goal, State, Step};

impl State {
    /// Reveals a goal; the decision stays open, except a last chance or a goal at stake with
    /// nothing more to ask for (whoever revealed: a card revealed is no longer anyone's chance).
    pub(crate) fn reveal_goal(&mut self, seat: Seat, goal: Goal, events: &mut Vec<Event>) {
        let prestige = self.reveal(seat, goal);
        events.push(Event::GoalRevealed {
            seat,
            goal,
            prestige,
        });
        match self.decision() {
            Some(Decision::LastChance { seat: asked })
                if asked == seat && !self.has_last_chance(seat) =>
            {
                // Nothing more to reveal: asking from its own position moves on.
                self.pending.pop();
                self.ask_last_chance(self.position(seat), events);
            }
            Some(Decision::GoalAtStake { seat: asked, step }) if !self.at_stake(asked, step) => {
                self.pending.pop();
                self.take_step(asked, step, events);
            }
            _ => {}
        }
    }

    /// Asks the first seat from turn position `from` on that has a last chance; after the last,
    /// the game is over.
    pub(crate) fn ask_last_chance(&mut self, from: u8, events: &mut Vec<Event>) {
        for position in from..self.config.players {
            let seat = self.config.after(self.starting, position);
            if self.has_last_chance(seat) {
                self.pending.push(Decision::LastChance { seat });
                return;
            }
        }
        // [R] §10.9: chests brought home and still face down are cashed before scoring.
        for seat in 0..self.config.players {
            let chests = self.seats[usize::from(seat)].chests.clone();
            for value in chests {
                self.cash_chest(seat, value);
            }
        }
        events.push(Event::Finished);
    }

    /// Whether a seat is asked at the last chance: it meets a face-down goal; from `village/3`
    /// on it holds one, as every seat sees (V-R42), so being asked tells nothing.
    pub(crate) fn has_last_chance(&self, seat: Seat) -> bool {
        if self.config.rules.asks_from_public_facts() {
            self.seats[usize::from(seat)]
                .goals
                .iter()
                .any(|g| !g.revealed)
        } else {
            self.goals_met(seat).next().is_some()
        }
    }

    /// V-R41: whether `step` could take from `seat` a face-down goal it meets, as far as every
    /// seat can tell: some card it may hold face down (dealt in this game, revealed by nobody,
    /// of a metal it still holds face down) is met by its pieces now and would not be after the
    /// step. Its own cards do not enter, so whether it is asked tells nothing about them.
    pub(crate) fn at_stake(&self, seat: Seat, step: Step) -> bool {
        let face_down = self.seats[usize::from(seat)]
            .goals
            .iter()
            .any(|g| !g.revealed);
        if !self.config.rules.pauses_for_goals_at_stake() || !face_down {
            return false;
        }
        let met: Vec<Goal> = self
            .goals_it_may_hold(seat)
            .filter(|&g| self.meets(seat, g))
            .collect();
        if met.is_empty() {
            return false;
        }
        let mut after = self.clone();
        after.step_effect(seat, step);
        met.into_iter().any(|g| !after.meets(seat, g))
    }

    /// The cards a seat may hold face down, as every seat can tell.
    fn goals_it_may_hold(&self, seat: Seat) -> impl Iterator<Item = Goal> + '_ {
        let hidden = |silver: bool| {
            self.seats[usize::from(seat)]
                .goals
                .iter()
                .any(|g| !g.revealed && g.goal.silver() == silver)
        };
        let metals = [hidden(true), hidden(false)];
        let port = self.port();
        Goal::ALL.into_iter().filter(move |&g| {
            metals[usize::from(!g.silver())]
                && g.dealt(port)
                && !self
                    .seats
                    .iter()
                    .any(|s| s.goals.iter().any(|h| h.revealed && h.goal == g))
        })
    }

    /// What an automatic step changes on the seat's pieces (on a copy, to judge what is at
    /// stake).
    fn step_effect(&mut self, seat: Seat, step: Step) {
        match step {
            Step::Death { .. } => {
                if let [only] = self.dying_candidates(seat)[..] {
                    self.bury(seat, only);
                }
            }
            Step::MarkerReturn => self.marker = None,
        }
    }

    /// The step a `GoalAtStake` decision waited for, and what follows it.
    pub(crate) fn take_step(&mut self, seat: Seat, step: Step, events: &mut Vec<Event>) {
        match step {
            Step::Death { left } => {
                if let [only] = self.dying_candidates(seat)[..] {
                    self.die(seat, only, events);
                }
                if self.deaths(seat, u32::from(left) - 1, events) {
                    self.after_deaths(seat, events);
                }
            }
            Step::MarkerReturn => self.begin_next_round(events),
        }
    }
}
