//! The referee's other protocols on its gRPC port, end to end over loopback: Connect's unary
//! calls (JSON and proto, HTTP/1.1 and HTTP/2) answer what gRPC answers, refusals in Connect's
//! error shape with the same details, gRPC-Web over HTTP/1.1, CORS only for the allowed origins,
//! Connect's refusals counted like gRPC's, and the playground's files only with its flag.

use base64::Engine;
use http_body_util::BodyExt;
use prost::Message;
use referee::config::Config;
use referee::pb::v1;
use serde_json::{json, Value};
use tonic::Code;

use crate::grpc::{client, in_flight_reaches, scrape, start, Server};

/// An HTTP answer: status, headers, body.
pub(crate) struct Answer {
    pub(crate) status: u16,
    pub(crate) headers: hyper::HeaderMap,
    trailers: Option<hyper::HeaderMap>,
    pub(crate) body: bytes::Bytes,
}

impl Answer {
    pub(crate) fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&self.body)))
    }
}

/// One request over a new connection, HTTP/1.1 or (prior knowledge) HTTP/2, to `addr`
/// (`127.0.0.1:port`, with or without `http://`).
pub(crate) async fn send(
    addr: &str,
    http2: bool,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Vec<u8>,
) -> Answer {
    let authority = addr.trim_start_matches("http://").to_owned();
    let tcp = tokio::net::TcpStream::connect(&authority).await.unwrap();
    let io = hyper_util::rt::TokioIo::new(tcp);
    let mut request = hyper::Request::builder()
        .method(method)
        .uri(format!("http://{authority}{path}"));
    if !http2 {
        request = request.header("host", &authority);
    }
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let request = request
        .body(http_body_util::Full::new(bytes::Bytes::from(body)))
        .unwrap();
    let response = if http2 {
        let (mut send, connection) =
            hyper::client::conn::http2::handshake(hyper_util::rt::TokioExecutor::new(), io)
                .await
                .unwrap();
        tokio::spawn(connection);
        send.send_request(request).await.unwrap()
    } else {
        let (mut send, connection) = hyper::client::conn::http1::handshake(io).await.unwrap();
        tokio::spawn(connection);
        send.send_request(request).await.unwrap()
    };
    let (parts, body) = response.into_parts();
    let collected = body.collect().await.unwrap();
    Answer {
        status: parts.status.as_u16(),
        headers: parts.headers,
        trailers: collected.trailers().cloned(),
        body: collected.to_bytes(),
    }
}

const PATH: &str = "/referee.v1.RefereeService";

/// A gRPC-Web call (binary, HTTP/1.1) of the referee's `method` to `addr`.
pub(crate) async fn grpc_web_to(addr: &str, method: &str, message: &impl Message) -> Answer {
    send(
        addr,
        false,
        "POST",
        &format!("{PATH}/{method}"),
        &[("content-type", "application/grpc-web+proto")],
        crate::common::raw::framed(&message.encode_to_vec()),
    )
    .await
}

/// A Connect JSON call over HTTP/1.1.
async fn connect_json(server: &Server, method: &str, body: &Value) -> Answer {
    send(
        &server.addr,
        false,
        "POST",
        &format!("{PATH}/{method}"),
        &[("content-type", "application/json")],
        body.to_string().into_bytes(),
    )
    .await
}

/// The message a JSON answer holds.
fn decode<M: serde::de::DeserializeOwned>(answer: &Answer) -> M {
    assert_eq!(
        answer.status,
        200,
        "{}",
        String::from_utf8_lossy(&answer.body)
    );
    assert_eq!(answer.headers["content-type"], "application/json");
    serde_json::from_slice(&answer.body).unwrap()
}

