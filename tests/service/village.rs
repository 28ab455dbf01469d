//! Village over gRPC, end to end: ListGames reports the component set, complete games through
//! every RPC, Replay, views, violations, malformed requests, expansions refused, a state of
//! another component set refused, and a server refusing to start on an invalid set.

use clap::Parser;
use referee::config::Config;
use referee::pb::v1::{
    self, apply_response::Outcome, referee_service_client::RefereeServiceClient,
};
use tonic::transport::Channel;
use tonic::Code;
use tonic_types::StatusExt;

use crate::calls::Calls;
use crate::grpc::{client, fields_of, start, Server};
use crate::play::{play, replay_of, Hooks};

const OTHER_SET: &str = "tests/fixtures/village/other-components.toml";

/// A server with `config` and a client of it (the server stops when the first is dropped).
async fn serve(config: Config) -> (Server, RefereeServiceClient<Channel>) {
    let server = start(config).await;
    let c = client(&server).await;
    (server, c)
}

pub(super) fn config(extra: &[&str]) -> Config {
    let mut args = vec![
        "referee",
        "--listen",
        "127.0.0.1:0",
        "--metrics-listen",
        "127.0.0.1:0",
    ];
    args.extend_from_slice(extra);
    Config::parse_from(args)
}

fn village(players: u32, seed: u64, options: v1::VillageOptions) -> v1::NewGameRequest {
    v1::NewGameRequest {
        fair_shuffle: false,
        game: "village".into(),
        players,
        seed: Some(seed),
        start_seat: None,
        rules_version: None,
        options: Some(v1::new_game_request::Options::Village(options)),
    }
}

fn village_action(action: v1::village_action::Action, seat: u32) -> v1::Action {
    v1::Action {
        seat: Some(seat),
        expected_sequence: None,
        game: Some(v1::action::Game::Village(v1::VillageAction {
            action: Some(action),
        })),
    }
}

fn reason(status: &tonic::Status) -> String {
    status.get_details_error_info().unwrap().reason
}

async fn violation(
    c: &mut RefereeServiceClient<Channel>,
    state: &v1::GameState,
    action: v1::Action,
) -> String {
    let validated = c.validate_on(state, &action).await;
    let applied = c.apply_on(state, &action).await;
    match applied.outcome.unwrap() {
        Outcome::Violation(v) => {
            assert!(!v.message.is_empty());
            assert_eq!(validated.violation.unwrap().code, v.code);
            v.code
        }
        Outcome::Applied(_) => panic!("applied"),
    }
}

/// Village in the end-to-end loop: one seat decides at a time; a finished game has a winner
/// and two tie-breakers; a seat's view hides the customer pile and what the other seats hold
/// face down.
const VILLAGE: Hooks = Hooks {
    // Prefer acting over passing, so games see every kind of action.
    pick: |step, n| (step * 7 + 3) % n,
    status: |status| assert_eq!(status.to_act.len(), 1, "one seat decides"),
    result: |result| {
        assert!(result.seats.iter().any(|s| s.winner));
        for seat in &result.seats {
            assert_eq!(seat.tie_breakers.len(), 2, "customers, then living members");
        }
    },
    view: |view, viewer| {
        let Some(v1::game_view::Game::Village(v)) = &view.game else {
            panic!("not a Village view");
        };
        assert!(
            v.market.as_ref().unwrap().pile.is_empty(),
            "the pile is hidden"
        );
        for (i, s) in v.seats.iter().enumerate() {
            if i as u32 != viewer {
                assert!(s.customers.is_empty(), "others' customers are hidden");
                assert!(
                    s.goals.iter().all(|g| g.revealed),
                    "others' goals are hidden"
                );
                assert!(s.goals.len() + s.hidden_goals as usize <= 2);
                assert!(s.chests.is_empty(), "others' chests are face down");
                let holds = s.ship.iter().flat_map(|ship| &ship.holds);
                assert!(
                    holds.into_iter().all(|c| c.chest == 0),
                    "chest values hidden"
                );
            } else {
                assert_eq!(s.hidden_goals, 0, "a seat sees its own goals");
            }
            assert!(
                s.members.iter().all(|&m| m >= 1000),
                "every member has a place"
            );
        }
    },
    every_action_announced: true,
};

