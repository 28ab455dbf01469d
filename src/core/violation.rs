//! Rule violations: an illegal action is a normal answer, with a stable code and a sentence.

use std::fmt;

/// Stable, machine-readable violation codes. Their `as_str` spelling is part of the public
/// contract: never rename one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Code {
    /// The action carries no move.
    MissingAction,
    /// `expected_sequence` does not match the state.
    StaleSequence,
    /// The game is over.
    GameFinished,
    /// The seat does not exist in this game.
    NoSuchSeat,
    /// Another seat must act now.
    NotYourTurn,
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

impl Code {
    /// The UPPER_SNAKE spelling used on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            Code::MissingAction => "MISSING_ACTION",
            Code::StaleSequence => "STALE_SEQUENCE",
            Code::GameFinished => "GAME_FINISHED",
            Code::NoSuchSeat => "NO_SUCH_SEAT",
            Code::NotYourTurn => "NOT_YOUR_TURN",
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

/// A refused action: the state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The stable code.
    pub code: Code,
    /// A sentence for a person.
    pub message: String,
    /// Extra machine-readable facts.
    pub details: Vec<(&'static str, String)>,
}

impl Violation {
    /// A violation with a code and a sentence.
    pub fn new(code: Code, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
            details: Vec::new(),
        }
    }

    /// Adds a detail.
    pub fn with(mut self, key: &'static str, value: impl ToString) -> Self {
        self.details.push((key, value.to_string()));
        self
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code.as_str(), self.message)
    }
}

impl std::error::Error for Violation {}
