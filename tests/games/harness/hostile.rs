//! Hostile states, written once for every game (docs/errors.md): parts of real mid-game states,
//! mutated at random by the game's [`Harness::mutate`], are either refused with field errors
//! naming fields of the game's state message, or fully usable — every listed action applies,
//! probes are answered, views are drawn, and the state crosses its parts and the wire unchanged.
//! Nothing panics. The cases are seeded, so a run is the same on every machine.

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use prost::Message;
use referee::core::GameRng;
use referee::service::wire;

use super::{Harness, Mode};
use crate::common::paths;

/// Mutated states per game.
const CASES: u32 = 400;
/// One state in this many of each sample game is kept.
const EVERY: usize = 37;

/// Parts of mid-game states from seeded random games of every mode and player count, with the
/// mode each came from.
fn samples<G: Harness>(modes: &[Mode<G>]) -> Vec<(usize, G::Parts)> {
    let mut out = Vec::new();
    for (m, mode) in modes.iter().enumerate() {
        for players in mode.players.clone() {
            for seed in 0..2 {
                let mut state = G::new_game(
                    &mode.context,
                    mode.rules,
                    players,
                    0,
                    seed,
                    mode.options.clone(),
                )
                .expect("a valid setup");
                let mut rng = GameRng::from_u64(seed ^ 0x4057);
                for step in 0.. {
                    if step % EVERY == 0 {
                        out.push((m, state.to_parts()));
                    }
                    let legal = state.legal_actions(None);
                    if legal.is_empty() || step > 20_000 {
                        break;
                    }
                    let (seat, action) = &legal[rng.below(legal.len() as u32) as usize];
                    state
                        .apply_in_place(*seat, action, &mut Vec::new())
                        .unwrap();
                }
            }
        }
    }
    out
}

/// Uses an accepted state every way a client can.
fn exercise<G: Harness>(state: &G, mode: &Mode<G>, rng: &mut GameRng) {
    let _ = state.status();
    let _ = state.view(None);
    for seat in 0..state.players() {
        let _ = state.view(Some(seat));
    }
    for (seat, action) in state.legal_actions(None) {
        let mut s = state.clone();
        let applied = s.apply_in_place(seat, &action, &mut Vec::new());
        assert!(applied.is_ok(), "{action:?} by {seat} listed but refused");
        let _ = s.legal_actions(None);
    }
    for action in state.probes(rng).into_iter().take(8) {
        let seat = rng.below(7) as u8;
        let mut s = state.clone();
        let _ = s.apply_in_place(seat, &action, &mut Vec::new());
    }
    // Its parts give it back, and so does the wire.
    let back = G::from_parts(&state.to_parts(), mode.rules, &mode.context)
        .unwrap_or_else(|e| panic!("an accepted state's own parts are refused: {e}"));
    assert_eq!(back.to_parts(), state.to_parts(), "parts round trip");
    let message = super::message::<G>(state.state_to_proto());
    let bytes = message.encode_to_vec();
    let again = wire::state_from_proto::<G>(message, mode.rules, &mode.context)
        .unwrap_or_else(|e| panic!("an accepted state is refused from the wire: {e}"));
    let again = super::message::<G>(again.state_to_proto()).encode_to_vec();
    assert_eq!(again, bytes, "wire round trip");
}

/// The property, for every mode of `G`.
pub fn mutated_states_never_panic<G: Harness>() {
    let modes = G::modes();
    let all = samples::<G>(&modes);
    let config = Config {
        cases: CASES,
        failure_persistence: None,
        ..Config::default()
    };
    let rng = TestRng::deterministic_rng(RngAlgorithm::ChaCha);
    let accepted = std::cell::Cell::new(0u32);
    let mut runner = TestRunner::new_with_rng(config, rng);
    let cases = (any::<prop::sample::Index>(), any::<u64>(), 1u32..4);
    let result = runner.run(&cases, |(sample, seed, rounds)| {
        let (m, parts) = &all[sample.index(all.len())];
        let mode = &modes[*m];
        let mut parts = parts.clone();
        let mut rng = GameRng::from_u64(seed);
        for _ in 0..rounds {
            G::mutate(&mut parts, &mut rng);
        }
        match G::from_parts(&parts, mode.rules, &mode.context) {
            Ok(state) => {
                accepted.set(accepted.get() + 1);
                exercise(&state, mode, &mut rng)
            }
            Err(errors) => {
                prop_assert!(!errors.errors.is_empty());
                // Each path names a field of the state (empty: the state as a whole).
                for e in errors.errors.iter().filter(|e| !e.field.is_empty()) {
                    let resolved = paths::resolve(G::STATE_MESSAGE, &e.field);
                    prop_assert!(resolved.is_ok(), "{:?}", resolved);
                }
            }
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{}: {e}", G::ID);
    }
    let accepted = accepted.get();
    eprintln!(
        "{}: {CASES} mutated states, {accepted} accepted and played",
        G::ID
    );
    assert!(
        accepted > 0,
        "every mutation refused: the property checks nothing past the checks"
    );
}
