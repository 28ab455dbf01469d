//! Coins are cards held face down (§1): gained from the top of the draw pile, paid to the
//! discard pile or to another player. Which coin cards are paid is fixed by the referee: the
//! most recently gained first (see docs/rules.md, "Which coin cards are paid").

use crate::core::pile::Supply;
use crate::core::Seat;

use super::super::action::Event;
use super::super::state::State;

impl State {
    /// Gives `seat` up to `n` coins from the draw pile (refilled from the discard pile); returns
    /// how many it got, fewer only when both piles ran out (§2.2 [R]).
    pub(crate) fn gain(&mut self, seat: Seat, n: u32, events: &mut Vec<Event>) -> u32 {
        let mut got = 0;
        for _ in 0..n {
            let mut reshuffled = None;
            let Some(coin) = self.take_top(&mut reshuffled) else {
                break;
            };
            if let Some(cards) = reshuffled {
                events.push(Event::Reshuffled { cards });
            }
            if let Some(s) = self.seats.get_mut(usize::from(seat)) {
                s.coins.push(coin);
                got += 1;
            }
        }
        got
    }

    /// Coins that could be gained right now (draw pile plus discard pile).
    pub(crate) fn supply(&self) -> u32 {
        (self.draw.len() + self.discard.len()) as u32
    }

    /// Pays `n` coins (checked by the caller) to the discard pile.
    pub(crate) fn pay_to_discard(&mut self, seat: Seat, n: u32) {
        if let Some(s) = self.seats.get_mut(usize::from(seat)) {
            for _ in 0..n {
                if let Some(coin) = s.coins.pop() {
                    self.discard.push(coin);
                }
            }
        }
    }

    /// Pays `n` coins (checked by the caller) to another seat.
    pub(crate) fn pay_to_seat(&mut self, from: Seat, to: Seat, n: u32) {
        for _ in 0..n {
            let coin = self
                .seats
                .get_mut(usize::from(from))
                .and_then(|s| s.coins.pop());
            if let (Some(coin), Some(dest)) = (coin, self.seats.get_mut(usize::from(to))) {
                dest.coins.push(coin);
            }
        }
    }
}