#[tokio::test]
async fn connect_json_answers_what_grpc_answers() {
    let server = start(Config::for_tests()).await;
    let mut grpc = client(&server).await;
    // The README's curl quick start: a seed as a string (proto3 JSON's 64-bit integers).
    let body = json!({"game": "port-royal", "players": 3, "seed": "42"});
    let new: v1::NewGameResponse = decode(&connect_json(&server, "NewGame", &body).await);
    let native = grpc
        .new_game(serde_json::from_value::<v1::NewGameRequest>(body).unwrap())
        .await
        .unwrap()
        .into_inner();
    assert_eq!(new, native, "the same game over both protocols");
    // Legal actions, then the first applied, each answered as gRPC answers it.
    let state = new.state.unwrap();
    let ask = v1::LegalActionsRequest {
        state: Some(state.clone()),
        seat: None,
    };
    let legal: v1::LegalActionsResponse = decode(
        &connect_json(
            &server,
            "LegalActions",
            &serde_json::to_value(&ask).unwrap(),
        )
        .await,
    );
    assert_eq!(legal, grpc.legal_actions(ask).await.unwrap().into_inner());
    let apply = v1::ApplyRequest {
        state: Some(state),
        action: Some(legal.actions[0].clone()),
    };
    let applied: v1::ApplyResponse =
        decode(&connect_json(&server, "Apply", &serde_json::to_value(&apply).unwrap()).await);
    assert_eq!(
        applied,
        grpc.apply(apply.clone()).await.unwrap().into_inner()
    );
    // The JSON is proto3's: lowerCamelCase names, enums by name, 64-bit integers as strings.
    let text = String::from_utf8(
        connect_json(&server, "Apply", &serde_json::to_value(&apply).unwrap())
            .await
            .body
            .to_vec(),
    )
    .unwrap();
    for word in [
        "\"toAct\"",
        "\"PORT_ROYAL_MODE_COMPETITIVE\"",
        "\"sequence\":\"1\"",
    ] {
        assert!(text.contains(word), "{word} in {text}");
    }
    // gRPC's headers sent with a Connect call do not reach the gRPC call it becomes (asking
    // for a compressed answer would otherwise make it unreadable here).
    let asked = send(
        &server.addr,
        false,
        "POST",
        &format!("{PATH}/ListGames"),
        &[
            ("content-type", "application/json"),
            ("grpc-accept-encoding", "gzip"),
            ("grpc-encoding", "gzip"),
        ],
        b"{}".to_vec(),
    )
    .await;
    assert_eq!(
        asked.status,
        200,
        "{}",
        String::from_utf8_lossy(&asked.body)
    );
    // An empty body is the empty message.
    let empty = send(
        &server.addr,
        false,
        "POST",
        &format!("{PATH}/ListGames"),
        &[("content-type", "application/json")],
        Vec::new(),
    )
    .await;
    let listed: v1::ListGamesResponse = decode(&empty);
    assert_eq!(listed.games.len(), crate::common::games_served());
    // An illegal move is an answer (HTTP 200 with the violation), as in gRPC.
    let mut wrong = apply.clone();
    wrong.action.as_mut().unwrap().expected_sequence = Some(99);
    let refused: v1::ApplyResponse =
        decode(&connect_json(&server, "Apply", &serde_json::to_value(&wrong).unwrap()).await);
    assert!(matches!(
        refused.outcome,
        Some(v1::apply_response::Outcome::Violation(_))
    ));
}

#[tokio::test]
async fn connect_proto_over_http2_answers_the_same_bytes() {
    let server = start(Config::for_tests()).await;
    let mut grpc = client(&server).await;
    let request = v1::NewGameRequest {
        game: "village".into(),
        players: 4,
        seed: Some(9),
        ..Default::default()
    };
    for http2 in [true, false] {
        let answer = send(
            &server.addr,
            http2,
            "POST",
            &format!("{PATH}/NewGame"),
            &[("content-type", "application/proto")],
            request.encode_to_vec(),
        )
        .await;
        assert_eq!(answer.status, 200);
        assert_eq!(answer.headers["content-type"], "application/proto");
        let native = grpc.new_game(request.clone()).await.unwrap().into_inner();
        assert_eq!(answer.body, native.encode_to_vec(), "http2 {http2}");
    }
}

