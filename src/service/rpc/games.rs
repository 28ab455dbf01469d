//! The games this referee serves: the only place in the service that names them (besides
//! `contexts.rs`, for the games that read a context). Adding a game
//! adds one entry to [`SERVED`] and one arm to each `match` below.

use super::error::invalid;
use tonic::Status;

use super::Ctx;
use crate::core::StateErrors;
use crate::games::{port_royal, village, Game};
use crate::pb::v1;
use crate::service::contexts::Contexts;
use crate::service::rpc::bodies::{load, OnGame, OnState};
use crate::service::wire::{self, Wire};

/// A served game, as ListGames, the metrics and the logs know it.
pub struct Served {
    /// The id (`NewGameRequest.game`, metrics label `game`).
    pub id: &'static str,
    /// Its ListGames entry.
    pub info: fn(&Contexts) -> v1::GameInfo,
    /// The rules versions it plays, oldest first.
    pub rules_versions: fn() -> Vec<&'static str>,
}

impl Served {
    const fn of<G: Wire>() -> Served {
        Served {
            id: G::ID,
            info: wire::game_info::<G>,
            rules_versions: versions::<G>,
        }
    }
}

fn versions<G: Game>() -> Vec<&'static str> {
    wire::rules_versions::<G>().collect()
}

/// Every game served, in ListGames order.
pub const SERVED: &[Served] = &[
    Served::of::<port_royal::State>(),
    Served::of::<village::State>(),
];

/// The label of a client-supplied game name: a served game's id, or `none`.
pub fn label(name: &str) -> &'static str {
    SERVED
        .iter()
        .find(|g| g.id == name)
        .map_or("none", |g| g.id)
}

/// Every rules version of every game served (`referee_build_info`).
pub fn rules_versions() -> Vec<&'static str> {
    SERVED.iter().flat_map(|g| (g.rules_versions)()).collect()
}

/// Runs an RPC on the game a state's envelope holds, decoded and validated.
pub(super) fn on_state<R: OnState>(gs: v1::GameState, ctx: &Ctx, rpc: R) -> Result<R::Out, Status> {
    let (rules_version, sequence, fair) = (gs.rules_version, gs.sequence, gs.fair_shuffle);
    match gs.game {
        Some(v1::game_state::Game::PortRoyal(p)) => rpc.run(load::<port_royal::State>(
            &rules_version,
            sequence,
            Some(p),
            fair,
            ctx,
        )?),
        Some(v1::game_state::Game::Village(p)) => rpc.run(load::<village::State>(
            &rules_version,
            sequence,
            Some(p),
            fair,
            ctx,
        )?),
        // A fair shuffle waiting for contributions: nothing dealt, the game named by its setup.
        None if fair.as_ref().is_some_and(|f| f.setup.is_some()) => {
            let name = fair
                .as_ref()
                .and_then(|f| f.setup.as_ref())
                .map(|s| s.game.clone())
                .unwrap_or_default();
            let undealt = Undealt {
                rules_version: &rules_version,
                sequence,
                fair,
                ctx,
                rpc,
            };
            on_game(&name, "state.fair_shuffle.setup.game", undealt)
        }
        None if fair.is_some() => Err(invalid(StateErrors::one(
            "state",
            "is required: the fair shuffle has no setup left to deal, so the game was dealt",
        )
        )),
        // A View decodes as a state with a rules version and no game (its game fields have other
        // numbers); an empty state has neither.
        None if rules_version.is_empty() => {
            Err(invalid(StateErrors::one("state", "is empty: no game's state is set")))
        }
        None => Err(invalid(StateErrors::one(
            "state",
            format!(
                "carries rules version {rules_version:?} but no game's state: a View cannot be sent back as a state"
            ),
        )
        )),
    }
}

/// An RPC on a fair shuffle's setup step, run once its setup names the game.
struct Undealt<'a, R> {
    rules_version: &'a str,
    sequence: u64,
    fair: Option<v1::FairShuffleState>,
    ctx: &'a Ctx<'a>,
    rpc: R,
}

impl<R: OnState> OnGame for Undealt<'_, R> {
    type Out = R::Out;
    fn run<G: Wire>(self) -> Result<R::Out, Status> {
        let loaded = load::<G>(self.rules_version, self.sequence, None, self.fair, self.ctx)?;
        self.rpc.run(loaded)
    }
}

/// Runs an RPC for the game a request names (`field`: the path of that name), or refuses a game
/// this release does not serve.
pub(super) fn on_game<R: OnGame>(name: &str, field: &str, rpc: R) -> Result<R::Out, Status> {
    match name {
        n if n == port_royal::State::ID => rpc.run::<port_royal::State>(),
        n if n == village::State::ID => rpc.run::<village::State>(),
        other => {
            let served: Vec<&str> = SERVED.iter().map(|g| g.id).collect();
            Err(invalid(StateErrors::one(
                field,
                format!("game {other:?} is not served by this release; it serves {served:?} (ListGames)"),
            )
            .with_reason("UNSUPPORTED_GAME")
            ))
        }
    }
}
