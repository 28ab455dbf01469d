//! The market: the customer pile (face down), the stalls where customers can be served, and the
//! waiting line that moves up into empty stalls.

use referee_proto::v1;

use crate::core::message::{ids, list, small, small_list, At};
use crate::core::StateErrors;

use super::message::MAX_LIST;

use crate::core::Seat;
use crate::games::village::components::{Market as Layout, Piece};
use crate::games::village::pieces::Good;

use super::State;

/// The market's customer tiles, by id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Market {
    /// The face-down pile; its last tile is the top.
    pub pile: Vec<u8>,
    /// The stalls, first to last; `None` is empty (or closed at this player count).
    pub stalls: Vec<Option<u8>>,
    /// The waiting line, front first.
    pub waiting: Vec<Option<u8>>,
}

impl Market {
    /// The market at setup: the shuffled pile, then a tile from its top on every stall open at
    /// this player count, then on every space of the waiting line open at it.
    pub fn set_up(layout: &Layout, players: u8, mut pile: Vec<u8>) -> Market {
        let stalls = layout
            .stalls
            .iter()
            .map(|label| label.open(players).then(|| pile.pop()).flatten())
            .collect();
        let line = &layout.waiting_line;
        let waiting = (0..line.len())
            .map(|i| line.open(i, players).then(|| pile.pop()).flatten())
            .collect();
        Market {
            pile,
            stalls,
            waiting,
        }
    }

    /// Every customer tile in the market (pile, stalls, waiting line).
    pub fn tiles(&self) -> impl Iterator<Item = u8> + '_ {
        self.pile
            .iter()
            .copied()
            .chain(self.stalls.iter().flatten().copied())
            .chain(self.waiting.iter().flatten().copied())
    }
}

/// The goods tile a demanded piece is (`None` for grain).
pub(crate) fn good_of(piece: Piece) -> Option<Good> {
    match piece {
        Piece::Horse => Some(Good::Horse),
        Piece::Ox => Some(Good::Ox),
        Piece::Wagon => Some(Good::Wagon),
        Piece::Plow => Some(Good::Plow),
        Piece::Scroll => Some(Good::Scroll),
        Piece::Grain => None,
    }
}

impl Market {
    /// After a market day: the waiting line moves up into the empty stalls that are open at
    /// this player count, front first, and the waiting line's open spaces are refilled from the
    /// pile; once the pile is empty, spaces stay empty.
    pub fn refill(&mut self, layout: &Layout, players: u8) {
        for (stall, label) in self.stalls.iter_mut().zip(&layout.stalls) {
            if stall.is_none() && label.open(players) {
                *stall = self.waiting.iter_mut().find_map(Option::take);
            }
        }
        let mut line: Vec<u8> = self.waiting.iter().flatten().copied().collect();
        line.reverse();
        for (i, space) in self.waiting.iter_mut().enumerate() {
            if layout.waiting_line.open(i, players) {
                *space = line.pop().or_else(|| self.pile.pop());
            }
        }
    }
}

impl State {
    /// Whether a seat has every piece the customer on a stall demands.
    pub fn can_serve(&self, seat: Seat, stall: usize) -> bool {
        self.lacking(seat, stall).is_some_and(|l| l.is_empty())
    }

    /// The pieces the customer on a stall demands that the seat's farmyard lacks (a piece
    /// demanded twice and held once, once); `None` when no customer stands there.
    pub fn lacking(&self, seat: Seat, stall: usize) -> Option<Vec<Piece>> {
        let s = self.seats.get(usize::from(seat))?;
        let tile = (*self.market.stalls.get(stall)?)?;
        let customer = self.config.components.customers.get(usize::from(tile))?;
        let mut goods = s.goods;
        let mut grain = s.grain;
        let mut lacking = Vec::new();
        for &piece in &customer.demand {
            match good_of(piece) {
                Some(g) if goods.0[g as usize] > 0 => goods.0[g as usize] -= 1,
                None if grain > 0 => grain -= 1,
                _ => lacking.push(piece),
            }
        }
        Some(lacking)
    }

    /// Serves the customer on a stall (the seat can, by `can_serve`): the demanded pieces go
    /// back to the supply and the tile goes face down to the seat.
    pub(in crate::games::village) fn serve(&mut self, seat: Seat, stall: usize) {
        let Some(tile) = self.market.stalls.get_mut(stall).and_then(Option::take) else {
            return;
        };
        let components = std::sync::Arc::clone(&self.config.components);
        for &piece in &components.customers[usize::from(tile)].demand {
            match good_of(piece) {
                Some(g) => self.return_good(seat, g),
                None => self.return_grain(seat, 1),
            }
        }
        self.seats[usize::from(seat)].customers.push(tile);
    }
}

impl Market {
    /// The market a message holds (absent: empty; `at`: its field), every list's errors kept in
    /// `errs`.
    pub fn from_proto(m: Option<&v1::VillageMarket>, at: &At, errs: &mut StateErrors) -> Market {
        let Some(m) = m else {
            return Market::default();
        };
        let pile = small_list(&m.pile, MAX_LIST, &at.field("pile"), errs);
        let mut slots = |p: &[v1::VillageSlot], name| {
            list(p, MAX_LIST, &at.field(name), errs, |s, _| {
                Ok(s.customer.map(small))
            })
        };
        let (stalls, waiting) = (slots(&m.stalls, "stalls"), slots(&m.waiting, "waiting"));
        Market {
            pile,
            stalls,
            waiting,
        }
    }

