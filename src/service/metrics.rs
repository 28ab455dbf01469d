//! Prometheus metrics, served on their own port (`--metrics-listen`): request counts per RPC, game
//! and outcome, latency histograms per RPC, game and outcome class (violation codes are counted,
//! not timed, so the bucket series stay few), violation counts by code, the bots' suggestions and
//! iterations by game and level, requests in flight, the
//! build, whether tamper evidence is on, and the process. Label values come from fixed sets only
//! (never from a client's strings), so a client cannot grow the number of series.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;
use tokio::net::TcpListener;

/// Labels of one answered request.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RequestLabels {
    /// The RPC, e.g. `Apply`.
    pub method: &'static str,
    /// The game id, or `none` when the request named no known game.
    pub game: &'static str,
    /// `ok`, a violation code, or a gRPC status code name.
    pub outcome: &'static str,
    /// How it came: `grpc`, `grpc_web`, `connect`, or `http` (plain HTTP, refused). Counted,
    /// not timed: latency series stay per RPC, game and outcome class.
    pub protocol: &'static str,
}

/// Labels of a latency observation: the outcome is `ok`, `violation` (whatever its code) or a
/// gRPC status code name.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct LatencyLabels {
    /// The RPC.
    pub method: &'static str,
    /// The game id, or `none`.
    pub game: &'static str,
    /// The outcome class.
    pub outcome: &'static str,
}

/// Labels of the build-info gauge.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct BuildLabels {
    version: &'static str,
    rules_versions: String,
    git_commit: &'static str,
}

/// Labels of a violation.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct ViolationLabels {
    /// The game id.
    pub game: &'static str,
    /// The violation code.
    pub code: &'static str,
}

/// Labels of a bot's work (Suggest).
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct BotLabels {
    /// The game id.
    pub game: &'static str,
    /// `random`, `greedy` or `search`.
    pub level: &'static str,
}

/// Labels of a bot request (Suggest) that reached a bot: its game, level, and what its client
/// was answered (`ok`, or the status of a request cut off by a deadline or a client gone).
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct BotRequestLabels {
    /// The game id.
    pub game: &'static str,
    /// `random`, `greedy` or `search`.
    pub level: &'static str,
    /// `ok`, `DEADLINE_EXCEEDED` or `CANCELLED`.
    pub outcome: &'static str,
}

/// The referee's metrics.
#[derive(Debug)]
pub struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    latency: Family<LatencyLabels, Histogram>,
    violations: Family<ViolationLabels, Counter>,
    in_flight: Gauge,
    state_key_configured: Gauge,
    bot_requests: Family<BotRequestLabels, Counter>,
    bot_iterations: Family<BotLabels, Counter>,
}

fn latency_histogram() -> Histogram {
    // 20 µs to ~10 s.
    Histogram::new(exponential_buckets(0.000_02, 2.0, 20))
}

