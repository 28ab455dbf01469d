//! The state of "Just One More Contract": face-up contracts and their completers, the face-down
//! contracts, progress cubes, ships set aside, and the cooperative time and victory piles; their
//! checks and the queries the rules ask of them.

use referee_proto::v1;
use v1::PortRoyalCooperativeOutcome as Outcome;

use crate::core::message::ids;
use crate::core::pile::CardId;
use crate::core::{Seat, StateErrors};

use super::census::{Census, Zone};
use super::{seat_of, Config, State, SEATS};
use crate::games::port_royal::cards::{self, ALL_CARDS};
use crate::games::port_royal::contracts::{self, ContractId, Requirement, CONTRACTS, CONTRACT_VP};

/// A face-up contract and who completed it, in order (the i-th completer took space i).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slot {
    /// The contract.
    pub id: ContractId,
    /// Completers, leftmost space first.
    pub completers: Vec<Seat>,
}

/// A cube on a progress space ("1.", "2.") of Frigate Foe, Galleon Foe or Tiny Gamester.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Whose cube.
    pub seat: Seat,
    /// The contract.
    pub contract: ContractId,
    /// 1 or 2.
    pub level: u8,
}

/// The state of "Just One More Contract".
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Expansion {
    /// Face-up contracts.
    pub face_up: Vec<Slot>,
    /// Face-down contracts (the VP pile; only markers, see docs/rules.md).
    pub face_down: Vec<ContractId>,
    /// Progress cubes.
    pub progress: Vec<Progress>,
    /// Pack of Pirates: ships set aside, per seat.
    pub set_aside: Vec<Vec<CardId>>,
    /// Cooperative: the time pile (top = last).
    pub time_pile: Vec<CardId>,
    /// Cooperative: the victory pile.
    pub victory_pile: Vec<CardId>,
    /// Cooperative: `Some(true)` won, `Some(false)` lost, once finished.
    pub outcome: Option<bool>,
}

/// The shape of the expansion's message: no list longer than its limit (checked before anything
/// is read, in the message's order).
pub(super) fn check_shape(x: &v1::PortRoyalContracts, errs: &mut StateErrors) {
    if errs.within(x.face_up.len(), CONTRACTS, || "contracts.face_up".into()) {
        for (i, slot) in x.face_up.iter().enumerate() {
            let field = || format!("contracts.face_up[{i}].completers");
            errs.within(slot.completers.len(), SEATS, field);
        }
    }
    errs.within(x.face_down.len(), CONTRACTS, || {
        "contracts.face_down".into()
    });
    let progress = || "contracts.progress".into();
    errs.within(x.progress.len(), SEATS * CONTRACTS, progress);
    if errs.within(x.set_aside.len(), SEATS, || "contracts.set_aside".into()) {
        for (i, ships) in x.set_aside.iter().enumerate() {
            let field = || format!("contracts.set_aside[{i}].ships");
            errs.within(ships.ships.len(), ALL_CARDS, field);
        }
    }
    errs.within(x.time_pile.len(), ALL_CARDS, || {
        "contracts.time_pile".into()
    });
    let victory_pile = || "contracts.victory_pile".into();
    errs.within(x.victory_pile.len(), ALL_CARDS, victory_pile);
}

/// The cooperative outcome a message names: unset while the game goes on (a number the proto
/// does not define reads as unset, for the checks to refuse).
fn outcome(x: &v1::PortRoyalContracts) -> Option<bool> {
    match x.outcome() {
        Outcome::Won => Some(true),
        Outcome::Lost => Some(false),
        Outcome::Unspecified => None,
    }
}

