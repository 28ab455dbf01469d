//! Hostile input over gRPC: thousands of valid requests corrupted at random — flipped bytes,
//! truncations, duplicated ranges, mutated fields (of any game's state, read from the contract), counts, duplicate and missing cards,
//! out-of-range seats and ids, unknown enum values, and the gRPC framing itself (a body shorter
//! than its prefix, a prefix over the limit, a compressed flag without compression, bytes after
//! the message) — sent to every state-taking RPC. Each answer must be a normal answer (applied,
//! or a Violation), INVALID_ARGUMENT, or for a prefix over the limit RESOURCE_EXHAUSTED; never
//! INTERNAL or UNKNOWN, never a hang (each request has its own deadline); and the server must
//! still be healthy afterwards. Bounded in count; 127.0.0.1 only.

use crate::common::mutate;
use crate::common::paths;
use crate::common::raw;

use raw::Raw;

use std::time::{Duration, Instant};

use prost::Message;
use referee::config::Config;
use referee::core::GameRng;
use referee::games::RulesVersion;
use referee::pb::v1;
use referee::service::wire::{action_to_proto, game_state, Wire};
use referee::service::Contexts;
use tonic::{Code, Request};
use tonic_types::StatusExt;

const CASES: u32 = 10_000;

/// Valid requests to corrupt: for every game served, states early, halfway and late in a seeded
/// random game of each of its variants, at 3 and 5 players (or the nearest counts it seats),
/// each with a listed action.
fn seeds() -> Vec<(v1::GameState, v1::Action)> {
    referee::each_game!(seeds_of()).concat()
}

fn seeds_of<G: Wire>() -> Vec<(v1::GameState, v1::Action)> {
    let contexts = Contexts::default();
    let mut out = Vec::new();
    for variant in G::variants() {
        for players in [3, 5] {
            let players = u8::clamp(players, *variant.players.start(), *variant.players.end());
            let setup = G::Rules::newest();
            let first = G::new_game(
                G::context(&contexts),
                setup,
                players.into(),
                0,
                11,
                variant.options.clone(),
            )
            .expect("a variant sets up at its player counts");
            let states = referee::games::random_play(first, 11);
            for step in [1, 3, 5] {
                let i = states.len() * step / 7;
                let (seat, action) = states[i].legal_actions(None).swap_remove(0);
                let gs = game_state(i as u64, &states[i]);
                out.push((gs, action_to_proto::<G>(i as u64, seat, &action)));
            }
        }
    }
    out
}

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
    // Bounded by count: each request is bounded by its own deadline (a hang fails it), so the
    // test ends by itself however slow the machine, and a slow machine is not a failure.
    while cases < CASES {
        cases += 1;
        let (mut gs, action) = seeds[rng.below(seeds.len() as u32) as usize].clone();
        let method = methods[rng.below(4) as usize];
        let by_fields = rng.below(2) == 0;
        if by_fields {
            for _ in 0..=rng.below(3) {
                mutate::fields(&mut gs, &mut rng);
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
    println!("mutation test: {cases} corrupted requests in {:.0?} ({framing} in their framing): {answered} answered, {invalid} INVALID_ARGUMENT (or RESOURCE_EXHAUSTED for a prefix over the limit), 0 other", started.elapsed());

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
