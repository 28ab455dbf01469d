//! The edge: one tower layer around every route that enforces what the handlers cannot see and
//! gives it the status codes of the error model (docs/errors.md), counted and logged like any
//! other refusal.
//!
//! - **Concurrency**: beyond `--max-concurrent-requests` a request is refused at once with
//!   `RESOURCE_EXHAUSTED` rather than queued.
//! - **Time**: a request not answered by its deadline (`--request-timeout-ms`, or the client's
//!   own if earlier: `deadline.rs`) answers `DEADLINE_EXCEEDED`.
//! - **Framing**: a request that is not gRPC (its content type) is answered HTTP 415, as gRPC's
//!   HTTP/2 protocol says. A unary gRPC request must be exactly one length-prefixed message.
//!   tonic answers a body shorter than its prefix announces, or no message at all, with
//!   `INTERNAL`, silently drops bytes after the message, and answers a prefix over the limit
//!   `OUT_OF_RANGE`; here they are `INVALID_ARGUMENT` (a prefix over the limit
//!   `RESOURCE_EXHAUSTED`, refused before the body is read). An unknown `grpc-encoding` is left
//!   to tonic, which answers `UNIMPLEMENTED` as gRPC specifies.
//! - **Accounting**: a refusal that never reached a handler (the above, undecodable protobuf, an
//!   unknown method) is counted in `referee_requests_total` with the game `none` and logged on
//!   `referee::rpc`; a handler marks its request ([`Observed`]) so nothing is counted twice. A
//!   request whose client goes away before its answer is counted `CANCELLED`.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use bytes::{Buf, Bytes, BytesMut};
use http_body_util::BodyExt;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tonic::body::Body;
use tonic::codegen::http;
use tonic::{Code, Status};
use tower::{Layer, Service};
use tracing::Span;

use crate::service::metrics::{Metrics, RequestLabels};
use crate::service::request::{client_gone, Arrived, Deadline, Observed, Protocol};
use crate::service::rpc::Rpc;
use crate::service::transport::deadline;

/// The gRPC message prefix: a compression flag and a big-endian length.
const PREFIX: usize = 5;

/// The edge's limits.
#[derive(Clone, Debug)]
pub struct EdgeLayer {
    timeout: Duration,
    max_message_bytes: usize,
    permits: Arc<Semaphore>,
    max_concurrent: usize,
    metrics: Arc<Metrics>,
}

impl EdgeLayer {
    /// With the server's per-request time limit, its message size limit, and the number of
    /// requests served at once.
    pub fn new(
        timeout: Duration,
        max_message_bytes: usize,
        max_concurrent: usize,
        metrics: Arc<Metrics>,
    ) -> Self {
        Self {
            timeout,
            max_message_bytes,
            permits: Arc::new(Semaphore::new(max_concurrent)),
            max_concurrent,
            metrics,
        }
    }

    /// One of the permits of `--max-concurrent-requests`, if one is free, counted in flight
    /// while it is held.
    pub fn admit(&self) -> Option<Admission> {
        let permit = self.permits.clone().try_acquire_owned().ok()?;
        Some(Admission {
            _permit: permit,
            _in_flight: InFlight::new(self.metrics.clone()),
        })
    }

    /// The refusal of a request beyond the limit.
    pub fn busy(&self) -> Status {
        Status::resource_exhausted(format!(
            "the server is serving its limit of {} requests at once",
            self.max_concurrent
        ))
    }

