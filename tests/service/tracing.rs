//! docs/operations.md, "Tracing": with an OTLP endpoint the release binary exports one span per
//! RPC over OTLP/gRPC to a receiver started here on 127.0.0.1. A request that carries a W3C
//! `traceparent` continues that trace (same trace id, the caller's span as parent); one without
//! begins its own. Spans name the method, game and outcome and carry the gRPC status — and
//! nothing else: no attribute and no event holds the state or the action.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::{
    TraceService, TraceServiceServer,
};
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use opentelemetry_proto::tonic::common::v1::any_value::Value;
use opentelemetry_proto::tonic::trace::v1::{span::SpanKind, Span};
use referee::pb::v1::{self, referee_service_client::RefereeServiceClient};
use tonic::transport::Channel;
use tonic::{Request, Response, Status};

use crate::common::raw;

/// An OTLP trace receiver that keeps what it is sent.
#[derive(Clone, Default)]
struct Receiver(Arc<Mutex<Vec<Span>>>);

#[tonic::async_trait]
impl TraceService for Receiver {
    async fn export(
        &self,
        request: Request<ExportTraceServiceRequest>,
    ) -> Result<Response<ExportTraceServiceResponse>, Status> {
        let mut spans = self.0.lock().unwrap();
        for resource in request.into_inner().resource_spans {
            for scope in resource.scope_spans {
                spans.extend(scope.spans);
            }
        }
        Ok(Response::new(ExportTraceServiceResponse::default()))
    }
}

fn attributes(span: &Span) -> HashMap<String, String> {
    span.attributes
        .iter()
        .map(|kv| {
            let value = match kv.value.as_ref().and_then(|v| v.value.as_ref()) {
                Some(Value::StringValue(s)) => s.clone(),
                Some(Value::IntValue(i)) => i.to_string(),
                Some(Value::BoolValue(b)) => b.to_string(),
                other => format!("{other:?}"),
            };
            (kv.key.clone(), value)
        })
        .collect()
}

fn with_trace<T>(message: T, traceparent: &str) -> Request<T> {
    let mut request = Request::new(message);
    request
        .metadata_mut()
        .insert("traceparent", traceparent.parse().unwrap());
    request
}

