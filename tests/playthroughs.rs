//! Recorded playthroughs (setup + every action + final state hash), checked in as JSON in
//! `tests/fixtures/port_royal_playthroughs.json`, for every mode: replaying them must accept every
//! action and end in the same state. Unlike the golden random games, these do not depend on the
//! test agent. Regenerate (only with a new rules version):
//! `REGENERATE=1 cargo test --test playthroughs`.

mod common;

use prost::Message;
use referee::games::port_royal::{self, Action, Mode, Options};
use referee::service::port_royal::state_to_proto;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Playthrough {
    players: u32,
    start_seat: u32,
    seed: u64,
    expedition_variant: bool,
    #[serde(default)]
    contracts: bool,
    #[serde(default)]
    cooperative: bool,
    #[serde(default)]
    difficulty: u32,
    actions: Vec<(u8, Action)>,
    final_state_fnv1a: String,
}

impl Playthrough {
    fn options(&self) -> Options {
        Options {
            expedition_variant: self.expedition_variant,
            contracts: self.contracts,
            mode: if self.cooperative {
                Mode::Cooperative
            } else {
                Mode::Competitive
            },
            difficulty: self.difficulty,
        }
    }
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

/// (players, seed, expedition variant, contracts, cooperative, difficulty).
const RECORDED: [(u32, u64, bool, bool, bool, u32); 8] = [
    (2, 101, false, false, false, 0),
    (3, 102, false, false, false, 0),
    (4, 103, true, false, false, 0),
    (5, 104, false, false, false, 0),
    (3, 105, false, true, false, 0),
    (5, 106, false, true, false, 0),
    (1, 107, false, true, true, 0),
    (4, 108, false, true, true, 1),
];

fn record() -> Vec<Playthrough> {
    RECORDED
        .into_iter()
        .map(
            |(players, seed, expedition_variant, contracts, cooperative, difficulty)| {
                let mut p = Playthrough {
                    players,
                    start_seat: seed as u32 % players,
                    seed,
                    expedition_variant,
                    contracts,
                    cooperative,
                    difficulty,
                    actions: Vec::new(),
                    final_state_fnv1a: String::new(),
                };
                let (end, _) =
                    common::play_random(players, seed, p.options(), 20_000, |_, seat, a| {
                        p.actions.push((seat, a.clone()))
                    });
                assert!(end.status().finished);
                p.final_state_fnv1a = fnv1a(&state_to_proto(&end).encode_to_vec());
                p
            },
        )
        .collect()
}

#[test]
fn recorded_playthroughs_replay_to_the_same_final_state() {
    if std::env::var_os("REGENERATE").is_some() {
        std::fs::write(FIXTURE, serde_json::to_string(&record()).unwrap()).unwrap();
    }
    let recorded: Vec<Playthrough> =
        serde_json::from_str(&std::fs::read_to_string(FIXTURE).unwrap()).unwrap();
    assert_eq!(recorded.len(), RECORDED.len());
    for p in recorded {
        let mut state = port_royal::new_game(p.players, p.start_seat, p.seed, p.options()).unwrap();
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
