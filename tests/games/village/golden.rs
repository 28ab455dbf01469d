//! Village's golden determinism and recorded playthroughs: fixed seeds give this exact setup and
//! these exact final states on every machine and every release of each rules version (if one
//! changes, the rules version must change too); recorded games (setup, every action, final state hash, in
//! `tests/fixtures/village/playthroughs.json`) replay through the service to the same final state
//! (`harness::recorded`). Regenerate only for a new rules version:
//! `REGENERATE=1 cargo test --test games village::golden`.

use std::sync::Arc;

use prost::Message;
use referee::core::{GameRng, Seat};
use referee::games::village::components::{Components, Library};
use referee::games::village::state::Goal;
use referee::games::village::{new_game, new_game_under, Action, Decision, Options, Rules, State};
use referee::service::wire::state_message;
use serde::{Deserialize, Serialize};

use crate::common::hash::fnv1a_hex;
use crate::common::village::{act, pick, sets};
use crate::harness::recorded::{replay_through_the_service, Recorded};
use referee::games::Play;
use referee::pb::v1;
use referee::service::wire::Wire;

/// The state's pinned hash: FNV-1a of its encoding.
fn fnv1a(state: &State) -> String {
    fnv1a_hex(&state_message(state).encode_to_vec())
}

/// A game on set `set` (0 provisional, 1 the test suite's) played at random to its end.
fn random_game(
    rules: Rules,
    set: &Arc<Components>,
    players: u32,
    seed: u64,
    compensation: bool,
    (life_goals, port): Expansions,
) -> (State, Vec<(Seat, Action)>) {
    let options = Options {
        no_starting_compensation: !compensation,
        life_goals,
        port,
    };
    let mut state = new_game_under(
        rules,
        Arc::clone(set),
        players,
        seed as u32 % players,
        seed,
        options,
    )
    .unwrap();
    let mut rng = GameRng::from_u64(seed ^ 0xA5A5_A5A5);
    let mut log = Vec::new();
    while let Some((seat, action)) = pick(&state, &mut rng) {
        act(&mut state, seat, action);
        log.push((seat, action));
    }
    (state, log)
}

#[test]
fn seed_gives_this_setup() {
    let [set, _] = sets();
    let s = new_game(set, 4, 0, 2026, Options::default()).unwrap();
    let pile: Vec<u8> = s.market().pile.iter().rev().take(6).copied().collect();
    let stalls: Vec<Option<u8>> = s.market().stalls.clone();
    let third = s.seats()[2].cubes.0;
    assert_eq!(pile, GOLDEN_SETUP_PILE_TOP, "the customer pile's top");
    assert_eq!(stalls, GOLDEN_SETUP_STALLS);
    assert_eq!(third, GOLDEN_SETUP_THIRD_SEAT);
    assert_eq!(fnv1a(&s), GOLDEN_SETUP_HASH);
}

/// Life Goals: the goals a fixed seed deals (after the random compensation cube, silver deck
/// first; from `village/2` on after the 4th seat's choice too, V-R38, which draws nothing, so the
/// same cards).
#[test]
fn seed_deals_these_life_goals() {
    let [set, _] = sets();
    let options = Options {
        life_goals: true,
        ..Options::default()
    };
    let dealt = |s: &State| -> Vec<Vec<Goal>> {
        s.seats()
            .iter()
            .map(|seat| seat.goals.iter().map(|g| g.goal).collect())
            .collect()
    };
    let s = new_game_under(Rules::V1, Arc::clone(&set), 4, 0, 2026, options).unwrap();
    assert_eq!(dealt(&s), GOLDEN_GOALS);
    // Dealing comes after the setup's other draws: the same pile and compensation as without.
    let pile: Vec<u8> = s.market().pile.iter().rev().take(6).copied().collect();
    assert_eq!(pile, GOLDEN_SETUP_PILE_TOP);
    assert_eq!(s.seats()[2].cubes.0, GOLDEN_SETUP_THIRD_SEAT);
    let mut s = new_game(set, 4, 0, 2026, options).unwrap();
    assert_eq!(s.decision(), Some(Decision::CompensationCube { seat: 3 }));
    assert!(
        dealt(&s).iter().all(Vec::is_empty),
        "nothing dealt while choosing"
    );
    let (seat, choice) = s.legal_actions(None)[0];
    act(&mut s, seat, choice);
    assert_eq!(dealt(&s), GOLDEN_GOALS);
}