#[tokio::test]
async fn spans_are_exported_over_otlp_and_continue_the_callers_trace() {
    // The receiver.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let collector = format!("http://{}", listener.local_addr().unwrap());
    let receiver = Receiver::default();
    let serving = receiver.clone();
    tokio::spawn(
        tonic::transport::Server::builder()
            .add_service(TraceServiceServer::new(serving))
            .serve_with_incoming(tonic::transport::server::TcpIncoming::from(listener)),
    );

    // The referee, exporting to it.
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let addr = format!("http://127.0.0.1:{port}");
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_referee"))
        .env("REFEREE_LISTEN", format!("127.0.0.1:{port}"))
        .env("REFEREE_METRICS_LISTEN", "127.0.0.1:0")
        .env("OTEL_EXPORTER_OTLP_ENDPOINT", &collector)
        .env_remove("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
        .env("RUST_LOG", "warn")
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    let channel = loop {
        if let Ok(c) = Channel::from_shared(addr.clone()).unwrap().connect().await {
            break c;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the referee never came up"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let mut c = RefereeServiceClient::new(channel);

    const TRACE: &str = "4bf92f3577b34da6a3ce929d0e0e4736";
    const PARENT: &str = "00f067aa0ba902b7";
    let traceparent = format!("00-{TRACE}-{PARENT}-01");
    let game = c
        .new_game(with_trace(
            v1::NewGameRequest {
                game: "port-royal".into(),
                players: 3,
                seed: Some(9),
                ..Default::default()
            },
            &traceparent,
        ))
        .await
        .unwrap()
        .into_inner();
    let state = game.state.unwrap();
    // Without a traceparent: a trace of its own.
    c.list_games(v1::ListGamesRequest {}).await.unwrap();
    // A refusal by the handler, and one before any handler (a body cut short), both traced.
    let refused = c
        .apply(with_trace(
            v1::ApplyRequest {
                state: Some(state.clone()),
                action: None,
            },
            &traceparent,
        ))
        .await
        .unwrap_err();
    assert_eq!(refused.code(), tonic::Code::InvalidArgument);
    let cut = raw::h2_call(
        &addr,
        "/referee.v1.RefereeService/View",
        &[("traceparent", &traceparent)],
        vec![0, 0, 0, 1, 0],
    )
    .await;
    assert_eq!(cut.code, tonic::Code::InvalidArgument, "{cut:?}");
    // And one to another service, named by its own path.
    let health = raw::h2_call(
        &addr,
        "/grpc.health.v1.Health/Check",
        &[("traceparent", &traceparent)],
        vec![0, 0],
    )
    .await;
    assert_eq!(health.code, tonic::Code::InvalidArgument, "{health:?}");

    // SIGTERM: the server drains and exports what is left before it exits.
    let pid = child.id().unwrap().to_string();
    std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap();
    let status = tokio::time::timeout(Duration::from_secs(30), child.wait())
        .await
        .expect("exits")
        .unwrap();
    assert!(status.success());

    let spans = receiver.0.lock().unwrap().clone();
    let by_name = |name: &str| {
        spans
            .iter()
            .find(|s| s.name == name)
            .unwrap_or_else(|| panic!("no span {name} in {spans:#?}"))
    };
    let hex = |b: &[u8]| b.iter().map(|x| format!("{x:02x}")).collect::<String>();

    let new_game = by_name("referee.v1.RefereeService/NewGame");
    assert_eq!(
        hex(&new_game.trace_id),
        TRACE,
        "the caller's trace continues"
    );
    assert_eq!(
        hex(&new_game.parent_span_id),
        PARENT,
        "under the caller's span"
    );
    assert_eq!(new_game.kind, SpanKind::Server as i32);
    let a = attributes(new_game);
    assert_eq!(a["method"], "NewGame");
    assert_eq!(a["game"], "port-royal");
    assert_eq!(a["outcome"], "ok");
    assert_eq!(a["rpc.system"], "grpc");
    assert_eq!(a["rpc.service"], "referee.v1.RefereeService");
    assert_eq!(a["rpc.method"], "NewGame");
    assert_eq!(a["rpc.grpc.status_code"], "0");

    let list = by_name("referee.v1.RefereeService/ListGames");
    assert_ne!(hex(&list.trace_id), TRACE);
    assert!(list.parent_span_id.is_empty(), "a trace of its own");

    let apply = by_name("referee.v1.RefereeService/Apply");
    assert_eq!(hex(&apply.trace_id), TRACE);
    let a = attributes(apply);
    assert_eq!(a["outcome"], "INVALID_ARGUMENT");
    assert_eq!(a["rpc.grpc.status_code"], "3");
    // The client's mistake is not the server's error.
    assert_ne!(apply.status.as_ref().map(|s| s.code), Some(2));

    let view = by_name("referee.v1.RefereeService/View");
    assert_eq!(hex(&view.trace_id), TRACE);
    let a = attributes(view);
    assert_eq!(
        (a["game"].as_str(), a["outcome"].as_str()),
        ("none", "INVALID_ARGUMENT")
    );

    // Nothing but these: no state, no action, no log line (a refusal's message can quote the
    // state), in any span.
    let allowed = [
        "method",
        "game",
        "outcome",
        "rpc.system",
        "rpc.service",
        "rpc.method",
        "rpc.grpc.status_code",
        "busy_ns",
        "idle_ns",
    ];
    for span in &spans {
        for key in attributes(span).keys() {
            assert!(
                allowed.contains(&key.as_str()),
                "{}: attribute {key}",
                span.name
            );
        }
        assert!(
            span.events.is_empty(),
            "{}: events {:?}",
            span.name,
            span.events
        );
    }
    let health = by_name("grpc.health.v1.Health/Check");
    assert_eq!(
        attributes(health)["rpc.service"],
        "",
        "not the referee's own service"
    );
    assert_eq!(spans.len(), 5, "one span per RPC: {spans:#?}");
}
