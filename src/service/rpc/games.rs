//! The games this referee serves, as the service knows them, and the dispatch of a request on
//! the game it names or holds: both iterate the one list of games ([`crate::each_game!`]).

use super::error::invalid;
use tonic::Status;

use super::Ctx;
use crate::core::StateErrors;
use crate::each_game;
use crate::games::Game;
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
pub const SERVED: &[Served] = &each_game!(Served::of());

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

/// A state's envelope on its way to the game whose message it holds.
struct Dealt<'a, R: OnState> {
    /// The game's message, until the game it belongs to takes it.
    game: Option<v1::game_state::Game>,
    rules_version: &'a str,
    sequence: u64,
    fair: Option<v1::FairShuffleState>,
    ctx: &'a Ctx<'a>,
    rpc: Option<R>,
    out: Option<Result<R::Out, Status>>,
}

/// Runs the RPC if the state's message is `G`'s.
fn run_if_held<G: Wire>(d: &mut Dealt<'_, impl OnState>) {
    let Some(message) = G::take_state(&mut d.game) else {
        return;
    };
    // The message is taken by the one game it belongs to, so the RPC is still here.
    if let Some(rpc) = d.rpc.take() {
        let fair = d.fair.take();
        d.out = Some(
            load::<G>(d.rules_version, d.sequence, Some(message), fair, d.ctx)
                .and_then(|loaded| rpc.run(loaded)),
        );
    }
}

/// Runs an RPC on the game a state's envelope holds, decoded and validated.
pub(super) fn on_state<R: OnState>(gs: v1::GameState, ctx: &Ctx, rpc: R) -> Result<R::Out, Status> {
    let (rules_version, sequence, fair) = (gs.rules_version, gs.sequence, gs.fair_shuffle);
    if gs.game.is_some() {
        let mut dealt = Dealt {
            game: gs.game,
            rules_version: &rules_version,
            sequence,
            fair,
            ctx,
            rpc: Some(rpc),
            out: None,
        };
        each_game!(run_if_held(&mut dealt));
        // A message of the contract that no game of this build serves is refused, not trusted.
        return dealt.out.unwrap_or_else(|| {
            Err(invalid(
                StateErrors::one(
                    "state",
                    "holds a game this release does not serve (ListGames)",
                )
                .with_reason("UNSUPPORTED_GAME"),
            ))
        });
    }
    match fair {
        // A fair shuffle waiting for contributions: nothing dealt, the game named by its setup.
        Some(f) if f.setup.is_some() => {
            let name = f.setup.as_ref().map(|s| s.game.clone()).unwrap_or_default();
            let undealt = Undealt {
                rules_version: &rules_version,
                sequence,
                fair: Some(f),
                ctx,
                rpc,
            };
            on_game(&name, "state.fair_shuffle.setup.game", undealt)
        }
        Some(_) => Err(invalid(StateErrors::one(
            "state",
            "is required: the fair shuffle has no setup left to deal, so the game was dealt",
        ))),
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
        ))),
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

/// An RPC on its way to the game a request names.
struct Named<'a, R: OnGame> {
    name: &'a str,
    rpc: Option<R>,
    out: Option<Result<R::Out, Status>>,
}

/// Runs the RPC if the request names `G`.
fn run_if_named<G: Wire>(n: &mut Named<'_, impl OnGame>) {
    if n.name == G::ID {
        if let Some(rpc) = n.rpc.take() {
            n.out = Some(rpc.run::<G>());
        }
    }
}

/// Runs an RPC for the game a request names (`field`: the path of that name), or refuses a game
/// this release does not serve.
pub(super) fn on_game<R: OnGame>(name: &str, field: &str, rpc: R) -> Result<R::Out, Status> {
    let mut named = Named {
        name,
        rpc: Some(rpc),
        out: None,
    };
    each_game!(run_if_named(&mut named));
    named.out.unwrap_or_else(|| {
        let served: Vec<&str> = SERVED.iter().map(|g| g.id).collect();
        Err(invalid(
            StateErrors::one(
                field,
                format!(
                    "game {name:?} is not served by this release; it serves {served:?} (ListGames)"
                ),
            )
            .with_reason("UNSUPPORTED_GAME"),
        ))
    })
}
