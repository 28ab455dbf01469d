//! Life Goals in the flow (village.md §8, [R] §10.7): a goal is revealed by its owner whenever
//! it is to decide, without answering the decision; after the final mass every seat, in turn
//! order from the starting player, has a last chance before the game is scored.

use crate::core::Seat;
use crate::games::village::action::Event;
use crate::games::village::state::{Decision, Goal, State};

impl State {
    /// Reveals a goal; the decision stays open, except a last chance with nothing more to reveal.
    pub(crate) fn reveal_goal(&mut self, seat: Seat, goal: Goal, events: &mut Vec<Event>) {
        let prestige = self.reveal(seat, goal);
        events.push(Event::GoalRevealed {
            seat,
            goal,
            prestige,
        });
        if self.decision() == Some(Decision::LastChance { seat })
            && self.goals_met(seat).next().is_none()
        {
            // The seat meets nothing more: asking from its own position moves on.
            self.pending.pop();
            self.ask_last_chance(self.position(seat), events);
        }
    }

    /// Asks the first seat from turn position `from` on that meets a face-down goal; after the
    /// last, the game is over.
    pub(crate) fn ask_last_chance(&mut self, from: u8, events: &mut Vec<Event>) {
        for position in from..self.config.players {
            let seat = self.config.after(self.starting, position);
            if self.goals_met(seat).next().is_some() {
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
}
