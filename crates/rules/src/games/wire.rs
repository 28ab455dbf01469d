//! A game's place in the oneofs of `referee.v1` and its ListGames entry ([`Wire`]): the proto
//! side of the seam, written by each game in its `wire.rs` (the messages themselves it reads and
//! writes beside its types). The service serves any game that has it, through `each_game!`.

use referee_proto::v1;

use crate::core::{StateErrors, Status};
use crate::games::{Bots, Contexts, Game, Sentences};

/// A game as the service sees it: its core rules ([`Game`]), which read and write its messages,
/// plus its place in the oneofs of `referee.v1`. Each game implements it once, in its `wire.rs`;
/// nothing here decides a rule.
pub trait Wire: Game + Sentences + Bots {
    /// The game's field name in every oneof (`port_royal`): field paths into its messages start
    /// with it.
    const FIELD: &'static str;
    /// The game's action message (in `Action.game`).
    type ActionProto;
    /// The game's options message (in `NewGameRequest.options`).
    type OptionsProto;

    /// Its entry in ListGames: its components (the game's id, title, player counts, options
    /// and rules versions are filled in by the service's `wire::game_info`).
    fn info(context: &Self::Context) -> v1::GameInfo;

    /// The game's context in the server's.
    fn context(all: &Contexts) -> &Self::Context;

    /// This game's options in a request's oneof; `None` if they are another game's.
    fn options_of(o: &v1::new_game_request::Options) -> Option<&Self::OptionsProto>;
    /// Options from the wire (field paths relative to the request: `options.…`).
    fn options_from_proto(o: &Self::OptionsProto) -> Result<Self::Options, StateErrors>;
    /// Options to the wire (a fair shuffle keeps its setup in the state until it deals).
    fn options_to_proto(o: &Self::Options) -> v1::new_game_request::Options;

    /// The state in its arm of `GameState.game`.
    fn state_to_proto(&self) -> v1::game_state::Game;
    /// This game's state message, taken out of a state's oneof; another game's is left there.
    fn take_state(g: &mut Option<v1::game_state::Game>) -> Option<Self::Parts>;

    /// This game's action in an action's oneof; `None` if it is another game's.
    fn action_of(a: &v1::action::Game) -> Option<&Self::ActionProto>;
    /// An action from the wire: `Ok(None)` when it carries no move, an error naming a required
    /// field that is missing (paths relative to the action message).
    fn action_from_proto(a: &Self::ActionProto) -> Result<Option<Self::Action>, StateErrors>;
    /// An action in its arm of `Action.game`.
    fn action_to_proto(a: &Self::Action) -> v1::action::Game;

    /// An event in its arm of `Event.game`.
    fn event_to_proto(e: &Self::Event) -> v1::event::Game;
    /// A view in its arm of `GameView.game`.
    fn view_to_proto(v: &Self::View) -> v1::game_view::Game;

    /// A status of this game (its own, or as a viewer sees it) to the wire; a game adds the
    /// result facts that are its own.
    fn status_to_proto(&self, status: &Status) -> v1::Status {
        status.to_proto()
    }
}

/// The [`Wire`] methods that only place a game's messages in the oneofs of `referee.v1` (its
/// arm is named `$arm` in every one), written once: each wraps the message the game writes (its
/// `to_parts`, `to_proto`) in its arm, or picks the game's arm out of a request's oneof and has
/// the game read it (`from_proto`).
macro_rules! oneof_arms {
    ($arm:ident) => {
        fn options_of(
            o: &referee_proto::v1::new_game_request::Options,
        ) -> Option<&Self::OptionsProto> {
            match o {
                referee_proto::v1::new_game_request::Options::$arm(o) => Some(o),
                #[allow(unreachable_patterns)]
                _ => None,
            }
        }
        fn options_from_proto(
            o: &Self::OptionsProto,
        ) -> Result<Self::Options, $crate::core::StateErrors> {
            <Self as $crate::games::Definition>::Options::from_proto(o)
                .map_err(|e| e.under("options."))
        }
        fn options_to_proto(o: &Self::Options) -> referee_proto::v1::new_game_request::Options {
            referee_proto::v1::new_game_request::Options::$arm(o.to_proto())
        }
        fn state_to_proto(&self) -> referee_proto::v1::game_state::Game {
            referee_proto::v1::game_state::Game::$arm($crate::games::StateMessage::to_parts(self))
        }
        fn take_state(g: &mut Option<referee_proto::v1::game_state::Game>) -> Option<Self::Parts> {
            match g.take() {
                Some(referee_proto::v1::game_state::Game::$arm(p)) => Some(p),
                #[allow(unreachable_patterns)]
                other => {
                    *g = other;
                    None
                }
            }
        }
        fn action_of(a: &referee_proto::v1::action::Game) -> Option<&Self::ActionProto> {
            match a {
                referee_proto::v1::action::Game::$arm(a) => Some(a),
                #[allow(unreachable_patterns)]
                _ => None,
            }
        }
        fn action_from_proto(
            a: &Self::ActionProto,
        ) -> Result<Option<Self::Action>, $crate::core::StateErrors> {
            <Self as $crate::games::Definition>::Action::from_proto(a)
        }
        fn action_to_proto(a: &Self::Action) -> referee_proto::v1::action::Game {
            referee_proto::v1::action::Game::$arm(a.to_proto())
        }
        fn event_to_proto(e: &Self::Event) -> referee_proto::v1::event::Game {
            referee_proto::v1::event::Game::$arm(e.to_proto())
        }
        fn view_to_proto(v: &Self::View) -> referee_proto::v1::game_view::Game {
            referee_proto::v1::game_view::Game::$arm(v.to_proto())
        }
    };
}
pub(crate) use oneof_arms;
