//! Each RPC's body, written once over the game ([`Wire`]); `games` picks the game.

use super::error::{invalid, violation as violation_message, OrInvalid};
use std::hash::BuildHasher;

use tonic::Status;

use super::{Ctx, Referee};
use crate::core::fair_shuffle::SERVER_SEED_LEN;
use crate::core::{EnvelopeCode, Seat, StateErrors, Violation};
use crate::games::table::{Table, TableAction};
use crate::games::{check_envelope, RulesVersion};
use crate::pb::v1;
use crate::service::wire::fair_shuffle;
use crate::service::wire::{self, Wire};

/// An answer and the violation code it carries, if any (for the metrics and the log).
pub(super) type Answer<T> = (T, Option<&'static str>);

/// An RPC on a decoded, validated state.
pub(super) trait OnState {
    /// The answer.
    type Out;
    /// Runs on a state of game `G`.
    fn run<G: Wire>(self, loaded: Loaded<G>) -> Result<Self::Out, Status>;
}

/// An RPC that sets a game up by name.
pub(super) trait OnGame {
    /// The answer.
    type Out;
    /// Runs for game `G`.
    fn run<G: Wire>(self) -> Result<Self::Out, Status>;
}

/// A decoded, validated table (the game, or a fair shuffle's setup step) with its envelope
/// sequence.
pub(super) struct Loaded<G: Wire> {
    sequence: u64,
    table: Table<G>,
}

/// Decodes and validates a state's envelope (field paths under `state.`).
pub(super) fn load<G: Wire>(
    rules_version: &str,
    sequence: u64,
    game: Option<G::Parts>,
    fair: Option<v1::FairShuffleState>,
    ctx: &Ctx,
) -> Result<Loaded<G>, Status> {
    ctx.game(G::ID);
    let table =
        wire::table_from_proto(rules_version, game, fair, G::context(ctx.contexts)).or_invalid()?;
    Ok(Loaded { sequence, table })
}

/// A seat named by a request (`LegalActionsRequest.seat`, `ViewRequest.seat`) that must exist.
fn seat_in<G: Wire>(table: &Table<G>, seat: Option<u32>) -> Result<Option<Seat>, Status> {
    match seat.map(Seat::try_from) {
        None => Ok(None),
        Some(Ok(s)) if s < table.players() => Ok(Some(s)),
        Some(_) => Err(invalid(StateErrors::one("seat", "no such seat"))),
    }
}

/// A seat and the action it takes.
type Taken<G> = (Seat, TableAction<<G as crate::games::Definition>::Action>);

/// The seat and table action of a request's action (at field path `field`: `action`, or
/// `actions[i]` in a Replay), or the violation that refuses it outright. A missing action, seat
/// or required move field is a malformed request, not a violation.
fn decode_action<G: Wire>(
    sequence: u64,
    action: Option<&v1::Action>,
    field: &str,
) -> Result<Result<Taken<G>, Violation>, StateErrors> {
    let a = action.ok_or_else(|| StateErrors::one(field, "is required"))?;
    let seat = a.seat.ok_or_else(|| {
        StateErrors::one(
            format!("{field}.seat"),
            "is required (it has presence: a forgotten seat is not taken for seat 0)",
        )
    })?;
    let game_action = match &a.game {
        Some(v1::action::Game::Contribution(c)) => {
            Some(TableAction::Contribute(c.randomness.clone()))
        }
        Some(g) => match G::action_of(g) {
            Some(p) => G::action_from_proto(p)
                .map_err(|e| e.under(&format!("{field}.{}.", G::FIELD)))?
                .map(TableAction::Game),
            None => {
                return Ok(Err(Violation::new(
                    EnvelopeCode::WrongGame,
                    format!("The action is for another game; the state is {}.", G::ID),
                )))
            }
        },
        None => None,
    };
    let seat = match check_envelope(sequence, a.expected_sequence, seat) {
        Ok(seat) => seat,
        Err(v) => return Ok(Err(v)),
    };
    Ok(game_action
        .map(|ga| (seat, ga))
        .ok_or_else(|| Violation::new(EnvelopeCode::MissingAction, "The action carries no move.")))
}

/// A seed from the operating system's randomness (through std's hasher keys), for new games
/// that name none.
fn os_seed() -> u64 {
    std::collections::hash_map::RandomState::new().hash_one(0x5eed_u64)
}

/// The server seed of a new fair shuffle: 32 bytes of the operating system's randomness.
fn os_server_seed() -> Result<[u8; SERVER_SEED_LEN], Status> {
    let mut seed = [0u8; SERVER_SEED_LEN];
    getrandom::fill(&mut seed)
        .map_err(|_| Status::unavailable("the operating system's randomness is unavailable"))?;
    Ok(seed)
}

/// Sets a table up from a request (field paths relative to the request): a plain game dealt
/// from its seed (the operating system's if absent), or, given the server seed of a request
/// with `fair_shuffle`, a fair shuffle's setup step.
fn setup<G: Wire>(
    req: &v1::NewGameRequest,
    ctx: &Ctx,
    server_seed: Option<[u8; SERVER_SEED_LEN]>,
) -> Result<Table<G>, StateErrors> {
    let setup = wire::parse_setup::<G>(req)?;
    let context = G::context(ctx.contexts);
    let Some(server_seed) = server_seed else {
        let seed = req.seed.unwrap_or_else(os_seed);
        return Ok(Table::plain(
            setup
                .deal(context, seed)
                .map_err(wire::options_field::<G>)?,
        ));
    };
    if req.seed.is_some() {
        return Err(StateErrors::one(
            "seed",
            "cannot be combined with fair_shuffle: the game seed is derived from the server seed and every seat's contribution",
        ));
    }
    Table::fair(context, setup, server_seed).map_err(wire::options_field::<G>)
}

impl Referee {
    /// A state to return, tagged when tags are on.
    fn state_out<G: Wire>(&self, sequence: u64, table: &Table<G>) -> v1::GameState {
        let mut gs = wire::table_state(sequence, table);
        if let Some(tags) = &self.state_tags {
            tags.seal(&mut gs);
        }
        gs
    }
}

/// NewGame.
pub(super) struct NewGame<'a> {
    pub referee: &'a Referee,
    pub ctx: &'a Ctx<'a>,
    pub req: &'a v1::NewGameRequest,
}

