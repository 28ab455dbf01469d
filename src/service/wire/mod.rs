//! The proto side of the game seam, written once for every game. Each game reads and writes its
//! own messages and places them in the oneofs of `referee.v1` itself ([`Wire`], in its folder of
//! the rules crate); here is what every game shares: the envelope, the fair shuffle's record,
//! the status and the ListGames entry's common part.

pub mod fair_shuffle;

pub use crate::games::wire::Wire;

use crate::service::contexts::Contexts;

use crate::core::{Seat, StateErrors};
use crate::games::table::{Applied, Setup, Table, TableAction, TableView};
use crate::games::{Game, RulesVersion};
use crate::pb::v1;

/// A checked state from the wire, under the rules version its envelope names (field paths
/// relative to the state message): the game reads it.
pub fn state_from_proto<G: Wire>(
    p: G::Parts,
    rules: G::Rules,
    context: &G::Context,
) -> Result<G, StateErrors> {
    G::from_parts(&p, rules, context)
}

/// A game's state message, as the envelope's oneof holds it.
pub fn state_message<G: Wire>(state: &G) -> G::Parts {
    state.to_parts()
}

/// The ListGames entry of a game, its rules versions included.
pub fn game_info<G: Wire>(all: &Contexts) -> v1::GameInfo {
    let options = G::OPTIONS
        .iter()
        .map(|&(name, description)| v1::OptionInfo {
            name: name.to_owned(),
            description: description.to_owned(),
        });
    v1::GameInfo {
        game: G::ID.to_owned(),
        title: G::TITLE.to_owned(),
        min_players: (*G::PLAYERS.start()).into(),
        max_players: (*G::PLAYERS.end()).into(),
        options: options.collect(),
        rules_version: G::Rules::newest().name().to_owned(),
        supported_rules_versions: rules_versions::<G>().map(str::to_owned).collect(),
        ..G::info(G::context(all))
    }
}

/// Decodes and validates a state's envelope: the game inside it, if dealt, and the fair
/// shuffle's record, if any (field paths under `state.`).
pub fn table_from_proto<G: Wire>(
    rules_version: &str,
    game: Option<G::Parts>,
    fair: Option<v1::FairShuffleState>,
    context: &G::Context,
) -> Result<Table<G>, StateErrors> {
    let rules = parse_rules::<G>(rules_version).map_err(|e| e.under("state."))?;
    let under_record = |e: StateErrors| e.under("state.fair_shuffle.");
    Ok(match (game, fair) {
        (Some(p), fair) => {
            let game = state_from_proto::<G>(p, rules, context)
                .map_err(|e| e.under(&format!("state.{}.", G::FIELD)))?;
            let record = match fair {
                Some(f) if f.setup.is_some() => {
                    return Err(under_record(StateErrors::one(
                        "setup",
                        "must be absent once the game is dealt",
                    )))
                }
                Some(f) => Some(
                    fair_shuffle::record_from_proto(&f, game.players()).map_err(under_record)?,
                ),
                None => None,
            };
            Table::dealt(game, record).map_err(under_record)?
        }
        (None, Some(f)) => {
            let request = f.setup.as_ref().ok_or_else(|| {
                StateErrors::one(
                    "state",
                    "holds no game, and its fair shuffle no setup left to deal",
                )
            })?;
            let setup = stored_setup::<G>(request, rules).map_err(under_record)?;
            Table::resume(context, setup, |players| {
                fair_shuffle::record_from_proto(&f, players)
            })
            .map_err(|e| {
                let options = format!("setup.{}.", G::FIELD);
                under_record(e.rebase("setup.options.", &options))
            })?
        }
        (None, None) => return Err(StateErrors::one("state", "holds no game")),
    })
}

/// The setup a fair shuffle's state keeps (field paths relative to the record): as NewGame
/// received it, seed and rules version absent.
fn stored_setup<G: Wire>(
    request: &v1::NewGameRequest,
    rules: G::Rules,
) -> Result<Setup<G>, StateErrors> {
    let mut errs = StateErrors::default();
    if request.seed.is_some() {
        errs.push(
            "setup.seed",
            "must be absent: the fair shuffle derives the seed",
        );
    }
    if request.rules_version.is_some() {
        errs.push(
            "setup.rules_version",
            "must be absent: the state's rules_version applies",
        );
    }
    if !request.fair_shuffle {
        errs.push(
            "setup.fair_shuffle",
            "must be set in a fair shuffle's setup",
        );
    }
    if request.game != G::ID {
        errs.push("setup.game", format!("must be {:?}", G::ID));
    }
    if !errs.errors.is_empty() {
        return Err(errs);
    }
    let setup = parse_setup::<G>(request).map_err(|e| e.under("setup."))?;
    Ok(Setup { rules, ..setup })
}

/// A rules version of `G` this release plays (field path `rules_version`).
pub fn parse_rules<G: Wire>(name: &str) -> Result<G::Rules, StateErrors> {
    G::Rules::parse(name).ok_or_else(|| {
        let versions: Vec<&str> = rules_versions::<G>().collect();
        StateErrors::one(
            "rules_version",
            format!("unknown rules version {name:?}; this referee plays {versions:?}"),
        )
    })
}

