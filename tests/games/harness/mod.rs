//! The invariants every game keeps in every mode, written once over the game and run for each
//! (a game supplies a [`Harness`]: its modes, its census of components, how to scramble its
//! hidden information, and actions to probe with). Each seeded random complete game:
//!
//! - never panics and ends within a bound, with a result;
//! - at every step, every listed action belongs to a seat that must act, validates, and applies
//!   (on a copy); sampled actions outside the list are refused, for every seat;
//! - conserves every component (the census never changes);
//! - survives the wire: state → proto bytes → state is the same state;
//! - shows the same view to every seat and to spectators when every hidden fact is reshuffled;
//! - replays: the service's Replay of the setup and the action log gives the same final state;
//! - is deterministic: played twice, the same bytes (final state and every event).

pub mod port_royal;
pub mod village;

use std::ops::RangeInclusive;

use prost::Message;
use referee::core::{GameRng, Seat};
use referee::games::Game;
use referee::pb::v1;
use referee::pb::v1::referee_service_server::RefereeService;
use referee::service::metrics::Metrics;
use referee::service::wire::{self, Wire};
use referee::service::{Contexts, Referee};

/// The most actions any game of any mode may take before the harness calls it endless.
const MAX_ACTIONS: usize = 20_000;

/// One mode of a game: its rules version, options and player counts, and how many seeded games
/// to play at each count.
pub struct Mode<G: Game> {
    /// A name for messages.
    pub name: &'static str,
    /// The rules version.
    pub rules: G::Rules,
    /// The options.
    pub options: G::Options,
    /// What the server provides besides the request (Village: the component set).
    pub context: G::Context,
    /// Every player count the mode seats.
    pub players: RangeInclusive<u32>,
    /// Seeds 0..games at each player count.
    pub games: u64,
}