impl OnGame for NewGame<'_> {
    type Out = Answer<v1::NewGameResponse>;
    fn run<G: Wire>(self) -> Result<Self::Out, Status> {
        self.ctx.game(G::ID);
        let server_seed = match self.req.fair_shuffle {
            true => Some(os_server_seed()?),
            false => None,
        };
        let table: Table<G> = setup(self.req, self.ctx, server_seed).or_invalid()?;
        Ok((
            v1::NewGameResponse {
                state: Some(self.referee.state_out(0, &table)),
                status: Some(wire::table_status(&table)),
            },
            None,
        ))
    }
}

/// LegalActions.
pub(super) struct LegalActions {
    pub seat: Option<u32>,
}

impl OnState for LegalActions {
    type Out = Answer<v1::LegalActionsResponse>;
    fn run<G: Wire>(self, loaded: Loaded<G>) -> Result<Self::Out, Status> {
        let seat = seat_in(&loaded.table, self.seat)?;
        let to_proto = |(s, a): &Taken<G>| wire::table_action_to_proto::<G>(loaded.sequence, *s, a);
        let legal = loaded.table.legal_actions(seat);
        let actions = legal.iter().map(to_proto).collect();
        let descriptions = legal
            .iter()
            .map(|(s, a)| loaded.table.describe_action(*s, a))
            .collect();
        let default_actions = loaded
            .table
            .default_actions(seat, &legal)
            .iter()
            .map(to_proto)
            .collect();
        Ok((
            v1::LegalActionsResponse {
                actions,
                status: Some(wire::table_status(&loaded.table)),
                default_actions,
                descriptions,
            },
            None,
        ))
    }
}

