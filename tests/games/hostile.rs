//! Hostile input to the core (docs/errors.md): states mutated at random from real mid-game
//! states are either refused with field errors naming fields of the state, or fully usable;
//! nothing panics. Every seat's legal actions, random actions and views are exercised on every
//! state that is accepted.

use crate::common::paths;
use crate::common::port_royal as helpers;

use proptest::prelude::*;
use referee::core::GameRng;
use referee::games::port_royal::{Action, Mode, OfferParts, Options, PhaseTag, State, StateParts};

/// Mid-game states from seeded random games, in every mode.
fn samples() -> Vec<StateParts> {
    let modes = [
        (Options::default(), 2..=5u32),
        (
            Options {
                contracts: true,
                ..Options::default()
            },
            2..=5,
        ),
        (
            Options {
                contracts: true,
                mode: Mode::Cooperative,
                ..Options::default()
            },
            1..=5,
        ),
    ];
    let mut out = Vec::new();
    for (options, counts) in modes {
        for players in counts {
            for seed in 0..2 {
                let mut n = 0;
                helpers::play_random(players, seed, options, 20_000, |s, _, _| {
                    if n % 37 == 0 {
                        out.push(s.to_parts());
                    }
                    n += 1;
                });
            }
        }
    }
    out
}

fn mutate(p: &mut StateParts, rng: &mut GameRng) {
    let pick = |rng: &mut GameRng| rng.below(300);
    if let Some(x) = p.contracts.as_mut() {
        match rng.below(10) {
            0 => x.face_up.push((rng.below(20), vec![rng.below(6)])),
            1 => {
                if let Some(slot) = x.face_up.first_mut() {
                    slot.1.push(rng.below(6));
                }
            }
            2 => x.progress.push((rng.below(6), rng.below(20), rng.below(4))),
            3 => {
                let c = p.draw_pile.pop().unwrap_or(3);
                x.time_pile.push(c);
            }
            4 => {
                if let Some(s) = x.set_aside.first_mut() {
                    s.push(rng.below(150));
                }
            }
            5 => x.outcome = Some(rng.below(2) == 0),
            6 => x.face_down.pop().map_or((), |_| ()),
            _ => {}
        }
    }
    if rng.below(6) == 0 {
        p.offers.push(OfferParts {
            seat: rng.below(6),
            contract: (rng.below(3) > 0).then(|| rng.below(20)),
        });
    }
    if rng.below(8) == 0 {
        p.options.contracts = !p.options.contracts;
    }
    match rng.below(15) {
        0 => p.players = rng.below(8),
        1 => p.start_seat = rng.below(8),
        2 => {
            if let Some(c) = p.draw_pile.last_mut() {
                *c = pick(rng);
            }
        }
        3 => {
            let c = p.draw_pile.pop().unwrap_or(0);
            p.harbor.push(c);
        }
        4 => {
            let c = p.discard_pile.pop().unwrap_or(7);
            p.expedition_row.push(c);
        }
        5 => p.turn.active_seat = rng.below(8),
        6 => {
            p.turn.phase = match rng.below(5) {
                0 => PhaseTag::Unspecified,
                1 => PhaseTag::Discover,
                2 => PhaseTag::Repel,
                3 => PhaseTag::Trade,
                _ => PhaseTag::Finished,
            }
        }
        7 => p.turn.pending_ship = Some(pick(rng)),
        8 => {
            p.turn.taker = (rng.below(3) > 0).then(|| rng.below(8));
            p.turn.base_takes = rng.below(5);
            p.turn.taken = rng.below(5);
        }
        9 => p.rng_seed.truncate(rng.below(40) as usize),
        10 => p.rng_word_pos = u64::MAX - u64::from(rng.below(3)),
        11 => {
            if let Some(s) = p.seats.first_mut() {
                let c = s.coins.pop().unwrap_or(1);
                s.display.push(c);
            }
        }
        12 => {
            let s = p.seats.pop();
            if rng.below(2) == 0 {
                if let Some(s) = s {
                    p.seats.push(s.clone());
                    p.seats.push(s);
                }
            }
        }
        13 => p.turn.bonus_takes = rng.below(300),
        _ => {
            p.turn.cards_drawn = u32::MAX - rng.below(2);
            p.turn.turn_number = u32::MAX - rng.below(2);
        }
    }
}

fn exercise(state: &State, rng: &mut GameRng) {
    let _ = state.status();
    for viewer in [None, Some(0), Some(4), Some(200)] {
        let _ = state.view(viewer);
    }
    let legal = state.legal_actions(None);
    for (seat, action) in &legal {
        let mut s = state.clone();
        let mut events = Vec::new();
        assert!(s.apply_in_place(*seat, action, &mut events).is_ok());
        let _ = s.legal_actions(None);
    }
    for _ in 0..8 {
        let action = match rng.below(10) {
            7 => Action::Accept,
            8 => Action::CompleteContract(rng.below(25)),
            9 => Action::Take {
                card: rng.below(150),
                decline_coins: rng.below(2) == 0,
                gift_to: Some(rng.below(7)),
            },
            0 => Action::Draw,
            1 => Action::Stop,
            2 => Action::Repel,
            3 => Action::Admit,
            4 => Action::take(rng.below(400)),
            5 => Action::Pass,
            _ => Action::ClaimExpedition {
                expedition: rng.below(130),
                persons: (0..rng.below(5)).map(|_| rng.below(300)).collect(),
            },
        };
        let seat = rng.below(7) as u8;
        let mut s = state.clone();
        let mut events = Vec::new();
        let _ = s.apply_in_place(seat, &action, &mut events);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    #[test]
    fn mutated_states_never_panic(sample in 0usize..10_000, seed in any::<u64>(), rounds in 1u32..4) {
        let all = samples();
        let mut parts = all[sample % all.len()].clone();
        let mut rng = GameRng::from_u64(seed);
        for _ in 0..rounds {
            mutate(&mut parts, &mut rng);
        }
        match State::from_parts(&parts) {
            Ok(state) => exercise(&state, &mut rng),
            Err(errors) => {
                prop_assert!(!errors.errors.is_empty());
                // Each path names a field of the state (empty: the state as a whole).
                for e in errors.errors.iter().filter(|e| !e.field.is_empty()) {
                    let resolved = paths::resolve("PortRoyalState", &e.field);
                    prop_assert!(resolved.is_ok(), "{:?}", resolved);
                }
            }
        }
    }
}
