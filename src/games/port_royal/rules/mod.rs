//! The rules of Port Royal: who acts, what they may do, and what each action does. Every check
//! happens before anything changes, so a refused action leaves the state untouched.

mod coins;
mod discover;
mod expedition;
mod tax;
mod trade;
mod turn;

use crate::core::status::rank;
use crate::core::{Code, Seat, Status, Violation};

use super::action::{Action, Event};
use super::state::{Phase, State};

impl State {
    /// The seat that must decide now (`None` once finished).
    pub fn to_act(&self) -> Option<Seat> {
        match self.turn.phase {
            Phase::Discover | Phase::Repel { .. } => Some(self.turn.active),
            Phase::Trade { taker, .. } => Some(taker),
            Phase::Finished => None,
        }
    }

    /// Who must act and, once finished, the ranking (§2.7: VP, then coins, then a shared win).
    pub fn status(&self) -> Status {
        let finished = self.turn.phase == Phase::Finished;
        let result = if finished {
            let scores: Vec<(u32, u32)> = (0..self.config.players)
                .map(|s| (self.victory_points(s), self.coins(s)))
                .collect();
            rank(&scores)
        } else {
            Vec::new()
        };
        Status {
            to_act: self.to_act().into_iter().collect(),
            finished,
            result,
            phase: match self.turn.phase {
                Phase::Discover => "discover",
                Phase::Repel { .. } => "repel",
                Phase::Trade { .. } => "trade",
                Phase::Finished => "finished",
            },
        }
    }

    /// Every action open now, with the seat that may take it; only `seat`'s if given.
    pub fn legal_actions(&self, seat: Option<Seat>) -> Vec<(Seat, Action)> {
        let Some(actor) = self.to_act() else {
            return Vec::new();
        };
        if seat.is_some_and(|s| s != actor) {
            return Vec::new();
        }
        let mut out = Vec::new();
        match self.turn.phase {
            Phase::Discover => {
                out.push(Action::Draw);
                if self.turn.drawn > 0 {
                    out.push(Action::Stop);
                }
                self.push_claims(actor, &mut out);
            }
            Phase::Repel { .. } => {
                out.push(Action::Repel);
                out.push(Action::Admit);
            }
            Phase::Trade { .. } => {
                if self.takes_left(actor) > 0 {
                    out.extend(
                        self.harbor
                            .iter()
                            .filter(|&&id| self.check_take(actor, id).is_ok())
                            .map(|&id| Action::Take(u32::from(id))),
                    );
                }
                out.push(Action::Pass);
                if actor == self.turn.active {
                    self.push_claims(actor, &mut out);
                }
            }
            Phase::Finished => {}
        }
        out.into_iter().map(|a| (actor, a)).collect()
    }

    /// Would `seat` be allowed to take `action` now? Changes nothing.
    pub fn check(&self, seat: Seat, action: &Action) -> Result<(), Violation> {
        let Some(actor) = self.to_act() else {
            return Err(Violation::new(Code::GameFinished, "The game is over."));
        };
        if seat >= self.config.players {
            return Err(Violation::new(
                Code::NoSuchSeat,
                format!(
                    "Seat {seat} does not exist in a {}-player game.",
                    self.config.players
                ),
            ));
        }
        if seat != actor {
            return Err(Violation::new(
                Code::NotYourTurn,
                format!("It is seat {actor}'s decision, not seat {seat}'s."),
            )
            .with("to_act", actor));
        }
        match (self.turn.phase, action) {
            (Phase::Discover, Action::Draw) => Ok(()),
            (Phase::Discover, Action::Stop) => self.check_stop(),
            (Phase::Discover | Phase::Trade { .. }, Action::ClaimExpedition { expedition, persons }) => {
                self.check_claim(seat, *expedition, persons)
            }
            (Phase::Repel { .. }, Action::Repel | Action::Admit) => Ok(()),
            (Phase::Trade { .. }, Action::Take(card)) => self.check_take_raw(seat, *card),
            (Phase::Trade { .. }, Action::Pass) => Ok(()),
            (Phase::Discover, _) => Err(wrong_phase(
                "In the discover phase you may draw, stop after your first card, or claim an expedition.",
            )),
            (Phase::Repel { .. }, _) => Err(wrong_phase(
                "First decide whether to repel the ship just drawn or let it in.",
            )),
            (Phase::Trade { .. }, _) => Err(wrong_phase(
                "In phase 2 you may take a harbor card, pass, or (active player) claim an expedition.",
            )),
            (Phase::Finished, _) => Err(Violation::new(Code::GameFinished, "The game is over.")),
        }
    }

    /// Checks and applies an action in place, appending what happened to `events`. On a
    /// violation nothing has changed.
    pub fn apply_in_place(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), Violation> {
        self.check(seat, action)?;
        match action {
            Action::Draw => self.draw(events),
            Action::Stop => self.begin_trade(events),
            Action::Repel => self.repel(events),
            Action::Admit => self.admit_pending(events),
            Action::Take(card) => self.take(seat, *card, events),
            Action::Pass => {
                events.push(Event::Passed { seat });
                self.next_chance(seat, events);
            }
            Action::ClaimExpedition {
                expedition,
                persons,
            } => self.claim(seat, *expedition, persons, events),
        }
        Ok(())
    }

    /// The pure form: a new state and its events, or a violation; `self` is untouched.
    pub fn apply(&self, seat: Seat, action: &Action) -> Result<(State, Vec<Event>), Violation> {
        self.check(seat, action)?;
        let mut next = self.clone();
        let mut events = Vec::new();
        next.apply_in_place(seat, action, &mut events)?;
        Ok((next, events))
    }
}

fn wrong_phase(message: &str) -> Violation {
    Violation::new(Code::WrongPhase, message)
}
