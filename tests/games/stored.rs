//! Stored games (docs/versioning.md, "A promise to stored games"): mid-game states a release
//! wrote, checked in with the answers it gave to every read-only RPC and to an Apply, must be
//! read and answered byte for byte by every later release that plays their rules version. The
//! fixtures in `tests/fixtures/stored/` were written by the release before the change that added
//! them; a change that alters any answer fails here and needs the versioning process.
//!
//! `REFEREE_WRITE_STORED=1 cargo test --test games stored` writes them anew: only ever on the
//! last release's code, never to make a failing change pass.

use std::collections::BTreeMap;
use std::path::PathBuf;

use prost::Message;
use referee::core::GameRng;
use referee::pb::v1;
use referee::pb::v1::referee_service_server::RefereeService;
use referee::service::metrics::Metrics;
use referee::service::Referee;

use crate::common::hash::fnv1a_hex;

/// Actions played from setup before the state is stored.
const STEPS: usize = 60;

/// One stored game: a name, its setup, and how many random legal actions led to it.
fn setups() -> Vec<(&'static str, v1::NewGameRequest)> {
    let port_royal = |rules: &str, options: v1::PortRoyalOptions, players| v1::NewGameRequest {
        game: "port-royal".to_owned(),
        players,
        seed: Some(7),
        rules_version: Some(rules.to_owned()),
        options: Some(v1::new_game_request::Options::PortRoyal(options)),
        ..Default::default()
    };
    let village = |options: v1::VillageOptions| v1::NewGameRequest {
        game: "village".to_owned(),
        players: 4,
        seed: Some(7),
        rules_version: Some("village/1".to_owned()),
        options: Some(v1::new_game_request::Options::Village(options)),
        ..Default::default()
    };
    let contracts = v1::PortRoyalOptions {
        contracts: true,
        ..Default::default()
    };
    vec![
        (
            "port-royal-2-base-4p",
            port_royal("port-royal/2", Default::default(), 4),
        ),
        (
            "port-royal-1-base-3p",
            port_royal("port-royal/1", Default::default(), 3),
        ),
        (
            "port-royal-2-contracts-4p",
            port_royal("port-royal/2", contracts, 4),
        ),
        (
            "port-royal-2-cooperative-3p",
            port_royal(
                "port-royal/2",
                v1::PortRoyalOptions {
                    mode: v1::PortRoyalMode::Cooperative as i32,
                    ..contracts
                },
                3,
            ),
        ),
        ("village-1-base-4p", village(Default::default())),
        (
            "village-1-port-and-goals-4p",
            village(v1::VillageOptions {
                port: true,
                life_goals: true,
                ..Default::default()
            }),
        ),
    ]
}

fn dir() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/stored"
    ))
}

/// Plays `STEPS` seeded random legal actions from the setup, through the service.
async fn play(referee: &Referee, setup: v1::NewGameRequest) -> v1::GameState {
    let new = referee.new_game(tonic::Request::new(setup)).await.unwrap();
    let mut state = new.into_inner().state.unwrap();
    let mut rng = GameRng::from_u64(0x5704ed);
    for _ in 0..STEPS {
        let legal = legal(referee, &state).await;
        if legal.actions.is_empty() {
            break;
        }
        let action = legal.actions[rng.below(legal.actions.len() as u32) as usize].clone();
        let applied = referee
            .apply(tonic::Request::new(v1::ApplyRequest {
                state: Some(state),
                action: Some(action),
            }))
            .await
            .unwrap()
            .into_inner();
        let Some(v1::apply_response::Outcome::Applied(applied)) = applied.outcome else {
            panic!("a listed action is refused");
        };
        state = applied.state.unwrap();
    }
    state
}

async fn legal(referee: &Referee, state: &v1::GameState) -> v1::LegalActionsResponse {
    let request = v1::LegalActionsRequest {
        state: Some(state.clone()),
        seat: None,
    };
    let response = referee.legal_actions(tonic::Request::new(request)).await;
    response.unwrap().into_inner()
}

/// Every answer the stored state gets, by RPC, as the FNV-1a of the response's bytes, in the
/// fields the release that wrote the fixtures had: a field added since (the API may add fields,
/// docs/versioning.md) is cleared first, and has tests of its own.
async fn answers(referee: &Referee, state: &v1::GameState) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let legal = legal(referee, state).await;
    let known = v1::LegalActionsResponse {
        // Added after the fixtures were written: each deciding seat's default action, and each
        // action's description.
        default_actions: Vec::new(),
        descriptions: Vec::new(),
        ..legal.clone()
    };
    out.insert("LegalActions".to_owned(), fnv1a_hex(&known.encode_to_vec()));
    let Some(first) = legal.actions.first().cloned() else {
        return out;
    };
    let state = Some(state.clone());
    let validate = v1::ValidateRequest {
        state: state.clone(),
        action: Some(first.clone()),
    };
    let validate = referee.validate(tonic::Request::new(validate)).await;
    out.insert(
        "Validate".to_owned(),
        fnv1a_hex(&validate.unwrap().into_inner().encode_to_vec()),
    );
    let apply = v1::ApplyRequest {
        state: state.clone(),
        action: Some(first),
    };
    let mut apply = referee
        .apply(tonic::Request::new(apply))
        .await
        .unwrap()
        .into_inner();
    if let Some(v1::apply_response::Outcome::Applied(applied)) = &mut apply.outcome {
        // Added after the fixtures were written: each event's description.
        for event in &mut applied.events {
            event.description.clear();
        }
    }
    out.insert("Apply".to_owned(), fnv1a_hex(&apply.encode_to_vec()));
    for (name, seat) in [("View seat 0", Some(0)), ("View spectator", None)] {
        let view = v1::ViewRequest {
            state: state.clone(),
            seat,
        };
        let view = referee.view(tonic::Request::new(view)).await;
        out.insert(
            name.to_owned(),
            fnv1a_hex(&view.unwrap().into_inner().encode_to_vec()),
        );
    }
    out
}

/// Every stored state is read and answered as the release that wrote it answered it.
#[test]
fn stored_games_are_answered_byte_for_byte() {
    let write = std::env::var_os("REFEREE_WRITE_STORED").is_some();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let referee = Referee::new(Metrics::new(&[]));
    let manifest = dir().join("answers.json");
    let mut expected: BTreeMap<String, BTreeMap<String, String>> = if write {
        BTreeMap::new()
    } else {
        serde_json::from_slice(&std::fs::read(&manifest).expect("the stored answers")).unwrap()
    };
    for (name, setup) in setups() {
        let path = dir().join(format!("{name}.bin"));
        let state = if write {
            let state = runtime.block_on(play(&referee, setup));
            std::fs::create_dir_all(dir()).unwrap();
            std::fs::write(&path, state.encode_to_vec()).unwrap();
            state
        } else {
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
            v1::GameState::decode(bytes.as_slice()).unwrap()
        };
        let got = runtime.block_on(answers(&referee, &state));
        assert!(
            got.len() == 5,
            "{name}: a stored game has an action to apply"
        );
        if write {
            expected.insert(name.to_owned(), got);
        } else {
            assert_eq!(Some(&got), expected.get(name), "{name}: answered otherwise");
        }
    }
    if write {
        let text = serde_json::to_string_pretty(&expected).unwrap();
        std::fs::write(&manifest, text + "\n").unwrap();
    } else {
        assert_eq!(
            expected.len(),
            setups().len(),
            "a stored game without a setup"
        );
    }
}
