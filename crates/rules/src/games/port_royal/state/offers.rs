//! Offers: a decision offered at the moment of an event (an immediate contract, or in the
//! cooperative variant one more victory-pile card), taken or lost there.

use crate::core::{Seat, StateErrors};

use referee_proto::v1;
use v1::PortRoyalPhase as Tag;

use super::{seat_of, Expansion};
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

/// The offers of a state message (a contract id, or none for the victory pile): each needs a seat and a face-up immediate contract (or,
/// cooperative, the victory pile), and offers wait only in the DISCOVER or BUST phase.
pub(super) fn offers_from_parts(
    parts: &[v1::PortRoyalOffer],
    players: u8,
    cooperative: bool,
    ext: Option<&Expansion>,
    t: &v1::PortRoyalTurn,
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
    if !offers.is_empty() && !matches!(t.phase(), Tag::Discover | Tag::Bust) {
        errs.push(
            "offers",
            "offers are decided in the DISCOVER or BUST phase only",
        );
    }
    if t.phase() == Tag::Bust && offers.is_empty() {
        errs.push("turn.phase", "a BUST phase waits for at least one offer");
    }
    offers
}

impl Offer {
    /// This offer as its message.
    pub fn to_parts(self) -> v1::PortRoyalOffer {
        v1::PortRoyalOffer {
            seat: u32::from(self.seat),
            contract: match self.kind {
                OfferKind::Contract(c) => Some(u32::from(c)),
                OfferKind::VictoryPile => None,
            },
        }
    }
}
