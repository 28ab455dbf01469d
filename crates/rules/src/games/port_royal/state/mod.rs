//! The Port Royal state, split by concept: each zone's model, how it is read from the state
//! message and written back, and its checks live together in one module. [`State::from_parts`]
//! is the one constructor that turns a client's state message (`v1::PortRoyalState`, unchecked)
//! into a validated state, reporting every inconsistency with its field path.

mod board;
mod census;
mod config;
mod expansion;
mod offers;
mod seats;
mod turn;

pub use config::{Config, Mode, Options, MAX_PLAYERS, OPTIONS};
pub(crate) use expansion::outcome_to_proto;
pub use expansion::{Expansion, Progress, Slot};
pub use offers::{Offer, OfferKind};
pub use seats::SeatState;
pub use turn::{Phase, Turn};

use crate::core::pile::{CardId, Supply};
use referee_proto::v1;

use crate::core::message::ids;
use crate::core::rng::GameRng;
use crate::core::status::ScoreItem;
use crate::core::{Seat, StateErrors};

use super::cards::{self, Card, Person, ALL_CARDS};
use super::contracts::CONTRACTS;
use super::rules_version::Rules;
use census::{Census, Zone};

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
    /// The expansion's state, in the cooperative game.
    pub(crate) fn cooperative(&self) -> Option<&Expansion> {
        self.ext
            .as_ref()
            .filter(|_| self.config.options.cooperative())
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
    /// The draw pile, in order (hidden information: for the state's encoding, never a view).
    pub fn draw_pile_cards(&self) -> &[CardId] {
        &self.draw
    }
    /// The discard pile, in order (hidden information, as the draw pile).
    pub fn discard_pile_cards(&self) -> &[CardId] {
        &self.discard
    }
    /// The RNG (hidden information, as the draw pile).
    pub fn rng(&self) -> &GameRng {
        &self.rng
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

    /// A seat's victory points by card kind (persons, expeditions) and, with the expansion,
    /// contracts: they sum to [`State::victory_points`].
    pub fn score_sheet(&self, seat: Seat) -> Vec<ScoreItem> {
        let vp = |person: bool| {
            self.display(seat)
                .filter(|c| c.person().is_some() == person)
                .map(|c| u32::from(c.vp()))
                .sum()
        };
        let mut sheet = vec![
            ScoreItem {
                category: "persons",
                points: vp(true),
            },
            ScoreItem {
                category: "expeditions",
                points: vp(false),
            },
        ];
        if self.ext.is_some() {
            sheet.push(ScoreItem {
                category: "contracts",
                points: self.contract_vp(seat),
            });
        }
        sheet
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

/// A seat number from the wire, if it is one of `players` seats.
fn seat_of(v: u32, players: u8) -> Option<Seat> {
    u8::try_from(v).ok().filter(|&s| s < players)
}

/// The longest each list of a state may be: no game fills a list beyond what its components
/// allow, so a longer one is refused whole, before any work per entry (docs/operations.md,
/// "Limits").
const SEATS: usize = MAX_PLAYERS as usize;

/// The shape of a state message, checked before anything is read from it: the options name a
/// mode (they are returned), and no list is longer than the game's components allow (field paths
/// relative to the Port Royal state, in the message's order).
fn check_shape(p: &v1::PortRoyalState) -> Result<Options, StateErrors> {
    let mut errs = StateErrors::default();
    let options = p.options.as_ref().map_or(Ok(Options::default()), |o| {
        Options::from_proto(o).map_err(|e| errs.errors.extend(e.under("options.").errors))
    });
    errs.within(p.draw_pile.len(), ALL_CARDS, || "draw_pile".into());
    errs.within(p.discard_pile.len(), ALL_CARDS, || "discard_pile".into());
    errs.within(p.harbor.len(), ALL_CARDS, || "harbor".into());
    errs.within(p.expedition_row.len(), ALL_CARDS, || {
        "expedition_row".into()
    });
    if errs.within(p.seats.len(), SEATS, || "seats".into()) {
        for (i, s) in p.seats.iter().enumerate() {
            errs.within(s.coins.len(), ALL_CARDS, || format!("seats[{i}].coins"));
            errs.within(s.display.len(), ALL_CARDS, || format!("seats[{i}].display"));
        }
    }
    if let Some(x) = &p.contracts {
        expansion::check_shape(x, &mut errs);
    }
    errs.within(p.offers.len(), SEATS * (CONTRACTS + 1), || "offers".into());
    errs.into_result()?;
    Ok(options.unwrap_or_default())
}

impl crate::games::StateMessage for State {
    type Parts = v1::PortRoyalState;

    /// Builds a validated state from a client's state message, or every reason it is malformed
    /// or inconsistent (field paths relative to the Port Royal state, as the message spells
    /// them). Its shape is checked first; then each zone is read and checked by its own module,
    /// in an order that keeps the errors in the order they were always reported.
    fn from_parts(p: &v1::PortRoyalState, rules: Rules, _: &()) -> Result<State, StateErrors> {
        let options = check_shape(p)?;
        let mut errs = StateErrors::default();
        let config = Config::from_parts(p, options, rules, &mut errs)?;
        let players = config.players;
        let rng = p
            .rng
            .as_ref()
            .map_or((&[][..], 0), |r| (&r.seed[..], r.word_pos));
        let rng = GameRng::check(rng.0, rng.1, &mut errs);
        if p.seats.len() != usize::from(players) {
            errs.push("seats", format!("must have {players} entries"));
        }
        let t = &turn::read(p.turn.as_ref(), rules);

        // The card census, zone by zone.
        let mut census = Census::new();
        let draw = census.zone(&mut errs, Zone::Named("draw_pile"), &p.draw_pile);
        let discard = census.zone(&mut errs, Zone::Named("discard_pile"), &p.discard_pile);
        let harbor = census.zone(&mut errs, Zone::Named("harbor"), &p.harbor);
        let expeditions = census.zone(&mut errs, Zone::Named("expedition_row"), &p.expedition_row);
        let pending = t.pending_ship.map(|raw| {
            census
                .zone(&mut errs, Zone::Single("turn.pending_ship"), &[raw])
                .first()
                .copied()
        });
        let seats = seats::seats_from_parts(&p.seats, &mut census, &mut errs);
        let ext = match (&p.contracts, config.options.contracts) {
            (Some(x), true) => Some(expansion::expansion_from_parts(
                x,
                &config,
                &mut census,
                &mut errs,
            )),
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
        census.check_complete(players, config.options.contracts, &mut errs);

        // What each zone may hold.
        board::check_table(&harbor, &expeditions, &mut errs);
        seats::check_displays(&seats, &mut errs);

        let active = turn::check_fields(t, players, &mut errs);
        let offers = offers::offers_from_parts(
            &p.offers,
            players,
            config.options.cooperative(),
            ext.as_ref(),
            t,
            &mut errs,
        );
        let mut state = State {
            config,
            // A placeholder only when an error is pushed, so never returned.
            rng: rng.unwrap_or_else(|| GameRng::from_u64(0)),
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
        state.read_turn(t, pending, &mut errs);
        errs.into_result().map(|()| state)
    }

    /// This state as its message (`from_parts` of it gives this state back).
    fn to_parts(&self) -> v1::PortRoyalState {
        v1::PortRoyalState {
            players: u32::from(self.config.players),
            start_seat: u32::from(self.config.start_seat),
            options: Some(self.config.options.to_proto()),
            rng: Some(v1::PortRoyalRng {
                seed: self.rng.seed().to_vec(),
                word_pos: self.rng.word_pos(),
            }),
            draw_pile: ids(&self.draw),
            discard_pile: ids(&self.discard),
            harbor: ids(&self.harbor),
            expedition_row: ids(&self.expeditions),
            seats: self.seats.iter().map(SeatState::to_parts).collect(),
            turn: Some(self.turn.to_parts(self.config.rules)),
            contracts: self.ext.as_ref().map(Expansion::to_parts),
            offers: self.offers.iter().map(|o| o.to_parts()).collect(),
        }
    }
}

impl State {
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
}