    /// The deadline of a request that arrived at `arrived` carrying the client's deadline
    /// `client` (its duration and the header that set it), if any.
    pub fn deadline(&self, arrived: Instant, client: Option<(Duration, &'static str)>) -> Deadline {
        Deadline::new(arrived, self.timeout, client)
    }

    /// The message size limit.
    pub fn max_message_bytes(&self) -> usize {
        self.max_message_bytes
    }

    /// Counts and logs a refusal made before the request reached the edge (a Connect call's
    /// body that is not its message, say), as the edge does its own.
    pub fn record_refusal(
        &self,
        uri: &http::Uri,
        headers: &http::HeaderMap,
        protocol: Protocol,
        status: &Status,
        started: Instant,
    ) {
        let (service, method) = method_label(uri.path());
        let span = crate::telemetry::rpc_span(service, method, &trace_headers(headers));
        record(&self.metrics, method, protocol, status, span, started);
    }
}

/// A request's place among those served at once: its permit, and its count in flight.
#[derive(Debug)]
pub struct Admission {
    _permit: OwnedSemaphorePermit,
    _in_flight: InFlight,
}

/// Put in a request's extensions by a layer above that admitted the request already (a Connect
/// call, whose JSON is decoded before the edge): the edge does not admit it a second time.
#[derive(Clone, Debug)]
pub struct Admitted(pub Arc<Admission>);

impl<S> Layer<S> for EdgeLayer {
    type Service = Edge<S>;
    fn layer(&self, inner: S) -> Edge<S> {
        Edge {
            inner,
            limits: self.clone(),
        }
    }
}

/// The service.
#[derive(Clone, Debug)]
pub struct Edge<S> {
    inner: S,
    limits: EdgeLayer,
}

/// Counts a request in flight until dropped.
#[derive(Debug)]
struct InFlight(Arc<Metrics>);

impl InFlight {
    fn new(metrics: Arc<Metrics>) -> Self {
        metrics.in_flight().inc();
        Self(metrics)
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.in_flight().dec();
    }
}

/// The other services' methods, labelled by their whole path.
const OTHER_METHODS: [&str; 4] = [
    "grpc.health.v1.Health/Check",
    "grpc.health.v1.Health/Watch",
    "grpc.reflection.v1.ServerReflection/ServerReflectionInfo",
    "grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo",
];

/// The method label of a path, and the referee's service if it is one of its RPCs: labels
/// never come from a client's strings (anything else is `unknown`).
fn method_label(path: &str) -> (Option<&'static str>, &'static str) {
    let path = path.strip_prefix('/').unwrap_or(path);
    let ours = path
        .strip_prefix(crate::service::SERVICE)
        .and_then(|m| m.strip_prefix('/'))
        .and_then(Rpc::named);
    match ours {
        Some(rpc) => (Some(crate::service::SERVICE), rpc.name()),
        None => (
            None,
            OTHER_METHODS
                .iter()
                .find(|k| **k == path)
                .map_or("unknown", |k| k),
        ),
    }
}

/// Whether a request says it is gRPC (`application/grpc`, `application/grpc+proto`, …). tonic
/// reads any body as gRPC whatever its content type, so a JSON body would be answered INTERNAL.
fn is_grpc(request: &http::Request<Body>) -> bool {
    request
        .headers()
        .get(http::header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/grpc"))
}

/// The answer gRPC's HTTP/2 protocol gives a request that is not gRPC: HTTP 415, so that no
/// HTTP client takes it for a success (with a grpc-status, so that it is counted and a gRPC
/// client sees a code).
fn not_grpc<B: Default>() -> http::Response<B> {
    let mut response = Status::invalid_argument(
        "the referee speaks gRPC: the content type must be application/grpc",
    )
    .into_http();
    *response.status_mut() = http::StatusCode::UNSUPPORTED_MEDIA_TYPE;
    response
}

/// Whether a request's whole body is one message: unary and server-streaming calls (the
/// reflection service streams requests both ways, and is left to tonic).
fn one_message(request: &http::Request<Body>) -> bool {
    !request.uri().path().starts_with("/grpc.reflection.")
}

/// Reads a one-message body whole and checks its framing; gives back the same bytes as a body.
async fn framed(
    request: http::Request<Body>,
    max_message_bytes: usize,
) -> Result<http::Request<Body>, Status> {
    let identity = request
        .headers()
        .get("grpc-encoding")
        .is_none_or(|v| v.as_bytes() == b"identity");
    let (parts, mut body) = request.into_parts();
    let mut chunks: Vec<Bytes> = Vec::new();
    let mut received = 0usize;
    let mut announced: Option<usize> = None;
    let mut trailers = None;
    while let Some(frame) = body.frame().await {
        let frame =
            frame.map_err(|e| Status::cancelled(format!("the request body failed: {e}")))?;
        let frame = match frame.into_data() {
            Ok(data) => data,
            Err(frame) => {
                trailers = frame.into_trailers().ok();
                continue;
            }
        };
        received += frame.len();
        chunks.push(frame);
        if announced.is_none() && received >= PREFIX {
            let prefix = prefix(&chunks);
            announced = Some(check_prefix(prefix, identity, max_message_bytes)?);
        }
        if let Some(len) = announced {
            if received > PREFIX + len {
                return Err(Status::invalid_argument(format!(
                    "a request carries exactly one message: {} bytes follow the {len}-byte \
                     message (its prefix announces {len})",
                    received - PREFIX - len
                )));
            }
        }
    }
    match announced {
        None if received == 0 => Err(Status::invalid_argument(
            "the request carries no message (a gRPC request is a 5-byte prefix and a message)",
        )),
        None => Err(Status::invalid_argument(format!(
            "the request body holds {received} bytes, less than a message's 5-byte prefix"
        ))),
        Some(len) if received < PREFIX + len => Err(Status::invalid_argument(format!(
            "the request is cut short: its prefix announces a {len}-byte message, the body \
             holds {}",
            received - PREFIX
        ))),
        Some(_) => {
            let data = if chunks.len() == 1 {
                chunks.pop().unwrap_or_default()
            } else {
                let mut all = BytesMut::with_capacity(received);
                chunks.iter().for_each(|c| all.extend_from_slice(c));
                all.freeze()
            };
            let full = http_body_util::Full::new(data);
            let body = match trailers {
                None => Body::new(full),
                Some(t) => Body::new(full.with_trailers(async move { Some(Ok(t)) })),
            };
            Ok(http::Request::from_parts(parts, body))
        }
    }
}

/// The W3C trace context headers of a request (usually none: then nothing is copied).
fn trace_headers(headers: &http::HeaderMap) -> http::HeaderMap {
    let mut out = http::HeaderMap::new();
    for name in ["traceparent", "tracestate"] {
        if let Some(value) = headers.get(name) {
            out.insert(name, value.clone());
        }
    }
    out
}

/// The first five bytes, across chunks.
fn prefix(chunks: &[Bytes]) -> [u8; PREFIX] {
    let mut out = [0; PREFIX];
    let mut reader = chunks.iter().flat_map(|c| c.iter());
    for byte in &mut out {
        *byte = reader.next().copied().unwrap_or_default();
    }
    out
}

/// The announced length, if the prefix is well formed and within the limit.
fn check_prefix(
    prefix: [u8; PREFIX],
    identity: bool,
    max_message_bytes: usize,
) -> Result<usize, Status> {
    let len = (&prefix[1..]).get_u32() as usize;
    match prefix[0] {
        0 => {}
        // gRPC's compression document asks for INTERNAL here; docs/errors.md keeps INTERNAL
        // for the referee's own faults, and this is the client's.
        1 if identity => {
            return Err(Status::invalid_argument(
                "the message is flagged compressed but the request names no grpc-encoding",
            ))
        }
        1 => {}
        flag => {
            return Err(Status::invalid_argument(format!(
                "the message prefix has compression flag {flag} (0 or 1)"
            )))
        }
    }
    if len > max_message_bytes {
        return Err(Status::resource_exhausted(format!(
            "the message is {len} bytes, over the server's limit of {max_message_bytes}"
        )));
    }
    Ok(len)
}

/// The status of a trailers-only answer (a refusal before any message), if not OK.
fn refused(headers: &http::HeaderMap) -> Option<Status> {
    Status::from_header_map(headers).filter(|s| s.code() != Code::Ok)
}

impl<S, ResBody> Service<http::Request<Body>> for Edge<S>
where
    S: Service<http::Request<Body>, Response = http::Response<ResBody>> + Clone + Send + 'static,
    S::Future: Send + 'static,
    S::Error: Send,
    ResBody: Default + Send + 'static,
{
    type Response = http::Response<ResBody>;
    type Error = S::Error;
    type Future =
        Pin<Box<dyn Future<Output = Result<Self::Response, Self::Error>> + Send + 'static>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut request: http::Request<Body>) -> Self::Future {
        let arrived = request
            .extensions()
            .get::<Arrived>()
            .map_or_else(Instant::now, |a| a.0);
        let limits = self.limits.clone();
        // The service that was made ready goes with this call; its clone waits for the next.
        let clone = self.inner.clone();
        let mut inner = std::mem::replace(&mut self.inner, clone);
        let (service, method) = method_label(request.uri().path());
        let protocol = request
            .extensions()
            .get::<Protocol>()
            .copied()
            .unwrap_or_default();
        // A Connect call's deadline was set by its own layer, from its own header.
        let deadline = request
            .extensions()
            .get::<Deadline>()
            .copied()
            .unwrap_or_else(|| {
                let client = deadline::client_timeout(request.headers(), "grpc-timeout");
                limits.deadline(arrived, client.map(|d| (d, "grpc-timeout")))
            });
        request.extensions_mut().insert(deadline);
        let observed = Observed::default();
        request.extensions_mut().insert(observed.clone());
        // Counts the request CANCELLED if its client goes away before it is answered (and no
        // handler counted it).
        let mut unanswered = Unanswered(Some(Refusal {
            metrics: Arc::clone(&limits.metrics),
            service,
            method,
            protocol,
            // The caller's trace, for the span of a refusal no handler makes.
            trace: trace_headers(request.headers()),
            started: arrived,
            observed: observed.clone(),
        }));
        Box::pin(async move {
            let answer = async {
                let admitted = request.extensions().get::<Admitted>().is_some();
                let _admission = if admitted {
                    None
                } else {
                    match limits.admit() {
                        Some(admission) => Some(admission),
                        None => return Ok(limits.busy().into_http()),
                    }
                };
                if !is_grpc(&request) {
                    return Ok(not_grpc());
                }
                let served = async {
                    let request = if one_message(&request) {
                        match framed(request, limits.max_message_bytes).await {
                            Ok(r) => r,
                            Err(status) => return Ok(status.into_http()),
                        }
                    } else {
                        request
                    };
                    inner.call(request).await
                };
                deadline::within(deadline, served)
                    .await
                    .unwrap_or_else(|status| Ok(status.into_http()))
            }
            .await;
            let refusal = unanswered.0.take();
            if let (Ok(response), Some(refusal)) = (&answer, refusal) {
                if let Some(status) = refused(response.headers()) {
                    refusal.record(&status);
                }
            }
            answer
        })
    }
}

/// What the edge needs to count and log a refusal no handler saw.
struct Refusal {
    metrics: Arc<Metrics>,
    service: Option<&'static str>,
    method: &'static str,
    protocol: Protocol,
    trace: http::HeaderMap,
    started: Instant,
    observed: Observed,
}

impl Refusal {
    /// Counts and logs `status`, unless a handler counted the request.
    fn record(self, status: &Status) {
        if self.observed.is_set() {
            return;
        }
        let span = crate::telemetry::rpc_span(self.service, self.method, &self.trace);
        record(
            &self.metrics,
            self.method,
            self.protocol,
            status,
            span,
            self.started,
        );
    }
}

/// A request not answered yet: dropped so (its client went away, its connection closed), it is
/// counted `CANCELLED`.
struct Unanswered(Option<Refusal>);

impl Drop for Unanswered {
    fn drop(&mut self) {
        if let Some(refusal) = self.0.take() {
            refusal.record(&client_gone());
        }
    }
}

/// Counts and logs a refusal no handler saw, as `observe` does for the ones it sees.
fn record(
    metrics: &Metrics,
    method: &'static str,
    protocol: Protocol,
    status: &Status,
    span: Span,
    started: Instant,
) {
    let outcome = crate::service::rpc::code_name(status.code());
    let elapsed = started.elapsed();
    span.record("game", "none");
    span.record("outcome", outcome);
    crate::telemetry::record_status(&span, status.code());
    let _enter = span.enter();
    tracing::info!(
        target: "referee::rpc",
        outcome,
        duration_us = elapsed.as_micros() as u64,
        error = status.message(),
        "refused"
    );
    metrics.observe(
        RequestLabels {
            method,
            game: "none",
            outcome,
            protocol: protocol.label(),
        },
        false,
        elapsed.as_secs_f64(),
    );
}
