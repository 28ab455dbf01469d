//! The seats: each player's coins (face down) and display, and their checks.

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

/// One seat, unchecked.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SeatParts {
    /// Coin card ids.
    pub coins: Vec<u32>,
    /// Display card ids.
    pub display: Vec<u32>,
}

/// The seats of unchecked parts, their cards counted in the census (at most five are read;
/// the count is checked with the configuration).
pub(super) fn seats_from_parts(
    parts: &[SeatParts],
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
    /// The unchecked parts of this seat.
    pub(super) fn to_parts(&self) -> SeatParts {
        SeatParts {
            coins: super::ids(&self.coins),
            display: super::ids(&self.display),
        }
    }
}
