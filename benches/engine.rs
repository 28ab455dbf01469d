//! Engine benchmark: seeded random complete Port Royal games, legal-action generation included,
//! for each mode and player count. `games/…` reports games per second, `actions/…` actions per
//! second, over the same fixed set of seeds. Run: `cargo bench --bench engine`.
// criterion_group! defines a public function it cannot document.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use referee::core::GameRng;
use referee::games::port_royal::{self, Mode, Options, State};

const SEEDS: u64 = 10;

/// Plays one random game to its end; returns the number of actions.
fn play(players: u32, seed: u64, options: Options) -> u64 {
    let mut state: State = port_royal::new_game(players, 0, seed, options).unwrap();
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

criterion_group!(benches, games);
criterion_main!(benches);