    /// The market as a state's message.
    pub fn to_proto(&self) -> v1::VillageMarket {
        v1::VillageMarket {
            pile: ids(&self.pile),
            stalls: slots(&self.stalls),
            waiting: slots(&self.waiting),
            pile_count: 0,
        }
    }
}

/// Market stalls or waiting spaces as their messages: the customer on each, if any.
pub(crate) fn slots(slots: &[Option<u8>]) -> Vec<v1::VillageSlot> {
    let slot = |s: &Option<u8>| v1::VillageSlot {
        customer: s.map(u32::from),
    };
    slots.iter().map(slot).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::village::test_games;

    /// §3 Market: serving returns every demanded piece (a piece named twice, twice) and the tile
    /// goes face down to the seat.
    #[test]
    fn s3_serving_a_customer_pays_what_it_demands() {
        for mut s in test_games(2) {
            let tile = s.market.stalls[0].unwrap();
            let demand = s.config.components.customers[usize::from(tile)]
                .demand
                .clone();
            assert!(!s.can_serve(0, 0));
            for &piece in &demand {
                match good_of(piece) {
                    Some(g) => s.seats[0].goods.0[g as usize] += 1,
                    None => s.seats[0].grain += 1,
                }
            }
            assert!(s.can_serve(0, 0));
            let goods = demand.iter().filter(|&&p| good_of(p).is_some()).count();
            assert_eq!(s.seats[0].goods.total() as usize, goods);
            let before = s.census();
            s.serve(0, 0);
            assert_eq!(s.seats[0].customers, [tile]);
            assert_eq!(s.seats[0].goods.total() + s.seats[0].grain, 0);
            assert_eq!(s.market.stalls[0], None);
            assert_eq!(s.census(), before, "nothing made or lost");
            assert!(!s.can_serve(0, 0), "an empty stall");
        }
    }

    /// After the market day the waiting line moves up into the open empty stalls and is refilled
    /// from the pile; an empty pile leaves spaces empty; closed stalls stay closed.
    #[test]
    fn s3_the_market_refills_from_the_line_then_the_pile() {
        for s in test_games(2) {
            let layout = s.config.components.market.clone();
            let mut m = s.market.clone();
            let front = m.waiting[0];
            let first = m.stalls[0].take();
            assert!(first.is_some());
            let pile = m.pile.len();
            m.refill(&layout, 2);
            assert_eq!(m.stalls[0], front, "the front of the line moves up");
            assert_eq!(m.pile.len(), pile - 1, "one tile from the pile");
            assert!(m.waiting.iter().all(Option::is_some));
            for (stall, label) in m.stalls.iter().zip(&layout.stalls) {
                assert_eq!(stall.is_some(), label.open(2));
            }
            m.pile.clear();
            m.stalls[0] = None;
            m.refill(&layout, 2);
            assert!(m.stalls[0].is_some());
            assert_eq!(m.waiting.iter().flatten().count(), m.waiting.len() - 1);
        }
    }

    /// The customer tile whose demand is exactly these pieces.
    fn customer(s: &State, demand: &[Piece]) -> u8 {
        let all = &s.config.components.customers;
        let i = all
            .iter()
            .position(|c| c.demand == demand)
            .expect("such a customer");
        u8::try_from(i).unwrap()
    }

    /// §3 Market: a seat serves a customer only with every piece it demands, a piece named twice
    /// twice; grain and goods go back to the supply.
    #[test]
    fn s3_every_demanded_piece_is_needed() {
        for mut s in test_games(2) {
            let seat = &mut s.seats[0];
            seat.goods.0[Good::Horse as usize] = 1;
            seat.grain = 1;
            s.market.stalls[0] = Some(customer(&s, &[Piece::Horse, Piece::Grain, Piece::Grain]));
            assert!(!s.can_serve(0, 0), "one grain short");
            s.seats[0].grain = 2;
            assert!(s.can_serve(0, 0));
            s.market.stalls[1] = Some(customer(&s, &[Piece::Horse, Piece::Ox]));
            assert!(!s.can_serve(0, 1), "no ox");
            s.seats[0].goods.0[Good::Horse as usize] = 2;
            assert!(!s.can_serve(0, 1), "two horses are not a horse and an ox");
            s.seats[0].goods.0[Good::Horse as usize] = 1;
            let before = s.census();
            s.serve(0, 0);
            assert_eq!(s.census(), before);
            assert_eq!((s.seats[0].grain, s.seats[0].goods.total()), (0, 0));
            assert_eq!(s.board.supply.grain, before.grain - s.seats[1].grain);
        }
    }

    /// A good named twice is demanded twice (no provisional tile does; an operator's may).
    #[test]
    fn a_good_named_twice_is_demanded_twice() {
        use crate::games::village::components::{Components, PROVISIONAL};
        let text = PROVISIONAL.replacen(
            "demand = [\"horse\", \"ox\"]",
            "demand = [\"horse\", \"horse\"]",
            1,
        );
        let set = std::sync::Arc::new(Components::parse(&text).unwrap());
        let options = crate::games::village::Options {
            no_starting_compensation: true,
            ..Default::default()
        };
        let mut s = crate::games::village::new_game(set, 2, 0, 1, options).unwrap();
        s.market.stalls[0] = Some(customer(&s, &[Piece::Horse, Piece::Horse]));
        s.seats[0].goods.0[Good::Horse as usize] = 1;
        assert!(!s.can_serve(0, 0), "one horse is not two");
        s.seats[0].goods.0[Good::Horse as usize] = 2;
        assert!(s.can_serve(0, 0));
    }
}
