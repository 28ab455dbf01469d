//! The Port Royal state: static configuration apart from what changes, and the one constructor
//! (`State::from_parts`) that turns unchecked client data into a validated state, reporting every
//! inconsistency with its field path.

use crate::core::pile::{CardId, Supply};
use crate::core::rng::{GameRng, MAX_WORD_POS};
use crate::core::{Seat, StateErrors};

use super::cards::{self, Card, Colour, Person, BASE_CARDS};

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
    /// Just One More Contract (not served yet).
    pub contracts: bool,
    /// Competitive or cooperative.
    pub mode: Mode,
    /// Cooperative difficulty.
    pub difficulty: u32,
    /// The expedition variant: the end needs 12 VP and an expedition.
    pub expedition_variant: bool,
}

impl Options {
    /// Refuses what this release does not serve.
    pub fn check(&self) -> Result<(), StateErrors> {
        let mut errs = StateErrors::default();
        if self.contracts {
            errs.push(
                "options.contracts",
                "the Just One More Contract expansion is not served by this release yet",
            );
        }
        if self.mode == Mode::Cooperative {
            errs.push(
                "options.mode",
                "the cooperative variant needs the Just One More Contract expansion, which is not served by this release yet",
            );
        }
        if self.difficulty != 0 {
            errs.push(
                "options.difficulty",
                "difficulty applies to the cooperative variant only",
            );
        }
        if errs.errors.is_empty() {
            Ok(())
        } else {
            Err(errs.with_reason("UNSUPPORTED_EXPANSION"))
        }
    }
}

