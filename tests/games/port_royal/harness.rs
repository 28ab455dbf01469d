//! Port Royal under the harness: base, expedition variant, Just One More Contract competitive,
//! and cooperative with and without difficulty, at every player count and under every rules
//! version.

use referee::core::GameRng;
use referee::games::port_royal::cards::{self, Card};
use referee::games::port_royal::{Action, Mode as PrMode, Rules, State};
use referee::games::Variant;
use referee::pb::v1::{self, PortRoyalPhase as Tag};
use referee::service::Contexts;

use crate::common::port_royal::{options, stored_rng, turn};
use crate::harness::{Harness, Mode, Undo};
use referee::games::{Definition, StateMessage};

/// Seeded games per player count under the newest rules version, and under older ones.
const GAMES: u64 = 40;
const GAMES_OLDER: u64 = 8;

impl Harness for State {
    const STATE_MESSAGE: &'static str = "PortRoyalState";

    /// Cards moved between zones or out of range, seats and counts out of range, the phase and
    /// the expansion's piles at random, the RNG cut short.
    fn mutate(p: &mut v1::PortRoyalState, rng: &mut GameRng) {
        let pick = |rng: &mut GameRng| rng.below(300);
        if let Some(x) = p.contracts.as_mut() {
            match rng.below(10) {
                0 => x.face_up.push(v1::PortRoyalContractSlot {
                    contract: rng.below(20),
                    completers: vec![rng.below(6)],
                }),
                1 => {
                    if let Some(slot) = x.face_up.first_mut() {
                        slot.completers.push(rng.below(6));
                    }
                }
                2 => x.progress.push(v1::PortRoyalProgress {
                    seat: rng.below(6),
                    contract: rng.below(20),
                    level: rng.below(4),
                }),
                3 => {
                    let c = p.draw_pile.pop().unwrap_or(3);
                    x.time_pile.push(c);
                }
                4 => {
                    if let Some(s) = x.set_aside.first_mut() {
                        s.ships.push(rng.below(150));
                    }
                }
                5 => x.outcome = 1 + rng.below(2) as i32,
                6 => x.face_down.pop().map_or((), |_| ()),
                _ => {}
            }
        }
        if rng.below(6) == 0 {
            p.offers.push(v1::PortRoyalOffer {
                seat: rng.below(6),
                contract: (rng.below(3) > 0).then(|| rng.below(20)),
            });
        }
        if rng.below(8) == 0 {
            options(p).contracts = !options(p).contracts;
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
            5 => turn(p).active_seat = rng.below(8),
            6 => turn(p).set_phase(match rng.below(5) {
                0 => Tag::Unspecified,
                1 => Tag::Discover,
                2 => Tag::Repel,
                3 => Tag::Trade,
                _ => Tag::Finished,
            }),
            7 => turn(p).pending_ship = Some(pick(rng)),
            8 => {
                turn(p).taker = (rng.below(3) > 0).then(|| rng.below(8));
                turn(p).base_takes = rng.below(5);
                turn(p).taken = rng.below(5);
            }
            9 => stored_rng(p).seed.truncate(rng.below(40) as usize),
            10 => stored_rng(p).word_pos = u64::MAX - u64::from(rng.below(3)),
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
            13 => turn(p).bonus_takes = rng.below(300),
            _ => {
                turn(p).cards_drawn = u32::MAX - rng.below(2);
                turn(p).turn_number = u32::MAX - rng.below(2);
            }
        }
    }

    fn modes() -> Vec<Mode<State>> {
        let mut modes = Vec::new();
        for Variant {
            name,
            options,
            players,
            ..
        } in State::variants()
        {
            let players = u32::from(*players.start())..=u32::from(*players.end());
            modes.push(Mode {
                name,
                rules: Rules::NEWEST,
                options,
                context: (),
                players: players.clone(),
                games: GAMES,
            });
            modes.push(Mode {
                name: Box::leak(format!("{name} under port-royal/1").into_boxed_str()),
                rules: Rules::V1,
                options,
                context: (),
                players,
                games: GAMES_OLDER,
            });
        }
        modes
    }

