//! The games, behind one small trait, and the envelope checks every game shares.

pub mod port_royal;

use crate::core::{EnvelopeCode, Seat, Status, Violation};

/// The rules of one game, as pure functions of its state.
pub trait Game: Clone {
    /// A seat's decision.
    type Action: Clone + std::fmt::Debug;
    /// Something that happened (public).
    type Event;
    /// What a seat may see.
    type View: PartialEq + std::fmt::Debug;

    /// Who must act, and the result once finished.
    fn status(&self) -> Status;
    /// Every action open now (only `seat`'s if given), with the seat that may take it.
    fn legal_actions(&self, seat: Option<Seat>) -> Vec<(Seat, Self::Action)>;
    /// Whether an action would be accepted; changes nothing.
    fn check(&self, seat: Seat, action: &Self::Action) -> Result<(), Violation>;
    /// Checks and applies in place; on a violation nothing has changed.
    fn apply_in_place(
        &mut self,
        seat: Seat,
        action: &Self::Action,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Violation>;
    /// The view of a seat (`None` = spectator).
    fn view(&self, viewer: Option<Seat>) -> Self::View;
}

/// Checks that every game shares, before its own rules: a stale `expected_sequence`, and a seat
/// number that does not fit.
pub fn check_envelope(
    sequence: u64,
    expected_sequence: Option<u64>,
    seat: u32,
) -> Result<Seat, Violation> {
    if let Some(expected) = expected_sequence {
        if expected != sequence {
            return Err(Violation::new(
                EnvelopeCode::StaleSequence,
                format!("The action expects state {expected}, but the state is at {sequence}."),
            )
            .with("sequence", sequence));
        }
    }
    Seat::try_from(seat).map_err(|_| {
        Violation::new(
            EnvelopeCode::NoSuchSeat,
            format!("Seat {seat} does not exist."),
        )
    })
}
