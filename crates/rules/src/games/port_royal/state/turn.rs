//! The turn: whose it is, its phase and counters; how the state message's flat turn message is
//! read and written, and the invariants that tie the turn to the harbor and the offers.

use referee_proto::v1;
use v1::PortRoyalPhase as Tag;

use crate::core::pile::CardId;
use crate::core::{Seat, StateErrors};

use super::{seat_of, OfferKind, State};
use crate::games::port_royal::cards::Person;
use crate::games::port_royal::contracts::{self, Requirement};
use crate::games::port_royal::rules_version::Rules;

/// The phase of the current turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Phase 1: the active player draws or stops.
    Discover,
    /// Phase 1, paused: repel the ship just drawn, or let it in.
    Repel {
        /// The ship just drawn.
        ship: CardId,
    },
    /// Phase 2: the taker takes cards or passes.
    Trade {
        /// Whose chance it is.
        taker: Seat,
        /// Cards allowed before Governors.
        base_takes: u8,
        /// Extra cards from Clerks in this chance.
        bonus_takes: u8,
        /// Cards taken in this chance.
        taken: u8,
    },
    /// The turn busted; it ends once the offers (Jinx) are decided.
    Bust,
    /// The game is over.
    Finished,
}

/// Where the current turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The active player.
    pub active: Seat,
    /// The phase.
    pub phase: Phase,
    /// Cards drawn this turn.
    pub drawn: u32,
    /// The end condition was met: this round is the last.
    pub final_round: bool,
    /// Turns started, from 1.
    pub number: u32,
}

/// The turn a state message carries (absent: every field unset), as the current version spells
/// it: port-royal/1 left a TRADE taker of seat 0 out.
pub(super) fn read(t: Option<&v1::PortRoyalTurn>, rules: Rules) -> v1::PortRoyalTurn {
    let mut t = t.cloned().unwrap_or_default();
    if (t.taker, rules, t.phase()) == (None, Rules::V1, Tag::Trade) {
        t.taker = Some(0);
    }
    t
}

/// The fields of a turn message that can be checked alone: the active seat (returned, seat 0
/// standing in when it is not one), the turn number, and the fields that belong to one phase.
pub(super) fn check_fields(t: &v1::PortRoyalTurn, players: u8, errs: &mut StateErrors) -> Seat {
    let active = seat_of(t.active_seat, players).unwrap_or_else(|| {
        errs.push("turn.active_seat", "no such seat");
        0
    });
    if t.turn_number == 0 {
        errs.push("turn.turn_number", "counts from 1");
    }
    if t.phase() != Tag::Repel && t.pending_ship.is_some() {
        errs.push("turn.pending_ship", "is set only in the REPEL phase");
    }
    if t.phase() != Tag::Trade {
        if t.taker.is_some() {
            errs.push("turn.taker", "is set only in the TRADE phase");
        }
        if (t.base_takes, t.bonus_takes, t.taken) != (0, 0, 0) {
            errs.push(
                "turn.base_takes",
                "base_takes, bonus_takes and taken are set only in the TRADE phase",
            );
        }
    }
    active
}

impl State {
    /// Reads the phase of unchecked turn parts into this state (built with a stand-in phase),
    /// then checks the turn invariants; `pending` is the pending ship after the card census.
    pub(super) fn read_turn(
        &mut self,
        t: &v1::PortRoyalTurn,
        pending: Option<Option<CardId>>,
        errs: &mut StateErrors,
    ) {
        let active = self.turn.active;
        let players = self.config.players;
        if t.final_round && self.config.options.cooperative() {
            errs.push(
                "turn.final_round",
                "a cooperative game has no final round: its contracts or its time pile end it (docs/rules.md X5)",
            );
        }
        let outcome = self.ext.as_ref().and_then(|x| x.outcome);
        if (t.phase() == Tag::Finished) != outcome.is_some() && self.config.options.cooperative() {
            errs.push(
                "contracts.outcome",
                "is set exactly when a cooperative game is finished",
            );
        }
        // A phase that cannot be read stands in as Finished; the turn invariants are then not
        // checked, so the one error is not followed by others that only the stand-in causes.
        let mut phase_read = true;
        self.turn.phase = match t.phase() {
            Tag::Unspecified => {
                errs.push("turn.phase", "must be set");
                phase_read = false;
                Phase::Finished
            }
            Tag::Discover => Phase::Discover,
            Tag::Finished => Phase::Finished,
            Tag::Bust => Phase::Bust,
            Tag::Repel => match pending {
                Some(Some(ship)) => {
                    if !self.can_repel(active, ship) {
                        errs.push(
                            "turn.pending_ship",
                            "the active player cannot repel this card",
                        );
                    }
                    Phase::Repel { ship }
                }
                _ => {
                    errs.push(
                        "turn.pending_ship",
                        "the REPEL phase needs the ship just drawn",
                    );
                    phase_read = false;
                    Phase::Finished
                }
            },
            Tag::Trade => {
                let taker = match t.taker {
                    None => {
                        errs.push("turn.taker", "is required in the TRADE phase");
                        active
                    }
                    Some(raw) => seat_of(raw, players).unwrap_or_else(|| {
                        errs.push("turn.taker", "no such seat");
                        active
                    }),
                };
                let base_ok = if taker == active {
                    (1..=3).contains(&t.base_takes)
                } else {
                    t.base_takes == 1
                };
                if !base_ok {
                    errs.push(
                        "turn.base_takes",
                        "must be 1 for other players and 1 to 3 for the active player",
                    );
                }
                if t.bonus_takes > 5 {
                    errs.push("turn.bonus_takes", "at most one per Clerk");
                }
                let allowed = t
                    .base_takes
                    .saturating_add(t.bonus_takes)
                    .saturating_add(self.count(taker, Person::Governor));
                if t.taken > allowed {
                    errs.push(
                        "turn.taken",
                        "the taker cannot have taken more cards than allowed",
                    );
                }
                Phase::Trade {
                    taker,
                    base_takes: u8::try_from(t.base_takes).unwrap_or(1),
                    bonus_takes: u8::try_from(t.bonus_takes).unwrap_or(0),
                    taken: u8::try_from(t.taken).unwrap_or(0),
                }
            }
        };
        if phase_read {
            self.check_turn(errs);
        }
    }

