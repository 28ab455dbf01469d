//! The default action's choice where it is more than one line: the active player's in phase 2
//! (the rule per decision is `Play::default_action`, in `rules/mod.rs`).

use super::super::action::Action;
use super::super::cards::{face, Card};
use super::super::state::State;

impl State {
    /// The active player's default in phase 2: a table of absent players that never took a card
    /// could deal forever, so it takes one, spending coins only when no ship is there to take.
    pub(super) fn active_trade(own: &[&Action]) -> Action {
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
