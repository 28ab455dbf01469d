//! What the bots need of Village: the worlds a seat cannot tell from the real one, and what a
//! position is worth.
//!
//! Hidden from the viewer (its view, `view.rs`): the customer pile's content and order, the
//! customers other seats have served, other seats' face-down life goals, the chests on their
//! island and other seats' chests (home or aboard), the green bag's draw order, and the RNG.
//! A world deals every customer tile the view does not show to the pile and to other seats'
//! served customers, every goal card nobody shows to other seats' face-down goals metal by
//! metal, and every chest value nobody shows to the island and to other seats, in the counts
//! the view gives; the bag holds what the set's totals leave, drawn by a new RNG.

use crate::core::value;
use crate::core::{GameRng, Seat};
use crate::games::Play;

use super::pieces::{Colour, Pool};
use super::state::goals::{Goal, HeldGoal};
use super::state::sea::Cargo;
use super::state::{Board, Market, SeatState, State};
use super::view::View;

/// Points the evaluation gives what a seat holds toward more points: an influence cube, a goods
/// tile, a grain, a year of life left.
const CUBE_POINTS: f64 = 0.5;
const GOOD_POINTS: f64 = 0.6;
const GRAIN_POINTS: f64 = 0.3;

/// A lead of this many points is a clear one.
const LEAD: f64 = 6.0;

impl crate::games::Bots for State {
    /// A turn is several small decisions: 60 reach about a round ahead in a 4-player game.
    fn playout_depth(&self) -> usize {
        60
    }

    /// A world `view`'s viewer cannot tell from the real game (see the module's comment).
    fn sample(view: &View, rng: &mut GameRng) -> State {
        let config = view.config.clone();
        let c = &config.components;
        let port = config.options.port;
        // Once the game is over every seat is shown; before, only the viewer's own.
        let hidden = |i: usize| view.viewer != Some(i as Seat) && !view.pending.is_empty();
        let mut seats: Vec<SeatState> = view.seats.clone();

        // Customer tiles: those not on a stall, in the waiting line or shown served.
        let mut shown = vec![false; c.customers.len()];
        let market_tiles = view.market.stalls.iter().chain(&view.market.waiting);
        for t in market_tiles
            .flatten()
            .chain(seats.iter().flat_map(|s| &s.customers))
        {
            if let Some(seen) = shown.get_mut(usize::from(*t)) {
                *seen = true;
            }
        }
        let mut tiles: Vec<u8> = (0..c.customers.len())
            .filter(|&t| !shown[t])
            .map(|t| t as u8)
            .collect();
        rng.shuffle(&mut tiles);
        for (i, s) in seats.iter_mut().enumerate().filter(|(i, _)| hidden(*i)) {
            let n = (view.customer_counts[i] as usize).min(tiles.len());
            s.customers = tiles.split_off(tiles.len() - n);
        }
        let pile = tiles;

        // Life goals: every card this game deals that nobody shows, metal by metal.
        for silver in [true, false] {
            let mut pool: Vec<Goal> = Goal::ALL
                .into_iter()
                .filter(|g| {
                    g.silver() == silver
                        && g.dealt(port)
                        && !seats.iter().any(|s| s.goals.iter().any(|h| h.goal == *g))
                })
                .collect();
            rng.shuffle(&mut pool);
            for (i, s) in seats.iter_mut().enumerate() {
                let owed = hidden(i)
                    && view.hidden_goals[i] > 0
                    && !s.goals.iter().any(|h| h.goal.silver() == silver);
                if !owed {
                    continue;
                }
                if let Some(goal) = pool.pop() {
                    s.goals.push(HeldGoal {
                        goal,
                        revealed: false,
                    });
                }
            }
        }

        // Chests: every value of the set that is neither gone nor shown.
        let mut values = c.port.chests.clone();
        let shown_chests = view.harbour.gone.chests.iter().copied().chain(
            seats
                .iter()
                .enumerate()
                .filter(|(i, _)| !hidden(*i))
                .flat_map(|(_, s)| s.chests.iter().copied().chain(chests_aboard(s))),
        );
        for v in shown_chests.collect::<Vec<u32>>() {
            if let Some(k) = values.iter().position(|&x| x == v) {
                values.swap_remove(k);
            }
        }
        values.sort_unstable();
        rng.shuffle(&mut values);
        let mut harbour = view.harbour.clone();
        let n = (view.harbour_chests as usize).min(values.len());
        harbour.chests = values.split_off(values.len() - n);
        for (i, s) in seats.iter_mut().enumerate().filter(|(i, _)| hidden(*i)) {
            let n = (view.chest_counts[i] as usize).min(values.len());
            s.chests = values.split_off(values.len() - n);
            for cargo in &mut s.ship.holds {
                if let Cargo::Chest(v) = cargo {
                    *v = values.pop().unwrap_or(*v);
                }
            }
        }

        // The green bag: what the set's totals leave beyond every cube in sight.
        let mut bag = Pool::default();
        for colour in Colour::ALL {
            let seen = view.supply.cubes.of(colour)
                + view.spaces.iter().map(|p| p.cubes.of(colour)).sum::<u32>()
                + seats.iter().map(|s| s.cubes.of(colour)).sum::<u32>();
            let total = c.cubes_per_colour(port);
            bag.cubes.add(colour, total.saturating_sub(seen));
        }
        let plague = view.supply.plague + view.spaces.iter().map(|p| p.plague).sum::<u32>();
        bag.plague = c.supply.plague_cubes.saturating_sub(plague);

        State {
            config,
            rng: rng.fork(),
            seats,
            board: Board {
                supply: view.supply.clone(),
                bag,
                spaces: view.spaces,
            },
            market: Market {
                pile,
                ..view.market.clone()
            },
            monks: view.monks,
            marker: view.marker,
            starting: view.starting,
            round: view.round,
            pending: view.pending.clone(),
            due: view.due,
            end: view.end.clone(),
            harbour,
        }
    }

