//! A tower layer around the routes that gives two limits the status codes of the error model
//! (docs/errors.md): a request over the server's time limit answers `DEADLINE_EXCEEDED` (tonic's
//! own timeout answers `CANCELLED`), and a message over the size limit answers
//! `RESOURCE_EXHAUSTED` (tonic answers `OUT_OF_RANGE`; it refuses on the length prefix, before
//! reading the body). It also keeps the in-flight gauge.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use tonic::codegen::http;
use tonic::{Code, Status};
use tower::{Layer, Service};

use super::metrics::Metrics;

/// The layer.
#[derive(Clone, Debug)]
pub struct EdgeLayer {
    timeout: Duration,
    metrics: Arc<Metrics>,
}

impl EdgeLayer {
    /// With the server's per-request time limit.
    pub fn new(timeout: Duration, metrics: Arc<Metrics>) -> Self {
        Self { timeout, metrics }
    }
}

impl<S> Layer<S> for EdgeLayer {
    type Service = Edge<S>;
    fn layer(&self, inner: S) -> Edge<S> {
        Edge {
            inner,
            timeout: self.timeout,
            metrics: self.metrics.clone(),
        }
    }
}

/// The service.
#[derive(Clone, Debug)]
pub struct Edge<S> {
    inner: S,
    timeout: Duration,
    metrics: Arc<Metrics>,
}

/// Counts a request in flight until dropped.
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

/// tonic's message for a message over the decoding limit.
const TOO_LARGE: &str = "decoded message length too large";

fn remap<B: Default>(mut response: http::Response<B>) -> http::Response<B> {
    let headers = response.headers();
    let out_of_range = headers
        .get("grpc-status")
        .is_some_and(|v| v.as_bytes() == b"11");
    let too_large = headers
        .get("grpc-message")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|m| {
            m.contains(TOO_LARGE) || m.contains("decoded%20message%20length%20too%20large")
        });
    if out_of_range && too_large {
        response.headers_mut().insert(
            "grpc-status",
            http::HeaderValue::from_static(code_str(Code::ResourceExhausted)),
        );
    }
    response
}

const fn code_str(code: Code) -> &'static str {
    match code {
        Code::ResourceExhausted => "8",
        _ => "2",
    }
}

impl<S, ReqBody, ResBody> Service<http::Request<ReqBody>> for Edge<S>
where
    S: Service<http::Request<ReqBody>, Response = http::Response<ResBody>>,
    S::Future: Send + 'static,
    ResBody: Default + Send + 'static,
{
    type Response = http::Response<ResBody>;
    type Error = S::Error;
    type Future =
        Pin<Box<dyn Future<Output = Result<Self::Response, Self::Error>> + Send + 'static>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: http::Request<ReqBody>) -> Self::Future {
        let call = self.inner.call(request);
        let limit = self.timeout;
        let in_flight = InFlight::new(self.metrics.clone());
        Box::pin(async move {
            let _in_flight = in_flight;
            match tokio::time::timeout(limit, call).await {
                Ok(result) => result.map(remap),
                Err(_) => Ok(Status::deadline_exceeded(format!(
                    "the request took longer than the server's limit of {} ms",
                    limit.as_millis()
                ))
                .into_http()),
            }
        })
    }
}
