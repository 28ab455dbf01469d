//! The Connect protocol's unary calls (`POST /referee.v1.RefereeService/Apply` with
//! `application/json` or `application/proto`), on the gRPC port, over HTTP/1.1 and HTTP/2.
//!
//! A Connect call is translated into the gRPC call it stands for and sent down the same stack
//! as every gRPC call (gRPC-Web, the edge's framing, time limit and accounting, the handlers), so
//! one set of limits, metrics, logs and traces covers every protocol; the answer is translated
//! back: the message (JSON by pbjson, the standard proto3 JSON mapping), or Connect's error
//! shape `{"code", "message", "details"}` with the HTTP status Connect gives the code. The call
//! is admitted by the edge's own rule (a concurrency permit, counted in flight) before its body
//! is read, and holds it until its answer is encoded, so its JSON work counts against
//! `--max-concurrent-requests` like any handler's.
//!
//! Only the referee's own RPCs are served this way (health and reflection stay gRPC); Connect's
//! streaming, its GET form and compressed bodies are not served (each refused with a Connect
//! error saying so).

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Instant;

use base64::Engine;
use bytes::{BufMut, Bytes, BytesMut};
use http_body_util::BodyExt;
use prost::Message;
use tonic::body::Body;
use tonic::codegen::http::{self, header, HeaderValue, Method, StatusCode, Version};
use tonic::{Code, Status};
use tower::{Layer, Service};

use crate::pb::v1;
use crate::service::request::{Arrived, Protocol};
use crate::service::rpc::Rpc;
use crate::service::transport::deadline;
use crate::service::transport::edge::{Admitted, EdgeLayer};
use crate::service::transport::playground::Playground;

/// The Connect layer: with the edge's limits it shares.
#[derive(Clone, Debug)]
pub struct ConnectLayer {
    edge: EdgeLayer,
    playground: Option<Arc<Playground>>,
}

impl ConnectLayer {
    /// Sharing `edge`'s permits, message size limit and metrics.
    pub fn new(edge: EdgeLayer) -> Self {
        Self {
            edge,
            playground: None,
        }
    }

    /// Also serves the playground's page (`--playground`) at [`crate::service::transport::playground::PATH`].
    pub fn with_playground(mut self, playground: Playground) -> Self {
        self.playground = Some(Arc::new(playground));
        self
    }
}

impl<S> Layer<S> for ConnectLayer {
    type Service = Connect<S>;
    fn layer(&self, inner: S) -> Connect<S> {
        Connect {
            inner,
            edge: self.edge.clone(),
            playground: self.playground.clone(),
        }
    }
}

/// The service: Connect calls translated, the playground's files served, everything else
/// passed through.
#[derive(Clone, Debug)]
pub struct Connect<S> {
    inner: S,
    edge: EdgeLayer,
    playground: Option<Arc<Playground>>,
}

/// How a Connect call's messages are encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Codec {
    Json,
    Proto,
}

impl Codec {
    /// The codec a content type names, if it is one of Connect's unary ones.
    fn of(content_type: &[u8]) -> Option<Codec> {
        let essence = content_type
            .split(|&b| b == b';')
            .next()
            .unwrap_or_default();
        match essence.trim_ascii() {
            b"application/json" => Some(Codec::Json),
            b"application/proto" => Some(Codec::Proto),
            _ => None,
        }
    }

    fn content_type(self) -> HeaderValue {
        HeaderValue::from_static(match self {
            Codec::Json => "application/json",
            Codec::Proto => "application/proto",
        })
    }
}

/// A JSON body to protobuf bytes, or the other way, for one message type.
type Transcode = fn(&[u8]) -> Result<Vec<u8>, String>;

/// A request message from JSON, as the protobuf bytes the gRPC stack takes; an empty body is the
/// empty message, as Connect's own servers read it (`curl -X POST` with no data). The body is
/// checked as UTF-8 once, whole (serde_json would check each string it reads).
pub fn from_json<M: Message + Default + serde::de::DeserializeOwned>(
    json: &[u8],
) -> Result<Vec<u8>, String> {
    if json.trim_ascii().is_empty() {
        return Ok(M::default().encode_to_vec());
    }
    let text = std::str::from_utf8(json)
        .map_err(|e| format!("the request is not valid JSON for its message: not UTF-8 ({e})"))?;
    serde_json::from_str::<M>(text)
        .map(|m| m.encode_to_vec())
        .map_err(|e| format!("the request is not valid JSON for its message: {e}"))
}

