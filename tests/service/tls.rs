//! docs/operations.md, "Transport security": TLS on the gRPC port (`--tls-cert`, `--tls-key`)
//! and mutual TLS (`--tls-client-ca`), with real tonic clients over 127.0.0.1: a client that
//! trusts the server's CA plays, a plaintext client and a client that does not trust it are
//! refused; with mutual TLS only a client with a certificate from the client CA gets through.
//! The metrics port stays plain HTTP and answers the probes (`/livez`, `/readyz`).

use std::path::{Path, PathBuf};

use clap::Parser;
use rcgen::{BasicConstraints, CertificateParams, IsCa, Issuer, KeyPair};
use referee::config::Config;
use referee::pb::v1::{self, referee_service_client::RefereeServiceClient};
use tonic::transport::{Certificate, Channel, ClientTlsConfig, Identity};

use super::grpc::{http_get, start, Server};

/// A certificate authority, and certificates it signs.
struct Ca {
    pem: String,
    issuer: Issuer<'static, KeyPair>,
}

/// A certificate and its key, PEM.
struct Leaf {
    cert: String,
    key: String,
}

impl Ca {
    fn new() -> Ca {
        let mut params = CertificateParams::new(Vec::<String>::new()).unwrap();
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        let key = KeyPair::generate().unwrap();
        let pem = params.self_signed(&key).unwrap().pem();
        Ca {
            pem,
            issuer: Issuer::new(params, key),
        }
    }

    /// A certificate for `names` (DNS names or IP addresses).
    fn sign(&self, names: &[&str]) -> Leaf {
        let params =
            CertificateParams::new(names.iter().map(|n| n.to_string()).collect::<Vec<_>>())
                .unwrap();
        let key = KeyPair::generate().unwrap();
        Leaf {
            cert: params.signed_by(&key, &self.issuer).unwrap().pem(),
            key: key.serialize_pem(),
        }
    }
}

