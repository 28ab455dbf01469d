//! Offers: a decision offered at the moment of an event (an immediate contract, or in the
//! cooperative variant one more victory-pile card), taken or lost there.

use crate::core::{Seat, StateErrors};

use super::{seat_of, Expansion, PhaseTag, TurnParts};
use crate::games::port_royal::contracts::{self, ContractId, Requirement};

/// A decision offered at the moment of an event, taken or lost there (spec §3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offer {
    /// Who decides.
    pub seat: Seat,
    /// What is offered.
    pub kind: OfferKind,
}

/// What an offer is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfferKind {
    /// Place a cube on an immediate contract (Tax Officer, Jinx, Tiny Gamester, Gamester).
    Contract(ContractId),
    /// Cooperative: move one more card from the time pile to the victory pile (tax increase).
    VictoryPile,
}

/// An offer, unchecked: a contract id, or `None` for the victory pile.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct OfferParts {
    /// Who decides.
    pub seat: u32,
    /// The contract; `None` = a victory-pile card.
    pub contract: Option<u32>,
}

/// The offers of unchecked parts: each needs a seat and a face-up immediate contract (or,
/// cooperative, the victory pile), and offers wait only in the DISCOVER or BUST phase.
pub(super) fn offers_from_parts(
    parts: &[OfferParts],
    players: u8,
    cooperative: bool,
    ext: Option<&Expansion>,
    t: &TurnParts,
    errs: &mut StateErrors,
) -> Vec<Offer> {
    let mut offers = Vec::new();
    for (i, o) in parts.iter().enumerate() {
        let kind = match o.contract {
            None if cooperative => Some(OfferKind::VictoryPile),
            None => None,
            Some(raw) => u8::try_from(raw)
                .ok()
                .filter(|&c| {
                    ext.as_ref()
                        .is_some_and(|x| x.face_up.iter().any(|s| s.id == c))
                        && contracts::contract(c).is_some_and(|k| {
                            matches!(
                                k.requirement,
                                Requirement::TaxOfficer
                                    | Requirement::Jinx
                                    | Requirement::TinyGamester
                                    | Requirement::Gamester
                            )
                        })
                })
                .map(OfferKind::Contract),
        };
        match (seat_of(o.seat, players), kind) {
            (Some(seat), Some(kind)) => offers.push(Offer { seat, kind }),
            _ => errs.push(
                format!("offers[{i}]"),
                "an offer needs a seat and a face-up immediate contract (or, cooperative, the victory pile)",
            ),
        }
    }
    if !offers.is_empty() && !matches!(t.phase, PhaseTag::Discover | PhaseTag::Bust) {
        errs.push(
            "offers",
            "offers are decided in the DISCOVER or BUST phase only",
        );
    }
    if t.phase == PhaseTag::Bust && offers.is_empty() {
        errs.push("turn.phase", "a BUST phase waits for at least one offer");
    }
    offers
}

impl Offer {
    /// The unchecked parts of this offer.
    pub fn to_parts(self) -> OfferParts {
        OfferParts {
            seat: u32::from(self.seat),
            contract: match self.kind {
                OfferKind::Contract(c) => Some(u32::from(c)),
                OfferKind::VictoryPile => None,
            },
        }
    }
}
