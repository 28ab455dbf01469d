//! The invariants every game keeps in every mode, written once over the game and run for each
//! (a game supplies a [`Harness`]: its modes, its census of components, how to scramble its
//! hidden information, and actions to probe with). Each seeded random complete game:
//!
//! - never panics and ends within a bound, with a result;
//! - at every step, every listed action belongs to a seat that must act, validates, and applies
//!   (on a copy), and distinct listed actions have distinct descriptions; sampled actions outside
//!   the list are refused, for every seat, each detail of a refusal a word of docs/errors.md;
//! - conserves every component (the census never changes);
//! - survives the wire: state → proto bytes → state is the same state;
//! - shows the same view to every seat and to spectators when every hidden fact is reshuffled,
//!   and to each viewer the same view and status when every fact hidden from it (other seats'
//!   hidden holdings too) is dealt again;
//! - replays: the service's Replay of the setup and the action log gives the same final state,
//!   and stopped after k actions, the state play reached after k;
//! - once finished, explains the result: score sheets that sum to the scores, named
//!   tie-breakers, and the same game shown to every seat and to spectators;
//! - is deterministic: played twice, the same bytes (final state and every event, with its
//!   description); every listed action and every event has a description;
//! - has a default action for each seat to act, listed, and a game of defaults alone ends within
//!   a bound; every third seed mixes defaults into random play;
//! - says an action is undoable only when it is: applied to a twin with every hidden fact
//!   reshuffled, it shows every viewer the same as applied to the game itself;
//! - lets the bots see only a seat's view: a world `Game::sample` deals from any viewer's view
//!   shows that viewer exactly its view, is accepted by `from_parts` and lists the seat the same
//!   actions; and two states that show a seat the same view get the same suggestion, at every
//!   level, for the same seed.
//!
//! Every other seed plays with a fair shuffle (the setup step, then the game): the invariants
//! hold through it, and no view shows the server seed or the game seed before the end.

pub mod actions;
pub mod hostile;
pub mod recorded;

use std::ops::RangeInclusive;

use std::collections::BTreeMap;

use prost::Message;
use referee::bot::{self, Level};
use referee::core::{GameRng, Seat, Status, Violation};
use referee::games::table::{Setup, Table, TableAction};
use referee::games::Game;
use referee::pb::v1;
use referee::pb::v1::referee_service_server::RefereeService;
use referee::service::metrics::Metrics;
use referee::service::wire::{self, Wire};
use referee::service::{Contexts, Referee};

/// The most actions any game of any mode may take before the harness calls it endless.
const MAX_ACTIONS: usize = 20_000;

/// The most actions a game in which every seat plays its default may take (the longest
/// measured: 469, a 4-player Port Royal game with the expansion).
const MAX_DEFAULT_ACTIONS: usize = 1_000;

/// How the harness chooses each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Agent {
    /// A random listed action.
    Random,
    /// Half the time a deciding seat's default action, else a random listed one.
    Mixed,
    /// Every seat plays its default action.
    Defaults,
}