/// What a game supplies to the harness.
pub trait Harness: Wire {
    /// Every mode to run.
    fn modes() -> Vec<Mode<Self>>;
    /// Every component by kind, each kind's ids sorted: the same from setup to the end.
    fn census(&self) -> Vec<(&'static str, Vec<u32>)>;
    /// A state that differs from this one only in hidden facts, each shuffled among the places
    /// that hide it (the RNG included).
    fn scramble_hidden(&self, rng: &mut GameRng) -> Self;
    /// Candidate actions of every kind, to probe what lies outside the legal set.
    fn probes(&self, rng: &mut GameRng) -> Vec<Self::Action>;
    /// Whether two actions of a seat are the same decision here (some games list one of
    /// several spellings).
    fn same_decision(&self, _seat: Seat, a: &Self::Action, b: &Self::Action) -> bool {
        a == b
    }
    /// The game's message in a state's oneof.
    fn state_message(g: v1::game_state::Game) -> Self::StateProto;
    /// The options as a NewGame request sets them.
    fn options_message(o: &Self::Options) -> v1::new_game_request::Options;
    /// A referee's contexts with this game's set to `context`.
    fn contexts(context: &Self::Context) -> Contexts;
}

/// What one game left behind, to compare runs.
#[derive(PartialEq, Debug)]
struct Record {
    log: Vec<v1::Action>,
    events: Vec<u8>,
    final_state: Vec<u8>,
}

/// Runs every invariant on every game of the mode called `name`; returns the games' lengths.
pub fn run_mode<G: Harness>(name: &str) -> Vec<usize> {
    let modes = G::modes();
    let mode = modes
        .iter()
        .find(|m| m.name == name)
        .unwrap_or_else(|| panic!("{} has no mode {name}", G::ID));
    let mut lengths = Vec::new();
    for players in mode.players.clone() {
        for seed in 0..mode.games {
            let record = play::<G>(mode, players, seed, true);
            replay_equals_play::<G>(mode, players, seed, &record);
            // Determinism, on a share of the games (the first of each count).
            if seed == 0 {
                assert_eq!(
                    play::<G>(mode, players, seed, false),
                    record,
                    "{} {name} {players}p seed {seed}: two runs differ",
                    G::ID
                );
            }
            lengths.push(record.log.len());
        }
    }
    lengths
}

/// Plays one seeded random game to its end, checking every invariant at every step when `check`.
fn play<G: Harness>(mode: &Mode<G>, players: u32, seed: u64, check: bool) -> Record {
    let at = |step: usize| format!("{} {} {players}p seed {seed} step {step}", G::ID, mode.name);
    let start = seed as u32 % players;
    let mut state = G::new_game(
        &mode.context,
        mode.rules,
        players,
        start,
        seed,
        mode.options.clone(),
    )
    .unwrap_or_else(|e| panic!("{}: setup refused: {e}", at(0)));
    let census = state.census();
    let mut agent = GameRng::from_u64(seed ^ 0xA5A5_A5A5);
    let mut probe_rng = GameRng::from_u64(seed.wrapping_add(99));
    let mut scramble_rng = GameRng::from_u64(seed.wrapping_mul(7).wrapping_add(1));
    let mut record = Record {
        log: Vec::new(),
        events: Vec::new(),
        final_state: Vec::new(),
    };
    let mut events = Vec::new();
    for step in 0..MAX_ACTIONS {
        let sequence = step as u64;
        let status = state.status();
        let legal = state.legal_actions(None);
        if status.finished {
            assert!(legal.is_empty(), "{}: finished with actions open", at(step));
            assert_eq!(status.result.len(), players as usize, "{}", at(step));
            record.final_state = wire::game_state(sequence, &state).encode_to_vec();
            return record;
        }
        assert!(!legal.is_empty(), "{}: unfinished, nothing open", at(step));
        if check {
            check_step(&state, &status.to_act, &legal, &mut probe_rng, &at(step));
            assert_eq!(
                state.census(),
                census,
                "{}: components not conserved",
                at(step)
            );
            round_trip(&state, &mode.context, sequence, &at(step));
            views_hide(&state, &mut scramble_rng, &at(step));
        }
        let (seat, action) = legal[agent.below(legal.len() as u32) as usize].clone();
        events.clear();
        state
            .apply_in_place(seat, &action, &mut events)
            .unwrap_or_else(|v| panic!("{}: listed {action:?} refused: {v}", at(step)));
        for e in wire::events_to_proto::<G>(&events) {
            e.encode_length_delimited(&mut record.events).unwrap();
        }
        record
            .log
            .push(wire::action_to_proto::<G>(sequence, seat, &action));
    }
    panic!("{}: no end", at(MAX_ACTIONS));
}

/// Listed actions belong to seats that must act, validate and apply; probes outside the list
/// are refused, for every seat and one seat past the last.
fn check_step<G: Harness>(
    state: &G,
    to_act: &[Seat],
    legal: &[(Seat, G::Action)],
    rng: &mut GameRng,
    at: &str,
) {
    for (seat, action) in legal {
        assert!(to_act.contains(seat), "{at}: {action:?} listed for {seat}");
        assert_eq!(
            state.check(*seat, action),
            Ok(()),
            "{at}: listed {action:?}"
        );
        let mut copy = state.clone();
        copy.apply_in_place(*seat, action, &mut Vec::new())
            .unwrap_or_else(|v| panic!("{at}: listed {action:?} does not apply: {v}"));
        let own = state.legal_actions(Some(*seat));
        assert!(
            own.iter().any(|(_, a)| a == action),
            "{at}: not in own list"
        );
    }
    for probe in G::probes(state, rng) {
        for seat in 0..=state.players() {
            let listed = legal
                .iter()
                .any(|(s, a)| *s == seat && state.same_decision(seat, a, &probe));
            if !listed {
                assert!(
                    state.check(seat, &probe).is_err(),
                    "{at}: {probe:?} by {seat} accepted but not listed"
                );
            }
        }
    }
}

/// State → bytes → state is the same state.
fn round_trip<G: Harness>(state: &G, context: &G::Context, sequence: u64, at: &str) {
    let bytes = wire::game_state(sequence, state).encode_to_vec();
    let gs = v1::GameState::decode(bytes.as_slice()).unwrap();
    let message = G::state_message(gs.game.expect("a game"));
    let back = G::state_from_proto(message, state.rules(), context)
        .unwrap_or_else(|e| panic!("{at}: a state the referee made is refused: {e}"));
    assert_eq!(
        wire::game_state(sequence, &back).encode_to_vec(),
        bytes,
        "{at}: round trip"
    );
}

/// Every viewer sees the same when every hidden fact is reshuffled.
fn views_hide<G: Harness>(state: &G, rng: &mut GameRng, at: &str) {
    let twin = state.scramble_hidden(rng);
    for viewer in std::iter::once(None).chain((0..state.players()).map(Some)) {
        assert_eq!(
            state.view(viewer),
            twin.view(viewer),
            "{at}: view of {viewer:?}"
        );
    }
}

/// The service's Replay of the setup and the log ends in the state play ended in.
fn replay_equals_play<G: Harness>(mode: &Mode<G>, players: u32, seed: u64, record: &Record) {
    let referee = Referee::new(Metrics::new(&[])).with_contexts(G::contexts(&mode.context));
    let request = v1::ReplayRequest {
        setup: Some(v1::NewGameRequest {
            game: G::ID.to_owned(),
            players,
            seed: Some(seed),
            start_seat: Some(seed as u32 % players),
            rules_version: Some(referee::games::RulesVersion::name(mode.rules).to_owned()),
            options: Some(G::options_message(&mode.options)),
        }),
        actions: record.log.clone(),
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let response = runtime
        .block_on(referee.replay(tonic::Request::new(request)))
        .expect("replay answered")
        .into_inner();
    assert_eq!(
        response.violation, None,
        "{} {players}p seed {seed}",
        mode.name
    );
    assert!(response.status.unwrap().finished);
    assert_eq!(
        response.state.unwrap().encode_to_vec(),
        record.final_state,
        "{} {} {players}p seed {seed}: replay differs from play",
        G::ID,
        mode.name
    );
}
