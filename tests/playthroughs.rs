//! Recorded playthroughs (seed + every action + final state hash), checked in as JSON in
//! `tests/fixtures/port_royal_playthroughs.json`: replaying them must accept every action and
//! end in the same state. Unlike the golden random games, these do not depend on the test agent.
//! Regenerate (only with a new rules version): `REGENERATE=1 cargo test --test playthroughs`.

mod common;

use prost::Message;
use referee::games::port_royal::{self, Action, Options};
use referee::service::port_royal::state_to_proto;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Playthrough {
    players: u32,
    start_seat: u32,
    seed: u64,
    expedition_variant: bool,
    actions: Vec<(u8, Action)>,
    final_state_fnv1a: String,
}

fn fnv1a(bytes: &[u8]) -> String {
    let h = bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    format!("{h:016x}")
}

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/port_royal_playthroughs.json"
);

fn record() -> Vec<Playthrough> {
    [
        (2u32, 101u64, false),
        (3, 102, false),
        (4, 103, true),
        (5, 104, false),
    ]
    .into_iter()
    .map(|(players, seed, expedition_variant)| {
        let options = Options {
            expedition_variant,
            ..Options::default()
        };
        let mut actions = Vec::new();
        let (end, _) = common::play_random(players, seed, options, 20_000, |_, seat, a| {
            actions.push((seat, a.clone()))
        });
        assert!(end.status().finished);
        Playthrough {
            players,
            start_seat: seed as u32 % players,
            seed,
            expedition_variant,
            actions,
            final_state_fnv1a: fnv1a(&state_to_proto(&end).encode_to_vec()),
        }
    })
    .collect()
}

#[test]
fn recorded_playthroughs_replay_to_the_same_final_state() {
    if std::env::var_os("REGENERATE").is_some() {
        std::fs::write(FIXTURE, serde_json::to_string(&record()).unwrap()).unwrap();
    }
    let recorded: Vec<Playthrough> =
        serde_json::from_str(&std::fs::read_to_string(FIXTURE).unwrap()).unwrap();
    assert_eq!(recorded.len(), 4);
    for p in recorded {
        let options = Options {
            expedition_variant: p.expedition_variant,
            ..Options::default()
        };
        let mut state = port_royal::new_game(p.players, p.start_seat, p.seed, options).unwrap();
        for (seat, action) in &p.actions {
            common::act(&mut state, *seat, action.clone());
        }
        assert!(state.status().finished);
        assert_eq!(
            fnv1a(&state_to_proto(&state).encode_to_vec()),
            p.final_state_fnv1a
        );
    }
}
