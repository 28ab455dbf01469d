//! Stored games (docs/versioning.md, "A promise to stored games"): mid-game states a release
//! wrote, checked in with the answers it gave to every read-only RPC and to an Apply, must be
//! read and answered byte for byte by every later release that plays their rules version. The
//! fixtures in `tests/fixtures/stored/` were written by the release before the change that added
//! them; a change that alters any answer fails here and needs the versioning process.
//!
//! The states and answers are read from the fixtures themselves, for every game served;
//! `REFEREE_WRITE_STORED=<game> cargo test --test games stored` adds the stored games a game lacks
//! (a new game, a new rules version), and never rewrites one: a stored answer is changed only by
//! the versioning process, never to make a failing change pass.

use std::collections::BTreeMap;
use std::path::PathBuf;

use prost::Message;
use referee::core::GameRng;
use referee::games::RulesVersion;
use referee::pb::v1;
use referee::pb::v1::referee_service_server::RefereeService;
use referee::service::metrics::Metrics;
use referee::service::wire::Wire;
use referee::service::Referee;

use crate::common::hash::fnv1a_hex;

/// Actions played from setup before the state is stored.
const STEPS: usize = 60;

/// The player count of a stored game, if its variant seats it (else its nearest).
const PLAYERS: u8 = 4;

/// The games a writer stores for game `G`, named `<game>-<rules version's number>-<variant>-<n>p`:
/// its default variant under every rules version it plays, and every variant under the newest.
/// Each name is the request that set it up.
fn setups<G: Wire>() -> Vec<(String, v1::NewGameRequest)> {
    let variants = G::variants();
    let newest = G::Rules::newest();
    let mut out = Vec::new();
    for &rules in G::Rules::VERSIONS {
        for variant in &variants {
            if rules != newest && variant.name != variants[0].name {
                continue;
            }
            let players = PLAYERS.clamp(*variant.players.start(), *variant.players.end());
            let number = rules.name().rsplit('/').next().unwrap_or_default();
            let name = format!("{}-{number}-{}-{players}p", G::ID, variant.name);
            let setup = v1::NewGameRequest {
                game: G::ID.to_owned(),
                players: players.into(),
                seed: Some(7),
                rules_version: Some(rules.name().to_owned()),
                options: Some(G::options_to_proto(&variant.options)),
                ..Default::default()
            };
            out.push((name, setup));
        }
    }
    out
}

fn dir() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/stored"
    ))
}

/// Plays `STEPS` seeded random legal actions from the setup, through the service, stopping short
/// of the end in a game shorter than that (a stored game has an action to apply).
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
                state: Some(state.clone()),
                action: Some(action),
            }))
            .await
            .unwrap()
            .into_inner();
        let Some(v1::apply_response::Outcome::Applied(applied)) = applied.outcome else {
            panic!("a listed action is refused");
        };
        if applied.status.as_ref().is_some_and(|s| s.finished) {
            break;
        }
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

/// The stored games' answers, by name, as `answers.json` keeps them.
fn manifest() -> BTreeMap<String, BTreeMap<String, String>> {
    serde_json::from_slice(&std::fs::read(dir().join("answers.json")).expect("the stored answers"))
        .unwrap()
}

/// Every stored state is read and answered as the release that wrote it answered it.
#[test]
fn stored_games_are_answered_byte_for_byte() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let referee = Referee::new(Metrics::new(&[]));
    let expected = manifest();
    for (name, answered) in &expected {
        let path = dir().join(format!("{name}.bin"));
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let state = v1::GameState::decode(bytes.as_slice()).unwrap();
        let got = runtime.block_on(answers(&referee, &state));
        assert_eq!(&got, answered, "{name}: answered otherwise");
    }
}

/// Every rules version of every game served has a stored game, so a later release that answers
/// it otherwise is caught. A new game's or version's are written, never rewritten, by
/// `REFEREE_WRITE_STORED=<game> cargo test --test games stored`, on the release that adds it.
#[test]
fn every_rules_version_of_every_game_is_stored() {
    let missing: Vec<String> = referee::each_game!(unstored()).concat();
    assert!(
        missing.is_empty(),
        "rules versions with no stored game in tests/fixtures/stored (write them with \
         REFEREE_WRITE_STORED=<game>): {missing:?}"
    );
}

/// The rules versions of `G` that no stored game plays; first, when the writer names `G`, the
/// stored games it lacks are written and their answers added.
pub fn unstored<G: Wire>() -> Vec<String> {
    let mut stored = manifest();
    if std::env::var("REFEREE_WRITE_STORED").is_ok_and(|game| game == G::ID) {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let referee = Referee::new(Metrics::new(&[]));
        for (name, setup) in setups::<G>() {
            if stored.contains_key(&name) {
                continue;
            }
            let state = runtime.block_on(play(&referee, setup));
            let got = runtime.block_on(answers(&referee, &state));
            assert!(
                got.len() == 5,
                "{name}: a stored game has an action to apply"
            );
            std::fs::write(dir().join(format!("{name}.bin")), state.encode_to_vec()).unwrap();
            stored.insert(name, got);
        }
        let text = serde_json::to_string_pretty(&stored).unwrap();
        std::fs::write(dir().join("answers.json"), text + "\n").unwrap();
    }
    G::Rules::VERSIONS
        .iter()
        .filter(|rules| {
            let number = rules.name().rsplit('/').next().unwrap_or_default();
            let prefix = format!("{}-{number}-", G::ID);
            !stored.keys().any(|name| name.starts_with(&prefix))
        })
        .map(|rules| rules.name().to_owned())
        .collect()
}
