//! The in-process cost of one RPC handler (`scripts/handler-cost`): a request prepared from a
//! recorded mid-game 4-player state (every expansion on; the load test's states) is decoded from
//! its bytes, answered by the referee's handler and the answer written as the server's codec writes
//! it (`write_message`, into a buffer of tonic's default size), `N` times. Under
//! callgrind, the run with `N` calls minus the run with none, over `N`, is the instructions one
//! call costs: decoding, checking, the rules, encoding and allocation, without HTTP/2.
//!
//! `codec` is Apply without the handler: the request decoded and the handler's answer (computed
//! once, before the count) encoded, the part of a call that is protobuf alone.
//!
//! `json` is what a Connect JSON call adds to Apply, without the handler: the request read from
//! its JSON and encoded for the gRPC stack, the answer's bytes decoded and written as JSON.
//!
//! Usage: `handler_cost RPC N` (RPC: apply, legal, view, validate, codec, json, and each with
//! `village_`).

#[path = "../tests/common/samples.rs"]
mod samples;
#[path = "../tests/common/village.rs"]
mod village;

use std::hint::black_box;

use bytes::BytesMut;
use mimalloc::MiMalloc;
use prost::Message;
use referee::games::village::Options as VillageOptions;
use referee::pb::codec::write_message;
use referee::pb::v1::{self, referee_service_server::RefereeService};
use referee::service::metrics::Metrics;
use referee::service::transport::connect;
use referee::service::wire::{self, game_state, Wire};
use referee::service::Referee;

/// The server's allocator: allocation is part of what is measured.
#[global_allocator]
static GLOBAL: MiMalloc = MiMalloc;

/// The envelope and the first listed action of a state.
fn prepared<G: Wire>(sequence: u64, state: &G) -> (v1::GameState, v1::Action) {
    let (seat, action) = state.legal_actions(None)[0].clone();
    let action = wire::action_to_proto::<G>(sequence, seat, &action);
    (game_state(sequence, state), action)
}

/// An answer's bytes as the server's codec writes them: into a buffer of tonic's default size.
fn written(answer: &impl Message) -> usize {
    let mut buf = BytesMut::with_capacity(8 * 1024);
    write_message(answer, &mut buf);
    buf.len()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let (Some(rpc), Some(n)) = (args.get(1), args.get(2)) else {
        return Err("usage: handler_cost RPC N".into());
    };
    let n: usize = n.parse()?;
    let (state, action) = match rpc.strip_prefix("village_") {
        Some(_) => {
            let every_expansion = VillageOptions {
                port: true,
                life_goals: true,
                ..VillageOptions::default()
            };
            let states = village::states_with(&village::provisional(), 4, 7, every_expansion);
            let sequence = (states.len() / 2) as u64;
            prepared(sequence, &states[states.len() / 2])
        }
        None => prepared(150, &samples::mid_game(4, 7, samples::mode("contracts"))),
    };
    let state = Some(state);
    let bytes = match rpc.trim_start_matches("village_") {
        "apply" | "codec" | "json" => v1::ApplyRequest {
            state,
            action: Some(action),
        }
        .encode_to_vec(),
        "validate" => v1::ValidateRequest {
            state,
            action: Some(action),
        }
        .encode_to_vec(),
        "legal" => v1::LegalActionsRequest { state, seat: None }.encode_to_vec(),
        "view" => v1::ViewRequest {
            state,
            seat: Some(0),
        }
        .encode_to_vec(),
        other => return Err(format!("no RPC {other}").into()),
    };
    let referee = Referee::new(Metrics::new(&[]));
    let runtime = tokio::runtime::Builder::new_current_thread().build()?;
    let rpc = rpc.trim_start_matches("village_").to_owned();
    let answer = match rpc.as_str() {
        "codec" | "json" => runtime.block_on(async {
            let request = v1::ApplyRequest::decode(bytes.as_slice())?;
            let answer = referee.apply(tonic::Request::new(request)).await;
            Ok::<_, Box<dyn std::error::Error>>(answer?.into_inner())
        })?,
        _ => v1::ApplyResponse::default(),
    };
    let json = match rpc.as_str() {
        "json" => serde_json::to_vec(&v1::ApplyRequest::decode(bytes.as_slice())?)?,
        _ => Vec::new(),
    };
    let answer_bytes = answer.encode_to_vec();
    let mut answered = 0usize;
    for _ in 0..n {
        let bytes = black_box(bytes.as_slice());
        let len = runtime.block_on(async {
            match rpc.as_str() {
                "apply" => {
                    let request = tonic::Request::new(v1::ApplyRequest::decode(bytes).unwrap());
                    let r = referee.apply(request).await.unwrap();
                    written(&r.into_inner())
                }
                "json" => {
                    black_box(connect::from_json::<v1::ApplyRequest>(&json).unwrap());
                    connect::to_json::<v1::ApplyResponse>(black_box(&answer_bytes))
                        .unwrap()
                        .len()
                }
                "codec" => {
                    black_box(v1::ApplyRequest::decode(bytes).unwrap());
                    written(black_box(&answer))
                }
                "validate" => {
                    let request = tonic::Request::new(v1::ValidateRequest::decode(bytes).unwrap());
                    let r = referee.validate(request).await.unwrap();
                    written(&r.into_inner())
                }
                "legal" => {
                    let request = v1::LegalActionsRequest::decode(bytes).unwrap();
                    let r = referee
                        .legal_actions(tonic::Request::new(request))
                        .await
                        .unwrap();
                    written(&r.into_inner())
                }
                _ => {
                    let request = tonic::Request::new(v1::ViewRequest::decode(bytes).unwrap());
                    let r = referee.view(request).await.unwrap();
                    written(&r.into_inner())
                }
            }
        });
        answered += black_box(len);
    }
    println!("{n} calls, {answered} response bytes");
    Ok(())
}
