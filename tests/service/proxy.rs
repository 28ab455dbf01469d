//! The referee behind HAProxy as deploy/README.md configures it (one frontend port that names no
//! protocol, HTTP/2 to the replica), on 127.0.0.1: gRPC, Connect/JSON over HTTP/1.1 and HTTP/2,
//! gRPC-Web over HTTP/1.1 and the playground's page all pass through, each answered as the
//! replica answers it directly. Needs `haproxy`, as the fault test does (and skipped, or failed
//! under REFEREE_FAULT_TEST=required, the same way).

use std::process::Stdio;

use prost::Message;
use referee::pb::v1::{self, referee_service_client::RefereeServiceClient};
use tokio::process::Command;

use crate::fault::{connect, free_port, haproxy_config, on_path, Replica};
use crate::web::{grpc_web_to, send_to};

const PATH: &str = "/referee.v1.RefereeService";

#[tokio::test]
async fn every_protocol_passes_through_one_haproxy_frontend() {
    let required = std::env::var("REFEREE_FAULT_TEST").is_ok_and(|v| v == "required");
    let Some(haproxy) = on_path("haproxy") else {
        assert!(
            !required,
            "REFEREE_FAULT_TEST=required but haproxy is not installed"
        );
        eprintln!("SKIPPED: haproxy is not installed (scripts/test installs it)");
        return;
    };
    let replica =
        Replica::spawn_with_env(free_port(), free_port(), &[("REFEREE_PLAYGROUND", "true")]);
    let lb_port = free_port();
    let dir = std::env::temp_dir().join(format!("referee-proxy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cfg = dir.join("haproxy.cfg");
    std::fs::write(&cfg, haproxy_config(lb_port, &[replica.port])).unwrap();
    let _lb = Command::new(haproxy)
        .args(["-db", "-f"])
        .arg(&cfg)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("start haproxy");
    let direct = format!("127.0.0.1:{}", replica.port);
    let balanced = format!("127.0.0.1:{lb_port}");

    // gRPC (HTTP/2 with prior knowledge), through the balancer once it answers.
    let mut grpc = RefereeServiceClient::new(connect(lb_port).await);
    let request = v1::NewGameRequest {
        game: "village".into(),
        players: 3,
        seed: Some(5),
        ..Default::default()
    };
    let dealt = grpc.new_game(request.clone()).await.unwrap().into_inner();

    // Connect/JSON over HTTP/1.1 and HTTP/2: the same bytes as the replica's own answer.
    let json = br#"{"game": "village", "players": 3, "seed": "5"}"#.to_vec();
    let headers = [("content-type", "application/json")];
    for http2 in [false, true] {
        let path = format!("{PATH}/NewGame");
        let through = send_to(&balanced, http2, "POST", &path, &headers, json.clone()).await;
        let mine = send_to(&direct, http2, "POST", &path, &headers, json.clone()).await;
        assert_eq!(
            through.status,
            200,
            "{}",
            String::from_utf8_lossy(&through.body)
        );
        assert_eq!(through.body, mine.body, "http2 {http2}");
        let answer: v1::NewGameResponse = serde_json::from_slice(&through.body).unwrap();
        assert_eq!(answer, dealt, "the Connect answer is the gRPC answer");
    }
    // A refusal keeps Connect's status and body through the proxy.
    let bad = br#"{"game": "village", "players": 9}"#.to_vec();
    let refused = send_to(
        &balanced,
        false,
        "POST",
        &format!("{PATH}/NewGame"),
        &headers,
        bad,
    )
    .await;
    assert_eq!(refused.status, 400);
    assert_eq!(refused.json()["code"], "invalid_argument");

    // gRPC-Web over HTTP/1.1: the message, then the trailers frame in the body.
    let web = grpc_web_to(&balanced, "NewGame", &request).await;
    assert_eq!(web.status, 200);
    let len = u32::from_be_bytes(web.body[1..5].try_into().unwrap()) as usize;
    assert_eq!(
        v1::NewGameResponse::decode(&web.body[5..5 + len]).unwrap(),
        dealt
    );
    assert_eq!(web.body[5 + len], 0x80, "the trailers frame");

    // The playground's page, as a browser fetches it.
    let page = send_to(&balanced, false, "GET", "/playground/", &[], Vec::new()).await;
    assert_eq!(page.status, 200);
    assert!(page.headers.contains_key("content-security-policy"));
    let _ = std::fs::remove_dir_all(&dir);
}