/// A request Connect refuses: its name, HTTP method, RPC, body, extra headers, and the HTTP
/// status and Connect code of the answer.
type Refusal = (
    &'static str,
    &'static str,
    &'static str,
    Vec<u8>,
    &'static [(&'static str, &'static str)],
    u16,
    &'static str,
);

#[tokio::test]
async fn connect_refusals_have_connects_error_shape_and_grpcs_details() {
    let server = start(Config::for_tests()).await;
    // A malformed request: HTTP 400, the code, gRPC's message, and BadRequest's field paths.
    let answer = connect_json(
        &server,
        "NewGame",
        &json!({"game": "port-royal", "players": 9}),
    )
    .await;
    assert_eq!(answer.status, 400);
    let error = answer.json();
    assert_eq!(error["code"], "invalid_argument");
    assert!(
        error["message"].as_str().unwrap().starts_with("players: "),
        "{error}"
    );
    let detail = &error["details"][0];
    assert_eq!(detail["type"], "google.rpc.BadRequest");
    let bytes = base64::engine::general_purpose::STANDARD_NO_PAD
        .decode(detail["value"].as_str().unwrap())
        .unwrap();
    let bad = tonic_types::pb::BadRequest::decode(&bytes[..]).unwrap();
    assert_eq!(bad.field_violations[0].field, "players");
    // The same, as Connect's `debug` JSON, for a client without google.rpc's protos.
    assert_eq!(
        detail["debug"]["fieldViolations"][0],
        json!({"field": "players", "description": bad.field_violations[0].description})
    );
    // The game's reason comes as ErrorInfo, as in gRPC.
    let answer = connect_json(
        &server,
        "NewGame",
        &json!({"game": "village", "players": 3, "village": {"inn": true}}),
    )
    .await;
    let error = answer.json();
    let info = error["details"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["type"] == "google.rpc.ErrorInfo")
        .expect("an ErrorInfo");
    let bytes = base64::engine::general_purpose::STANDARD_NO_PAD
        .decode(info["value"].as_str().unwrap())
        .unwrap();
    let debug = &info["debug"];
    let info = tonic_types::pb::ErrorInfo::decode(&bytes[..]).unwrap();
    assert_eq!(info.reason, "UNSUPPORTED_EXPANSION");
    assert_eq!(
        (debug["reason"].clone(), debug["domain"].clone()),
        (json!(info.reason), json!(info.domain))
    );
    // JSON that is not the message's, a method not served, GET, a compressed body, a body over
    // the limit: each refused with its code and the HTTP status Connect gives it.
    let cases: [Refusal; 6] = [
        (
            "unknown field",
            "POST",
            "NewGame",
            b"{\"gme\":1}".to_vec(),
            &[],
            400,
            "invalid_argument",
        ),
        (
            "not JSON",
            "POST",
            "NewGame",
            b"players=3".to_vec(),
            &[],
            400,
            "invalid_argument",
        ),
        (
            "no such RPC",
            "POST",
            "Nope",
            b"{}".to_vec(),
            &[],
            501,
            "unimplemented",
        ),
        (
            "GET",
            "GET",
            "ListGames",
            Vec::new(),
            &[],
            501,
            "unimplemented",
        ),
        (
            "gzip",
            "POST",
            "ListGames",
            b"{}".to_vec(),
            &[("content-encoding", "gzip")],
            501,
            "unimplemented",
        ),
        (
            "too big",
            "POST",
            "ListGames",
            vec![b' '; 2 * 1024 * 1024],
            &[],
            429,
            "resource_exhausted",
        ),
    ];
    for (name, method, rpc, body, extra, status, code) in cases {
        let mut headers = vec![("content-type", "application/json")];
        headers.extend_from_slice(extra);
        let answer = send(
            &server.addr,
            false,
            method,
            &format!("{PATH}/{rpc}"),
            &headers,
            body,
        )
        .await;
        assert_eq!(answer.status, status, "{name}");
        assert_eq!(answer.json()["code"], code, "{name}");
    }
    // Connect's GET form as a Connect client sends it: no content type, the message in the
    // query. It is Connect's `unimplemented`, not the 415 of a request that is no protocol.
    let get = send(
        &server.addr,
        false,
        "GET",
        &format!("{PATH}/ListGames?connect=v1&encoding=json&message=%7B%7D"),
        &[],
        Vec::new(),
    )
    .await;
    assert_eq!(
        (get.status, get.json()["code"].clone()),
        (501, json!("unimplemented"))
    );
    // Health stays gRPC; and HTTP/1.1 that is neither Connect nor gRPC-Web is HTTP 415.
    let health = send(
        &server.addr,
        false,
        "POST",
        "/grpc.health.v1.Health/Check",
        &[("content-type", "application/json")],
        b"{}".to_vec(),
    )
    .await;
    assert_eq!(
        (health.status, health.json()["code"].clone()),
        (501, json!("unimplemented"))
    );
    let plain = send(&server.addr, false, "GET", "/", &[], Vec::new()).await;
    assert_eq!(plain.status, 415);
    assert!(String::from_utf8_lossy(&plain.body).contains("Connect"));
    // Refusals made before the edge are counted as the edge counts its own.
    let metrics = scrape(server.metrics).await;
    assert!(
        metrics.contains(
            "referee_requests_total{method=\"NewGame\",game=\"none\",outcome=\"INVALID_ARGUMENT\",protocol=\"connect\"} 2"
        ),
        "{metrics}"
    );
}