    /// Each seat's value to the bots: the result once finished, else its score now (the score
    /// sheet of §10.8 as it stands) and what it holds toward more (influence cubes, goods,
    /// grain), against the best other seat's.
    fn evaluate(&self) -> Vec<f64> {
        let status = self.status();
        if status.finished {
            return value::outcome(&status, self.config.players);
        }
        let points: Vec<f64> = (0..self.config.players)
            .zip(&self.seats)
            .map(|(seat, s)| {
                f64::from(self.score(seat).total())
                    + CUBE_POINTS * f64::from(s.cubes.total())
                    + GOOD_POINTS * f64::from(s.goods.total())
                    + GRAIN_POINTS * f64::from(s.grain)
            })
            .collect();
        value::contest(&points, LEAD)
    }
}

/// The chest values aboard a seat's ship.
fn chests_aboard(s: &SeatState) -> impl Iterator<Item = u32> + '_ {
    s.ship.holds.iter().filter_map(|c| match c {
        Cargo::Chest(v) => Some(*v),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use crate::core::GameRng;
    use crate::games::village::components::{Components, Library};
    use crate::games::village::{new_game, Options};
    use crate::games::{Bots, StateMessage, Views};

    /// A world sampled from a view is a state the referee accepts, and shows that view: at every
    /// step of a random game with both expansions, every hidden tile, goal and chest is dealt
    /// somewhere (the harness checks it for every mode and viewer; this is the quick check).
    #[test]
    fn a_sampled_world_is_a_whole_game_showing_the_view() {
        let set = std::sync::Arc::new(Components::provisional());
        let options = Options {
            port: true,
            life_goals: true,
            ..Options::default()
        };
        let s = new_game(std::sync::Arc::clone(&set), 3, 0, 5, options).unwrap();
        let library = std::sync::Arc::new(Library::one(std::sync::Arc::clone(&set)));
        let steps = crate::games::sample_through(s, 3, |s, world, _| {
            assert_eq!(world.market.pile.len(), s.market.pile.len());
            let rules = world.config.rules;
            super::State::from_parts(&world.to_parts(), rules, &library).expect("a whole game");
        });
        assert!(steps > 100, "a whole game, not {steps} steps");
    }

    /// Chests: the viewer's own (home and aboard) and those gone stay as they are; every other
    /// value of the set is dealt to the island and to other seats' chests, home and aboard, so
    /// the world holds the set's chests exactly. (The ships here are placed by hand, not
    /// reachably: the harness checks reachable worlds with `from_parts`.)
    #[test]
    fn chests_are_dealt_around_what_the_viewer_holds() {
        use crate::games::village::state::sea::Cargo;
        let set = std::sync::Arc::new(Components::provisional());
        let options = Options {
            port: true,
            ..Options::default()
        };
        let mut s = new_game(std::sync::Arc::clone(&set), 3, 0, 1, options).unwrap();
        let mut take = || s.harbour.chests.pop().unwrap();
        let (own_home, own_aboard, home, aboard, gone) = (take(), take(), take(), take(), take());
        s.seats[0].chests.push(own_home);
        s.seats[0].ship.holds.push(Cargo::Chest(own_aboard));
        s.seats[1].chests.push(home);
        s.seats[1].ship.holds.push(Cargo::Chest(aboard));
        s.harbour.gone.chests.push(gone);
        let mut rng = GameRng::from_u64(9);
        let view = s.view(Some(0));
        for _ in 0..20 {
            let world = super::State::sample(&view, &mut rng);
            assert_eq!(world.view(Some(0)), view);
            assert_eq!(world.seats[0].chests, [own_home]);
            assert_eq!(world.seats[0].ship.holds, [Cargo::Chest(own_aboard)]);
            let mut all = world.census().chests;
            let mut want = set.port.chests.clone();
            all.sort_unstable();
            want.sort_unstable();
            assert_eq!(all, want, "the set's chests, each once");
        }
    }
}
