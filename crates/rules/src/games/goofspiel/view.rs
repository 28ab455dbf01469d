//! What a seat or a spectator may see: every bid stays hidden until the last is in (only a
//! seat's own is shown to it, and whether each seat has bid), and the prize pile's order from
//! everyone. The other seats' hands are not shown: each is its suit but its played cards and
//! its hidden bid, so showing it would tell the bid.

use referee_proto::v1;

use crate::core::message::ids;
use crate::core::Seat;

use super::action::Event;
use super::rules_version::Rules;
use super::state::{Options, State};

/// What one seat shows a viewer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatView {
    /// Its hand, ascending: only the viewer's own (else empty).
    pub hand: Vec<u8>,
    /// Whether it has bid this round.
    pub has_bid: bool,
    /// Its bid: only the viewer's own.
    pub bid: Option<u8>,
    /// Its bids revealed, round by round.
    pub played: Vec<u8>,
    /// The prizes it has won.
    pub won: Vec<u8>,
}

/// What a seat may see (`viewer`; `None` = a spectator).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// The seat it is shown to.
    pub viewer: Option<Seat>,
    /// The rules version (the envelope's, not in the game's view message).
    pub rules: Rules,
    /// The options.
    pub options: Options,
    /// The prizes left face down.
    pub prize_pile_count: u32,
    /// The prizes up.
    pub prizes_up: Vec<u8>,
    /// Every seat.
    pub seats: Vec<SeatView>,
    /// The prizes nobody took.
    pub prizes_discarded: Vec<u8>,
}

impl crate::games::Views for State {
    fn view(&self, viewer: Option<Seat>) -> View {
        let seats = (0u8..)
            .zip(&self.seats)
            .map(|(s, h)| {
                let own = viewer == Some(s);
                SeatView {
                    hand: if own { h.cards.clone() } else { Vec::new() },
                    has_bid: h.bid.is_some(),
                    bid: h.bid.filter(|_| own),
                    played: h.played.clone(),
                    won: h.won.clone(),
                }
            })
            .collect();
        View {
            viewer,
            rules: self.rules,
            options: self.options,
            prize_pile_count: self.prize_pile.len() as u32,
            prizes_up: self.prizes_up.clone(),
            seats,
            prizes_discarded: self.prizes_discarded.clone(),
        }
    }

    /// The reveal shows every bid and turns a prize; a bid alone shows nothing (it can be taken
    /// back safely until the round's last bid is in).
    fn reveals(&self, events: &[Event]) -> bool {
        events
            .iter()
            .any(|e| matches!(e, Event::BidsRevealed { .. }))
    }
}

impl View {
    /// The view as its message.
    pub fn to_proto(&self) -> v1::GoofspielView {
        v1::GoofspielView {
            options: Some(self.options.to_proto()),
            prize_pile_count: self.prize_pile_count,
            prizes_up: ids(&self.prizes_up),
            seats: self
                .seats
                .iter()
                .map(|s| v1::GoofspielSeatView {
                    hand: ids(&s.hand),
                    has_bid: s.has_bid,
                    bid: s.bid.map(u32::from),
                    played: ids(&s.played),
                    won: ids(&s.won),
                    points: s.won.iter().map(|&c| u32::from(c)).sum(),
                })
                .collect(),
            prizes_discarded: ids(&self.prizes_discarded),
        }
    }
}
