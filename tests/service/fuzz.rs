//! The fuzz targets of `fuzz/targets.rs`, run on stable Rust with a bounded budget: every input
//! of the checked-in seed corpus (`fuzz/corpus/<target>/`) and every input that once found a bug
//! (`fuzz/regressions/<target>/`), then mutations of the corpus (field-level on the wire,
//! byte-level, and for `apply` also a corrupted action on an intact state). The coverage-guided
//! long run is cargo-fuzz (docs/testing.md, "Hostile input and fuzzing").
//!
//! `REFEREE_FUZZ_ITERATIONS` (default 200,000 per target) and `REFEREE_FUZZ_SEED` set the run;
//! the summary line says how deep the inputs got.

use crate::common::mutate;
// The fuzz crate compiles these targets too, with their own copy of the path helper.
#[allow(clippy::duplicate_mod)]
#[path = "../../fuzz/targets.rs"]
mod targets;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use prost::Message;
use referee::core::GameRng;
use referee::games::RulesVersion;
use referee::pb::v1;
use referee::service::wire::{self, game_state, Wire};
use referee::service::Contexts;
use targets::Reached;

/// A run stops early (and fails) if it would take longer than this.
const TIME_LIMIT: Duration = Duration::from_secs(300);

/// `fuzz/<kind>/<target>`: the seed corpus (`corpus`) or the inputs that once found a bug
/// (`regressions`).
fn fuzz_dir(kind: &str, target: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz")
        .join(kind)
        .join(target)
}

fn corpus(target: &str) -> Vec<Vec<u8>> {
    let mut files: Vec<_> = std::fs::read_dir(fuzz_dir("corpus", target))
        .expect("the seed corpus is checked in")
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let inputs: Vec<_> = files.iter().map(|f| std::fs::read(f).unwrap()).collect();
    assert!(inputs.len() >= 20, "seed corpus of {target} is too small");
    inputs
}

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .map(|v| {
            v.parse()
                .unwrap_or_else(|_| panic!("{name} must be a number"))
        })
        .unwrap_or(default)
}

/// Runs a target over the corpus, then over mutations, and prints what the inputs reached.
fn fuzz(
    target: &str,
    run: fn(&[u8]) -> Reached,
    mut mutate: impl FnMut(&[Vec<u8>], &mut GameRng) -> Vec<u8>,
) {
    let seeds = corpus(target);
    for (i, input) in seeds.iter().enumerate() {
        let reached = run(input);
        assert!(
            reached >= Reached::Violation,
            "seed {i} of {target} should be usable, reached {reached:?}"
        );
    }
    // Inputs that once failed a target (`fuzz/regressions/<target>/`, named after the bug).
    for entry in std::fs::read_dir(fuzz_dir("regressions", target))
        .into_iter()
        .flatten()
    {
        let input = std::fs::read(entry.unwrap().path()).unwrap();
        run(&input);
    }
    let iterations = env_u64("REFEREE_FUZZ_ITERATIONS", 200_000);
    let seed = env_u64("REFEREE_FUZZ_SEED", 20_261_129);
    let mut rng = GameRng::from_u64(seed ^ target.len() as u64);
    let mut reached = BTreeMap::<Reached, u64>::new();
    let started = Instant::now();
    for i in 0..iterations {
        assert!(
            started.elapsed() < TIME_LIMIT,
            "{target}: only {i} iterations in {TIME_LIMIT:?}"
        );
        let input = mutate(&seeds, &mut rng);
        *reached.entry(run(&input)).or_default() += 1;
    }
    println!(
        "fuzz {target}: {} seeds + {iterations} mutations (seed {seed}) in {:.1?}: {reached:?}",
        seeds.len(),
        started.elapsed()
    );
}

fn pick<'a>(seeds: &'a [Vec<u8>], rng: &mut GameRng) -> &'a [u8] {
    &seeds[rng.below(seeds.len() as u32) as usize]
}

/// Three in four corruptions keep the wire format intact, so that they reach validation.
fn corrupt(input: &mut Vec<u8>, donors: &[Vec<u8>], rng: &mut GameRng) {
    let layers = 1 + rng.below(3);
    if rng.below(4) == 0 || !(0..layers).all(|_| mutate::wire(input, rng)) {
        mutate::bytes(input, donors, rng);
    }
}

#[test]
fn state_target_never_panics_and_refusals_name_a_field() {
    fuzz("state", targets::state, |seeds, rng| {
        let mut input = pick(seeds, rng).to_vec();
        corrupt(&mut input, seeds, rng);
        input
    });
}

#[test]
fn apply_target_never_panics_and_validate_agrees_with_apply() {
    fuzz("apply", targets::apply, |seeds, rng| {
        let mut input = pick(seeds, rng).to_vec();
        if rng.below(2) == 0 {
            corrupt(&mut input, seeds, rng);
            return input;
        }
        // An arbitrary action on an intact state: another seed's action, corrupted.
        let mut request = v1::ApplyRequest::decode(input.as_slice()).unwrap_or_default();
        let donor = v1::ApplyRequest::decode(pick(seeds, rng)).unwrap_or_default();
        let mut action = donor.action.unwrap_or_default().encode_to_vec();
        corrupt(&mut action, &[], rng);
        request.action = v1::Action::decode(action.as_slice()).ok();
        request.encode_to_vec()
    });
}

