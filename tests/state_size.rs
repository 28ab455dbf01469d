//! Size of the encoded state (issue "Performance": a 5-player mid-game Port Royal state encodes
//! to at most 1,500 bytes). Sizes are deterministic, so this is a plain test, not a benchmark.

mod common;

use common::samples::{mid_game, mode, states};
use prost::Message;
use referee::pb::v1;
use referee::service::port_royal::state_to_proto;

fn encoded(state: &referee::games::port_royal::State) -> usize {
    v1::GameState {
        rules_version: referee::games::port_royal::RULES_VERSION.into(),
        sequence: 500,
        game: Some(v1::game_state::Game::PortRoyal(state_to_proto(state))),
    }
    .encoded_len()
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
