//! Per-operation benchmarks on mid-game states of every game served (`referee::each_game!`):
//! its first variant and its last (the one with the most of the game in it), at 4 players and
//! at its most, halfway through a seeded random game. `apply` alone, `legal_actions` alone,
//! `view`, protobuf encode, decode alone, the game's checks alone (`from_parts`), and decode
//! with validation. IDs are `<op>/<game>/<variant>/<n>p`. Run: `cargo bench --bench ops`.
// criterion_group! defines a public function it cannot document.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use prost::Message;
use referee::games::{random_play, Game, RulesVersion};
use referee::service::wire::{state_from_proto, Wire};
use referee::service::Contexts;

/// The state halfway through a seeded random game of a variant.
fn mid_game<G: Game>(context: &G::Context, options: &G::Options, players: u8) -> G {
    let first = G::new_game(
        context,
        G::Rules::newest(),
        players.into(),
        0,
        7,
        options.clone(),
    );
    let mut states = random_play(first.expect("a variant sets up"), 7);
    states.swap_remove(states.len() / 2)
}

fn game<G: Wire<Parts: Message + Default>>(c: &mut Criterion) {
    let contexts = Contexts::default();
    let context = G::context(&contexts);
    let mut variants = G::variants();
    let fullest = variants.pop().expect("a game has a variant");
    for variant in variants.into_iter().take(1).chain([fullest]) {
        let most = *variant.players.end();
        for players in [4.clamp(*variant.players.start(), most), most] {
            let state = mid_game::<G>(context, &variant.options, players);
            let id = format!("{}/{}/{players}p", G::ID, variant.name);
            let (seat, action) = state.legal_actions(None).swap_remove(0);
            let rules = state.rules();
            c.bench_with_input(BenchmarkId::new("legal_actions", &id), &state, |b, s| {
                b.iter(|| black_box(s.legal_actions(None)))
            });
            c.bench_with_input(BenchmarkId::new("apply", &id), &state, |b, s| {
                b.iter(|| {
                    let mut s = s.clone();
                    let mut events = Vec::new();
                    s.apply_in_place(seat, &action, &mut events).unwrap();
                    black_box((s, events))
                })
            });
            c.bench_with_input(BenchmarkId::new("view", &id), &state, |b, s| {
                b.iter(|| black_box(s.view(Some(0))))
            });
            let message = |s: &G| {
                let mut game = Some(s.state_to_proto());
                G::take_state(&mut game).expect("the game's own message")
            };
            let bytes = message(&state).encode_to_vec();
            c.bench_with_input(BenchmarkId::new("encode", &id), &state, |b, s| {
                b.iter(|| black_box(message(s).encode_to_vec()))
            });
            c.bench_with_input(BenchmarkId::new("decode_only", &id), &bytes, |b, bytes| {
                b.iter(|| black_box(G::Parts::decode(bytes.as_slice()).unwrap()))
            });
            // The game's checks alone: its state message to a checked state.
            let parts = state.to_parts();
            c.bench_with_input(BenchmarkId::new("from_parts", &id), &parts, |b, p| {
                b.iter(|| black_box(G::from_parts(p, rules, context).is_ok()))
            });
            c.bench_with_input(
                BenchmarkId::new("decode_validate", &id),
                &bytes,
                |b, bytes| {
                    b.iter(|| {
                        let p = G::Parts::decode(bytes.as_slice()).unwrap();
                        black_box(state_from_proto::<G>(p, rules, context).is_ok())
                    })
                },
            );
        }
    }
}

fn ops(c: &mut Criterion) {
    referee::each_game!(game(c));
}

criterion_group!(benches, ops);
criterion_main!(benches);
