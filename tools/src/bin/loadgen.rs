//! Prepares the load test's requests (`tools/loadtest`): for every game served, on its measured
//! position (`referee_tools::position`), an `Apply`, a `LegalActions` and a `View` request, plus
//! a health check, each written as a gRPC-framed body that h2load can send (`<game>.apply.bin`,
//! Apply also as Connect's JSON, `<game>.apply.json`); for each game's Apply an echo request of
//! the same size asking for a response of the size of Apply's (`<game>.echo.bin`, for the
//! `echo-server` tool); and a Suggest request (BOT_LEVEL_SEARCH at the default budget) for the
//! seat to act in the last game's position (`suggest.bin`), the bots' load run beside Apply.
//! `games.tsv` lists the games (id and title), in ListGames order. h2load cannot read gRPC
//! statuses, so each request is first sent with a real client and must be answered without an
//! error or violation.
//!
//! Usage: `loadgen HOST:PORT OUT_DIR [ECHO_HOST:PORT]`

use std::path::Path;

use prost::Message;
use referee::pb::v1::{self, referee_service_client::RefereeServiceClient};
use referee_tools::echo::Blob;
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

    /// Sends each once with a real client: each must be answered, Apply must apply. Returns
    /// the number of actions listed and the size of Apply's response.
    async fn check(
        &self,
        c: &mut RefereeServiceClient<tonic::transport::Channel>,
    ) -> Result<(usize, usize), Box<dyn std::error::Error>> {
        let applied = c.apply(self.apply.clone()).await?.into_inner();
        let response_len = applied.encoded_len();
        match applied.outcome {
            Some(v1::apply_response::Outcome::Applied(_)) => {}
            other => return Err(format!("Apply was not applied: {other:?}").into()),
        }
        let listed = c.legal_actions(self.legal.clone()).await?.into_inner();
        if listed.actions.is_empty() {
            return Err("LegalActions listed nothing".into());
        }
        c.view(self.view.clone()).await?;
        Ok((listed.actions.len(), response_len))
    }

    /// Writes `{prefix}apply.bin`, `{prefix}legal.bin` and `{prefix}view.bin`, and Apply's
    /// request as Connect's JSON, `{prefix}apply.json`.
    fn write(&self, out: &Path, prefix: &str) -> std::io::Result<()> {
        std::fs::write(out.join(format!("{prefix}apply.bin")), frame(&self.apply))?;
        std::fs::write(
            out.join(format!("{prefix}apply.json")),
            serde_json::to_vec(&self.apply)?,
        )?;
        std::fs::write(out.join(format!("{prefix}legal.bin")), frame(&self.legal))?;
        std::fs::write(out.join(format!("{prefix}view.bin")), frame(&self.view))
    }
}

/// The largest blob whose `data` is `n` bytes or fewer that encodes to exactly `len` bytes, with
/// `respond` set.
fn blob_of(len: usize, respond: u32) -> Blob {
    let mut blob = Blob {
        data: Vec::new(),
        respond,
    };
    for n in (0..=len).rev() {
        blob.data = vec![0; n];
        if blob.encoded_len() <= len {
            break;
        }
    }
    blob
}

/// An echo request of `request` bytes asking for a response of `response` bytes.
fn echo_request(request: usize, response: usize) -> Blob {
    // The response carries only `data` (respond = 0 is left out).
    let data = blob_of(response, 0).data.len() as u32;
    blob_of(request, data)
}

/// Sends the echo request once with a real client; the answer must have the asked size.
async fn check_echo(
    addr: &str,
    blob: &Blob,
    expected: usize,
) -> Result<(), Box<dyn std::error::Error>> {
    let channel = tonic::transport::Channel::from_shared(format!("http://{addr}"))?
        .connect()
        .await?;
    let mut grpc = tonic::client::Grpc::new(channel);
    grpc.ready().await?;
    let path = tonic::codegen::http::uri::PathAndQuery::from_static("/referee.loadtest.Echo/Echo");
    let codec = tonic_prost::ProstCodec::<Blob, Blob>::default();
    let answer = grpc
        .unary(tonic::Request::new(blob.clone()), path, codec)
        .await?
        .into_inner();
    if answer.encoded_len() != expected {
        return Err(format!(
            "echo answered {} bytes, not {expected}",
            answer.encoded_len()
        )
        .into());
    }
    Ok(())
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let (Some(addr), Some(out)) = (args.get(1), args.get(2)) else {
        return Err("usage: loadgen HOST:PORT OUT_DIR [ECHO_HOST:PORT]".into());
    };
    let out = Path::new(out);
    let health = tonic_health::pb::HealthCheckRequest {
        service: String::new(),
    };
    let channel = tonic::transport::Channel::from_shared(format!("http://{addr}"))?
        .connect()
        .await?;
    let mut c = RefereeServiceClient::new(channel.clone());
    let serving = HealthClient::new(channel)
        .check(health.clone())
        .await?
        .into_inner();
    if serving.status != ServingStatus::Serving as i32 {
        return Err("the server is not SERVING".into());
    }
    std::fs::write(out.join("health.bin"), frame(&health))?;

    let mut games = String::new();
    let mut report = Vec::new();
    let mut last = None;
    for (id, state, action) in referee_tools::positions() {
        let requests = Requests::new(state, action);
        let (listed, applied_len) = requests.check(&mut c).await?;
        requests.write(out, &format!("{id}."))?;
        let echo = echo_request(requests.apply.encoded_len(), applied_len);
        if let Some(echo_addr) = args.get(3) {
            check_echo(echo_addr, &echo, applied_len).await?;
        }
        std::fs::write(out.join(format!("{id}.echo.bin")), frame(&echo))?;
        let title = referee_tools::title(id);
        games.push_str(&format!("{id}\t{title}\n"));
        report.push(format!(
            "{title} Apply ({} bytes, answered with {applied_len}), LegalActions ({listed} actions), View",
            requests.apply.encoded_len()
        ));
        last = Some(requests);
    }
    std::fs::write(out.join("games.tsv"), games)?;
    let last = last.ok_or("no game is served")?;
    let suggest = v1::SuggestRequest {
        state: last.apply.state.clone(),
        seat: last.apply.action.as_ref().and_then(|a| a.seat),
        level: v1::BotLevel::Search as i32,
        max_iterations: 0,
        seed: 1,
    };
    let suggested = c.suggest(suggest.clone()).await?.into_inner();
    if suggested.action.is_none() {
        return Err(format!("Suggest suggested nothing: {:?}", suggested.violation).into());
    }
    std::fs::write(out.join("suggest.bin"), frame(&suggest))?;
    println!(
        "prepared and checked: {}; Health/Check; echoes of each Apply's sizes{}; Suggest on the last game ({} iterations)",
        report.join("; "),
        if args.len() > 3 { " (checked)" } else { "" },
        suggested.iterations,
    );
    Ok(())
}
