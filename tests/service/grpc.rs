//! gRPC end to end over loopback: every RPC, health (overall and per service), reflection (v1
//! and v1alpha), the error model, limits and graceful shutdown.

use std::time::Duration;

use clap::Parser;
use prost::Message;
use referee::config::Config;
use referee::pb::v1::{
    self, apply_response::Outcome, game_state, new_game_request,
    referee_service_client::RefereeServiceClient,
};
use referee::service::wire::Wire;
use tonic::transport::Channel;
use tonic::{Code, Request, Status};
use tonic_types::StatusExt;

use crate::calls::Calls;
use crate::common::paths;
use crate::common::raw;
use crate::play::{play, replay_of, Hooks};
use raw::Raw;
use referee::games::Play;

pub(super) struct Server {
    pub(super) addr: String,
    pub(super) metrics: std::net::SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<Result<(), referee::service::transport::server::ServeError>>,
}

pub(super) async fn start(config: Config) -> Server {
    let listeners = referee::service::transport::server::Listeners::bind(&config)
        .await
        .unwrap();
    let addr = format!("http://{}", listeners.grpc.local_addr().unwrap());
    let metrics = listeners.metrics.local_addr().unwrap();
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        referee::service::serve(&config, listeners, async {
            let _ = rx.await;
        })
        .await
    });
    Server {
        addr,
        metrics,
        stop: Some(tx),
        task,
    }
}

