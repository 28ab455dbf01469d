//! Prepares the load test's requests (scripts/loadtest): for a recorded mid-game 4-player Port
//! Royal state, an `Apply`, a `LegalActions` and a `View` request, plus a health check, each
//! written as a gRPC-framed body that h2load can send. h2load cannot read gRPC statuses, so each
//! request is first sent with a real client and must be answered without an error or violation.
//!
//! Usage: `loadgen HOST:PORT OUT_DIR`

#[path = "../tests/common/samples.rs"]
mod samples;

use std::path::Path;

use prost::Message;
use referee::pb::v1::{self, referee_service_client::RefereeServiceClient};
use referee::service::wire::game_state;
use tonic_health::pb::{health_check_response::ServingStatus, health_client::HealthClient};

/// A gRPC message frame: no compression, big-endian length, the message.
fn frame(message: &impl Message) -> Vec<u8> {
    let body = message.encode_to_vec();
    let mut out = Vec::with_capacity(body.len() + 5);
    out.push(0);
    out.extend_from_slice(&(body.len() as u32).to_be_bytes());
    out.extend_from_slice(&body);
    out
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let (Some(addr), Some(out)) = (args.get(1), args.get(2)) else {
        return Err("usage: loadgen HOST:PORT OUT_DIR".into());
    };
    let out = Path::new(out);
    let state = samples::mid_game(4, 7, samples::mode("base"));
    let envelope = game_state(150, &state);
    let (seat, action) = state.legal_actions(None)[0].clone();
    let action = v1::Action {
        seat: Some(seat.into()),
        expected_sequence: Some(150),
        game: Some(v1::action::Game::PortRoyal(
            referee::service::port_royal::action_to_proto(&action),
        )),
    };
    let apply = v1::ApplyRequest {
        state: Some(envelope.clone()),
        action: Some(action),
    };
    let legal = v1::LegalActionsRequest {
        state: Some(envelope.clone()),
        seat: None,
    };
    let view = v1::ViewRequest {
        state: Some(envelope),
        seat: Some(0),
    };
    let health = tonic_health::pb::HealthCheckRequest {
        service: String::new(),
    };

    let channel = tonic::transport::Channel::from_shared(format!("http://{addr}"))?
        .connect()
        .await?;
    let mut c = RefereeServiceClient::new(channel.clone());
    let applied = c.apply(apply.clone()).await?.into_inner();
    match applied.outcome {
        Some(v1::apply_response::Outcome::Applied(_)) => {}
        other => return Err(format!("Apply was not applied: {other:?}").into()),
    }
    let listed = c.legal_actions(legal.clone()).await?.into_inner();
    if listed.actions.is_empty() {
        return Err("LegalActions listed nothing".into());
    }
    c.view(view.clone()).await?;
    let serving = HealthClient::new(channel)
        .check(health.clone())
        .await?
        .into_inner();
    if serving.status != ServingStatus::Serving as i32 {
        return Err("the server is not SERVING".into());
    }

    std::fs::write(out.join("health.bin"), frame(&health))?;
    std::fs::write(out.join("apply.bin"), frame(&apply))?;
    std::fs::write(out.join("legal.bin"), frame(&legal))?;
    std::fs::write(out.join("view.bin"), frame(&view))?;
    println!(
        "prepared and checked: Apply ({} bytes), LegalActions ({} actions), View, Health/Check",
        apply.encoded_len(),
        listed.actions.len()
    );
    Ok(())
}