/// The agent of a seed's random game: every third seed mixes defaults into random play.
fn agent(seed: u64) -> Agent {
    if seed % 3 == 2 {
        Agent::Mixed
    } else {
        Agent::Random
    }
}

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
pub trait Harness: Wire<Parts: Message> {
    /// The game's state message in `referee.v1` (field paths of refusals resolve in it).
    const STATE_MESSAGE: &'static str;
    /// Every mode to run.
    fn modes() -> Vec<Mode<Self>>;
    /// Changes the parts at random, the way a careless or hostile client might (one or a few
    /// fields, out of range or inconsistent with the rest).
    fn mutate(parts: &mut Self::Parts, rng: &mut GameRng);
    /// Every component by kind, each kind's ids sorted: the same from setup to the end.
    fn census(&self) -> Vec<(&'static str, Vec<u32>)>;
    /// Whether every component is placed by now, so the census counts them all (Village deals
    /// life goals after the setup's last choice).
    fn placed(&self) -> bool {
        true
    }
    /// A state that differs from this one only in hidden facts, each shuffled among the places
    /// that hide it (the RNG included).
    fn scramble_hidden(&self, rng: &mut GameRng) -> Self;
    /// A state that differs from this one only in facts hidden from `viewer` (`None`: a
    /// spectator), other seats' hidden holdings included: nothing that viewer is shown may change.
    fn scramble_hidden_from(&self, _viewer: Option<Seat>, rng: &mut GameRng) -> Self {
        self.scramble_hidden(rng)
    }
    /// Whether the status a viewer sees may tell more than its view under these rules: a
    /// documented leak of an older rules version that stored games keep (Village's last chance
    /// before `village/3`, docs/rules.md V-R27).
    fn status_may_tell(&self) -> bool {
        false
    }
    /// Candidate actions of every kind, to probe what lies outside the legal set.
    fn probes(&self, rng: &mut GameRng) -> Vec<Self::Action>;
    /// Whether two actions of a seat are the same decision here (some games list one of
    /// several spellings).
    fn same_decision(&self, _seat: Seat, a: &Self::Action, b: &Self::Action) -> bool {
        a == b
    }
    /// Whether a refusal fails to name its cause (a game whose rules have a catch-all sentence
    /// says which).
    fn unexplained(_refusal: &Violation) -> bool {
        false
    }
    /// Every kind of action with its undo rule, as docs/fair-shuffles.md's table gives it.
    fn undo_table() -> Vec<(&'static str, Undo)>;
    /// A referee's contexts with this game's set to `context`.
    fn contexts(context: &Self::Context) -> Contexts;
}

/// The game's message in a state's oneof (a harness only ever holds its own game's).
pub fn message<G: Wire>(g: v1::game_state::Game) -> G::Parts {
    let mut held = Some(g);
    G::take_state(&mut held).unwrap_or_else(|| panic!("not a {} state: {held:?}", G::ID))
}

/// A mode of a game, to run on a worker: its name and how to run it.
type Job = (String, Box<dyn FnOnce() + Send>);

/// Every mode of game `G`, as jobs.
fn mode_jobs<G: Harness>() -> Vec<Job> {
    G::modes()
        .into_iter()
        .map(|mode| {
            let name = mode.name;
            let job: Box<dyn FnOnce() + Send> = Box::new(move || run_mode::<G>(name));
            (format!("{} {name}", G::ID), job)
        })
        .collect()
}

/// The generic test layer, for every game served (`referee::each_game!`, so a served game with
/// no [`Harness`] does not compile) and every mode its harness names: each mode on one of as
/// many workers as the machine has cores. A failing mode's message names the game, the mode, the
/// player count, the seed and the step; every failing mode is listed at the end.
/// `HARNESS_MODE=<text>` runs only the modes whose name (`<game> <mode>`) contains it.
#[test]
fn every_game_keeps_every_invariant_in_every_mode() {
    let only = std::env::var("HARNESS_MODE").unwrap_or_default();
    let jobs: Vec<Job> = referee::each_game!(mode_jobs())
        .into_iter()
        .flatten()
        .filter(|(name, _)| name.contains(&only))
        .collect();
    assert!(!jobs.is_empty(), "no mode's name contains {only:?}");
    let queue = std::sync::Mutex::new(jobs);
    let failed = std::sync::Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let Some((name, job)) = queue.lock().unwrap().pop() else {
                    return;
                };
                if std::panic::catch_unwind(std::panic::AssertUnwindSafe(job)).is_err() {
                    failed.lock().unwrap().push(name);
                }
            });
        }
    });
    let failed = failed.into_inner().unwrap();
    assert!(
        failed.is_empty(),
        "modes that failed (each message above): {failed:?}"
    );
}

/// Hostile parts of every mode of every game are refused by field or fully usable.
#[test]
fn hostile_states_are_refused_or_usable_in_every_game() {
    referee::each_game!(hostile::mutated_states_never_panic());
}

/// Corrupted listed actions of every game are listed or refused with a cause.
#[test]
fn corrupted_actions_are_listed_or_refused_in_every_game() {
    referee::each_game!(actions::mutated_listed_actions_are_listed_or_refused(2));
}

/// Whether a kind of action may be taken back (docs/fair-shuffles.md, "Undo").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Undo {
    /// Always: it never shows anything hidden or draws.
    Always,
    /// Never: it always shows something hidden or draws.
    Never,
    /// Depending on what it sets off (a turn's end that refills, a round that seeds).
    Depends,
}

