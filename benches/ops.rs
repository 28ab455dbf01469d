//! Per-operation benchmarks on recorded mid-game states (`tests/common/samples.rs`,
//! `tests/common/village.rs`): `apply` alone, `legal_actions` alone, `view`, and protobuf encode
//! and decode (with validation). Run: `cargo bench --bench ops`.
// criterion_group! defines a public function it cannot document.
#![allow(missing_docs)]

#[path = "../tests/common/samples.rs"]
mod samples;
#[path = "../tests/common/village.rs"]
mod village;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use prost::Message;
use referee::games::port_royal::Rules;
use referee::games::port_royal::State as PortRoyal;
use referee::games::village::State as Village;
use referee::pb::v1;
use referee::service::wire::state_from_proto;
use referee::service::wire::state_message;
use samples::{mid_game, mode};
use std::hint::black_box;

fn ops(c: &mut Criterion) {
    for (name, players) in [
        ("base", 4u32),
        ("base", 5),
        ("contracts", 5),
        ("cooperative", 5),
    ] {
        let state = mid_game(players, 7, mode(name));
        let id = format!("{name}/{players}p");
        let legal = state.legal_actions(None);
        let (seat, action) = legal[0].clone();

        c.bench_with_input(BenchmarkId::new("legal_actions", &id), &state, |b, s| {
            b.iter(|| black_box(s.legal_actions(None)))
        });
        c.bench_with_input(BenchmarkId::new("apply", &id), &state, |b, s| {
            b.iter(|| black_box(s.apply(seat, &action).unwrap()))
        });
        let proto = state_message(&state);
        let bytes = proto.encode_to_vec();
        c.bench_with_input(BenchmarkId::new("encode", &id), &state, |b, s| {
            b.iter(|| black_box(state_message(s).encode_to_vec()))
        });
        c.bench_with_input(
            BenchmarkId::new("decode_validate", &id),
            &bytes,
            |b, bytes| {
                b.iter(|| {
                    let p = v1::PortRoyalState::decode(bytes.as_slice()).unwrap();
                    black_box(state_from_proto::<PortRoyal>(p, Rules::NEWEST, &()).unwrap())
                })
            },
        );
    }
}

/// The same operations on a recorded mid-game Village state (provisional set, seed 7).
fn village_ops(c: &mut Criterion) {
    use referee::games::village::components::Library;
    for players in [4u32, 5] {
        let set = village::provisional();
        let states = village::states(&set, players, 7);
        let state = states[states.len() / 2].clone();
        let id = format!("village/{players}p");
        let (seat, action) = state.legal_actions(None)[0];
        let rules = state.config().rules;
        let library = std::sync::Arc::new(Library::one(std::sync::Arc::clone(&set)));
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
        let bytes = state_message(&state).encode_to_vec();
        c.bench_with_input(BenchmarkId::new("encode", &id), &state, |b, s| {
            b.iter(|| black_box(state_message(s).encode_to_vec()))
        });
        c.bench_with_input(BenchmarkId::new("decode_only", &id), &bytes, |b, bytes| {
            b.iter(|| black_box(v1::VillageState::decode(bytes.as_slice()).unwrap()))
        });
        // The game's checks alone: parts (cloned) to a checked state.
        let parts = state.to_parts();
        c.bench_with_input(BenchmarkId::new("from_parts", &id), &parts, |b, p| {
            b.iter(|| black_box(Village::from_parts(p.clone(), rules, &set).unwrap()))
        });
        c.bench_with_input(
            BenchmarkId::new("decode_validate", &id),
            &bytes,
            |b, bytes| {
                b.iter(|| {
                    let p = v1::VillageState::decode(bytes.as_slice()).unwrap();
                    black_box(state_from_proto::<Village>(p, rules, &library).unwrap())
                })
            },
        );
    }
}

criterion_group!(benches, ops, village_ops);
criterion_main!(benches);