/// Writes `text` into `dir/name` and gives its path.
fn file(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn tls_config(dir: &Path, server: &Leaf, client_ca: Option<&Ca>) -> Config {
    let cert = file(dir, "server.pem", &server.cert);
    let key = file(dir, "server.key", &server.key);
    let mut args: Vec<String> = [
        "referee",
        "--listen",
        "127.0.0.1:0",
        "--metrics-listen",
        "127.0.0.1:0",
        "--tls-cert",
    ]
    .map(String::from)
    .to_vec();
    args.push(cert.display().to_string());
    args.push("--tls-key".into());
    args.push(key.display().to_string());
    if let Some(ca) = client_ca {
        args.push("--tls-client-ca".into());
        args.push(file(dir, "client-ca.pem", &ca.pem).display().to_string());
    }
    Config::try_parse_from(args).unwrap()
}

/// A TLS client trusting `ca`, with `identity` if given; the call's error if it cannot play.
async fn call_over_tls(server: &Server, ca: &Ca, identity: Option<&Leaf>) -> Result<(), String> {
    let https = server.addr.replace("http://", "https://");
    let mut tls = ClientTlsConfig::new()
        .ca_certificate(Certificate::from_pem(&ca.pem))
        .domain_name("localhost");
    if let Some(leaf) = identity {
        tls = tls.identity(Identity::from_pem(&leaf.cert, &leaf.key));
    }
    let channel = Channel::from_shared(https)
        .unwrap()
        .tls_config(tls)
        .unwrap()
        .connect()
        .await
        .map_err(|e| format!("connect: {e:?}"))?;
    play(channel).await
}

/// A new game and its first move, or the status that stopped it.
async fn play(channel: Channel) -> Result<(), String> {
    let mut c = RefereeServiceClient::new(channel);
    let game = c
        .new_game(v1::NewGameRequest {
            game: "port-royal".into(),
            players: 3,
            seed: Some(7),
            ..Default::default()
        })
        .await
        .map_err(|s| format!("{s:?}"))?
        .into_inner();
    let state = game.state.unwrap();
    let legal = c
        .legal_actions(v1::LegalActionsRequest {
            state: Some(state.clone()),
            seat: None,
        })
        .await
        .map_err(|s| format!("{s:?}"))?
        .into_inner();
    let applied = c
        .apply(v1::ApplyRequest {
            state: Some(state),
            action: legal.actions.first().cloned(),
        })
        .await
        .map_err(|s| format!("{s:?}"))?
        .into_inner();
    assert!(matches!(
        applied.outcome,
        Some(v1::apply_response::Outcome::Applied(_))
    ));
    Ok(())
}

async fn plaintext(server: &Server) -> Result<(), String> {
    let channel = Channel::from_shared(server.addr.clone())
        .unwrap()
        .connect()
        .await
        .map_err(|e| format!("connect: {e:?}"))?;
    play(channel).await
}

#[tokio::test]
async fn with_a_certificate_clients_play_over_tls_and_plaintext_is_refused() {
    let dir = tempdir();
    let ca = Ca::new();
    let server = start(tls_config(
        &dir,
        &ca.sign(&["localhost", "127.0.0.1"]),
        None,
    ))
    .await;
    call_over_tls(&server, &ca, None).await.unwrap();
    // Without mutual TLS a client certificate is not asked for, and harms nothing.
    call_over_tls(&server, &ca, Some(&Ca::new().sign(&["a-client"])))
        .await
        .unwrap();
    assert!(plaintext(&server).await.is_err(), "plaintext is refused");
    let stranger = Ca::new();
    let refused = call_over_tls(&server, &stranger, None).await.unwrap_err();
    assert!(refused.contains("connect"), "{refused}");
    // The metrics port is plain HTTP, and answers the probes.
    assert!(http_get(server.metrics, "/livez")
        .await
        .starts_with("HTTP/1.1 200"));
    let ready = http_get(server.metrics, "/readyz").await;
    assert!(
        ready.starts_with("HTTP/1.1 200") && ready.ends_with("serving\n"),
        "{ready}"
    );
}

/// A plain-text client at the TLS port is told apart in the server's log (a warning naming what
/// it sent), and the start-up log says TLS is on; without TLS it says TLS is off. The release
/// binary, as an operator runs it, its log read from its standard error.
#[tokio::test]
async fn a_plain_text_client_at_the_tls_port_is_logged() {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt};
    let dir = tempdir();
    let ca = Ca::new();
    let leaf = ca.sign(&["localhost", "127.0.0.1"]);
    let (cert, key) = (
        file(&dir, "s.pem", &leaf.cert),
        file(&dir, "s.key", &leaf.key),
    );
    for tls in [true, false] {
        let port = {
            let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            l.local_addr().unwrap().port()
        };
        let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_referee"));
        command
            .env("REFEREE_LISTEN", format!("127.0.0.1:{port}"))
            .env("REFEREE_METRICS_LISTEN", "127.0.0.1:0")
            .env("RUST_LOG", "info,referee::rpc=warn")
            .stderr(std::process::Stdio::piped())
            .kill_on_drop(true);
        if tls {
            command
                .arg("--tls-cert")
                .arg(&cert)
                .arg("--tls-key")
                .arg(&key);
        }
        let mut child = command.spawn().unwrap();
        let mut lines = tokio::io::BufReader::new(child.stderr.take().unwrap()).lines();
        let mut log = Vec::new();
        let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(30);
        // Read the start-up lines until it serves.
        while !log.iter().any(|l: &String| l.contains("referee serving")) {
            let line = tokio::time::timeout_at(deadline, lines.next_line()).await;
            log.push(line.expect("the referee never came up").unwrap().unwrap());
        }
        let said = if tls {
            "TLS on the gRPC port"
        } else {
            "TLS off"
        };
        for said in [said, "tracing off", "tamper evidence off"] {
            assert!(log.iter().any(|l| l.contains(said)), "{said}: {log:#?}");
        }
        if tls {
            // gRPC's plain-text preface, as a client without TLS opens its connection.
            let mut tcp = tokio::net::TcpStream::connect(("127.0.0.1", port))
                .await
                .unwrap();
            tcp.write_all(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")
                .await
                .unwrap();
            while !log.iter().any(|l| l.contains("plain text to the TLS port")) {
                let line = tokio::time::timeout_at(deadline, lines.next_line()).await;
                log.push(line.expect("no warning logged").unwrap().unwrap());
            }
            let warning = log.last().unwrap();
            assert!(
                warning.contains("HTTP/2 in plain text") && warning.contains("127.0.0.1"),
                "{warning}"
            );
        }
        child.kill().await.unwrap();
    }
}

#[tokio::test]
async fn with_a_client_ca_only_clients_with_its_certificates_get_through() {
    let dir = tempdir();
    let server_ca = Ca::new();
    let client_ca = Ca::new();
    let config = tls_config(&dir, &server_ca.sign(&["localhost"]), Some(&client_ca));
    let server = start(config).await;
    call_over_tls(
        &server,
        &server_ca,
        Some(&client_ca.sign(&["platform-backend"])),
    )
    .await
    .unwrap();
    for (who, identity) in [
        ("no client certificate", None),
        (
            "a certificate of another CA",
            Some(Ca::new().sign(&["impostor"])),
        ),
        // The server's own CA signs servers, not clients: it is not the client CA.
        (
            "a certificate of the server's CA",
            Some(server_ca.sign(&["x"])),
        ),
    ] {
        let refused = call_over_tls(&server, &server_ca, identity.as_ref()).await;
        assert!(refused.is_err(), "{who} got through");
    }
    assert!(plaintext(&server).await.is_err());
}

/// A TLS setting that cannot work stops the start, naming the file.
#[test]
fn unusable_tls_files_are_configuration_errors_naming_the_file() {
    let dir = tempdir();
    let ca = Ca::new();
    let leaf = ca.sign(&["localhost"]);
    let other = ca.sign(&["localhost"]);
    let parse = |args: &[&str]| Config::try_parse_from([&["referee"], args].concat());
    let cert = file(&dir, "cert.pem", &leaf.cert);
    let cert = cert.to_str().unwrap();
    let wrong_key = file(&dir, "other.key", &other.key);
    let garbage = file(&dir, "garbage.pem", "not a PEM file");
    // A certificate without its key (or a key alone) is refused by the flags themselves.
    assert!(parse(&["--tls-cert", cert]).is_err());
    assert!(parse(&["--tls-client-ca", cert]).is_err());
    for (key, words) in [
        (wrong_key.to_str().unwrap(), "other.key"),
        (garbage.to_str().unwrap(), "garbage.pem"),
        ("/no/such/key.pem", "cannot read /no/such/key.pem"),
    ] {
        let config = parse(&["--tls-cert", cert, "--tls-key", key]).unwrap();
        let Err(err) = referee::service::transport::server::Prepared::new(&config) else {
            panic!("{key} accepted")
        };
        assert!(err.contains(words), "{err}");
    }
}

/// A fresh folder in the system's temporary directory for one test's files.
fn tempdir() -> PathBuf {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "referee-tls-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::SeqCst)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
