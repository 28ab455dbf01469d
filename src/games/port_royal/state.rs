//! The Port Royal state: static configuration apart from what changes, and the one constructor
//! (`State::from_parts`) that turns unchecked client data into a validated state, reporting every
//! inconsistency with its field path.

use crate::core::pile::{CardId, Supply};
use crate::core::rng::{GameRng, MAX_WORD_POS};
use crate::core::{Seat, StateErrors};

use super::cards::{self, Card, Person, ALL_CARDS};
use super::contracts::{self, ContractId, Requirement, CONTRACTS, CONTRACT_VP};
use super::rules_version::Rules;

/// The variant played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    /// Competitive (the default).
    #[default]
    Competitive,
    /// Cooperative (Just One More Contract).
    Cooperative,
}

/// Options chosen at setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Options {
    /// Just One More Contract.
    pub contracts: bool,
    /// Competitive or cooperative.
    pub mode: Mode,
    /// Cooperative difficulty.
    pub difficulty: u32,
    /// The expedition variant: the end needs 12 VP and an expedition.
    pub expedition_variant: bool,
}

impl Options {
    /// Refuses inconsistent options (field paths relative to the options).
    pub fn check(&self) -> Result<(), StateErrors> {
        let mut errs = StateErrors::default();
        if self.mode == Mode::Cooperative && !self.contracts {
            errs.push(
                "options.mode",
                "the cooperative variant is part of Just One More Contract: set contracts",
            );
        }
        if self.difficulty != 0 && self.mode != Mode::Cooperative {
            errs.push(
                "options.difficulty",
                "difficulty applies to the cooperative variant only",
            );
        }
        errs.into_result()
    }

    /// Player counts: 2-5, or 1-5 in the cooperative variant.
    pub fn players(&self) -> std::ops::RangeInclusive<u8> {
        if self.mode == Mode::Cooperative {
            1..=MAX_PLAYERS
        } else {
            2..=MAX_PLAYERS
        }
    }

    /// Whether the game is cooperative.
    pub fn cooperative(&self) -> bool {
        self.mode == Mode::Cooperative
    }
}

/// The most players any variant seats.
pub const MAX_PLAYERS: u8 = 5;

/// What is fixed for the whole game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// The rules version the game was set up under.
    pub rules: Rules,
    /// 2-5.
    pub players: u8,
    /// Who played first.
    pub start_seat: Seat,
    /// The options.
    pub options: Options,
}

/// One seat's holdings.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SeatState {
    /// Cards held face down as coins.
    pub coins: Vec<CardId>,
    /// Persons and expeditions.
    pub display: Vec<CardId>,
}

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

/// A validated Port Royal state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub(crate) config: Config,
    pub(crate) rng: GameRng,
    pub(crate) draw: Vec<CardId>,
    pub(crate) discard: Vec<CardId>,
    pub(crate) harbor: Vec<CardId>,
    pub(crate) expeditions: Vec<CardId>,
    pub(crate) seats: Vec<SeatState>,
    pub(crate) turn: Turn,
    pub(crate) offers: Vec<Offer>,
    pub(crate) ext: Option<Expansion>,
}

impl Supply for State {
    fn draw_pile(&mut self) -> &mut Vec<CardId> {
        &mut self.draw
    }
    fn discard_and_rng(&mut self) -> (&mut Vec<CardId>, &mut GameRng) {
        (&mut self.discard, &mut self.rng)
    }
}

