//! The mass (village.md §4): buy-outs in turn order from the starting player, the random draw up
//! to four pieces, window moves in turn order, the majority; then the next round, or the end.

use crate::core::Seat;
use crate::games::village::action::Event;
use crate::games::village::state::church::MAJORITY_PRESTIGE;
use crate::games::village::state::{Decision, State};

impl State {
    /// The mass begins with the starting player's buy-out.
    pub(crate) fn begin_mass(&mut self, events: &mut Vec<Event>) {
        self.ask_buy_out(0, 0, events);
    }

    /// A seat's position in turn order from the starting player (0 for the starting player).
    pub(crate) fn position(&self, seat: Seat) -> u8 {
        let players = self.config.players;
        (seat + players - self.starting) % players
    }

    /// Asks the first seat from turn position `from` on that can buy a member out (from
    /// `village/2` on: once it cashed its chests, V-R39); after the last, the draw and the window moves.
    pub(crate) fn ask_buy_out(&mut self, from: u8, bought: u8, events: &mut Vec<Event>) {
        for position in from..self.config.players {
            let seat = self.config.after(self.starting, position);
            let decision = Decision::BuyOut { seat, bought };
            if self.most_to_buy_out(seat, bought) > 0 || self.could_after_cashing(decision) {
                self.pending.push(decision);
                return;
            }
        }
        let draws = self.draw_for_mass(u32::from(bought));
        events.push(Event::MassDraw { draws });
        self.ask_windows(0, events);
    }

    /// Asks the first seat from turn position `from` on that can move a member left; after the
    /// last, the majority, then the next round or the end.
    pub(crate) fn ask_windows(&mut self, from: u8, events: &mut Vec<Event>) {
        for position in from..self.config.players {
            let seat = self.config.after(self.starting, position);
            if !self.window_moves(seat).is_empty() {
                self.pending.push(Decision::Windows { seat });
                return;
            }
        }
        let seats = self.church_majority();
        for &s in &seats {
            self.seats[usize::from(s)].prestige += MAJORITY_PRESTIGE;
        }
        events.push(Event::ChurchMajority { seats });
        if self.end.triggered {
            self.ask_last_chance(0, events);
        } else {
            self.next_round(events);
        }
    }
}
