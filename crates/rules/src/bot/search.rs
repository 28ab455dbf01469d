//! Determinized Monte Carlo tree search (single-observer information-set MCTS): each iteration
//! deals a world from the seat's view, descends one tree of action sequences shared by every
//! world (choosing by UCB among the actions this world allows, each counted as available when
//! it could be chosen), adds one action, plays on at random for the game's playout depth, and
//! credits each action on the path with the value the game's evaluation gives its seat. The
//! seat's own actions at the root are the candidates; the most visited is suggested.
//!
//! Where several seats decide at once (a game's `Bots::SIMULTANEOUS`, Goofspiel's bids), each
//! of them chooses from the node's statistics of its own actions, none seeing the others'
//! choices, and the node's child is that of the joint choice (decoupled UCT). Chosen one after
//! another instead, a seat below the root would answer bids it cannot see, and more iterations
//! would only learn that answer better (BENCHMARKS.md, "Goofspiel").

use super::{Candidate, Suggestion};
use crate::core::{GameRng, Seat};
use crate::games::Bots;

/// The exploration constant of UCB for values in [0, 1].
const EXPLORATION: f64 = 0.7;

/// An action from a node, and what the search learnt of it.
struct Edge<A> {
    seat: Seat,
    action: A,
    /// The node it leads to, once expanded.
    child: Option<usize>,
    visits: u32,
    /// Sum of the values to `seat` of the iterations through it.
    total: f64,
    /// Iterations in which it could have been chosen.
    available: u32,
}

struct Node<A> {
    edges: Vec<Edge<A>>,
    /// Where seats decide at once: the child of each joint choice (its edges, seat by seat).
    joint: Vec<(Vec<usize>, usize)>,
}

impl<A> Default for Node<A> {
    fn default() -> Self {
        Node {
            edges: Vec::new(),
            joint: Vec::new(),
        }
    }
}

impl<A: PartialEq> Node<A> {
    /// The edge of `(seat, action)`, added unvisited if new.
    fn edge(&mut self, seat: Seat, action: A) -> usize {
        if let Some(i) = self
            .edges
            .iter()
            .position(|e| e.seat == seat && e.action == action)
        {
            return i;
        }
        self.edges.push(Edge {
            seat,
            action,
            child: None,
            visits: 0,
            total: 0.0,
            available: 0,
        });
        self.edges.len() - 1
    }
}

/// `iterations` iterations of the search for `seat` from its `view` (fewer once `abandoned`).
pub fn run<G: Bots>(
    view: &G::View,
    seat: Seat,
    iterations: u32,
    rng: &mut GameRng,
    abandoned: &dyn Fn() -> bool,
) -> Option<Suggestion<G::Action>> {
    search(|rng| G::sample(view, rng), seat, iterations, rng, abandoned)
}

/// The search on the worlds `deal` gives, one per iteration: worlds dealt from a view ([`run`]),
/// or the true state itself when the ceiling is measured ([`super::suggest_seeing_all`]).
pub(super) fn search<G: Bots>(
    mut deal: impl FnMut(&mut GameRng) -> G,
    seat: Seat,
    iterations: u32,
    rng: &mut GameRng,
    abandoned: &dyn Fn() -> bool,
) -> Option<Suggestion<G::Action>> {
    let mut tree: Vec<Node<G::Action>> = vec![Node::default()];
    let mut events = Vec::new();
    let mut path: Vec<(usize, usize)> = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    let mut worlds = 0;
    for _ in 0..iterations {
        if abandoned() {
            break;
        }
        let mut world = deal(rng);
        worlds += 1;
        path.clear();
        let mut node = 0;
        let mut expanded = false;
        // Selection and expansion.
        while !expanded {
            let deciding = if G::SIMULTANEOUS {
                world.status().to_act
            } else {
                Vec::new()
            };
            if deciding.len() > 1 {
                match decide_at_once(&mut tree, node, &mut world, &deciding, rng, &mut path) {
                    Some((child, fresh)) => (node, expanded) = (child, fresh),
                    None => break,
                }
                continue;
            }
            // At the root only the seat's own actions are candidates.
            let listed = world.legal_actions((node == 0).then_some(seat));
            if listed.is_empty() {
                break;
            }
            open.clear();
            for (s, a) in listed {
                let e = tree[node].edge(s, a);
                tree[node].edges[e].available += 1;
                open.push(e);
            }
            let (e, fresh) = choose(&tree[node], &open, rng);
            expanded = fresh;
            let edge = &tree[node].edges[e];
            events.clear();
            if world
                .apply_in_place(edge.seat, &edge.action, &mut events)
                .is_err()
            {
                // A listed action always applies (the harness checks it); stop here if not.
                break;
            }
            path.push((node, e));
            node = match tree[node].edges[e].child {
                Some(child) => child,
                None => {
                    tree.push(Node::default());
                    let child = tree.len() - 1;
                    tree[node].edges[e].child = Some(child);
                    child
                }
            };
        }
        // Playout, then the evaluation.
        for _ in 0..world.playout_depth() {
            let mut listed = world.legal_actions(None);
            if listed.is_empty() {
                break;
            }
            let (s, a) = listed.swap_remove(rng.below(listed.len() as u32) as usize);
            events.clear();
            if world.apply_in_place(s, &a, &mut events).is_err() {
                break;
            }
        }
        let values = world.evaluate();
        for &(n, e) in &path {
            let edge = &mut tree[n].edges[e];
            edge.visits += 1;
            edge.total += values.get(usize::from(edge.seat)).copied().unwrap_or(0.0);
        }
    }
    let root = std::mem::take(&mut tree[0]);
    let mut candidates: Vec<Candidate<G::Action>> = root
        .edges
        .into_iter()
        .filter(|e| e.seat == seat)
        .map(|e| Candidate {
            value: if e.visits == 0 {
                0.0
            } else {
                e.total / f64::from(e.visits)
            },
            visits: e.visits,
            action: e.action,
        })
        .collect();
    // Most visited first, then the higher mean; the sort is stable, so remaining ties keep the
    // order in which the actions were first listed.
    candidates.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.value.total_cmp(&a.value)));
    let action = candidates.first()?.action.clone();
    Some(Suggestion {
        action,
        candidates,
        iterations: worlds,
        worlds,
    })
}