#[test]
fn seeded_random_games_end_in_these_exact_states() {
    let sets = sets();
    for (rules, golden) in [
        (Rules::V1, GOLDEN_GAMES),
        (Rules::V2, GOLDEN_GAMES_V2),
        (Rules::V3, GOLDEN_GAMES_V3),
    ] {
        let got: Vec<(u32, u64, usize, String)> = GAMES
            .iter()
            .map(|&(set, players, seed, compensation, expansions)| {
                let (end, log) =
                    random_game(rules, &sets[set], players, seed, compensation, expansions);
                (players, seed, log.len(), fnv1a(&end))
            })
            .collect();
        let expected: Vec<(u32, u64, usize, String)> = golden
            .iter()
            .map(|&(p, s, a, h)| (p, s, a, h.to_string()))
            .collect();
        assert_eq!(got, expected, "{rules:?}");
    }
}

/// (component set, players, seed, compensation, (life goals, port)) of the golden games and the
/// playthroughs.
/// Life Goals, Village Port.
type Expansions = (bool, bool);

const GAMES: [(usize, u32, u64, bool, Expansions); 10] = [
    (0, 2, 1, true, (false, false)),
    (0, 3, 2, false, (false, false)),
    (0, 4, 3, true, (false, false)),
    (1, 5, 4, true, (false, false)),
    (1, 3, 5, false, (false, false)),
    (0, 5, 6, true, (true, false)),
    (1, 4, 7, false, (true, false)),
    (0, 3, 8, true, (false, true)),
    (1, 5, 9, true, (true, true)),
    (0, 5, 10, false, (true, true)),
];

#[derive(Serialize, Deserialize)]
struct Playthrough {
    rules_version: String,
    component_set: String,
    players: u32,
    start_seat: u32,
    seed: u64,
    no_starting_compensation: bool,
    life_goals: bool,
    port: bool,
    actions: Vec<(Seat, Action)>,
    final_state_fnv1a: String,
}

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/village/playthroughs.json"
);

#[test]
fn recorded_playthroughs_replay_to_the_same_final_state() {
    let sets = sets();
    if std::env::var_os("REGENERATE").is_some() {
        let recorded: Vec<Playthrough> = GAMES
            .iter()
            .map(|&(set, players, seed, compensation, (life_goals, port))| {
                let expansions = (life_goals, port);
                let (end, actions) = random_game(
                    Rules::V1,
                    &sets[set],
                    players,
                    seed,
                    compensation,
                    expansions,
                );
                Playthrough {
                    rules_version: "village/1".to_owned(),
                    component_set: sets[set].name.clone(),
                    players,
                    start_seat: seed as u32 % players,
                    seed,
                    no_starting_compensation: !compensation,
                    life_goals,
                    port,
                    actions,
                    final_state_fnv1a: fnv1a(&end),
                }
            })
            .collect();
        std::fs::write(FIXTURE, serde_json::to_string(&recorded).unwrap()).unwrap();
    }
    let recorded: Vec<Playthrough> =
        serde_json::from_str(&std::fs::read_to_string(FIXTURE).unwrap()).unwrap();
    assert_eq!(recorded.len(), GAMES.len());
    let recorded = recorded.into_iter().map(|p| {
        assert_eq!(p.rules_version, "village/1");
        let set = sets.iter().find(|s| s.name == p.component_set).unwrap();
        let options = Options {
            no_starting_compensation: p.no_starting_compensation,
            life_goals: p.life_goals,
            port: p.port,
        };
        Recorded::<State> {
            name: format!("{} {}p seed {}", p.component_set, p.players, p.seed),
            // A referee serving both sets, this game's for new games.
            context: Arc::new(Library::new(Arc::clone(set), sets.iter().cloned())),
            setup: v1::NewGameRequest {
                game: "village".to_owned(),
                players: p.players,
                seed: Some(p.seed),
                start_seat: Some(p.start_seat),
                rules_version: Some(p.rules_version),
                options: Some(State::options_to_proto(&options)),
                fair_shuffle: false,
            },
            actions: p.actions,
            final_state_fnv1a: p.final_state_fnv1a,
        }
    });
    replay_through_the_service(recorded.collect());
}

