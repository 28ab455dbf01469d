//! `Validate` accepts exactly what `LegalActions` lists, written once for every game: listed
//! actions of random states, corrupted on the wire (a field dropped, repeated, renumbered or
//! set to a boundary value, at any depth), are either refused — by the wire with a field path,
//! or by the rules with a violation that names its cause — or accepted as one of the listed
//! decisions, carrying nothing the referee would drop: re-encoding the action it read gives the
//! same message (unset and default submessages read alike; proto3 ignores unknown fields).

use prost::Message;
use referee::core::{GameRng, Seat};
use referee::pb::v1;

use super::Harness;
use crate::common::mutate;

/// Listed actions sampled per state, and corruptions of each.
const ACTIONS: usize = 3;
const CORRUPTIONS: usize = 6;
/// Every `EVERY`-th step of a game is sampled.
const EVERY: usize = 5;

/// Runs the property over `games` seeded games of every mode and player count.
pub fn mutated_listed_actions_are_listed_or_refused<G: Harness>(games: u64) {
    let (mut tried, mut decoded, mut accepted) = (0u64, 0u64, 0u64);
    for mode in G::modes() {
        for players in mode.players.clone() {
            for seed in 0..games {
                let mut state = G::new_game(
                    &mode.context,
                    mode.rules,
                    players,
                    seed as u32 % players,
                    seed,
                    mode.options.clone(),
                )
                .unwrap();
                let mut rng = GameRng::from_u64(seed ^ 0x5EED);
                for step in 0.. {
                    let legal = state.legal_actions(None);
                    if legal.is_empty() {
                        break;
                    }
                    if step % EVERY == 0 {
                        let at =
                            format!("{} {} {players}p seed {seed} step {step}", G::ID, mode.name);
                        for _ in 0..ACTIONS.min(legal.len()) {
                            let (seat, action) = &legal[rng.below(legal.len() as u32) as usize];
                            for _ in 0..CORRUPTIONS {
                                tried += 1;
                                let outcome = corrupt(&state, &legal, *seat, action, &mut rng, &at);
                                decoded += u64::from(outcome.is_some());
                                accepted += u64::from(outcome == Some(true));
                            }
                        }
                    }
                    let (seat, action) = legal[rng.below(legal.len() as u32) as usize].clone();
                    state
                        .apply_in_place(seat, &action, &mut Vec::new())
                        .unwrap();
                }
            }
        }
    }
    eprintln!(
        "{}: {tried} corrupted actions, {decoded} read by the wire, {accepted} accepted",
        G::ID
    );
    assert!(
        accepted > 0 && decoded > accepted,
        "the property was exercised"
    );
}

/// One corruption of a listed action: `None` if the wire refused it, else whether the rules
/// accepted it.
fn corrupt<G: Harness>(
    state: &G,
    legal: &[(Seat, G::Action)],
    seat: Seat,
    action: &G::Action,
    rng: &mut GameRng,
    at: &str,
) -> Option<bool> {
    let message = v1::Action {
        seat: Some(u32::from(seat)),
        game: Some(G::action_to_proto(action)),
        ..v1::Action::default()
    };
    let mut bytes = message.encode_to_vec();
    mutate::wire(&mut bytes, rng);
    let sent = v1::Action::decode(bytes.as_slice()).ok()?;
    let game = sent.game.as_ref().and_then(G::action_of)?;
    let read = G::action_from_proto(game).ok()??;
    let seat = Seat::try_from(sent.seat?).ok()?;
    match state.check(seat, &read) {
        Err(v) => {
            assert!(
                !G::unexplained(&v),
                "{at}: {read:?} by {seat} refused without a cause: {v}"
            );
            Some(false)
        }
        Ok(()) => {
            assert!(
                legal
                    .iter()
                    .any(|(s, a)| *s == seat && state.same_decision(seat, a, &read)),
                "{at}: {read:?} by {seat} accepted but not listed"
            );
            let again = v1::Action {
                game: Some(G::action_to_proto(&read)),
                ..sent.clone()
            };
            assert_eq!(
                mutate::without_empty(&sent.encode_to_vec()),
                mutate::without_empty(&again.encode_to_vec()),
                "{at}: the wire read {sent:?} as {read:?}, dropping what it carries"
            );
            Some(true)
        }
    }
}
