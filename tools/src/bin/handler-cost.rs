//! The in-process cost of one RPC handler (`tools/handler-cost`): a request prepared from a
//! game's measured position (`referee_tools::position`, the load test's) is decoded from
//! its bytes, answered by the referee's handler and the answer encoded as the server's codec encodes
//! it (prost's `encode`, into a buffer of tonic's default size), `N` times. Under
//! callgrind, the run with `N` calls minus the run with none, over `N`, is the instructions one
//! call costs: decoding, checking, the rules, encoding and allocation, without HTTP/2.
//!
//! `codec` is Apply without the handler: the request decoded and the handler's answer (computed
//! once, before the count) encoded, the part of a call that is protobuf alone.
//!
//! `json` is what a Connect JSON call adds to Apply, without the handler: the request read from
//! its JSON and encoded for the gRPC stack, the answer's bytes decoded and written as JSON.
//!
//! Usage: `handler-cost GAME RPC N` (GAME: a served game's id; RPC: apply, legal, view,
//! validate, codec, json); `handler-cost --games` lists the games served.

use std::hint::black_box;

use bytes::BytesMut;
use mimalloc::MiMalloc;
use prost::Message;
use referee::pb::v1::{self, referee_service_server::RefereeService};
use referee::service::metrics::Metrics;
use referee::service::transport::connect;
use referee::service::Referee;

/// The server's allocator: allocation is part of what is measured.
#[global_allocator]
static GLOBAL: MiMalloc = MiMalloc;

/// An answer's bytes as the server's codec encodes them: into a buffer of tonic's default size.
fn written(answer: &impl Message) -> usize {
    let mut buf = BytesMut::with_capacity(8 * 1024);
    answer.encode(&mut buf).expect("the buffer grows");
    buf.len()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let positions = referee_tools::positions();
    if args.get(1).is_some_and(|a| a == "--games") {
        for (id, _, _) in &positions {
            println!("{id}");
        }
        return Ok(());
    }
    let (Some(game), Some(rpc), Some(n)) = (args.get(1), args.get(2), args.get(3)) else {
        return Err("usage: handler-cost GAME RPC N, or handler-cost --games".into());
    };
    let n: usize = n.parse()?;
    let Some((_, state, action)) = positions.into_iter().find(|(id, _, _)| id == game) else {
        return Err(format!("no game {game} is served").into());
    };
    let state = Some(state);
    let bytes = match rpc.as_str() {
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
