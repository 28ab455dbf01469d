//! Rule violations: an illegal action is a normal answer, with a stable code and a sentence.

use std::fmt;

/// A violation code: its UPPER_SNAKE spelling (`as_str`) is part of the public contract, so a
/// code is never renamed or reused. The envelope's codes are [`EnvelopeCode`]; each game has its
/// own enum of rule codes.
pub trait ViolationCode: Copy {
    /// The spelling on the wire.
    fn as_str(self) -> &'static str;
}

/// The codes every game shares: what the envelope of an action, and the game's turn order,
/// decide before any rule of the game is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EnvelopeCode {
    /// The action carries no move.
    MissingAction,
    /// `expected_sequence` does not match the state.
    StaleSequence,
    /// The game is over.
    GameFinished,
    /// The action is for another game than the state's.
    WrongGame,
    /// The seat does not exist in this game.
    NoSuchSeat,
    /// Another seat must act now.
    NotYourTurn,
}

impl ViolationCode for EnvelopeCode {
    fn as_str(self) -> &'static str {
        match self {
            EnvelopeCode::MissingAction => "MISSING_ACTION",
            EnvelopeCode::StaleSequence => "STALE_SEQUENCE",
            EnvelopeCode::GameFinished => "GAME_FINISHED",
            EnvelopeCode::WrongGame => "WRONG_GAME",
            EnvelopeCode::NoSuchSeat => "NO_SUCH_SEAT",
            EnvelopeCode::NotYourTurn => "NOT_YOUR_TURN",
        }
    }
}

/// A refused action: the state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The stable code, as spelled on the wire (an [`EnvelopeCode`] or a game's code).
    pub code: &'static str,
    /// A sentence for a person.
    pub message: String,
    /// Extra machine-readable facts.
    pub details: Vec<(&'static str, String)>,
}

impl Violation {
    /// A violation with a code and a sentence.
    pub fn new(code: impl ViolationCode, message: impl Into<String>) -> Self {
        Self {
            code: code.as_str(),
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
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for Violation {}