/// What one game left behind, to compare runs.
struct Record {
    log: Vec<v1::Action>,
    events: Vec<u8>,
    final_state: Vec<u8>,
    /// The state before each action (the setup first), as bytes, when the game was checked.
    states: Vec<Vec<u8>>,
    /// Per action kind, how often it was applied undoable, not undoable, and not undoable
    /// although no twin showed a difference.
    undo: BTreeMap<String, [usize; 3]>,
}

/// Whether the harness plays this seed with a fair shuffle.
fn fair(seed: u64) -> bool {
    seed % 2 == 1
}

/// The server seed the harness gives a seed's fair shuffle.
fn server_seed(seed: u64) -> [u8; 32] {
    let mut rng = GameRng::from_u64(seed ^ 0x5EED_5EED);
    std::array::from_fn(|_| rng.below(256) as u8)
}

/// What a mode's games showed.
struct Outcome {
    /// Each game's length.
    lengths: Vec<usize>,
    /// Each all-default game's length, by player count.
    defaults: BTreeMap<u32, Vec<usize>>,
    /// Per action kind, as [`Record::undo`].
    undo: BTreeMap<String, [usize; 3]>,
}

/// Runs every invariant on every game of the mode called `name`; prints the games' lengths and
/// how often each kind of action was undoable.
pub fn run_mode<G: Harness>(name: &str) {
    let outcome = outcomes::<G>(name);
    let table = G::undo_table();
    for (kind, [yes, no, cautious]) in &outcome.undo {
        let rule = table.iter().find(|(k, _)| k == kind).map(|(_, r)| *r);
        match rule {
            Some(Undo::Always) => assert_eq!(no + cautious, 0, "{name}: {kind} not undoable"),
            Some(Undo::Never) => assert_eq!(*yes, 0, "{name}: {kind} undoable"),
            Some(Undo::Depends) => {}
            None => panic!("{name}: {kind} is not in the undo table"),
        }
    }
    let lengths = &outcome.lengths;
    let mean = lengths.iter().sum::<usize>() / lengths.len();
    let max = lengths.iter().max().unwrap();
    eprintln!(
        "{} {name}: {} games, mean {mean} actions, max {max}; all-default games by players: {:?}; undoable/not/not though nothing showed, by kind: {:?}",
        G::ID,
        lengths.len(),
        outcome.defaults,
        outcome.undo
    );
}

/// Plays every game of a mode.
fn outcomes<G: Harness>(name: &str) -> Outcome {
    let modes = G::modes();
    let mode = modes
        .iter()
        .find(|m| m.name == name)
        .unwrap_or_else(|| panic!("{} has no mode {name}", G::ID));
    assert!(
        mode.games >= 2,
        "{name}: plays a fair shuffle at every count"
    );
    let mut outcome = Outcome {
        lengths: Vec::new(),
        defaults: BTreeMap::new(),
        undo: BTreeMap::new(),
    };
    for players in mode.players.clone() {
        // Every seat plays its default, in a plain game and in a fair one: it ends, soon.
        for seed in 0..2 {
            let record = play::<G>(mode, players, seed, true, Agent::Defaults);
            assert!(
                record.log.len() <= MAX_DEFAULT_ACTIONS,
                "{} {name} {players}p seed {seed}: an all-default game took {} actions",
                G::ID,
                record.log.len()
            );
            outcome
                .defaults
                .entry(players)
                .or_default()
                .push(record.log.len());
        }
        for seed in 0..mode.games {
            let record = play::<G>(mode, players, seed, true, agent(seed));
            replay_equals_play::<G>(mode, players, seed, &record);
            // Determinism, on a share of the games (the first plain and fair one of each count).
            if seed < 2 {
                let again = play::<G>(mode, players, seed, false, agent(seed));
                assert!(
                    again.log == record.log
                        && again.events == record.events
                        && again.final_state == record.final_state,
                    "{} {name} {players}p seed {seed}: two runs differ",
                    G::ID
                );
            }
            outcome.lengths.push(record.log.len());
            for (kind, counts) in record.undo {
                let seen = outcome.undo.entry(kind).or_default();
                for (s, c) in seen.iter_mut().zip(counts) {
                    *s += c;
                }
            }
        }
    }
    outcome
}

