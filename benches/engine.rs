//! Engine benchmark: seeded random complete games, legal-action generation included, for every
//! game served, each of its variants and player counts (`referee::each_game!`, on the default
//! contexts: Village's provisional set). `games/<game>/<variant>/<n>p` reports games per second,
//! `actions/…` actions per second, over the same fixed set of seeds. Run:
//! `cargo bench --bench engine`.
// criterion_group! defines a public function it cannot document.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

use referee::games::{random_play, Game, RulesVersion};
use referee::service::wire::Wire;
use referee::service::Contexts;

const SEEDS: u64 = 10;

/// Plays one seeded random game of a variant to its end; returns the number of actions.
fn play<G: Game>(context: &G::Context, options: &G::Options, players: u8, seed: u64) -> u64 {
    let first = G::new_game(
        context,
        G::Rules::newest(),
        players.into(),
        0,
        seed,
        options.clone(),
    );
    let states = random_play(first.expect("a variant sets up"), seed);
    states.len() as u64 - 1
}

/// Every variant and player count of game `G`.
fn game<G: Wire>(c: &mut Criterion) {
    let contexts = Contexts::default();
    let context = G::context(&contexts);
    for variant in G::variants() {
        let options = &variant.options;
        for players in variant.players.clone() {
            let total: u64 = (0..SEEDS)
                .map(|s| play::<G>(context, options, players, s))
                .sum();
            for (group, elements) in [("games", SEEDS), ("actions", total)] {
                let mut g = c.benchmark_group(format!("{group}/{}/{}", G::ID, variant.name));
                g.throughput(Throughput::Elements(elements));
                g.bench_with_input(
                    BenchmarkId::from_parameter(format!("{players}p")),
                    &players,
                    |b, &p| {
                        b.iter(|| {
                            (0..SEEDS)
                                .map(|s| play::<G>(context, options, p, s))
                                .sum::<u64>()
                        })
                    },
                );
                g.finish();
            }
        }
    }
}

fn games(c: &mut Criterion) {
    referee::each_game!(game(c));
}

criterion_group!(benches, games);
criterion_main!(benches);
