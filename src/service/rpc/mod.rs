//! The RPC handlers: the one list of the referee's RPCs ([`Rpc`]), each RPC's handler run inside
//! its span and accounting ([`Referee::observe`](crate::service::Referee)), the body of each written once
//! over the game (`bodies`), the one place that names the games served (`games`), the bots'
//! limits, tamper evidence, and domain errors as statuses.

pub mod bodies;
pub mod bots;
pub mod error;
pub mod games;
pub mod state_tag;

use std::cell::Cell;
use std::sync::Arc;
use std::time::Instant;

use tonic::{Request, Response, Status};
use tracing::Span;

use super::{Contexts, Referee, MAX_REPLAY_ACTIONS, SERVICE};
use crate::core::StateErrors;
use crate::pb::v1;
use crate::service::metrics::{BotRequestLabels, RequestLabels};
use crate::service::request::{client_gone, Arrived, Deadline, Observed, Protocol};
use error::{invalid, OrInvalid};
use v1::referee_service_server::RefereeService;

/// Declares the referee's RPCs once: the enum, the list of all, and each one's name.
macro_rules! rpcs {
    ($($rpc:ident),+ $(,)?) => {
        /// The referee's RPCs: the one list that Connect's routes, the edge's method labels and
        /// the handlers' spans and metrics read (a new RPC is one entry here, and the compiler
        /// asks for its Connect route).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Rpc {
            $(#[allow(missing_docs)] $rpc,)+
        }
        impl Rpc {
            /// Every RPC, in the order of the service's proto.
            pub const ALL: &'static [Rpc] = &[$(Rpc::$rpc),+];
            /// Its method name (`Apply`), as a path, a span and a metric label spell it.
            pub fn name(self) -> &'static str {
                match self {
                    $(Rpc::$rpc => stringify!($rpc),)+
                }
            }
            /// The RPC a method name names, if it is one of the referee's.
            pub fn named(method: &str) -> Option<Rpc> {
                Rpc::ALL.iter().copied().find(|r| r.name() == method)
            }
        }
    };
}
rpcs!(
    ListGames,
    NewGame,
    LegalActions,
    Validate,
    Apply,
    View,
    Replay,
    Suggest
);

/// What a handler knows about its request while it runs: its span, the game once known, a
/// refusal that has an outcome label of its own, and what its accounting needs.
struct Ctx<'a> {
    contexts: &'a Contexts,
    span: Span,
    game: Cell<&'static str>,
    refusal: Cell<Option<&'static str>>,
    rpc: Rpc,
    started: Instant,
    protocol: Protocol,
    /// Set by the edge: what the client is answered if the handler outlives it.
    deadline: Option<Deadline>,
    /// The level of a bot request that reached a bot (`referee_bot_requests_total`).
    bot: Cell<Option<crate::bot::Level>>,
}

impl Ctx<'_> {
    fn game(&self, game: &'static str) {
        self.game.set(game);
        self.span.record("game", game);
    }
}

/// The outcome label of a gRPC error status.
pub(crate) fn code_name(code: tonic::Code) -> &'static str {
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
        let mut gs = state.ok_or_else(|| invalid(StateErrors::one("state", "is required")))?;
        if let Some(tags) = &self.state_tags {
            tags.open(&mut gs)
                .inspect_err(|_| {
                    ctx.refusal.set(Some(state_tag::STATE_TAMPERED));
                })
                .or_invalid()?;
        }
        Ok(gs)
    }
}

impl Referee {
    /// A request's context, and its message: the span opened, the edge told that this request is
    /// counted here.
    fn begin<R>(&self, rpc: Rpc, request: Request<R>) -> (Ctx<'_>, R) {
        let started = Instant::now();
        let (metadata, extensions, req) = request.into_parts();
        if let Some(observed) = extensions.get::<Observed>() {
            observed.set();
        }
        let ctx = Ctx {
            contexts: &self.contexts,
            span: crate::telemetry::rpc_span(Some(SERVICE), rpc.name(), &metadata.into_headers()),
            game: Cell::new("none"),
            refusal: Cell::new(None),
            rpc,
            started: extensions.get::<Arrived>().map_or(started, |a| a.0),
            protocol: extensions.get::<Protocol>().copied().unwrap_or_default(),
            deadline: extensions.get::<Deadline>().copied(),
            bot: Cell::new(None),
        };
        (ctx, req)
    }

    /// Records a request's outcome in its span, the log and the metrics. A handler returns its
    /// answer and the violation code it carries, if any.
    fn finish<T>(
        &self,
        ctx: &Ctx,
        result: Result<(T, Option<&'static str>), Status>,
    ) -> Result<Response<T>, Status> {
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
        let elapsed = ctx.started.elapsed();
        ctx.span.record("outcome", outcome);
        let code = result
            .as_ref()
            .map_or_else(|s| s.code(), |_| tonic::Code::Ok);
        crate::telemetry::record_status(&ctx.span, code);
        let _enter = ctx.span.enter();
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
                method: ctx.rpc.name(),
                game,
                outcome,
                protocol: ctx.protocol.label(),
            },
            matches!(result, Ok((_, Some(_)))),
            elapsed.as_secs_f64(),
        );
        // A bot's answer is a suggestion; a violation (a seat with nothing to decide) is not.
        if let (Some(level), false) = (ctx.bot.get(), matches!(result, Ok((_, Some(_))))) {
            self.metrics.bot_request(BotRequestLabels {
                game,
                level: bots::label(level),
                outcome,
            });
        }
        result.map(|(body, _)| Response::new(body))
    }

    /// Runs one request inside its span and records its outcome.
    fn observe<R, T>(
        &self,
        rpc: Rpc,
        request: Request<R>,
        f: impl FnOnce(&Ctx, R) -> Result<(T, Option<&'static str>), Status>,
    ) -> Result<Response<T>, Status> {
        let (ctx, req) = self.begin(rpc, request);
        let result = {
            let _enter = ctx.span.enter();
            f(&ctx, req)
        };
        self.finish(&ctx, result)
    }
}

