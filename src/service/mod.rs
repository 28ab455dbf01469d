//! The tonic service: decode → call the pure core → encode. Each request runs in one tracing
//! span that records the method, the game and the outcome.

pub mod bots;
pub mod codec;
pub mod connect;
pub mod contexts;
pub mod edge;
pub mod error;
pub mod fair_shuffle;
pub mod games;
mod health;
pub mod metrics;
pub mod playground;
mod process;
mod rpc;
pub mod server;
pub mod state_tag;
pub mod wire;

use std::cell::Cell;
use std::sync::Arc;
use std::time::Instant;

use tonic::{Request, Response, Status};
use tracing::Span;

use metrics::{Metrics, RequestLabels};
use state_tag::StateTags;

use crate::core::StateErrors;
use crate::pb::v1;
use v1::referee_service_server::RefereeService;

pub use contexts::Contexts;
pub use server::serve;

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

/// What a handler knows about its request while it runs: its span, the game once known, and
/// a refusal that has an outcome label of its own.
struct Ctx<'a> {
    contexts: &'a Contexts,
    span: Span,
    game: Cell<&'static str>,
    refusal: Cell<Option<&'static str>>,
}

impl Ctx<'_> {
    fn game(&self, game: &'static str) {
        self.game.set(game);
        self.span.record("game", game);
    }
}

/// The outcome label of a gRPC error status.
fn code_name(code: tonic::Code) -> &'static str {
    use tonic::Code as C;
    match code {
        C::Ok => "OK",
        C::Cancelled => "CANCELLED",
        C::InvalidArgument => "INVALID_ARGUMENT",
        C::DeadlineExceeded => "DEADLINE_EXCEEDED",
        C::NotFound => "NOT_FOUND",
        C::ResourceExhausted => "RESOURCE_EXHAUSTED",
        C::Unimplemented => "UNIMPLEMENTED",
        C::Unavailable => "UNAVAILABLE",
        C::Internal => "INTERNAL",
        _ => "OTHER",
    }
}

impl Referee {
    /// The request's state envelope, its tag checked first when tags are on (a refused tag is
    /// labelled `STATE_TAMPERED` in the metrics and logs, so forgery attempts can be alerted on).
    fn open(&self, state: Option<v1::GameState>, ctx: &Ctx) -> Result<v1::GameState, Status> {
        let mut gs = state.ok_or_else(|| StateErrors::one("state", "is required"))?;
        if let Some(tags) = &self.state_tags {
            tags.open(&mut gs).inspect_err(|_| {
                ctx.refusal.set(Some(state_tag::STATE_TAMPERED));
            })?;
        }
        Ok(gs)
    }
}

impl Referee {
    /// Runs one request inside its span and records its outcome in the log and the metrics (and
    /// tells the edge so, which counts only what no handler saw). A handler returns its answer
    /// and the violation code it carries, if any.
    fn observe<R, T>(
        &self,
        method: &'static str,
        request: Request<R>,
        f: impl FnOnce(&Ctx, R) -> Result<(T, Option<&'static str>), Status>,
    ) -> Result<Response<T>, Status> {
        let started = Instant::now();
        let (metadata, extensions, req) = request.into_parts();
        if let Some(observed) = extensions.get::<edge::Observed>() {
            observed.set();
        }
        let ctx = Ctx {
            contexts: &self.contexts,
            span: crate::telemetry::rpc_span(Some(SERVICE), method, &metadata.into_headers()),
            game: Cell::new("none"),
            refusal: Cell::new(None),
        };
        let _enter = ctx.span.enter();
        let result = f(&ctx, req);
        let game = ctx.game.get();
        let outcome = match &result {
            Ok((_, None)) => "ok",
            Ok((_, Some(code))) => {
                self.metrics.violation(game, code);
                code
            }
            Err(status) => ctx
                .refusal
                .get()
                .unwrap_or_else(|| code_name(status.code())),
        };
        let elapsed = started.elapsed();
        ctx.span.record("outcome", outcome);
        let code = result
            .as_ref()
            .map_or_else(|s| s.code(), |_| tonic::Code::Ok);
        crate::telemetry::record_status(&ctx.span, code);
        // One line per request on its own target, so an operator can turn it down
        // (`RUST_LOG=info,referee::rpc=warn`) and keep the rest.
        let duration_us = elapsed.as_micros() as u64;
        match &result {
            Ok(_) => tracing::info!(target: "referee::rpc", outcome, duration_us, "answered"),
            Err(status) => tracing::info!(
                target: "referee::rpc",
                outcome,
                duration_us,
                error = status.message(),
                "refused"
            ),
        }
        self.metrics.observe(
            RequestLabels {
                method,
                game,
                outcome,
                protocol: extensions
                    .get::<edge::Protocol>()
                    .copied()
                    .unwrap_or_default()
                    .label(),
            },
            matches!(result, Ok((_, Some(_)))),
            elapsed.as_secs_f64(),
        );
        result.map(|(body, _)| Response::new(body))
    }
}

#[tonic::async_trait]
impl RefereeService for Referee {
    async fn list_games(
        &self,
        request: Request<v1::ListGamesRequest>,
    ) -> Result<Response<v1::ListGamesResponse>, Status> {
        self.observe("ListGames", request, |_, _| {
            let games = games::SERVED
                .iter()
                .map(|g| (g.info)(&self.contexts))
                .collect();
            Ok((v1::ListGamesResponse { games }, None))
        })
    }