/// What a request asks to set up (field paths relative to the request; the players, seat and
/// options are checked when it deals).
pub fn parse_setup<G: Wire>(req: &v1::NewGameRequest) -> Result<Setup<G>, StateErrors> {
    let options = match &req.options {
        Some(o) => {
            let o = G::options_of(o).ok_or_else(|| {
                StateErrors::one(
                    "game",
                    format!("is {:?}, but the options set are another game's", G::ID),
                )
            })?;
            G::options_from_proto(o).map_err(options_field::<G>)?
        }
        None => G::Options::default(),
    };
    let rules = match &req.rules_version {
        Some(name) => parse_rules::<G>(name)?,
        None => G::Rules::newest(),
    };
    Ok(Setup {
        rules,
        players: req.players,
        start_seat: req.start_seat.unwrap_or(0),
        options,
    })
}

/// An options error's path as the request spells it (`options.port_royal.mode`).
pub fn options_field<G: Wire>(e: StateErrors) -> StateErrors {
    e.rebase("options.", &format!("{}.", G::FIELD))
}

/// The rules versions a game plays, oldest first.
pub fn rules_versions<G: Game>() -> impl Iterator<Item = &'static str> {
    G::Rules::VERSIONS.iter().map(|v| v.name())
}

/// The envelope of a plain game's state: rules version, sequence and game (no tag).
pub fn game_state<G: Wire>(sequence: u64, state: &G) -> v1::GameState {
    v1::GameState {
        rules_version: state.rules().name().to_owned(),
        sequence,
        auth_tag: Vec::new(),
        game: Some(state.state_to_proto()),
        fair_shuffle: None,
    }
}

/// The envelope of a table's state: the game once dealt, the fair shuffle if any (no tag).
pub fn table_state<G: Wire>(sequence: u64, table: &Table<G>) -> v1::GameState {
    v1::GameState {
        rules_version: table.rules().name().to_owned(),
        sequence,
        auth_tag: Vec::new(),
        game: table.game().map(Wire::state_to_proto),
        fair_shuffle: table.fair_shuffle().map(|f| {
            let setup = match table {
                Table::Contributing { setup, .. } => Some(setup_to_proto(setup)),
                Table::Playing { .. } => None,
            };
            fair_shuffle::record_to_proto(f, setup)
        }),
    }
}

/// The request a fair shuffle's setup came from, as its state keeps it (seed and rules version
/// absent: the envelope's rules version applies).
pub fn setup_to_proto<G: Wire>(setup: &Setup<G>) -> v1::NewGameRequest {
    v1::NewGameRequest {
        game: G::ID.to_owned(),
        players: setup.players,
        seed: None,
        start_seat: Some(setup.start_seat),
        rules_version: None,
        options: Some(G::options_to_proto(&setup.options)),
        fair_shuffle: true,
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

/// A complete table action (a game's move or a contribution), ready for Apply.
pub fn table_action_to_proto<G: Wire>(
    sequence: u64,
    seat: Seat,
    a: &TableAction<G::Action>,
) -> v1::Action {
    v1::Action {
        seat: Some(seat.into()),
        expected_sequence: Some(sequence),
        game: Some(match a {
            TableAction::Game(a) => G::action_to_proto(a),
            TableAction::Contribute(r) => v1::action::Game::Contribution(v1::Contribution {
                randomness: r.clone(),
            }),
        }),
    }
}

/// An applied table action's events to the wire, each with its description: the game's (read
/// in `table`, the state they led to), or the contribution's.
pub fn applied_events_to_proto<G: Wire>(
    table: &Table<G>,
    events: &[G::Event],
    applied: &Applied,
) -> Vec<v1::Event> {
    match (&applied.contributed, table.game()) {
        (None, Some(game)) => events
            .iter()
            .map(|e| v1::Event {
                game: Some(G::event_to_proto(e)),
                description: game.describe_event(e),
            })
            .collect(),
        (None, None) => Vec::new(),
        (Some(c), _) => vec![v1::Event {
            game: Some(v1::event::Game::FairShuffle(v1::FairShuffleEvent {
                seat: c.seat.into(),
                randomness: c.randomness.clone(),
                dealt: c.dealt,
            })),
            description: format!(
                "Seat {} contributes to the fair shuffle{}",
                c.seat,
                if c.dealt { "; the game is dealt" } else { "" }
            ),
        }],
    }
}

/// A table's status: the game's own once dealt (with its result facts).
pub fn table_status<G: Wire>(table: &Table<G>) -> v1::Status {
    match table.game() {
        Some(game) => game.status_to_proto(&game.status()),
        None => table.status().to_proto(),
    }
}

/// A table's view to the wire: (the game's view, the fair shuffle's).
pub fn table_view_to_proto<G: Wire>(
    view: &TableView<G::View>,
) -> (Option<v1::game_view::Game>, Option<v1::FairShuffleView>) {
    (
        view.game.as_ref().map(G::view_to_proto),
        view.fair.as_ref().map(fair_shuffle::view_to_proto),
    )
}

/// The status a view shows (its viewer's, [`Status::seen_by`]), with the game's result facts.
pub fn view_status<G: Wire>(table: &Table<G>, view: &TableView<G::View>) -> v1::Status {
    match table.game() {
        Some(game) => game.status_to_proto(&view.status),
        None => view.status.to_proto(),
    }
}
