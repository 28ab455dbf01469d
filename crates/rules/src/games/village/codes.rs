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
    /// The member named is not in the seat's family.
    NoSuchMember,
    /// The member named is not where the action takes it from.
    MemberNotThere,
    /// The supply (or a stack, or a captain deck) has none of what the action takes.
    SupplyEmpty,
    /// The ship's holds have no room for the piece, or carry one of its type.
    HoldsFull,
    /// The action is of the right kind but not open now, for the reason its sentence names (a
    /// path that does not start where the member is, a privilege above the seat's stage, a
    /// taken marker…).
    NotOpen,
}

impl ViolationCode for Code {
    fn as_str(self) -> &'static str {
        match self {
            Code::WrongDecision => "WRONG_DECISION",
            Code::NothingThere => "NOTHING_THERE",
            Code::CannotPay => "CANNOT_PAY",
            Code::NoSuchMember => "NO_SUCH_MEMBER",
            Code::MemberNotThere => "MEMBER_NOT_THERE",
            Code::SupplyEmpty => "SUPPLY_EMPTY",
            Code::HoldsFull => "HOLDS_FULL",
            Code::NotOpen => "NOT_OPEN",
        }
    }
}