/// An answer's protobuf bytes, as the gRPC stack gives them, to JSON.
pub fn to_json<M: Message + Default + serde::Serialize>(proto: &[u8]) -> Result<Vec<u8>, String> {
    let message = M::decode(proto).map_err(|e| e.to_string())?;
    serde_json::to_vec(&message).map_err(|e| e.to_string())
}

/// How Connect carries an RPC: its request from JSON, its response to JSON.
struct Route {
    request: Transcode,
    response: Transcode,
}

/// Each RPC's route: the match is exhaustive, so an RPC added to the list ([`Rpc`]) without its
/// messages here does not compile.
fn route(rpc: Rpc) -> Route {
    fn of<Req, Res>() -> Route
    where
        Req: Message + Default + serde::de::DeserializeOwned,
        Res: Message + Default + serde::Serialize,
    {
        Route {
            request: from_json::<Req>,
            response: to_json::<Res>,
        }
    }
    match rpc {
        Rpc::ListGames => of::<v1::ListGamesRequest, v1::ListGamesResponse>(),
        Rpc::NewGame => of::<v1::NewGameRequest, v1::NewGameResponse>(),
        Rpc::LegalActions => of::<v1::LegalActionsRequest, v1::LegalActionsResponse>(),
        Rpc::Validate => of::<v1::ValidateRequest, v1::ValidateResponse>(),
        Rpc::Apply => of::<v1::ApplyRequest, v1::ApplyResponse>(),
        Rpc::View => of::<v1::ViewRequest, v1::ViewResponse>(),
        Rpc::Replay => of::<v1::ReplayRequest, v1::ReplayResponse>(),
        Rpc::Suggest => of::<v1::SuggestRequest, v1::SuggestResponse>(),
    }
}

/// The RPC a path names, if it is one of the referee's.
fn rpc(path: &str) -> Option<Rpc> {
    let method = path
        .strip_prefix('/')?
        .strip_prefix(crate::service::SERVICE)?
        .strip_prefix('/')?;
    Rpc::named(method)
}

/// Connect's name of a code (lower snake case) and the HTTP status it answers with.
fn connect_code(code: Code) -> (&'static str, StatusCode) {
    let (name, status) = match code {
        Code::Ok => ("ok", 200),
        Code::Cancelled => ("canceled", 499),
        Code::Unknown => ("unknown", 500),
        Code::InvalidArgument => ("invalid_argument", 400),
        Code::DeadlineExceeded => ("deadline_exceeded", 504),
        Code::NotFound => ("not_found", 404),
        Code::AlreadyExists => ("already_exists", 409),
        Code::PermissionDenied => ("permission_denied", 403),
        Code::ResourceExhausted => ("resource_exhausted", 429),
        Code::FailedPrecondition => ("failed_precondition", 400),
        Code::Aborted => ("aborted", 409),
        Code::OutOfRange => ("out_of_range", 400),
        Code::Unimplemented => ("unimplemented", 501),
        Code::Internal => ("internal", 500),
        Code::Unavailable => ("unavailable", 503),
        Code::DataLoss => ("data_loss", 500),
        Code::Unauthenticated => ("unauthenticated", 401),
    };
    (
        name,
        StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
    )
}

/// A detail as JSON, Connect's optional `debug` form, for the detail types the referee sends:
/// a client without their proto (curl, the playground) reads field paths and reasons from it.
fn debug(type_name: &str, value: &[u8]) -> Option<serde_json::Value> {
    use tonic_types::pb::{BadRequest, ErrorInfo};
    match type_name {
        "google.rpc.BadRequest" => BadRequest::decode(value).ok().map(|b| {
            let violations: Vec<_> = b
                .field_violations
                .iter()
                .map(|v| serde_json::json!({ "field": v.field, "description": v.description }))
                .collect();
            serde_json::json!({ "fieldViolations": violations })
        }),
        "google.rpc.ErrorInfo" => ErrorInfo::decode(value).ok().map(|i| {
            serde_json::json!({ "reason": i.reason, "domain": i.domain, "metadata": i.metadata })
        }),
        _ => None,
    }
}

