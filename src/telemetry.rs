//! Logging and tracing. Logs go through tracing as plain or JSON lines, filtered by RUST_LOG
//! (default "info"). Traces are off unless an OTLP endpoint is configured: then each RPC's span
//! (`rpc`: method, game, outcome and the gRPC status, never the state or the action, which hold
//! hidden information) is exported over OTLP/gRPC, continuing the trace a W3C `traceparent`
//! header names. Only the `rpc` spans are exported, not the log lines inside them (a refusal's
//! message can quote the state).

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};

use opentelemetry::propagation::{Extractor, TextMapPropagator};
use opentelemetry::trace::TracerProvider as _;
use opentelemetry_otlp::WithExportConfig;
use opentelemetry_sdk::propagation::TraceContextPropagator;
use opentelemetry_sdk::trace::SdkTracerProvider;
use opentelemetry_sdk::Resource;
use tonic::codegen::http::HeaderMap;
use tracing::{field, info_span, Span};
use tracing_opentelemetry::OpenTelemetrySpanExt;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{EnvFilter, Layer};

use clap::ValueEnum;

/// Log output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    /// Human-readable lines.
    Plain,
    /// One JSON object per line.
    Json,
}

/// Whether spans are exported: set once by [`init`]. Without it, request spans carry only what
/// the logs show and no `traceparent` is read.
static EXPORTING: AtomicBool = AtomicBool::new(false);

/// What must be flushed before the process exits.
#[must_use = "call shutdown before exiting, or the last spans are lost"]
pub struct Telemetry {
    provider: Option<SdkTracerProvider>,
}

impl Telemetry {
    /// Exports the spans still buffered (the batch exporter sends every few seconds).
    pub async fn shutdown(self) {
        if let Some(provider) = self.provider {
            // The SDK's shutdown blocks until its export thread is done.
            let done = tokio::task::spawn_blocking(move || provider.shutdown()).await;
            if let Ok(Err(e)) = done {
                tracing::warn!(error = %e, "could not export the last spans");
            }
        }
    }
}

/// Installs the global subscriber, and span export to `otlp_endpoint` if given (an OTLP/gRPC
/// collector, e.g. `http://otel-collector:4317`; the exporter also reads the other
/// `OTEL_EXPORTER_OTLP_*` variables, and the resource `OTEL_SERVICE_NAME` and
/// `OTEL_RESOURCE_ATTRIBUTES`). Call once, from `main`, inside the Tokio runtime.
pub fn init(format: LogFormat, otlp_endpoint: Option<&str>) -> Result<Telemetry, String> {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let fmt = tracing_subscriber::fmt::layer()
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(std::io::stderr);
    // RUST_LOG filters the log lines only: the spans exported do not depend on it.
    let fmt = match format {
        LogFormat::Plain => fmt.with_filter(filter).boxed(),
        LogFormat::Json => fmt
            .json()
            .with_current_span(true)
            .with_filter(filter)
            .boxed(),
    };
    let (provider, otel) = match otlp_endpoint {
        None => (None, None),
        Some(endpoint) => {
            let exporter = opentelemetry_otlp::SpanExporter::builder()
                .with_tonic()
                .with_endpoint(endpoint)
                .build()
                .map_err(|e| format!("OTLP exporter for {endpoint}: {e}"))?;
            let resource = Resource::builder().with_service_name("referee").build();
            let provider = SdkTracerProvider::builder()
                .with_batch_exporter(exporter)
                .with_resource(resource)
                .build();
            let tracer = provider.tracer("referee");
            let layer = tracing_opentelemetry::layer()
                .with_tracer(tracer)
                .with_location(false)
                .with_threads(false)
                .with_target(false)
                .with_level(false)
                .with_filter(tracing_subscriber::filter::filter_fn(|m| {
                    m.is_span() && m.name() == "rpc"
                }));
            EXPORTING.store(true, Ordering::SeqCst);
            (Some(provider), Some(layer))
        }
    };
    tracing_subscriber::registry().with(fmt).with(otel).init();
    Ok(Telemetry { provider })
}

/// The span of one RPC, `method` the metrics' label (e.g. `Apply`, or a whole path such as
/// `grpc.health.v1.Health/Check` for another service) and `service` the referee's service if it
/// is one of its RPCs; a child of the caller's trace when spans are exported and `headers`
/// carry a valid `traceparent` (and `tracestate`).
pub fn rpc_span(service: Option<&'static str>, method: &'static str, headers: &HeaderMap) -> Span {
    if !EXPORTING.load(Ordering::Relaxed) {
        return info_span!("rpc", method, game = field::Empty, outcome = field::Empty);
    }
    // The OpenTelemetry conventions for a gRPC server span.
    let span = info_span!(
        "rpc",
        method,
        game = field::Empty,
        outcome = field::Empty,
        otel.name = service.map_or_else(|| method.to_owned(), |s| format!("{s}/{method}")),
        otel.kind = "server",
        otel.status_code = field::Empty,
        rpc.system = "grpc",
        rpc.service = service.unwrap_or_default(),
        rpc.method = method,
        rpc.grpc.status_code = field::Empty,
    );
    let parent = TraceContextPropagator::new().extract(&Headers(headers));
    // A request with no (or a malformed) traceparent begins a trace of its own.
    let _ = span.set_parent(parent);
    span
}

/// Records the gRPC status of an RPC on its span; the codes the conventions count as the
/// server's errors mark the span failed (a refusal of the client's request does not).
pub fn record_status(span: &Span, code: tonic::Code) {
    use tonic::Code as C;
    span.record("rpc.grpc.status_code", code as i64);
    if matches!(
        code,
        C::Unknown
            | C::DeadlineExceeded
            | C::Unimplemented
            | C::Internal
            | C::Unavailable
            | C::DataLoss
    ) {
        span.record("otel.status_code", "error");
    }
}

/// The headers of a request, as the propagator reads them.
struct Headers<'a>(&'a HeaderMap);

impl Extractor for Headers<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).and_then(|v| v.to_str().ok())
    }

    fn keys(&self) -> Vec<&str> {
        self.0.keys().map(|k| k.as_str()).collect()
    }
}