/// Waits until the server holds `n` requests in flight (its gauge), however slow the machine;
/// fails after 30 s rather than hang.
pub(super) async fn in_flight_reaches(server: &Server, n: u32) {
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    let line = format!("\nreferee_in_flight_requests {n}\n");
    while !scrape(server.metrics).await.contains(&line) {
        assert!(std::time::Instant::now() < deadline, "never {n} in flight");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// `GET /metrics` over plain HTTP/1.1.
pub(super) async fn scrape(addr: std::net::SocketAddr) -> String {
    http_get(addr, "/metrics").await
}

/// A plain HTTP/1.1 GET on the metrics port: the status line, headers and body.
pub(super) async fn http_get(addr: std::net::SocketAddr, path: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    tcp.write_all(request.as_bytes()).await.unwrap();
    let mut out = String::new();
    tcp.read_to_string(&mut out).await.unwrap();
    out
}

async fn channel(server: &Server) -> Channel {
    for _ in 0..100 {
        if let Ok(c) = Channel::from_shared(server.addr.clone())
            .unwrap()
            .connect()
            .await
        {
            return c;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("server did not come up");
}

pub(super) async fn client(server: &Server) -> RefereeServiceClient<Channel> {
    RefereeServiceClient::new(channel(server).await)
}

/// A server with default limits, a client, and a new base game's state.
async fn started(
    players: u32,
    seed: u64,
) -> (Server, RefereeServiceClient<Channel>, v1::GameState) {
    let server = start(Config::for_tests()).await;
    let mut c = client(&server).await;
    let state = c
        .new_game(new_game(players, seed))
        .await
        .unwrap()
        .into_inner()
        .state
        .unwrap();
    (server, c, state)
}

fn new_game(players: u32, seed: u64) -> v1::NewGameRequest {
    new_game_with(players, seed, v1::PortRoyalOptions::default())
}

fn new_game_with(players: u32, seed: u64, options: v1::PortRoyalOptions) -> v1::NewGameRequest {
    v1::NewGameRequest {
        fair_shuffle: false,
        game: "port-royal".into(),
        players,
        seed: Some(seed),
        start_seat: None,
        rules_version: None,
        options: Some(new_game_request::Options::PortRoyal(options)),
    }
}

fn competitive_contracts() -> v1::PortRoyalOptions {
    v1::PortRoyalOptions {
        contracts: true,
        ..Default::default()
    }
}

fn cooperative(difficulty: u32) -> v1::PortRoyalOptions {
    v1::PortRoyalOptions {
        contracts: true,
        mode: v1::PortRoyalMode::Cooperative as i32,
        difficulty,
        ..Default::default()
    }
}

fn field_violations(status: &Status) -> Vec<String> {
    status
        .get_details_bad_request()
        .map(|b| b.field_violations.into_iter().map(|f| f.field).collect())
        .unwrap_or_default()
}

/// The field paths of a refusal of `request` (a message name), each checked to be a field of it.
pub(super) fn fields_of(request: &str, status: &Status) -> Vec<String> {
    let fields = field_violations(status);
    for f in &fields {
        paths::resolve(request, f).unwrap();
    }
    fields
}

/// Port Royal in the end-to-end loop: a finished game breaks ties on coins (field 3 repeats the
/// first tie-breaker), and has a winner, or the team's outcome for every seat.
pub(super) const PORT_ROYAL: Hooks = Hooks {
    pick: |step, n| (step * 7) % n,
    status: |_| {},
    result: |result| {
        for seat in &result.seats {
            assert_eq!(seat.tie_breakers, [seat.tie_breaker]);
        }
        match &result.cooperative {
            None => assert!(result.seats.iter().any(|s| s.winner)),
            Some(team) => assert!(result.seats.iter().all(|s| s.winner == team.won)),
        }
    },
    view: |view, _| {
        assert!(
            matches!(view.game, Some(v1::game_view::Game::PortRoyal(_))),
            "a Port Royal view"
        );
    },
    every_action_announced: false,
};

/// Every variant of every game served (`referee::each_game!`), at its fewest players and at 3
/// (or its most), is played to its end over gRPC by the loop's generic checks, and Replay of its
/// log gives the same final state's bytes. A game's own checks are its tests' (`PORT_ROYAL`,
/// Village's hooks).
#[tokio::test]
async fn every_served_game_plays_to_its_end_and_replays() {
    fn setups<G: Wire>() -> Vec<v1::NewGameRequest> {
        let mut out = Vec::new();
        for variant in G::variants() {
            let (fewest, most) = (*variant.players.start(), *variant.players.end());
            for players in [fewest, 3.clamp(fewest, most)] {
                out.push(v1::NewGameRequest {
                    game: G::ID.to_owned(),
                    players: players.into(),
                    seed: Some(u64::from(players) + 40),
                    options: Some(G::options_to_proto(&variant.options)),
                    ..Default::default()
                });
            }
        }
        out
    }
    let server = start(Config::for_tests()).await;
    let mut c = client(&server).await;
    for setup in referee::each_game!(setups()).concat() {
        let (last, log) = play(&mut c, setup.clone(), &crate::play::ANY_GAME).await;
        let replay = replay_of(&mut c, setup.clone(), log).await;
        assert_eq!(replay.violation, None, "{setup:?}");
        assert_eq!(
            replay.state.unwrap().encode_to_vec(),
            last.encode_to_vec(),
            "{} {:?}: replay gives the same final state bytes",
            setup.game,
            setup.options
        );
    }
}

#[tokio::test]
async fn every_rpc_plays_complete_games_and_replay_reproduces_them() {
    let server = start(Config::for_tests()).await;
    let mut c = client(&server).await;

    let games = c
        .list_games(v1::ListGamesRequest {})
        .await
        .unwrap()
        .into_inner();
    let pr = games.games.iter().find(|g| g.game == "port-royal").unwrap();
    assert_eq!((pr.min_players, pr.max_players), (1, 5));
    assert_eq!(pr.rules_version, "port-royal/2");
    assert_eq!(
        pr.supported_rules_versions,
        vec!["port-royal/1", "port-royal/2"]
    );
    let requirement = |c: &v1::PortRoyalComponents, id: usize| c.contracts[id].requirement.clone();
    match &pr.components {
        Some(v1::game_info::Components::PortRoyal(comp)) => {
            assert_eq!(comp.cards.len(), 144);
            assert_eq!(comp.contracts.len(), 18);
            assert_eq!(
                requirement(comp, 2),
                "a Captain and a Vice Admiral in your display"
            );
        }
        other => panic!("no card table: {other:?}"),
    }

    let setups = [
        new_game(2, 13),
        new_game(5, 16),
        new_game_with(3, 17, competitive_contracts()),
        new_game_with(1, 18, cooperative(0)),
        new_game_with(4, 19, cooperative(2)),
    ];
    for setup in setups {
        let (last, log) = play(&mut c, setup.clone(), &PORT_ROYAL).await;
        if let Some(game_state::Game::PortRoyal(p)) = &last.game {
            if p.options.unwrap().mode == v1::PortRoyalMode::Cooperative as i32 {
                let outcome = p.contracts.as_ref().unwrap().outcome;
                assert_ne!(outcome, v1::PortRoyalCooperativeOutcome::Unspecified as i32);
            }
        }
        let replay = replay_of(&mut c, setup.clone(), log.clone()).await;
        assert_eq!(replay.violation, None);
        assert_eq!(replay.failed_index, None);
        assert_eq!(
            replay.state.unwrap().encode_to_vec(),
            last.encode_to_vec(),
            "replay gives the same final state bytes"
        );
        assert!(replay.status.unwrap().finished);

        // A log with a bad action stops there, with the state before it.
        let mut bad = log[..3].to_vec();
        bad.push(log[0].clone());
        let replay = replay_of(&mut c, setup.clone(), bad.clone()).await;
        assert_eq!(replay.failed_index, Some(3));
        assert_eq!(replay.violation.unwrap().code, "STALE_SEQUENCE");
        assert_eq!(replay.state.unwrap().sequence, 3);
        assert_eq!(replay.applied, 3);

        // stop_after: the actions after it are not read; a refusal before it still stops
        // there; past the log's end is a malformed request.
        let stopped = |stop_after| v1::ReplayRequest {
            stop_after: Some(stop_after),
            server_seed: Vec::new(),
            setup: Some(setup.clone()),
            actions: bad.clone(),
        };
        let replay = c.replay(stopped(2)).await.unwrap().into_inner();
        assert_eq!((replay.violation, replay.failed_index), (None, None));
        assert_eq!(replay.applied, 2);
        assert_eq!(replay.state.unwrap().sequence, 2);
        let replay = c.replay(stopped(4)).await.unwrap().into_inner();
        assert_eq!((replay.failed_index, replay.applied), (Some(3), 3));
        let err = c.replay(stopped(5)).await.unwrap_err();
        assert_eq!(field_violations(&err), vec!["stop_after"]);
    }
}

#[tokio::test]
async fn violations_are_answers_with_stable_codes() {
    let (_server, mut c, state) = started(3, 5).await;
    let draw = |seat: u32, expected: Option<u64>| v1::Action {
        seat: Some(seat),
        expected_sequence: expected,
        game: Some(v1::action::Game::PortRoyal(v1::PortRoyalAction {
            kind: Some(v1::port_royal_action::Kind::Draw(
                v1::port_royal_action::Draw {},
            )),
        })),
    };
    let stop = v1::Action {
        seat: Some(0),
        expected_sequence: None,
        game: Some(v1::action::Game::PortRoyal(v1::PortRoyalAction {
            kind: Some(v1::port_royal_action::Kind::Stop(
                v1::port_royal_action::Stop {},
            )),
        })),
    };
    let empty = v1::Action {
        seat: Some(0),
        expected_sequence: None,
        game: None,
    };
    for (action, code) in [
        (draw(1, None), "NOT_YOUR_TURN"),
        (draw(9, None), "NO_SUCH_SEAT"),
        (draw(0, Some(4)), "STALE_SEQUENCE"),
        (stop, "MUST_DRAW_FIRST"),
        (empty, "MISSING_ACTION"),
    ] {
        let applied = c.apply_on(&state, &action).await;
        match applied.outcome.unwrap() {
            Outcome::Violation(v) => {
                assert_eq!(v.code, code);
                assert!(!v.message.is_empty());
            }
            Outcome::Applied(_) => panic!("{action:?} applied"),
        }
        let validated = c.validate_on(&state, &action).await;
        assert_eq!(validated.violation.unwrap().code, code);
    }
}

#[tokio::test]
async fn views_hide_coins_and_piles() {
    let (_server, mut c, state) = started(4, 8).await;
    for seat in [None, Some(0), Some(3)] {
        let view = c.view_on(&state, seat).await.view.unwrap();
        assert_eq!(view.viewer, seat);
        let Some(v1::game_view::Game::PortRoyal(pr)) = view.game else {
            panic!("no view")
        };
        assert_eq!(pr.draw_pile_count, 119 - 12);
        assert!(pr.seats.iter().all(|s| s.coin_count == 3));
        // The encoded view carries no card id of any coin or pile card beyond counts.
        let bytes = pr.encode_to_vec();
        assert!(bytes.len() < 100, "a fresh view is small: {}", bytes.len());
    }
    let err = c
        .view(v1::ViewRequest {
            state: Some(state),
            seat: Some(4),
        })
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::InvalidArgument);
    assert_eq!(field_violations(&err), vec!["seat"]);
}

#[tokio::test]
async fn malformed_states_and_requests_are_invalid_argument_naming_the_field() {
    let (_server, mut c, state) = started(3, 5).await;
    let legal = |s: v1::GameState| v1::LegalActionsRequest {
        state: Some(s),
        seat: None,
    };

    let mut dup = state.clone();
    if let Some(game_state::Game::PortRoyal(p)) = &mut dup.game {
        let card = p.draw_pile[0];
        p.harbor.push(card);
    }
    let err = c.legal_actions(legal(dup)).await.unwrap_err();
    assert_eq!(err.code(), Code::InvalidArgument);
    // The card is twice in the state, and a harbor card before any draw is unreachable too.
    assert_eq!(
        fields_of("LegalActionsRequest", &err),
        vec![
            "state.port_royal.harbor[0]",
            "state.port_royal.turn.cards_drawn"
        ]
    );

    let mut missing = state.clone();
    if let Some(game_state::Game::PortRoyal(p)) = &mut missing.game {
        p.draw_pile.pop();
    }
    let err = c.legal_actions(legal(missing)).await.unwrap_err();
    assert_eq!(
        fields_of("LegalActionsRequest", &err),
        vec!["state.port_royal"]
    );

    let mut seat = state.clone();
    if let Some(game_state::Game::PortRoyal(p)) = &mut seat.game {
        p.turn.as_mut().unwrap().active_seat = 3;
    }
    let err = c.legal_actions(legal(seat)).await.unwrap_err();
    assert_eq!(
        fields_of("LegalActionsRequest", &err),
        vec!["state.port_royal.turn.active_seat"]
    );

    let mut version = state.clone();
    version.rules_version = "port-royal/0".into();
    let err = c.legal_actions(legal(version)).await.unwrap_err();
    assert_eq!(
        fields_of("LegalActionsRequest", &err),
        vec!["state.rules_version"]
    );

    // A view sent back as a state decodes to a state with a rules version and no game.
    let view = c.view_on(&state, None).await.view.unwrap();
    let as_state = v1::GameState::decode(view.encode_to_vec().as_slice()).unwrap();
    let err = c.legal_actions(legal(as_state)).await.unwrap_err();
    assert_eq!(err.code(), Code::InvalidArgument);
    assert_eq!(fields_of("LegalActionsRequest", &err), vec!["state"]);

    let err = c
        .legal_actions(v1::LegalActionsRequest {
            state: None,
            seat: None,
        })
        .await
        .unwrap_err();
    assert_eq!(fields_of("LegalActionsRequest", &err), vec!["state"]);

    let mut bad = new_game(3, 1);
    bad.game = "chess".into();
    let err = c.new_game(bad).await.unwrap_err();
    assert_eq!(fields_of("NewGameRequest", &err), vec!["game"]);
    let err = c.new_game(new_game(6, 1)).await.unwrap_err();
    assert_eq!(fields_of("NewGameRequest", &err), vec!["players"]);

    let coop_without_contracts = v1::PortRoyalOptions {
        mode: v1::PortRoyalMode::Cooperative as i32,
        ..Default::default()
    };
    let err = c
        .new_game(new_game_with(3, 1, coop_without_contracts))
        .await
        .unwrap_err();
    assert_eq!(fields_of("NewGameRequest", &err), vec!["port_royal.mode"]);
    let difficulty_in_competitive = v1::PortRoyalOptions {
        difficulty: 2,
        ..competitive_contracts()
    };
    let err = c
        .new_game(new_game_with(3, 1, difficulty_in_competitive))
        .await
        .unwrap_err();
    assert_eq!(
        fields_of("NewGameRequest", &err),
        vec!["port_royal.difficulty"]
    );
    let err = c
        .new_game(new_game_with(1, 1, competitive_contracts()))
        .await
        .unwrap_err();
    assert_eq!(fields_of("NewGameRequest", &err), vec!["players"]);
    let err = c
        .new_game(new_game_with(2, 1, cooperative(99)))
        .await
        .unwrap_err();
    assert_eq!(
        fields_of("NewGameRequest", &err),
        vec!["port_royal.difficulty"]
    );

    let mut unknown = new_game(3, 1);
    unknown.game = "chess".into();
    unknown.options = None;
    let err = c.new_game(unknown).await.unwrap_err();
    assert_eq!(fields_of("NewGameRequest", &err), vec!["game"]);
    assert_eq!(
        err.get_details_error_info().unwrap().reason,
        "UNSUPPORTED_GAME"
    );

    let mut replay_without_seed = new_game(3, 1);
    replay_without_seed.seed = None;
    let err = c
        .replay(v1::ReplayRequest {
            stop_after: None,
            server_seed: Vec::new(),
            setup: Some(replay_without_seed),
            actions: vec![],
        })
        .await
        .unwrap_err();
    assert_eq!(fields_of("ReplayRequest", &err), vec!["setup.seed"]);

    // An empty state is not mistaken for a view sent back.
    let err = c
        .legal_actions(legal(v1::GameState::default()))
        .await
        .unwrap_err();
    assert_eq!(fields_of("LegalActionsRequest", &err), vec!["state"]);
    assert!(err.message().contains("empty"), "{err:?}");
    assert!(!err.message().contains("View"), "{err:?}");

    // Paths of the other request fields, each resolved against its request message.
    let mut replay_bad_option = new_game_with(3, 1, cooperative(0));
    replay_bad_option.players = 9;
    let err = c
        .replay(v1::ReplayRequest {
            stop_after: None,
            server_seed: Vec::new(),
            setup: Some(new_game_with(
                3,
                1,
                v1::PortRoyalOptions {
                    mode: v1::PortRoyalMode::Cooperative as i32,
                    ..Default::default()
                },
            )),
            actions: vec![],
        })
        .await
        .unwrap_err();
    assert_eq!(
        fields_of("ReplayRequest", &err),
        vec!["setup.port_royal.mode"]
    );
    let err = c
        .replay(v1::ReplayRequest {
            stop_after: None,
            server_seed: Vec::new(),
            setup: Some(replay_bad_option),
            actions: vec![],
        })
        .await
        .unwrap_err();
    assert_eq!(fields_of("ReplayRequest", &err), vec!["setup.players"]);
    let mut bad_start = new_game(3, 1);
    bad_start.start_seat = Some(3);
    let err = c.new_game(bad_start).await.unwrap_err();
    assert_eq!(fields_of("NewGameRequest", &err), vec!["start_seat"]);
    let err = c
        .legal_actions(v1::LegalActionsRequest {
            state: Some(state.clone()),
            seat: Some(3),
        })
        .await
        .unwrap_err();
    assert_eq!(fields_of("LegalActionsRequest", &err), vec!["seat"]);
    let err = c
        .view(v1::ViewRequest {
            state: Some(state.clone()),
            seat: Some(7),
        })
        .await
        .unwrap_err();
    assert_eq!(fields_of("ViewRequest", &err), vec!["seat"]);
    let err = c
        .validate(v1::ValidateRequest {
            state: Some(state.clone()),
            action: None,
        })
        .await
        .unwrap_err();
    assert_eq!(fields_of("ValidateRequest", &err), vec!["action"]);
}

async fn raw_call(server: &Server, method: &'static str, body: Vec<u8>) -> Result<Vec<u8>, Status> {
    let mut grpc =
        tonic::client::Grpc::new(channel(server).await).max_encoding_message_size(64 * 1024 * 1024);
    grpc.ready().await.unwrap();
    let path = tonic::codegen::http::uri::PathAndQuery::from_static(method);
    grpc.unary(Request::new(body), path, Raw)
        .await
        .map(|r| r.into_inner())
}

#[tokio::test]
async fn undecodable_bytes_are_invalid_argument_and_oversized_is_resource_exhausted() {
    let server = start(Config::for_tests()).await;
    for garbage in [
        vec![0xff; 10],
        vec![0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f],
        vec![0x12],
    ] {
        let err = raw_call(&server, "/referee.v1.RefereeService/Apply", garbage)
            .await
            .unwrap_err();
        assert_eq!(err.code(), Code::InvalidArgument, "{err:?}");
    }
    let huge = {
        let s = v1::GameState {
            rules_version: "x".repeat(2 * 1024 * 1024),
            ..Default::default()
        };
        v1::ApplyRequest {
            state: Some(s),
            action: None,
        }
        .encode_to_vec()
    };
    let err = raw_call(&server, "/referee.v1.RefereeService/Apply", huge)
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::ResourceExhausted, "{err:?}");
    // Still healthy afterwards.
    let mut c = client(&server).await;
    c.list_games(v1::ListGamesRequest {}).await.unwrap();
    // Refused before any handler saw them, and counted.
    let text = scrape(server.metrics).await;
    for line in [
        r#"referee_requests_total{method="Apply",game="none",outcome="INVALID_ARGUMENT",protocol="grpc"} 3"#,
        r#"referee_requests_total{method="Apply",game="none",outcome="RESOURCE_EXHAUSTED",protocol="grpc"} 1"#,
    ] {
        assert!(text.contains(line), "missing {line} in\n{text}");
    }
}

/// docs/errors.md, "Framing": a unary request is exactly one length-prefixed message. A body
/// shorter than its prefix, no message, a compressed flag without an encoding, an unknown flag,
/// bytes after the message are INVALID_ARGUMENT; a prefix over the limit is RESOURCE_EXHAUSTED
/// (the body is not read); an encoding the server lacks is UNIMPLEMENTED, as gRPC specifies. Each
/// is counted and logged like a refusal a handler makes, and the server stays healthy.
#[tokio::test]
async fn framing_faults_are_refused_by_code_and_counted() {
    use raw::{framed, h2_call};
    let (server, mut c, state) = started(3, 2).await;
    let action = c.legal_on(&state).await.actions.remove(0);
    let message = v1::ApplyRequest {
        state: Some(state),
        action: Some(action),
    }
    .encode_to_vec();
    let len = message.len();
    let with_prefix = |flag: u8, announced: usize, bytes: &[u8]| {
        let mut out = vec![flag];
        out.extend((announced as u32).to_be_bytes());
        out.extend(bytes);
        out
    };
    let mut two = framed(&message);
    two.extend(framed(&message));
    let mut trailing = framed(&message);
    trailing.extend([1, 2, 3]);
    let apply = "/referee.v1.RefereeService/Apply";
    // Each case: its name, extra headers, the body as sent, the answer's code and words.
    type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], Vec<u8>, Code, &'a str);
    let cases: Vec<Case> = vec![
        ("no body", &[], vec![], Code::InvalidArgument, "no message"),
        (
            "3 bytes",
            &[],
            vec![0, 0, 0],
            Code::InvalidArgument,
            "holds 3 bytes, less than",
        ),
        (
            "short body",
            &[],
            with_prefix(0, len + 10, &message),
            Code::InvalidArgument,
            "cut short",
        ),
        (
            "prefix over the limit",
            &[],
            with_prefix(0, 2 << 20, &message[..10]),
            Code::ResourceExhausted,
            "over the server's limit",
        ),
        (
            "compressed without an encoding",
            &[],
            with_prefix(1, len, &message),
            Code::InvalidArgument,
            "names no grpc-encoding",
        ),
        (
            "compressed with identity",
            &[("grpc-encoding", "identity")],
            with_prefix(1, len, &message),
            Code::InvalidArgument,
            "names no grpc-encoding",
        ),
        (
            "flag 2",
            &[],
            with_prefix(2, len, &message),
            Code::InvalidArgument,
            "compression flag 2",
        ),
        (
            "garbage after",
            &[],
            trailing,
            Code::InvalidArgument,
            "3 bytes follow",
        ),
        (
            "two messages",
            &[],
            two,
            Code::InvalidArgument,
            "exactly one message",
        ),
        (
            "an encoding the server lacks",
            &[("grpc-encoding", "br")],
            with_prefix(1, len, &message),
            Code::Unimplemented,
            "",
        ),
    ];
    for (name, headers, body, code, words) in &cases {
        let answer = h2_call(&server.addr, apply, headers, body.clone()).await;
        assert_eq!(answer.code, *code, "{name}: {answer:?}");
        assert!(answer.message.contains(words), "{name}: {answer:?}");
    }
    // Not gRPC at all (nor Connect's JSON or proto, tests/service/web.rs): HTTP 415, as gRPC's
    // HTTP/2 protocol asks (tonic would read the body as a frame and answer INTERNAL).
    let json = h2_call(
        &server.addr,
        apply,
        &[("content-type", "text/plain")],
        b"{}".to_vec(),
    )
    .await;
    assert_eq!(
        (json.http, json.code),
        (415, Code::InvalidArgument),
        "{json:?}"
    );
    // The same framing is required of the health service; a well-framed request is answered.
    let health = "/grpc.health.v1.Health/Check";
    assert_eq!(
        h2_call(&server.addr, health, &[], vec![0, 0]).await.code,
        Code::InvalidArgument
    );
    assert_eq!(
        h2_call(&server.addr, health, &[], framed(&[])).await.code,
        Code::Ok
    );
    let answered = h2_call(&server.addr, apply, &[], framed(&message)).await;
    assert_eq!(answered.code, Code::Ok, "{answered:?}");
    assert_eq!(&answered.body[5..], {
        // The handler's answer to the message, as a generated client gets it.
        c.apply(v1::ApplyRequest::decode(&message[..]).unwrap())
            .await
            .unwrap()
            .into_inner()
            .encode_to_vec()
    });
    let text = scrape(server.metrics).await;
    for line in [
        r#"referee_requests_total{method="Apply",game="none",outcome="INVALID_ARGUMENT",protocol="grpc"} 9"#,
        r#"referee_requests_total{method="Apply",game="none",outcome="RESOURCE_EXHAUSTED",protocol="grpc"} 1"#,
        r#"referee_requests_total{method="Apply",game="none",outcome="UNIMPLEMENTED",protocol="grpc"} 1"#,
        r#"referee_requests_total{method="grpc.health.v1.Health/Check",game="none",outcome="INVALID_ARGUMENT",protocol="grpc"} 1"#,
        r#"referee_requests_total{method="Apply",game="port-royal",outcome="ok",protocol="grpc"} 2"#,
    ] {
        assert!(text.contains(line), "missing {line} in\n{text}");
    }
    assert!(!text.contains(r#"outcome="INTERNAL""#), "{text}");
}

/// The size limit is on the message: a message of exactly `--max-message-bytes` is read, one
/// byte more is refused on its prefix.
#[tokio::test]
async fn a_message_of_exactly_the_limit_is_read_and_one_byte_more_is_not() {
    let mut config = Config::for_tests();
    config.max_message_bytes = 1000;
    let server = start(config).await;
    // A health check padded with an unknown field (ignored when decoded) to `len` bytes (its
    // answer is small: the limit holds for answers too).
    let padded = |len: usize| {
        let mut m = vec![0x7a, 0x00, 0x00]; // field 15, length-delimited, a 2-byte varint length
        let payload = len - m.len();
        m[1] = 0x80 | (payload & 0x7f) as u8;
        m[2] = (payload >> 7) as u8;
        m.resize(len, b'a');
        raw::framed(&m)
    };
    let path = "/grpc.health.v1.Health/Check";
    let at = raw::h2_call(&server.addr, path, &[], padded(1000)).await;
    assert_eq!(at.code, Code::Ok, "{at:?}");
    let over = raw::h2_call(&server.addr, path, &[], padded(1001)).await;
    assert_eq!(over.code, Code::ResourceExhausted, "{over:?}");
}

#[tokio::test]
async fn health_and_reflection_are_served() {
    use tonic_health::pb::{
        health_check_response::ServingStatus, health_client::HealthClient, HealthCheckRequest,
    };
    let mut server = start(Config::for_tests()).await;
    let ch = channel(&server).await;
    let mut health = HealthClient::new(ch.clone());
    for service in ["", "referee.v1.RefereeService"] {
        let r = health
            .check(HealthCheckRequest {
                service: service.into(),
            })
            .await
            .unwrap()
            .into_inner();
        assert_eq!(r.status, ServingStatus::Serving as i32, "{service:?}");
    }

    {
        use tonic_reflection::pb::v1::{
            server_reflection_client::ServerReflectionClient,
            server_reflection_request::MessageRequest, server_reflection_response::MessageResponse,
            ServerReflectionRequest,
        };
        let mut r = ServerReflectionClient::new(ch.clone());
        let req = ServerReflectionRequest {
            host: String::new(),
            message_request: Some(MessageRequest::ListServices(String::new())),
        };
        // The request stream stays open, as grpcurl keeps it: the answer comes all the same
        // (the edge does not wait for the end of a bidirectional stream).
        let (tx, rx) = tokio::sync::mpsc::channel(1);
        tx.send(req).await.unwrap();
        let mut stream = r
            .server_reflection_info(tokio_stream::wrappers::ReceiverStream::new(rx))
            .await
            .unwrap()
            .into_inner();
        let resp = tokio::time::timeout(Duration::from_secs(30), stream.message())
            .await
            .expect("answered while the stream is open")
            .unwrap()
            .unwrap();
        drop(tx);
        let Some(MessageResponse::ListServicesResponse(list)) = resp.message_response else {
            panic!("no list")
        };
        let names: Vec<String> = list.service.into_iter().map(|s| s.name).collect();
        assert!(
            names.contains(&"referee.v1.RefereeService".to_string()),
            "{names:?}"
        );
        assert!(
            names.contains(&"grpc.health.v1.Health".to_string()),
            "{names:?}"
        );
    }
    {
        use tonic_reflection::pb::v1alpha::{
            server_reflection_client::ServerReflectionClient,
            server_reflection_request::MessageRequest, server_reflection_response::MessageResponse,
            ServerReflectionRequest,
        };
        let mut r = ServerReflectionClient::new(ch.clone());
        let req = ServerReflectionRequest {
            host: String::new(),
            message_request: Some(MessageRequest::FileContainingSymbol(
                "referee.v1.PortRoyalState".into(),
            )),
        };
        let mut stream = r
            .server_reflection_info(tokio_stream::iter([req]))
            .await
            .unwrap()
            .into_inner();
        let resp = stream.message().await.unwrap().unwrap();
        assert!(matches!(
            resp.message_response,
            Some(MessageResponse::FileDescriptorResponse(_))
        ));
    }

    // google.rpc's error details are described too, so reflection clients decode refusals.
    {
        use tonic_reflection::pb::v1::{
            server_reflection_client::ServerReflectionClient,
            server_reflection_request::MessageRequest, server_reflection_response::MessageResponse,
            ServerReflectionRequest,
        };
        let mut r = ServerReflectionClient::new(ch.clone());
        for symbol in [
            "google.rpc.BadRequest",
            "google.rpc.ErrorInfo",
            "google.rpc.Status",
        ] {
            let req = ServerReflectionRequest {
                host: String::new(),
                message_request: Some(MessageRequest::FileContainingSymbol(symbol.into())),
            };
            let mut stream = r
                .server_reflection_info(tokio_stream::iter([req]))
                .await
                .unwrap()
                .into_inner();
            let resp = stream.message().await.unwrap().unwrap();
            assert!(
                matches!(
                    resp.message_response,
                    Some(MessageResponse::FileDescriptorResponse(_))
                ),
                "{symbol}: {resp:?}"
            );
        }
    }

    // Shutdown: health turns NOT_SERVING for new checks on open connections, then the server
    // drains and exits cleanly.
    let mut watch = health
        .watch(HealthCheckRequest {
            service: String::new(),
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(
        watch.message().await.unwrap().unwrap().status,
        ServingStatus::Serving as i32
    );
    server.stop.take().unwrap().send(()).unwrap();
    let next = watch.message().await.unwrap().unwrap();
    assert_eq!(next.status, ServingStatus::NotServing as i32);
    let done = tokio::time::timeout(Duration::from_secs(10), server.task).await;
    assert!(
        matches!(done, Ok(Ok(Ok(())))),
        "server exits cleanly: {done:?}"
    );
}

/// An open Health/Watch stream does not hold up shutdown: it gets NOT_SERVING and ends, so the
/// drain waits only for real requests (the grace period here is ten minutes; the server stops at
/// once, or the test fails after 60 s instead of waiting it out).
#[tokio::test]
async fn health_watchers_get_not_serving_and_do_not_hold_shutdown() {
    use tonic_health::pb::{
        health_check_response::ServingStatus, health_client::HealthClient, HealthCheckRequest,
    };
    let mut config = Config::for_tests();
    config.shutdown_grace_ms = 600_000;
    let mut server = start(config).await;
    let mut health = HealthClient::new(channel(&server).await);
    let mut watches = Vec::new();
    for service in ["", "referee.v1.RefereeService"] {
        let mut watch = health
            .watch(HealthCheckRequest {
                service: service.into(),
            })
            .await
            .unwrap()
            .into_inner();
        let first = watch.message().await.unwrap().unwrap();
        assert_eq!(first.status, ServingStatus::Serving as i32);
        watches.push(watch);
    }
    server.stop.take().unwrap().send(()).unwrap();
    for watch in &mut watches {
        let last = watch.message().await.unwrap().unwrap();
        assert_eq!(last.status, ServingStatus::NotServing as i32);
        assert!(watch.message().await.unwrap().is_none(), "the stream ends");
    }
    let done = tokio::time::timeout(Duration::from_secs(60), server.task).await;
    assert!(
        matches!(done, Ok(Ok(Ok(())))),
        "the server stops without waiting out the grace period: {done:?}"
    );
}

#[tokio::test]
async fn a_stalled_client_holds_no_one_up_and_overload_is_refused_at_once() {
    let mut config = Config::for_tests();
    config.max_concurrent_requests = 1;
    config.request_timeout_ms = 3_000;
    let server = start(config).await;
    let mut c = client(&server).await;
    c.list_games(v1::ListGamesRequest {}).await.unwrap();

    // A client that opens a request and never sends its message holds the only permit.
    let mut grpc = tonic::client::Grpc::new(channel(&server).await);
    grpc.ready().await.unwrap();
    let stalled = tokio::spawn(async move {
        let path = tonic::codegen::http::uri::PathAndQuery::from_static(
            "/referee.v1.RefereeService/ListGames",
        );
        let started = std::time::Instant::now();
        let r = grpc
            .client_streaming(Request::new(tokio_stream::pending::<Vec<u8>>()), path, Raw)
            .await;
        (r.map(|_| ()), started.elapsed())
    });
    // Wait until the server holds it (the in-flight gauge), however slow the machine.
    in_flight_reaches(&server, 1).await;

    // Refused while the stalled request still holds the permit: not queued behind it.
    let err = c.list_games(v1::ListGamesRequest {}).await.unwrap_err();
    assert_eq!(err.code(), Code::ResourceExhausted, "{err:?}");
    assert!(!stalled.is_finished(), "refused at once, not queued");

    let (result, took) = stalled.await.unwrap();
    assert_eq!(result.unwrap_err().code(), Code::DeadlineExceeded);
    assert!(
        took >= Duration::from_secs(3) && took < Duration::from_secs(30),
        "the stalled request was cut off at the limit: {took:?}"
    );
    c.list_games(v1::ListGamesRequest {}).await.unwrap();
    // Both refusals came before any handler, and are counted all the same.
    let text = scrape(server.metrics).await;
    for line in [
        r#"referee_requests_total{method="ListGames",game="none",outcome="RESOURCE_EXHAUSTED",protocol="grpc"} 1"#,
        r#"referee_requests_total{method="ListGames",game="none",outcome="DEADLINE_EXCEEDED",protocol="grpc"} 1"#,
    ] {
        assert!(text.contains(line), "missing {line} in\n{text}");
    }
}

#[tokio::test]
async fn shutdown_lets_in_flight_requests_finish() {
    let mut server = start(Config::for_tests()).await;
    let mut grpc = tonic::client::Grpc::new(channel(&server).await);
    grpc.ready().await.unwrap();
    // A request whose message arrives after shutdown has begun.
    let (tx, rx) = tokio::sync::mpsc::channel::<Vec<u8>>(1);
    let in_flight = tokio::spawn(async move {
        let path = tonic::codegen::http::uri::PathAndQuery::from_static(
            "/referee.v1.RefereeService/ListGames",
        );
        grpc.client_streaming(
            Request::new(tokio_stream::wrappers::ReceiverStream::new(rx)),
            path,
            Raw,
        )
        .await
    });
    in_flight_reaches(&server, 1).await;
    let ready = http_get(server.metrics, "/readyz").await;
    assert!(ready.starts_with("HTTP/1.1 200"), "{ready}");
    server.stop.take().unwrap().send(()).unwrap();
    // The drain has begun once readiness says so (the plain-HTTP probe of deploy/README.md).
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while !http_get(server.metrics, "/readyz")
        .await
        .starts_with("HTTP/1.1 503")
    {
        assert!(
            std::time::Instant::now() < deadline,
            "readiness never turned 503"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    tx.send(v1::ListGamesRequest {}.encode_to_vec())
        .await
        .unwrap();
    drop(tx);
    let answer = in_flight
        .await
        .unwrap()
        .expect("the in-flight request is answered");
    let games = v1::ListGamesResponse::decode(answer.into_inner().as_slice()).unwrap();
    assert_eq!(games.games.len(), crate::common::games_served());
    let done = tokio::time::timeout(Duration::from_secs(10), server.task).await;
    assert!(
        matches!(done, Ok(Ok(Ok(())))),
        "server exits cleanly: {done:?}"
    );
}

/// The release binary itself: serves on the address given by REFEREE_LISTEN, and on SIGTERM
/// exits 0.
#[tokio::test]
async fn the_binary_serves_and_exits_zero_on_sigterm() {
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_referee"))
        .env("REFEREE_LISTEN", format!("127.0.0.1:{port}"))
        .env("REFEREE_METRICS_LISTEN", "127.0.0.1:0")
        .env("REFEREE_LOG_FORMAT", "json")
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let server = Server {
        addr: format!("http://127.0.0.1:{port}"),
        metrics: "127.0.0.1:9".parse().unwrap(),
        stop: None,
        task: tokio::spawn(async { Ok(()) }),
    };
    let mut c = client(&server).await;
    c.list_games(v1::ListGamesRequest {}).await.unwrap();
    c.new_game(new_game(9, 1)).await.unwrap_err();
    let pid = child.id().unwrap().to_string();
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = tokio::time::timeout(Duration::from_secs(15), child.wait())
        .await
        .expect("exits within the grace period")
        .unwrap();
    assert_eq!(status.code(), Some(0));
    let mut logs = String::new();
    use tokio::io::AsyncReadExt;
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut logs)
        .await
        .unwrap();
    let first = logs.lines().next().unwrap_or_default();
    let json: serde_json::Value = serde_json::from_str(first).expect("JSON log lines");
    assert_eq!(json["level"], "INFO");
    assert!(
        logs.contains("\"method\":\"ListGames\""),
        "one span per request: {logs}"
    );
    for line in logs.lines() {
        // serde_json keeps the last of two equal keys, so count them in the text: a strict
        // pipeline drops a line whose object repeats a key.
        assert!(
            line.matches("\"message\":").count() <= 1,
            "a key appears twice: {line}"
        );
        serde_json::from_str::<serde_json::Value>(line).expect("every line is JSON");
    }
    let refused = logs
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|j| j["fields"]["message"] == "refused")
        .expect("the refused request is logged");
    assert_eq!(refused["target"], "referee::rpc");
    assert_eq!(refused["fields"]["outcome"], "INVALID_ARGUMENT");
    assert!(refused["fields"]["duration_us"].is_u64(), "{refused}");
    assert!(refused["fields"]["error"]
        .as_str()
        .is_some_and(|e| e.contains("players")));
}

/// deploy/README.md, "Tamper evidence": the start-up log says whether a state key and a previous
/// key are configured (never the key), and with --require-state-key / REFEREE_REQUIRE_STATE_KEY a
/// server without a key refuses to start, saying why, before binding anything.
#[tokio::test]
async fn the_start_says_whether_tamper_evidence_is_on_and_can_require_it() {
    const KEY: &str = "a-state-key-of-at-least-32-bytes-0123456789";
    let run = |env: &[(&str, &str)], args: &[&str]| {
        let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_referee"));
        command
            .env("REFEREE_LISTEN", "127.0.0.1:0")
            .env("REFEREE_METRICS_LISTEN", "127.0.0.1:0")
            .env("REFEREE_LOG_FORMAT", "json")
            .env_remove("REFEREE_STATE_KEY")
            .env_remove("REFEREE_REQUIRE_STATE_KEY")
            .args(args)
            .envs(env.iter().copied());
        command.output()
    };
    // Required and missing: exit 2 with the reason, as a JSON log line.
    for (env, args) in [
        (vec![("REFEREE_REQUIRE_STATE_KEY", "true")], vec![]),
        (vec![], vec!["--require-state-key"]),
    ] {
        let out = run(&env, &args).await.unwrap();
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        let logs = String::from_utf8_lossy(&out.stderr);
        let line: serde_json::Value = serde_json::from_str(logs.lines().next().unwrap()).unwrap();
        assert_eq!(line["level"], "ERROR");
        let message = line["fields"]["message"].as_str().unwrap();
        assert!(message.contains("--require-state-key") && message.contains("no state key"));
    }
    // What the start-up log and --check-config report, with each combination of keys; the key
    // never appears.
    for (env, log, summary) in [
        (
            vec![],
            "\"state_key_configured\":false",
            "tamper evidence: off",
        ),
        (
            vec![
                ("REFEREE_STATE_KEY", KEY),
                ("REFEREE_REQUIRE_STATE_KEY", "1"),
            ],
            "\"state_key_configured\":true,\"previous_state_key_configured\":false",
            "tamper evidence: on (a state key)",
        ),
        (
            vec![
                ("REFEREE_STATE_KEY", KEY),
                (
                    "REFEREE_PREVIOUS_STATE_KEY",
                    "the-previous-key-of-32-bytes-or-more",
                ),
            ],
            "\"previous_state_key_configured\":true",
            "on (a state key and the previous one)",
        ),
    ] {
        let out = run(&env, &["--check-config"]).await.unwrap();
        assert!(out.status.success(), "{out:?}");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(stdout.starts_with("configuration ok\n") && stdout.contains(summary));
        assert!(!stdout.contains(KEY) && !stdout.contains("previous-key"));
        // A real start: the line comes before the listeners are bound (a port that is taken
        // makes the start fail right after it, so the test needs no server to stop).
        let held = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let taken = held.local_addr().unwrap().to_string();
        let mut env = env.clone();
        env.push(("REFEREE_LISTEN", &taken));
        let out = run(&env, &[]).await.unwrap();
        let logs = String::from_utf8_lossy(&out.stderr);
        let first: serde_json::Value = serde_json::from_str(logs.lines().next().unwrap()).unwrap();
        assert_eq!(first["level"], "INFO");
        assert!(first["fields"]["message"]
            .as_str()
            .unwrap()
            .starts_with("tamper evidence"));
        assert!(logs.lines().next().unwrap().contains(log), "{logs}");
        assert!(
            !logs.contains(KEY) && !logs.contains("previous-key"),
            "{logs}"
        );
    }
}

/// A listener that cannot be bound is named, with its address, and the process exits non-zero.
#[tokio::test]
async fn a_bind_failure_names_the_listener() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap();
    for (grpc, metrics, which) in [
        (addr.to_string(), "127.0.0.1:0".to_string(), "gRPC"),
        ("127.0.0.1:0".to_string(), addr.to_string(), "metrics"),
    ] {
        let out = tokio::process::Command::new(env!("CARGO_BIN_EXE_referee"))
            .env("REFEREE_LISTEN", &grpc)
            .env("REFEREE_METRICS_LISTEN", &metrics)
            .output()
            .await
            .unwrap();
        assert!(!out.status.success());
        let logs = String::from_utf8_lossy(&out.stderr);
        assert!(
            logs.contains(&format!("cannot bind the {which} listener to {addr}")),
            "{logs}"
        );
    }
}

#[tokio::test]
async fn metrics_count_requests_violations_and_latency_per_rpc_game_and_outcome() {
    let (server, mut c, state) = started(3, 5).await;
    let stop = v1::Action {
        seat: Some(0),
        expected_sequence: None,
        game: Some(v1::action::Game::PortRoyal(v1::PortRoyalAction {
            kind: Some(v1::port_royal_action::Kind::Stop(
                v1::port_royal_action::Stop {},
            )),
        })),
    };
    c.apply(v1::ApplyRequest {
        state: Some(state.clone()),
        action: Some(stop),
    })
    .await
    .unwrap();
    let mut bad = new_game(3, 5);
    bad.game = "no such game".repeat(50);
    c.new_game(bad).await.unwrap_err();
    let text = scrape(server.metrics).await;
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    for line in [
        r#"referee_requests_total{method="NewGame",game="port-royal",outcome="ok",protocol="grpc"} 1"#,
        r#"referee_requests_total{method="Apply",game="port-royal",outcome="MUST_DRAW_FIRST",protocol="grpc"} 1"#,
        r#"referee_requests_total{method="NewGame",game="none",outcome="INVALID_ARGUMENT",protocol="grpc"} 1"#,
        r#"referee_violations_total{game="port-royal",code="MUST_DRAW_FIRST"} 1"#,
        r#"referee_request_duration_seconds_count{method="Apply",game="port-royal",outcome="violation"} 1"#,
        r#"referee_request_duration_seconds_count{method="NewGame",game="none",outcome="INVALID_ARGUMENT"} 1"#,
        "# TYPE referee_in_flight_requests gauge",
        "\nreferee_in_flight_requests 0\n",
        r#"referee_build_info{version=""#,
        "\nreferee_state_key_configured 0\n",
        "# TYPE process_cpu_seconds counter",
        "process_resident_memory_bytes ",
        "process_open_fds ",
        "process_start_time_seconds ",
    ] {
        assert!(text.contains(line), "missing {line} in\n{text}");
    }
    // Every rules version of every game served, in ListGames order.
    let versions = referee::service::rpc::games::rules_versions().join(",");
    assert!(
        text.contains(&format!(r#"rules_versions="{versions}""#)),
        "{text}"
    );
    assert!(
        !text.contains(r#"referee_request_duration_seconds_count{method="Apply",game="port-royal",outcome="MUST_DRAW_FIRST"}"#),
        "violation codes are counted, not timed (one bucket series per code would multiply the series)"
    );
    assert!(
        !text.contains("no such game"),
        "client strings never become labels"
    );
}

/// docs/operations.md, "Limits": each list of a state has a maximum and a longer one is refused
/// whole, naming the list; messages nest at most 100 levels (unknown fields included); a replay
/// carries at most 20,000 actions; a refusal lists at most 20 field errors.
#[tokio::test]
async fn list_lengths_nesting_and_replay_length_are_limited() {
    let (server, mut c, state) = started(4, 3).await;
    let mut contracts = c
        .new_game(new_game_with(4, 3, competitive_contracts()))
        .await
        .unwrap()
        .into_inner()
        .state
        .unwrap();
    let Some(game_state::Game::PortRoyal(p)) = contracts.game.as_mut() else {
        unreachable!()
    };
    let base = p.clone();
    type Edit = fn(&mut v1::PortRoyalState, usize);
    let lists: [(&str, usize, Edit); 16] = [
        ("draw_pile", 144, |p, n| p.draw_pile = vec![1; n]),
        ("discard_pile", 144, |p, n| p.discard_pile = vec![1; n]),
        ("harbor", 144, |p, n| p.harbor = vec![1; n]),
        ("expedition_row", 144, |p, n| p.expedition_row = vec![1; n]),
        ("seats", 5, |p, n| p.seats = vec![Default::default(); n]),
        ("seats[1].coins", 144, |p, n| p.seats[1].coins = vec![1; n]),
        ("seats[2].display", 144, |p, n| {
            p.seats[2].display = vec![1; n]
        }),
        ("offers", 95, |p, n| p.offers = vec![Default::default(); n]),
        ("contracts.face_up", 18, |p, n| {
            p.contracts.as_mut().unwrap().face_up = vec![Default::default(); n]
        }),
        ("contracts.face_up[0].completers", 5, |p, n| {
            p.contracts.as_mut().unwrap().face_up[0].completers = vec![0; n]
        }),
        ("contracts.face_down", 18, |p, n| {
            p.contracts.as_mut().unwrap().face_down = vec![0; n]
        }),
        ("contracts.progress", 90, |p, n| {
            p.contracts.as_mut().unwrap().progress = vec![Default::default(); n]
        }),
        ("contracts.set_aside", 5, |p, n| {
            p.contracts.as_mut().unwrap().set_aside = vec![Default::default(); n]
        }),
        ("contracts.set_aside[0].ships", 144, |p, n| {
            let c = p.contracts.as_mut().unwrap();
            c.set_aside = vec![v1::PortRoyalSetAside { ships: vec![1; n] }];
        }),
        ("contracts.time_pile", 144, |p, n| {
            p.contracts.as_mut().unwrap().time_pile = vec![1; n]
        }),
        ("contracts.victory_pile", 144, |p, n| {
            p.contracts.as_mut().unwrap().victory_pile = vec![1; n]
        }),
    ];
    for (field, max, edit) in lists {
        // One over the limit, and as long as fits in the message size limit.
        for n in [max + 1, 400_000] {
            let mut p = base.clone();
            edit(&mut p, n);
            let gs = v1::GameState {
                game: Some(game_state::Game::PortRoyal(p)),
                ..contracts.clone()
            };
            let err = c
                .legal_actions(v1::LegalActionsRequest {
                    state: Some(gs),
                    seat: None,
                })
                .await
                .unwrap_err();
            assert_eq!(err.code(), Code::InvalidArgument, "{field}: {err:?}");
            let path = format!("state.port_royal.{field}");
            assert_eq!(field_violations(&err), vec![path], "{n} entries");
            assert!(err.message().contains(&format!("at most {max}")), "{err:?}");
        }
    }

    // A refusal names at most 20 fields: 144 duplicated cards in the harbor.
    let mut p = base.clone();
    p.harbor = p.draw_pile.clone();
    let err = c
        .legal_actions(v1::LegalActionsRequest {
            state: Some(v1::GameState {
                game: Some(game_state::Game::PortRoyal(p)),
                ..contracts.clone()
            }),
            seat: None,
        })
        .await
        .unwrap_err();
    assert_eq!(field_violations(&err).len(), 20);

    // Nesting: a valid request with an unknown group (field 99) nested 100 levels deep is
    // answered; 101 levels, or far more, are refused.
    let request = v1::LegalActionsRequest {
        state: Some(state.clone()),
        seat: None,
    }
    .encode_to_vec();
    for (depth, accepted) in [(99, true), (100, true), (101, false), (100_000, false)] {
        let mut body = request.clone();
        body.extend([0x9b, 0x06].repeat(depth)); // field 99, start group
        body.extend([0x9c, 0x06].repeat(depth)); // field 99, end group
        let answer = raw_call(&server, "/referee.v1.RefereeService/LegalActions", body).await;
        match answer {
            Ok(_) => assert!(accepted, "depth {depth} was accepted"),
            Err(e) => {
                assert!(!accepted, "depth {depth}: {e:?}");
                assert_eq!(e.code(), Code::InvalidArgument);
                assert!(e.message().contains("recursion limit"), "{e:?}");
            }
        }
    }

    // Replay: 20,000 actions are played (up to the first violation); 20,001 are refused.
    let draw = v1::Action {
        seat: Some(0),
        expected_sequence: None,
        game: Some(v1::action::Game::PortRoyal(v1::PortRoyalAction {
            kind: Some(v1::port_royal_action::Kind::Draw(Default::default())),
        })),
    };
    let replay = |n: usize| v1::ReplayRequest {
        stop_after: None,
        server_seed: Vec::new(),
        setup: Some(new_game(4, 3)),
        actions: vec![draw.clone(); n],
    };
    let answered = c.replay(replay(20_000)).await.unwrap().into_inner();
    assert!(answered.violation.is_some());
    let err = c.replay(replay(20_001)).await.unwrap_err();
    assert_eq!(field_violations(&err), vec!["actions"]);
}

fn keyed_config(key: &str, previous: Option<&str>) -> Config {
    let mut args = vec![
        "referee",
        "--listen",
        "127.0.0.1:0",
        "--metrics-listen",
        "127.0.0.1:0",
        "--state-key",
        key,
    ];
    if let Some(previous) = previous {
        args.extend(["--previous-state-key", previous]);
    }
    Config::try_parse_from(args).unwrap()
}

fn assert_tampered(err: &Status) {
    assert_eq!(err.code(), Code::InvalidArgument, "{err:?}");
    assert_eq!(field_violations(err), vec!["state.auth_tag"]);
    assert_eq!(
        err.get_details_error_info().unwrap().reason,
        "STATE_TAMPERED"
    );
}

/// Every state-taking RPC refuses `state` as tampered.
async fn refused_everywhere(c: &mut RefereeServiceClient<Channel>, state: &v1::GameState) {
    let action = v1::Action::default();
    let s = || Some(state.clone());
    let errors = [
        c.legal_actions(v1::LegalActionsRequest {
            state: s(),
            seat: None,
        })
        .await
        .unwrap_err(),
        c.validate(v1::ValidateRequest {
            state: s(),
            action: Some(action.clone()),
        })
        .await
        .unwrap_err(),
        c.apply(v1::ApplyRequest {
            state: s(),
            action: Some(action.clone()),
        })
        .await
        .unwrap_err(),
        c.view(v1::ViewRequest {
            state: s(),
            seat: None,
        })
        .await
        .unwrap_err(),
    ];
    errors.iter().for_each(assert_tampered);
}

/// docs/operations.md, "Tamper evidence": with a key, returned states carry a tag and states
/// with a missing, changed or foreign tag are refused; a rotation accepts the previous key;
/// without a key nothing changes.
#[tokio::test]
async fn with_a_state_key_changed_or_untagged_states_are_refused() {
    const OLD: &str = "0123456789abcdef0123456789abcdef-old";
    const NEW: &str = "0123456789abcdef0123456789abcdef-new";
    let keyed = start(keyed_config(OLD, None)).await;
    let mut c = client(&keyed).await;
    assert!(scrape(keyed.metrics)
        .await
        .contains("\nreferee_state_key_configured 1\n"));

    // A complete game and its replay: every state goes out tagged and comes back accepted.
    let setup = new_game_with(3, 21, competitive_contracts());
    let (last, log) = play(&mut c, setup.clone(), &PORT_ROYAL).await;
    assert_eq!(last.auth_tag.len(), 32);
    let replay = replay_of(&mut c, setup.clone(), log).await;
    assert_eq!(replay.state.unwrap(), last, "tags are deterministic");

    let state = c.new_game(setup).await.unwrap().into_inner().state.unwrap();
    let mut untagged = state.clone();
    untagged.auth_tag.clear();
    refused_everywhere(&mut c, &untagged).await;
    let mut flipped = state.clone();
    flipped.auth_tag[7] ^= 1;
    refused_everywhere(&mut c, &flipped).await;
    let mut resequenced = state.clone();
    resequenced.sequence += 1;
    refused_everywhere(&mut c, &resequenced).await;
    let mut richer = state.clone();
    if let Some(game_state::Game::PortRoyal(p)) = richer.game.as_mut() {
        let card = p.draw_pile.pop().unwrap();
        p.seats[0].coins.push(card);
    }
    refused_everywhere(&mut c, &richer).await;
    let metrics = scrape(keyed.metrics).await;
    assert!(
        metrics.contains(r#"method="Apply",game="none",outcome="STATE_TAMPERED""#),
        "tamper attempts have their own outcome label"
    );

    // The tag is over the decoded state: an unknown field added in transit changes nothing.
    let mut body = state.encode_to_vec();
    body.extend([0xf8, 0x06, 0x01]); // field 111, varint 1
    let mut request = vec![0x0a]; // LegalActionsRequest.state
    prost::encoding::encode_varint(body.len() as u64, &mut request);
    request.extend(body);
    raw_call(&keyed, "/referee.v1.RefereeService/LegalActions", request)
        .await
        .unwrap();

    // Another key refuses it; a rotated server accepts the previous key and tags with the new.
    let other = start(keyed_config(NEW, None)).await;
    refused_everywhere(&mut client(&other).await, &state).await;
    let rotated = start(keyed_config(NEW, Some(OLD))).await;
    let mut r = client(&rotated).await;
    let legal = r.legal_on(&state).await;
    let applied = r.apply_on(&state, &legal.actions[0]).await;
    let Some(Outcome::Applied(applied)) = applied.outcome else {
        panic!("not applied")
    };
    let retagged = applied.state.unwrap();
    refused_everywhere(&mut c, &retagged).await;
    client(&other)
        .await
        .view(v1::ViewRequest {
            state: Some(retagged),
            seat: None,
        })
        .await
        .unwrap();

    // Without a key: no tag goes out, and a tag coming in is ignored.
    let plain = start(Config::for_tests()).await;
    let mut p = client(&plain).await;
    let fresh = p
        .new_game(new_game(3, 21))
        .await
        .unwrap()
        .into_inner()
        .state
        .unwrap();
    assert!(fresh.auth_tag.is_empty());
    p.legal_actions(v1::LegalActionsRequest {
        state: Some(flipped),
        seat: None,
    })
    .await
    .unwrap();

    // Short keys, and a previous key alone, are configuration errors; the key is never printed.
    let parse = |args: &[&str]| Config::try_parse_from([&["referee"], args].concat());
    assert!(parse(&["--state-key", "too-short"]).is_err());
    assert!(parse(&["--previous-state-key", OLD]).is_err());
    assert!(!format!("{:?}", keyed_config(OLD, None)).contains("0123456789abcdef"));
}

/// Whether a failed call never left the client: hyper gave up a request it had queued for a
/// connection that was closing (a GOAWAY crossed it). RFC 9113 §8.7 makes such a request safe to
/// send again, and gRPC clients do so transparently; tonic does not, so the test does it.
fn never_sent(status: &Status) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = std::error::Error::source(status);
    while let Some(e) = source {
        if e.downcast_ref::<hyper::Error>()
            .is_some_and(|h| h.is_canceled())
        {
            return true;
        }
        source = e.source();
    }
    false
}

/// docs/operations.md, "Flags" (connection age): connections are rotated with a GOAWAY and no call
/// fails. Calls go through a counting TCP relay on 127.0.0.1 to see the new connections. A
/// request that races the GOAWAY inside the client is never sent at all; it is sent again, as
/// gRPC's transparent retry does (counted), and every call the server received is answered.
#[tokio::test]
async fn connection_age_rotates_connections_without_failing_a_call() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    let mut config = Config::for_tests();
    config.max_connection_age_ms = 200;
    let server = start(config).await;
    let upstream = server.addr.trim_start_matches("http://").to_owned();
    let relay = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let relay_addr = relay.local_addr().unwrap();
    let connections = Arc::new(AtomicUsize::new(0));
    let counted = connections.clone();
    tokio::spawn(async move {
        while let Ok((mut inbound, _)) = relay.accept().await {
            counted.fetch_add(1, Ordering::SeqCst);
            let upstream = upstream.clone();
            tokio::spawn(async move {
                let mut outbound = tokio::net::TcpStream::connect(upstream).await.unwrap();
                let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
            });
        }
    });
    let channel = Channel::from_shared(format!("http://{relay_addr}"))
        .unwrap()
        .connect()
        .await
        .unwrap();
    let mut c = RefereeServiceClient::new(channel);
    let started = std::time::Instant::now();
    let (mut calls, mut resent) = (0, 0);
    while started.elapsed() < Duration::from_millis(1500) {
        match c.list_games(v1::ListGamesRequest {}).await {
            Ok(_) => calls += 1,
            Err(e) if never_sent(&e) && resent < 100 => resent += 1,
            Err(e) => panic!("call {calls} failed: {e:?}"),
        }
    }
    let seen = connections.load(Ordering::SeqCst);
    println!("connection age: {calls} calls ({resent} sent again) over {seen} connections");
    assert!(
        seen >= 4,
        "{calls} calls ({resent} sent again) over {seen} connections"
    );
}

/// A game begun under `port-royal/1` — states written by the first release, checked in under
/// `tests/fixtures/port_royal_1/` — is answered after the upgrade under its own rules, to its
/// end: every state returned keeps `port-royal/1`, and each answer is byte for byte what the
/// `port-royal/1` rules give (docs/versioning.md). NewGame and Replay can name the old version;
/// an unknown one is refused on `rules_version`.
#[tokio::test]
async fn a_port_royal_1_game_in_flight_is_played_to_its_end_under_its_own_rules() {
    use referee::games::port_royal::{Rules, State};
    use referee::service::wire::{game_state, state_from_proto};
    let server = start(Config::for_tests()).await;
    let mut c = client(&server).await;
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/port_royal_1");
    for name in ["base-5p-200", "contracts-3p-120", "cooperative-4p-040"] {
        let bytes = std::fs::read(format!("{dir}/{name}.bin")).unwrap();
        let mut state = v1::GameState::decode(bytes.as_slice()).unwrap();
        assert_eq!(state.rules_version, "port-royal/1", "{name}");
        let Some(game_state::Game::PortRoyal(p)) = state.game.clone() else {
            panic!("{name}: not a Port Royal state")
        };
        let mut core = state_from_proto::<State>(p, Rules::V1, &()).unwrap();
        let mut steps = 0usize;
        loop {
            let legal = c.legal_on(&state).await;
            assert_eq!(
                legal.actions.len(),
                core.legal_actions(None).len(),
                "{name}"
            );
            if legal.actions.is_empty() {
                assert!(legal.status.unwrap().finished, "{name}");
                break;
            }
            // The same choice on both sides (spread over the list, so the game moves on).
            let pick = (steps * 7 + 3) % legal.actions.len();
            let action = legal.actions[pick].clone();
            let (seat, core_action) = core.legal_actions(None)[pick].clone();
            let Some(Outcome::Applied(applied)) = c.apply_on(&state, &action).await.outcome else {
                panic!("{name}: a listed action was refused");
            };
            state = applied.state.unwrap();
            core.apply_in_place(seat, &core_action, &mut Vec::new())
                .unwrap();
            assert_eq!(state.rules_version, "port-royal/1", "{name}");
            assert_eq!(
                state.encode_to_vec(),
                game_state(state.sequence, &core).encode_to_vec(),
                "{name}: the answer is what port-royal/1 gives"
            );
            steps += 1;
            assert!(steps < 20_000, "{name}: the game ends");
        }
    }

    // NewGame and Replay under the old version; an unknown version is refused.
    let mut old = new_game_with(3, 21, competitive_contracts());
    old.rules_version = Some("port-royal/1".into());
    let (last, log) = play(&mut c, old.clone(), &PORT_ROYAL).await;
    assert_eq!(last.rules_version, "port-royal/1");
    let replay = replay_of(&mut c, old.clone(), log).await;
    assert_eq!(replay.state.unwrap().encode_to_vec(), last.encode_to_vec());
    old.rules_version = Some("port-royal/9".into());
    let err = c.new_game(old.clone()).await.unwrap_err();
    assert_eq!(fields_of("NewGameRequest", &err), vec!["rules_version"]);
    let err = c
        .replay(v1::ReplayRequest {
            stop_after: None,
            server_seed: Vec::new(),
            setup: Some(old),
            actions: vec![],
        })
        .await
        .unwrap_err();
    assert_eq!(
        fields_of("ReplayRequest", &err),
        vec!["setup.rules_version"]
    );
}

/// An action without a seat is refused as a malformed request naming `action.seat` (the field
/// has presence, so a forgotten seat is never read as seat 0); so are a Take without its card and
/// a CompleteContract without its contract (ids 0 exist).
#[tokio::test]
async fn an_action_without_its_seat_card_or_contract_is_invalid_argument() {
    use v1::port_royal_action::{self as pa, Kind};
    let (_server, mut c, state) = started(3, 5).await;
    let action = |seat: Option<u32>, kind: Kind| v1::Action {
        seat,
        expected_sequence: None,
        game: Some(v1::action::Game::PortRoyal(v1::PortRoyalAction {
            kind: Some(kind),
        })),
    };
    for (a, field) in [
        (action(None, Kind::Draw(pa::Draw {})), "action.seat"),
        (
            action(
                Some(0),
                Kind::Take(pa::Take {
                    card: None,
                    decline_coins: false,
                    gift_to: None,
                }),
            ),
            "action.port_royal.take.card",
        ),
        (
            action(
                Some(0),
                Kind::CompleteContract(pa::CompleteContract { contract: None }),
            ),
            "action.port_royal.complete_contract.contract",
        ),
    ] {
        let err = c
            .validate(v1::ValidateRequest {
                state: Some(state.clone()),
                action: Some(a.clone()),
            })
            .await
            .unwrap_err();
        assert_eq!(fields_of("ValidateRequest", &err), vec![field]);
        let err = c
            .apply(v1::ApplyRequest {
                state: Some(state.clone()),
                action: Some(a.clone()),
            })
            .await
            .unwrap_err();
        assert_eq!(fields_of("ApplyRequest", &err), vec![field]);
        let err = c
            .replay(v1::ReplayRequest {
                stop_after: None,
                server_seed: Vec::new(),
                setup: Some(new_game(3, 5)),
                actions: vec![a],
            })
            .await
            .unwrap_err();
        let in_replay = field.replacen("action", "actions[0]", 1);
        assert_eq!(fields_of("ReplayRequest", &err), vec![in_replay]);
    }
    // Seat 0, sent explicitly, is seat 0.
    let ok = c
        .validate_on(&state, &action(Some(0), Kind::Draw(pa::Draw {})))
        .await;
    assert_eq!(ok.violation, None);
}

/// LegalActions names the default action of each seat to act (docs/rules.md, "Default
/// actions"): a new Port Royal game's active seat draws; asked about one seat, only its own, and
/// none for a seat that need not act.
#[tokio::test]
async fn legal_actions_name_each_deciding_seats_default() {
    let (_server, mut c, state) = started(3, 5).await;
    let ask = |seat| v1::LegalActionsRequest {
        state: Some(state.clone()),
        seat,
    };
    let all = c.legal_actions(ask(None)).await.unwrap().into_inner();
    let to_act = all.status.unwrap().to_act;
    assert_eq!(to_act.len(), 1);
    let draw = v1::Action {
        seat: Some(to_act[0]),
        expected_sequence: Some(0),
        game: Some(v1::action::Game::PortRoyal(v1::PortRoyalAction {
            kind: Some(v1::port_royal_action::Kind::Draw(Default::default())),
        })),
    };
    assert_eq!(all.default_actions, std::slice::from_ref(&draw));
    let own = c.legal_actions(ask(Some(to_act[0]))).await.unwrap();
    assert_eq!(own.into_inner().default_actions, [draw]);
    let other = (to_act[0] + 1) % 3;
    let other = c.legal_actions(ask(Some(other))).await.unwrap();
    assert!(other.into_inner().default_actions.is_empty());
}