/// The edge to try among `open`: an unvisited one at random (the tree grows: `true`), else the
/// one with the highest upper confidence bound.
fn choose<A>(node: &Node<A>, open: &[usize], rng: &mut GameRng) -> (usize, bool) {
    let fresh: Vec<usize> = open
        .iter()
        .copied()
        .filter(|&e| node.edges[e].visits == 0)
        .collect();
    if fresh.is_empty() {
        (ucb(node, open), false)
    } else {
        (fresh[rng.below(fresh.len() as u32) as usize], true)
    }
}

/// One step where `deciding` seats decide at once: each chooses among its own actions at `node`
/// ([`choose`]), all are applied, and the path goes on to the child
/// of the joint choice. Returns the child and whether a new action was tried, or `None` when
/// no action applies.
fn decide_at_once<G: Bots>(
    tree: &mut Vec<Node<G::Action>>,
    node: usize,
    world: &mut G,
    deciding: &[Seat],
    rng: &mut GameRng,
    path: &mut Vec<(usize, usize)>,
) -> Option<(usize, bool)> {
    let listed = world.legal_actions(None);
    let mut chosen = Vec::with_capacity(deciding.len());
    let mut fresh_tried = false;
    for &seat in deciding {
        let open: Vec<usize> = listed
            .iter()
            .filter(|(s, _)| *s == seat)
            .map(|(s, a)| {
                let e = tree[node].edge(*s, a.clone());
                tree[node].edges[e].available += 1;
                e
            })
            .collect();
        if open.is_empty() {
            continue;
        }
        let (e, fresh) = choose(&tree[node], &open, rng);
        fresh_tried |= fresh;
        chosen.push(e);
    }
    let mut events = Vec::new();
    for &e in &chosen {
        let edge = &tree[node].edges[e];
        if world
            .apply_in_place(edge.seat, &edge.action, &mut events)
            .is_err()
        {
            return None;
        }
        path.push((node, e));
    }
    if chosen.is_empty() {
        return None;
    }
    let known = tree[node].joint.iter().find(|(j, _)| *j == chosen);
    let child = match known {
        Some(&(_, child)) => child,
        None => {
            tree.push(Node::default());
            let child = tree.len() - 1;
            tree[node].joint.push((chosen, child));
            child
        }
    };
    Some((child, fresh_tried))
}

/// The open edge with the highest upper confidence bound (the first of equals).
fn ucb<A>(node: &Node<A>, open: &[usize]) -> usize {
    let score = |e: &Edge<A>| {
        let n = f64::from(e.visits);
        // libm's log (the same bits on every platform, unlike the system's); sqrt is exact.
        e.total / n + EXPLORATION * (libm::log(f64::from(e.available)) / n).sqrt()
    };
    let mut best = open[0];
    for &e in &open[1..] {
        if score(&node.edges[e]) > score(&node.edges[best]) {
            best = e;
        }
    }
    best
}