/// Connect's error answer for a status: its code's HTTP status and a JSON body with the code,
/// the message and the status's details (`google.rpc.BadRequest`, `google.rpc.ErrorInfo`),
/// each as its type name, its bytes in base64 and (for those two) its JSON as `debug`.
fn error_response(status: &Status) -> http::Response<Body> {
    let (code, http_status) = connect_code(status.code());
    let details: Vec<serde_json::Value> = tonic_types::pb::Status::decode(status.details())
        .map(|s| s.details)
        .unwrap_or_default()
        .into_iter()
        .map(|any| {
            let name = any
                .type_url
                .rsplit('/')
                .next()
                .unwrap_or_default()
                .to_owned();
            let mut detail = serde_json::json!({
                "type": name,
                "value": base64::engine::general_purpose::STANDARD_NO_PAD.encode(&any.value),
            });
            if let Some(debug) = debug(&name, &any.value) {
                detail["debug"] = debug;
            }
            detail
        })
        .collect();
    let mut body = serde_json::json!({ "code": code, "message": status.message() });
    if !details.is_empty() {
        body["details"] = serde_json::Value::Array(details);
    }
    let mut response = http::Response::new(Body::new(http_body_util::Full::new(Bytes::from(
        body.to_string(),
    ))));
    *response.status_mut() = http_status;
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, Codec::Json.content_type());
    response
}

/// The answer to an HTTP/1.1 request that is neither Connect nor gRPC-Web: HTTP 415 (gRPC-Web's
/// layer would answer a bare 400), saying what the port speaks.
fn unsupported() -> http::Response<Body> {
    let mut response =
        http::Response::new(Body::new(http_body_util::Full::new(Bytes::from_static(
            b"the referee speaks gRPC (HTTP/2), gRPC-Web, and Connect: POST \
              /referee.v1.RefereeService/<Method> with content-type application/json or \
              application/proto\n",
        ))));
    *response.status_mut() = StatusCode::UNSUPPORTED_MEDIA_TYPE;
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain"));
    response
}

/// Whether a request is gRPC-Web (left to its layer).
fn is_grpc_web(request: &http::Request<Body>) -> bool {
    content_type_starts(request, b"application/grpc-web")
}

/// Whether a request is gRPC or gRPC-Web (routed, whatever its path).
fn is_grpc(request: &http::Request<Body>) -> bool {
    content_type_starts(request, b"application/grpc")
}

fn content_type_starts(request: &http::Request<Body>, prefix: &[u8]) -> bool {
    request
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(prefix))
}

/// Reads a body whole, refusing it past `limit` bytes (before reading more).
async fn read_body(body: Body, limit: usize) -> Result<Bytes, Status> {
    let limited = http_body_util::Limited::new(body, limit);
    match limited.collect().await {
        Ok(collected) => Ok(collected.to_bytes()),
        Err(e) if e.is::<http_body_util::LengthLimitError>() => Err(Status::resource_exhausted(
            format!("the request body is over the server's limit of {limit} bytes"),
        )),
        Err(e) => Err(Status::cancelled(format!("the request body failed: {e}"))),
    }
}

/// The gRPC request a Connect call stands for: the same path and headers (trace context
/// included; not Connect's or gRPC's own: its deadline travels as an extension), and the message
/// in gRPC's framing.
fn grpc_request(parts: &http::request::Parts, message: &[u8]) -> http::Request<Body> {
    let mut framed = BytesMut::with_capacity(5 + message.len());
    framed.put_u8(0);
    framed.put_u32(message.len() as u32);
    framed.put_slice(message);
    let mut request = http::Request::new(Body::new(http_body_util::Full::new(framed.freeze())));
    *request.method_mut() = Method::POST;
    *request.uri_mut() = parts.uri.clone();
    // The stack below is gRPC's, which is HTTP/2 whatever the connection is.
    *request.version_mut() = Version::HTTP_2;
    let headers = request.headers_mut();
    let skip = [
        header::CONTENT_TYPE,
        header::CONTENT_LENGTH,
        header::CONTENT_ENCODING,
        header::ACCEPT_ENCODING,
        header::CONNECTION,
        header::HOST,
    ];
    for (name, value) in &parts.headers {
        // Connect's own headers, and any of gRPC's a client sent (a `grpc-accept-encoding`
        // would have the answer compressed): the call below is this layer's.
        let protocol = ["connect-", "grpc-"]
            .iter()
            .any(|p| name.as_str().starts_with(p));
        if !skip.contains(name) && !protocol {
            headers.append(name, value.clone());
        }
    }
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/grpc"),
    );
    headers.insert(header::TE, HeaderValue::from_static("trailers"));
    request
}

