//! A seat's decision (its bid) and what happened, and how each is read from and written to its
//! message.

use referee_proto::v1;
use v1::goofspiel_event::Kind;

use crate::core::message::ids;
use crate::core::{Seat, StateErrors};

/// A seat's decision: the card it bids, face down, for the prizes up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Bid the card of this rank.
    Bid {
        /// The rank, 1 to 13, as the client sent it (a refusal names it).
        card: u32,
    },
}

/// Something that happened (public: nothing here tells a bid before the reveal).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A seat bid, face down.
    BidPlaced {
        /// The seat.
        seat: Seat,
    },
    /// The last bid is in: every bid is shown, and the prizes go to the single highest.
    BidsRevealed {
        /// Each seat's bid, by seat number.
        bids: Vec<u8>,
        /// The seat with the single highest bid; `None` on a tie.
        winner: Option<Seat>,
        /// The prizes taken, or discarded or rolled over on a tie.
        prizes: Vec<u8>,
        /// On a tie: whether the prizes roll over (else they are discarded).
        rolled_over: bool,
    },
    /// A prize turned face up from the prize pile.
    PrizeTurned {
        /// Its rank.
        card: u8,
    },
}

impl Action {
    /// The action a client's message asks for: `None` when it names no card (0 is no rank), so
    /// it carries no move; whether the seat holds the card is the rules' to say.
    pub fn from_proto(a: &v1::GoofspielAction) -> Result<Option<Action>, StateErrors> {
        Ok((a.card != 0).then_some(Action::Bid { card: a.card }))
    }

    /// The action as its message.
    pub fn to_proto(&self) -> v1::GoofspielAction {
        match *self {
            Action::Bid { card } => v1::GoofspielAction { card },
        }
    }
}

impl Event {
    /// The event as its message.
    pub fn to_proto(&self) -> v1::GoofspielEvent {
        let kind = match self {
            Event::BidPlaced { seat } => Kind::BidPlaced(v1::GoofspielBidPlaced {
                seat: u32::from(*seat),
            }),
            Event::BidsRevealed {
                bids,
                winner,
                prizes,
                rolled_over,
            } => Kind::BidsRevealed(v1::GoofspielBidsRevealed {
                bids: ids(bids),
                winner: winner.map(u32::from),
                prizes: ids(prizes),
                rolled_over: *rolled_over,
            }),
            Event::PrizeTurned { card } => Kind::PrizeTurned(v1::GoofspielPrizeTurned {
                card: u32::from(*card),
            }),
        };
        v1::GoofspielEvent { kind: Some(kind) }
    }
}
