//! Bots for any seat of any game: written once over [`Game`], they play from what the seat may
//! know and nothing else. A bot is handed the seat's view, never the state; every state it
//! looks at is one the game's [`Game::sample`] dealt from that view (every hidden card, tile
//! and chest dealt again, the RNG too), so a suggestion depends on the view and the bot's own
//! seed alone, and is the same, byte for byte, on every replica.
//!
//! Three levels: a uniformly random listed action; the best one-step choice by the game's
//! evaluation, averaged over sampled worlds; and determinized Monte Carlo tree search
//! ([`search`]).

pub mod search;
pub mod value;

use crate::core::{GameRng, Seat};
use crate::games::Game;

/// How strong a bot plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// A uniformly random listed action.
    Random,
    /// The listed action whose outcome the game's evaluation rates best, over a few worlds.
    Greedy,
    /// Determinized Monte Carlo tree search.
    Search,
}

/// The iterations a `SEARCH` request gets when it names none.
pub const DEFAULT_ITERATIONS: u32 = 200;

/// Worlds a `GREEDY` bot averages each action over.
pub const GREEDY_WORLDS: u32 = 4;

/// One listed action the bot considered.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate<A> {
    /// The action.
    pub action: A,
    /// How often it was tried (search: visits at the root; greedy: worlds).
    pub visits: u32,
    /// Its mean value to the seat, 0 (lost) to 1 (won).
    pub value: f64,
}

/// What a bot suggests.
#[derive(Clone, Debug, PartialEq)]
pub struct Suggestion<A> {
    /// The action to take.
    pub action: A,
    /// Every action considered, best first.
    pub candidates: Vec<Candidate<A>>,
    /// Iterations searched (greedy: actions times worlds evaluated; random: 0).
    pub iterations: u32,
    /// Hidden-information samples (worlds) searched.
    pub worlds: u32,
}

/// What `seat` should play, seen from `view` (its own view), or `None` when the seat has
/// nothing to decide. `iterations` is `SEARCH`'s budget; `seed` the bot's own randomness.
pub fn suggest<G: Game>(
    view: &G::View,
    seat: Seat,
    level: Level,
    iterations: u32,
    seed: u64,
) -> Option<Suggestion<G::Action>> {
    suggest_unless::<G>(view, seat, level, iterations, seed, &|| false)
}

/// [`suggest`], the search cut short once `abandoned` says so (its caller has gone: the answer
/// is thrown away, so a suggestion that is returned never depends on it).
pub fn suggest_unless<G: Game>(
    view: &G::View,
    seat: Seat,
    level: Level,
    iterations: u32,
    seed: u64,
    abandoned: &dyn Fn() -> bool,
) -> Option<Suggestion<G::Action>> {
    let mut rng = GameRng::from_u64(seed);
    match level {
        Level::Random => {
            let world = G::sample(view, &mut rng);
            let mut own = own_actions(&world, seat);
            if own.is_empty() {
                return None;
            }
            let pick = rng.below(own.len() as u32) as usize;
            let action = own.swap_remove(pick);
            Some(Suggestion {
                candidates: vec![Candidate {
                    action: action.clone(),
                    visits: 1,
                    value: 0.5,
                }],
                action,
                iterations: 0,
                worlds: 1,
            })
        }
        Level::Greedy => greedy::<G>(view, seat, &mut rng),
        Level::Search => search::run::<G>(view, seat, iterations.max(1), &mut rng, abandoned),
    }
}

/// The seat's listed actions in a world.
fn own_actions<G: Game>(world: &G, seat: Seat) -> Vec<G::Action> {
    world
        .legal_actions(Some(seat))
        .into_iter()
        .map(|(_, a)| a)
        .collect()
}

/// Each listed action applied in [`GREEDY_WORLDS`] sampled worlds and rated by the game's
/// evaluation; the best mean wins, ties broken by the bot's seed.
fn greedy<G: Game>(view: &G::View, seat: Seat, rng: &mut GameRng) -> Option<Suggestion<G::Action>> {
    let worlds: Vec<G> = (0..GREEDY_WORLDS).map(|_| G::sample(view, rng)).collect();
    let own = own_actions(&worlds[0], seat);
    if own.is_empty() {
        return None;
    }
    let mut events = Vec::new();
    let mut candidates: Vec<(Candidate<G::Action>, u32)> = own
        .into_iter()
        .map(|action| {
            let total: f64 = worlds
                .iter()
                .map(|w| {
                    let mut next = w.clone();
                    events.clear();
                    match next.apply_in_place(seat, &action, &mut events) {
                        Ok(()) => next.evaluate()[usize::from(seat)],
                        Err(_) => 0.0,
                    }
                })
                .sum();
            let tie = rng.below(u32::MAX);
            let value = total / f64::from(GREEDY_WORLDS);
            let visits = GREEDY_WORLDS;
            (
                Candidate {
                    action,
                    visits,
                    value,
                },
                tie,
            )
        })
        .collect();
    candidates.sort_by(|(a, ta), (b, tb)| b.value.total_cmp(&a.value).then(ta.cmp(tb)));
    let iterations = candidates.len() as u32 * GREEDY_WORLDS;
    let candidates: Vec<Candidate<G::Action>> = candidates.into_iter().map(|(c, _)| c).collect();
    Some(Suggestion {
        action: candidates[0].action.clone(),
        candidates,
        iterations,
        worlds: GREEDY_WORLDS,
    })
}

/// For the games' own quick tests of their sampler: plays a seeded random game from `game` to
/// its end, samples a world from a view at every step (the seats in turn) and requires it to show
/// that view and to be valued for every seat, then hands `check` the state, the world and the
/// viewer. Returns the number of steps played.
#[cfg(test)]
pub(crate) fn sample_through<G: Game>(
    mut game: G,
    seed: u64,
    mut check: impl FnMut(&G, &G, Option<Seat>),
) -> u32 {
    let mut rng = GameRng::from_u64(seed);
    let mut events = Vec::new();
    for step in 0u32.. {
        let viewer = Some((step % u32::from(game.players())) as Seat);
        let view = game.view(viewer);
        let world = G::sample(&view, &mut rng);
        assert!(
            world.view(viewer) == view,
            "step {step}: the world shows another view"
        );
        assert_eq!(world.evaluate().len(), usize::from(game.players()));
        check(&game, &world, viewer);
        let mut listed = game.legal_actions(None);
        if listed.is_empty() {
            return step;
        }
        let (seat, action) = listed.swap_remove(rng.below(listed.len() as u32) as usize);
        events.clear();
        assert!(game.apply_in_place(seat, &action, &mut events).is_ok());
    }
    unreachable!("a game ends")
}
