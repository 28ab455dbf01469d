//! The referee server: parse config, start logging, bind, serve until SIGTERM/SIGINT, drain.

use clap::Parser;
use referee::config::Config;
use tokio::net::TcpListener;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let config = Config::parse();
    if let Err(message) = config.check() {
        eprintln!("referee: {message}");
        return std::process::ExitCode::from(2);
    }
    referee::telemetry::init(config.log_format);
    let listener = match TcpListener::bind(config.listen).await {
        Ok(l) => l,
        Err(e) => {
            tracing::error!(address = %config.listen, error = %e, "cannot bind");
            return std::process::ExitCode::FAILURE;
        }
    };
    let address = listener.local_addr().map_or(config.listen, |a| a);
    tracing::info!(%address, "referee serving gRPC");
    match referee::service::serve(&config, listener, shutdown_signal()).await {
        Ok(()) => {
            tracing::info!("stopped");
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            tracing::error!(error = %e, "server failed");
            std::process::ExitCode::FAILURE
        }
    }
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
