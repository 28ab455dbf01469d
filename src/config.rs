//! Typed configuration from flags and `REFEREE_*` environment variables, each with a default.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Parser;
use tonic::transport::{Certificate, Identity, ServerTlsConfig};

use crate::secret::Secret;
use crate::telemetry::LogFormat;

/// `--max-bot-iterations`' default: about half a second of Village search on one core
/// (docs/operations.md, "Bot budgets against the time limit").
pub const DEFAULT_MAX_ITERATIONS: u32 = 5_000;

/// `--max-concurrent-bots`' default.
pub const DEFAULT_MAX_CONCURRENT: usize = 2;

/// The referee server's configuration.
#[derive(Clone, Debug, Parser)]
#[command(
    name = "referee",
    version,
    about = "A stateless gRPC rules referee for board and card games"
)]
pub struct Config {
    /// Address to serve gRPC on.
    #[arg(long, env = "REFEREE_LISTEN", default_value = "0.0.0.0:50051")]
    pub listen: SocketAddr,

    /// Log format; the filter comes from RUST_LOG (default "info").
    #[arg(long, env = "REFEREE_LOG_FORMAT", value_enum, default_value = "plain")]
    pub log_format: LogFormat,

    /// Largest request or response message, in bytes.
    #[arg(long, env = "REFEREE_MAX_MESSAGE_BYTES", default_value_t = 1024 * 1024)]
    pub max_message_bytes: usize,

    /// Time limit for one request, in milliseconds (a client's shorter grpc-timeout wins).
    #[arg(long, env = "REFEREE_REQUEST_TIMEOUT_MS", default_value_t = 5_000)]
    pub request_timeout_ms: u64,

    /// Requests handled at once across all connections; more are refused at once with
    /// RESOURCE_EXHAUSTED rather than queued.
    #[arg(long, env = "REFEREE_MAX_CONCURRENT_REQUESTS", default_value_t = 1024)]
    pub max_concurrent_requests: usize,

    /// The most iterations one Suggest request may ask of a BOT_LEVEL_SEARCH bot; above it the
    /// request is refused with INVALID_ARGUMENT naming max_iterations.
    #[arg(long, env = "REFEREE_MAX_BOT_ITERATIONS", default_value_t = DEFAULT_MAX_ITERATIONS)]
    pub max_bot_iterations: u32,

    /// Suggest requests handled at once (on their own threads, so they never starve Apply);
    /// more are refused at once with RESOURCE_EXHAUSTED.
    #[arg(long, env = "REFEREE_MAX_CONCURRENT_BOTS", default_value_t = DEFAULT_MAX_CONCURRENT)]
    pub max_concurrent_bots: usize,

    /// HTTP/2 streams one connection may open at once.
    #[arg(long, env = "REFEREE_MAX_CONCURRENT_STREAMS", default_value_t = 256)]
    pub max_concurrent_streams: u32,

    /// On SIGTERM/SIGINT, how long in-flight requests may take to finish, in milliseconds.
    #[arg(long, env = "REFEREE_SHUTDOWN_GRACE_MS", default_value_t = 20_000)]
    pub shutdown_grace_ms: u64,

    /// Address of the Prometheus endpoint (`GET /metrics`). Not Prometheus's own 9090 (nor any
    /// port of the 9100-9999 exporter range), so both run on one host.
    #[arg(long, env = "REFEREE_METRICS_LISTEN", default_value = "0.0.0.0:50052")]
    pub metrics_listen: SocketAddr,

    /// Send each client connection a GOAWAY after this long, so long-lived clients reconnect
    /// and spread over new replicas; 0 = never. Requests in flight finish (within
    /// `--request-timeout-ms`) and the connection then closes. There is deliberately no
    /// forced-close grace period: tonic 0.14's closes the connection at age + grace without
    /// sending the GOAWAY, failing whatever request is in flight (docs/operations.md, "Flags").
    #[arg(long, env = "REFEREE_MAX_CONNECTION_AGE_MS", default_value_t = 300_000)]
    pub max_connection_age_ms: u64,