/// Read access for the service edge, views and tests.
impl State {
    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }
    /// The turn.
    pub fn turn(&self) -> &Turn {
        &self.turn
    }
    /// Open offers, first to be decided first.
    pub fn offers(&self) -> &[Offer] {
        &self.offers
    }
    /// The expansion's state, when played.
    pub fn expansion(&self) -> Option<&Expansion> {
        self.ext.as_ref()
    }
    /// The harbor display.
    pub fn harbor(&self) -> &[CardId] {
        &self.harbor
    }
    /// The expedition row.
    pub fn expedition_row(&self) -> &[CardId] {
        &self.expeditions
    }
    /// The seats.
    pub fn seats(&self) -> &[SeatState] {
        &self.seats
    }
    /// Cards in the draw pile.
    pub fn draw_pile_len(&self) -> usize {
        self.draw.len()
    }
    /// Cards in the discard pile.
    pub fn discard_pile_len(&self) -> usize {
        self.discard.len()
    }

    pub(crate) fn seat(&self, seat: Seat) -> Option<&SeatState> {
        self.seats.get(usize::from(seat))
    }

    fn display(&self, seat: Seat) -> impl Iterator<Item = Card> + '_ {
        self.seat(seat)
            .into_iter()
            .flat_map(|s| s.display.iter().map(|&id| cards::face(id)))
    }

    /// Coins held by a seat.
    pub fn coins(&self, seat: Seat) -> u32 {
        self.seat(seat).map_or(0, |s| s.coins.len() as u32)
    }

    /// Victory points of a seat: persons and expeditions in the display, plus contract VP.
    pub fn victory_points(&self, seat: Seat) -> u32 {
        self.display(seat).map(|c| u32::from(c.vp())).sum::<u32>() + self.contract_vp(seat)
    }

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

    /// Swords of a seat (Sailors 1, Pirates 2).
    pub fn swords(&self, seat: Seat) -> u32 {
        self.display(seat)
            .filter_map(Card::person)
            .map(|p| u32::from(p.swords()))
            .sum()
    }

    /// How many persons of one type a seat owns.
    pub fn count(&self, seat: Seat, person: Person) -> u32 {
        self.display(seat)
            .filter(|c| c.person() == Some(person))
            .count() as u32
    }

    /// How many persons satisfy a predicate.
    pub(crate) fn count_where(&self, seat: Seat, f: impl Fn(Card) -> bool) -> u32 {
        self.display(seat).filter(|&c| f(c)).count() as u32
    }

    /// Expeditions a seat owns.
    pub fn expeditions_owned(&self, seat: Seat) -> u32 {
        self.count_where(seat, |c| matches!(c, Card::Expedition { .. }))
    }

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

    /// Whether a seat can repel a ship: not a skull, and enough swords.
    pub(crate) fn can_repel(&self, seat: Seat, ship: CardId) -> bool {
        match cards::face(ship) {
            Card::Ship {
                swords: Some(need), ..
            } => self.swords(seat) >= u32::from(need),
            _ => false,
        }
    }
}

/// A Port Royal state as a client sent it, unchecked. Field types mirror the wire.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct StateParts {
    /// The rules version (from the envelope's `rules_version`).
    pub rules: Rules,
    /// Number of players.
    pub players: u32,
    /// Start seat.
    pub start_seat: u32,
    /// Options.
    pub options: Options,
    /// RNG seed (32 bytes).
    pub rng_seed: Vec<u8>,
    /// RNG position.
    pub rng_word_pos: u64,
    /// Draw pile, top last.
    pub draw_pile: Vec<u32>,
    /// Discard pile.
    pub discard_pile: Vec<u32>,
    /// Harbor.
    pub harbor: Vec<u32>,
    /// Expedition row.
    pub expedition_row: Vec<u32>,
    /// Seats.
    pub seats: Vec<SeatParts>,
    /// Turn.
    pub turn: TurnParts,
    /// Offers.
    pub offers: Vec<OfferParts>,
    /// The expansion, when played.
    pub contracts: Option<ExpansionParts>,
}

/// One seat, unchecked.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SeatParts {
    /// Coin card ids.
    pub coins: Vec<u32>,
    /// Display card ids.
    pub display: Vec<u32>,
}

/// Phase tags as on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PhaseTag {
    /// Not set (invalid).
    #[default]
    Unspecified,
    /// Discover.
    Discover,
    /// Repel.
    Repel,
    /// Trade.
    Trade,
    /// Finished.
    Finished,
    /// Bust, offers pending.
    Bust,
}

/// The turn, unchecked.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TurnParts {
    /// Active seat.
    pub active_seat: u32,
    /// Phase.
    pub phase: PhaseTag,
    /// Cards drawn.
    pub cards_drawn: u32,
    /// Repel only.
    pub pending_ship: Option<u32>,
    /// Trade only (and then required).
    pub taker: Option<u32>,
    /// Trade only.
    pub base_takes: u32,
    /// Trade only.
    pub bonus_takes: u32,
    /// Trade only.
    pub taken: u32,
    /// Final round.
    pub final_round: bool,
    /// Turn number.
    pub turn_number: u32,
}

