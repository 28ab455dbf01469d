//! Tax increase (§2.5): 12+ coins lose half (rounded down); then the bonus coin to every player
//! tied for most swords or fewest VP (ties at zero included); then the card is discarded.

use crate::core::pile::CardId;
use crate::core::seat::others_clockwise;
use crate::core::Seat;

use super::super::action::{CoinReason, Event};
use super::super::cards::Tax;
use super::super::state::State;

/// Players with at least this many coins are taxed.
pub const TAX_THRESHOLD: u32 = 12;

impl State {
    pub(super) fn resolve_tax(&mut self, card: CardId, tax: Tax, events: &mut Vec<Event>) {
        let players = self.config.players;
        let mut coins_lost = Vec::with_capacity(usize::from(players));
        for seat in 0..players {
            let held = self.coins(seat);
            let lost = if held >= TAX_THRESHOLD { held / 2 } else { 0 };
            self.pay_to_discard(seat, lost);
            coins_lost.push(lost);
        }
        let metric = |s: &State, seat: Seat| match tax {
            Tax::MostSwords => s.swords(seat),
            Tax::FewestVictoryPoints => s.victory_points(seat),
        };
        let values: Vec<u32> = (0..players).map(|seat| metric(self, seat)).collect();
        let best = match tax {
            Tax::MostSwords => values.iter().max(),
            Tax::FewestVictoryPoints => values.iter().min(),
        }
        .copied()
        .unwrap_or(0);
        // Bonus coins go out from the active player clockwise, so the order is fixed.
        let active = self.turn.active;
        let bonus_seats: Vec<Seat> = std::iter::once(active)
            .chain(others_clockwise(active, players))
            .filter(|&seat| values.get(usize::from(seat)) == Some(&best))
            .collect();
        let mut gains = Vec::with_capacity(bonus_seats.len());
        for &seat in &bonus_seats {
            gains.push((seat, self.gain(seat, 1, events)));
        }
        self.discard.push(card);
        if self.ext.is_some() {
            self.offer_after_tax(&coins_lost);
        }
        events.push(Event::TaxResolved {
            card,
            coins_lost,
            bonus_seats,
        });
        for (seat, coins) in gains {
            events.push(Event::CoinsGained {
                seat,
                coins,
                reason: CoinReason::TaxBonus,
            });
        }
    }
}