    /// HTTP/2 keepalive ping interval, to find dead connections; 0 = off.
    #[arg(
        long,
        env = "REFEREE_HTTP2_KEEPALIVE_INTERVAL_MS",
        default_value_t = 30_000
    )]
    pub http2_keepalive_interval_ms: u64,

    /// How long an HTTP/2 keepalive ping may go unanswered before the connection is closed.
    #[arg(
        long,
        env = "REFEREE_HTTP2_KEEPALIVE_TIMEOUT_MS",
        default_value_t = 10_000
    )]
    pub http2_keepalive_timeout_ms: u64,

    /// Key for tamper evidence (at least 32 bytes; prefer the variable, which `ps` does not
    /// show): every returned state carries an authentication tag, and states without a valid
    /// one are refused. Every replica needs the same key. Unset = off.
    #[arg(long, env = "REFEREE_STATE_KEY", hide_env_values = true, value_parser = Secret::parse)]
    pub state_key: Option<Secret>,

    /// The key before the last rotation: states tagged with it are still accepted (and come
    /// back tagged with `--state-key`).
    #[arg(
        long,
        env = "REFEREE_PREVIOUS_STATE_KEY",
        hide_env_values = true,
        value_parser = Secret::parse,
        requires = "state_key"
    )]
    pub previous_state_key: Option<Secret>,

    /// Refuse to start without `--state-key`, for an operator who relies on tamper evidence (a
    /// missing Secret would otherwise start every pod with it off).
    #[arg(long, env = "REFEREE_REQUIRE_STATE_KEY", action = clap::ArgAction::SetTrue,
          value_parser = clap::builder::BoolishValueParser::new())]
    pub require_state_key: bool,

    /// Village's component sets: TOML files of the shape docs/village-components.md describes,
    /// for an operator who owns the game and replaces the provisional values with the printed
    /// ones. New games use the first; states made under any of them (or under the embedded
    /// provisional set, always served) are answered under their own, so a new set strands no
    /// stored game. Repeat the flag or separate paths with commas. The server refuses to start
    /// on a file that does not validate, saying why. Unset = the embedded provisional set.
    #[arg(long, env = "REFEREE_VILLAGE_COMPONENTS", value_delimiter = ',')]
    pub village_components: Vec<PathBuf>,

    /// Browser origins allowed to call the referee (gRPC-Web and Connect) across origins, e.g.
    /// `https://table.example.com`; repeat the flag or separate with commas. CORS answers
    /// their preflights, allows the gRPC, gRPC-Web, Connect and trace-context request headers
    /// and exposes gRPC's status headers. Unset = no cross-origin calls (same-origin and
    /// non-browser clients need nothing).
    #[arg(long, env = "REFEREE_CORS_ALLOW_ORIGINS", value_delimiter = ',', value_parser = cors_origin)]
    pub cors_allow_origins: Vec<tonic::codegen::http::HeaderValue>,

    /// Serve the playground, a development tool: a page at `GET /playground/` on the gRPC port
    /// where an integrator deals a game, sees every seat's view, plays the legal actions, edits
    /// one by hand to see its refusal, and steps through the log. It calls the referee over
    /// Connect from the same origin and holds nothing on the server. Off by default: a
    /// production deployment serves no page.
    #[arg(long, env = "REFEREE_PLAYGROUND", action = clap::ArgAction::SetTrue,
          value_parser = clap::builder::BoolishValueParser::new())]
    pub playground: bool,

    /// TLS on the gRPC port: the server's certificate chain, PEM (with `--tls-key`). Unset =
    /// plaintext (a mesh that terminates TLS needs nothing here). Read at start: a renewed
    /// certificate takes effect at the next restart.
    #[arg(long, env = "REFEREE_TLS_CERT", requires = "tls_key")]
    pub tls_cert: Option<PathBuf>,

    /// The private key of `--tls-cert`, PEM.
    #[arg(long, env = "REFEREE_TLS_KEY", requires = "tls_cert")]
    pub tls_key: Option<PathBuf>,

    /// Mutual TLS: only clients with a certificate signed by this CA (PEM) may connect; others
    /// are refused in the handshake. Needs `--tls-cert`.
    #[arg(long, env = "REFEREE_TLS_CLIENT_CA", requires = "tls_cert")]
    pub tls_client_ca: Option<PathBuf>,

    /// Export each RPC's span over OTLP/gRPC to this collector (e.g. `http://otel-collector:4317`),
    /// continuing the caller's W3C trace context (`traceparent`). Unset = no tracing. The other
    /// `OTEL_EXPORTER_OTLP_*` variables (headers, timeout) and `OTEL_SERVICE_NAME` apply too.
    #[arg(long, env = "OTEL_EXPORTER_OTLP_ENDPOINT")]
    pub otlp_endpoint: Option<String>,

    /// The traces-only endpoint, which takes precedence over `--otlp-endpoint` (as the
    /// OpenTelemetry SDKs read `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`).
    #[arg(long, env = "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")]
    pub otlp_traces_endpoint: Option<String>,

    /// Check the configuration (flags, variables and the files they name) and exit: status 0
    /// and a summary when the server would start with it, 2 and the reason when not. Binds
    /// nothing, so it runs beside a live server (e.g. in a pod's image before a rollout).
    #[arg(long)]
    pub check_config: bool,
}

