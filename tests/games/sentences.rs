//! Every sentence the games write, pinned: the description of every listed action and of every
//! event, over seeded random complete games of every variant and player count of every served
//! game, hashed per variant and player count and compared with `tests/fixtures/sentences.txt`.
//! The wording is no contract (docs/api.md), but it changes only on purpose: a change of how the
//! sentences are written (one builder for another) must leave every one the same.
//!
//! After a deliberate change of wording, `REFEREE_WRITE_SENTENCES=1 cargo test --test games
//! sentences` writes the fixture anew. To see what changed, `REFEREE_DUMP_SENTENCES=<dir>` writes
//! each combination's sentences into `<dir>`: do it on the commit before and compare.

use std::fmt::Write as _;

use referee::core::GameRng;
use referee::games::RulesVersion;
use referee::service::Contexts;
use sha2::{Digest, Sha256};

use crate::harness::Harness;

/// Seeded random games per variant and player count.
const GAMES: u64 = 8;

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/sentences.txt");

/// The sentences of every served game are the fixture's (a line per game, variant and player
/// count: how many sentences, and their hash).
#[test]
fn every_sentence_is_the_one_pinned() {
    let written: String = referee::each_game!(sentence_hashes()).concat();
    if std::env::var_os("REFEREE_WRITE_SENTENCES").is_some() {
        std::fs::write(FIXTURE, &written).unwrap();
    }
    let pinned = std::fs::read_to_string(FIXTURE).unwrap();
    let changed: Vec<&str> = written
        .lines()
        .filter(|line| !pinned.lines().any(|p| p == *line))
        .collect();
    assert!(
        changed.is_empty() && written.lines().count() == pinned.lines().count(),
        "sentences differ from tests/fixtures/sentences.txt in:\n  {}\n(REFEREE_DUMP_SENTENCES=<dir> \
         writes them, to compare with the commit before; REFEREE_WRITE_SENTENCES=1 pins a \
         deliberate change)",
        changed.join("\n  ")
    );
}

/// A line per variant and player count of `G`: `<game> <variant> <n>p <sentences> <sha-256>`.
fn sentence_hashes<G: Harness>() -> String {
    let contexts = Contexts::default();
    let context = G::context(&contexts);
    let dump = std::env::var_os("REFEREE_DUMP_SENTENCES").map(std::path::PathBuf::from);
    let mut out = String::new();
    for variant in G::variants() {
        for players in variant.players.clone() {
            let mut sentences = String::new();
            for seed in 0..GAMES {
                let game = G::new_game(context, G::Rules::newest(), players.into(), 0, seed, {
                    variant.options.clone()
                })
                .expect("every variant sets up");
                write_sentences(game, seed, &mut sentences);
            }
            let name = format!("{} {} {players}p", G::ID, variant.name);
            if let Some(dir) = &dump {
                std::fs::create_dir_all(dir).unwrap();
                std::fs::write(dir.join(name.replace(' ', "-")), &sentences).unwrap();
            }
            let hash = Sha256::digest(sentences.as_bytes());
            let hex: String = hash.iter().fold(String::new(), |mut s, b| {
                let _ = write!(s, "{b:02x}");
                s
            });
            let count = sentences.lines().count();
            let _ = writeln!(out, "{name} {count} {hex}");
        }
    }
    out
}

/// Plays a seeded random game to its end, writing a line for each listed action's description
/// and each event's.
fn write_sentences<G: Harness>(mut game: G, seed: u64, out: &mut String) {
    let mut rng = GameRng::from_u64(seed);
    let mut events = Vec::new();
    loop {
        let listed = game.legal_actions(None);
        if listed.is_empty() {
            return;
        }
        for (seat, action) in &listed {
            out.push_str(&game.describe_action(*seat, action));
            out.push('\n');
        }
        let (seat, action) = &listed[rng.below(listed.len() as u32) as usize];
        events.clear();
        game.apply_in_place(*seat, action, &mut events)
            .expect("a listed action applies");
        for event in &events {
            out.push_str(&game.describe_event(event));
            out.push('\n');
        }
    }
}
