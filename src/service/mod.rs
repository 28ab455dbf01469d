//! The tonic service: decode → call the pure core → encode, laid out by concept: how requests
//! arrive (`transport`), the RPC handlers (`rpc`), and the proto side of the game seam (`wire`).
//! Each request runs in one tracing span that records the method, the game and the outcome.

pub mod contexts;
pub mod metrics;
mod process;
pub mod request;
pub mod rpc;
pub mod transport;
pub mod wire;

use std::sync::Arc;

use metrics::Metrics;
use rpc::bots;
use rpc::state_tag::StateTags;

pub use contexts::Contexts;
pub use transport::server::serve;

/// The referee's gRPC service, as spans name it.
const SERVICE: &str = "referee.v1.RefereeService";

/// The most actions one Replay may carry (a real game has a few hundred).
pub const MAX_REPLAY_ACTIONS: usize = 20_000;

/// The referee. It holds no game data: every answer depends only on the request.
#[derive(Debug, Clone)]
pub struct Referee {
    metrics: Arc<Metrics>,
    state_tags: Option<Arc<StateTags>>,
    contexts: Arc<Contexts>,
    bots: bots::BotLimits,
}

impl Referee {
    /// A referee that records into `metrics`.
    pub fn new(metrics: Arc<Metrics>) -> Self {
        Self {
            metrics,
            state_tags: None,
            contexts: Arc::new(Contexts::default()),
            bots: bots::BotLimits::default(),
        }
    }

    /// With the bots' limits (`--max-bot-iterations`, `--max-concurrent-bots`).
    pub fn with_bots(mut self, limits: bots::BotLimits) -> Self {
        self.bots = limits;
        self
    }

    /// With what the games read besides the request (Village's component set).
    pub fn with_contexts(mut self, contexts: Contexts) -> Self {
        self.contexts = Arc::new(contexts);
        self
    }

    /// With tamper evidence: states go out tagged and come in checked.
    pub fn with_state_tags(mut self, tags: StateTags) -> Self {
        self.state_tags = Some(Arc::new(tags));
        self
    }
}