/// A Connect call is admitted by the edge's rule before its body is read: while one is still
/// arriving under a limit of one request at once, a gRPC call is refused, and then answered.
#[tokio::test]
async fn a_connect_call_holds_its_place_among_the_requests_served_at_once() {
    use tokio::io::AsyncWriteExt;
    let mut config = Config::for_tests();
    config.max_concurrent_requests = 1;
    let server = start(config).await;
    let mut grpc = client(&server).await;
    let mut tcp = tokio::net::TcpStream::connect(server.addr.trim_start_matches("http://"))
        .await
        .unwrap();
    let head = format!(
        "POST {PATH}/ListGames HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n\
         content-length: 100\r\n\r\n{{"
    );
    tcp.write_all(head.as_bytes()).await.unwrap();
    in_flight_reaches(&server, 1).await;
    let refused = grpc.list_games(v1::ListGamesRequest {}).await.unwrap_err();
    assert_eq!(refused.code(), Code::ResourceExhausted);
    drop(tcp);
    in_flight_reaches(&server, 0).await;
    grpc.list_games(v1::ListGamesRequest {}).await.unwrap();
}

#[tokio::test]
async fn grpc_web_calls_over_http1_are_answered_with_trailers_in_the_body() {
    let server = start(Config::for_tests()).await;
    let request = v1::NewGameRequest {
        game: "port-royal".into(),
        players: 3,
        seed: Some(42),
        ..Default::default()
    };
    let framed = crate::common::raw::framed(&request.encode_to_vec());
    let answer = send(
        &server.addr,
        false,
        "POST",
        &format!("{PATH}/NewGame"),
        &[
            ("content-type", "application/grpc-web+proto"),
            ("x-grpc-web", "1"),
        ],
        framed,
    )
    .await;
    assert_eq!(answer.status, 200);
    assert_eq!(answer.headers["content-type"], "application/grpc-web+proto");
    // A message frame, then the trailers frame (flag 0x80) with grpc-status 0.
    let body = &answer.body;
    let len = u32::from_be_bytes(body[1..5].try_into().unwrap()) as usize;
    let message = v1::NewGameResponse::decode(&body[5..5 + len]).unwrap();
    let mut grpc = client(&server).await;
    assert_eq!(message, grpc.new_game(request).await.unwrap().into_inner());
    let trailers = &body[5 + len..];
    assert_eq!(trailers[0], 0x80);
    assert!(String::from_utf8_lossy(&trailers[5..]).contains("grpc-status:0"));
    assert!(answer.trailers.is_none());
    // A refusal: the status in the headers (trailers-only), as gRPC-Web clients read it.
    let bad = v1::NewGameRequest {
        game: "port-royal".into(),
        players: 9,
        ..Default::default()
    };
    let refused = send(
        &server.addr,
        false,
        "POST",
        &format!("{PATH}/NewGame"),
        &[("content-type", "application/grpc-web+proto")],
        crate::common::raw::framed(&bad.encode_to_vec()),
    )
    .await;
    assert_eq!(refused.status, 200);
    let status = tonic::Status::from_header_map(&refused.headers).expect("grpc-status");
    assert_eq!(status.code(), Code::InvalidArgument);
    assert!(refused.headers.contains_key("grpc-status-details-bin"));
}

