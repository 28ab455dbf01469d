//! Hostile input over gRPC: thousands of valid requests corrupted at random — flipped bytes,
//! truncations, duplicated ranges, mutated fields, counts, duplicate and missing cards,
//! out-of-range seats and ids, unknown enum values, and the gRPC framing itself (a body shorter
//! than its prefix, a prefix over the limit, a compressed flag without compression, bytes after
//! the message) — sent to every state-taking RPC. Each answer must be a normal answer (applied,
//! or a Violation), INVALID_ARGUMENT, or for a prefix over the limit RESOURCE_EXHAUSTED; never
//! INTERNAL or UNKNOWN, never a hang; and the server must still be healthy afterwards. Bounded in
//! count and time; 127.0.0.1 only.

use crate::common::mutate;
use crate::common::paths;
use crate::common::raw;
use crate::common::samples;
use crate::common::village;

use raw::Raw;

use std::time::{Duration, Instant};

use prost::Message;
use referee::config::Config;
use referee::core::GameRng;
use referee::pb::v1;
use referee::service::wire::game_state;
use tonic::{Code, Request};
use tonic_types::StatusExt;

const CASES: u32 = 10_000;
const TIME_LIMIT: Duration = Duration::from_secs(120);

/// Valid requests to corrupt: mid-game states of every Port Royal mode and of Village, with a
/// legal action.
fn seeds() -> Vec<(v1::GameState, v1::Action)> {
    let mut out = Vec::new();
    for players in [3u32, 5] {
        let states = village::states(&village::provisional(), players, 11);
        for step in [1, 3, 5] {
            let i = states.len() * step / 7;
            let (seat, action) = states[i].legal_actions(None)[0];
            let gs = game_state(i as u64, &states[i]);
            let a = referee::service::wire::action_to_proto::<referee::games::village::State>(
                i as u64, seat, &action,
            );
            out.push((gs, a));
        }
    }
    for (name, players) in [
        ("base", 3u32),
        ("base", 5),
        ("contracts", 4),
        ("cooperative", 2),
    ] {
        for seed in 0..3 {
            let state = samples::mid_game(players, seed, samples::mode(name));
            let (seat, action) = state.legal_actions(None)[0].clone();
            let gs = game_state(40, &state);
            let a = v1::Action {
                seat: Some(seat.into()),
                expected_sequence: Some(40),
                game: Some(v1::action::Game::PortRoyal(
                    referee::service::wire::declare::ToWire::to_wire(&action),
                )),
            };
            out.push((gs, a));
        }
    }
    out
}

/// Corrupts a Village state at the field level.
fn mutate_village(p: &mut v1::VillageState, rng: &mut GameRng) {
    let big = |rng: &mut GameRng| {
        [0, 1, 2, 4, 5, 7, 24, 255, 1000, 4005, 8599, u32::MAX][rng.below(12) as usize]
    };
    let seat = rng.below(p.seats.len().max(1) as u32) as usize;
    match rng.below(12) {
        0 => {
            if let Some(m) = p.seats.get_mut(seat).and_then(|s| s.members.first_mut()) {
                *m = big(rng);
            }
        }
        1 => {
            if let Some(s) = p.seats.get_mut(seat) {
                s.life = big(rng);
                s.coins = big(rng);
            }
        }
        2 => {
            if let Some(s) = p.seats.get_mut(seat) {
                s.customers.push(big(rng));
            }
        }
        3 => {
            if let Some(m) = p.market.as_mut() {
                m.pile.pop();
                m.stalls.push(v1::VillageSlot {
                    customer: Some(big(rng)),
                });
            }
        }
        4 => p.pending.push(v1::VillageDecision {
            kind: rng.below(14) as i32 - 1,
            seat: big(rng),
            space: rng.below(9) as i32,
            up_to: big(rng),
            left: big(rng),
            ..Default::default()
        }),
        5 => p.pending.clear(),
        6 => {
            p.due = big(rng);
            p.ending = !p.ending;
        }
        7 => {
            p.spaces.pop();
        }
        8 => {
            if let Some(s) = p.supply.as_mut() {
                s.grain = big(rng);
            }
        }
        9 => p.component_hash = "0".repeat(64),
        10 => p.seats.truncate(rng.below(3) as usize),
        _ => {
            p.last_turns.push(big(rng));
            p.marker = Some(big(rng));
        }
    }
}

