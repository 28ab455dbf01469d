//! The state: the prize pile and the prizes up, and each seat's hand, bid, played cards and
//! prizes won; and how it is read from and written to its message (`v1::GoofspielState`), the one
//! way a state comes in from outside.

use referee_proto::v1;

use crate::core::message::{ids, small, small_list, At};
use crate::core::{GameRng, Seat, StateErrors};

use super::rules_version::Rules;

/// The cards of a suit: ranks 1 (ace) to 13 (king). Every seat holds one suit; the prizes are
/// another.
pub const CARDS: u8 = 13;
/// The fewest and the most seats.
pub const PLAYERS: std::ops::RangeInclusive<u8> = 2..=5;

/// Every card of a suit, in ascending order.
pub fn suit() -> impl Iterator<Item = u8> {
    1..=CARDS
}

/// What is chosen at setup.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Equal highest bids roll the prizes over to the next round, instead of discarding them.
    pub roll_over_ties: bool,
}

/// Each option's field in `GoofspielOptions`, and what it does (ListGames).
pub const OPTIONS: [(&str, &str); 1] = [(
    "roll_over_ties",
    "equal highest bids roll the prizes over to the next round instead of discarding them",
)];

impl Options {
    /// The options a client's message asks for (every value is valid).
    pub fn from_proto(o: &v1::GoofspielOptions) -> Result<Options, StateErrors> {
        Ok(Options {
            roll_over_ties: o.roll_over_ties,
        })
    }

    /// The options as their message.
    pub fn to_proto(self) -> v1::GoofspielOptions {
        v1::GoofspielOptions {
            roll_over_ties: self.roll_over_ties,
        }
    }
}

/// One seat's cards.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hand {
    /// The cards it has not bid, ascending.
    pub cards: Vec<u8>,
    /// Its bid this round, face down.
    pub bid: Option<u8>,
    /// Its bids revealed, round by round.
    pub played: Vec<u8>,
    /// The prizes it has won, in the order won.
    pub won: Vec<u8>,
}

impl Hand {
    /// The sum of its prizes.
    pub fn points(&self) -> u32 {
        self.won.iter().map(|&c| u32::from(c)).sum()
    }
}

/// A Goofspiel game: everything, hidden facts included.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub(super) rules: Rules,
    pub(super) options: Options,
    pub(super) rng: GameRng,
    /// Face down; the last is the top.
    pub(super) prize_pile: Vec<u8>,
    /// Face up, bid for this round; empty once the game is over.
    pub(super) prizes_up: Vec<u8>,
    pub(super) seats: Vec<Hand>,
    /// Prizes nobody took.
    pub(super) prizes_discarded: Vec<u8>,
}

impl State {
    /// A new game's state: every seat holds a whole suit, the prizes are shuffled from `rng`,
    /// and the first is turned face up.
    pub(super) fn deal(rules: Rules, players: u8, options: Options, mut rng: GameRng) -> State {
        let mut prize_pile: Vec<u8> = suit().collect();
        rng.shuffle(&mut prize_pile);
        let prizes_up = prize_pile.pop().into_iter().collect();
        let hand = Hand {
            cards: suit().collect(),
            ..Hand::default()
        };
        State {
            rules,
            options,
            rng,
            prize_pile,
            prizes_up,
            seats: vec![hand; usize::from(players)],
            prizes_discarded: Vec::new(),
        }
    }

    /// The options chosen at setup.
    pub fn options(&self) -> Options {
        self.options
    }

    /// Each seat's cards, by seat number.
    pub fn seats(&self) -> &[Hand] {
        &self.seats
    }

    /// The prizes bid for now, face up.
    pub fn prizes_up(&self) -> &[u8] {
        &self.prizes_up
    }

    /// The prizes left face down, the top last.
    pub fn prize_pile(&self) -> &[u8] {
        &self.prize_pile
    }

    /// The prizes nobody took.
    pub fn prizes_discarded(&self) -> &[u8] {
        &self.prizes_discarded
    }

    /// The number of seats.
    pub fn player_count(&self) -> u8 {
        self.seats.len() as u8
    }

    /// Whether the game is over: every prize is gone.
    pub fn over(&self) -> bool {
        self.prizes_up.is_empty()
    }

    /// The seats that still have to bid this round, in seat order.
    pub fn to_bid(&self) -> Vec<Seat> {
        if self.over() {
            return Vec::new();
        }
        (0u8..)
            .zip(&self.seats)
            .filter(|(_, h)| h.bid.is_none())
            .map(|(s, _)| s)
            .collect()
    }
}

/// The longest list any Goofspiel message holds: a suit.
const MAX: usize = CARDS as usize;

impl crate::games::StateMessage for State {
    type Parts = v1::GoofspielState;