/// The message of a gRPC answer, or its status.
async fn grpc_answer(response: http::Response<Body>) -> Result<Bytes, Status> {
    if let Some(status) = Status::from_header_map(response.headers()) {
        if status.code() != Code::Ok {
            return Err(status);
        }
    }
    let collected = response
        .into_body()
        .collect()
        .await
        .map_err(|e| Status::internal(format!("the answer failed: {e}")))?;
    if let Some(status) = collected.trailers().and_then(Status::from_header_map) {
        if status.code() != Code::Ok {
            return Err(status);
        }
    }
    let body = collected.to_bytes();
    match body.get(5..) {
        Some(_) if body[0] == 0 => Ok(body.slice(5..)),
        _ => Err(Status::internal(
            "the answer is not one uncompressed gRPC message",
        )),
    }
}

impl<S> Connect<S>
where
    S: Service<http::Request<Body>, Response = http::Response<Body>> + Send + 'static,
    S::Future: Send + 'static,
{
    /// Serves one Connect call through `inner`.
    async fn call_connect(
        mut inner: S,
        edge: EdgeLayer,
        request: http::Request<Body>,
        codec: Codec,
        rpc: Route,
        arrived: Instant,
    ) -> Result<http::Response<Body>, S::Error> {
        let started = arrived;
        let (parts, body) = request.into_parts();
        // Connect's deadline is `connect-timeout-ms`. A `grpc-timeout` sent with it is kept too
        // (the earlier wins): tonic's server enforces that header on every request, outside this
        // layer, and would answer it in gRPC's shape; kept here, it is answered in Connect's.
        let client = ["connect-timeout-ms", "grpc-timeout"]
            .into_iter()
            .filter_map(|h| deadline::client_timeout(&parts.headers, h).map(|d| (d, h)))
            .min_by_key(|(d, _)| *d);
        let deadline = edge.deadline(arrived, client);
        let refuse = |status: Status| {
            edge.record_refusal(
                &parts.uri,
                &parts.headers,
                Protocol::Connect,
                &status,
                started,
            );
            error_response(&status)
        };
        let Some(admission) = edge.admit() else {
            return Ok(refuse(edge.busy()));
        };
        if parts.method != Method::POST {
            return Ok(refuse(Status::unimplemented(
                "Connect calls are served as POST (not Connect's GET form)",
            )));
        }
        let encoding = parts.headers.get(header::CONTENT_ENCODING);
        if encoding.is_some_and(|e| e.as_bytes() != b"identity") {
            return Ok(refuse(Status::unimplemented(
                "the referee serves uncompressed Connect requests only (content-encoding identity)",
            )));
        }
        let read = deadline::within(deadline, read_body(body, edge.max_message_bytes()));
        let body = match read.await.and_then(|read| read) {
            Ok(b) => b,
            Err(status) => return Ok(refuse(status)),
        };
        let json;
        let message: &[u8] = match codec {
            Codec::Proto => &body,
            Codec::Json => match (rpc.request)(&body) {
                Ok(m) => {
                    json = m;
                    &json
                }
                Err(e) => return Ok(refuse(Status::invalid_argument(e))),
            },
        };
        // The admission is held here until the answer is encoded, and lent to the edge below.
        let admission = Arc::new(admission);
        let mut grpc = grpc_request(&parts, message);
        grpc.extensions_mut()
            .insert(Admitted(Arc::clone(&admission)));
        grpc.extensions_mut().insert(Protocol::Connect);
        grpc.extensions_mut().insert(deadline);
        grpc.extensions_mut().insert(Arrived(arrived));
        std::future::poll_fn(|cx| inner.poll_ready(cx)).await?;
        let answer = inner.call(grpc).await?;
        let message = match grpc_answer(answer).await {
            Ok(m) => m,
            // Refusals below were counted where they were made.
            Err(status) => return Ok(error_response(&status)),
        };
        let body = match codec {
            Codec::Proto => message,
            Codec::Json => match (rpc.response)(&message) {
                Ok(json) => Bytes::from(json),
                Err(e) => return Ok(error_response(&Status::internal(e))),
            },
        };
        drop(admission);
        let mut response = http::Response::new(Body::new(http_body_util::Full::new(body)));
        response
            .headers_mut()
            .insert(header::CONTENT_TYPE, codec.content_type());
        Ok(response)
    }
}