#[tokio::test]
async fn village_is_listed_with_its_component_set() {
    let (_stop, mut c) = serve(config(&[])).await;
    let games = c
        .list_games(v1::ListGamesRequest {})
        .await
        .unwrap()
        .into_inner()
        .games;
    let v = games.iter().find(|g| g.game == "village").unwrap();
    assert_eq!((v.min_players, v.max_players), (2, 5));
    assert_eq!(v.rules_version, "village/3");
    assert_eq!(
        v.supported_rules_versions,
        ["village/1", "village/2", "village/3"]
    );
    assert_eq!(v.component_set, "village-provisional-1");
    assert!(v.provisional);
    assert_eq!(v.component_set_hash.len(), 64);
    let Some(v1::game_info::Components::Village(set)) = &v.components else {
        panic!("no component set");
    };
    let parsed = referee::games::village::components::Components::parse(&set.toml).unwrap();
    assert_eq!(
        parsed.hash(),
        v.component_set_hash,
        "the TOML is the set in use"
    );
    assert_eq!(set.sha256, v.component_set_hash);
}

#[tokio::test]
async fn complete_games_through_every_rpc_and_replay_reproduces_them() {
    let (_stop, mut c) = serve(config(&[])).await;
    for (players, seed, no_starting_compensation, life_goals, port) in [
        (2, 1, false, false, false),
        (4, 2, false, true, false),
        (5, 3, true, false, true),
        (3, 4, true, true, true),
    ] {
        let options = v1::VillageOptions {
            no_starting_compensation,
            life_goals,
            port,
            ..Default::default()
        };
        let setup = village(players, seed, options);
        if life_goals {
            // A goal met by nobody at the start: refused, with the code and the same answer from
            // Validate and Apply.
            let state = c
                .new_game(setup.clone())
                .await
                .unwrap()
                .into_inner()
                .state
                .unwrap();
            let reveal = v1::village_action::Action::RevealGoal(v1::VillageRevealGoal {
                goal: v1::VillageGoal::Merchant as i32,
            });
            let to_act = c.legal_on(&state).await.status.unwrap().to_act[0];
            assert_eq!(
                violation(&mut c, &state, village_action(reveal, to_act)).await,
                "NOT_OPEN"
            );
        }
        let (state, log) = play(&mut c, setup.clone(), &VILLAGE).await;
        let replayed = replay_of(&mut c, setup, log).await;
        assert_eq!(replayed.violation, None);
        assert_eq!(replayed.state.unwrap(), state);
    }
}

