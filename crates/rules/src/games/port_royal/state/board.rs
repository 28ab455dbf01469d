//! The table: the draw and discard piles, the harbor and the expedition row (the piles are
//! plain lists; what each zone may hold is checked here).

use crate::core::pile::CardId;
use crate::core::StateErrors;

use super::State;
use crate::games::port_royal::cards::{self, Card};

/// Only ships and persons go to the harbor, at most one ship of each colour (a second would have
/// busted the turn); only expeditions go to the row.
pub(super) fn check_table(harbor: &[CardId], expeditions: &[CardId], errs: &mut StateErrors) {
    for (i, &id) in harbor.iter().enumerate() {
        if !matches!(cards::face(id), Card::Ship { .. } | Card::Person { .. }) {
            errs.push(
                format!("harbor[{i}]"),
                "only ships and persons go to the harbor",
            );
        }
    }
    let mut colours = 0u8;
    for (i, colour) in harbor
        .iter()
        .enumerate()
        .filter_map(|(i, &id)| cards::face(id).ship_colour().map(|c| (i, c)))
    {
        if colours & colour.bit() != 0 {
            errs.push(
                format!("harbor[{i}]"),
                "a second ship of one colour would have busted the turn",
            );
        }
        colours |= colour.bit();
    }
    for (i, &id) in expeditions.iter().enumerate() {
        if !matches!(cards::face(id), Card::Expedition { .. }) {
            errs.push(
                format!("expedition_row[{i}]"),
                "only expeditions go to the row",
            );
        }
    }
}

impl State {
    /// The set of ship colours in the harbor, as bits.
    pub(crate) fn harbor_colours(&self) -> u8 {
        self.harbor
            .iter()
            .filter_map(|&id| cards::face(id).ship_colour())
            .fold(0, |set, c| set | c.bit())
    }

    /// Ships in the harbor.
    pub(crate) fn harbor_ships(&self) -> u32 {
        self.harbor
            .iter()
            .filter(|&&id| cards::face(id).ship_colour().is_some())
            .count() as u32
    }

    /// Ship colour sets as a count of distinct colours.
    pub(crate) fn distinct_ship_colours(&self) -> u32 {
        self.harbor_colours().count_ones()
    }
}
