//! Serving: the referee, gRPC health (overall and per service) and reflection (v1 and v1alpha),
//! with limits on by default, and a graceful drain on shutdown.

use std::future::Future;
use std::time::Duration;

use tokio::net::TcpListener;
use tokio_stream::wrappers::TcpListenerStream;
use tonic::transport::Server;
use tonic_health::ServingStatus;
use tower::limit::GlobalConcurrencyLimitLayer;
use tower::load_shed::LoadShedLayer;
use tower::ServiceBuilder;

use super::edge::EdgeLayer;
use super::Referee;
use crate::config::Config;
use crate::pb::{self, v1::referee_service_server::RefereeServiceServer};

/// Errors that stop the server.
pub type ServeError = Box<dyn std::error::Error + Send + Sync>;

/// Serves on `listener` until `shutdown` completes; then health turns NOT_SERVING, new
/// connections are refused, and in-flight requests get up to the grace period to finish.
pub async fn serve(
    config: &Config,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    let (reporter, health) = tonic_health::server::health_reporter();
    reporter
        .set_serving::<RefereeServiceServer<Referee>>()
        .await;
    let reflection_v1 = tonic_reflection::server::Builder::configure()
        .register_encoded_file_descriptor_set(pb::FILE_DESCRIPTOR_SET)
        .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET)
        .build_v1()?;
    let reflection_v1alpha = tonic_reflection::server::Builder::configure()
        .register_encoded_file_descriptor_set(pb::FILE_DESCRIPTOR_SET)
        .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET)
        .build_v1alpha()?;
    let referee = RefereeServiceServer::new(Referee)
        .max_decoding_message_size(config.max_message_bytes)
        .max_encoding_message_size(config.max_message_bytes);

    let (drain_tx, drain_rx) = tokio::sync::oneshot::channel::<()>();
    let on_shutdown = async move {
        shutdown.await;
        tracing::info!("shutting down: health NOT_SERVING, draining in-flight requests");
        reporter
            .set_not_serving::<RefereeServiceServer<Referee>>()
            .await;
        reporter
            .set_service_status("", ServingStatus::NotServing)
            .await;
        let _ = drain_tx.send(());
    };

    // Outermost first: refuse at once beyond the concurrency limit, then the edge limits.
    let limits = ServiceBuilder::new()
        .layer(LoadShedLayer::new())
        .layer(GlobalConcurrencyLimitLayer::new(
            config.max_concurrent_requests,
        ))
        .layer(EdgeLayer::new(config.request_timeout()));
    let server = Server::builder()
        .max_concurrent_streams(Some(config.max_concurrent_streams))
        .http2_keepalive_interval(Some(Duration::from_secs(30)))
        .http2_keepalive_timeout(Some(Duration::from_secs(10)))
        .layer(limits)
        .add_service(health)
        .add_service(reflection_v1)
        .add_service(reflection_v1alpha)
        .add_service(referee)
        .serve_with_incoming_shutdown(TcpListenerStream::new(listener), on_shutdown);

    let grace = config.shutdown_grace();
    tokio::pin!(server);
    tokio::select! {
        result = &mut server => return result.map_err(Into::into),
        _ = drain_rx => {}
    }
    match tokio::time::timeout(grace, server).await {
        Ok(result) => result.map_err(Into::into),
        Err(_) => {
            tracing::warn!(
                grace_ms = grace.as_millis() as u64,
                "grace period over; closing remaining connections"
            );
            Ok(())
        }
    }
}
