//! Size of the encoded state (issue "Performance": a 5-player mid-game Port Royal state encodes
//! to at most 1,500 bytes). Sizes are deterministic, so this is a plain test, not a benchmark.

use crate::common;

use common::samples::{mid_game, mode, states};
use prost::Message;

use referee::service::wire::game_state;

fn encoded(state: &referee::games::port_royal::State) -> usize {
    game_state(500, state).encoded_len()
}

#[test]
fn a_five_player_mid_game_state_encodes_to_at_most_1500_bytes() {
    let mut report = Vec::new();
    for name in ["base", "contracts", "cooperative"] {
        let mid = encoded(&mid_game(5, 7, mode(name)));
        let largest = (0..20)
            .flat_map(|seed| states(5, seed, mode(name)))
            .map(|s| encoded(&s))
            .max()
            .unwrap();
        report.push(format!(
            "{name}: mid-game {mid} bytes, largest seen {largest} bytes"
        ));
        assert!(mid <= 1500, "{name}: {mid} bytes");
        assert!(
            largest <= 1500,
            "{name}: the largest state is {largest} bytes"
        );
    }
    eprintln!("{}", report.join("\n"));
}

/// Issues "Village" and "Village Port and Life Goals", benchmarks: a 5-player mid-game Village
/// state encodes to at most 2,000 bytes (base game, Life Goals), at most 2,500 with Village Port
/// (and Life Goals).
#[test]
fn a_five_player_mid_game_village_state_encodes_to_at_most_2000_bytes() {
    use common::village::{sets, states_with};
    use referee::games::village::Options;
    let with = |life_goals, port| Options {
        life_goals,
        port,
        ..Options::default()
    };
    let combinations = [
        with(false, false),
        with(true, false),
        with(false, true),
        with(true, true),
    ];
    for (set, options) in sets()
        .into_iter()
        .flat_map(|set| combinations.map(|o| (set.clone(), o)))
    {
        let limit = if options.port { 2500 } else { 2000 };
        let mut largest = 0;
        let mut mid = Vec::new();
        for seed in 0..10 {
            let all = states_with(&set, 5, seed, options);
            let sizes: Vec<usize> = all
                .iter()
                .map(|s| game_state(500, s).encoded_len())
                .collect();
            largest = largest.max(*sizes.iter().max().unwrap());
            mid.push(sizes[sizes.len() / 2]);
        }
        eprintln!(
            "village {} {options:?}: mid-game {mid:?} bytes, largest seen {largest} bytes",
            set.name
        );
        assert!(mid.iter().all(|&m| m <= limit), "{mid:?}");
        assert!(largest <= limit, "the largest state is {largest} bytes");
    }
}
