//! The seats: each player's coins (face down) and display, and their checks.

use referee_proto::v1;

use crate::core::message::ids;
use crate::core::pile::CardId;
use crate::core::StateErrors;

use super::census::{Census, Zone};
use crate::games::port_royal::cards::{self, Card};

/// One seat's holdings.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SeatState {
    /// Cards held face down as coins.
    pub coins: Vec<CardId>,
    /// Persons and expeditions.
    pub display: Vec<CardId>,
}

/// The seats of a state message, their cards counted in the census (at most five are read;
/// the count is checked with the configuration).
pub(super) fn seats_from_parts(
    parts: &[v1::PortRoyalSeat],
    census: &mut Census,
    errs: &mut StateErrors,
) -> Vec<SeatState> {
    parts
        .iter()
        .take(5)
        .enumerate()
        .map(|(i, s)| SeatState {
            coins: census.zone(errs, Zone::Seat(i, "coins"), &s.coins),
            display: census.zone(errs, Zone::Seat(i, "display"), &s.display),
        })
        .collect()
}

/// Only persons and expeditions go to a display.
pub(super) fn check_displays(seats: &[SeatState], errs: &mut StateErrors) {
    for (s, seat) in seats.iter().enumerate() {
        for (i, &id) in seat.display.iter().enumerate() {
            if !matches!(
                cards::face(id),
                Card::Person { .. } | Card::Expedition { .. }
            ) {
                errs.push(
                    format!("seats[{s}].display[{i}]"),
                    "only persons and expeditions go to a display",
                );
            }
        }
    }
}

impl SeatState {
    /// This seat as its message.
    pub(super) fn to_parts(&self) -> v1::PortRoyalSeat {
        v1::PortRoyalSeat {
            coins: ids(&self.coins),
            display: ids(&self.display),
        }
    }
}