/// The kind of an action, as its debug spelling names it (`Draw`, `Contribute`).
fn kind<A: std::fmt::Debug>(a: &TableAction<A>) -> String {
    let text = match a {
        TableAction::Game(a) => format!("{a:?}"),
        TableAction::Contribute(_) => "Contribute".to_owned(),
    };
    text.split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or_default()
        .to_owned()
}

/// Plays one seeded game to its end, each move chosen by `agent`, checking every invariant at
/// every step when `check`.
fn play<G: Harness>(mode: &Mode<G>, players: u32, seed: u64, check: bool, agent: Agent) -> Record {
    let at = |step: usize| format!("{} {} {players}p seed {seed} step {step}", G::ID, mode.name);
    let setup = Setup::<G> {
        rules: mode.rules,
        players,
        start_seat: seed as u32 % players,
        options: mode.options.clone(),
    };
    let mut table = if fair(seed) {
        Table::fair(&mode.context, setup, server_seed(seed))
    } else {
        setup.deal(&mode.context, seed).map(Table::plain)
    }
    .unwrap_or_else(|e| panic!("{}: setup refused: {e}", at(0)));
    let mut census = None;
    let mut rng = GameRng::from_u64(seed ^ 0xA5A5_A5A5);
    let mut probe_rng = GameRng::from_u64(seed.wrapping_add(99));
    let mut scramble_rng = GameRng::from_u64(seed.wrapping_mul(7).wrapping_add(1));
    let mut record = Record {
        log: Vec::new(),
        events: Vec::new(),
        final_state: Vec::new(),
        states: Vec::new(),
        undo: BTreeMap::new(),
    };
    let mut events = Vec::new();
    for step in 0..MAX_ACTIONS {
        let sequence = step as u64;
        let status = table.status();
        let legal = table.legal_actions(None);
        if status.finished {
            assert!(legal.is_empty(), "{}: finished with actions open", at(step));
            assert_eq!(status.result.len(), players as usize, "{}", at(step));
            game_over(&table, &status, &at(step));
            record.final_state = wire::table_state(sequence, &table).encode_to_vec();
            return record;
        }
        if check {
            record
                .states
                .push(wire::table_state(sequence, &table).encode_to_vec());
        }
        assert!(!legal.is_empty(), "{}: unfinished, nothing open", at(step));
        let twin = check.then(|| {
            check_step(
                &table,
                &mode.context,
                &status,
                &legal,
                &mut probe_rng,
                &at(step),
            );
            if let Some(game) = table.game().filter(|g| g.placed()) {
                let now = game.census();
                assert_eq!(
                    census.get_or_insert_with(|| now.clone()),
                    &now,
                    "{}: components not conserved",
                    at(step)
                );
            }
            round_trip(&table, &mode.context, sequence, &at(step));
            bots_see_only_views(&table, &mode.context, step, &mut scramble_rng, &at(step));
            views_hide(&table, &mut scramble_rng, &at(step))
        });
        let defaults = table.default_actions(None, &legal);
        let by_default = match agent {
            Agent::Defaults => true,
            Agent::Mixed => rng.below(2) == 0,
            Agent::Random => false,
        };
        let (seat, mut action) = if by_default {
            defaults[rng.below(defaults.len() as u32) as usize].clone()
        } else {
            legal[rng.below(legal.len() as u32) as usize].clone()
        };
        if let TableAction::Contribute(bytes) = &mut action {
            // Listed empty; a seat fills it with randomness of its own, of any length.
            let len = rng.below(65);
            bytes.extend((0..len).map(|_| rng.below(256) as u8));
        }
        events.clear();
        let undo = table
            .apply(&mode.context, seat, &action, &mut events)
            .unwrap_or_else(|v| panic!("{}: listed {action:?} refused: {v}", at(step)));
        let cautious = twin.is_some_and(|mut twin| {
            let taken = (seat, &action);
            undo_is_safe(
                &table,
                &mut twin,
                &mode.context,
                taken,
                undo.undoable,
                &at(step),
            )
        });
        let column = if undo.undoable {
            0
        } else {
            1 + usize::from(cautious)
        };
        record.undo.entry(kind(&action)).or_default()[column] += 1;
        for e in wire::applied_events_to_proto(&table, &events, &undo) {
            assert!(
                !e.description.is_empty(),
                "{}: an event without a description",
                at(step)
            );
            e.encode_length_delimited(&mut record.events).unwrap();
        }
        record
            .log
            .push(wire::table_action_to_proto::<G>(sequence, seat, &action));
    }
    panic!("{}: no end", at(MAX_ACTIONS));
}