impl Metrics {
    /// A fresh registry with every metric registered; `rules_versions` names the rules versions
    /// this build plays (for `referee_build_info`).
    pub fn new(rules_versions: &[&str]) -> Arc<Self> {
        let mut root = Registry::default();
        root.register_collector(Box::new(super::process::Collector::new()));
        let registry = root.sub_registry_with_prefix("referee");
        let build_info = Family::<BuildLabels, Gauge>::default();
        build_info
            .get_or_create(&BuildLabels {
                version: env!("CARGO_PKG_VERSION"),
                rules_versions: rules_versions.join(","),
                git_commit: env!("REFEREE_GIT_COMMIT"),
            })
            .set(1);
        registry.register(
            "build_info",
            "The running build: version, rules versions played, git commit (value 1)",
            build_info,
        );
        let requests = Family::<RequestLabels, Counter>::default();
        let latency = Family::<LatencyLabels, Histogram>::new_with_constructor(
            latency_histogram as fn() -> _,
        );
        let violations = Family::<ViolationLabels, Counter>::default();
        let in_flight = Gauge::default();
        let state_key_configured = Gauge::default();
        registry.register("requests", "gRPC requests answered", requests.clone());
        registry.register(
            "request_duration_seconds",
            "Time to answer a gRPC request",
            latency.clone(),
        );
        registry.register("violations", "Actions refused, by code", violations.clone());
        registry.register(
            "in_flight_requests",
            "gRPC requests being served",
            in_flight.clone(),
        );
        registry.register(
            "state_key_configured",
            "1 when a state key is configured (tamper evidence on), else 0",
            state_key_configured.clone(),
        );
        let bot_requests = Family::<BotRequestLabels, Counter>::default();
        let bot_iterations = Family::<BotLabels, Counter>::default();
        registry.register(
            "bot_requests",
            "Bot requests that reached a bot, by game, level and what the client was answered",
            bot_requests.clone(),
        );
        registry.register(
            "bot_iterations",
            "Search iterations the bots ran, by game and level",
            bot_iterations.clone(),
        );
        Arc::new(Self {
            bot_requests,
            bot_iterations,
            registry: root,
            requests,
            latency,
            violations,
            in_flight,
            state_key_configured,
        })
    }

    /// Records one answered request; `violation` says its outcome is a violation code.
    pub fn observe(&self, labels: RequestLabels, violation: bool, seconds: f64) {
        self.requests.get_or_create(&labels).inc();
        let latency = LatencyLabels {
            method: labels.method,
            game: labels.game,
            outcome: if violation {
                "violation"
            } else {
                labels.outcome
            },
        };
        self.latency.get_or_create(&latency).observe(seconds);
    }

    /// Records a violation.
    pub fn violation(&self, game: &'static str, code: &'static str) {
        self.violations
            .get_or_create(&ViolationLabels { game, code })
            .inc();
    }

    /// Records a bot request and what its client was answered.
    pub fn bot_request(&self, labels: BotRequestLabels) {
        self.bot_requests.get_or_create(&labels).inc();
    }

    /// Records the iterations a bot ran (whether or not its answer was delivered).
    pub fn bot_iterations(&self, labels: BotLabels, iterations: u32) {
        self.bot_iterations
            .get_or_create(&labels)
            .inc_by(u64::from(iterations));
    }

    /// The in-flight gauge.
    pub fn in_flight(&self) -> &Gauge {
        &self.in_flight
    }

    /// Records whether tamper evidence is on.
    pub fn state_key_configured(&self, configured: bool) {
        self.state_key_configured.set(i64::from(configured));
    }

    /// The text exposition format.
    pub fn encode(&self) -> String {
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = prometheus_client::encoding::text::encode(&mut out, &self.registry);
        out
    }
}

/// Serves `GET /metrics` until `shutdown` completes, and two plain-HTTP health checks for
/// probes that cannot speak gRPC over TLS (Kubernetes' gRPC probes have no TLS): `GET /livez`
/// (200 while the process answers) and `GET /readyz` (200 while serving, 503 once `draining`).
pub async fn serve(
    metrics: Arc<Metrics>,
    listener: TcpListener,
    draining: Arc<AtomicBool>,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    use axum::{
        http::{header, StatusCode},
        response::IntoResponse,
        routing::get,
        Router,
    };
    let ready = move || {
        let draining = draining.load(Ordering::SeqCst);
        async move {
            if draining {
                (StatusCode::SERVICE_UNAVAILABLE, "draining\n")
            } else {
                (StatusCode::OK, "serving\n")
            }
        }
    };
    let app = Router::new()
        .route("/livez", get(|| async { "ok\n" }))
        .route("/readyz", get(ready))
        .route(
            "/metrics",
            get(move || {
                let body = metrics.encode();
                async move {
                    (
                        [(
                            header::CONTENT_TYPE,
                            "application/openmetrics-text; version=1.0.0; charset=utf-8",
                        )],
                        body,
                    )
                        .into_response()
                }
            }),
        );
    axum::serve(listener, app)
        .with_graceful_shutdown(shutdown)
        .await
}