impl<S> Service<http::Request<Body>> for Connect<S>
where
    S: Service<http::Request<Body>, Response = http::Response<Body>> + Clone + Send + 'static,
    S::Future: Send + 'static,
    S::Error: Send,
{
    type Response = http::Response<Body>;
    type Error = S::Error;
    type Future =
        Pin<Box<dyn Future<Output = Result<Self::Response, Self::Error>> + Send + 'static>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut request: http::Request<Body>) -> Self::Future {
        // Before anything is awaited: tonic's timer for `grpc-timeout` starts just after this
        // call returns, and every deadline of ours counts from here (`deadline.rs`).
        let arrived = Instant::now();
        request.extensions_mut().insert(Arrived(arrived));
        if Playground::owns(request.uri().path()) && !is_grpc(&request) {
            let answer = Playground::answer(
                self.playground.as_deref(),
                request.method(),
                request.uri().path(),
            );
            return Box::pin(async move { Ok(answer) });
        }
        let codec = request
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| Codec::of(v.as_bytes()));
        let connect = codec.zip(rpc(request.uri().path()));
        let http1 = request.version() != Version::HTTP_2;
        let clone = self.inner.clone();
        let mut inner = std::mem::replace(&mut self.inner, clone);
        match connect {
            Some((codec, rpc)) => {
                // The service made ready goes with the call; Connect readies it again itself.
                Box::pin(Self::call_connect(
                    inner,
                    self.edge.clone(),
                    request,
                    codec,
                    route(rpc),
                    arrived,
                ))
            }
            // Connect's GET form names no content type: its path says it is a Connect call.
            None if codec.is_some()
                || request.method() == Method::GET && rpc(request.uri().path()).is_some() =>
            {
                let status = Status::unimplemented(match codec {
                    Some(_) => format!(
                        "Connect serves the referee's RPCs ({}/<Method>); health and reflection \
                         are gRPC",
                        crate::service::SERVICE
                    ),
                    None => "Connect calls are served as POST (not Connect's GET form)".to_owned(),
                });
                self.edge.record_refusal(
                    request.uri(),
                    request.headers(),
                    Protocol::Connect,
                    &status,
                    arrived,
                );
                Box::pin(async move { Ok(error_response(&status)) })
            }
            None if http1 && !is_grpc_web(&request) => {
                let status = Status::invalid_argument("not gRPC-Web or Connect over HTTP/1.1");
                self.edge.record_refusal(
                    request.uri(),
                    request.headers(),
                    Protocol::Http,
                    &status,
                    arrived,
                );
                Box::pin(async move { Ok(unsupported()) })
            }
            None => {
                if is_grpc_web(&request) {
                    request.extensions_mut().insert(Protocol::GrpcWeb);
                }
                Box::pin(async move { inner.call(request).await })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_types_name_their_codec() {
        assert_eq!(Codec::of(b"application/json"), Some(Codec::Json));
        assert_eq!(
            Codec::of(b"application/json; charset=utf-8"),
            Some(Codec::Json)
        );
        assert_eq!(Codec::of(b"application/proto"), Some(Codec::Proto));
        assert_eq!(Codec::of(b"application/grpc"), None);
        assert_eq!(Codec::of(b"application/connect+json"), None);
    }

    #[test]
    fn every_referee_rpc_is_served_and_nothing_else() {
        for &r in Rpc::ALL {
            let path = format!("/{}/{}", crate::service::SERVICE, r.name());
            assert_eq!(rpc(&path), Some(r));
        }
        assert!(rpc("/grpc.health.v1.Health/Check").is_none());
        assert!(rpc("/referee.v1.RefereeService/Nope").is_none());
    }

    #[test]
    fn codes_map_to_connects_http_statuses() {
        assert_eq!(
            connect_code(Code::InvalidArgument),
            ("invalid_argument", StatusCode::BAD_REQUEST)
        );
        assert_eq!(connect_code(Code::ResourceExhausted).1.as_u16(), 429);
        assert_eq!(
            connect_code(Code::Cancelled),
            ("canceled", StatusCode::from_u16(499).unwrap())
        );
        assert_eq!(connect_code(Code::Unimplemented).1.as_u16(), 501);
        assert_eq!(connect_code(Code::DeadlineExceeded).1.as_u16(), 504);
    }
}