const GOLDEN_SETUP_PILE_TOP: [u8; 6] = [1, 15, 16, 3, 14, 11];
const GOLDEN_SETUP_STALLS: [Option<u8>; 5] = [Some(23), Some(5), Some(13), Some(8), Some(4)];
/// The 3rd seat's random compensation cube: pink.
const GOLDEN_SETUP_THIRD_SEAT: [u32; 4] = [0, 1, 0, 0];
const GOLDEN_GOALS: [[Goal; 2]; 4] = [
    [Goal::Bailiff, Goal::Historian],
    [Goal::Knight, Goal::Acolyte],
    [Goal::Farmer, Goal::TravellingSalesman],
    [Goal::Secretary, Goal::Saint],
];
const GOLDEN_SETUP_HASH: &str = "15f54ca41c067fc9";
const GOLDEN_GAMES: [(u32, u64, usize, &str); 10] = [
    (2, 1, 260, "7366cbdbb759f1c4"),
    (3, 2, 522, "e12b39a3951ceda2"),
    (4, 3, 557, "e93d10fdd0a45d99"),
    (5, 4, 820, "b2cb5b1a5bf54c33"),
    (3, 5, 430, "205fa1b36fd932bf"),
    (5, 6, 861, "85a8b38905372cd6"),
    (4, 7, 776, "bf93cad2c7228113"),
    (3, 8, 433, "a16ea14a0c59f3aa"),
    (5, 9, 838, "59afd675256b7a73"),
    (5, 10, 941, "f4b896ceca435bb4"),
];
/// The same games under `village/3`: those with Life Goals take one more action per seat at the
/// end (every seat holding a face-down goal has its last chance, V-R42) and end alike.
const GOLDEN_GAMES_V3: [(u32, u64, usize, &str); 10] = [
    (2, 1, 324, "87d7415b1d405a40"),
    (3, 2, 513, "2411197c37e95181"),
    (4, 3, 557, "1b33e7feaf7c15e2"),
    (5, 4, 802, "9f4ea6242dbff37a"),
    (3, 5, 455, "33373a3d95a21f36"),
    (5, 6, 689, "3566b36f3acbe90a"),
    (4, 7, 616, "017b3881d6d1ed41"),
    (3, 8, 437, "18f0ac61f8cd5a4c"),
    (5, 9, 726, "09af8975d9b5fd38"),
    (5, 10, 935, "e441bb16698b4d4b"),
];
/// The same games under `village/2`.
const GOLDEN_GAMES_V2: [(u32, u64, usize, &str); 10] = [
    (2, 1, 324, "87d7415b1d405a40"),
    (3, 2, 513, "2411197c37e95181"),
    (4, 3, 557, "1b33e7feaf7c15e2"),
    (5, 4, 802, "9f4ea6242dbff37a"),
    (3, 5, 455, "33373a3d95a21f36"),
    (5, 6, 684, "3566b36f3acbe90a"),
    (4, 7, 612, "017b3881d6d1ed41"),
    (3, 8, 437, "18f0ac61f8cd5a4c"),
    (5, 9, 721, "09af8975d9b5fd38"),
    (5, 10, 930, "e441bb16698b4d4b"),
];
