//! The card census of a state from the wire: every card id exists, is in play in this game,
//! and lies in exactly one zone. Errors name where a card was seen first.

use crate::core::pile::CardId;
use crate::core::StateErrors;

use crate::games::port_royal::cards::{self, ALL_CARDS};

/// A zone of cards, named for error messages only (formatting is deferred to errors: this runs
/// on every request).
#[derive(Clone, Copy, Debug)]
pub(super) enum Zone {
    Named(&'static str),
    /// A field that holds one card, not a list.
    Single(&'static str),
    Seat(usize, &'static str),
    SetAside(usize),
}

impl Zone {
    /// The path of the card at index `i` of the zone.
    fn at(&self, i: usize) -> String {
        match self {
            Zone::Single(name) => (*name).to_owned(),
            _ => format!("{self}[{i}]"),
        }
    }
}

impl std::fmt::Display for Zone {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Zone::Named(name) | Zone::Single(name) => f.write_str(name),
            Zone::Seat(i, part) => write!(f, "seats[{i}].{part}"),
            Zone::SetAside(i) => write!(f, "contracts.set_aside[{i}].ships"),
        }
    }
}

/// Checks lists of card ids against the table, recording where each id was seen.
pub(super) struct Census {
    /// For each card id: (zone, index in the zone) where it was first seen.
    seen: [Option<(u16, u32)>; ALL_CARDS],
    zones: Vec<Zone>,
}

impl Census {
    pub(super) fn new() -> Self {
        Self {
            seen: [None; ALL_CARDS],
            zones: Vec::with_capacity(24),
        }
    }

    fn place(&self, (zone, i): (u16, u32)) -> String {
        match self.zones.get(usize::from(zone)) {
            Some(z) => z.at(i as usize),
            None => format!("[{i}]"),
        }
    }

    pub(super) fn zone(&mut self, errs: &mut StateErrors, field: Zone, ids: &[u32]) -> Vec<CardId> {
        let zone = u16::try_from(self.zones.len()).unwrap_or(u16::MAX);
        self.zones.push(field);
        let mut out = Vec::with_capacity(ids.len().min(ALL_CARDS));
        for (i, &raw) in ids.iter().enumerate() {
            let Some(id) = u8::try_from(raw)
                .ok()
                .filter(|&id| cards::card(id).is_some())
            else {
                errs.push(field.at(i), format!("card {raw} does not exist"));
                continue;
            };
            let here = (zone, u32::try_from(i).unwrap_or(u32::MAX));
            match self.seen[usize::from(id)] {
                Some(first) => {
                    let first = self.place(first);
                    errs.push(field.at(i), format!("card {id} is also at {first}"));
                }
                None => self.seen[usize::from(id)] = Some(here),
            }
            out.push(id);
        }
        out
    }
}

impl Census {
    /// After every zone: each card in play was seen, and none that is not in play.
    pub(super) fn check_complete(&self, players: u8, contracts: bool, errs: &mut StateErrors) {
        for (id, seen) in (0..=u8::MAX).zip(self.seen.iter()) {
            match (seen, cards::is_in_play(id, players, contracts)) {
                (None, true) => errs.push("", format!("card {id} is in no zone")),
                (Some(at), false) => errs.push(
                    self.place(*at),
                    format!("card {id} is not in play in this game"),
                ),
                _ => {}
            }
        }
    }
}
