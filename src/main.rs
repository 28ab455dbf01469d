//! The referee server: parse config, start logging, bind, serve until SIGTERM/SIGINT, drain.

use clap::Parser;
use mimalloc::MiMalloc;
use referee::config::Config;
use referee::service::transport::server::{serve_prepared, Listeners, Prepared};

/// Every request allocates a few dozen small buffers (decoding, validating, encoding a state);
/// the profile in BENCHMARKS.md shows glibc's malloc as the largest user-space cost, so the server
/// uses mimalloc.
#[global_allocator]
static GLOBAL: MiMalloc = MiMalloc;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let config = Config::parse();
    let telemetry = match referee::telemetry::init(config.log_format, config.otlp()) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("referee: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    if let Err(message) = config.check() {
        tracing::error!("{message}");
        return std::process::ExitCode::from(2);
    }
    // Every file the configuration names, read and checked once, before anything is bound.
    let prepared = match Prepared::new(&config) {
        Ok(p) => p,
        Err(message) => {
            tracing::error!("{message}");
            return std::process::ExitCode::from(2);
        }
    };
    if config.check_config {
        println!("configuration ok");
        for line in config.summary().into_iter().chain(prepared.summary()) {
            println!("{line}");
        }
        return std::process::ExitCode::SUCCESS;
    }
    // Whether tamper evidence is on, never the key: an operator sees at once a pod that started
    // without the Secret (also the gauge referee_state_key_configured).
    tracing::info!(
        state_key_configured = config.state_key.is_some(),
        previous_state_key_configured = config.previous_state_key.is_some(),
        "tamper evidence {}",
        if config.state_key.is_some() {
            "on: returned states are tagged and untagged or changed ones refused"
        } else {
            "off: no state key configured (--state-key / REFEREE_STATE_KEY)"
        }
    );
    // Each feature that is off says so too, with the flag that turns it on: an operator reads
    // from the first lines what this process does.
    match config.otlp() {
        Some(endpoint) => tracing::info!(
            endpoint,
            "tracing on: each RPC's span is exported over OTLP/gRPC"
        ),
        None => tracing::info!(
            "tracing off: no OTLP endpoint configured (--otlp-endpoint / OTEL_EXPORTER_OTLP_ENDPOINT)"
        ),
    }
    match &config.tls_cert {
        Some(cert) => tracing::info!(
            cert = %cert.display(),
            mutual = config.tls_client_ca.is_some(),
            "TLS on the gRPC port: clients must connect with TLS (a plain-text client's bytes \
             fail the handshake)"
        ),
        None => tracing::info!(
            "TLS off: the gRPC port speaks plain text (--tls-cert and --tls-key turn TLS on)"
        ),
    }
    let listeners = match Listeners::bind(&config).await {
        Ok(l) => l,
        Err(e) => {
            tracing::error!(listener = e.listener, addr = %e.addr, error = %e.error, "{e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let grpc = listeners.grpc.local_addr().map_or(config.listen, |a| a);
    let metrics = listeners
        .metrics
        .local_addr()
        .map_or(config.metrics_listen, |a| a);
    tracing::info!(%grpc, %metrics, "referee serving gRPC, and Prometheus metrics at /metrics");
    let served = serve_prepared(&config, prepared, listeners, shutdown_signal()).await;
    let code = match served {
        Ok(()) => {
            tracing::info!("stopped");
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            tracing::error!(error = %e, "server failed");
            std::process::ExitCode::FAILURE
        }
    };
    telemetry.shutdown().await;
    code
}

/// Completes on SIGTERM or SIGINT.
async fn shutdown_signal() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(s) => s,
                Err(_) => {
                    let _ = interrupt.await;
                    return;
                }
            };
        tokio::select! {
            _ = interrupt => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = interrupt.await;
    }
}
