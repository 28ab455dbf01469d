//! The referee behind HAProxy as deploy/README.md configures it (one frontend port that names no
//! protocol, HTTP/2 to the replica), on 127.0.0.1: gRPC, Connect/JSON over HTTP/1.1 and HTTP/2,
//! gRPC-Web over HTTP/1.1 and the playground's page all pass through, each answered as the
//! replica answers it directly. Needs `haproxy`, as the fault test does (and skipped, or failed
//! under REFEREE_FAULT_TEST=required, the same way).

use prost::Message;
use referee::pb::v1::{self, referee_service_client::RefereeServiceClient};

use crate::fault::{connect, free_port, Balancer, Replica};
use crate::web::{grpc_web_to, send};

const PATH: &str = "/referee.v1.RefereeService";

#[tokio::test]
async fn every_protocol_passes_through_one_haproxy_frontend() {
    let replica =
        Replica::spawn_with_env(free_port(), free_port(), &[("REFEREE_PLAYGROUND", "true")]);
    let Some(lb) = Balancer::start("proxy", &[replica.port]) else {
        return;
    };
    let lb_port = lb.port;
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
        let through = send(&balanced, http2, "POST", &path, &headers, json.clone()).await;
        let mine = send(&direct, http2, "POST", &path, &headers, json.clone()).await;
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
    let refused = send(
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
    let page = send(&balanced, false, "GET", "/playground/", &[], Vec::new()).await;
    assert_eq!(page.status, 200);
    assert!(page.headers.contains_key("content-security-policy"));
}
