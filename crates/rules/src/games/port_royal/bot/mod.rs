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

mod cooperative;

use super::cards::{self, ALL_CARDS};
use super::contracts::{self, ContractId, CONTRACTS};
use super::state::{Expansion, Phase, SeatState, State};
use super::view::View;

/// Points a coin is worth to the evaluation: less than what it buys (a person costs about three
/// coins a victory point), so that buying is worth it, and more than nothing (the tie-breaker).
const COIN_POINTS: f64 = 0.15;

/// A lead of this many points is a clear one (the game ends at 12 victory points).
const LEAD: f64 = 3.0;

/// The cooperative game's default search budget (see `default_iterations`).
const COOPERATIVE_ITERATIONS: u32 = 800;

impl crate::games::Bots for State {
    /// Competitive: a turn is a handful of actions, and 40 reach a few turns ahead.
    /// Cooperative: none. The team's value counts the progress toward each contract, and a
    /// random playout only blurs it: without one, SEARCH at 1 player won 50 of 100 games where
    /// with 40 actions it won 23 (BENCHMARKS.md, "Bots that win together").
    fn playout_depth(&self) -> usize {
        if self.cooperative().is_some() {
            0
        } else {
            40
        }
    }

    /// Cooperative: 800. Winning takes plans across turns, and the team's wins rise with the
    /// budget where the competitive games' win rate flattens beyond 200: at 1 player from 51 to
    /// 59 of 100 games, at 3 players from 1 to 9 (BENCHMARKS.md, "Bots that win together"). A
    /// suggestion then takes about 10 ms on a 4-player state, within the 200 ms a bot may take.
    fn default_iterations(&self) -> u32 {
        if self.cooperative().is_some() {
            COOPERATIVE_ITERATIONS
        } else {
            crate::bot::DEFAULT_ITERATIONS
        }
    }

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
    /// seat's; in the cooperative game the team's value, the same for every seat (contracts
    /// completed, progress toward the open ones, the time pile left: `cooperative.rs`).
    fn evaluate(&self) -> Vec<f64> {
        let status = self.status();
        if status.finished {
            return value::outcome(&status, self.config.players);
        }
        if let Some(x) = self.cooperative() {
            return vec![self.team_value(x); usize::from(self.config.players)];
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

    /// A new cooperative game at `players` with a contract asking for a person face up at a
    /// slot from `first_slot` on: the game, the slot and a card of that person.
    fn with_a_person_contract(players: u8, first_slot: usize) -> (super::State, usize, u8) {
        use crate::games::port_royal::cards;
        use crate::games::port_royal::contracts::{contract, Requirement};
        let coop = Options {
            contracts: true,
            mode: Mode::Cooperative,
            ..Options::default()
        };
        (0..100)
            .find_map(|seed| {
                let s = new_game(players.into(), 0, seed, coop).unwrap();
                let x = s.ext.as_ref().unwrap();
                let (slot, kind) =
                    x.face_up
                        .iter()
                        .enumerate()
                        .skip(first_slot)
                        .find_map(|(i, slot)| match contract(slot.id).unwrap().requirement {
                            Requirement::Persons(a, _) => Some((i, a)),
                            _ => None,
                        })?;
                let person = cards::in_play(players, true)
                    .find(|&id| cards::face(id).person().is_some_and(|p| kind.matches(p)))?;
                Some((s, slot, person))
            })
            .expect("a seed with a person contract face up")
    }

    /// The cooperative value: the team's, the same for every seat. A person an open contract
    /// asks for raises it (progress), a face-up contract completed raises it, and a card moved
    /// from the time pile to the victory pile lowers it.
    #[test]
    fn a_cooperative_team_values_contracts_done_progress_and_time_left() {
        let (mut s, _, person) = with_a_person_contract(2, 0);
        let before = s.evaluate();
        assert_eq!(before[0], before[1], "one value for the team");

        s.seats[0].display.push(person);
        let hired = s.evaluate();
        assert!(hired[0] > before[0], "progress: {hired:?} after {before:?}");

        s.ext.as_mut().unwrap().face_up[0].completers.push(1);
        let done = s.evaluate();
        assert!(done[0] > hired[0], "a completion: {done:?} after {hired:?}");

        let x = s.ext.as_mut().unwrap();
        let card = x.time_pile.pop().unwrap();
        x.victory_pile.push(card);
        let later = s.evaluate();
        assert!(
            later[0] < done[0] && later[0] == later[1],
            "time spent: {later:?}"
        );
    }

    /// Every card the time pile loses costs the team the same, whether drawn for a turn or moved
    /// to the victory pile, early or late: the search weighs a turn spent as a turn (a bust
    /// included), where a share of what is left made the turns before the last ones cost nearly
    /// nothing.
    #[test]
    fn every_card_of_the_time_pile_costs_the_team_the_same() {
        let (mut s, _, _) = with_a_person_contract(2, 0);
        let mut values = vec![s.evaluate()[0]];
        for to_victory in [false, true, false, false, true] {
            let x = s.ext.as_mut().unwrap();
            let card = x.time_pile.pop().unwrap();
            if to_victory {
                x.victory_pile.push(card);
            }
            values.push(s.evaluate()[0]);
        }
        let costs: Vec<f64> = values.windows(2).map(|w| w[0] - w[1]).collect();
        assert!(costs[0] > 0.0, "a card costs something: {costs:?}");
        assert!(
            costs.iter().all(|c| (c - costs[0]).abs() < 1e-12),
            "each card the same: {costs:?}"
        );
    }

    /// A seat whose three cubes are placed completes nothing more, so its progress counts
    /// nothing; another seat's does.
    #[test]
    fn progress_counts_only_for_a_seat_with_a_cube_left() {
        // 2 players: 5 contracts face up; seat 0 completes the first three.
        let (mut s, open, person) = with_a_person_contract(2, 3);
        for slot in &mut s.ext.as_mut().unwrap().face_up[..3] {
            slot.completers.push(0);
        }
        let before = s.evaluate();
        let mut full = s.clone();
        full.seats[0].display.push(person);
        assert_eq!(
            full.evaluate(),
            before,
            "seat 0 has no cube left for contract {open}"
        );
        s.seats[1].display.push(person);
        assert!(s.evaluate()[1] > before[1], "seat 1 has");
    }
}
