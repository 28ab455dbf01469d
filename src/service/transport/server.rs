//! Serving: the referee, gRPC health (overall and per service) and reflection (v1 and v1alpha),
//! with limits on by default, and a graceful drain on shutdown.

use std::future::Future;

use tokio::net::TcpListener;
use tokio_stream::StreamExt;
use tonic::server::NamedService;
use tonic::service::Routes;
use tonic::transport::server::TcpIncoming;
use tonic::transport::Server;

use tonic::codegen::http::{HeaderName, HeaderValue, Method};
use tower_http::cors::{AllowOrigin, CorsLayer};

use crate::config::Config;
use crate::pb::{self, v1::referee_service_server::RefereeServiceServer};
use crate::service::contexts::Contexts;
use crate::service::metrics::{self, Metrics};
use crate::service::rpc::state_tag::StateTags;
use crate::service::transport::connect::ConnectLayer;
use crate::service::transport::edge::EdgeLayer;
use crate::service::transport::first_bytes::FirstBytes;
use crate::service::transport::health;
use crate::service::Referee;

/// Errors that stop the server.
pub type ServeError = Box<dyn std::error::Error + Send + Sync>;

/// The sockets the server answers on.
#[derive(Debug)]
pub struct Listeners {
    /// gRPC.
    pub grpc: TcpListener,
    /// Prometheus `/metrics`.
    pub metrics: TcpListener,
}

/// A listener that could not be bound: which one, where, and why.
#[derive(Debug)]
pub struct BindError {
    /// `gRPC` or `metrics`.
    pub listener: &'static str,
    /// The address asked for.
    pub addr: std::net::SocketAddr,
    /// What the operating system said.
    pub error: std::io::Error,
}

impl std::fmt::Display for BindError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "cannot bind the {} listener to {}: {}",
            self.listener, self.addr, self.error
        )
    }
}

impl std::error::Error for BindError {}

impl Listeners {
    /// Binds the addresses in `config`.
    pub async fn bind(config: &Config) -> Result<Self, BindError> {
        let bind = |listener, addr| async move {
            TcpListener::bind(addr).await.map_err(|error| BindError {
                listener,
                addr,
                error,
            })
        };
        Ok(Self {
            grpc: bind("gRPC", config.listen).await?,
            metrics: bind("metrics", config.metrics_listen).await?,
        })
    }
}

/// What the server builds from its configuration before anything is bound, every file it names
/// read once: each game's context, and the gRPC server with its TLS.
pub struct Prepared {
    contexts: Contexts,
    server: Server,
    extra: Routes,
}

impl Prepared {
    /// Reads and checks what `config` names; an error names the flag or file and what is wrong
    /// (a component set that does not validate, a key that is not the certificate's, …).
    pub fn new(config: &Config) -> Result<Prepared, String> {
        let contexts = crate::service::contexts::load(config)?;
        let mut server = Server::builder();
        if let Some(tls) = config.tls()? {
            server = server.tls_config(tls).map_err(|e| {
                format!(
                    "TLS ({}): {}",
                    config.tls_flags().trim_start(),
                    source_chain(&e)
                )
            })?;
        }
        Ok(Prepared {
            contexts,
            server,
            extra: Routes::default(),
        })
    }

    /// Also serves `routes`, beside the referee and under the same stack and settings (the
    /// load test's echo floor, the `echo-server` tool (`tools/src/bin/echo-server.rs`); the referee itself serves nothing
    /// else).
    pub fn with_routes(mut self, routes: Routes) -> Prepared {
        self.extra = routes;
        self
    }

    /// One line per game context, for `--check-config`.
    pub fn summary(&self) -> Vec<String> {
        crate::service::contexts::summary(&self.contexts)
    }
}

/// CORS for the allowed origins (none: no layer, and no cross-origin call succeeds): their
/// preflights are answered, the headers gRPC-Web, Connect and trace context send are allowed,
/// and gRPC's status headers exposed, so a browser client reads a refusal's code and details.
fn cors(origins: &[HeaderValue]) -> Option<CorsLayer> {
    if origins.is_empty() {
        return None;
    }
    let allowed = [
        "content-type",
        "x-grpc-web",
        "x-user-agent",
        "grpc-timeout",
        "connect-protocol-version",
        "connect-timeout-ms",
        "traceparent",
        "tracestate",
    ];
    let exposed = ["grpc-status", "grpc-message", "grpc-status-details-bin"];
    Some(
        CorsLayer::new()
            .allow_origin(AllowOrigin::list(origins.iter().cloned()))
            .allow_methods([Method::POST, Method::GET, Method::OPTIONS])
            .allow_headers(allowed.map(HeaderName::from_static))
            .expose_headers(exposed.map(HeaderName::from_static))
            .max_age(std::time::Duration::from_secs(600)),
    )
}

/// An error and its causes, as one line.
fn source_chain(e: &dyn std::error::Error) -> String {
    let mut out = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        out.push_str(": ");
        out.push_str(&c.to_string());
        cause = c.source();
    }
    out
}

