//! Goofspiel under the harness: ties discarded and ties rolled over, at 2-5 players.

use referee::core::{GameRng, Seat};
use referee::games::goofspiel::{Action, Rules, State};
use referee::games::{Definition, StateMessage, Variant};
use referee::pb::v1;
use referee::service::Contexts;

use crate::harness::{Harness, Mode, Undo};

/// Seeded games per player count and mode.
const GAMES: u64 = 30;

impl Harness for State {
    const STATE_MESSAGE: &'static str = "GoofspielState";

    /// Cards moved between places or out of range, bids added or taken, counts and the RNG at
    /// random.
    fn mutate(p: &mut v1::GoofspielState, rng: &mut GameRng) {
        let seats = p.seats.len().max(1) as u32;
        let seat = rng.below(seats) as usize;
        let card = |rng: &mut GameRng| rng.below(16);
        match rng.below(12) {
            0 => p.players = rng.below(8),
            1 => p.prize_pile.push(card(rng)),
            2 => {
                let c = p.prize_pile.pop().unwrap_or(1);
                p.prizes_up.push(c);
            }
            3 => {
                let c = p.prizes_up.pop().unwrap_or(2);
                p.prizes_discarded.push(c);
            }
            4 => {
                if let Some(s) = p.seats.get_mut(seat) {
                    s.bid = s.hand.pop();
                }
            }
            5 => {
                if let Some(s) = p.seats.get_mut(seat) {
                    s.bid = Some(card(rng));
                }
            }
            6 => {
                if let Some(s) = p.seats.get_mut(seat) {
                    let c = s.hand.pop().unwrap_or(3);
                    s.played.push(c);
                }
            }
            7 => {
                if let Some(s) = p.seats.get_mut(seat) {
                    s.hand.reverse();
                }
            }
            8 => {
                let c = p.prizes_up.pop().unwrap_or(4);
                if let Some(s) = p.seats.get_mut(seat) {
                    s.won.push(c);
                }
            }
            9 => {
                let s = p.seats.pop();
                if rng.below(2) == 0 {
                    if let Some(s) = s {
                        p.seats.push(s.clone());
                        p.seats.push(s);
                    }
                }
            }
            10 => {
                if let Some(r) = p.rng.as_mut() {
                    r.seed.truncate(rng.below(40) as usize);
                }
            }
            _ => {
                let o = p.options.get_or_insert_default();
                o.roll_over_ties = !o.roll_over_ties;
            }
        }
    }

    fn modes() -> Vec<Mode<State>> {
        State::variants()
            .into_iter()
            .map(
                |Variant {
                     name,
                     options,
                     players,
                     ..
                 }| Mode {
                    name,
                    rules: Rules::V1,
                    options,
                    context: (),
                    players: u32::from(*players.start())..=u32::from(*players.end()),
                    games: GAMES,
                },
            )
            .collect()
    }

    fn census(&self) -> Vec<(&'static str, Vec<u32>)> {
        let mut hands: Vec<u32> = self
            .seats()
            .iter()
            .flat_map(|h| h.cards.iter().chain(&h.bid).chain(&h.played))
            .map(|&c| u32::from(c))
            .collect();
        hands.sort_unstable();
        let won = self.seats().iter().flat_map(|h| &h.won);
        let mut prizes: Vec<u32> = self
            .prize_pile()
            .iter()
            .chain(self.prizes_up())
            .chain(won)
            .chain(self.prizes_discarded())
            .map(|&c| u32::from(c))
            .collect();
        prizes.sort_unstable();
        vec![("hands", hands), ("prizes", prizes)]
    }

    /// Hidden from everyone: the prize pile's order and the RNG.
    fn scramble_hidden(&self, rng: &mut GameRng) -> State {
        let mut p = self.to_parts();
        rng.shuffle(&mut p.prize_pile);
        if let Some(r) = p.rng.as_mut() {
            r.seed = vec![rng.below(256) as u8; 32];
        }
        State::from_parts(&p, self.rules(), &()).expect("a scrambled state is still consistent")
    }

    /// Hidden from `viewer` too: every other seat's bid, which could be any card it has not
    /// played (its bid and hand are exchanged at random).
    fn scramble_hidden_from(&self, viewer: Option<Seat>, rng: &mut GameRng) -> State {
        let mut p = self.scramble_hidden(rng).to_parts();
        for (i, s) in p.seats.iter_mut().enumerate() {
            if viewer == Some(i as Seat) {
                continue;
            }
            if let Some(bid) = s.bid {
                s.hand.push(bid);
                s.hand.sort_unstable();
                let k = rng.below(s.hand.len() as u32) as usize;
                s.bid = Some(s.hand.remove(k));
            }
        }
        State::from_parts(&p, self.rules(), &()).expect("a scrambled state is still consistent")
    }

    /// Every rank and a few beyond it.
    fn probes(&self, rng: &mut GameRng) -> Vec<Action> {
        let mut out: Vec<Action> = (1..=14).map(|card| Action::Bid { card }).collect();
        out.push(Action::Bid {
            card: 255 + rng.below(1000),
        });
        out
    }

    fn undo_table() -> Vec<(&'static str, Undo)> {
        use Undo::*;
        vec![
            // The last contribution deals the game.
            ("Contribute", Depends),
            // The round's last bid reveals every bid and turns a prize.
            ("Bid", Depends),
        ]
    }
    fn contexts(_: &()) -> Contexts {
        Contexts::default()
    }
}
