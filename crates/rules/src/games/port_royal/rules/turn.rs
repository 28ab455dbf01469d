//! The end of a turn and of the game (§2.7): leftover harbor cards are discarded; once a player
//! meets the end condition the round is finished, so every player has had the same number of
//! turns, and the game ends before the start player would play again.

use crate::core::seat::next;
use crate::core::Seat;

use super::super::action::Event;
use super::super::state::{Phase, State};

/// Victory points that trigger the end of the game.
pub const END_VICTORY_POINTS: u32 = 12;

impl State {
    /// Whether a seat meets the end condition: 12 VP, plus an expedition in the expedition
    /// variant.
    pub(crate) fn meets_end(&self, seat: Seat) -> bool {
        self.victory_points(seat) >= END_VICTORY_POINTS
            && (!self.config.options.expedition_variant || self.expeditions_owned(seat) > 0)
    }

    pub(super) fn end_turn(&mut self, events: &mut Vec<Event>) {
        let active = self.turn.active;
        let discarded = self.harbor.len() as u32;
        self.discard.append(&mut self.harbor);
        events.push(Event::TurnEnded {
            seat: active,
            discarded,
        });
        if !self.turn.final_round && !self.config.options.cooperative() {
            let seats: Vec<Seat> = (0..self.config.players)
                .filter(|&s| self.meets_end(s))
                .collect();
            if !seats.is_empty() {
                self.turn.final_round = true;
                events.push(Event::FinalRoundBegan {
                    seats,
                    supply_exhausted: false,
                });
            }
        }
        let next_seat = next(active, self.config.players);
        if self.turn.final_round && next_seat == self.config.start_seat {
            self.turn.phase = Phase::Finished;
            events.push(Event::GameFinished);
            return;
        }
        self.turn = super::super::state::Turn {
            active: next_seat,
            phase: Phase::Discover,
            drawn: 0,
            final_round: self.turn.final_round,
            number: self.turn.number.saturating_add(1),
        };
        if !self.config.rules.contracts_in_discover() {
            self.check_cooperative_loss(events);
        }
    }
}
