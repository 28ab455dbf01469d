//! Golden determinism (docs/architecture.md, "Determinism"): fixed seeds give this exact deck
//! order and these exact final states, on every machine and every release of rules version
//! `port-royal/1`. If one of these changes, the rules version must change too.

use crate::common::port_royal as helpers;

use prost::Message;
use referee::games::port_royal::{self, Options};
use referee::service::wire::state_message;

use crate::common::hash::fnv1a;
use referee::games::StateMessage;

#[test]
fn seed_gives_this_deck_order() {
    let s = port_royal::new_game(4, 0, 2026, Options::default()).unwrap();
    let parts = s.to_parts();
    let top: Vec<u32> = parts.draw_pile.iter().rev().take(12).copied().collect();
    let coins: Vec<Vec<u32>> = parts.seats.iter().map(|s| s.coins.clone()).collect();
    assert_eq!(top, GOLDEN_TOP);
    assert_eq!(coins, GOLDEN_COINS);
}

#[test]
fn seeded_random_games_end_in_these_exact_states() {
    let mut got = Vec::new();
    for (players, seed) in [(2u32, 1u64), (3, 2), (4, 3), (5, 4)] {
        let (end, actions) =
            helpers::play_random(players, seed, Options::default(), 20_000, |_, _, _| {});
        let hash = fnv1a(&state_message(&end).encode_to_vec());
        got.push((players, seed, actions, format!("{hash:016x}")));
    }
    let expected: Vec<(u32, u64, usize, String)> = GOLDEN_GAMES
        .iter()
        .map(|&(p, s, a, h)| (p, s, a, h.to_string()))
        .collect();
    assert_eq!(got, expected);
}

const GOLDEN_TOP: [u32; 12] = [29, 89, 64, 68, 78, 39, 110, 27, 9, 82, 23, 69];
const GOLDEN_COINS: [[u32; 3]; 4] = [[106, 34, 33], [2, 10, 59], [79, 55, 90], [5, 93, 101]];
const GOLDEN_GAMES: [(u32, u64, usize, &str); 4] = [
    (2, 1, 300, "48691079b7b4b122"),
    (3, 2, 367, "bc552a10ea2ef7aa"),
    (4, 3, 401, "3a53ef50c58c9e20"),
    (5, 4, 392, "bee57635517e2b34"),
];