impl Config {
    /// What the server would run with, one line per setting that matters to an operator (never
    /// a key).
    pub fn summary(&self) -> Vec<String> {
        vec![
            format!(
                "gRPC on {} ({})",
                self.listen,
                match (&self.tls_cert, &self.tls_client_ca) {
                    (None, _) => "plaintext",
                    (Some(_), None) => "TLS, no client certificates asked",
                    (Some(_), Some(_)) => "mutual TLS: client certificates required",
                }
            ),
            format!("metrics on {}", self.metrics_listen),
            format!(
                "bots: at most {} at once, {} search iterations each",
                self.max_concurrent_bots, self.max_bot_iterations
            ),
            format!(
                "tamper evidence: {}",
                match (&self.state_key, &self.previous_state_key) {
                    (None, _) => "off (no state key)",
                    (Some(_), None) => "on (a state key)",
                    (Some(_), Some(_)) => "on (a state key and the previous one)",
                }
            ),
            format!(
                "tracing: {}",
                self.otlp()
                    .map_or("off".to_owned(), |e| format!("spans to {e} (OTLP/gRPC)"))
            ),
        ]
    }

    /// Where spans go, if anywhere: the traces endpoint, else the general one.
    pub fn otlp(&self) -> Option<&str> {
        self.otlp_traces_endpoint
            .as_deref()
            .or(self.otlp_endpoint.as_deref())
            .filter(|e| !e.is_empty())
    }

    /// The gRPC port's TLS, read from the files named (None: plaintext). Whether the files hold
    /// a usable certificate and key is known once tonic builds it (`server::Prepared`).
    pub fn tls(&self) -> Result<Option<ServerTlsConfig>, String> {
        let (Some(cert), Some(key)) = (&self.tls_cert, &self.tls_key) else {
            return Ok(None);
        };
        let read = |path: &Path| {
            std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
        };
        // The TLS handshake must finish within this, so a client that opens a connection and
        // says nothing holds no task for long.
        let mut tls = ServerTlsConfig::new()
            .identity(Identity::from_pem(read(cert)?, read(key)?))
            .timeout(Duration::from_secs(10));
        if let Some(ca) = &self.tls_client_ca {
            tls = tls.client_ca_root(Certificate::from_pem(read(ca)?));
        }
        Ok(Some(tls))
    }

    /// The flags TLS was configured with, for a message.
    pub fn tls_flags(&self) -> String {
        let path = |flag: &str, p: &Option<PathBuf>| {
            p.as_ref()
                .map(|p| format!(" {flag} {}", p.display()))
                .unwrap_or_default()
        };
        format!(
            "{}{}{}",
            path("--tls-cert", &self.tls_cert),
            path("--tls-key", &self.tls_key),
            path("--tls-client-ca", &self.tls_client_ca)
        )
    }

    /// The per-request timeout.
    pub fn request_timeout(&self) -> Duration {
        Duration::from_millis(self.request_timeout_ms)
    }

    /// The drain grace period.
    pub fn shutdown_grace(&self) -> Duration {
        Duration::from_millis(self.shutdown_grace_ms)
    }

    /// `Some(duration)` for a positive number of milliseconds.
    pub fn positive_ms(ms: u64) -> Option<Duration> {
        (ms > 0).then(|| Duration::from_millis(ms))
    }

    /// Refuses values that would switch a limit off, or contradict each other (no I/O: the files
    /// named are read by `server::Prepared`).
    pub fn check(&self) -> Result<(), String> {
        if self.max_message_bytes == 0 || self.max_message_bytes > 64 * 1024 * 1024 {
            return Err("--max-message-bytes must be between 1 and 67108864".into());
        }
        if self.request_timeout_ms == 0 {
            return Err("--request-timeout-ms must be positive".into());
        }
        if self.max_concurrent_requests == 0
            || self.max_concurrent_streams == 0
            || self.max_concurrent_bots == 0
        {
            return Err("concurrency limits must be positive".into());
        }
        if self.require_state_key && self.state_key.is_none() {
            return Err(
                "--require-state-key (REFEREE_REQUIRE_STATE_KEY) is set but no state key \
                 is configured (--state-key or REFEREE_STATE_KEY): refusing to start without \
                 tamper evidence"
                    .into(),
            );
        }
        Ok(())
    }

    /// The defaults, as if no flag and no variable were given (tests listen on an ephemeral port).
    pub fn for_tests() -> Self {
        Config::parse_from([
            "referee",
            "--listen",
            "127.0.0.1:0",
            "--metrics-listen",
            "127.0.0.1:0",
        ])
    }
}

/// A CORS origin: a scheme and a host (and port), as a browser sends it in `Origin`.
fn cors_origin(s: &str) -> Result<tonic::codegen::http::HeaderValue, String> {
    let uri: tonic::codegen::http::Uri = s.parse().map_err(|e| format!("{s:?}: {e}"))?;
    let plain = uri.scheme().is_some()
        && uri.authority().is_some()
        && uri
            .path_and_query()
            .is_none_or(|p| p.as_str() == "/" || p.as_str().is_empty());
    if !plain || s.ends_with('/') {
        return Err(format!(
            "{s:?} is not an origin: a scheme and a host, e.g. https://table.example.com"
        ));
    }
    tonic::codegen::http::HeaderValue::from_str(s).map_err(|e| format!("{s:?}: {e}"))
}
