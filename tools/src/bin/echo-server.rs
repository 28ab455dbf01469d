//! The load test's second floor (`tools/loadtest`): the referee's own server — the same flags,
//! stack, edge layer, codec and limits — serving one more service, `referee.loadtest.Echo`, that
//! decodes a request of any size and answers with as many bytes as the request asks for, doing
//! nothing else. Sent a request the size of an `ApplyRequest` and asked for a response the size of
//! the `ApplyResponse`, it costs what carrying Apply's bytes costs; the rest of Apply's price is
//! the referee's own work. Built only for the load test; the product never serves it.
//!
//! Usage: `echo-server [referee flags…]`

use std::convert::Infallible;
use std::task::{Context, Poll};

use clap::Parser;
use mimalloc::MiMalloc;
use referee::config::Config;
use referee::pb::codec::RefereeCodec;
use referee::service::transport::server::{serve_prepared, Listeners, Prepared};
use referee_tools::echo::Blob;
use tonic::codegen::{http, BoxFuture, Service, StdError};
use tonic::server::{Grpc, NamedService, UnaryService};
use tonic::service::Routes;

/// The referee's allocator, so the floor pays what the referee pays for memory.
#[global_allocator]
static GLOBAL: MiMalloc = MiMalloc;

/// Answers a blob with a blob of the asked size.
struct Echo;

impl UnaryService<Blob> for Echo {
    type Response = Blob;
    type Future = std::future::Ready<Result<tonic::Response<Blob>, tonic::Status>>;

    fn call(&mut self, request: tonic::Request<Blob>) -> Self::Future {
        let respond = request.get_ref().respond.min(1 << 20) as usize;
        std::future::ready(Ok(tonic::Response::new(Blob {
            data: vec![7; respond],
            respond: 0,
        })))
    }
}

/// `referee.loadtest.Echo/Echo`, routed as a generated service is, with the referee's codec and
/// message limits.
#[derive(Clone)]
struct EchoServer {
    max_message_bytes: usize,
}

impl NamedService for EchoServer {
    const NAME: &'static str = "referee.loadtest.Echo";
}

impl<B> Service<http::Request<B>> for EchoServer
where
    B: tonic::codegen::Body + Send + 'static,
    B::Error: Into<StdError> + Send + 'static,
{
    type Response = http::Response<tonic::body::Body>;
    type Error = Infallible;
    type Future = BoxFuture<Self::Response, Self::Error>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: http::Request<B>) -> Self::Future {
        let max = self.max_message_bytes;
        Box::pin(async move {
            if request.uri().path() != "/referee.loadtest.Echo/Echo" {
                return Ok(tonic::Status::unimplemented("no such method").into_http());
            }
            let mut grpc = Grpc::new(RefereeCodec::<Blob, Blob>::default())
                .max_decoding_message_size(max)
                .max_encoding_message_size(max);
            Ok(grpc.unary(Echo, request).await)
        })
    }
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let config = Config::parse();
    if let Err(message) = config.check() {
        eprintln!("echo-server: {message}");
        return std::process::ExitCode::from(2);
    }
    let echo = EchoServer {
        max_message_bytes: config.max_message_bytes,
    };
    let prepared = match Prepared::new(&config) {
        Ok(p) => p.with_routes(Routes::new(echo)),
        Err(message) => {
            eprintln!("echo-server: {message}");
            return std::process::ExitCode::from(2);
        }
    };
    let listeners = match Listeners::bind(&config).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("echo-server: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let shutdown = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("echo-server: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let shutdown = async move {
        tokio::select! {
            _ = shutdown => {}
            _ = term.recv() => {}
        }
    };
    match serve_prepared(&config, prepared, listeners, shutdown).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("echo-server: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
