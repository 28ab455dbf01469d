//! Deadlines over the real protocols (HTTP/2 for gRPC, HTTP/1.1 for Connect): the client's own
//! deadline (`grpc-timeout`, `connect-timeout-ms`) and the server's limit are answered
//! `DEADLINE_EXCEEDED` in the caller's protocol, and a request cut off by either, or by its
//! client going away, is counted and logged with what its client got; a bot request is read and
//! checked before it takes a bot's slot, and gives the slot back when it ends.
//!
//! Every search cut off here asks for 100,000,000 iterations, so no machine finishes one before
//! its deadline: nothing depends on how fast the machine is.

use std::time::{Duration, Instant};

use prost::Message;
use referee::pb::v1::{self, referee_service_client::RefereeServiceClient};
use tonic::transport::Channel;
use tonic::Code;

use crate::calls::Calls;
use crate::common::raw::{framed, h2_call};
use crate::grpc::{client, fields_of, in_flight_reaches, scrape, start, Server};
use crate::village::config;
use crate::web::send;

const SUGGEST: &str = "/referee.v1.RefereeService/Suggest";

/// A server whose bots may search without end (only deadlines stop them).
async fn server(extra: &[&str]) -> (Server, RefereeServiceClient<Channel>) {
    let mut args = vec!["--max-bot-iterations", "100000000"];
    args.extend_from_slice(extra);
    let server = start(config(&args)).await;
    let c = client(&server).await;
    (server, c)
}

/// A search of a 4-player Village state that no deadline here lets finish.
async fn endless(c: &mut RefereeServiceClient<Channel>) -> v1::SuggestRequest {
    let new = v1::NewGameRequest {
        game: "village".into(),
        players: 4,
        seed: Some(11),
        ..Default::default()
    };
    let state = c.new_game(new).await.unwrap().into_inner().state.unwrap();
    let seat = c.legal_on(&state).await.status.unwrap().to_act[0];
    v1::SuggestRequest {
        state: Some(state),
        seat: Some(seat),
        level: v1::BotLevel::Search as i32,
        max_iterations: 100_000_000,
        seed: 7,
    }
}

/// A Suggest that answers at once.
fn quick(endless: &v1::SuggestRequest) -> v1::SuggestRequest {
    v1::SuggestRequest {
        level: v1::BotLevel::Random as i32,
        max_iterations: 0,
        ..endless.clone()
    }
}

