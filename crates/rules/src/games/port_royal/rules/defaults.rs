//! The default action: what a platform plays for a seat that must act and is absent (timed out,
//! left). One rule per decision (docs/rules.md, "Default actions"): the least committal choice
//! that still moves the game on, picked from the listed actions, so it is always legal.

use crate::core::Seat;

use super::super::action::Action;
use super::super::cards::{face, Card};
use super::super::state::{Phase, State};

impl State {
    /// The default action of `seat`, among `own` (its listed actions), if it must act now:
    /// decline an offer; draw one card, then stop; let a ship in; as the active player in phase
    /// 2, claim an expedition it can, else take the first ship in the harbour, else hire the
    /// affordable person worth the most victory points (the first of them), else pass; any
    /// other seat passes.
    pub fn default_among(&self, seat: Seat, own: &[&Action]) -> Option<Action> {
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

    /// The active player's default in phase 2: a table of absent players that never took a card
    /// could deal forever, so it takes one, spending coins only when no ship is there to take.
    fn active_trade(own: &[&Action]) -> Action {
        // Coins are never declined; a special ship's gift goes to the first seat listed.
        let plain = |a: &&&Action| {
            matches!(
                a,
                Action::Take {
                    decline_coins: false,
                    ..
                }
            )
        };
        let card_of = |a: &Action| match a {
            Action::Take { card, .. } => u8::try_from(*card).ok().map(face),
            _ => None,
        };
        let claim = own
            .iter()
            .find(|a| matches!(a, Action::ClaimExpedition { .. }));
        let ship = own
            .iter()
            .filter(plain)
            .find(|a| matches!(card_of(a), Some(Card::Ship { .. })));
        let person = own
            .iter()
            .filter(plain)
            .filter(|a| card_of(a).is_some_and(|c| c.person().is_some()))
            // The last maximum of the reversed list: the first person worth the most.
            .rev()
            .max_by_key(|a| card_of(a).map_or(0, Card::vp));
        claim
            .or(ship)
            .or(person)
            .map_or(Action::Pass, |a| (*a).clone())
    }
}
