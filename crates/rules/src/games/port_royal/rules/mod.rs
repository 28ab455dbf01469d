//! The rules of Port Royal: who acts, what they may do, and what each action does. Every check
//! happens before anything changes, so a refused action leaves the state untouched.

mod coins;
mod contracts;
mod defaults;
mod describe;
mod discover;
mod expedition;
mod tax;
mod trade;
mod turn;

use crate::core::status::{rank, Standing};
use crate::core::{Cooperative, Seat, Status, Violation};
use crate::games;

use super::Code;

use super::action::{Action, Event};
use super::contracts::rating;
use super::state::{Phase, State};
use crate::games::Play;

impl State {
    /// The seat that must decide now (`None` once finished): the first open offer's seat, else
    /// the active player, or the taker in phase 2.
    pub fn to_act(&self) -> Option<Seat> {
        if let Some(offer) = self.offers.first() {
            return Some(offer.seat);
        }
        match self.turn.phase {
            Phase::Discover | Phase::Repel { .. } | Phase::Bust => Some(self.turn.active),
            Phase::Trade { taker, .. } => Some(taker),
            Phase::Finished => None,
        }
    }

    /// The pure form: a new state and its events, or a violation; `self` is untouched.
    pub fn apply(&self, seat: Seat, action: &Action) -> Result<(State, Vec<Event>), Violation> {
        // Checked once, before the copy: a refused action costs no clone.
        self.check(seat, action)?;
        let mut next = self.clone();
        let mut events = Vec::new();
        next.perform(seat, action, &mut events);
        Ok((next, events))
    }

    /// Applies an action that `check` accepted.
    fn perform(&mut self, seat: Seat, action: &Action, events: &mut Vec<Event>) {
        match action {
            Action::Draw => self.draw(events),
            Action::Stop => self.begin_trade(events),
            Action::Repel => self.repel(events),
            Action::Admit => self.admit_pending(events),
            Action::Take {
                card,
                decline_coins,
                gift_to,
            } => self.take(seat, *card, *decline_coins, *gift_to, events),
            Action::Pass => {
                events.push(Event::Passed { seat });
                self.next_chance(seat, events);
            }
            Action::ClaimExpedition {
                expedition,
                persons,
            } => self.claim(seat, *expedition, persons, events),
            Action::CompleteContract(contract) => self.complete_now(seat, *contract, events),
            Action::Accept => self.resolve_offer(true, events),
            Action::Decline => self.resolve_offer(false, events),
        }
    }
}

impl games::Play for State {
    /// Who must act and, once finished, the ranking (§2.7: VP, then coins, then a shared win; in
    /// the expedition variant only players with an expedition can win, R17; cooperative: won or
    /// lost, and the team's rating, §3.3).
    fn status(&self) -> Status {
        let finished = self.turn.phase == Phase::Finished;
        let cooperative = match self.cooperative() {
            Some(x) if finished => Some(Cooperative {
                won: x.outcome == Some(true),
                rating: rating(x.victory_pile.len()),
            }),
            _ => None,
        };
        let result = if !finished {
            Vec::new()
        } else {
            let expedition_needed = self.config.options.expedition_variant
                && self.config.rules.expedition_needed_to_win();
            let standings: Vec<Standing> = (0..self.config.players)
                .map(|s| Standing {
                    can_win: !expedition_needed || self.expeditions_owned(s) > 0,
                    score: self.victory_points(s),
                    tie_breakers: vec![self.coins(s)],
                    breakdown: self.score_sheet(s),
                    tie_breaker_names: &["coins"],
                })
                .collect();
            let mut r = rank(&standings);
            if let Some(c) = &cooperative {
                for s in &mut r {
                    s.rank = 1;
                    s.winner = c.won;
                }
            }
            r
        };
        Status {
            to_act: self.to_act().into_iter().collect(),
            free: Vec::new(),
            finished,
            result,
            phase: if !self.offers.is_empty() {
                "offer"
            } else {
                match self.turn.phase {
                    Phase::Discover => "discover",
                    Phase::Repel { .. } => "repel",
                    Phase::Trade { .. } => "trade",
                    Phase::Bust => "bust",
                    Phase::Finished => "finished",
                }
            },
            cooperative,
        }
    }