    fn census(&self) -> Vec<(&'static str, Vec<u32>)> {
        let mut cards: Vec<u32> = self.all_cards().map(u32::from).collect();
        cards.sort_unstable();
        let mut contracts: Vec<u32> = self.all_contracts().into_iter().map(u32::from).collect();
        contracts.sort_unstable();
        vec![("cards", cards), ("contracts", contracts)]
    }

    /// Hidden (§1, §3.2, §3.3): the order and faces of the draw and discard piles, of every
    /// coin, of the cooperative time and victory piles, the order of the face-down contracts, and
    /// the RNG.
    fn scramble_hidden(&self, rng: &mut GameRng) -> State {
        let mut parts = self.to_parts();
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
        stored_rng(&mut parts).seed = vec![rng.below(256) as u8; 32];
        State::from_parts(&parts, self.config().rules, &())
            .expect("a scrambled state is still consistent")
    }

    fn probes(&self, rng: &mut GameRng) -> Vec<Action> {
        let mut out = vec![
            Action::Draw,
            Action::Stop,
            Action::Repel,
            Action::Admit,
            Action::Pass,
            Action::Accept,
            Action::Decline,
            Action::CompleteContract(rng.below(20)),
        ];
        for _ in 0..4 {
            out.push(Action::take(rng.below(150)));
        }
        out.extend(self.harbor().iter().map(|&c| Action::take(u32::from(c))));
        let display: Vec<u32> = self
            .seats()
            .get(usize::from(self.turn().active))
            .map(|s| s.display.iter().map(|&c| u32::from(c)).collect())
            .unwrap_or_default();
        for &e in self.expedition_row() {
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

    /// Claims naming other cards of the same person types are the same decision (the listed
    /// claim names one choice of cards).
    fn same_decision(&self, _: referee::core::Seat, a: &Action, b: &Action) -> bool {
        a == b || (claim_key(a).is_some() && claim_key(a) == claim_key(b))
    }

    fn undo_table() -> Vec<(&'static str, Undo)> {
        use Undo::*;
        vec![
            // The last contribution deals the game.
            ("Contribute", Depends),
            // A card drawn face up; a draw from an empty pile ends a cooperative game instead.
            ("Draw", Depends),
            ("Repel", Always),
            ("Pass", Depends),
            ("Accept", Depends),
            ("Decline", Always),
            // A turn's end can reshuffle the discard pile when the next coin is due.
            ("Stop", Depends),
            ("Take", Depends),
            ("Admit", Depends),
            ("ClaimExpedition", Depends),
            ("CompleteContract", Depends),
        ]
    }
    fn contexts(_: &()) -> Contexts {
        Contexts::default()
    }
}

/// A claim as (expedition, the multiset of person types it names).
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

/// Setup (§1, §3.2): every card in play, and every contract of the mode, is in exactly one zone
/// (the harness then checks the census never changes).
#[test]
fn setup_holds_every_component_of_the_mode() {
    for Variant {
        name,
        options,
        players,
        ..
    } in State::variants()
    {
        for players in u32::from(*players.start())..=u32::from(*players.end()) {
            let state = referee::games::port_royal::new_game(players, 0, 5, options).unwrap();
            let census = state.census();
            let cards: Vec<u32> = cards::in_play(players as u8, options.contracts)
                .map(u32::from)
                .collect();
            let contracts: Vec<u32> = match (options.contracts, options.mode) {
                (false, _) => vec![],
                (true, PrMode::Competitive) => (0..16).collect(),
                (true, PrMode::Cooperative) => (0..18).collect(),
            };
            assert_eq!(
                census,
                vec![("cards", cards), ("contracts", contracts)],
                "{name}"
            );
        }
    }
}
