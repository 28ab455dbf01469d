//! Prepares the load test's requests (scripts/loadtest): for a recorded mid-game 4-player Port
//! Royal state and a recorded mid-game 4-player Village state (provisional set), an `Apply`, a
//! `LegalActions` and a `View` request each, plus a health check, each
//! written as a gRPC-framed body that h2load can send. h2load cannot read gRPC statuses, so each
//! request is first sent with a real client and must be answered without an error or violation.
//!
//! Usage: `loadgen HOST:PORT OUT_DIR`

#[path = "../tests/common/samples.rs"]
mod samples;
#[path = "../tests/common/village.rs"]
mod village;

use std::path::Path;

use prost::Message;
use referee::pb::v1::{self, referee_service_client::RefereeServiceClient};
use referee::service::wire::{self, game_state, Wire};
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

/// Apply, LegalActions and View requests on one recorded state (Apply with its first legal
/// action).
struct Requests {
    apply: v1::ApplyRequest,
    legal: v1::LegalActionsRequest,
    view: v1::ViewRequest,
}

impl Requests {
    fn new(envelope: v1::GameState, action: v1::Action) -> Requests {
        Requests {
            apply: v1::ApplyRequest {
                state: Some(envelope.clone()),
                action: Some(action),
            },
            legal: v1::LegalActionsRequest {
                state: Some(envelope.clone()),
                seat: None,
            },
            view: v1::ViewRequest {
                state: Some(envelope),
                seat: Some(0),
            },
        }
    }

    /// Sends each once with a real client: each must be answered, Apply must apply.
    async fn check(
        &self,
        c: &mut RefereeServiceClient<tonic::transport::Channel>,
    ) -> Result<usize, Box<dyn std::error::Error>> {
        let applied = c.apply(self.apply.clone()).await?.into_inner();
        match applied.outcome {
            Some(v1::apply_response::Outcome::Applied(_)) => {}
            other => return Err(format!("Apply was not applied: {other:?}").into()),
        }
        let listed = c.legal_actions(self.legal.clone()).await?.into_inner();
        if listed.actions.is_empty() {
            return Err("LegalActions listed nothing".into());
        }
        c.view(self.view.clone()).await?;
        Ok(listed.actions.len())
    }

    /// Writes `{prefix}apply.bin`, `{prefix}legal.bin` and `{prefix}view.bin`.
    fn write(&self, out: &Path, prefix: &str) -> std::io::Result<()> {
        std::fs::write(out.join(format!("{prefix}apply.bin")), frame(&self.apply))?;
        std::fs::write(out.join(format!("{prefix}legal.bin")), frame(&self.legal))?;
        std::fs::write(out.join(format!("{prefix}view.bin")), frame(&self.view))
    }
}

/// A complete action for Apply.
fn action<G: Wire>(sequence: u64, state: &G) -> v1::Action {
    let (seat, action) = state.legal_actions(None)[0].clone();
    wire::action_to_proto::<G>(sequence, seat, &action)
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let (Some(addr), Some(out)) = (args.get(1), args.get(2)) else {
        return Err("usage: loadgen HOST:PORT OUT_DIR".into());
    };
    let out = Path::new(out);
    let port_royal = samples::mid_game(4, 7, samples::mode("base"));
    let port_royal = Requests::new(game_state(150, &port_royal), action(150, &port_royal));
    let village_states = village::states(&village::provisional(), 4, 7);
    let sequence = (village_states.len() / 2) as u64;
    let village = &village_states[village_states.len() / 2];
    let village = Requests::new(game_state(sequence, village), action(sequence, village));
    let health = tonic_health::pb::HealthCheckRequest {
        service: String::new(),
    };

    let channel = tonic::transport::Channel::from_shared(format!("http://{addr}"))?
        .connect()
        .await?;
    let mut c = RefereeServiceClient::new(channel.clone());
    let listed = port_royal.check(&mut c).await?;
    let village_listed = village.check(&mut c).await?;
    let serving = HealthClient::new(channel)
        .check(health.clone())
        .await?
        .into_inner();
    if serving.status != ServingStatus::Serving as i32 {
        return Err("the server is not SERVING".into());
    }

    std::fs::write(out.join("health.bin"), frame(&health))?;
    port_royal.write(out, "")?;
    village.write(out, "village_")?;
    println!(
        "prepared and checked: Port Royal Apply ({} bytes), LegalActions ({listed} actions), View; Village Apply ({} bytes), LegalActions ({village_listed} actions), View; Health/Check",
        port_royal.apply.encoded_len(),
        village.apply.encoded_len(),
    );
    Ok(())
}