/// An action said undoable revealed nothing: applied to a twin whose hidden facts were
/// reshuffled (`before` the twin's RNG position), it is accepted and every viewer sees the same
/// as after the action itself. Returns whether an action said not undoable showed no viewer a
/// difference and consumed no randomness (a cautious answer, counted, not an error).
fn undo_is_safe<G: Harness>(
    after: &Table<G>,
    twin: &mut Table<G>,
    context: &G::Context,
    (seat, action): (Seat, &TableAction<G::Action>),
    undoable: bool,
    at: &str,
) -> bool {
    let drawn = twin.game().map(|g| g.rng().word_pos());
    let applied = twin.apply(context, seat, action, &mut Vec::new());
    if !undoable {
        let moved = twin.game().map(|g| g.rng().word_pos()) != drawn;
        let same = (0..after.players())
            .map(Some)
            .chain([None])
            .all(|v| after.view(v) == twin.view(v));
        return applied.is_ok() && !moved && same;
    }
    applied.unwrap_or_else(|v| panic!("{at}: undoable {action:?} refused on a twin: {v}"));
    for viewer in std::iter::once(None).chain((0..after.players()).map(Some)) {
        assert_eq!(
            after.view(viewer),
            twin.view(viewer),
            "{at}: {action:?} said undoable, but showed {viewer:?} something hidden"
        );
    }
    false
}

/// Whether two table actions of a seat are the same decision: any contribution a seat may make
/// answers the listed empty one.
fn same_decision<G: Harness>(
    table: &Table<G>,
    seat: Seat,
    a: &TableAction<G::Action>,
    b: &TableAction<G::Action>,
) -> bool {
    match (table.game(), a, b) {
        (Some(game), TableAction::Game(a), TableAction::Game(b)) => game.same_decision(seat, a, b),
        (_, TableAction::Contribute(a), TableAction::Contribute(b)) => {
            a.len() <= 64 && b.len() <= 64
        }
        _ => false,
    }
}

/// Actions to probe with: the game's own once dealt, and contributions of every size.
fn probes<G: Harness>(table: &Table<G>, rng: &mut GameRng) -> Vec<TableAction<G::Action>> {
    let mut out: Vec<_> = table
        .game()
        .map(|g| G::probes(g, rng))
        .unwrap_or_default()
        .into_iter()
        .map(TableAction::Game)
        .collect();
    out.extend([0, 1, 64, 65].map(|n| TableAction::Contribute(vec![7; n])));
    out
}