pub(super) fn expansion_from_parts(
    x: &v1::PortRoyalContracts,
    config: &Config,
    census: &mut Census,
    errs: &mut StateErrors,
) -> Expansion {
    let players = config.players;
    let coop = config.options.cooperative();
    let mut seen = [false; CONTRACTS];
    // The field's path is made only for an error: this runs for every contract of every request.
    let mut contract_id =
        |field: &dyn Fn() -> String, raw: u32, errs: &mut StateErrors| -> Option<ContractId> {
            let id = u8::try_from(raw)
                .ok()
                .filter(|&id| contracts::contract(id).is_some_and(|c| coop || !c.cooperative_only));
            match id {
                None => {
                    errs.push(field(), format!("contract {raw} is not in this game"));
                    None
                }
                Some(id) if seen[usize::from(id)] => {
                    errs.push(field(), format!("contract {id} appears twice"));
                    None
                }
                Some(id) => {
                    seen[usize::from(id)] = true;
                    Some(id)
                }
            }
        };
    let mut face_up = Vec::new();
    for (i, slot) in x.face_up.iter().enumerate() {
        let field = || format!("contracts.face_up[{i}]");
        let Some(id) = contract_id(&|| format!("{}.contract", field()), slot.contract, errs) else {
            continue;
        };
        let mut seats = Vec::new();
        for (j, &c) in slot.completers.iter().enumerate() {
            match seat_of(c, players) {
                Some(s) if !seats.contains(&s) => seats.push(s),
                _ => errs.push(
                    format!("{}.completers[{j}]", field()),
                    "not a seat, or a seat named twice",
                ),
            }
        }
        face_up.push(Slot {
            id,
            completers: seats,
        });
    }
    let face_down: Vec<ContractId> = x
        .face_down
        .iter()
        .enumerate()
        .filter_map(|(i, &raw)| contract_id(&|| format!("contracts.face_down[{i}]"), raw, errs))
        .collect();
    let expected = if coop { CONTRACTS } else { CONTRACTS - 2 };
    if face_up.len() + face_down.len() != expected && errs.errors.is_empty() {
        errs.push("contracts", format!("must hold all {expected} contracts"));
    }
    let want_up = if coop {
        contracts::COOPERATIVE_FACE_UP
            .get(usize::from(players).saturating_sub(1))
            .copied()
            .unwrap_or(0)
    } else {
        contracts::COMPETITIVE_FACE_UP
    };
    if face_up.len() != want_up {
        errs.push(
            "contracts.face_up",
            format!("{want_up} contracts are face up with {players} players in this variant"),
        );
    }
    let mut progress: Vec<Progress> = Vec::new();
    for (
        i,
        &v1::PortRoyalProgress {
            seat,
            contract,
            level,
        },
    ) in x.progress.iter().enumerate()
    {
        let slot = u8::try_from(contract)
            .ok()
            .and_then(|c| face_up.iter().find(|s| s.id == c));
        let max_level =
            slot.and_then(|s| contracts::contract(s.id))
                .map_or(0, |c| match c.requirement {
                    Requirement::DeclineCoins { times, .. } => times.saturating_sub(1),
                    Requirement::TinyGamester => 1,
                    _ => 0,
                });
        match (seat_of(seat, players), slot) {
            (Some(s), Some(slot))
                if (1..=u32::from(max_level)).contains(&level)
                    && !slot.completers.contains(&s)
                    && !progress.iter().any(|p| p.seat == s && p.contract == slot.id) =>
            {
                progress.push(Progress {
                    seat: s,
                    contract: slot.id,
                    level: level as u8,
                })
            }
            _ => errs.push(
                format!("contracts.progress[{i}]"),
                "a progress cube needs a seat, a face-up contract with progress spaces, a level on them, and no completion of that contract",
            ),
        }
    }
    let mut set_aside = Vec::new();
    for i in 0..usize::from(players) {
        let raw = x.set_aside.get(i).map_or(&[][..], |v| &v.ships[..]);
        let ships = census.zone(errs, Zone::SetAside(i), raw);
        let mut colours = 0u8;
        for (j, &id) in ships.iter().enumerate() {
            match cards::face(id).ship_colour() {
                Some(c) if colours & c.bit() == 0 => colours |= c.bit(),
                _ => errs.push(
                    format!("contracts.set_aside[{i}].ships[{j}]"),
                    "only the first ship of each colour is set aside",
                ),
            }
        }
        if ships.len() >= 5 {
            errs.push(
                format!("contracts.set_aside[{i}].ships"),
                "five colours complete the contract",
            );
        }
        set_aside.push(ships);
    }
    if x.set_aside.len() > usize::from(players) {
        errs.push("contracts.set_aside", "one entry per seat");
    }
    let time_pile = census.zone(errs, Zone::Named("contracts.time_pile"), &x.time_pile);
    let victory_pile = census.zone(errs, Zone::Named("contracts.victory_pile"), &x.victory_pile);
    let outcome = outcome(x);
    if !coop && (!time_pile.is_empty() || !victory_pile.is_empty() || outcome.is_some()) {
        errs.push(
            "contracts.time_pile",
            "the time pile, victory pile and outcome belong to the cooperative variant",
        );
    }
    let ext = Expansion {
        face_up,
        face_down,
        progress,
        set_aside,
        time_pile,
        victory_pile,
        outcome,
    };
    for s in 0..players {
        let completed = ext
            .face_up
            .iter()
            .filter(|sl| sl.completers.contains(&s))
            .count();
        let cubes = completed + ext.progress.iter().filter(|p| p.seat == s).count();
        if cubes > contracts::CUBES {
            errs.push(
                "contracts",
                format!("seat {s} has placed more than 3 cubes"),
            );
        }
    }
    ext
}

