//! What every served game must have, checked for each game of the one list
//! (`referee::each_game!`): a failure names the game and everything it lacks. That it has a test
//! harness ([`Harness`], the generic invariants run for its every mode) is checked by the
//! compiler: `each_game!` below calls a function bounded by it, so a served game without one does
//! not build, and the error names the game and the trait.

use std::collections::BTreeSet;

use referee::core::{GameRng, Seat};
use referee::games::RulesVersion;
use referee::service::Contexts;

use crate::harness::Harness;

/// Seeded random games per variant and player count.
const GAMES: u64 = 2;

/// Every served game has what a served game needs; the failure lists, per game, what is missing.
#[test]
fn every_served_game_has_what_a_served_game_needs() {
    let errors =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/errors.md")).unwrap();
    let rules =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/rules.md")).unwrap();
    let missing: Vec<String> = referee::each_game!(lacks(&errors, &rules)).concat();
    assert!(
        missing.is_empty(),
        "what served games lack:\n  {}",
        missing.join("\n  ")
    );
}

/// What game `G` lacks, each as a line naming the game.
fn lacks<G: Harness>(errors: &str, rules_doc: &str) -> Vec<String> {
    let mut out = BTreeSet::new();
    let mut lack = |what: String| out.insert(format!("{}: {what}", G::ID));
    for rules in crate::stored::unstored::<G>() {
        lack(format!(
            "no stored game under {rules} (tests/fixtures/stored; REFEREE_WRITE_STORED={})",
            G::ID
        ));
    }
    if G::Rules::VERSIONS.is_empty() {
        lack("no rules version".to_owned());
    }
    for &rules in G::Rules::VERSIONS {
        if G::Rules::parse(rules.name()) != Some(rules) {
            lack(format!(
                "rules version {} does not parse back",
                rules.name()
            ));
        }
    }
    for rules in G::Rules::VERSIONS {
        if !rules_doc.contains(&format!("| `{}`", rules.name())) {
            lack(format!(
                "rules version {} has no row in docs/rules.md's \"Rules versions\"",
                rules.name()
            ));
        }
    }
    let variants = G::variants();
    if variants.is_empty() {
        lack("no variants (Game::variants)".to_owned());
    }
    let contexts = Contexts::default();
    let context = G::context(&contexts);
    for variant in &variants {
        for players in variant.players.clone() {
            for seed in 0..GAMES {
                let at = format!("{} {players}p seed {seed}", variant.name);
                let first = G::new_game(context, G::Rules::newest(), players.into(), 0, seed, {
                    variant.options.clone()
                });
                match first {
                    Ok(game) => play(game, seed, &at, errors, &mut lack),
                    Err(e) => {
                        lack(format!("variant {at} is not set up: {e:?}"));
                    }
                }
            }
        }
    }
    out.into_iter().collect()
}

/// Plays a seeded random game, noting at each step a seat to act with no default action, an
/// action or event with no description, and a refusal of a probe whose code docs/errors.md does
/// not document.
fn play<G: Harness>(
    mut game: G,
    seed: u64,
    at: &str,
    errors: &str,
    lack: &mut impl FnMut(String) -> bool,
) {
    let mut rng = GameRng::from_u64(seed);
    let mut events = Vec::new();
    for step in 0.. {
        let listed = game.legal_actions(None);
        if listed.is_empty() {
            return;
        }
        for &seat in &game.status().to_act {
            let default = game.default_for(seat);
            if !default.is_some_and(|d| listed.iter().any(|(s, a)| *s == seat && *a == d)) {
                lack(format!(
                    "seat {seat} has no listed default action ({at}, step {step})"
                ));
            }
        }
        for (seat, action) in &listed {
            if game.describe_action(*seat, action).trim().is_empty() {
                lack(format!("{action:?} has no description ({at}, step {step})"));
            }
        }
        for probe in game.probes(&mut rng) {
            for seat in 0..game.players() as Seat {
                if let Err(refusal) = game.check(seat, &probe) {
                    if !errors.contains(&format!("`{}`", refusal.code)) {
                        lack(format!(
                            "violation code {} is not in docs/errors.md",
                            refusal.code
                        ));
                    }
                }
            }
        }
        let (seat, action) = &listed[rng.below(listed.len() as u32) as usize];
        events.clear();
        game.apply_in_place(*seat, action, &mut events)
            .expect("a listed action applies");
        for event in &events {
            if game.describe_event(event).trim().is_empty() {
                lack(format!("{event:?} has no description ({at}, step {step})"));
            }
        }
    }
}
