//! Port Royal's violation codes: the rules a refused action broke (docs/errors.md). The codes
//! every game shares are `core::EnvelopeCode`.

use crate::core::ViolationCode;

/// A Port Royal rule code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Code {
    /// This kind of action is not open in the current phase.
    WrongPhase,
    /// The first card of the turn must be drawn before stopping.
    MustDrawFirst,
    /// The card is not in the harbor display.
    CardNotInHarbor,
    /// The taker has taken all the cards they may take.
    NoTakesLeft,
    /// Not enough coins.
    InsufficientCoins,
    /// Only the active player may do this.
    ActivePlayerOnly,
    /// The expedition is not in the expedition row.
    ExpeditionNotAvailable,
    /// The persons given do not fulfil the expedition.
    ExpeditionRequirementUnmet,
    /// A card named is not in the seat's display.
    CardNotOwned,
    /// The contract cannot be completed by this seat now (not face up, completed already, no
    /// cube left, or one that is only completed at the moment of its event).
    ContractNotAvailable,
    /// The seat does not meet the contract's requirement.
    ContractRequirementUnmet,
    /// The ship's coins may not be declined (not a Frigate or Galleon, or no Foe contract for
    /// this seat).
    DeclineNotAllowed,
    /// A special ship's coin must go to another player, named in `gift_to`, and only then.
    InvalidGift,
}

impl ViolationCode for Code {
    fn as_str(self) -> &'static str {
        match self {
            Code::WrongPhase => "WRONG_PHASE",
            Code::MustDrawFirst => "MUST_DRAW_FIRST",
            Code::CardNotInHarbor => "CARD_NOT_IN_HARBOR",
            Code::NoTakesLeft => "NO_TAKES_LEFT",
            Code::InsufficientCoins => "INSUFFICIENT_COINS",
            Code::ActivePlayerOnly => "ACTIVE_PLAYER_ONLY",
            Code::ExpeditionNotAvailable => "EXPEDITION_NOT_AVAILABLE",
            Code::ExpeditionRequirementUnmet => "EXPEDITION_REQUIREMENT_UNMET",
            Code::CardNotOwned => "CARD_NOT_OWNED",
            Code::ContractNotAvailable => "CONTRACT_NOT_AVAILABLE",
            Code::ContractRequirementUnmet => "CONTRACT_REQUIREMENT_UNMET",
            Code::DeclineNotAllowed => "DECLINE_NOT_ALLOWED",
            Code::InvalidGift => "INVALID_GIFT",
        }
    }
}
