//! The bots' cost: one suggestion at each level on a 4-player mid-game state of each game (the
//! same recorded states as `ops`), SEARCH at the default budget and at 4×. The target: SEARCH
//! at the default budget answers within 200 ms on one core (criterion runs on one thread). The
//! baseline measured in the same run, `apply`: the seat's first listed action applied to a copy
//! of the same state, so a suggestion's cost reads as so many Applies on a shared machine.
//! Run: `cargo bench --bench bots`.
// criterion_group! defines a public function it cannot document.
#![allow(missing_docs)]

#[path = "../tests/common/samples.rs"]
mod samples;
#[path = "../tests/common/village.rs"]
mod village;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use referee::bot::{self, Level, DEFAULT_ITERATIONS};
use referee::games::Game;
use samples::{mid_game, mode};

/// Every level's suggestion for the seat to act in `state`.
fn levels<G: Game>(c: &mut Criterion, id: &str, state: &G) {
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
    for (name, level, n) in [
        ("random", Level::Random, 0),
        ("greedy", Level::Greedy, 0),
        ("search", Level::Search, DEFAULT_ITERATIONS),
        ("search_4x", Level::Search, 4 * DEFAULT_ITERATIONS),
    ] {
        g.bench_with_input(BenchmarkId::new(name, id), &view, |b, v| {
            b.iter(|| black_box(bot::suggest::<G>(v, seat, level, n, 7)))
        });
    }
    g.finish();
}

fn bots(c: &mut Criterion) {
    levels(c, "port-royal/4p", &mid_game(4, 7, mode("base")));
    levels(
        c,
        "port-royal-contracts/4p",
        &mid_game(4, 7, mode("contracts")),
    );
    let set = village::provisional();
    let states = village::states(&set, 4, 7);
    levels(c, "village/4p", &states[states.len() / 2]);
}

criterion_group!(benches, bots);
criterion_main!(benches);
