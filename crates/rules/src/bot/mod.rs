//! Bots for any seat of any game: written once over [`Game`], they play from what the seat may
//! know and nothing else. A bot is handed the seat's view, never the state; every state it
//! looks at is one the game's [`Bots::sample`] dealt from that view (every hidden card, tile
//! and chest dealt again, the RNG too), so a suggestion depends on the view and the bot's own
//! seed alone, and is the same, byte for byte, on every replica.
//!
//! Three levels: a uniformly random listed action; the best one-step choice by the game's
//! evaluation, averaged over sampled worlds; and determinized Monte Carlo tree search
//! ([`search`]).

pub mod search;

use crate::core::{GameRng, Seat, Violation};
use crate::games::table::{Table, TableAction};
use crate::games::Bots;

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

/// The iterations a `SEARCH` request gets when it names none, unless its game and mode name
/// their own (`Bots::default_iterations`; [`default_iterations`] asks the table).
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
pub fn suggest<G: Bots>(
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
pub fn suggest_unless<G: Bots>(
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

/// SEARCH on the true state rather than on worlds dealt from the seat's view: every hidden card,
/// and the order of every pile, in sight. For measurement only (the tournament's ceiling, what
/// an honest search could reach at best); the service never calls it, and a served bot sees
/// only its seat's view.
pub fn suggest_seeing_all<G: Bots>(
    state: &G,
    seat: Seat,
    iterations: u32,
    seed: u64,
) -> Option<Suggestion<G::Action>> {
    let mut rng = GameRng::from_u64(seed);
    search::search(
        |_| state.clone(),
        seat,
        iterations.max(1),
        &mut rng,
        &|| false,
    )
}

/// The seat's listed actions in a world.
fn own_actions<G: Bots>(world: &G, seat: Seat) -> Vec<G::Action> {
    world
        .legal_actions(Some(seat))
        .into_iter()
        .map(|(_, a)| a)
        .collect()
}

/// Each listed action applied in [`GREEDY_WORLDS`] sampled worlds and rated by the game's
/// evaluation; the best mean wins, ties broken by the bot's seed.
fn greedy<G: Bots>(view: &G::View, seat: Seat, rng: &mut GameRng) -> Option<Suggestion<G::Action>> {
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

/// The iterations a `SEARCH` request that names none gets at `table`: its game's and mode's
/// (`Bots::default_iterations`), or [`DEFAULT_ITERATIONS`] in a fair shuffle's setup step.
pub fn default_iterations<G: Bots>(table: &Table<G>) -> u32 {
    match table {
        Table::Playing { game, .. } => game.default_iterations(),
        _ => DEFAULT_ITERATIONS,
    }
}

/// What a bot would play for `seat` at `level` at a table ([`suggest`]: from the seat's view
/// alone), or, when the seat has nothing to decide, the violation an action of it would get
/// (NOT_YOUR_TURN, GAME_FINISHED…). In the setup step a seat that owes its contribution is
/// suggested the empty one. The search stops early once `abandoned` says so.
pub fn at_table<G: Bots>(
    table: &Table<G>,
    seat: Seat,
    level: Level,
    iterations: u32,
    seed: u64,
    abandoned: &dyn Fn() -> bool,
) -> Result<Suggestion<TableAction<G::Action>>, Violation> {
    let own = table.legal_actions(Some(seat));
    let (Some((_, first)), Table::Playing { game, .. }) = (own.first(), table) else {
        return match own.into_iter().next() {
            Some((_, contribution)) => Ok(Suggestion {
                action: contribution.clone(),
                candidates: vec![Candidate {
                    action: contribution,
                    visits: 0,
                    value: 0.5,
                }],
                iterations: 0,
                worlds: 0,
            }),
            None => Err(table.refusal(seat)),
        };
    };
    let view = game.view(Some(seat));
    let found = suggest_unless::<G>(&view, seat, level, iterations, seed, abandoned);
    let Some(s) = found else {
        // Only when abandoned before its first iteration: this answer is never sent.
        return Ok(Suggestion {
            action: first.clone(),
            candidates: Vec::new(),
            iterations: 0,
            worlds: 0,
        });
    };
    Ok(Suggestion {
        action: TableAction::Game(s.action),
        candidates: s
            .candidates
            .into_iter()
            .map(|c| Candidate {
                action: TableAction::Game(c.action),
                visits: c.visits,
                value: c.value,
            })
            .collect(),
        iterations: s.iterations,
        worlds: s.worlds,
    })
}