/// Listed actions belong to seats that must act, validate and apply; probes outside the list
/// are refused, for every seat and one seat past the last.
fn check_step<G: Harness>(
    table: &Table<G>,
    context: &G::Context,
    status: &Status,
    legal: &[(Seat, TableAction<G::Action>)],
    rng: &mut GameRng,
    at: &str,
) {
    let phase = status.phase;
    assert!(
        !phase.is_empty() && phase.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
        "{at}: phase {phase:?} is not lower_snake_case"
    );
    let defaults = table.default_actions(None, legal);
    let seats: Vec<Seat> = defaults.iter().map(|(s, _)| *s).collect();
    assert_eq!(
        seats, status.to_act,
        "{at}: a default per seat to act, in order"
    );
    // Distinct listed actions say distinct things: a player choosing from the sentences alone
    // can tell every choice apart.
    let mut said = std::collections::BTreeMap::new();
    for (seat, action) in legal {
        let text = table.describe_action(*seat, action);
        if let Some(other) = said.insert(text.clone(), (seat, action)) {
            panic!("{at}: {other:?} and {action:?} by {seat} are both described {text:?}");
        }
    }
    for (seat, action) in &defaults {
        assert!(
            legal.iter().any(|(s, a)| s == seat && a == action),
            "{at}: default {action:?} of {seat} is not listed"
        );
        assert_eq!(
            table.default_actions(Some(*seat), &table.legal_actions(Some(*seat))),
            [(*seat, action.clone())],
            "{at}: {seat}'s own default"
        );
    }
    for (seat, action) in legal {
        assert!(
            status.to_act.contains(seat) || status.free.contains(seat),
            "{at}: {action:?} listed for {seat}"
        );
        let said = table.describe_action(*seat, action);
        assert!(
            said.starts_with(&format!("Seat {seat} ")),
            "{at}: {action:?} described as {said:?}"
        );
        assert_eq!(
            table.check(*seat, action),
            Ok(()),
            "{at}: listed {action:?}"
        );
        let own = table.legal_actions(Some(*seat));
        assert!(
            own.iter().any(|(_, a)| a == action),
            "{at}: not in own list"
        );
        let mut copy = table.clone();
        copy.apply(context, *seat, action, &mut Vec::new())
            .unwrap_or_else(|v| panic!("{at}: listed {action:?} does not apply: {v}"));
    }
    for probe in probes(table, rng) {
        for seat in 0..=table.players() {
            let listed = legal
                .iter()
                .any(|(s, a)| *s == seat && same_decision(table, seat, a, &probe));
            if !listed {
                let refusal = table.check(seat, &probe).expect_err(&format!(
                    "{at}: {probe:?} by {seat} accepted but not listed"
                ));
                assert!(
                    !G::unexplained(&refusal),
                    "{at}: {probe:?} by {seat} refused without a cause: {refusal}"
                );
                details_are_documented(&refusal, at);
            }
        }
    }
}

/// Every name in a refusal's details is a word of docs/errors.md (one piece, one name): each
/// value split at commas, colons and spaces, numbers and the set's city ids aside.
fn details_are_documented(refusal: &Violation, at: &str) {
    const DOC: &str = include_str!("../../../docs/errors.md");
    let documented = |word: &str| {
        DOC.match_indices(word).any(|(i, _)| {
            let edge = |c: Option<char>| !c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
            edge(DOC[..i].chars().next_back()) && edge(DOC[i + word.len()..].chars().next())
        })
    };
    for (key, value) in &refusal.details {
        assert!(
            documented(key),
            "{at}: detail {key} is not in docs/errors.md"
        );
        // A city is named by the component set's id (`city:<id>`), which no document lists.
        let words = value
            .split(',')
            .flat_map(|part| match part.strip_prefix("city:") {
                Some(_) => vec!["city"],
                None => part.split([':', ' ']).collect(),
            });
        for word in words.filter(|w| w.parse::<i64>().is_err()) {
            assert!(
                documented(word),
                "{at}: {key}={value}: {word:?} is not a word of docs/errors.md ({refusal})"
            );
        }
    }
}

/// State → bytes → state is the same state.
fn round_trip<G: Harness>(table: &Table<G>, context: &G::Context, sequence: u64, at: &str) {
    let bytes = wire::table_state(sequence, table).encode_to_vec();
    let gs = v1::GameState::decode(bytes.as_slice()).unwrap();
    let back = wire::table_from_proto::<G>(
        &gs.rules_version,
        gs.game.map(message::<G>),
        gs.fair_shuffle,
        context,
    )
    .unwrap_or_else(|e| panic!("{at}: a state the referee made is refused: {e}"));
    assert_eq!(
        wire::table_state(sequence, &back).encode_to_vec(),
        bytes,
        "{at}: round trip"
    );
}

