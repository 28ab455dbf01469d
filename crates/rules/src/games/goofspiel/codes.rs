//! Goofspiel's violation codes: the rules a refused bid broke (docs/errors.md). The codes every
//! game shares are `core::EnvelopeCode`.

use crate::core::ViolationCode;

/// A Goofspiel rule code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Code {
    /// The seat has already bid this round; a bid is final.
    AlreadyBid,
    /// The card is not in the seat's hand (bid before, or no card of that rank).
    CardNotInHand,
}

impl ViolationCode for Code {
    fn as_str(self) -> &'static str {
        match self {
            Code::AlreadyBid => "ALREADY_BID",
            Code::CardNotInHand => "CARD_NOT_IN_HAND",
        }
    }
}