/// Waits until a line of the metrics holds every one of `parts` (a count recorded when the
/// server notices a client gone, which it does on its own time); fails after 30 s rather than
/// hang.
async fn metrics_reach(server: &Server, parts: &[&str]) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let text = scrape(server.metrics).await;
        if text.lines().any(|l| parts.iter().all(|p| l.contains(p))) {
            return;
        }
        assert!(Instant::now() < deadline, "never {parts:?} in\n{text}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

fn assert_metrics(text: &str, lines: &[&str]) {
    for line in lines {
        assert!(text.contains(line), "missing {line} in\n{text}");
    }
}

/// A gRPC client's `grpc-timeout` is answered DEADLINE_EXCEEDED (tonic's own timer would answer
/// CANCELLED), saying whose deadline it was, and counted so.
#[tokio::test]
async fn a_grpc_clients_deadline_is_answered_deadline_exceeded() {
    let (server, mut c) = server(&[]).await;
    let request = endless(&mut c).await;
    let addr = server.addr.trim_start_matches("http://");
    let answer = h2_call(
        addr,
        SUGGEST,
        &[("grpc-timeout", "100m")],
        framed(&request.encode_to_vec()),
    )
    .await;
    assert_eq!(answer.http, 200);
    assert_eq!(answer.code, Code::DeadlineExceeded, "{}", answer.message);
    assert!(
        answer.message.contains("grpc-timeout: 100 ms"),
        "{}",
        answer.message
    );
    // A deadline that leaves time is no refusal.
    let listed = h2_call(
        addr,
        "/referee.v1.RefereeService/ListGames",
        &[("grpc-timeout", "20S")],
        framed(&[]),
    )
    .await;
    assert_eq!(listed.code, Code::Ok);
    // Recorded before the answer left.
    assert_metrics(
        &scrape(server.metrics).await,
        &[
            r#"referee_requests_total{method="Suggest",game="village",outcome="DEADLINE_EXCEEDED",protocol="grpc"} 1"#,
            r#"referee_bot_requests_total{game="village",level="search",outcome="DEADLINE_EXCEEDED"} 1"#,
        ],
    );
}

/// Connect's `connect-timeout-ms` is the call's deadline, answered in Connect's error shape; a
/// stray `grpc-timeout` on a Connect call is answered in Connect's shape too, never gRPC's.
#[tokio::test]
async fn a_connect_clients_deadline_is_answered_in_connects_shape() {
    let (server, mut c) = server(&[]).await;
    let request = serde_json::to_vec(&endless(&mut c).await).unwrap();
    for header in [("connect-timeout-ms", "100"), ("grpc-timeout", "100m")] {
        let answer = send(
            &server.addr,
            false,
            "POST",
            SUGGEST,
            &[("content-type", "application/json"), header],
            request.clone(),
        )
        .await;
        assert_eq!(answer.status, 504, "{header:?}");
        assert_eq!(answer.headers["content-type"], "application/json");
        let json = answer.json();
        assert_eq!(json["code"], "deadline_exceeded", "{json}");
        let said = json["message"].as_str().unwrap();
        assert!(said.contains(&format!("{}: 100 ms", header.0)), "{said}");
    }
    assert_metrics(
        &scrape(server.metrics).await,
        &[
            r#"referee_requests_total{method="Suggest",game="village",outcome="DEADLINE_EXCEEDED",protocol="connect"} 2"#,
        ],
    );
}

/// The server's own limit (`--request-timeout-ms`) cuts a search off as before, and the request
/// is counted DEADLINE_EXCEEDED, not `ok`.
#[tokio::test]
async fn a_search_cut_off_by_the_servers_limit_is_counted_so() {
    let (server, mut c) = server(&["--request-timeout-ms", "300"]).await;
    let request = endless(&mut c).await;
    let err = c.suggest(request.clone()).await.unwrap_err();
    assert_eq!(err.code(), Code::DeadlineExceeded);
    assert!(
        err.message().contains("server's limit of 300 ms"),
        "{err:?}"
    );
    let json = send(
        &server.addr,
        false,
        "POST",
        SUGGEST,
        &[("content-type", "application/json")],
        serde_json::to_vec(&request).unwrap(),
    )
    .await;
    assert_eq!(json.status, 504);
    let text = scrape(server.metrics).await;
    assert_metrics(
        &text,
        &[
            r#"referee_requests_total{method="Suggest",game="village",outcome="DEADLINE_EXCEEDED",protocol="grpc"} 1"#,
            r#"referee_requests_total{method="Suggest",game="village",outcome="DEADLINE_EXCEEDED",protocol="connect"} 1"#,
        ],
    );
    assert!(
        !text.contains(r#"method="Suggest",game="village",outcome="ok""#),
        "{text}"
    );
}

/// A client that goes away while its search runs is counted CANCELLED.
#[tokio::test]
async fn a_request_whose_client_went_away_is_counted_cancelled() {
    let (server, mut c) = server(&[]).await;
    let request = endless(&mut c).await;
    let mut gone = c.clone();
    let call = tokio::spawn(async move { gone.suggest(request).await });
    in_flight_reaches(&server, 1).await;
    call.abort();
    // Counted by the handler, or by the edge if the client left before the handler began.
    let cancelled = [
        r#"method="Suggest""#,
        r#"outcome="CANCELLED",protocol="grpc"} 1"#,
    ];
    metrics_reach(&server, &cancelled).await;
    let text = scrape(server.metrics).await;
    assert!(
        !text.contains(r#"method="Suggest",game="village",outcome="ok""#),
        "{text}"
    );
}

/// While the only bot slot is held, a Suggest that can never succeed is refused for what is
/// wrong with it (INVALID_ARGUMENT), not told to retry (RESOURCE_EXHAUSTED); and a search cut
/// off by its deadline gives its slot back with its answer, so the next request is served.
#[tokio::test]
async fn a_bot_request_is_checked_before_its_slot_and_frees_it_when_it_ends() {
    let (server, mut c) = server(&["--max-concurrent-bots", "1"]).await;
    let request = endless(&mut c).await;
    let long = |grpc_timeout: &'static str| {
        let addr = server.addr.trim_start_matches("http://").to_owned();
        let body = framed(&request.encode_to_vec());
        tokio::spawn(async move {
            h2_call(&addr, SUGGEST, &[("grpc-timeout", grpc_timeout)], body).await
        })
    };
    // Until the long search holds the only slot, a quick request may take it first (and the
    // long one is refused and sent again).
    let mut searching = long("20S");
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        assert!(
            Instant::now() < deadline,
            "the long search never held the slot"
        );
        if searching.is_finished() {
            assert_eq!(searching.await.unwrap().code, Code::ResourceExhausted);
            searching = long("20S");
        }
        match c.suggest(quick(&request)).await {
            Err(e) if e.code() == Code::ResourceExhausted => break,
            Err(e) => panic!("{e:?}"),
            Ok(_) => tokio::time::sleep(Duration::from_millis(5)).await,
        }
    }
    let over = v1::SuggestRequest {
        max_iterations: 200_000_000,
        ..request.clone()
    };
    let err = c.suggest(over).await.unwrap_err();
    assert_eq!(err.code(), Code::InvalidArgument, "{err:?}");
    assert_eq!(fields_of("SuggestRequest", &err), ["max_iterations"]);
    let no_state = v1::SuggestRequest {
        state: Some(v1::GameState::default()),
        ..request.clone()
    };
    let err = c.suggest(no_state).await.unwrap_err();
    assert_eq!(err.code(), Code::InvalidArgument, "{err:?}");
    let out_of_range = v1::SuggestRequest {
        seat: Some(9),
        ..quick(&request)
    };
    let err = c.suggest(out_of_range).await.unwrap_err();
    assert_eq!(fields_of("SuggestRequest", &err), ["seat"]);
    searching.abort();
    // The slot comes back when a request ends: the next one is served at once, not refused
    // while the abandoned search winds down.
    in_flight_reaches(&server, 0).await;
    let cut = long("300m").await.unwrap();
    assert_eq!(cut.code, Code::DeadlineExceeded);
    let served = c.suggest(quick(&request)).await;
    assert!(served.is_ok(), "{served:?}");
}

/// An empty SuggestRequest names every field it lacks.
#[tokio::test]
async fn an_empty_suggest_request_names_every_missing_field() {
    let (_server, mut c) = server(&[]).await;
    let err = c.suggest(v1::SuggestRequest::default()).await.unwrap_err();
    assert_eq!(err.code(), Code::InvalidArgument);
    assert_eq!(
        fields_of("SuggestRequest", &err),
        ["state", "seat", "level"]
    );
}
