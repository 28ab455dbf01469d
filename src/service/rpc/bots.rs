//! The bots' own limits (Suggest): a search is far heavier than Apply, so bot requests run on
//! threads of their own, `--max-concurrent-bots` of them at the lowest scheduling priority (nice
//! 19), so that however busy the bots are the threads answering Apply come first (under a load
//! that keeps every core busy the bots slow down, and may answer DEADLINE_EXCEEDED); a request
//! when every bot thread is busy is refused at once with RESOURCE_EXHAUSTED, never queued; and
//! no request runs more than `--max-bot-iterations` iterations. A request is read and checked
//! (its state loaded) before it takes a bot's slot, so a request that can never succeed is never
//! told to retry. Its slot is freed when its request ends, answered or not: a request that times
//! out or whose client goes away frees it at once, and its search stops at the next iteration
//! (until it does, the next request's search waits behind it, bounded by that request's own
//! deadline).

use super::error::OrInvalid;
use crate::config::{DEFAULT_MAX_CONCURRENT, DEFAULT_MAX_ITERATIONS};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tonic::Status;

use crate::bot::Level;
use crate::core::StateErrors;
use crate::pb::v1;

/// A bot request's work, run on a bot thread.
type Job = Box<dyn FnOnce() + Send>;

/// The bots' limits and threads.
#[derive(Clone, Debug)]
pub struct BotLimits {
    max_iterations: u32,
    max_concurrent: usize,
    /// One per bot thread: a request holds one while its job runs.
    permits: Arc<Semaphore>,
    /// The bot threads' queue: a job needs a permit to be sent, and a job whose request was
    /// abandoned keeps its place until it stops (at its next iteration; at once if it had not
    /// begun). [`BACKLOG`] places a thread, so a request that ends frees a place for the next
    /// even while the threads, starved on a busy host, are slow to notice.
    jobs: SyncSender<Job>,
}

impl Default for BotLimits {
    /// The flags' defaults.
    fn default() -> Self {
        BotLimits::new(DEFAULT_MAX_ITERATIONS, DEFAULT_MAX_CONCURRENT)
    }
}

/// The bot queue's places per bot thread (see `BotLimits::jobs`).
const BACKLOG: usize = 8;

impl BotLimits {
    /// At most `max_iterations` per request and `max_concurrent` requests at once, each on one
    /// of `max_concurrent` bot threads (started here; they end with the last clone).
    pub fn new(max_iterations: u32, max_concurrent: usize) -> Self {
        let (jobs, queue) = mpsc::sync_channel::<Job>(max_concurrent * BACKLOG);
        let queue = Arc::new(Mutex::new(queue));
        let started = (0..max_concurrent)
            .filter(|i| {
                let queue = Arc::clone(&queue);
                let thread = std::thread::Builder::new().name(format!("referee-bot-{i}"));
                thread
                    .spawn(move || serve_jobs(&queue))
                    .inspect_err(|e| tracing::error!(error = %e, "a bot thread did not start"))
                    .is_ok()
            })
            .count();
        BotLimits {
            max_iterations,
            max_concurrent,
            // A request never waits for a thread: there are as many permits as threads.
            permits: Arc::new(Semaphore::new(started)),
            jobs,
        }
    }

    /// Runs `job` on a bot thread: the caller holds a permit until its request ends. Refused
    /// (`RESOURCE_EXHAUSTED`) while the queue still holds the searches of requests already
    /// abandoned, which stop at their next iteration.
    pub(super) fn run(&self, job: impl FnOnce() + Send + 'static) -> Result<(), Status> {
        self.jobs.try_send(Box::new(job)).map_err(|e| match e {
            TrySendError::Full(_) => self.busy("finishing abandoned searches"),
            TrySendError::Disconnected(_) => Status::unavailable("the bot threads have stopped"),
        })
    }

    /// A bot thread's slot, if one is free (else RESOURCE_EXHAUSTED, at once).
    pub(super) fn permit(&self) -> Result<OwnedSemaphorePermit, Status> {
        Arc::clone(&self.permits)
            .try_acquire_owned()
            .map_err(|_| self.busy("running"))
    }

    fn busy(&self, doing: &str) -> Status {
        Status::resource_exhausted(format!(
            "the bot threads are {doing} the most bot requests this server runs at once ({}, \
             --max-concurrent-bots); retry later",
            self.max_concurrent
        ))
    }

    /// The level a request names (`level`), and the iterations it may run (`max_iterations`; 0:
    /// its game's and mode's default, never above the limit); every field missing or wrong named
    /// at once (`state` and `seat` must be set: what they hold is checked with the state).
    pub(super) fn read(&self, req: &v1::SuggestRequest) -> Result<(Level, Budget), Status> {
        let mut errors = StateErrors::default();
        if req.state.is_none() {
            errors.push("state", "is required");
        }
        if req.seat.is_none() {
            errors.push(
                "seat",
                "is required (it has presence: a forgotten seat is not taken for seat 0)",
            );
        }
        let level = match v1::BotLevel::try_from(req.level) {
            Ok(v1::BotLevel::Random) => Some(Level::Random),
            Ok(v1::BotLevel::Greedy) => Some(Level::Greedy),
            Ok(v1::BotLevel::Search) => Some(Level::Search),
            Ok(v1::BotLevel::Unspecified) | Err(_) => {
                errors.push(
                    "level",
                    "is required: BOT_LEVEL_RANDOM, BOT_LEVEL_GREEDY or BOT_LEVEL_SEARCH",
                );
                None
            }
        };
        let asked = match req.max_iterations {
            0 => None,
            n if n <= self.max_iterations => Some(n),
            n => {
                errors.push(
                    "max_iterations",
                    format!(
                        "{n} is above this server's limit of {} (--max-bot-iterations)",
                        self.max_iterations
                    ),
                );
                None
            }
        };
        errors.into_result().or_invalid()?;
        let budget = Budget {
            asked,
            limit: self.max_iterations,
        };
        Ok((level.unwrap_or(Level::Random), budget))
    }
}

/// A request's `SEARCH` budget: the iterations it names, or else the default of its game and
/// mode, known once its state is loaded (`bot::default_iterations`), never above the limit.
#[derive(Clone, Copy, Debug)]
pub(super) struct Budget {
    asked: Option<u32>,
    limit: u32,
}

impl Budget {
    /// The iterations to run where the game's default is `default`.
    pub(super) fn iterations(self, default: u32) -> u32 {
        self.asked.unwrap_or(default.min(self.limit))
    }
}

/// A bot thread: at the lowest priority of its scheduling policy (nice 19 under Linux's default;
/// best effort: a system that refuses leaves it as it was, and no privilege is needed to lower
/// one's own), it runs jobs until the last sender is gone. (SCHED_IDLE measured no better for
/// Apply beside the bots, and starves them outright on a core kept busy.)
fn serve_jobs(queue: &Mutex<mpsc::Receiver<Job>>) {
    use thread_priority::{set_current_thread_priority, ThreadPriority};
    if let Err(e) = set_current_thread_priority(ThreadPriority::Min) {
        tracing::warn!(error = ?e, "a bot thread keeps its priority");
    }
    loop {
        let next = match queue.lock() {
            Ok(queue) => queue.recv(),
            Err(_) => return,
        };
        match next {
            // A job that panics answers INTERNAL (its answer's sender is dropped); the thread
            // lives on, so the bots keep as many threads as permits.
            Ok(job) => {
                let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
            }
            Err(_) => return,
        }
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