/// Validate.
pub(super) struct Validate<'a> {
    pub action: Option<&'a v1::Action>,
}

impl OnState for Validate<'_> {
    type Out = Answer<v1::ValidateResponse>;
    fn run<G: Wire>(self, loaded: Loaded<G>) -> Result<Self::Out, Status> {
        let violation = decode_action::<G>(loaded.sequence, self.action, "action")
            .or_invalid()?
            .and_then(|(seat, a)| loaded.table.check(seat, &a))
            .err();
        let code = violation.as_ref().map(|v| v.code);
        Ok((
            v1::ValidateResponse {
                violation: violation.map(violation_message),
            },
            code,
        ))
    }
}

/// Apply.
pub(super) struct Apply<'a> {
    pub referee: &'a Referee,
    pub ctx: &'a Ctx<'a>,
    pub action: Option<&'a v1::Action>,
}

impl OnState for Apply<'_> {
    type Out = Answer<v1::ApplyResponse>;
    fn run<G: Wire>(self, mut loaded: Loaded<G>) -> Result<Self::Out, Status> {
        use v1::apply_response::Outcome;
        let mut events = Vec::new();
        let context = G::context(self.ctx.contexts);
        let applied = decode_action::<G>(loaded.sequence, self.action, "action")
            .or_invalid()?
            .and_then(|(seat, a)| loaded.table.apply(context, seat, &a, &mut events));
        let (outcome, code) = match applied {
            Ok(applied) => {
                let sequence = loaded.sequence.saturating_add(1);
                let applied = v1::Applied {
                    state: Some(self.referee.state_out(sequence, &loaded.table)),
                    status: Some(wire::table_status(&loaded.table)),
                    events: wire::applied_events_to_proto(&loaded.table, &events, &applied),
                    undoable: applied.undoable,
                };
                (Outcome::Applied(applied), None)
            }
            Err(v) => {
                let code = v.code;
                (Outcome::Violation(violation_message(v)), Some(code))
            }
        };
        Ok((
            v1::ApplyResponse {
                outcome: Some(outcome),
            },
            code,
        ))
    }
}

/// View.
pub(super) struct View {
    pub seat: Option<u32>,
}

impl OnState for View {
    type Out = Answer<v1::ViewResponse>;
    fn run<G: Wire>(self, loaded: Loaded<G>) -> Result<Self::Out, Status> {
        let viewer = seat_in(&loaded.table, self.seat)?;
        let view = loaded.table.view(viewer);
        let (game, fair_shuffle) = wire::table_view_to_proto::<G>(&view);
        Ok((
            v1::ViewResponse {
                view: Some(v1::GameView {
                    rules_version: loaded.table.rules().name().to_owned(),
                    sequence: loaded.sequence,
                    viewer: viewer.map(u32::from),
                    status: Some(wire::view_status(&loaded.table, &view)),
                    game,
                    fair_shuffle,
                }),
            },
            None,
        ))
    }
}

/// Suggest: a bot's move for a seat, from its view alone. On the request's thread it checks the
/// seat against the loaded state; the search is the job it gives back, run on a bot thread.
pub(super) struct Suggest<'a> {
    pub referee: &'a Referee,
    pub seat: Option<u32>,
    pub level: crate::bot::Level,
    pub budget: super::bots::Budget,
    pub seed: u64,
}

/// A bot's search, ready to run: told how to ask whether its request was abandoned (the search
/// then stops at its next iteration, and its answer is never sent), it answers.
pub(super) type BotJob = Box<dyn FnOnce(&dyn Fn() -> bool) -> Answer<v1::SuggestResponse> + Send>;

