//! The tonic service: decode → call the pure core → encode. Each request runs in one tracing
//! span that records the method, the game and the outcome.

pub mod codec;
pub mod edge;
pub mod error;
mod health;
pub mod metrics;
pub mod port_royal;
mod process;
pub mod server;
pub mod state_tag;

use std::cell::Cell;
use std::hash::BuildHasher;
use std::sync::Arc;
use std::time::Instant;

use tonic::{Request, Response, Status};
use tracing::{field, info_span, Span};

use metrics::{Metrics, RequestLabels};
use state_tag::StateTags;

use crate::core::{EnvelopeCode, Seat, StateErrors, Violation};
use crate::games::port_royal as pr;
use crate::games::{check_envelope, Game};
use crate::pb::v1;
use v1::referee_service_server::RefereeService;

pub use server::serve;

/// The rules versions this build plays, oldest first (ListGames, `referee_build_info`).
pub fn rules_versions() -> [&'static str; pr::Rules::ALL.len()] {
    pr::Rules::ALL.map(pr::Rules::as_str)
}

/// The most actions one Replay may carry (a real game has a few hundred).
pub const MAX_REPLAY_ACTIONS: usize = 20_000;

/// The referee. It holds no game data: every answer depends only on the request.
#[derive(Debug, Clone)]
pub struct Referee {
    metrics: Arc<Metrics>,
    state_tags: Option<Arc<StateTags>>,
}

impl Referee {
    /// A referee that records into `metrics`.
    pub fn new(metrics: Arc<Metrics>) -> Self {
        Self {
            metrics,
            state_tags: None,
        }
    }

    /// With tamper evidence: states go out tagged and come in checked.
    pub fn with_state_tags(mut self, tags: StateTags) -> Self {
        self.state_tags = Some(Arc::new(tags));
        self
    }
}

/// What a handler knows about its request while it runs: its span, the game once known, and
/// a refusal that has an outcome label of its own.
struct Ctx {
    span: Span,
    game: Cell<&'static str>,
    refusal: Cell<Option<&'static str>>,
}

impl Ctx {
    fn game(&self, game: &'static str) {
        self.game.set(game);
        self.span.record("game", game);
    }
}

