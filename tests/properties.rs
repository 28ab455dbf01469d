//! Property tests over seeded random complete games in every mode and player count (base 2-5,
//! with and without the expedition variant; Just One More Contract competitive 2-5 and
//! cooperative 1-5): never panic, always end, every legal action validates and applies, sampled
//! actions outside the legal set are refused, the cards (119/120, or 143/144) and contracts
//! (16 or 18) are conserved, state → proto → state round-trips, and views of states that differ
//! only in hidden cards are identical.

mod common;

use std::collections::HashMap;

use prost::Message;
use referee::core::{GameRng, Seat};
use referee::games::port_royal::cards::{self, Card};
use referee::games::port_royal::{Action, Mode, Options, Rules, State, StateParts};
use referee::service::port_royal::{state_from_proto, state_to_proto};

const GAMES_PER_COUNT: u64 = 40;
const MAX_ACTIONS: usize = 20_000;

/// Every mode, with its player counts.
fn variants() -> Vec<(Options, std::ops::RangeInclusive<u32>)> {
    let base = Options::default();
    vec![
        (base, 2..=5),
        (
            Options {
                expedition_variant: true,
                ..base
            },
            2..=5,
        ),
        (
            Options {
                contracts: true,
                ..base
            },
            2..=5,
        ),
        (
            Options {
                contracts: true,
                mode: Mode::Cooperative,
                ..base
            },
            1..=5,
        ),
        (
            Options {
                contracts: true,
                mode: Mode::Cooperative,
                difficulty: 3,
                ..base
            },
            1..=5,
        ),
    ]
}

/// Conservation (§1, §1.2): every in-play card is in exactly one zone, and so is every contract.
fn assert_conserved(state: &State) {
    let config = state.config();
    let mut seen: Vec<u8> = state.all_cards().collect();
    seen.sort_unstable();
    let expected: Vec<u8> = cards::in_play(config.players, config.options.contracts).collect();
    assert_eq!(seen, expected, "cards not conserved");
    let mut contracts = state.all_contracts();
    contracts.sort_unstable();
    let expected: Vec<u8> = match (config.options.contracts, config.options.mode) {
        (false, _) => vec![],
        (true, Mode::Competitive) => (0..16).collect(),
        (true, Mode::Cooperative) => (0..18).collect(),
    };
    assert_eq!(contracts, expected, "contracts not conserved");
}

/// Candidate actions of every kind, to probe what lies outside the legal set.
fn probes(state: &State, rng: &mut GameRng) -> Vec<Action> {
    let mut out = vec![
        Action::Draw,
        Action::Stop,
        Action::Repel,
        Action::Admit,
        Action::Pass,
    ];
    for _ in 0..4 {
        out.push(Action::take(rng.below(125)));
    }
    out.extend(state.harbor().iter().map(|&c| Action::take(u32::from(c))));
    let display: Vec<u32> = state
        .seats()
        .get(usize::from(state.turn().active))
        .map(|s| s.display.iter().map(|&c| u32::from(c)).collect())
        .unwrap_or_default();
    for &e in state.expedition_row() {
        let n = rng.below(4) as usize;
        let persons: Vec<u32> = (0..n)
            .filter_map(|_| {
                display
                    .get(rng.below(display.len().max(1) as u32) as usize)
                    .copied()
            })
            .collect();
        out.push(Action::ClaimExpedition {
            expedition: u32::from(e),
            persons,
        });
    }
    out
}

/// Persons of a claim, as a multiset of types: claims naming other cards of the same types are
/// the same decision.
fn claim_key(a: &Action) -> Option<(u32, Vec<String>)> {
    match a {
        Action::ClaimExpedition {
            expedition,
            persons,
        } => {
            let mut kinds: Vec<String> = persons
                .iter()
                .map(|&p| format!("{:?}", cards::card(p as u8).and_then(Card::person)))
                .collect();
            kinds.sort();
            Some((*expedition, kinds))
        }
        _ => None,
    }
}