    /// The turn-state invariants that follow from the rules (docs/rules.md, "States no game can
    /// reach"): how the phase, the harbor, the counters, the pending ship and the offers fit
    /// together. A state that breaks one could never have been returned by the referee, and
    /// playing on from it could reach states the referee refuses.
    fn check_turn(&self, errs: &mut StateErrors) {
        let t = &self.turn;
        let players = self.config.players;
        // Turns go clockwise from the start seat, one per turn number (which saturates at u32's
        // largest value, where the check stops: no real game gets there).
        let expected = ((u64::from(self.config.start_seat) + u64::from(t.number)
            - u64::from(t.number > 0))
            % u64::from(players)) as u32;
        if t.number > 0 && t.number < u32::MAX && u32::from(t.active) != expected {
            errs.push(
                "turn.active_seat",
                format!(
                    "turn {} is seat {expected}'s (clockwise from the start seat)",
                    t.number
                ),
            );
        }
        // Every harbor card, and a pending ship, was drawn this turn.
        let pending = u32::from(matches!(t.phase, Phase::Repel { .. }));
        if t.drawn < self.harbor.len() as u32 + pending {
            errs.push(
                "turn.cards_drawn",
                "fewer cards drawn this turn than are in the harbor (and pending)",
            );
        }
        match t.phase {
            Phase::Trade { .. } if t.drawn == 0 => {
                errs.push("turn.cards_drawn", "phase 2 comes after at least one draw");
            }
            Phase::Bust if !self.harbor.is_empty() => {
                errs.push("harbor", "a bust discards the harbor");
            }
            Phase::Bust if t.drawn < 2 => {
                errs.push(
                    "turn.cards_drawn",
                    "a bust needs two ships of one colour drawn",
                );
            }
            Phase::Discover if t.drawn == 0 && !self.offers.is_empty() => {
                errs.push("offers", "offers come from a card drawn this turn");
            }
            Phase::Finished if !self.config.options.cooperative() && !t.final_round => {
                errs.push(
                    "turn.final_round",
                    "a competitive game ends only after its final round",
                );
            }
            Phase::Finished if !self.config.options.cooperative() && !self.harbor.is_empty() => {
                errs.push("harbor", "the last turn's harbor was discarded");
            }
            _ => {}
        }
        for (i, offer) in self.offers.iter().enumerate() {
            let requirement = match offer.kind {
                OfferKind::Contract(id) => contracts::contract(id).map(|c| c.requirement),
                OfferKind::VictoryPile => None,
            };
            let jinx = requirement == Some(Requirement::Jinx);
            if jinx != (t.phase == Phase::Bust) {
                errs.push(
                    format!("offers[{i}]"),
                    "Jinx is offered on a bust, and a bust offers Jinx only",
                );
            }
            let active_only = requirement != Some(Requirement::TaxOfficer);
            if active_only && offer.seat != t.active {
                errs.push(
                    format!("offers[{i}].seat"),
                    "only the Tax Officer is offered to other players",
                );
            }
        }
        // port-royal/1 lost a cooperative game when a turn began with an empty time pile.
        let lost_at_turn_start = !self.config.rules.contracts_in_discover()
            && t.phase == Phase::Discover
            && t.drawn == 0
            && self.ext.as_ref().is_some_and(|x| {
                self.config.options.cooperative()
                    && x.time_pile.is_empty()
                    && x.face_up.iter().any(|s| s.completers.is_empty())
            });
        if lost_at_turn_start {
            errs.push(
                "contracts.time_pile",
                "under port-royal/1 a turn that begins with an empty time pile has lost the game",
            );
        }
    }
}

impl Turn {
    /// The turn as its message, as `rules` spells it: port-royal/1 states keep their bytes, and
    /// that version left a TRADE taker of seat 0 out.
    pub fn to_parts(&self, rules: Rules) -> v1::PortRoyalTurn {
        let (phase, pending_ship, taker, base_takes, bonus_takes, taken) = match self.phase {
            Phase::Discover => (Tag::Discover, None, None, 0, 0, 0),
            Phase::Repel { ship } => (Tag::Repel, Some(u32::from(ship)), None, 0, 0, 0),
            Phase::Trade {
                taker,
                base_takes,
                bonus_takes,
                taken,
            } => (
                Tag::Trade,
                None,
                (rules != Rules::V1 || taker != 0).then_some(u32::from(taker)),
                u32::from(base_takes),
                u32::from(bonus_takes),
                u32::from(taken),
            ),
            Phase::Bust => (Tag::Bust, None, None, 0, 0, 0),
            Phase::Finished => (Tag::Finished, None, None, 0, 0, 0),
        };
        v1::PortRoyalTurn {
            active_seat: u32::from(self.active),
            phase: phase as i32,
            cards_drawn: self.drawn,
            pending_ship,
            taker,
            base_takes,
            bonus_takes,
            taken,
            final_round: self.final_round,
            turn_number: self.number,
        }
    }
}