/// The game label for a client-supplied game name: a known id, or `none`.
fn game_label(name: &str) -> &'static str {
    if name == pr::GAME_ID {
        pr::GAME_ID
    } else {
        "none"
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

/// A decoded, validated game state with its envelope sequence.
struct Loaded {
    sequence: u64,
    state: pr::State,
}

impl Referee {
    /// The request's state, its tag checked first when tags are on (a refused tag is labelled
    /// `STATE_TAMPERED` in the metrics and logs, so forgery attempts can be alerted on).
    fn load(&self, state: Option<v1::GameState>, ctx: &Ctx) -> Result<Loaded, Status> {
        let mut gs = state.ok_or_else(|| StateErrors::one("state", "is required"))?;
        if let Some(tags) = &self.state_tags {
            tags.open(&mut gs).inspect_err(|_| {
                ctx.refusal.set(Some(state_tag::STATE_TAMPERED));
            })?;
        }
        load_game(gs, ctx)
    }

    /// A state to return, tagged when tags are on.
    fn state_out(&self, sequence: u64, state: &pr::State) -> v1::GameState {
        let mut gs = port_royal::game_state(sequence, state);
        if let Some(tags) = &self.state_tags {
            tags.seal(&mut gs);
        }
        gs
    }
}

/// Decodes and validates the game inside a state's envelope.
fn load_game(gs: v1::GameState, ctx: &Ctx) -> Result<Loaded, Status> {
    match gs.game {
        Some(v1::game_state::Game::PortRoyal(p)) => {
            ctx.game(pr::GAME_ID);
            let rules = rules_version(&gs.rules_version)
                .map_err(|e| Status::from(e.under("state.")))?;
            let state = port_royal::state_from_proto(p, rules)
                .map_err(|e| Status::from(e.under("state.port_royal.")))?;
            Ok(Loaded {
                sequence: gs.sequence,
                state,
            })
        }
        // A View decodes as a state with a rules version and no game (its game fields have other
        // numbers); an empty state has neither.
        None if gs.rules_version.is_empty() => {
            Err(StateErrors::one("state", "is empty: no game's state is set").into())
        }
        None => Err(StateErrors::one(
            "state",
            format!(
                "carries rules version {:?} but no game's state: a View cannot be sent back as a state",
                gs.rules_version
            ),
        )
        .into()),
    }
}

/// A rules version this release plays (field path `rules_version`).
fn rules_version(name: &str) -> Result<pr::Rules, StateErrors> {
    pr::Rules::parse(name).ok_or_else(|| {
        StateErrors::one(
            "rules_version",
            format!(
                "unknown rules version {name:?}; this referee plays {:?}",
                rules_versions()
            ),
        )
    })
}

fn status_to_proto(s: &crate::core::Status) -> v1::Status {
    v1::Status {
        to_act: s.to_act.iter().map(|&x| u32::from(x)).collect(),
        finished: s.finished,
        result: s.finished.then(|| v1::GameResult {
            seats: s
                .result
                .iter()
                .map(|r| v1::SeatResult {
                    seat: r.seat.into(),
                    score: r.score,
                    tie_breaker: r.tie_breakers.first().copied().unwrap_or(0),
                    tie_breakers: r.tie_breakers.clone(),
                    rank: r.rank,
                    winner: r.winner,
                })
                .collect(),
            cooperative: s.cooperative.as_ref().map(|c| v1::CooperativeResult {
                won: c.won,
                rating: c.rating.to_owned(),
                victory_pile: c.victory_pile,
            }),
        }),
        phase: s.phase.to_owned(),
    }
}

/// The seat and game action of a request's action (at field path `field`: `action`, or
/// `actions[i]` in a Replay), or the violation that refuses it outright. A missing action, seat
/// or required move field is a malformed request, not a violation.
fn decode_action(
    loaded: &Loaded,
    action: Option<&v1::Action>,
    field: &str,
) -> Result<Result<(Seat, pr::Action), Violation>, StateErrors> {
    let a = action.ok_or_else(|| StateErrors::one(field, "is required"))?;
    let seat = a.seat.ok_or_else(|| {
        StateErrors::one(
            format!("{field}.seat"),
            "is required (it has presence: a forgotten seat is not taken for seat 0)",
        )
    })?;
    let game_action = match &a.game {
        Some(v1::action::Game::PortRoyal(p)) => port_royal::action_from_proto(p)
            .map_err(|e| e.under(&format!("{field}.port_royal.")))?,
        None => None,
    };
    let seat = match check_envelope(loaded.sequence, a.expected_sequence, seat) {
        Ok(seat) => seat,
        Err(v) => return Ok(Err(v)),
    };
    Ok(game_action
        .map(|ga| (seat, ga))
        .ok_or_else(|| Violation::new(EnvelopeCode::MissingAction, "The action carries no move.")))
}

fn action_to_proto(sequence: u64, seat: Seat, a: &pr::Action) -> v1::Action {
    v1::Action {
        seat: Some(seat.into()),
        expected_sequence: Some(sequence),
        game: Some(v1::action::Game::PortRoyal(port_royal::action_to_proto(a))),
    }
}

fn events_to_proto(events: &[pr::Event]) -> Vec<v1::Event> {
    events
        .iter()
        .map(|e| v1::Event {
            game: Some(v1::event::Game::PortRoyal(port_royal::event_to_proto(e))),
        })
        .collect()
}

impl Referee {
    /// Runs one request inside its span and records its outcome in the log and the metrics. A
    /// handler returns its answer and the violation code it carries, if any.
    fn observe<T>(
        &self,
        method: &'static str,
        f: impl FnOnce(&Ctx) -> Result<(T, Option<&'static str>), Status>,
    ) -> Result<Response<T>, Status> {
        let started = Instant::now();
        let ctx = Ctx {
            span: info_span!("rpc", method, game = field::Empty, outcome = field::Empty),
            game: Cell::new("none"),
            refusal: Cell::new(None),
        };
        let _enter = ctx.span.enter();
        let result = f(&ctx);
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
            },
            matches!(result, Ok((_, Some(_)))),
            elapsed.as_secs_f64(),
        );
        result.map(|(body, _)| Response::new(body))
    }
}

fn violation_code(v: &Option<Violation>) -> Option<&'static str> {
    v.as_ref().map(|v| v.code)
}