#[test]
fn random_games_end_and_every_legal_action_applies() {
    let mut lengths: HashMap<String, Vec<usize>> = HashMap::new();
    for (options, counts) in variants() {
        for players in counts {
            for seed in 0..GAMES_PER_COUNT {
                let mut probe_rng = GameRng::from_u64(seed + 99);
                let (end, n) = common::play_random(
                    players,
                    seed,
                    options,
                    MAX_ACTIONS,
                    |state, seat, chosen| {
                        assert_conserved(state);
                        let legal = state.legal_actions(None);
                        assert!(legal.iter().any(|(s, a)| *s == seat && a == chosen));
                        for (s, a) in &legal {
                            assert_eq!(state.check(*s, a), Ok(()), "legal {a:?} refused");
                        }
                        assert_eq!(state.status().to_act, vec![seat]);
                        // Sampled actions outside the legal set are refused, by every seat.
                        for probe in probes(state, &mut probe_rng) {
                            for s in 0..players as Seat + 1 {
                                let listed = legal.iter().any(|(ls, la)| *ls == s && *la == probe);
                                let same_claim = claim_key(&probe).is_some_and(|k| {
                                    legal.iter().any(|(ls, la)| {
                                        *ls == s && claim_key(la) == Some(k.clone())
                                    })
                                });
                                if !listed && !same_claim {
                                    assert!(
                                        state.check(s, &probe).is_err(),
                                        "{probe:?} by {s} accepted but not legal"
                                    );
                                }
                            }
                        }
                    },
                );
                assert!(
                    end.status().finished,
                    "{players}p seed {seed} did not end in {n} actions"
                );
                assert_conserved(&end);
                let key = format!(
                    "{:?} contracts={} {players}p",
                    options.mode, options.contracts
                );
                lengths.entry(key).or_default().push(n);
            }
        }
    }
    let mut keys: Vec<_> = lengths.keys().cloned().collect();
    keys.sort();
    for k in keys {
        let l = &lengths[&k];
        let avg = l.iter().sum::<usize>() / l.len();
        eprintln!(
            "{k}: mean {avg} actions per game, max {}",
            l.iter().max().unwrap()
        );
    }
}

/// Every state of random games of every mode, player count and rules version survives the wire:
/// encoded, decoded and validated, it is the same state.
#[test]
fn state_round_trips_through_proto() {
    for (options, counts) in variants() {
        for rules in Rules::ALL {
            for players in counts.clone() {
                for seed in 0..3 {
                    let mut checked = 0;
                    common::play_random_under(
                        rules,
                        players,
                        seed,
                        options,
                        MAX_ACTIONS,
                        |state, _, _| {
                            let bytes = state_to_proto(state).encode_to_vec();
                            let back = state_from_proto(
                                Message::decode(bytes.as_slice()).unwrap(),
                                state.config().rules,
                            )
                            .expect("a state the referee made is valid");
                            assert_eq!(&back, state);
                            checked += 1;
                        },
                    );
                    assert!(checked > 0);
                }
            }
        }
    }
}

/// Hidden information (§1, §3.2, §3.3, README "Hidden information"): the order and faces of the
/// draw and discard piles, of every coin, of the cooperative time and victory piles, the order of
/// the face-down contracts, and the RNG. Shuffling all of them among their slots must not change
/// any view, in any mode.
#[test]
fn views_ignore_hidden_cards() {
    for (options, counts) in variants() {
        for players in counts {
            for seed in 0..4 {
                let mut rng = GameRng::from_u64(seed * 7 + 1);
                common::play_random(players, seed, options, MAX_ACTIONS, |state, _, _| {
                    let twin = State::from_parts(&scramble_hidden(state, &mut rng))
                        .expect("still consistent");
                    for viewer in std::iter::once(None).chain((0..players as Seat).map(Some)) {
                        assert_eq!(state.view(viewer), twin.view(viewer));
                    }
                });
            }
        }
    }
}

/// The state's parts with every hidden fact shuffled among the places that hide it.
fn scramble_hidden(state: &State, rng: &mut GameRng) -> StateParts {
    let mut parts = state.to_parts();
    let mut slots: Vec<&mut u32> = parts
        .draw_pile
        .iter_mut()
        .chain(parts.discard_pile.iter_mut())
        .chain(parts.seats.iter_mut().flat_map(|s| s.coins.iter_mut()))
        .collect();
    let mut face_down: Vec<&mut u32> = Vec::new();
    if let Some(x) = parts.contracts.as_mut() {
        slots.extend(x.time_pile.iter_mut().chain(x.victory_pile.iter_mut()));
        face_down.extend(x.face_down.iter_mut());
    }
    for group in [&mut slots, &mut face_down] {
        let mut values: Vec<u32> = group.iter().map(|v| **v).collect();
        rng.shuffle(&mut values);
        for (slot, v) in group.iter_mut().zip(values) {
            **slot = v;
        }
    }
    parts.rng_seed = vec![rng.below(256) as u8; 32];
    parts
}