/// Every viewer sees the same, the status it is shown included, when every fact hidden from it is
/// reshuffled (the hidden facts everyone shares, and other seats' hidden holdings), and no view
/// shows the fair shuffle's server seed or game seed before the end. Returns a twin whose shared
/// hidden facts were reshuffled.
fn views_hide<G: Harness>(table: &Table<G>, rng: &mut GameRng, at: &str) -> Table<G> {
    let twin_by = |scramble: &dyn Fn(&G) -> G| match table {
        Table::Playing { game, fair } => Table::Playing {
            game: scramble(game),
            fair: fair.clone(),
        },
        Table::Contributing { .. } => table.clone(),
    };
    let rng = std::cell::RefCell::new(rng);
    let twin = twin_by(&|g| g.scramble_hidden(&mut rng.borrow_mut()));
    let may_tell = table.game().is_some_and(|g| g.status_may_tell());
    for viewer in std::iter::once(None).chain((0..table.players()).map(Some)) {
        let view = table.view(viewer);
        assert_eq!(view, twin.view(viewer), "{at}: view of {viewer:?}");
        let own = twin_by(&|g| g.scramble_hidden_from(viewer, &mut rng.borrow_mut()));
        let (mut seen, mut twin_seen) = (table.view(viewer), own.view(viewer));
        assert!(
            viewer.is_some() || seen.status.free.is_empty(),
            "{at}: a spectator is shown free actions"
        );
        if may_tell {
            (seen.status.to_act, seen.status.phase) = (Vec::new(), "");
            (twin_seen.status.to_act, twin_seen.status.phase) = (Vec::new(), "");
        }
        assert_eq!(
            seen, twin_seen,
            "{at}: what {viewer:?} is shown tells what is hidden from it"
        );
        if let (Some(fair), Some(shown)) = (table.fair_shuffle(), &view.fair) {
            assert_eq!(shown.revealed, None, "{at}: seeds shown before the end");
            let (game, fair_shuffle) = wire::table_view_to_proto::<G>(&view);
            let bytes = v1::GameView {
                game,
                fair_shuffle,
                ..Default::default()
            }
            .encode_to_vec();
            assert!(
                !bytes.windows(32).any(|w| w == fair.server_seed()),
                "{at}: the server seed is in a view"
            );
        }
    }
    twin
}

/// The bots see only a seat's view: a world sampled from any viewer's view is a state the
/// referee accepts (under Village's older versions, whose decisions may follow from hidden goals
/// (V-R27), only its view is checked) that shows that viewer exactly its view and lists its seat the same actions;
/// and (every 40th step, each level on a small budget) two states that show a seat the same view
/// give it the same suggestion for the same seed.
fn bots_see_only_views<G: Harness>(
    table: &Table<G>,
    context: &G::Context,
    step: usize,
    rng: &mut GameRng,
    at: &str,
) {
    let Some(game) = table.game() else {
        return;
    };
    // Under the older Village versions who is asked may follow from hidden goals (V-R27).
    let may_tell = game.status_may_tell();
    for viewer in std::iter::once(None).chain((0..game.players()).map(Some)) {
        let view = game.view(viewer);
        let world = G::sample(&view, rng);
        assert_eq!(
            world.view(viewer),
            view,
            "{at}: a world sampled for {viewer:?}"
        );
        if may_tell {
            continue;
        }
        G::from_parts(&world.to_parts(), game.rules(), context)
            .unwrap_or_else(|e| panic!("{at}: a world sampled for {viewer:?} is refused: {e}"));
        let Some(seat) = viewer else {
            continue;
        };
        assert_eq!(
            world.legal_actions(Some(seat)),
            game.legal_actions(Some(seat)),
            "{at}: a world sampled for seat {seat} lists it other actions"
        );
        if !step.is_multiple_of(40) {
            continue;
        }
        let twin = game.scramble_hidden_from(viewer, rng);
        for level in [Level::Random, Level::Greedy, Level::Search] {
            let seed = u64::from(rng.below(u32::MAX));
            let ours = bot::suggest::<G>(&view, seat, level, 6, seed);
            let theirs = bot::suggest::<G>(&twin.view(viewer), seat, level, 6, seed);
            assert_eq!(
                ours, theirs,
                "{at}: {level:?} for seat {seat} saw past its view"
            );
            let own: Vec<G::Action> = game
                .legal_actions(Some(seat))
                .into_iter()
                .map(|(_, a)| a)
                .collect();
            match ours {
                Some(s) => assert!(
                    own.contains(&s.action),
                    "{at}: {level:?} suggests an unlisted action"
                ),
                None => assert!(
                    own.is_empty(),
                    "{at}: {level:?} suggests nothing to a seat with actions"
                ),
            }
        }
    }
}