    /// The state a client's message describes, or every field no game can have (paths as the
    /// message spells them): each card a rank, each card of every suit in exactly one place, the
    /// rounds played the same for every seat and matching the prizes turned.
    fn from_parts(p: &v1::GoofspielState, rules: Rules, _: &()) -> Result<State, StateErrors> {
        let root = At::Root;
        let mut errs = StateErrors::default();
        let players = small(p.players);
        if !PLAYERS.contains(&players) {
            errs.push("players", "must be 2 to 5");
        }
        let options = match &p.options {
            Some(o) => Options::from_proto(o)?,
            None => Options::default(),
        };
        let rng = p
            .rng
            .as_ref()
            .map_or((&[][..], 0), |r| (&r.seed[..], r.word_pos));
        let rng = GameRng::check(rng.0, rng.1, &mut errs);
        let cards =
            |field, v: &[u32], errs: &mut StateErrors| small_list(v, MAX, &root.field(field), errs);
        let prize_pile = cards("prize_pile", &p.prize_pile, &mut errs);
        let prizes_up = cards("prizes_up", &p.prizes_up, &mut errs);
        let prizes_discarded = cards("prizes_discarded", &p.prizes_discarded, &mut errs);
        let mut seats = Vec::new();
        if errs.within(p.seats.len(), usize::from(*PLAYERS.end()), || {
            "seats".into()
        }) {
            for (i, s) in p.seats.iter().enumerate() {
                let at = root.field("seats");
                let at = at.item(i);
                seats.push(Hand {
                    cards: small_list(&s.hand, MAX, &at.field("hand"), &mut errs),
                    bid: s.bid.map(small),
                    played: small_list(&s.played, MAX, &at.field("played"), &mut errs),
                    won: small_list(&s.won, MAX, &at.field("won"), &mut errs),
                });
            }
        }
        errs.into_result()?;
        let state = State {
            rules,
            options,
            rng: rng.unwrap_or_else(|| GameRng::from_u64(0)),
            prize_pile,
            prizes_up,
            seats,
            prizes_discarded,
        };
        state.check(players)?;
        Ok(state)
    }

    /// This state as its message: `from_parts` of it gives this state back.
    fn to_parts(&self) -> v1::GoofspielState {
        v1::GoofspielState {
            players: u32::from(self.player_count()),
            options: Some(self.options.to_proto()),
            rng: Some(v1::GoofspielRng {
                seed: self.rng.seed().to_vec(),
                word_pos: self.rng.word_pos(),
            }),
            prize_pile: ids(&self.prize_pile),
            prizes_up: ids(&self.prizes_up),
            seats: self
                .seats
                .iter()
                .map(|h| v1::GoofspielSeat {
                    hand: ids(&h.cards),
                    bid: h.bid.map(u32::from),
                    played: ids(&h.played),
                    won: ids(&h.won),
                })
                .collect(),
            prizes_discarded: ids(&self.prizes_discarded),
        }
    }
}

impl State {
    /// Every fact the state alone shows about how it was played (the shapes are read): each
    /// seat's suit whole, the prize suit whole, one round per prize turned, and a tie's prizes
    /// discarded only where the options discard them.
    fn check(&self, players: u8) -> Result<(), StateErrors> {
        let mut errs = StateErrors::default();
        if self.seats.len() != usize::from(players) {
            errs.push("seats", format!("must hold one entry per seat ({players})"));
        }
        // One prize is turned per round: the pile tells the rounds played, and so should every
        // seat's played cards. Where the seats agree and the pile does not, the pile is wrong.
        let suit = usize::from(CARDS);
        let up = usize::from(!self.prizes_up.is_empty());
        let implied = suit.saturating_sub(self.prize_pile.len() + up);
        let first = self.seats.first().map_or(0, |h| h.played.len());
        let agree = self.seats.iter().all(|h| h.played.len() == first);
        let rounds = if agree { first } else { implied };
        for (i, h) in self.seats.iter().enumerate() {
            let at = format!("seats[{i}]");
            let held = h.cards.iter().chain(&h.bid).chain(&h.played);
            whole_suit(held, &at, "its hand, bid and played cards", &mut errs);
            if !h.cards.is_sorted_by(|a, b| a < b) {
                errs.push(format!("{at}.hand"), "must be in ascending order");
            }
            if h.played.len() != rounds {
                errs.push(
                    format!("{at}.played"),
                    format!("must hold one card per round played ({rounds})"),
                );
            }
        }
        let won = self.seats.iter().flat_map(|h| &h.won);
        let prizes = self
            .prize_pile
            .iter()
            .chain(&self.prizes_up)
            .chain(won)
            .chain(&self.prizes_discarded);
        whole_suit(
            prizes,
            "prize_pile",
            "the prizes, up, won and discarded",
            &mut errs,
        );
        let over = rounds == suit;
        if agree && (implied != rounds || over != self.prizes_up.is_empty()) {
            errs.push(
                "prize_pile",
                format!("must hold one prize per round not yet begun ({rounds} played)"),
            );
        }
        if self.prizes_up.len() > 1 && !self.options.roll_over_ties {
            errs.push("prizes_up", "holds one prize unless ties roll over");
        }
        if self.options.roll_over_ties && !over && !self.prizes_discarded.is_empty() {
            errs.push(
                "prizes_discarded",
                "is empty until the last round when ties roll over",
            );
        }
        if !self.seats.is_empty() && self.seats.iter().all(|h| h.bid.is_some()) {
            errs.push(
                "seats",
                "every seat has bid: the bids would have been revealed",
            );
        }
        if over && self.seats.iter().any(|h| h.bid.is_some()) {
            errs.push("seats", "no seat bids once the game is over");
        }
        errs.into_result()
    }
}

/// Whether `cards` are the ranks 1 to 13, each exactly once; if not, an error at `at` naming
/// `what`.
fn whole_suit<'a>(
    cards: impl Iterator<Item = &'a u8>,
    at: &str,
    what: &str,
    errs: &mut StateErrors,
) {
    let mut seen = [0u8; CARDS as usize + 1];
    let mut bad = false;
    for &c in cards {
        match seen.get_mut(usize::from(c)).filter(|_| c >= 1) {
            Some(n) => *n += 1,
            None => bad = true,
        }
    }
    if bad || seen[1..].iter().any(|&n| n != 1) {
        errs.push(
            at,
            format!("{what} must hold every rank from 1 to {CARDS} exactly once"),
        );
    }
}
