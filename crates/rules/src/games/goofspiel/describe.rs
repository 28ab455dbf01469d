//! Readable moves: a short English sentence for every action and event. For logs, move lists
//! and bots' debugging; the wording may change between releases and is no translation source.
//! A bid's card is named only in the bidder's own sentence (an action's description goes to
//! the seat that may take it); the event of a bid names no card.

use crate::core::Seat;

use super::action::{Action, Event};
use super::state::State;

impl crate::games::Sentences for State {
    /// What `seat` bidding does, e.g. "Seat 1 bids its 7 for the 12".
    fn describe_action(&self, seat: Seat, action: &Action) -> String {
        let Action::Bid { card } = action;
        format!(
            "Seat {seat} bids its {card} for {}",
            prizes(&self.prizes_up)
        )
    }

    /// What happened, e.g. "Seat 0 wins the 12 with its 9".
    fn describe_event(&self, event: &Event) -> String {
        match event {
            Event::BidPlaced { seat } => format!("Seat {seat} bids, face down"),
            Event::BidsRevealed {
                bids,
                winner,
                prizes: won,
                rolled_over,
            } => {
                let shown: Vec<String> = bids.iter().map(u8::to_string).collect();
                let outcome = match winner {
                    Some(seat) => format!("seat {seat} wins {}", prizes(won)),
                    None if *rolled_over => format!("a tie: {} roll over", prizes(won)),
                    None => format!("a tie: {} discarded", prizes(won)),
                };
                format!("The bids are {}; {outcome}", shown.join(", "))
            }
            Event::PrizeTurned { card } => format!("The {card} is turned up as the prize"),
        }
    }
}

/// Prizes in words: `the 12`, `the 12 and 3`, or `nothing`.
fn prizes(cards: &[u8]) -> String {
    if cards.is_empty() {
        return "nothing".to_owned();
    }
    let names: Vec<String> = cards.iter().map(u8::to_string).collect();
    format!("the {}", names.join(" and "))
}