/// A finished game explains its result: each seat's score sheet sums to its score and its
/// tie-breakers are named; and every seat and a spectator see the same game, hiding nothing that
/// decides it.
fn game_over<G: Harness>(table: &Table<G>, status: &Status, at: &str) {
    for r in &status.result {
        let sum: u32 = r.breakdown.iter().map(|i| i.points).sum();
        assert_eq!(
            sum, r.score,
            "{at}: seat {}'s score sheet {:?}",
            r.seat, r.breakdown
        );
        assert!(!r.breakdown.is_empty(), "{at}: no score sheet");
        assert_eq!(
            r.tie_breaker_names.len(),
            r.tie_breakers.len(),
            "{at}: unnamed tie-breakers"
        );
        let categories: Vec<_> = r.breakdown.iter().map(|i| i.category).collect();
        let first: Vec<_> = status.result[0]
            .breakdown
            .iter()
            .map(|i| i.category)
            .collect();
        assert_eq!(
            categories, first,
            "{at}: seats' sheets list different categories"
        );
    }
    let shown = |viewer| {
        let (game, _) = wire::table_view_to_proto::<G>(&table.view(viewer));
        v1::GameView {
            game,
            ..Default::default()
        }
        .encode_to_vec()
    };
    let spectator = shown(None);
    for seat in 0..table.players() {
        assert_eq!(
            shown(Some(seat)),
            spectator,
            "{at}: seat {seat} sees the finished game otherwise than a spectator"
        );
    }
}

/// The service's Replay of the setup and the log ends in the state play ended in; stopped after
/// k actions (none, a random k, all of them), in the state play reached after k.
fn replay_equals_play<G: Harness>(mode: &Mode<G>, players: u32, seed: u64, record: &Record) {
    let at = format!("{} {} {players}p seed {seed}", G::ID, mode.name);
    let replay = |stop_after: Option<usize>| {
        replay::<G>(
            mode,
            players,
            seed,
            &record.log,
            stop_after.map(|k| k as u32),
        )
    };
    let response = replay(None);
    assert_eq!(response.violation, None, "{at}");
    assert!(response.status.unwrap().finished);
    assert_eq!(response.applied as usize, record.log.len(), "{at}");
    assert_eq!(
        response.state.unwrap().encode_to_vec(),
        record.final_state,
        "{at}: replay differs from play"
    );
    let len = record.log.len();
    let k = GameRng::from_u64(seed ^ 0x0057_0BAF).below(len as u32 + 1) as usize;
    for k in [0, k, len] {
        let response = replay(Some(k));
        assert_eq!(response.violation, None, "{at} stop_after {k}");
        assert_eq!(response.applied as usize, k, "{at} stop_after {k}");
        let played = record.states.get(k).unwrap_or(&record.final_state);
        assert_eq!(
            &response.state.unwrap().encode_to_vec(),
            played,
            "{at}: replay to {k} differs from playing {k} actions"
        );
    }
}

/// The service's Replay of a seed's setup and `log`, stopped after `stop_after` actions if given.
fn replay<G: Harness>(
    mode: &Mode<G>,
    players: u32,
    seed: u64,
    log: &[v1::Action],
    stop_after: Option<u32>,
) -> v1::ReplayResponse {
    let referee = Referee::new(Metrics::new(&[])).with_contexts(G::contexts(&mode.context));
    let request = v1::ReplayRequest {
        stop_after,
        server_seed: if fair(seed) {
            server_seed(seed).to_vec()
        } else {
            Vec::new()
        },
        setup: Some(v1::NewGameRequest {
            fair_shuffle: fair(seed),
            game: G::ID.to_owned(),
            players,
            seed: (!fair(seed)).then_some(seed),
            start_seat: Some(seed as u32 % players),
            rules_version: Some(referee::games::RulesVersion::name(mode.rules).to_owned()),
            options: Some(G::options_to_proto(&mode.options)),
        }),
        actions: log.to_vec(),
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    runtime
        .block_on(referee.replay(tonic::Request::new(request)))
        .expect("replay answered")
        .into_inner()
}
