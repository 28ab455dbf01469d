//! What the bots need of Goofspiel: the worlds a seat cannot tell from the real one, and what a
//! position is worth.
//!
//! Hidden from a seat: the prize pile's order, and the other seats' bids this round (each is
//! one of that seat's cards not yet played). A world shuffles the prizes nobody has seen into
//! the pile and deals each hidden bid at random from its seat's unplayed cards.

use crate::core::value;
use crate::core::GameRng;
use crate::games::Play;

use super::state::{suit, Hand, State, CARDS};
use super::view::View;

/// A lead of this many prize points is a clear one (a suit's prizes sum to 91).
const LEAD: f64 = 8.0;

impl crate::games::Bots for State {
    /// A round is one bid per seat: 40 actions reach the end of most games.
    fn playout_depth(&self) -> usize {
        40
    }
    /// Every seat yet to bid bids at once.
    const SIMULTANEOUS: bool = true;

    /// A world `view`'s viewer cannot tell from the real game (see the module's comment).
    fn sample(view: &View, rng: &mut GameRng) -> State {
        let mut seen = [false; CARDS as usize + 1];
        let won = view.seats.iter().flat_map(|s| &s.won);
        for &c in view
            .prizes_up
            .iter()
            .chain(won)
            .chain(&view.prizes_discarded)
        {
            seen[usize::from(c)] = true;
        }
        let mut prize_pile: Vec<u8> = suit().filter(|&c| !seen[usize::from(c)]).collect();
        rng.shuffle(&mut prize_pile);
        let seats = (0u8..)
            .zip(&view.seats)
            .map(|(seat, s)| {
                if view.viewer == Some(seat) {
                    // The viewer's own, shown whole.
                    return Hand {
                        cards: s.hand.clone(),
                        bid: s.bid,
                        played: s.played.clone(),
                        won: s.won.clone(),
                    };
                }
                let mut cards: Vec<u8> = suit().filter(|c| !s.played.contains(c)).collect();
                let bid = s
                    .has_bid
                    .then(|| cards.remove(rng.below(cards.len() as u32) as usize));
                Hand {
                    cards,
                    bid,
                    played: s.played.clone(),
                    won: s.won.clone(),
                }
            })
            .collect();
        State {
            rules: view.rules,
            options: view.options,
            rng: rng.fork(),
            prize_pile,
            prizes_up: view.prizes_up.clone(),
            seats,
            prizes_discarded: view.prizes_discarded.clone(),
        }
    }

    /// Each seat's value: the result once finished, else its estimated prize points against the
    /// best other seat's (`estimate`).
    fn evaluate(&self) -> Vec<f64> {
        let status = self.status();
        if status.finished {
            return value::outcome(&status, self.player_count());
        }
        value::contest(&self.estimate(), LEAD)
    }
}

impl State {
    /// Each seat's prize points to expect: those won, the prizes up by its chance to take them
    /// (a bid placed against the others' bids, or against the cards they may still bid), and
    /// the prizes still face down by its share of the cards left in every hand: a high card
    /// spent now is strength missing later.
    fn estimate(&self) -> Vec<f64> {
        let sum = |cards: &[u8]| cards.iter().map(|&c| f64::from(c)).sum::<f64>();
        let strength: Vec<f64> = self.seats.iter().map(|h| sum(&h.cards)).collect();
        let total = strength.iter().sum::<f64>();
        let n = self.seats.len() as f64;
        let share = |i: usize| {
            if total > 0.0 {
                strength[i] / total
            } else {
                1.0 / n
            }
        };
        let up = sum(&self.prizes_up);
        let pile = sum(&self.prize_pile);
        (0..self.seats.len())
            .map(|i| {
                let chance = match self.seats[i].bid {
                    Some(bid) => self.chance_to_take(i, bid),
                    None => share(i),
                };
                f64::from(self.seats[i].points()) + up * chance + pile * share(i)
            })
            .collect()
    }

    /// The chance that seat `i`'s `bid` is the single highest: every bid placed is below it,
    /// and each seat yet to bid plays a card of its hand below it, each card alike.
    fn chance_to_take(&self, i: usize, bid: u8) -> f64 {
        let mut chance = 1.0;
        let others = self.seats.iter().enumerate().filter(|&(j, _)| j != i);
        for other in others.map(|(_, h)| h) {
            chance *= match other.bid {
                Some(b) => f64::from(u8::from(b < bid)),
                None if other.cards.is_empty() => 1.0,
                None => {
                    let below = other.cards.iter().filter(|&&c| c < bid).count();
                    below as f64 / other.cards.len() as f64
                }
            };
        }
        chance
    }
}

#[cfg(test)]
mod tests {
    use super::super::{new_game, Options};
    use crate::games::{StateMessage, Views};

    #[test]
    fn a_sampled_world_is_a_whole_game_showing_the_view() {
        for roll_over_ties in [false, true] {
            let s = new_game(3, 5, Options { roll_over_ties }).unwrap();
            let steps = crate::games::sample_through(s, 3, |s, world, viewer| {
                super::State::from_parts(&world.to_parts(), s.rules, &()).expect("a whole game");
                assert_eq!(world.view(viewer), s.view(viewer));
            });
            assert_eq!(steps, 39, "13 rounds of 3 bids");
        }
    }
}
