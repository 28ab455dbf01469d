//! What a request carries from the transport to its handler, in its extensions: how it came in
//! ([`Protocol`]), when it arrived ([`Arrived`]) and must be answered by ([`Deadline`]), and
//! whether a handler has counted it ([`Observed`]). The transport puts them there and the handlers
//! read them; neither imports the other for them.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tonic::Status;

/// The protocol a request came in by, for `referee_requests_total`'s `protocol` label: put in
/// its extensions by the layer that translated it (Connect, gRPC-Web); gRPC otherwise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Protocol {
    /// gRPC over HTTP/2.
    #[default]
    Grpc,
    /// gRPC-Web, translated by tonic-web.
    GrpcWeb,
    /// Connect's unary calls, translated by `connect.rs`.
    Connect,
    /// Plain HTTP that is none of them (refused).
    Http,
}

impl Protocol {
    /// The label value.
    pub fn label(self) -> &'static str {
        match self {
            Protocol::Grpc => "grpc",
            Protocol::GrpcWeb => "grpc_web",
            Protocol::Connect => "connect",
            Protocol::Http => "http",
        }
    }
}

/// Put in every request's extensions; a handler that records the request's outcome itself sets
/// it, so the edge does not count it again.
#[derive(Clone, Debug, Default)]
pub struct Observed(Arc<AtomicBool>);

impl Observed {
    /// The handler has counted and logged this request.
    pub fn set(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether a handler has counted and logged this request.
    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// When a request arrived: put in its extensions by the outermost layer of ours (Connect's,
/// which every request passes), so its deadline counts the time spent above the edge too.
#[derive(Clone, Copy, Debug)]
pub struct Arrived(pub Instant);

/// When a request must be answered by, and who set that: put in its extensions by the edge (for
/// a Connect call, by the Connect layer), so a handler whose work outlives its request can tell
/// what the client was answered.
#[derive(Clone, Copy, Debug)]
pub struct Deadline {
    at: Instant,
    limit: Duration,
    /// The header that set it; none for the server's own limit.
    client: Option<&'static str>,
}

impl Deadline {
    /// The earliest of the server's `limit` and the client's (`client`: its duration and the
    /// header that carried it), from `arrived`.
    pub fn new(
        arrived: Instant,
        limit: Duration,
        client: Option<(Duration, &'static str)>,
    ) -> Deadline {
        let (limit, client) = match client {
            Some((d, header)) if d < limit => (d, Some(header)),
            _ => (limit, None),
        };
        Deadline {
            at: arrived + limit,
            limit,
            client,
        }
    }

    /// The instant itself.
    pub fn at(&self) -> Instant {
        self.at
    }

    /// Whether it has passed.
    pub fn passed(&self) -> bool {
        Instant::now() >= self.at
    }

    /// The answer once it has passed.
    pub fn status(&self) -> Status {
        let ms = self.limit.as_millis();
        Status::deadline_exceeded(match self.client {
            None => format!("the request took longer than the server's limit of {ms} ms"),
            Some(header) => {
                format!("the request's deadline passed before its answer ({header}: {ms} ms)")
            }
        })
    }
}

/// The status of a request whose client went away (or whose connection closed) before its
/// answer: what the edge and a handler outliving its request both record.
pub fn client_gone() -> Status {
    Status::cancelled("the client went away before the answer")
}