    async fn new_game(
        &self,
        request: Request<v1::NewGameRequest>,
    ) -> Result<Response<v1::NewGameResponse>, Status> {
        self.observe("NewGame", request, |ctx, req| {
            let rpc = rpc::NewGame {
                referee: self,
                ctx,
                req: &req,
            };
            games::on_game(&req.game, "game", rpc)
        })
    }

    async fn legal_actions(
        &self,
        request: Request<v1::LegalActionsRequest>,
    ) -> Result<Response<v1::LegalActionsResponse>, Status> {
        self.observe("LegalActions", request, |ctx, req| {
            let gs = self.open(req.state, ctx)?;
            games::on_state(gs, ctx, rpc::LegalActions { seat: req.seat })
        })
    }

    async fn validate(
        &self,
        request: Request<v1::ValidateRequest>,
    ) -> Result<Response<v1::ValidateResponse>, Status> {
        self.observe("Validate", request, |ctx, req| {
            let gs = self.open(req.state, ctx)?;
            let action = req.action.as_ref();
            games::on_state(gs, ctx, rpc::Validate { action })
        })
    }

    async fn apply(
        &self,
        request: Request<v1::ApplyRequest>,
    ) -> Result<Response<v1::ApplyResponse>, Status> {
        self.observe("Apply", request, |ctx, req| {
            let gs = self.open(req.state, ctx)?;
            let rpc = rpc::Apply {
                referee: self,
                ctx,
                action: req.action.as_ref(),
            };
            games::on_state(gs, ctx, rpc)
        })
    }

    async fn view(
        &self,
        request: Request<v1::ViewRequest>,
    ) -> Result<Response<v1::ViewResponse>, Status> {
        self.observe("View", request, |ctx, req| {
            let gs = self.open(req.state, ctx)?;
            games::on_state(gs, ctx, rpc::View { seat: req.seat })
        })
    }

    async fn replay(
        &self,
        request: Request<v1::ReplayRequest>,
    ) -> Result<Response<v1::ReplayResponse>, Status> {
        self.observe("Replay", request, |ctx, req| {
            let setup = req
                .setup
                .as_ref()
                .ok_or_else(|| StateErrors::one("setup", "is required"))?;
            ctx.game(games::label(&setup.game));
            if setup.seed.is_none() && !setup.fair_shuffle {
                return Err(StateErrors::one(
                    "setup.seed",
                    "is required for a replay (or fair_shuffle, with server_seed)",
                )
                .into());
            }
            if req.actions.len() > MAX_REPLAY_ACTIONS {
                return Err(StateErrors::one(
                    "actions",
                    format!("at most {MAX_REPLAY_ACTIONS} actions per replay"),
                )
                .into());
            }
            let rpc = rpc::Replay {
                referee: self,
                ctx,
                setup,
                actions: &req.actions,
                server_seed: &req.server_seed,
                stop_after: req.stop_after,
            };
            games::on_game(&setup.game, "setup.game", rpc)
        })
    }

    async fn suggest(
        &self,
        request: Request<v1::SuggestRequest>,
    ) -> Result<Response<v1::SuggestResponse>, Status> {
        let permit = match self.bots.permit() {
            Ok(permit) => permit,
            Err(refused) => return self.observe("Suggest", request, |_, _| Err(refused)),
        };
        let abandoned = Arc::new(std::sync::atomic::AtomicBool::new(false));
        // Dropped with this future (a timeout, a client gone): the search stops.
        let _abandon = bots::Abandon(Arc::clone(&abandoned));
        let (answer, answered) = tokio::sync::oneshot::channel();
        let referee = self.clone();
        self.bots.run(move || {
            let result = referee.observe("Suggest", request, |ctx, req| {
                let (level, iterations) = referee.bots.read(&req)?;
                let gs = referee.open(req.state, ctx)?;
                let rpc = rpc::Suggest {
                    referee: &referee,
                    seat: req.seat,
                    level,
                    iterations,
                    seed: req.seed,
                    abandoned: &|| abandoned.load(std::sync::atomic::Ordering::Relaxed),
                };
                games::on_state(gs, ctx, rpc)
            });
            drop(permit);
            let _ = answer.send(result);
        })?;
        answered
            .await
            .map_err(|_| Status::internal("the bot's task failed"))?
    }
}