/// Corrupts a request's gRPC framing: the kinds of fault a generated client never sends. Returns
/// the body to send as it is, and whether its prefix announces more than the server's limit.
fn mutate_framing(message: &[u8], rng: &mut GameRng) -> (Vec<u8>, bool) {
    let mut body = raw::framed(message);
    let over = match rng.below(6) {
        0 => {
            // Short body: the prefix announces more than follows.
            body.truncate(rng.below(body.len() as u32) as usize);
            false
        }
        1 => {
            let len = 1024 * 1024 + 1 + rng.below(u32::MAX / 2);
            body[1..5].copy_from_slice(&len.to_be_bytes());
            true
        }
        2 => {
            body[0] = 1; // compressed, with no grpc-encoding
            false
        }
        3 => {
            for _ in 0..=rng.below(8) {
                body.push(rng.below(256) as u8); // bytes after the message
            }
            false
        }
        4 => {
            body[0] = rng.below(256) as u8;
            false
        }
        _ => {
            let len = rng.below(message.len() as u32 * 2 + 8);
            body[1..5].copy_from_slice(&len.to_be_bytes());
            len > 1024 * 1024
        }
    };
    (body, over)
}

/// Corrupts a state at the field level.
fn mutate_fields(gs: &mut v1::GameState, rng: &mut GameRng) {
    let p = match gs.game.as_mut() {
        Some(v1::game_state::Game::PortRoyal(p)) => p,
        Some(v1::game_state::Game::Village(p)) => return mutate_village(p, rng),
        None => return,
    };
    let big =
        |rng: &mut GameRng| [0, 1, 119, 120, 143, 144, 255, 256, u32::MAX][rng.below(9) as usize];
    match rng.below(16) {
        0 => p.players = big(rng),
        1 => p.start_seat = big(rng),
        2 => {
            let c = p.draw_pile.first().copied().unwrap_or(0);
            p.harbor.push(c); // duplicate
        }
        3 => {
            p.draw_pile.pop(); // missing
        }
        4 => {
            if let Some(c) = p.discard_pile.first_mut() {
                *c = big(rng);
            }
        }
        5 => {
            if let Some(t) = p.turn.as_mut() {
                t.phase = rng.below(9) as i32 - 2;
            }
        }
        6 => {
            if let Some(t) = p.turn.as_mut() {
                t.active_seat = big(rng);
                t.taker = Some(big(rng));
            }
        }
        7 => {
            if let Some(o) = p.options.as_mut() {
                o.mode = rng.below(7) as i32 - 2;
                o.difficulty = big(rng);
            }
        }
        8 => p.seats.truncate(rng.below(3) as usize),
        9 => {
            let s = p.seats.first().cloned().unwrap_or_default();
            p.seats.push(s);
        }
        10 => {
            if let Some(r) = p.rng.as_mut() {
                r.seed.truncate(rng.below(40) as usize);
                r.word_pos = u64::MAX;
            }
        }
        11 => p.offers.push(v1::PortRoyalOffer {
            seat: big(rng),
            contract: Some(big(rng)),
        }),
        12 => {
            if let Some(c) = p.contracts.as_mut() {
                c.face_up.push(v1::PortRoyalContractSlot {
                    contract: big(rng),
                    completers: vec![big(rng)],
                });
                c.outcome = rng.below(5) as i32;
            } else {
                p.contracts = Some(v1::PortRoyalContracts::default());
            }
        }
        13 => gs.rules_version = "port-royal/2".into(),
        14 => gs.game = None,
        _ => {
            if let Some(t) = p.turn.as_mut() {
                t.pending_ship = Some(big(rng));
                t.bonus_takes = big(rng);
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn corrupted_requests_get_invalid_argument_or_a_violation_never_internal() {
    let config = Config::for_tests();
    let listeners = referee::service::transport::server::Listeners::bind(&config)
        .await
        .unwrap();
    let addr = format!("http://{}", listeners.grpc.local_addr().unwrap());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(async move {
        referee::service::serve(&config, listeners, async {
            let _ = stopped.await;
        })
        .await
    });
    let started = Instant::now();
    let channel = loop {
        if let Ok(c) = tonic::transport::Channel::from_shared(addr.clone())
            .unwrap()
            .connect()
            .await
        {
            break c;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the server never came up"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };

    let seeds = seeds();
    let mut rng = GameRng::from_u64(20261129);
    let started = Instant::now();
    let (mut answered, mut invalid, mut cases, mut framing) = (0u32, 0u32, 0u32, 0u32);
    let methods = [
        "/referee.v1.RefereeService/Apply",
        "/referee.v1.RefereeService/Validate",
        "/referee.v1.RefereeService/LegalActions",
        "/referee.v1.RefereeService/View",
    ];
    while cases < CASES && started.elapsed() < TIME_LIMIT {
        cases += 1;
        let (mut gs, action) = seeds[rng.below(seeds.len() as u32) as usize].clone();
        let method = methods[rng.below(4) as usize];
        let by_fields = rng.below(2) == 0;
        if by_fields {
            for _ in 0..=rng.below(3) {
                mutate_fields(&mut gs, &mut rng);
            }
        }
        let mut body = match method {
            "/referee.v1.RefereeService/Apply" => v1::ApplyRequest {
                state: Some(gs),
                action: Some(action),
            }
            .encode_to_vec(),
            "/referee.v1.RefereeService/Validate" => v1::ValidateRequest {
                state: Some(gs),
                action: Some(action),
            }
            .encode_to_vec(),
            "/referee.v1.RefereeService/LegalActions" => v1::LegalActionsRequest {
                state: Some(gs),
                seat: Some(rng.below(7)),
            }
            .encode_to_vec(),
            _ => v1::ViewRequest {
                state: Some(gs),
                seat: Some(rng.below(7)),
            }
            .encode_to_vec(),
        };
        if !by_fields {
            if rng.below(4) == 0 {
                framing += 1;
                let (body, over) = mutate_framing(&body, &mut rng);
                let answer = raw::h2_call(&addr, method, &[], body).await;
                match answer.code {
                    Code::Ok => answered += 1,
                    Code::InvalidArgument => invalid += 1,
                    Code::ResourceExhausted if over => invalid += 1,
                    _ => panic!("case {cases} ({method}, framing): {answer:?}"),
                }
                continue;
            }
            mutate::bytes(&mut body, &[], &mut rng);
        }
        let mut grpc = tonic::client::Grpc::new(channel.clone());
        grpc.ready().await.unwrap();
        let path = tonic::codegen::http::uri::PathAndQuery::from_static(method);
        let mut request = Request::new(body);
        request.set_timeout(Duration::from_secs(5));
        match grpc.unary(request, path, Raw).await {
            Ok(_) => answered += 1,
            Err(s) if s.code() == Code::InvalidArgument => {
                invalid += 1;
                assert!(!s.message().is_empty());
                // Every field named is a field of the request as sent.
                let request = method.rsplit('/').next().unwrap().to_owned() + "Request";
                for f in s
                    .get_details_bad_request()
                    .map_or(vec![], |b| b.field_violations)
                {
                    if let Err(e) = paths::resolve(&request, &f.field) {
                        panic!("case {cases}: {e}");
                    }
                }
            }
            Err(s) => panic!("case {cases} ({method}, by fields: {by_fields}): {s:?}"),
        }
    }
    assert_eq!(cases, CASES, "bounded by time before all cases ran");
    println!("mutation test: {cases} corrupted requests ({framing} in their framing): {answered} answered, {invalid} INVALID_ARGUMENT (or RESOURCE_EXHAUSTED for a prefix over the limit), 0 other");

    use tonic_health::pb::{
        health_check_response::ServingStatus, health_client::HealthClient, HealthCheckRequest,
    };
    let health = HealthClient::new(channel)
        .check(HealthCheckRequest {
            service: String::new(),
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(
        health.status,
        ServingStatus::Serving as i32,
        "still healthy"
    );
    stop.send(()).unwrap();
    server.await.unwrap().unwrap();
}
