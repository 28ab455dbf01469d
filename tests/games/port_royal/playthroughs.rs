//! Recorded playthroughs (rules version + setup + every action + final state hash), checked in as
//! JSON in `tests/fixtures/port_royal_playthroughs.json`, for every mode and every rules version
//! this release plays: replaying them under their own version must accept every action and end
//! in the same state. The `port-royal/1` games were recorded by the first release, so they also
//! prove that a game begun under it is still played the same. Unlike the golden random games,
//! these do not depend on the test agent. They are replayed through the service
//! (`harness::recorded`, written once for every game). Regenerate (only to add a new rules
//! version; the older entries must come out unchanged):
//! `REGENERATE=1 cargo test --test games playthroughs`.

use crate::common::hash::fnv1a_hex;
use crate::common::port_royal as helpers;
use crate::harness::recorded::{replay_through_the_service, Recorded};

use prost::Message;
use referee::games::port_royal::{Action, Mode, Options, Rules, State};
use referee::games::Play;
use referee::pb::v1;
use referee::service::wire::state_message;
use referee::service::wire::Wire;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Playthrough {
    /// Entries recorded before rules versions were recorded are `port-royal/1`.
    #[serde(default = "first_version")]
    rules_version: String,
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

fn first_version() -> String {
    Rules::V1.as_str().to_owned()
}

impl Playthrough {
    fn rules(&self) -> Rules {
        Rules::parse(&self.rules_version).expect("a rules version this release plays")
    }

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

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/port_royal_playthroughs.json"
);

/// (rules, players, seed, expedition variant, contracts, cooperative, difficulty).
const RECORDED: [(Rules, u32, u64, bool, bool, bool, u32); 16] = [
    (Rules::V1, 2, 101, false, false, false, 0),
    (Rules::V1, 3, 102, false, false, false, 0),
    (Rules::V1, 4, 103, true, false, false, 0),
    (Rules::V1, 5, 104, false, false, false, 0),
    (Rules::V1, 3, 105, false, true, false, 0),
    (Rules::V1, 5, 106, false, true, false, 0),
    (Rules::V1, 1, 107, false, true, true, 0),
    (Rules::V1, 4, 108, false, true, true, 1),
    (Rules::V2, 2, 201, false, false, false, 0),
    (Rules::V2, 3, 202, true, false, false, 0),
    (Rules::V2, 4, 203, true, true, false, 0),
    (Rules::V2, 5, 204, false, false, false, 0),
    (Rules::V2, 3, 205, false, true, false, 0),
    (Rules::V2, 5, 206, false, true, false, 0),
    (Rules::V2, 1, 207, false, true, true, 0),
    (Rules::V2, 4, 208, false, true, true, 1),
];

fn record() -> Vec<Playthrough> {
    RECORDED
        .into_iter()
        .map(
            |(rules, players, seed, expedition_variant, contracts, cooperative, difficulty)| {
                let mut p = Playthrough {
                    rules_version: rules.as_str().to_owned(),
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
                let options = p.options();
                let (end, _) = helpers::play_random_under(
                    rules,
                    players,
                    seed,
                    options,
                    20_000,
                    |_, seat, a| p.actions.push((seat, a.clone())),
                );
                assert!(end.status().finished);
                p.final_state_fnv1a = fnv1a_hex(&state_message(&end).encode_to_vec());
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
    let recorded = recorded.into_iter().map(|p| Recorded::<State> {
        name: format!("{} {}p seed {}", p.rules_version, p.players, p.seed),
        context: (),
        setup: v1::NewGameRequest {
            game: "port-royal".to_owned(),
            players: p.players,
            seed: Some(p.seed),
            start_seat: Some(p.start_seat),
            rules_version: Some(p.rules().as_str().to_owned()),
            options: Some(State::options_to_proto(&p.options())),
            fair_shuffle: false,
        },
        actions: p.actions,
        final_state_fnv1a: p.final_state_fnv1a,
    });
    replay_through_the_service(recorded.collect());
}