/// Serves until `shutdown` completes; then health turns NOT_SERVING, new connections are
/// refused, and in-flight requests get up to the grace period to finish.
pub async fn serve(
    config: &Config,
    listeners: Listeners,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    serve_prepared(config, Prepared::new(config)?, listeners, shutdown).await
}

/// [`serve`], with what `main` prepared (and checked) before binding.
pub async fn serve_prepared(
    config: &Config,
    prepared: Prepared,
    listeners: Listeners,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    let Prepared {
        contexts,
        server,
        extra,
    } = prepared;
    let tls = config.tls_cert.is_some();
    let metrics = Metrics::new(&crate::service::rpc::games::rules_versions());
    metrics.state_key_configured(config.state_key.is_some());
    let services = [RefereeServiceServer::<Referee>::NAME];
    let (drain, health) = health::service(&services).await;
    let (metrics_stop, metrics_stopped) = tokio::sync::oneshot::channel::<()>();
    let metrics_task = tokio::spawn(metrics::serve(
        metrics.clone(),
        listeners.metrics,
        drain.draining(),
        async move {
            let _ = metrics_stopped.await;
        },
    ));
    // Reflection also serves google.rpc's error details (BadRequest, ErrorInfo) and Status, so a
    // client with no proto files (grpcurl) can decode a refusal's field paths and reason.
    let reflection = || {
        tonic_reflection::server::Builder::configure()
            .register_encoded_file_descriptor_set(pb::FILE_DESCRIPTOR_SET)
            .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET)
            .register_encoded_file_descriptor_set(tonic_types::pb::FILE_DESCRIPTOR_SET)
    };
    let reflection_v1 = reflection().build_v1()?;
    let reflection_v1alpha = reflection().build_v1alpha()?;
    let bots = crate::service::rpc::bots::BotLimits::new(
        config.max_bot_iterations,
        config.max_concurrent_bots,
    );
    let mut referee = Referee::new(metrics.clone())
        .with_contexts(contexts)
        .with_bots(bots);
    if let Some(key) = &config.state_key {
        referee = referee.with_state_tags(StateTags::new(key, config.previous_state_key.as_ref()));
    }
    let referee = RefereeServiceServer::new(referee)
        .max_decoding_message_size(config.max_message_bytes)
        .max_encoding_message_size(config.max_message_bytes);

    let (drain_tx, drain_rx) = tokio::sync::oneshot::channel::<()>();
    let on_shutdown = async move {
        shutdown.await;
        tracing::info!("shutting down: health NOT_SERVING, draining in-flight requests");
        drain.start(&services).await;
        let _ = drain_tx.send(());
    };

    // Concurrency, time, framing, and the accounting of what no handler sees.
    let limits = EdgeLayer::new(
        config.request_timeout(),
        config.max_message_bytes,
        config.max_concurrent_requests,
        metrics,
    );
    let mut connect = ConnectLayer::new(limits.clone());
    if config.playground {
        connect = connect.with_playground(crate::service::transport::playground::Playground::new());
        tracing::info!(
            path = crate::service::transport::playground::PATH,
            "serving the playground (a development tool)"
        );
    }
    let mut builder = server
        // gRPC-Web and Connect run over HTTP/1.1 too (a browser's fetch, curl).
        .accept_http1(true)
        .max_concurrent_streams(Some(config.max_concurrent_streams))
        .http2_keepalive_interval(Config::positive_ms(config.http2_keepalive_interval_ms))
        .http2_keepalive_timeout(Config::positive_ms(config.http2_keepalive_timeout_ms));
    if let Some(age) = Config::positive_ms(config.max_connection_age_ms) {
        builder = builder.max_connection_age(age);
    }
    // Outermost first: CORS (browsers' preflights), Connect and gRPC-Web translated into gRPC,
    // then the edge's limits and accounting over what every protocol became.
    let server = builder
        .layer(tower::util::option_layer(cors(&config.cors_allow_origins)))
        .layer(connect)
        .layer(tonic_web::GrpcWebLayer::new())
        .layer(limits)
        .add_routes(extra)
        .add_service(health)
        .add_service(reflection_v1)
        .add_service(reflection_v1alpha)
        .add_service(referee)
        .serve_with_incoming_shutdown(
            // Without TCP_NODELAY a response written in two segments waits ~40 ms for the
            // client's delayed ACK (Nagle).
            TcpIncoming::from(listeners.grpc)
                .with_nodelay(Some(true))
                .map(move |tcp| tcp.map(|tcp| FirstBytes::new(tcp, tls))),
            on_shutdown,
        );

    let grace = config.shutdown_grace();
    tokio::pin!(server);
    let result = tokio::select! {
        result = &mut server => result.map_err(Into::into),
        _ = drain_rx => match tokio::time::timeout(grace, server).await {
            Ok(result) => result.map_err(Into::into),
            Err(_) => {
                tracing::warn!(
                    grace_ms = grace.as_millis() as u64,
                    "grace period over; closing remaining connections"
                );
                Ok(())
            }
        },
    };
    let _ = metrics_stop.send(());
    let _ = metrics_task.await;
    result
}
