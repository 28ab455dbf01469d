//! The bots' own limits (Suggest): a search is far heavier than Apply, so bot requests run on
//! the blocking pool, at most `--max-concurrent-bots` at once (more are refused at once with
//! RESOURCE_EXHAUSTED, never queued), and never more than `--max-bot-iterations` iterations.
//! A request that times out or whose client goes away stops its search at the next iteration.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tonic::Status;

use crate::bot::{Level, DEFAULT_ITERATIONS};
use crate::core::StateErrors;
use crate::pb::v1;

/// The bots' limits.
#[derive(Clone, Debug)]
pub struct BotLimits {
    max_iterations: u32,
    max_concurrent: usize,
    permits: Arc<Semaphore>,
}

impl Default for BotLimits {
    /// The flags' defaults.
    fn default() -> Self {
        BotLimits::new(DEFAULT_MAX_ITERATIONS, DEFAULT_MAX_CONCURRENT)
    }
}

/// `--max-bot-iterations`' default: about half a second of Village search on one core.
pub const DEFAULT_MAX_ITERATIONS: u32 = 5_000;

/// `--max-concurrent-bots`' default.
pub const DEFAULT_MAX_CONCURRENT: usize = 2;

impl BotLimits {
    /// At most `max_iterations` per request and `max_concurrent` requests at once.
    pub fn new(max_iterations: u32, max_concurrent: usize) -> Self {
        BotLimits {
            max_iterations,
            max_concurrent,
            permits: Arc::new(Semaphore::new(max_concurrent)),
        }
    }

    /// A bot's slot, if one is free.
    pub(super) fn permit(&self) -> Result<OwnedSemaphorePermit, Status> {
        Arc::clone(&self.permits).try_acquire_owned().map_err(|_| {
            Status::resource_exhausted(format!(
                "{} bot requests are running, the most this server runs at once (--max-concurrent-bots); retry later",
                self.max_concurrent
            ))
        })
    }

    /// The level a request names (`level`), and the iterations it may run (`max_iterations`; 0:
    /// the default, never above the limit).
    pub(super) fn read(&self, req: &v1::SuggestRequest) -> Result<(Level, u32), Status> {
        let level = match v1::BotLevel::try_from(req.level) {
            Ok(v1::BotLevel::Random) => Level::Random,
            Ok(v1::BotLevel::Greedy) => Level::Greedy,
            Ok(v1::BotLevel::Search) => Level::Search,
            Ok(v1::BotLevel::Unspecified) | Err(_) => {
                return Err(StateErrors::one(
                    "level",
                    "is required: BOT_LEVEL_RANDOM, BOT_LEVEL_GREEDY or BOT_LEVEL_SEARCH",
                )
                .into())
            }
        };
        let iterations = match req.max_iterations {
            0 => DEFAULT_ITERATIONS.min(self.max_iterations),
            n if n <= self.max_iterations => n,
            n => {
                return Err(StateErrors::one(
                    "max_iterations",
                    format!(
                        "{n} is above this server's limit of {} (--max-bot-iterations)",
                        self.max_iterations
                    ),
                )
                .into())
            }
        };
        Ok((level, iterations))
    }
}

/// The metrics label of a level.
pub(super) fn label(level: Level) -> &'static str {
    match level {
        Level::Random => "random",
        Level::Greedy => "greedy",
        Level::Search => "search",
    }
}

/// Says a request was abandoned when dropped (its future was: timed out or cancelled).
pub(super) struct Abandon(pub Arc<AtomicBool>);

impl Drop for Abandon {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}
