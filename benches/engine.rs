//! Engine benchmark: seeded random complete games, legal-action generation included, for each
//! game, mode and player count (Port Royal's modes; Village on the provisional set, with the
//! starting compensation). `games/…` reports games per second, `actions/…` actions per second,
//! over the same fixed set of seeds. Run: `cargo bench --bench engine`.
// criterion_group! defines a public function it cannot document.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::sync::Arc;

use referee::core::GameRng;
use referee::games::port_royal::{self, Mode, Options};
use referee::games::village::{self, components::Components};
use referee::games::Game;

const SEEDS: u64 = 10;

/// Plays one random Port Royal game to its end; returns the number of actions.
fn play(players: u32, seed: u64, options: Options) -> u64 {
    play_out(
        port_royal::new_game(players, 0, seed, options).unwrap(),
        seed,
    )
}

/// Plays one random Village game (provisional set, compensation on) to its end.
fn play_village(set: &Arc<Components>, options: village::Options, players: u32, seed: u64) -> u64 {
    play_out(
        village::new_game(Arc::clone(set), players, 0, seed, options).unwrap(),
        seed,
    )
}

/// Plays a game from `state` to its end, uniformly among legal actions; returns their number.
fn play_out<G: Game>(mut state: G, seed: u64) -> u64 {
    let mut agent = GameRng::from_u64(seed);
    let mut events = Vec::new();
    let mut actions = 0;
    loop {
        let legal = state.legal_actions(None);
        if legal.is_empty() {
            return actions;
        }
        let (seat, action) = &legal[agent.below(legal.len() as u32) as usize];
        events.clear();
        state.apply_in_place(*seat, action, &mut events).unwrap();
        actions += 1;
    }
}

fn games(c: &mut Criterion) {
    let modes = [
        ("base", Options::default(), 2..=5u32),
        (
            "contracts",
            Options {
                contracts: true,
                ..Options::default()
            },
            2..=5,
        ),
        (
            "cooperative",
            Options {
                contracts: true,
                mode: Mode::Cooperative,
                ..Options::default()
            },
            1..=5,
        ),
    ];
    for (name, options, counts) in modes {
        for players in counts {
            let total: u64 = (0..SEEDS).map(|s| play(players, s, options)).sum();
            for (group, elements) in [("games", SEEDS), ("actions", total)] {
                let mut g = c.benchmark_group(format!("{group}/{name}"));
                g.throughput(Throughput::Elements(elements));
                g.bench_with_input(
                    BenchmarkId::from_parameter(format!("{players}p")),
                    &players,
                    |b, &p| b.iter(|| (0..SEEDS).map(|s| play(p, s, options)).sum::<u64>()),
                );
                g.finish();
            }
        }
    }
}

/// Village by combination of expansions: the base game, with Life Goals, with Village Port, and
/// with both.
fn village_games(c: &mut Criterion) {
    let set = Arc::new(Components::provisional());
    let with = |life_goals, port| village::Options {
        life_goals,
        port,
        ..Default::default()
    };
    for (name, options) in [
        ("village", with(false, false)),
        ("village-goals", with(true, false)),
        ("village-port", with(false, true)),
        ("village-port-goals", with(true, true)),
    ] {
        for players in 2..=5u32 {
            let play = |p, s| play_village(&set, options, p, s);
            let total: u64 = (0..SEEDS).map(|s| play(players, s)).sum();
            for (group, elements) in [("games", SEEDS), ("actions", total)] {
                let mut g = c.benchmark_group(format!("{group}/{name}"));
                g.throughput(Throughput::Elements(elements));
                g.bench_with_input(
                    BenchmarkId::from_parameter(format!("{players}p")),
                    &players,
                    |b, &p| b.iter(|| (0..SEEDS).map(|s| play(p, s)).sum::<u64>()),
                );
                g.finish();
            }
        }
    }
}

criterion_group!(benches, games, village_games);
criterion_main!(benches);