/// A seed state: its name, its envelope and its legal actions as the wire has them.
type Seed = (String, v1::GameState, Vec<v1::Action>);

/// States of a game spread over its length (the first, then every `len / SEEDS_PER_GAME`-th),
/// each with its legal actions.
fn seeds_of<G: Wire>(name: &str, states: Vec<G>, out: &mut Vec<Seed>) {
    let step = (states.len() / SEEDS_PER_GAME).max(1);
    for (sequence, state) in states.into_iter().enumerate().step_by(step) {
        let sequence = sequence as u64;
        let actions = state
            .legal_actions(None)
            .iter()
            .map(|(seat, a)| wire::action_to_proto::<G>(sequence, *seat, a))
            .collect();
        out.push((
            format!("{name}-{sequence:03}"),
            game_state(sequence, &state),
            actions,
        ));
    }
}

/// Seed states per seeded random game.
const SEEDS_PER_GAME: usize = 4;

/// For every game served: a seeded random game of each variant at its fewest and its most
/// players, on the contexts the fuzzed referee runs (Village's provisional set), and a fair
/// shuffle's game.
fn seed_states() -> Vec<Seed> {
    referee::each_game!(seed_states_of()).concat()
}

fn seed_states_of<G: Wire>() -> Vec<Seed> {
    let contexts = Contexts::default();
    let context = G::context(&contexts);
    let mut out = Vec::new();
    for variant in G::variants() {
        for players in [*variant.players.start(), *variant.players.end()] {
            let options = variant.options.clone();
            let first = G::new_game(context, G::Rules::newest(), players.into(), 0, 7, options)
                .expect("a variant sets up at its player counts");
            let name = format!("{}-{}-{players}p", G::ID, variant.name);
            seeds_of(&name, referee::games::random_play(first, 7), &mut out);
        }
    }
    fair_seeds::<G>(&mut out);
    out
}

/// A fair shuffle's game of `G`'s first variant at 3 players (or the nearest count it seats):
/// every state of its setup step, the first dealt one, then states spread over its length.
fn fair_seeds<G: Wire>(out: &mut Vec<Seed>) {
    use referee::games::table::{Setup, Table};
    let contexts = Contexts::default();
    let context = G::context(&contexts);
    let variant = G::variants().swap_remove(0);
    let players = 3.clamp(*variant.players.start(), *variant.players.end());
    let setup = Setup::<G> {
        rules: G::Rules::newest(),
        players: players.into(),
        start_seat: 0,
        options: variant.options,
    };
    let mut table = Table::fair(context, setup, [42; 32]).unwrap();
    let mut rng = GameRng::from_u64(11);
    let mut tables = Vec::new();
    loop {
        let legal = table.legal_actions(None);
        tables.push((table.clone(), legal.clone()));
        let Some((seat, action)) = legal.get(rng.below(legal.len().max(1) as u32) as usize) else {
            break;
        };
        table
            .apply(context, *seat, action, &mut Vec::new())
            .unwrap();
    }
    let step = (tables.len() / SEEDS_PER_GAME).max(1);
    for (sequence, (table, legal)) in tables.iter().enumerate() {
        let sequence = sequence as u64;
        if sequence <= u64::from(players) || sequence.is_multiple_of(step as u64) {
            let actions = legal
                .iter()
                .map(|(seat, a)| wire::table_action_to_proto::<G>(sequence, *seat, a))
                .collect();
            let name = format!("{}-fair-{players}p-{sequence:03}", G::ID);
            out.push((name, wire::table_state(sequence, table), actions));
        }
    }
}

/// Rewrites the seed corpus: `cargo test --test service -- --ignored write_seed_corpus`.
/// For `apply`, each state comes with a legal action and with another state's action.
#[test]
#[ignore = "writes fuzz/corpus; run by hand when the state format changes"]
fn write_seed_corpus() {
    let states = seed_states();
    let mut rng = GameRng::from_u64(1);
    for target in ["state", "apply"] {
        let dir = fuzz_dir("corpus", target);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
    }
    for (i, (name, gs, legal)) in states.iter().enumerate() {
        std::fs::write(fuzz_dir("corpus", "state").join(name), gs.encode_to_vec()).unwrap();
        // Another state's action: of the same game, or (at a game's boundary) of the next.
        let foreign = &states[(i + 1) % states.len()].2;
        for (suffix, chosen) in [
            ("legal", legal.first()),
            (
                "foreign",
                foreign.get(rng.below(foreign.len().max(1) as u32) as usize),
            ),
        ] {
            let Some(action) = chosen else {
                continue;
            };
            let request = v1::ApplyRequest {
                state: Some(gs.clone()),
                action: Some(action.clone()),
            };
            std::fs::write(
                fuzz_dir("corpus", "apply").join(format!("{name}-{suffix}")),
                request.encode_to_vec(),
            )
            .unwrap();
        }
    }
    // States written by the first release (rules version port-royal/1), still played.
    let old = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/port_royal_1");
    for entry in std::fs::read_dir(old).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let to = fuzz_dir("corpus", "state").join(format!("port-royal-1-{name}"));
        std::fs::copy(&path, to).unwrap();
    }
}
