//! Village's violation codes: the rules a refused action broke (docs/errors.md). The codes every
//! game shares are `core::EnvelopeCode`.

use crate::core::ViolationCode;

/// A Village rule code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Code {
    /// The action answers another decision than the one being made.
    WrongDecision,
    /// The cube or customer named is not there.
    NothingThere,
    /// The seat cannot pay this way (cubes, coins, goods, grain).
    CannotPay,
    /// The action is of the right kind but not open now: a member not where it must be, a path
    /// that does not start where the member is, a privilege above the seat's stage, an empty
    /// supply, a taken marker.
    NotOpen,
}

impl ViolationCode for Code {
    fn as_str(self) -> &'static str {
        match self {
            Code::WrongDecision => "WRONG_DECISION",
            Code::NothingThere => "NOTHING_THERE",
            Code::CannotPay => "CANNOT_PAY",
            Code::NotOpen => "NOT_OPEN",
        }
    }
}
