//! gRPC health (`grpc.health.v1.Health`, overall `""` and per service), from tonic-health, with
//! one change: when the server drains, every `Watch` stream gets `NOT_SERVING` and then ends.
//! tonic-health's streams stay open for ever, and a graceful shutdown waits for every open stream,
//! so a single watcher (a sidecar, a load balancer) would hold SIGTERM for the whole grace period.

use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};

use tonic::codegen::tokio_stream::Stream;
use tonic::{Request, Response, Status};
use tonic_health::pb::health_check_response::ServingStatus as WireStatus;
use tonic_health::pb::health_server::{Health, HealthServer};
use tonic_health::pb::{HealthCheckRequest, HealthCheckResponse};
use tonic_health::server::{HealthReporter, HealthService};
use tonic_health::ServingStatus;

/// Sets every status and ends the watch streams on shutdown.
#[derive(Clone)]
pub struct Drain {
    reporter: HealthReporter,
    draining: Arc<AtomicBool>,
}

impl Drain {
    /// Set once the drain has begun: what the plain-HTTP readiness check (`GET /readyz` on the
    /// metrics port) reads.
    pub fn draining(&self) -> Arc<AtomicBool> {
        self.draining.clone()
    }

    /// Turns health `NOT_SERVING` for the overall status and `services`; each watch stream
    /// delivers that status and ends.
    pub async fn start(&self, services: &[&str]) {
        // Set before the statuses change, so a stream that sees NOT_SERVING also sees the flag.
        self.draining.store(true, Ordering::SeqCst);
        for service in std::iter::once(&"").chain(services) {
            self.reporter
                .set_service_status(*service, ServingStatus::NotServing)
                .await;
        }
    }
}

/// The health service and the handle that drains it. `services` start out SERVING.
pub async fn service(services: &[&str]) -> (Drain, HealthServer<DrainingHealth>) {
    let reporter = HealthReporter::new();
    for service in std::iter::once(&"").chain(services) {
        reporter
            .set_service_status(*service, ServingStatus::Serving)
            .await;
    }
    let draining = Arc::new(AtomicBool::new(false));
    let health = DrainingHealth {
        inner: HealthService::from_health_reporter(reporter.clone()),
        draining: draining.clone(),
    };
    (Drain { reporter, draining }, HealthServer::new(health))
}

/// tonic-health's service, with watch streams that end on drain.
pub struct DrainingHealth {
    inner: HealthService,
    draining: Arc<AtomicBool>,
}

#[tonic::async_trait]
impl Health for DrainingHealth {
    async fn check(
        &self,
        request: Request<HealthCheckRequest>,
    ) -> Result<Response<HealthCheckResponse>, Status> {
        self.inner.check(request).await
    }

    type WatchStream = EndOnDrain;

    async fn watch(
        &self,
        request: Request<HealthCheckRequest>,
    ) -> Result<Response<Self::WatchStream>, Status> {
        let inner = self.inner.watch(request).await?.into_inner();
        Ok(Response::new(EndOnDrain {
            inner,
            draining: self.draining.clone(),
            done: false,
        }))
    }
}

/// A watch stream that ends after it delivers `NOT_SERVING` during a drain.
pub struct EndOnDrain {
    inner: tonic_health::server::WatchStream,
    draining: Arc<AtomicBool>,
    done: bool,
}

impl Stream for EndOnDrain {
    type Item = Result<HealthCheckResponse, Status>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        if self.done {
            return Poll::Ready(None);
        }
        let item = Pin::new(&mut self.inner).poll_next(cx);
        if let Poll::Ready(Some(Ok(r))) = &item {
            if r.status == WireStatus::NotServing as i32 && self.draining.load(Ordering::SeqCst) {
                self.done = true;
            }
        }
        item
    }
}
