//! Each RPC's body, written once over the game ([`Wire`]); `games` picks the game.

use std::hash::BuildHasher;

use tonic::Status;

use super::wire::{self, Wire};
use super::{Ctx, Referee};
use crate::core::{EnvelopeCode, Seat, StateErrors, Violation};
use crate::games::{check_envelope, Game, RulesVersion};
use crate::pb::v1;

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

/// A decoded, validated game state with its envelope sequence.
pub(super) struct Loaded<G> {
    sequence: u64,
    state: G,
}

/// Decodes and validates the game inside a state's envelope (field paths under `state.`).
pub(super) fn load<G: Wire>(
    rules_version: &str,
    sequence: u64,
    p: G::StateProto,
    ctx: &Ctx,
) -> Result<Loaded<G>, Status> {
    ctx.game(G::ID);
    let rules = parse_rules::<G>(rules_version).map_err(|e| Status::from(e.under("state.")))?;
    let state = G::state_from_proto(p, rules, G::context(ctx.contexts))
        .map_err(|e| Status::from(e.under(&format!("state.{}.", G::FIELD))))?;
    Ok(Loaded { sequence, state })
}

/// A rules version of `G` this release plays (field path `rules_version`).
fn parse_rules<G: Game>(name: &str) -> Result<G::Rules, StateErrors> {
    G::Rules::parse(name).ok_or_else(|| {
        let versions: Vec<&str> = wire::rules_versions::<G>().collect();
        StateErrors::one(
            "rules_version",
            format!("unknown rules version {name:?}; this referee plays {versions:?}"),
        )
    })
}

/// A seat named by a request (`LegalActionsRequest.seat`, `ViewRequest.seat`) that must exist.
fn seat_in<G: Game>(state: &G, seat: Option<u32>) -> Result<Option<Seat>, Status> {
    match seat.map(Seat::try_from) {
        None => Ok(None),
        Some(Ok(s)) if s < state.players() => Ok(Some(s)),
        Some(_) => Err(StateErrors::one("seat", "no such seat").into()),
    }
}

