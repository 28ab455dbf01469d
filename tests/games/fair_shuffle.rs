//! Fair shuffles (docs/fair-shuffles.md): the pinned derivation, the setup step's rules, and
//! the undo answer of the actions whose rule does not depend on what they set off.

use prost::Message;
use referee::core::fair_shuffle::{self, FairShuffle};
use referee::games::port_royal::{self, Options, State};
use referee::games::table::{Contributed, Setup, Table, TableAction};
use referee::games::Play;
use referee::service::wire;

/// The golden record: server seed 0, 1, …, 31; seat 0 contributes "alice", seat 1 nothing,
/// seat 2 sixty-four 0xff bytes.
fn golden() -> ([u8; 32], [Vec<u8>; 3]) {
    (
        std::array::from_fn(|i| i as u8),
        [b"alice".to_vec(), Vec::new(), vec![0xff; 64]],
    )
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn setup(players: u32) -> Setup<State> {
    Setup {
        rules: port_royal::Rules::NEWEST,
        players,
        start_seat: 0,
        options: Options::default(),
    }
}

/// The constructions are part of the contract: a change here is a new rules version. The
/// Python and Node clients' tests pin the same three values.
#[test]
fn golden_derivation_from_server_seed_and_contributions_to_the_first_deal() {
    let (server_seed, contributions) = golden();
    assert_eq!(
        hex(&fair_shuffle::commitment(&server_seed)),
        GOLDEN_COMMITMENT
    );
    let seed = fair_shuffle::game_seed(&server_seed, contributions.iter().map(Vec::as_slice));
    assert_eq!(seed, GOLDEN_GAME_SEED);

    // Contributions arrive in any order; the seed takes them in seat order.
    let mut table = Table::fair(&(), setup(3), server_seed).unwrap();
    for seat in [2u8, 0, 1] {
        let r = TableAction::Contribute(contributions[usize::from(seat)].clone());
        table.apply(&(), seat, &r, &mut Vec::new()).unwrap();
    }
    // The game dealt is the plain game of that seed, byte for byte.
    let plain = port_royal::new_game(3, 0, seed, Options::default()).unwrap();
    let dealt = table.game().expect("dealt");
    assert_eq!(
        wire::game_state(0, dealt).encode_to_vec(),
        wire::game_state(0, &plain).encode_to_vec()
    );
    let mut events = Vec::new();
    dealt
        .clone()
        .apply_in_place(0, &port_royal::Action::Draw, &mut events)
        .unwrap();
    let first = format!("{:?}", events[0]);
    assert_eq!(first, GOLDEN_FIRST_DRAW);
}

const GOLDEN_COMMITMENT: &str = "6bb30a8f22daa77ad720a1903c9a10c187b467f4079a0cf0bbb6c6c56dd8228b";
const GOLDEN_GAME_SEED: u64 = 9_595_593_628_411_860_456;
const GOLDEN_FIRST_DRAW: &str = "CardDrawn { seat: 0, card: 73, from_time_pile: false }";

#[test]
fn nothing_is_dealt_until_every_seat_has_contributed() {
    let mut table = Table::fair(&(), setup(3), [9; 32]).unwrap();
    assert_eq!(table.status().to_act, vec![0, 1, 2]);
    assert_eq!(table.status().phase, "fair_shuffle");
    assert!(table.game().is_none());
    assert_eq!(
        table.players(),
        3,
        "the setup's seats, before anything is dealt"
    );
    // Listed empty, one per seat that owes one.
    assert_eq!(
        table.legal_actions(None),
        (0..3)
            .map(|s| (s, TableAction::Contribute(Vec::new())))
            .collect::<Vec<_>>()
    );
    let draw = TableAction::Game(port_royal::Action::Draw);
    let refused = table.check(0, &draw).unwrap_err();
    assert_eq!(refused.code, "AWAITING_CONTRIBUTIONS");
    assert_eq!(refused.details, vec![("waiting", "0,1,2".to_owned())]);
    assert_eq!(table.check(3, &draw).unwrap_err().code, "NO_SUCH_SEAT");
    let long = TableAction::Contribute(vec![0; 65]);
    assert_eq!(
        table.check(1, &long).unwrap_err().code,
        "CONTRIBUTION_TOO_LONG"
    );

    let mut events = Vec::new();
    let undo = table
        .apply(&(), 1, &TableAction::Contribute(b"x".to_vec()), &mut events)
        .unwrap();
    assert!(
        undo.undoable,
        "a contribution before the last shows nothing hidden"
    );
    assert!(events.is_empty(), "a contribution has no game events");
    assert_eq!(
        undo.contributed,
        Some(Contributed {
            seat: 1,
            randomness: b"x".to_vec(),
            dealt: false
        })
    );
    assert_eq!(table.status().to_act, vec![0, 2]);
    let again = table
        .check(1, &TableAction::Contribute(Vec::new()))
        .unwrap_err();
    assert_eq!(again.code, "ALREADY_CONTRIBUTED");
    // A seat that has contributed waits like the others.
    assert_eq!(
        table.check(1, &draw).unwrap_err().code,
        "AWAITING_CONTRIBUTIONS"
    );

    table
        .apply(&(), 0, &TableAction::Contribute(Vec::new()), &mut events)
        .unwrap();
    let undo = table
        .apply(&(), 2, &TableAction::Contribute(Vec::new()), &mut events)
        .unwrap();
    assert!(
        !undo.undoable,
        "the last contribution deals: it consumes randomness"
    );
    assert_eq!(
        undo.contributed,
        Some(Contributed {
            seat: 2,
            randomness: Vec::new(),
            dealt: true
        })
    );
    assert!(events.is_empty(), "dealing has no game events");
    assert!(table.game().is_some());
    assert_eq!(table.players(), 3);
    let late = table
        .check(0, &TableAction::Contribute(Vec::new()))
        .unwrap_err();
    assert_eq!(late.code, "NO_SHUFFLE_PENDING");
}

#[test]
fn views_show_the_commitment_from_the_start_and_the_seeds_only_at_the_end() {
    let server_seed = [5; 32];
    let mut table = Table::fair(&(), setup(2), server_seed).unwrap();
    let shown = table.view(None).fair.unwrap();
    assert_eq!(shown.commitment, fair_shuffle::commitment(&server_seed));
    assert_eq!(shown.revealed, None);
    assert!(table.view(Some(0)).game.is_none());
    for seat in 0..2 {
        table
            .apply(
                &(),
                seat,
                &TableAction::Contribute(vec![seat]),
                &mut Vec::new(),
            )
            .unwrap();
    }
    let mut rng = referee::core::GameRng::from_u64(1);
    while !table.status().finished {
        for viewer in [None, Some(0), Some(1)] {
            let fair = table.view(viewer).fair.unwrap();
            assert_eq!(fair.revealed, None);
            assert_eq!(fair.contributions, vec![(0, vec![0]), (1, vec![1])]);
        }
        let legal = table.legal_actions(None);
        let (seat, action) = legal[rng.below(legal.len() as u32) as usize].clone();
        table.apply(&(), seat, &action, &mut Vec::new()).unwrap();
    }
    let record = FairShuffle::restore(
        &server_seed,
        &fair_shuffle::commitment(&server_seed),
        2,
        [(0, vec![0]), (1, vec![1])],
    )
    .unwrap();
    for viewer in [None, Some(0), Some(1)] {
        let fair = table.view(viewer).fair.unwrap();
        assert_eq!(
            fair.revealed,
            Some((server_seed, record.game_seed().unwrap()))
        );
    }
}

#[test]
fn a_plain_game_has_no_fair_shuffle_and_refuses_contributions() {
    let table = Table::plain(port_royal::new_game(2, 0, 7, Options::default()).unwrap());
    assert!(table.view(None).fair.is_none());
    assert_eq!(
        table
            .check(0, &TableAction::Contribute(Vec::new()))
            .unwrap_err()
            .code,
        "NO_SHUFFLE_PENDING"
    );
}