/// What is fixed for the whole game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
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
        /// Cards taken in this chance.
        taken: u8,
    },
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

    /// Victory points of a seat (persons and expeditions in the display).
    pub fn victory_points(&self, seat: Seat) -> u32 {
        self.display(seat).map(|c| u32::from(c.vp())).sum()
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

    /// Expeditions a seat owns.
    pub fn expeditions_owned(&self, seat: Seat) -> u32 {
        self.display(seat)
            .filter(|c| matches!(c, Card::Expedition { .. }))
            .count() as u32
    }

    /// The set of ship colours in the harbor, as bits.
    pub(crate) fn harbor_colours(&self) -> u8 {
        self.harbor
            .iter()
            .filter_map(|&id| cards::face(id).ship_colour())
            .fold(0, |set, c| set | c.bit())
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
    /// Trade only.
    pub taker: u32,
    /// Trade only.
    pub base_takes: u32,
    /// Trade only.
    pub taken: u32,
    /// Final round.
    pub final_round: bool,
    /// Turn number.
    pub turn_number: u32,
}

/// Checks a list of card ids against the table, recording where each id was seen.
struct Census {
    seen: [Option<usize>; BASE_CARDS],
    places: Vec<String>,
}

impl Census {
    fn zone(&mut self, errs: &mut StateErrors, field: &str, ids: &[u32]) -> Vec<CardId> {
        let mut out = Vec::with_capacity(ids.len());
        for (i, &raw) in ids.iter().enumerate() {
            let path = format!("{field}[{i}]");
            let Some(id) = u8::try_from(raw)
                .ok()
                .filter(|&id| cards::card(id).is_some())
            else {
                errs.push(path, format!("card {raw} does not exist"));
                continue;
            };
            match self.seen[usize::from(id)] {
                Some(first) => {
                    let first = self.places.get(first).cloned().unwrap_or_default();
                    errs.push(path, format!("card {id} is also at {first}"));
                }
                None => {
                    self.seen[usize::from(id)] = Some(self.places.len());
                    self.places.push(path);
                }
            }
            out.push(id);
        }
        out
    }
}

impl State {
    /// Builds a validated state, or every reason the parts are inconsistent (field paths relative
    /// to the Port Royal state).
    pub fn from_parts(p: &StateParts) -> Result<State, StateErrors> {
        let mut errs = StateErrors::default();
        p.options.check()?;
        let players = match u8::try_from(p.players) {
            Ok(n @ 2..=5) => n,
            _ => return Err(StateErrors::one("players", "must be 2 to 5")),
        };
        let seat_in_range = |v: u32| u8::try_from(v).ok().filter(|&s| s < players);
        let start_seat = seat_in_range(p.start_seat).unwrap_or_else(|| {
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

        let mut census = Census {
            seen: [None; BASE_CARDS],
            places: Vec::with_capacity(BASE_CARDS),
        };
        let draw = census.zone(&mut errs, "draw_pile", &p.draw_pile);
        let discard = census.zone(&mut errs, "discard_pile", &p.discard_pile);
        let harbor = census.zone(&mut errs, "harbor", &p.harbor);
        let expeditions = census.zone(&mut errs, "expedition_row", &p.expedition_row);
        let pending = p.turn.pending_ship.map(|raw| {
            census
                .zone(&mut errs, "turn.pending_ship", &[raw])
                .first()
                .copied()
        });
        let seats: Vec<SeatState> = p
            .seats
            .iter()
            .take(5)
            .enumerate()
            .map(|(i, s)| SeatState {
                coins: census.zone(&mut errs, &format!("seats[{i}].coins"), &s.coins),
                display: census.zone(&mut errs, &format!("seats[{i}].display"), &s.display),
            })
            .collect();
        for id in cards::in_play(players) {
            if census.seen[usize::from(id)].is_none() {
                errs.push("cards", format!("card {id} is missing"));
            }
        }
        if players < 5 {
            if let Some(Some(at)) = census.seen.get(usize::from(cards::FIVE_PLAYER_EXPEDITION)) {
                let at = census.places.get(*at).cloned().unwrap_or_default();
                errs.push(
                    at,
                    "the 5-player expedition is out of the game with fewer than 5 players",
                );
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
        let active = seat_in_range(t.active_seat).unwrap_or_else(|| {
            errs.push("turn.active_seat", "no such seat");
            0
        });
        if t.turn_number == 0 {
            errs.push("turn.turn_number", "counts from 1");
        }
        if t.phase != PhaseTag::Repel && t.pending_ship.is_some() {
            errs.push("turn.pending_ship", "is set only in the REPEL phase");
        }
        if t.phase != PhaseTag::Trade && (t.taker, t.base_takes, t.taken) != (0, 0, 0) {
            errs.push(
                "turn.taker",
                "taker, base_takes and taken are set only in the TRADE phase",
            );
        }
        let mut state = State {
            config: Config {
                players,
                start_seat,
                options: p.options,
            },
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
        };
        state.turn.phase = match t.phase {
            PhaseTag::Unspecified => {
                errs.push("turn.phase", "must be set");
                Phase::Finished
            }
            PhaseTag::Discover => Phase::Discover,
            PhaseTag::Finished => Phase::Finished,
            PhaseTag::Repel => match pending {
                Some(Some(ship)) => {
                    if !state.can_repel(active, ship) {
                        errs.push(
                            "turn.pending_ship",
                            "the active player cannot repel this card",
                        );
                    }
                    if t.cards_drawn == 0 {
                        errs.push("turn.cards_drawn", "a ship was drawn, so at least 1");
                    }
                    Phase::Repel { ship }
                }
                _ => {
                    errs.push(
                        "turn.pending_ship",
                        "the REPEL phase needs the ship just drawn",
                    );
                    Phase::Finished
                }
            },
            PhaseTag::Trade => {
                let taker = seat_in_range(t.taker).unwrap_or_else(|| {
                    errs.push("turn.taker", "no such seat");
                    active
                });
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
                let allowed = t
                    .base_takes
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
                    taken: u8::try_from(t.taken).unwrap_or(0),
                }
            }
        };
        errs.into_result().map(|()| state)
    }

    /// The unchecked parts of this state (the inverse of `from_parts`).
    pub fn to_parts(&self) -> StateParts {
        let ids = |v: &[CardId]| v.iter().map(|&c| u32::from(c)).collect::<Vec<u32>>();
        let (phase, pending_ship, taker, base_takes, taken) = match self.turn.phase {
            Phase::Discover => (PhaseTag::Discover, None, 0, 0, 0),
            Phase::Repel { ship } => (PhaseTag::Repel, Some(u32::from(ship)), 0, 0, 0),
            Phase::Trade {
                taker,
                base_takes,
                taken,
            } => (
                PhaseTag::Trade,
                None,
                u32::from(taker),
                u32::from(base_takes),
                u32::from(taken),
            ),
            Phase::Finished => (PhaseTag::Finished, None, 0, 0, 0),
        };
        StateParts {
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
            turn: TurnParts {
                active_seat: u32::from(self.turn.active),
                phase,
                cards_drawn: self.turn.drawn,
                pending_ship,
                taker,
                base_takes,
                taken,
                final_round: self.turn.final_round,
                turn_number: self.turn.number,
            },
        }
    }

    /// Every card id in every zone (for conservation checks).
    pub fn all_cards(&self) -> impl Iterator<Item = CardId> + '_ {
        let pending = match self.turn.phase {
            Phase::Repel { ship } => Some(ship),
            _ => None,
        };
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
            .copied()
            .chain(pending)
    }

    /// Ship colour sets as a count of distinct colours.
    pub(crate) fn distinct_ship_colours(&self) -> u32 {
        self.harbor_colours().count_ones()
    }
}

/// Colours, for tests and views.
pub fn colour_of(id: CardId) -> Option<Colour> {
    cards::face(id).ship_colour()
}