/// A browser's preflight before a gRPC-Web call from `origin`.
async fn preflight(server: &Server, path: &str, origin: &str) -> Answer {
    let headers = [
        ("origin", origin),
        ("access-control-request-method", "POST"),
        (
            "access-control-request-headers",
            "content-type,x-grpc-web,traceparent",
        ),
    ];
    send(&server.addr, false, "OPTIONS", path, &headers, Vec::new()).await
}

#[tokio::test]
async fn cors_answers_only_the_allowed_origins() {
    let path = format!("{PATH}/ListGames");
    // Off by default: a preflight gets no permission.
    let closed = start(Config::for_tests()).await;
    let answer = preflight(&closed, &path, "http://a.test").await;
    assert!(!answer.headers.contains_key("access-control-allow-origin"));
    // With an allow-list, its origins are allowed, with the headers gRPC-Web and Connect send and
    // gRPC's status headers exposed; other origins are not.
    let mut config = Config::for_tests();
    config.cors_allow_origins = vec!["http://a.test".parse().unwrap()];
    let open = start(config).await;
    let answer = preflight(&open, &path, "http://a.test").await;
    assert_eq!(
        answer.headers["access-control-allow-origin"],
        "http://a.test"
    );
    let allowed = answer.headers["access-control-allow-headers"]
        .to_str()
        .unwrap();
    for h in [
        "content-type",
        "x-grpc-web",
        "traceparent",
        "connect-protocol-version",
    ] {
        assert!(allowed.contains(h), "{h} in {allowed}");
    }
    let call = send(
        &open.addr,
        false,
        "POST",
        &path,
        &[
            ("origin", "http://a.test"),
            ("content-type", "application/json"),
        ],
        b"{}".to_vec(),
    )
    .await;
    assert_eq!(call.status, 200);
    assert_eq!(call.headers["access-control-allow-origin"], "http://a.test");
    let exposed = call.headers["access-control-expose-headers"]
        .to_str()
        .unwrap();
    assert!(exposed.contains("grpc-status-details-bin"), "{exposed}");
    let other = preflight(&open, &path, "http://b.test").await;
    assert!(!other.headers.contains_key("access-control-allow-origin"));
}

#[test]
fn an_origin_is_a_scheme_and_a_host() {
    use clap::Parser;
    let parse = |v: &str| Config::try_parse_from(["referee", "--cors-allow-origins", v]);
    let ok = parse("https://table.example.com,http://localhost:8080").unwrap();
    assert_eq!(ok.cors_allow_origins.len(), 2);
    for bad in [
        "table.example.com",
        "https://table.example.com/",
        "https://x.test/play",
        "*",
    ] {
        assert!(parse(bad).is_err(), "{bad}");
    }
}

