//! Per-operation benchmarks on recorded mid-game states (`tests/common/samples.rs`): `apply`
//! alone, `legal_actions` alone, and protobuf encode and decode (with validation) of a 5-player
//! state. Run: `cargo bench --bench ops`.
// criterion_group! defines a public function it cannot document.
#![allow(missing_docs)]

#[path = "../tests/common/samples.rs"]
mod samples;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use prost::Message;
use referee::games::port_royal::Rules;
use referee::pb::v1;
use referee::service::port_royal::{state_from_proto, state_to_proto};
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
        let proto = state_to_proto(&state);
        let bytes = proto.encode_to_vec();
        c.bench_with_input(BenchmarkId::new("encode", &id), &state, |b, s| {
            b.iter(|| black_box(state_to_proto(s).encode_to_vec()))
        });
        c.bench_with_input(
            BenchmarkId::new("decode_validate", &id),
            &bytes,
            |b, bytes| {
                b.iter(|| {
                    let p = v1::PortRoyalState::decode(bytes.as_slice()).unwrap();
                    black_box(state_from_proto(p, Rules::NEWEST).unwrap())
                })
            },
        );
    }
}

criterion_group!(benches, ops);
criterion_main!(benches);