/// The seat and game action of a request's action (at field path `field`: `action`, or
/// `actions[i]` in a Replay), or the violation that refuses it outright. A missing action, seat
/// or required move field is a malformed request, not a violation.
fn decode_action<G: Wire>(
    sequence: u64,
    action: Option<&v1::Action>,
    field: &str,
) -> Result<Result<(Seat, G::Action), Violation>, StateErrors> {
    let a = action.ok_or_else(|| StateErrors::one(field, "is required"))?;
    let seat = a.seat.ok_or_else(|| {
        StateErrors::one(
            format!("{field}.seat"),
            "is required (it has presence: a forgotten seat is not taken for seat 0)",
        )
    })?;
    let game_action = match &a.game {
        Some(g) => match G::action_of(g) {
            Some(p) => {
                G::action_from_proto(p).map_err(|e| e.under(&format!("{field}.{}.", G::FIELD)))?
            }
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

/// Sets a game up from a request (field paths relative to the request).
fn setup<G: Wire>(req: &v1::NewGameRequest, ctx: &Ctx) -> Result<G, StateErrors> {
    let to_field = |e: StateErrors| e.rebase("options.", &format!("{}.", G::FIELD));
    let options = match &req.options {
        Some(o) => {
            let o = G::options_of(o).ok_or_else(|| {
                StateErrors::one(
                    "game",
                    format!("is {:?}, but the options set are another game's", G::ID),
                )
            })?;
            G::options_from_proto(o).map_err(to_field)?
        }
        None => G::Options::default(),
    };
    let rules = match &req.rules_version {
        Some(name) => parse_rules::<G>(name)?,
        None => G::Rules::newest(),
    };
    let seed = req.seed.unwrap_or_else(os_seed);
    G::new_game(
        G::context(ctx.contexts),
        rules,
        req.players,
        req.start_seat.unwrap_or(0),
        seed,
        options,
    )
    .map_err(to_field)
}

impl Referee {
    /// A state to return, tagged when tags are on.
    fn state_out<G: Wire>(&self, sequence: u64, state: &G) -> v1::GameState {
        let mut gs = wire::game_state(sequence, state);
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
        let state: G = setup(self.req, self.ctx)?;
        Ok((
            v1::NewGameResponse {
                state: Some(self.referee.state_out(0, &state)),
                status: Some(state.status_to_proto()),
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
        let seat = seat_in(&loaded.state, self.seat)?;
        let actions = loaded
            .state
            .legal_actions(seat)
            .iter()
            .map(|(s, a)| wire::action_to_proto::<G>(loaded.sequence, *s, a))
            .collect();
        Ok((
            v1::LegalActionsResponse {
                actions,
                status: Some(loaded.state.status_to_proto()),
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
        let violation = decode_action::<G>(loaded.sequence, self.action, "action")?
            .and_then(|(seat, a)| loaded.state.check(seat, &a))
            .err();
        let code = violation.as_ref().map(|v| v.code);
        Ok((
            v1::ValidateResponse {
                violation: violation.map(Into::into),
            },
            code,
        ))
    }
}

/// Apply.
pub(super) struct Apply<'a> {
    pub referee: &'a Referee,
    pub action: Option<&'a v1::Action>,
}

impl OnState for Apply<'_> {
    type Out = Answer<v1::ApplyResponse>;
    fn run<G: Wire>(self, mut loaded: Loaded<G>) -> Result<Self::Out, Status> {
        use v1::apply_response::Outcome;
        let mut events = Vec::new();
        let applied = decode_action::<G>(loaded.sequence, self.action, "action")?
            .and_then(|(seat, a)| loaded.state.apply_in_place(seat, &a, &mut events));
        let (outcome, code) = match applied {
            Ok(()) => {
                let sequence = loaded.sequence.saturating_add(1);
                let applied = v1::Applied {
                    state: Some(self.referee.state_out(sequence, &loaded.state)),
                    status: Some(loaded.state.status_to_proto()),
                    events: wire::events_to_proto::<G>(&events),
                };
                (Outcome::Applied(applied), None)
            }
            Err(v) => {
                let code = v.code;
                (Outcome::Violation(v.into()), Some(code))
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
        let viewer = seat_in(&loaded.state, self.seat)?;
        let view = loaded.state.view(viewer);
        Ok((
            v1::ViewResponse {
                view: Some(v1::GameView {
                    rules_version: loaded.state.rules().name().to_owned(),
                    sequence: loaded.sequence,
                    viewer: viewer.map(u32::from),
                    status: Some(loaded.state.status_to_proto()),
                    game: Some(G::view_to_proto(&view)),
                }),
            },
            None,
        ))
    }
}

/// Replay: a new game, then every action of the log in order until one is refused.
pub(super) struct Replay<'a> {
    pub referee: &'a Referee,
    pub ctx: &'a Ctx<'a>,
    pub setup: &'a v1::NewGameRequest,
    pub actions: &'a [v1::Action],
}

impl OnGame for Replay<'_> {
    type Out = Answer<v1::ReplayResponse>;
    fn run<G: Wire>(self) -> Result<Self::Out, Status> {
        self.ctx.game(G::ID);
        let mut state: G = setup(self.setup, self.ctx).map_err(|e| e.under("setup."))?;
        let mut sequence = 0u64;
        let mut events = Vec::new();
        let mut failure = None;
        for (index, action) in self.actions.iter().enumerate() {
            events.clear();
            let applied = decode_action::<G>(sequence, Some(action), &format!("actions[{index}]"))?
                .and_then(|(seat, a)| state.apply_in_place(seat, &a, &mut events));
            match applied {
                Ok(()) => sequence += 1,
                Err(v) => {
                    failure = Some((index, v));
                    break;
                }
            }
        }
        let code = failure.as_ref().map(|(_, v)| v.code);
        let (failed_index, violation) = match failure {
            Some((i, v)) => (u32::try_from(i).ok(), Some(v.into())),
            None => (None, None),
        };
        Ok((
            v1::ReplayResponse {
                state: Some(self.referee.state_out(sequence, &state)),
                status: Some(state.status_to_proto()),
                violation,
                failed_index,
            },
            code,
        ))
    }
}