impl Expansion {
    /// The expansion as its message.
    pub(crate) fn to_parts(&self) -> v1::PortRoyalContracts {
        v1::PortRoyalContracts {
            face_up: self.face_up.iter().map(Slot::to_proto).collect(),
            face_down: ids(&self.face_down),
            progress: self.progress.iter().map(Progress::to_proto).collect(),
            set_aside: self
                .set_aside
                .iter()
                .map(|v| v1::PortRoyalSetAside { ships: ids(v) })
                .collect(),
            time_pile: ids(&self.time_pile),
            victory_pile: ids(&self.victory_pile),
            outcome: outcome_to_proto(self.outcome),
        }
    }
}

/// The cooperative outcome as the messages spell it (unset while the game goes on).
pub(crate) fn outcome_to_proto(outcome: Option<bool>) -> i32 {
    let outcome = match outcome {
        None => Outcome::Unspecified,
        Some(true) => Outcome::Won,
        Some(false) => Outcome::Lost,
    };
    outcome as i32
}

impl Slot {
    /// A face-up contract as its message (a state's and a view's).
    pub fn to_proto(&self) -> v1::PortRoyalContractSlot {
        v1::PortRoyalContractSlot {
            contract: self.id.into(),
            completers: ids(&self.completers),
        }
    }
}

impl Progress {
    /// A progress cube as its message (a state's and a view's).
    pub fn to_proto(&self) -> v1::PortRoyalProgress {
        v1::PortRoyalProgress {
            seat: self.seat.into(),
            contract: self.contract.into(),
            level: self.level.into(),
        }
    }
}

impl State {
    /// VP from contracts: 1 for the 2nd completed, 2 more for the 3rd (spec §3.1).
    pub fn contract_vp(&self, seat: Seat) -> u32 {
        let n = self.completed(seat).min(3);
        CONTRACT_VP.get(n).copied().unwrap_or(0)
    }

    /// Contracts a seat has completed.
    pub fn completed(&self, seat: Seat) -> usize {
        self.ext.as_ref().map_or(0, |x| {
            x.face_up
                .iter()
                .filter(|slot| slot.completers.contains(&seat))
                .count()
        })
    }

    /// Cubes a seat has placed (completions and progress spaces).
    pub fn cubes_used(&self, seat: Seat) -> usize {
        self.completed(seat)
            + self
                .ext
                .as_ref()
                .map_or(0, |x| x.progress.iter().filter(|p| p.seat == seat).count())
    }

    /// Every contract id in play (for conservation checks).
    pub fn all_contracts(&self) -> Vec<ContractId> {
        self.ext.as_ref().map_or(Vec::new(), |x| {
            x.face_up
                .iter()
                .map(|s| s.id)
                .chain(x.face_down.iter().copied())
                .collect()
        })
    }
}