    /// Every action open now, with the seat that may take it; only `seat`'s if given.
    fn legal_actions(&self, seat: Option<Seat>) -> Vec<(Seat, Action)> {
        let Some(actor) = self.to_act() else {
            return Vec::new();
        };
        if seat.is_some_and(|s| s != actor) {
            return Vec::new();
        }
        let mut out = Vec::new();
        if !self.offers.is_empty() {
            out.push(Action::Accept);
            out.push(Action::Decline);
        } else {
            match self.turn.phase {
                Phase::Discover => {
                    out.push(Action::Draw);
                    if self.turn.drawn > 0 {
                        out.push(Action::Stop);
                    }
                    self.push_claims(actor, &mut out);
                    if self.config.rules.contracts_in_discover() {
                        self.push_completions(actor, &mut out);
                    }
                }
                Phase::Repel { .. } => {
                    out.push(Action::Repel);
                    out.push(Action::Admit);
                }
                Phase::Trade { .. } => {
                    self.push_takes(actor, &mut out);
                    out.push(Action::Pass);
                    self.push_completions(actor, &mut out);
                    if actor == self.turn.active {
                        self.push_claims(actor, &mut out);
                    }
                }
                Phase::Bust | Phase::Finished => {}
            }
        }
        out.into_iter().map(|a| (actor, a)).collect()
    }

    /// The default action of `seat`, among `own` (its listed actions), if it must act now:
    /// decline an offer; draw one card, then stop; let a ship in; as the active player in phase
    /// 2, claim an expedition it can, else take the first ship in the harbour, else hire the
    /// affordable person worth the most victory points (the first of them), else pass; any
    /// other seat passes.
    fn default_action(&self, seat: Seat, own: &[&Action]) -> Option<Action> {
        if self.to_act() != Some(seat) {
            return None;
        }
        if !self.offers.is_empty() {
            return Some(Action::Decline);
        }
        match self.turn.phase {
            Phase::Discover if self.turn.drawn == 0 => Some(Action::Draw),
            Phase::Discover => Some(Action::Stop),
            Phase::Repel { .. } => Some(Action::Admit),
            Phase::Trade { .. } if seat == self.turn.active => Some(Self::active_trade(own)),
            Phase::Trade { .. } => Some(Action::Pass),
            Phase::Bust | Phase::Finished => None,
        }
    }

    /// Would `seat` be allowed to take `action` now? Changes nothing.
    fn check(&self, seat: Seat, action: &Action) -> Result<(), Violation> {
        let actor = games::check_seat(seat, self.config.players, self.to_act())?;
        if seat != actor {
            let sentence = format!("It is seat {actor}'s decision, not seat {seat}'s.");
            return Err(games::not_your_turn(actor, sentence));
        }
        if !self.offers.is_empty() {
            return match action {
                Action::Accept | Action::Decline => Ok(()),
                _ => Err(wrong_phase(
                    "First accept or decline the offer that is open.",
                )),
            };
        }
        match (self.turn.phase, action) {
            (Phase::Discover, Action::Draw) => Ok(()),
            (Phase::Discover, Action::Stop) => self.check_stop(),
            (
                Phase::Discover | Phase::Trade { .. },
                Action::ClaimExpedition {
                    expedition,
                    persons,
                },
            ) => self.check_claim(seat, *expedition, persons),
            (Phase::Repel { .. }, Action::Repel | Action::Admit) => Ok(()),
            (
                Phase::Trade { .. },
                Action::Take {
                    card,
                    decline_coins,
                    gift_to,
                },
            ) => self.check_take(seat, *card, *decline_coins, *gift_to),
            (Phase::Trade { .. }, Action::Pass) => Ok(()),
            (Phase::Trade { .. }, Action::CompleteContract(contract)) => {
                self.check_complete(seat, *contract)
            }
            (Phase::Discover, Action::CompleteContract(contract))
                if self.config.rules.contracts_in_discover() =>
            {
                self.check_complete(seat, *contract)
            }
            (_, Action::Accept | Action::Decline) => {
                Err(wrong_phase("There is no offer to accept or decline."))
            }
            (Phase::Discover, _) => Err(wrong_phase(
                "In the discover phase you may draw, stop after your first card, claim an expedition, or (from port-royal/2) complete a contract.",
            )),
            (Phase::Repel { .. }, _) => Err(wrong_phase(
                "First decide whether to repel the ship just drawn or let it in.",
            )),
            (Phase::Trade { .. }, _) => Err(wrong_phase(
                "In phase 2 you may take a harbor card, complete a contract, pass, or (active player) claim an expedition.",
            )),
            (Phase::Bust | Phase::Finished, _) => {
                Err(wrong_phase("Nothing can be done in this phase."))
            }
        }
    }

    /// Checks and applies an action in place, appending what happened to `events`. On a
    /// violation nothing has changed.
    fn apply_in_place(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), Violation> {
        self.check(seat, action)?;
        self.perform(seat, action, events);
        Ok(())
    }
}

fn wrong_phase(message: &str) -> Violation {
    Violation::new(Code::WrongPhase, message)
}