/// A request whose answer is awaited (a bot's): dropped before it finishes (its deadline passed,
/// its client went away), it is recorded with what its client was answered.
struct Pending<'a> {
    referee: &'a Referee,
    ctx: Ctx<'a>,
    finished: bool,
}

impl Pending<'_> {
    fn finish<T>(
        mut self,
        result: Result<(T, Option<&'static str>), Status>,
    ) -> Result<Response<T>, Status> {
        self.finished = true;
        self.referee.finish(&self.ctx, result)
    }
}

impl Drop for Pending<'_> {
    fn drop(&mut self) {
        if !self.finished {
            // The edge answers DEADLINE_EXCEEDED exactly when the deadline has passed.
            let status = match self.ctx.deadline {
                Some(d) if d.passed() => d.status(),
                _ => client_gone(),
            };
            let _ = self.referee.finish::<()>(&self.ctx, Err(status));
        }
    }
}

#[tonic::async_trait]
impl RefereeService for Referee {
    async fn list_games(
        &self,
        request: Request<v1::ListGamesRequest>,
    ) -> Result<Response<v1::ListGamesResponse>, Status> {
        self.observe(Rpc::ListGames, request, |_, _| {
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
        self.observe(Rpc::NewGame, request, |ctx, req| {
            let rpc = bodies::NewGame {
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
        self.observe(Rpc::LegalActions, request, |ctx, req| {
            let gs = self.open(req.state, ctx)?;
            games::on_state(gs, ctx, bodies::LegalActions { seat: req.seat })
        })
    }

    async fn validate(
        &self,
        request: Request<v1::ValidateRequest>,
    ) -> Result<Response<v1::ValidateResponse>, Status> {
        self.observe(Rpc::Validate, request, |ctx, req| {
            let gs = self.open(req.state, ctx)?;
            let action = req.action.as_ref();
            games::on_state(gs, ctx, bodies::Validate { action })
        })
    }

    async fn apply(
        &self,
        request: Request<v1::ApplyRequest>,
    ) -> Result<Response<v1::ApplyResponse>, Status> {
        self.observe(Rpc::Apply, request, |ctx, req| {
            let gs = self.open(req.state, ctx)?;
            let rpc = bodies::Apply {
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
        self.observe(Rpc::View, request, |ctx, req| {
            let gs = self.open(req.state, ctx)?;
            games::on_state(gs, ctx, bodies::View { seat: req.seat })
        })
    }

    async fn replay(
        &self,
        request: Request<v1::ReplayRequest>,
    ) -> Result<Response<v1::ReplayResponse>, Status> {
        self.observe(Rpc::Replay, request, |ctx, req| {
            let setup = req
                .setup
                .as_ref()
                .ok_or_else(|| invalid(StateErrors::one("setup", "is required")))?;
            ctx.game(games::label(&setup.game));
            if setup.seed.is_none() && !setup.fair_shuffle {
                return Err(invalid(StateErrors::one(
                    "setup.seed",
                    "is required for a replay (or fair_shuffle, with server_seed)",
                )));
            }
            if req.actions.len() > MAX_REPLAY_ACTIONS {
                return Err(invalid(StateErrors::one(
                    "actions",
                    format!("at most {MAX_REPLAY_ACTIONS} actions per replay"),
                )));
            }
            let rpc = bodies::Replay {
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
        let (ctx, req) = self.begin(Rpc::Suggest, request);
        let pending = Pending {
            referee: self,
            ctx,
            finished: false,
        };
        // The request is read and its state loaded before it takes a bot's slot.
        let job = {
            let ctx = &pending.ctx;
            let _enter = ctx.span.enter();
            self.bots.read(&req).and_then(|(level, budget)| {
                let gs = self.open(req.state, ctx)?;
                let rpc = bodies::Suggest {
                    referee: self,
                    seat: req.seat,
                    level,
                    budget,
                    seed: req.seed,
                };
                Ok((level, games::on_state(gs, ctx, rpc)?))
            })
        };
        let (level, job) = match job {
            Ok(job) => job,
            Err(refused) => return pending.finish(Err(refused)),
        };
        // Held until this request ends, answered or dropped.
        let _permit = match self.bots.permit() {
            Ok(permit) => permit,
            Err(refused) => return pending.finish(Err(refused)),
        };
        let abandoned = Arc::new(std::sync::atomic::AtomicBool::new(false));
        // Dropped with this future (a deadline, a client gone): the search stops.
        let _abandon = bots::Abandon(Arc::clone(&abandoned));
        let (answer, answered) = tokio::sync::oneshot::channel();
        let started = self.bots.run(move || {
            let abandoned = || abandoned.load(std::sync::atomic::Ordering::Relaxed);
            if !abandoned() {
                let _ = answer.send(job(&abandoned));
            }
        });
        if let Err(refused) = started {
            return pending.finish(Err(refused));
        }
        pending.ctx.bot.set(Some(level));
        let result = answered
            .await
            .map_err(|_| Status::internal("the bot's task failed"));
        pending.finish(result)
    }
}
