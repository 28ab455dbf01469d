//! The bots' cost: one suggestion at each level on a 4-player (or the nearest count) mid-game
//! state of every game served (`referee::each_game!`), in its first variant and its last,
//! SEARCH at the default budget of its game and mode and at 4×. The target: SEARCH at the
//! default budget answers within 200 ms on one core (criterion runs on one thread). The baseline measured in the same
//! run, `apply`: the seat's first listed action applied to a copy of the same state, so a
//! suggestion's cost reads as so many Applies on a shared machine. IDs are
//! `suggest/<level>/<game>/<variant>/<n>p`. Run: `cargo bench --bench bots`.
// criterion_group! defines a public function it cannot document.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use referee::bot::{self, Level};
use referee::games::{random_play, Bots, RulesVersion};
use referee::service::wire::Wire;
use referee::service::Contexts;

/// Every level's suggestion for the seat to act in `state`.
fn levels<G: Bots>(c: &mut Criterion, id: &str, state: &G) {
    let seat = state.status().to_act[0];
    let view = state.view(Some(seat));
    let mut g = c.benchmark_group("suggest");
    g.sample_size(10);
    let (by, first) = state.legal_actions(Some(seat)).swap_remove(0);
    g.bench_with_input(BenchmarkId::new("apply", id), state, |b, s| {
        b.iter(|| {
            let mut next = s.clone();
            let mut events = Vec::new();
            black_box(next.apply_in_place(by, &first, &mut events).is_ok())
        })
    });
    let budget = state.default_iterations();
    for (name, level, n) in [
        ("random", Level::Random, 0),
        ("greedy", Level::Greedy, 0),
        ("search", Level::Search, budget),
        ("search_4x", Level::Search, 4 * budget),
    ] {
        g.bench_with_input(BenchmarkId::new(name, id), &view, |b, v| {
            b.iter(|| black_box(bot::suggest::<G>(v, seat, level, n, 7)))
        });
    }
    g.finish();
}

fn game<G: Wire>(c: &mut Criterion) {
    let contexts = Contexts::default();
    let context = G::context(&contexts);
    let mut variants = G::variants();
    let fullest = variants.pop().expect("a game has a variant");
    for variant in variants.into_iter().take(1).chain([fullest]) {
        let players = 4.clamp(*variant.players.start(), *variant.players.end());
        let options = variant.options.clone();
        let first = G::new_game(context, G::Rules::newest(), players.into(), 0, 7, options);
        let mut states = random_play(first.expect("a variant sets up"), 7);
        let state = states.swap_remove(states.len() / 2);
        levels(c, &format!("{}/{}/{players}p", G::ID, variant.name), &state);
    }
}

fn bots(c: &mut Criterion) {
    referee::each_game!(game(c));
}

criterion_group!(benches, bots);
criterion_main!(benches);
