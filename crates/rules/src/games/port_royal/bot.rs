//! What the bots need of Port Royal: the worlds a seat cannot tell from the real one, and what
//! a position is worth.
//!
//! Hidden from every seat alike (§1): the draw and discard piles, every seat's coins (cards
//! taken face down), and with the expansion the face-down contracts and the cooperative time and
//! victory piles. A world deals every card the view does not show, and every contract not face
//! up, into those places at random, in the counts the view gives.

use crate::core::pile::CardId;
use crate::core::value;
use crate::core::{GameRng, Seat};
use crate::games::Play;

use super::cards::{self, ALL_CARDS};
use super::contracts::{self, ContractId, CONTRACTS};
use super::state::{Expansion, Phase, SeatState, State};
use super::view::View;

/// Points a coin is worth to the evaluation: less than what it buys (a person costs about three
/// coins a victory point), so that buying is worth it, and more than nothing (the tie-breaker).
const COIN_POINTS: f64 = 0.15;

/// A lead of this many points is a clear one (the game ends at 12 victory points).
const LEAD: f64 = 3.0;

impl crate::games::Bots for State {
    /// A turn is a handful of actions: 40 reach a few turns ahead.
    const PLAYOUT_DEPTH: usize = 40;

    /// A world `view`'s viewer cannot tell from the real game (see the module's comment).
    fn sample(view: &View, rng: &mut GameRng) -> State {
        let config = view.config;
        let pending = match view.turn.phase {
            Phase::Repel { ship } => Some(ship),
            _ => None,
        };
        let mut shown = [false; ALL_CARDS];
        let ext = view.contracts.as_ref();
        let set_aside = ext.into_iter().flat_map(|x| x.set_aside.iter().flatten());
        for &id in view
            .harbor
            .iter()
            .chain(&view.expedition_row)
            .chain(view.seats.iter().flat_map(|s| &s.display))
            .chain(set_aside)
            .chain(&pending)
        {
            if let Some(seen) = shown.get_mut(usize::from(id)) {
                *seen = true;
            }
        }
        let mut unseen: Vec<CardId> = (0..ALL_CARDS as u8)
            .filter(|&id| {
                cards::is_in_play(id, config.players, config.options.contracts)
                    && !shown[usize::from(id)]
            })
            .collect();
        rng.shuffle(&mut unseen);
        let mut deal = |n: u32| -> Vec<CardId> {
            let n = (n as usize).min(unseen.len());
            unseen.split_off(unseen.len() - n)
        };
        let draw = deal(view.draw_pile_count);
        let discard = deal(view.discard_pile_count);
        let seats = view
            .seats
            .iter()
            .map(|s| SeatState {
                coins: deal(s.coin_count),
                display: s.display.clone(),
            })
            .collect();
        let ext = ext.map(|x| {
            let coop = config.options.cooperative();
            let mut face_down: Vec<ContractId> = (0..CONTRACTS as u8)
                .filter(|&id| {
                    contracts::contract(id).is_some_and(|c| coop || !c.cooperative_only)
                        && !x.face_up.iter().any(|s| s.id == id)
                })
                .collect();
            rng.shuffle(&mut face_down);
            Expansion {
                face_up: x.face_up.clone(),
                face_down,
                progress: x.progress.clone(),
                set_aside: x.set_aside.clone(),
                time_pile: deal(x.time_pile_count),
                victory_pile: deal(x.victory_pile_count),
                outcome: x.outcome,
            }
        });
        State {
            config,
            rng: rng.fork(),
            draw,
            discard,
            harbor: view.harbor.clone(),
            expeditions: view.expedition_row.clone(),
            seats,
            turn: view.turn,
            offers: view.offers.clone(),
            ext,
        }
    }

    /// Each seat's value to the bots: the result once finished; in the competitive game its
    /// victory points and coins (the tie-breaker, and what buys persons) against the best other
    /// seat's; in the cooperative game the team's share of face-up contracts completed, less
    /// the share of the time pile spent.
    fn evaluate(&self) -> Vec<f64> {
        let status = self.status();
        if status.finished {
            return value::outcome(&status, self.config.players);
        }
        if let Some(x) = self
            .ext
            .as_ref()
            .filter(|_| self.config.options.cooperative())
        {
            let done = x
                .face_up
                .iter()
                .filter(|s| !s.completers.is_empty())
                .count() as f64;
            let open = x.face_up.len().max(1) as f64;
            let time = x.time_pile.len() as f64;
            let spent = x.victory_pile.len() as f64;
            let left = time / (time + spent + 1.0);
            let v = 0.1 + 0.7 * done / open + 0.2 * left;
            return vec![v; usize::from(self.config.players)];
        }
        let points: Vec<f64> = (0..self.config.players)
            .map(|s: Seat| {
                f64::from(self.victory_points(s)) + COIN_POINTS * f64::from(self.coins(s))
            })
            .collect();
        value::contest(&points, LEAD)
    }
}

#[cfg(test)]
mod tests {
    use crate::games::port_royal::{new_game, Mode, Options, Rules};
    use crate::games::{Bots, Definition, StateMessage};

    /// A world sampled from a view is a state the referee accepts, and shows that view, at every
    /// step of a random game of every variant (a pending ship, offers and the expansion's piles
    /// included; the harness checks it for every mode and viewer, this is the quick check).
    #[test]
    fn a_sampled_world_is_a_whole_game_showing_the_view() {
        for variant in <super::State as Definition>::variants() {
            let s = new_game(3, 0, 11, variant.options).unwrap();
            let steps = crate::games::sample_through(s, 3, |_, world, _| {
                super::State::from_parts(&world.to_parts(), Rules::NEWEST, &())
                    .expect("a whole game");
            });
            assert!(steps > 30, "a whole game, not {steps} steps");
        }
    }

    /// The cooperative value: the team's, the same for every seat; each face-up contract
    /// completed adds 0.7 of its share, and a card moved from the time pile to the victory pile
    /// takes from the 0.2 the time left is worth.
    #[test]
    fn a_cooperative_team_values_contracts_done_and_time_left() {
        let coop = Options {
            contracts: true,
            mode: Mode::Cooperative,
            ..Options::default()
        };
        let mut s = new_game(2, 0, 11, coop).unwrap();
        let x = s.ext.as_ref().unwrap();
        let (time, spent) = (x.time_pile.len() as f64, x.victory_pile.len() as f64);
        let open = x.face_up.len() as f64;
        let before = s.evaluate();
        assert_eq!(before, vec![0.1 + 0.2 * time / (time + spent + 1.0); 2]);
        s.ext.as_mut().unwrap().face_up[0].completers.push(1);
        let done = s.evaluate();
        assert!((done[0] - before[0] - 0.7 / open).abs() < 1e-12, "{done:?}");
        let x = s.ext.as_mut().unwrap();
        let card = x.time_pile.pop().unwrap();
        x.victory_pile.push(card);
        let later = s.evaluate();
        let left = (time - 1.0) / (time + spent + 1.0);
        assert!((later[1] - (0.1 + 0.7 / open + 0.2 * left)).abs() < 1e-12);
        assert!(later[0] < done[0] && later[0] == later[1]);
    }
}
