//! The proto side of the game seam: what each game's wire module maps between its proto
//! messages and its core types, and the mappings every game shares (envelope, status).

use super::games::Contexts;
use crate::core::{Seat, StateErrors, Status};
use crate::games::{Game, RulesVersion};
use crate::pb::v1;

/// A game as the service sees it: its core rules ([`Game`]) plus its messages in the oneofs of
/// `referee.v1`. Each game implements it once, in its wire module; nothing here decides a rule.
pub trait Wire: Game {
    /// The game's field name in every oneof (`port_royal`): field paths into its messages start
    /// with it.
    const FIELD: &'static str;
    /// The game's state message (in `GameState.game`).
    type StateProto;
    /// The game's action message (in `Action.game`).
    type ActionProto;
    /// The game's options message (in `NewGameRequest.options`).
    type OptionsProto;

    /// Its entry in ListGames: title, player counts, options, components (the rules versions
    /// are filled in by [`game_info`]).
    fn info(context: &Self::Context) -> v1::GameInfo;

    /// The game's context in the server's.
    fn context(all: &Contexts) -> &Self::Context;

    /// This game's options in a request's oneof; `None` if they are another game's.
    fn options_of(o: &v1::new_game_request::Options) -> Option<&Self::OptionsProto>;
    /// Options from the wire (field paths relative to the options message).
    fn options_from_proto(o: &Self::OptionsProto) -> Result<Self::Options, StateErrors>;

    /// A validated state from the wire, under the rules version its envelope names (field paths
    /// relative to the state message).
    fn state_from_proto(
        p: Self::StateProto,
        rules: Self::Rules,
        context: &Self::Context,
    ) -> Result<Self, StateErrors>;
    /// The state to the wire.
    fn state_to_proto(&self) -> v1::game_state::Game;

    /// This game's action in an action's oneof; `None` if it is another game's.
    fn action_of(a: &v1::action::Game) -> Option<&Self::ActionProto>;
    /// An action from the wire: `Ok(None)` when it carries no move, an error naming a required
    /// field that is missing (paths relative to the action message).
    fn action_from_proto(a: &Self::ActionProto) -> Result<Option<Self::Action>, StateErrors>;
    /// An action to the wire.
    fn action_to_proto(a: &Self::Action) -> v1::action::Game;

    /// An event to the wire.
    fn event_to_proto(e: &Self::Event) -> v1::event::Game;
    /// A view to the wire.
    fn view_to_proto(v: &Self::View) -> v1::game_view::Game;

    /// The status to the wire; a game adds the result facts that are its own.
    fn status_to_proto(&self) -> v1::Status {
        status_to_proto(&Game::status(self))
    }
}

/// The ListGames entry of a game, its rules versions included.
pub fn game_info<G: Wire>(all: &Contexts) -> v1::GameInfo {
    v1::GameInfo {
        game: G::ID.to_owned(),
        rules_version: G::Rules::newest().name().to_owned(),
        supported_rules_versions: rules_versions::<G>().map(str::to_owned).collect(),
        ..G::info(G::context(all))
    }
}

/// The rules versions a game plays, oldest first.
pub fn rules_versions<G: Game>() -> impl Iterator<Item = &'static str> {
    G::Rules::VERSIONS.iter().map(|v| v.name())
}

/// The envelope of a state: rules version, sequence and game (no tag).
pub fn game_state<G: Wire>(sequence: u64, state: &G) -> v1::GameState {
    v1::GameState {
        rules_version: state.rules().name().to_owned(),
        sequence,
        auth_tag: Vec::new(),
        game: Some(state.state_to_proto()),
    }
}

/// A complete action, ready for Apply (seat and expected sequence set).
pub fn action_to_proto<G: Wire>(sequence: u64, seat: Seat, a: &G::Action) -> v1::Action {
    v1::Action {
        seat: Some(seat.into()),
        expected_sequence: Some(sequence),
        game: Some(G::action_to_proto(a)),
    }
}

/// Events to the wire.
pub fn events_to_proto<G: Wire>(events: &[G::Event]) -> Vec<v1::Event> {
    events
        .iter()
        .map(|e| v1::Event {
            game: Some(G::event_to_proto(e)),
        })
        .collect()
}

/// The status every game shares.
pub fn status_to_proto(s: &Status) -> v1::Status {
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
                victory_pile: 0,
            }),
        }),
        phase: s.phase.to_owned(),
    }
}