#[tokio::test]
async fn violations_and_the_wrong_game() {
    let (_stop, mut c) = serve(config(&[])).await;
    let options = v1::VillageOptions {
        no_starting_compensation: true,
        ..Default::default()
    };
    let state = c
        .new_game(village(3, 9, options))
        .await
        .unwrap()
        .into_inner()
        .state
        .unwrap();
    use v1::village_action::Action as A;
    let harvest = || A::Harvest(v1::VillageHarvest {});
    let well = || {
        A::UseWell(v1::VillageUseWell {
            colour: v1::VillageColour::Green as i32,
        })
    };
    assert_eq!(
        violation(&mut c, &state, village_action(harvest(), 1)).await,
        "NOT_YOUR_TURN"
    );
    assert_eq!(
        violation(&mut c, &state, village_action(harvest(), 0)).await,
        "WRONG_DECISION"
    );
    assert_eq!(
        violation(&mut c, &state, village_action(well(), 0)).await,
        "CANNOT_PAY"
    );
    // A space with no plague cube on it, if any.
    let legal = c.legal_on(&state).await.actions;
    let plague_on = |space: i32| {
        legal.iter().any(|a| {
            matches!(&a.game, Some(v1::action::Game::Village(v1::VillageAction { action: Some(A::TakeCube(t)) }))
                if t.space == space && t.cube == v1::VillageCube::Plague as i32)
        })
    };
    let space = (1..=7).find(|&s| !plague_on(s)).unwrap();
    let take_plague = A::TakeCube(v1::VillageTakeCube {
        space,
        cube: v1::VillageCube::Plague as i32,
    });
    assert_eq!(
        violation(&mut c, &state, village_action(take_plague, 0)).await,
        "NOTHING_THERE"
    );

    // A Port Royal action on a Village state, and a Village action on a Port Royal state.
    let port_royal_draw = v1::Action {
        seat: Some(0),
        expected_sequence: None,
        game: Some(v1::action::Game::PortRoyal(v1::PortRoyalAction {
            kind: Some(v1::port_royal_action::Kind::Draw(
                v1::port_royal_action::Draw {},
            )),
        })),
    };
    assert_eq!(
        violation(&mut c, &state, port_royal_draw).await,
        "WRONG_GAME"
    );
    let pr = c
        .new_game(v1::NewGameRequest {
            game: "port-royal".into(),
            players: 3,
            seed: Some(1),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner()
        .state
        .unwrap();
    assert_eq!(
        violation(&mut c, &pr, village_action(harvest(), 0)).await,
        "WRONG_GAME"
    );

    // A member with presence left out is malformed, named by its path.
    let recall = village_action(A::Recall(v1::VillageRecall { member: None }), 0);
    let err = c
        .apply(v1::ApplyRequest {
            state: Some(state.clone()),
            action: Some(recall),
        })
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::InvalidArgument);
    assert_eq!(
        fields_of("ApplyRequest", &err),
        ["action.village.recall.member"]
    );

    // An action whose fields contradict each other is refused on the field that should be unset,
    // never read as one of its parts.
    let payment = v1::VillageCubePayment::default();
    for (action, field) in [
        (
            A::Church(v1::VillageChurch {
                member: Some(0),
                time: true,
                brown: Some(payment),
            }),
            "action.village.church.brown",
        ),
        (
            A::EnterCouncil(v1::VillageEnterCouncil {
                member: Some(0),
                scroll: true,
                green: Some(payment),
            }),
            "action.village.enter_council.green",
        ),
        (
            A::UsePrivilege(v1::VillageUsePrivilege {
                privilege: v1::VillagePrivilege::Marker as i32,
                colours: vec![v1::VillageColour::Green as i32],
                good: 0,
            }),
            "action.village.use_privilege.colours",
        ),
    ] {
        let err = c
            .validate(v1::ValidateRequest {
                state: Some(state.clone()),
                action: Some(village_action(action, 0)),
            })
            .await
            .unwrap_err();
        assert_eq!(err.code(), Code::InvalidArgument);
        assert_eq!(fields_of("ValidateRequest", &err), [field]);
    }
}

#[tokio::test]
async fn unsupported_expansions_are_refused_by_name() {
    let (_stop, mut c) = serve(config(&[])).await;
    for (options, field) in [
        (
            v1::VillageOptions {
                inn: true,
                ..Default::default()
            },
            "village.inn",
        ),
        (
            v1::VillageOptions {
                marriage: true,
                ..Default::default()
            },
            "village.marriage",
        ),
    ] {
        let err = c.new_game(village(3, 1, options)).await.unwrap_err();
        assert_eq!(err.code(), Code::InvalidArgument);
        assert_eq!(fields_of("NewGameRequest", &err), [field]);
        assert_eq!(reason(&err), "UNSUPPORTED_EXPANSION");
    }
    let err = c
        .new_game(village(6, 1, v1::VillageOptions::default()))
        .await
        .unwrap_err();
    assert_eq!(fields_of("NewGameRequest", &err), ["players"]);
}

/// A referee given the operator's set plays new games on it and still answers states of the
/// embedded set (stored games are not stranded); a referee that does not serve a state's set
/// refuses it, naming the sets it serves.
#[tokio::test]
async fn every_component_set_given_is_served_and_new_games_use_the_first() {
    let (_stop_a, mut provisional) = serve(config(&[])).await;
    let (_stop_b, mut other) = serve(config(&["--village-components", OTHER_SET])).await;
    let new_game = |c: &mut RefereeServiceClient<Channel>| {
        let mut c = c.clone();
        async move {
            c.new_game(village(3, 4, v1::VillageOptions::default()))
                .await
                .unwrap()
                .into_inner()
                .state
                .unwrap()
        }
    };
    let legal = |c: &mut RefereeServiceClient<Channel>, state: &v1::GameState| {
        let (mut c, state) = (c.clone(), state.clone());
        async move {
            c.legal_actions(v1::LegalActionsRequest {
                state: Some(state),
                seat: None,
            })
            .await
        }
    };
    let stored = new_game(&mut provisional).await;
    let mine = new_game(&mut other).await;
    // The operator's referee answers the stored game exactly as the embedded set's referee does.
    let here = legal(&mut other, &stored).await.unwrap().into_inner();
    let there = legal(&mut provisional, &stored).await.unwrap().into_inner();
    assert_eq!(here, there);
    // Its own games are of its set, which ListGames names first, the embedded one after.
    let games = other
        .list_games(v1::ListGamesRequest {})
        .await
        .unwrap()
        .into_inner()
        .games;
    let v = games.iter().find(|g| g.game == "village").unwrap();
    assert_eq!(v.component_set, "test-other-1");
    let served: Vec<&str> = v
        .village_component_sets
        .iter()
        .map(|s| s.name.as_str())
        .collect();
    assert_eq!(served, ["test-other-1", "village-provisional-1"]);
    for s in &v.village_component_sets {
        // Each set served comes as messages too, the values of its own file.
        let parsed = referee::games::village::components::Components::parse(&s.toml).unwrap();
        let values = referee::games::village::components::message::components_to_proto(&parsed).set;
        assert_eq!((s.set.is_some(), &s.set), (true, &values), "{}", s.name);
    }
    let Some(v1::game_state::Game::Village(s)) = &mine.game else {
        panic!("a Village state");
    };
    assert_eq!(s.component_set, "test-other-1");
    assert_eq!(s.component_hash, v.component_set_hash);
    // The embedded set's referee was not given the operator's set: it refuses that state.
    let err = legal(&mut provisional, &mine).await.unwrap_err();
    assert_eq!(err.code(), Code::InvalidArgument);
    assert_eq!(reason(&err), "COMPONENT_SET_MISMATCH");
    assert_eq!(
        fields_of("LegalActionsRequest", &err),
        ["state.village.component_hash"]
    );
    assert!(
        err.message()
            .contains("it serves \"village-provisional-1\""),
        "{}",
        err.message()
    );
}

/// `--village-components` takes several files, repeated or comma-separated; the embedded set is
/// served after them, a set given twice once, and `--check-config` names each with its use.
#[test]
fn several_component_files_are_loaded_in_order() {
    let listed = format!("{OTHER_SET},{OTHER_SET}");
    let config = Config::try_parse_from(["referee", "--village-components", &listed]).unwrap();
    assert_eq!(config.village_components.len(), 2);
    let contexts = referee::service::contexts::load(&config).unwrap();
    let names: Vec<&str> = contexts
        .village
        .sets()
        .iter()
        .map(|s| s.name.as_str())
        .collect();
    assert_eq!(names, ["test-other-1", "village-provisional-1"]);
    let summary = referee::service::contexts::summary(&contexts);
    assert!(summary[0].contains("test-other-1") && summary[0].ends_with("for new games"));
    assert!(
        summary[1].contains("village-provisional-1") && summary[1].ends_with("for stored games")
    );
    let embedded = referee::service::contexts::load(&Config::parse_from(["referee"])).unwrap();
    assert_eq!(embedded.village.sets().len(), 1);
}

#[test]
fn the_server_refuses_to_start_on_an_invalid_component_set() {
    let dir = std::env::temp_dir().join(format!("village-set-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.toml");
    let text = std::fs::read_to_string(OTHER_SET)
        .unwrap()
        .replacen("spaces = 15", "spaces = 0", 1);
    std::fs::write(&bad, text).unwrap();
    for (path, words) in [
        (bad.to_str().unwrap(), "life_track.spaces"),
        ("/nonexistent.toml", "cannot read /nonexistent.toml"),
    ] {
        let config = Config::try_parse_from(["referee", "--village-components", path]).unwrap();
        let err = referee::service::contexts::load(&config).unwrap_err();
        assert!(err.contains(words), "{err}");
        // The binary refuses to start, saying why, before binding anything.
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_referee"))
            .args(["--check-config", "--village-components", path])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(words),
            "{out:?}"
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// V-R27 over gRPC: the status a `View` carries names only the viewer's own free actions (a
/// spectator's none), while `LegalActions`' status, the platform's, names every seat holding one.
#[tokio::test]
async fn a_view_shows_only_its_own_free_actions() {
    let (_stop, mut c) = serve(config(&[])).await;
    let options = v1::VillageOptions {
        life_goals: true,
        port: true,
        ..Default::default()
    };
    let mut seen = 0;
    for seed in 0..6 {
        let mut state = c
            .new_game(village(3, seed, options))
            .await
            .unwrap()
            .into_inner()
            .state
            .unwrap();
        for step in 0..2_000usize {
            let legal = c.legal_on(&state).await;
            let status = legal.status.unwrap();
            if status.finished {
                break;
            }
            if !status.free_to_act.is_empty() {
                seen += 1;
                for viewer in [None, Some(0), Some(1), Some(2)] {
                    let view = c.view_on(&state, viewer).await.view.unwrap();
                    let shown = view.status.unwrap();
                    let own: Vec<u32> = status
                        .free_to_act
                        .iter()
                        .copied()
                        .filter(|&s| Some(s) == viewer)
                        .collect();
                    assert_eq!(shown.free_to_act, own, "viewer {viewer:?}");
                    assert_eq!(shown.to_act, status.to_act);
                }
            }
            let action = legal.actions[step * 7 % legal.actions.len()].clone();
            match c.apply_on(&state, &action).await.outcome.unwrap() {
                Outcome::Applied(a) => state = a.state.unwrap(),
                Outcome::Violation(v) => panic!("listed action refused: {v:?}"),
            }
        }
    }
    assert!(seen > 0, "no seat held a free action");
}