fn game_info() -> v1::GameInfo {
    let option = |name: &str, description: &str| v1::OptionInfo {
        name: name.to_owned(),
        description: description.to_owned(),
    };
    v1::GameInfo {
        game: pr::GAME_ID.to_owned(),
        title: "Port Royal".to_owned(),
        min_players: 1,
        max_players: pr::state::MAX_PLAYERS.into(),
        rules_version: pr::RULES_VERSION.to_owned(),
        supported_rules_versions: rules_versions().map(str::to_owned).to_vec(),
        component_set: pr::COMPONENT_SET.to_owned(),
        provisional: false,
        options: vec![
            option(
                "expedition_variant",
                "The official expedition variant: the end of the game is triggered only by a player with 12 or more victory points and at least one expedition.",
            ),
            option(
                "contracts",
                "Just One More Contract: 14 persons and 10 ships are shuffled in and contracts are played (144 cards, 18 contracts).",
            ),
            option(
                "mode",
                "PORT_ROYAL_MODE_COMPETITIVE (default; 2-5 players, 4 contracts face up) or PORT_ROYAL_MODE_COOPERATIVE (needs contracts; 1-5 players against the time pile).",
            ),
            option(
                "difficulty",
                "Cooperative only: cards moved from the time pile to the victory pile at setup; at most the time pile's size.",
            ),
        ],
        components: Some(v1::game_info::Components::PortRoyal(port_royal::components())),
    }
}

/// A seed from the operating system's randomness (through std's hasher keys), for new games
/// that name none.
fn os_seed() -> u64 {
    std::collections::hash_map::RandomState::new().hash_one(0x5eed_u64)
}

fn new_game(req: &v1::NewGameRequest) -> Result<(u64, pr::State), StateErrors> {
    match req.game.as_str() {
        pr::GAME_ID => {
            let options = match &req.options {
                Some(v1::new_game_request::Options::PortRoyal(o)) => {
                    port_royal::options_from_proto(Some(o))
                }
                None => Ok(pr::Options::default()),
            }
            .map_err(|e| e.rebase("options.", "port_royal."))?;
            let rules = match &req.rules_version {
                Some(name) => rules_version(name)?,
                None => pr::Rules::NEWEST,
            };
            let seed = req.seed.unwrap_or_else(os_seed);
            pr::new_game_under(
                rules,
                req.players,
                req.start_seat.unwrap_or(0),
                seed,
                options,
            )
            .map(|s| (0, s))
            .map_err(|e| e.rebase("options.", "port_royal."))
        }
        "village" => Err(
            StateErrors::one("game", "Village is not served by this release yet")
                .with_reason("UNSUPPORTED_GAME"),
        ),
        other => Err(StateErrors::one(
            "game",
            format!("unknown game {other:?}; ListGames names the games served"),
        )),
    }
}

#[tonic::async_trait]
impl RefereeService for Referee {
    async fn list_games(
        &self,
        _request: Request<v1::ListGamesRequest>,
    ) -> Result<Response<v1::ListGamesResponse>, Status> {
        self.observe("ListGames", |_| {
            Ok((
                v1::ListGamesResponse {
                    games: vec![game_info()],
                },
                None,
            ))
        })
    }

    async fn new_game(
        &self,
        request: Request<v1::NewGameRequest>,
    ) -> Result<Response<v1::NewGameResponse>, Status> {
        let req = request.into_inner();
        self.observe("NewGame", |ctx| {
            ctx.game(game_label(&req.game));
            let (sequence, state) = new_game(&req)?;
            Ok((
                v1::NewGameResponse {
                    state: Some(self.state_out(sequence, &state)),
                    status: Some(status_to_proto(&state.status())),
                },
                None,
            ))
        })
    }

    async fn legal_actions(
        &self,
        request: Request<v1::LegalActionsRequest>,
    ) -> Result<Response<v1::LegalActionsResponse>, Status> {
        let req = request.into_inner();
        self.observe("LegalActions", |ctx| {
            let loaded = self.load(req.state, ctx)?;
            let seat = match req.seat.map(Seat::try_from) {
                None => None,
                Some(Ok(s)) if s < loaded.state.config().players => Some(s),
                Some(_) => return Err(StateErrors::one("seat", "no such seat").into()),
            };
            let actions = loaded
                .state
                .legal_actions(seat)
                .iter()
                .map(|(s, a)| action_to_proto(loaded.sequence, *s, a))
                .collect();
            Ok((
                v1::LegalActionsResponse {
                    actions,
                    status: Some(status_to_proto(&loaded.state.status())),
                },
                None,
            ))
        })
    }