impl OnState for Suggest<'_> {
    type Out = BotJob;
    fn run<G: Wire>(self, loaded: Loaded<G>) -> Result<Self::Out, Status> {
        let seat = seat_in(&loaded.table, self.seat)?.unwrap_or_default();
        let metrics = std::sync::Arc::clone(&self.referee.metrics);
        let Suggest {
            level,
            budget,
            seed,
            ..
        } = self;
        let iterations = budget.iterations(crate::bot::default_iterations(&loaded.table));
        Ok(Box::new(move |abandoned| {
            let table = &loaded.table;
            let s = match crate::bot::at_table(table, seat, level, iterations, seed, abandoned) {
                Ok(s) => s,
                Err(v) => {
                    let code = v.code;
                    let response = v1::SuggestResponse {
                        violation: Some(violation_message(v)),
                        ..Default::default()
                    };
                    return (response, Some(code));
                }
            };
            let labels = crate::service::metrics::BotLabels {
                game: G::ID,
                level: crate::service::rpc::bots::label(level),
            };
            metrics.bot_iterations(labels, s.iterations);
            let action = |a| wire::table_action_to_proto::<G>(loaded.sequence, seat, a);
            let candidates = s
                .candidates
                .iter()
                .map(|c| v1::BotCandidate {
                    action: Some(action(&c.action)),
                    visits: c.visits,
                    value: c.value,
                    description: table.describe_action(seat, &c.action),
                })
                .collect();
            let response = v1::SuggestResponse {
                action: Some(action(&s.action)),
                description: table.describe_action(seat, &s.action),
                candidates,
                iterations: s.iterations,
                worlds: s.worlds,
                violation: None,
            };
            (response, None)
        }))
    }
}

/// Replay: a new game, then the actions of the log in order (up to `stop_after`) until one is
/// refused.
pub(super) struct Replay<'a> {
    pub referee: &'a Referee,
    pub ctx: &'a Ctx<'a>,
    pub setup: &'a v1::NewGameRequest,
    pub actions: &'a [v1::Action],
    /// The revealed server seed, for a fair shuffle's setup.
    pub server_seed: &'a [u8],
    /// Where to stop (`ReplayRequest.stop_after`), if not at the log's end.
    pub stop_after: Option<u32>,
}

impl OnGame for Replay<'_> {
    type Out = Answer<v1::ReplayResponse>;
    fn run<G: Wire>(self) -> Result<Self::Out, Status> {
        self.ctx.game(G::ID);
        let server_seed = match (self.setup.fair_shuffle, self.server_seed) {
            (true, seed) => Some(fair_shuffle::server_seed(seed).or_invalid()?),
            (false, []) => None,
            (false, _) => {
                return Err(invalid(StateErrors::one(
                    "server_seed",
                    "is only for a setup with fair_shuffle",
                )))
            }
        };
        let log = match self.stop_after.map(usize::try_from) {
            None => self.actions,
            Some(Ok(n)) if n <= self.actions.len() => &self.actions[..n],
            Some(_) => {
                return Err(invalid(StateErrors::one(
                    "stop_after",
                    format!(
                        "is past the log's end: it holds {} actions",
                        self.actions.len()
                    ),
                )))
            }
        };
        let mut table: Table<G> =
            setup(self.setup, self.ctx, server_seed).map_err(|e| invalid(e.under("setup.")))?;
        let context = G::context(self.ctx.contexts);
        let mut sequence = 0u64;
        let mut events = Vec::new();
        let mut failure = None;
        for (index, action) in log.iter().enumerate() {
            events.clear();
            let applied = decode_action::<G>(sequence, Some(action), &format!("actions[{index}]"))
                .or_invalid()?
                .and_then(|(seat, a)| table.apply(context, seat, &a, &mut events));
            match applied {
                Ok(_) => sequence += 1,
                Err(v) => {
                    failure = Some((index, v));
                    break;
                }
            }
        }
        let code = failure.as_ref().map(|(_, v)| v.code);
        let (failed_index, violation) = match failure {
            Some((i, v)) => (u32::try_from(i).ok(), Some(violation_message(v))),
            None => (None, None),
        };
        Ok((
            v1::ReplayResponse {
                state: Some(self.referee.state_out(sequence, &table)),
                status: Some(wire::table_status(&table)),
                violation,
                failed_index,
                applied: u32::try_from(sequence).unwrap_or(u32::MAX),
            },
            code,
        ))
    }
}