/// The playground's files, served with `--playground` over HTTP/1.1 and HTTP/2 beside the RPCs,
/// under a strict content security policy; a 404 saying how to turn it on without the flag.
#[tokio::test]
async fn the_playground_is_served_only_when_asked_for() {
    let mut config = Config::for_tests();
    config.playground = true;
    let server = start(config).await;
    for http2 in [false, true] {
        let page = send(&server.addr, http2, "GET", "/playground/", &[], Vec::new()).await;
        assert_eq!(page.status, 200);
        assert_eq!(page.headers["content-type"], "text/html; charset=utf-8");
        let csp = page.headers["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("script-src 'self'") && csp.contains("connect-src 'self'"));
        assert_eq!(page.headers["x-content-type-options"], "nosniff");
        let html = String::from_utf8_lossy(&page.body);
        for file in ["app.js", "style.css"] {
            assert!(
                html.contains(&format!("\"{file}\"")),
                "the page loads {file}"
            );
            let path = format!("/playground/{file}");
            let served = send(&server.addr, http2, "GET", &path, &[], vec![]).await;
            assert_eq!(served.status, 200, "{file}");
        }
        let schema = send(
            &server.addr,
            http2,
            "GET",
            "/playground/schema.json",
            &[],
            vec![],
        )
        .await;
        assert!(schema.json()["messages"]["referee.v1.GameView"]["fields"].is_array());
        // The RPCs beside it are untouched.
        let listed: v1::ListGamesResponse =
            decode(&connect_json(&server, "ListGames", &json!({})).await);
        assert_eq!(listed.games.len(), crate::common::games_served());
    }
    let head = send(&server.addr, false, "HEAD", "/playground/", &[], Vec::new()).await;
    assert_eq!((head.status, head.body.len()), (200, 0));
    let bare = send(&server.addr, false, "GET", "/playground", &[], Vec::new()).await;
    assert_eq!(
        (bare.status, bare.headers["location"].to_str().unwrap()),
        (308, "/playground/")
    );
    let posted = send(
        &server.addr,
        false,
        "POST",
        "/playground/",
        &[],
        b"x".to_vec(),
    )
    .await;
    assert_eq!(
        (posted.status, posted.headers["allow"].to_str().unwrap()),
        (405, "GET, HEAD")
    );
    let missing = send(
        &server.addr,
        false,
        "GET",
        "/playground/nope.js",
        &[],
        Vec::new(),
    )
    .await;
    assert_eq!(missing.status, 404);

    let off = start(Config::for_tests()).await;
    let refused = send(&off.addr, false, "GET", "/playground/", &[], Vec::new()).await;
    assert_eq!(refused.status, 404);
    assert!(String::from_utf8_lossy(&refused.body).contains("--playground"));
}

/// `referee_requests_total` tells the protocols apart: each call is counted once, under the
/// protocol it came by.
#[tokio::test]
async fn each_protocol_is_counted_under_its_own_label() {
    let server = start(Config::for_tests()).await;
    client(&server)
        .await
        .list_games(v1::ListGamesRequest {})
        .await
        .unwrap();
    decode::<v1::ListGamesResponse>(&connect_json(&server, "ListGames", &json!({})).await);
    let web = grpc_web_to(&server.addr, "ListGames", &v1::ListGamesRequest {}).await;
    assert_eq!(web.status, 200);
    let plain = send(&server.addr, false, "GET", "/", &[], Vec::new()).await;
    assert_eq!(plain.status, 415);
    let metrics = scrape(server.metrics).await;
    for protocol in ["grpc", "connect", "grpc_web"] {
        let series = format!(
            "referee_requests_total{{method=\"ListGames\",game=\"none\",outcome=\"ok\",\
             protocol=\"{protocol}\"}} 1"
        );
        assert!(metrics.contains(&series), "{series} in {metrics}");
    }
    assert!(metrics.contains("protocol=\"http\"} 1"), "{metrics}");
}