    async fn validate(
        &self,
        request: Request<v1::ValidateRequest>,
    ) -> Result<Response<v1::ValidateResponse>, Status> {
        let req = request.into_inner();
        self.observe("Validate", |ctx| {
            let loaded = self.load(req.state, ctx)?;
            let violation = decode_action(&loaded, req.action.as_ref(), "action")?
                .and_then(|(seat, a)| loaded.state.check(seat, &a))
                .err();
            let outcome = violation_code(&violation);
            Ok((
                v1::ValidateResponse {
                    violation: violation.map(Into::into),
                },
                outcome,
            ))
        })
    }

    async fn apply(
        &self,
        request: Request<v1::ApplyRequest>,
    ) -> Result<Response<v1::ApplyResponse>, Status> {
        let req = request.into_inner();
        self.observe("Apply", |ctx| {
            let mut loaded = self.load(req.state, ctx)?;
            let mut events = Vec::new();
            let applied =
                decode_action(&loaded, req.action.as_ref(), "action")?.and_then(|(seat, a)| {
                    Game::apply_in_place(&mut loaded.state, seat, &a, &mut events)
                });
            let (outcome, violation) = match applied {
                Ok(()) => {
                    let sequence = loaded.sequence.saturating_add(1);
                    (
                        v1::apply_response::Outcome::Applied(v1::Applied {
                            state: Some(self.state_out(sequence, &loaded.state)),
                            status: Some(status_to_proto(&loaded.state.status())),
                            events: events_to_proto(&events),
                        }),
                        None,
                    )
                }
                Err(v) => {
                    let code = v.code;
                    (v1::apply_response::Outcome::Violation(v.into()), Some(code))
                }
            };
            Ok((
                v1::ApplyResponse {
                    outcome: Some(outcome),
                },
                violation,
            ))
        })
    }

    async fn view(
        &self,
        request: Request<v1::ViewRequest>,
    ) -> Result<Response<v1::ViewResponse>, Status> {
        let req = request.into_inner();
        self.observe("View", |ctx| {
            let loaded = self.load(req.state, ctx)?;
            let viewer = match req.seat.map(Seat::try_from) {
                None => None,
                Some(Ok(s)) if s < loaded.state.config().players => Some(s),
                Some(_) => return Err(StateErrors::one("seat", "no such seat").into()),
            };
            let view = loaded.state.view(viewer);
            Ok((
                v1::ViewResponse {
                    view: Some(v1::GameView {
                        rules_version: loaded.state.config().rules.as_str().to_owned(),
                        sequence: loaded.sequence,
                        viewer: viewer.map(u32::from),
                        status: Some(status_to_proto(&loaded.state.status())),
                        game: Some(v1::game_view::Game::PortRoyal(port_royal::view_to_proto(
                            &view,
                        ))),
                    }),
                },
                None,
            ))
        })
    }

    async fn replay(
        &self,
        request: Request<v1::ReplayRequest>,
    ) -> Result<Response<v1::ReplayResponse>, Status> {
        let req = request.into_inner();
        self.observe("Replay", |ctx| {
            let setup = req
                .setup
                .as_ref()
                .ok_or_else(|| StateErrors::one("setup", "is required"))?;
            ctx.game(game_label(&setup.game));
            if setup.seed.is_none() {
                return Err(StateErrors::one("setup.seed", "is required for a replay").into());
            }
            if req.actions.len() > MAX_REPLAY_ACTIONS {
                return Err(StateErrors::one(
                    "actions",
                    format!("at most {MAX_REPLAY_ACTIONS} actions per replay"),
                )
                .into());
            }
            let (sequence, state) = new_game(setup).map_err(|e| e.under("setup."))?;
            let mut loaded = Loaded { sequence, state };
            let mut events = Vec::new();
            let mut failure = None;
            for (index, action) in req.actions.iter().enumerate() {
                events.clear();
                let applied = decode_action(&loaded, Some(action), &format!("actions[{index}]"))?
                    .and_then(|(seat, a)| {
                        Game::apply_in_place(&mut loaded.state, seat, &a, &mut events)
                    });
                match applied {
                    Ok(()) => loaded.sequence += 1,
                    Err(v) => {
                        failure = Some((index, v));
                        break;
                    }
                }
            }
            let outcome = failure.as_ref().map(|(_, v)| v.code);
            let (failed_index, violation) = match failure {
                Some((i, v)) => (u32::try_from(i).ok(), Some(v.into())),
                None => (None, None),
            };
            Ok((
                v1::ReplayResponse {
                    state: Some(self.state_out(loaded.sequence, &loaded.state)),
                    status: Some(status_to_proto(&loaded.state.status())),
                    violation,
                    failed_index,
                },
                outcome,
            ))
        })
    }
}