/// An offer, unchecked: a contract id, or `None` for the victory pile.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct OfferParts {
    /// Who decides.
    pub seat: u32,
    /// The contract; `None` = a victory-pile card.
    pub contract: Option<u32>,
}

/// The expansion's state, unchecked.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ExpansionParts {
    /// (contract, completers).
    pub face_up: Vec<(u32, Vec<u32>)>,
    /// Face-down contracts.
    pub face_down: Vec<u32>,
    /// (seat, contract, level).
    pub progress: Vec<(u32, u32, u32)>,
    /// Ships set aside per seat.
    pub set_aside: Vec<Vec<u32>>,
    /// Time pile.
    pub time_pile: Vec<u32>,
    /// Victory pile.
    pub victory_pile: Vec<u32>,
    /// Cooperative outcome.
    pub outcome: Option<bool>,
}

/// A zone of cards, named for error messages only (formatting is deferred to errors: this runs
/// on every request).
#[derive(Clone, Copy, Debug)]
enum Zone {
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
struct Census {
    /// For each card id: (zone, index in the zone) where it was first seen.
    seen: [Option<(u16, u32)>; ALL_CARDS],
    zones: Vec<Zone>,
}

impl Census {
    fn new() -> Self {
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

    fn zone(&mut self, errs: &mut StateErrors, field: Zone, ids: &[u32]) -> Vec<CardId> {
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

fn seat_of(v: u32, players: u8) -> Option<Seat> {
    u8::try_from(v).ok().filter(|&s| s < players)
}

fn expansion_from_parts(
    x: &ExpansionParts,
    config: &Config,
    census: &mut Census,
    errs: &mut StateErrors,
) -> Expansion {
    let players = config.players;
    let coop = config.options.cooperative();
    let mut seen = [false; CONTRACTS];
    let mut contract_id = |field: String, raw: u32, errs: &mut StateErrors| -> Option<ContractId> {
        let id = u8::try_from(raw)
            .ok()
            .filter(|&id| contracts::contract(id).is_some_and(|c| coop || !c.cooperative_only));
        match id {
            None => {
                errs.push(field, format!("contract {raw} is not in this game"));
                None
            }
            Some(id) if seen[usize::from(id)] => {
                errs.push(field, format!("contract {id} appears twice"));
                None
            }
            Some(id) => {
                seen[usize::from(id)] = true;
                Some(id)
            }
        }
    };
    let mut face_up = Vec::new();
    for (i, (raw, completers)) in x.face_up.iter().enumerate() {
        let field = format!("contracts.face_up[{i}]");
        let Some(id) = contract_id(format!("{field}.contract"), *raw, errs) else {
            continue;
        };
        let mut seats = Vec::new();
        for (j, &c) in completers.iter().enumerate() {
            match seat_of(c, players) {
                Some(s) if !seats.contains(&s) => seats.push(s),
                _ => errs.push(
                    format!("{field}.completers[{j}]"),
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
        .filter_map(|(i, &raw)| contract_id(format!("contracts.face_down[{i}]"), raw, errs))
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
    for (i, &(seat, contract, level)) in x.progress.iter().enumerate() {
        let field = format!("contracts.progress[{i}]");
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
                field,
                "a progress cube needs a seat, a face-up contract with progress spaces, a level on them, and no completion of that contract",
            ),
        }
    }
    let mut set_aside = Vec::new();
    for i in 0..usize::from(players) {
        let raw = x.set_aside.get(i).map_or(&[][..], |v| &v[..]);
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
    if !coop && (!time_pile.is_empty() || !victory_pile.is_empty() || x.outcome.is_some()) {
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
        outcome: x.outcome,
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

impl State {
    /// Builds a validated state, or every reason the parts are inconsistent (field paths relative
    /// to the Port Royal state).
    pub fn from_parts(p: &StateParts) -> Result<State, StateErrors> {
        let mut errs = StateErrors::default();
        p.options.check()?;
        let players = match u8::try_from(p.players) {
            Ok(n) if p.options.players().contains(&n) => n,
            _ => {
                let r = p.options.players();
                return Err(StateErrors::one(
                    "players",
                    format!("must be {} to {} in this variant", r.start(), r.end()),
                ));
            }
        };
        let start_seat = seat_of(p.start_seat, players).unwrap_or_else(|| {
            errs.push("start_seat", "no such seat");
            0
        });
        let seed: [u8; 32] = p.rng_seed.as_slice().try_into().unwrap_or_else(|_| {
            errs.push("rng.seed", "must be 32 bytes");
            [0; 32]
        });
        if p.rng_word_pos > MAX_WORD_POS {
            errs.push("rng.word_pos", "is out of range");
        }
        if p.seats.len() != usize::from(players) {
            errs.push("seats", format!("must have {players} entries"));
        }
        let config = Config {
            rules: p.rules,
            players,
            start_seat,
            options: p.options,
        };

        let mut census = Census::new();
        let draw = census.zone(&mut errs, Zone::Named("draw_pile"), &p.draw_pile);
        let discard = census.zone(&mut errs, Zone::Named("discard_pile"), &p.discard_pile);
        let harbor = census.zone(&mut errs, Zone::Named("harbor"), &p.harbor);
        let expeditions = census.zone(&mut errs, Zone::Named("expedition_row"), &p.expedition_row);
        let pending = p.turn.pending_ship.map(|raw| {
            census
                .zone(&mut errs, Zone::Single("turn.pending_ship"), &[raw])
                .first()
                .copied()
        });
        let seats: Vec<SeatState> = p
            .seats
            .iter()
            .take(5)
            .enumerate()
            .map(|(i, s)| SeatState {
                coins: census.zone(&mut errs, Zone::Seat(i, "coins"), &s.coins),
                display: census.zone(&mut errs, Zone::Seat(i, "display"), &s.display),
            })
            .collect();
        let ext = match (&p.contracts, p.options.contracts) {
            (Some(x), true) => Some(expansion_from_parts(x, &config, &mut census, &mut errs)),
            (None, false) => None,
            (None, true) => {
                errs.push("contracts", "the expansion is on, so its state is required");
                None
            }
            (Some(_), false) => {
                errs.push("contracts", "is set only when options.contracts is on");
                None
            }
        };
        for (id, seen) in (0..=u8::MAX).zip(census.seen.iter()) {
            match (seen, cards::is_in_play(id, players, p.options.contracts)) {
                (None, true) => errs.push("", format!("card {id} is in no zone")),
                (Some(at), false) => errs.push(
                    census.place(*at),
                    format!("card {id} is not in play in this game"),
                ),
                _ => {}
            }
        }

        // What each zone may hold.
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

        let t = &p.turn;
        let active = seat_of(t.active_seat, players).unwrap_or_else(|| {
            errs.push("turn.active_seat", "no such seat");
            0
        });
        if t.turn_number == 0 {
            errs.push("turn.turn_number", "counts from 1");
        }
        if t.phase != PhaseTag::Repel && t.pending_ship.is_some() {
            errs.push("turn.pending_ship", "is set only in the REPEL phase");
        }
        if t.phase != PhaseTag::Trade {
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
        let mut offers = Vec::new();
        for (i, o) in p.offers.iter().enumerate() {
            let kind = match o.contract {
                None if p.options.cooperative() => Some(OfferKind::VictoryPile),
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
        let mut state = State {
            config,
            rng: GameRng::restore(seed, p.rng_word_pos.min(MAX_WORD_POS)),
            draw,
            discard,
            harbor,
            expeditions,
            seats,
            turn: Turn {
                active,
                phase: Phase::Finished,
                drawn: t.cards_drawn,
                final_round: t.final_round,
                number: t.turn_number,
            },
            offers,
            ext,
        };
        if t.final_round && state.config.options.cooperative() {
            errs.push(
                "turn.final_round",
                "a cooperative game has no final round: its contracts or its time pile end it (docs/rules.md X5)",
            );
        }
        let outcome = state.ext.as_ref().and_then(|x| x.outcome);
        if (t.phase == PhaseTag::Finished) != outcome.is_some()
            && state.config.options.cooperative()
        {
            errs.push(
                "contracts.outcome",
                "is set exactly when a cooperative game is finished",
            );
        }
        // A phase that cannot be read stands in as Finished; the turn invariants are then not
        // checked, so the one error is not followed by others that only the stand-in causes.
        let mut phase_read = true;
        state.turn.phase = match t.phase {
            PhaseTag::Unspecified => {
                errs.push("turn.phase", "must be set");
                phase_read = false;
                Phase::Finished
            }
            PhaseTag::Discover => Phase::Discover,
            PhaseTag::Finished => Phase::Finished,
            PhaseTag::Bust => Phase::Bust,
            PhaseTag::Repel => match pending {
                Some(Some(ship)) => {
                    if !state.can_repel(active, ship) {
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
            PhaseTag::Trade => {
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
                    .saturating_add(state.count(taker, Person::Governor));
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
            state.check_turn(&mut errs);
        }
        errs.into_result().map(|()| state)
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

    /// The unchecked parts of this state (the inverse of `from_parts`).
    pub fn to_parts(&self) -> StateParts {
        let ids = |v: &[CardId]| v.iter().map(|&c| u32::from(c)).collect::<Vec<u32>>();
        StateParts {
            rules: self.config.rules,
            players: u32::from(self.config.players),
            start_seat: u32::from(self.config.start_seat),
            options: self.config.options,
            rng_seed: self.rng.seed().to_vec(),
            rng_word_pos: self.rng.word_pos(),
            draw_pile: ids(&self.draw),
            discard_pile: ids(&self.discard),
            harbor: ids(&self.harbor),
            expedition_row: ids(&self.expeditions),
            seats: self
                .seats
                .iter()
                .map(|s| SeatParts {
                    coins: ids(&s.coins),
                    display: ids(&s.display),
                })
                .collect(),
            turn: self.turn.to_parts(),
            offers: self
                .offers
                .iter()
                .map(|o| OfferParts {
                    seat: u32::from(o.seat),
                    contract: match o.kind {
                        OfferKind::Contract(c) => Some(u32::from(c)),
                        OfferKind::VictoryPile => None,
                    },
                })
                .collect(),
            contracts: self.ext.as_ref().map(|x| ExpansionParts {
                face_up: x
                    .face_up
                    .iter()
                    .map(|s| {
                        (
                            u32::from(s.id),
                            s.completers.iter().map(|&c| u32::from(c)).collect(),
                        )
                    })
                    .collect(),
                face_down: x.face_down.iter().map(|&c| u32::from(c)).collect(),
                progress: x
                    .progress
                    .iter()
                    .map(|p| (u32::from(p.seat), u32::from(p.contract), u32::from(p.level)))
                    .collect(),
                set_aside: x.set_aside.iter().map(|v| ids(v)).collect(),
                time_pile: ids(&x.time_pile),
                victory_pile: ids(&x.victory_pile),
                outcome: x.outcome,
            }),
        }
    }

    /// Every card id in every zone (for conservation checks).
    pub fn all_cards(&self) -> impl Iterator<Item = CardId> + '_ {
        let pending = match self.turn.phase {
            Phase::Repel { ship } => Some(ship),
            _ => None,
        };
        let ext = self.ext.iter().flat_map(|x| {
            x.time_pile
                .iter()
                .chain(&x.victory_pile)
                .chain(x.set_aside.iter().flatten())
        });
        self.draw
            .iter()
            .chain(&self.discard)
            .chain(&self.harbor)
            .chain(&self.expeditions)
            .chain(
                self.seats
                    .iter()
                    .flat_map(|s| s.coins.iter().chain(&s.display)),
            )
            .chain(ext)
            .copied()
            .chain(pending)
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

    /// Ship colour sets as a count of distinct colours.
    pub(crate) fn distinct_ship_colours(&self) -> u32 {
        self.harbor_colours().count_ones()
    }
}

impl Turn {
    /// The turn as wire parts.
    pub fn to_parts(&self) -> TurnParts {
        let (phase, pending_ship, taker, base_takes, bonus_takes, taken) = match self.phase {
            Phase::Discover => (PhaseTag::Discover, None, None, 0, 0, 0),
            Phase::Repel { ship } => (PhaseTag::Repel, Some(u32::from(ship)), None, 0, 0, 0),
            Phase::Trade {
                taker,
                base_takes,
                bonus_takes,
                taken,
            } => (
                PhaseTag::Trade,
                None,
                Some(u32::from(taker)),
                u32::from(base_takes),
                u32::from(bonus_takes),
                u32::from(taken),
            ),
            Phase::Bust => (PhaseTag::Bust, None, None, 0, 0, 0),
            Phase::Finished => (PhaseTag::Finished, None, None, 0, 0, 0),
        };
        TurnParts {
            active_seat: u32::from(self.active),
            phase,
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
