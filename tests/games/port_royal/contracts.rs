//! One scenario per rule of "Just One More Contract", named after the section of
//! `port-royal.md` (§1.2, §3.x) or the ruling in `docs/rules.md` (R…) it checks.

use crate::common::port_royal as helpers;

use helpers::ids::{expedition, persons, persons_costing, plain_ship, ships, special_ship, taxes};
use helpers::{
    act, coins_gained, edit, give, harbor, refused, refused_fields, set_active, set_coins,
    stack_draw_pile, turn,
};
use referee::games::port_royal::cards::{Colour::*, Person::*, Tax};
use referee::games::port_royal::state::Phase;
use referee::games::port_royal::{self, Action, CoinReason, Event, Mode, Options, Rules, State};
use referee::games::{Play, StateMessage};
use referee::pb::v1::{self, PortRoyalPhase as Tag};

const LADY_KILLER: u32 = 0;
const COMEDIAN: u32 = 1;
const MARITIME: u32 = 2;
const NEW_COLONY: u32 = 3;
const TRADE_OUTPOST: u32 = 4;
const TRADER_PRINCE: u32 = 5;
const CHEAP_STAFF: u32 = 6;
const FIGHTER: u32 = 7;
const EXPLORER: u32 = 8;
const FRIGATE_FOE: u32 = 9;
const GALLEON_FOE: u32 = 10;
const TAX_OFFICER: u32 = 11;
const JINX: u32 = 12;
const TINY_GAMESTER: u32 = 13;
const GAMESTER: u32 = 14;
const PACK: u32 = 15;
const ROYAL: u32 = 16;
const RANSOM: u32 = 17;

fn competitive() -> Options {
    Options {
        contracts: true,
        ..Options::default()
    }
}

fn coop(difficulty: u32) -> Options {
    Options {
        contracts: true,
        mode: Mode::Cooperative,
        difficulty,
        ..Options::default()
    }
}

/// Puts exactly these contracts face up (the rest face down).
fn face_up(p: &mut v1::PortRoyalState, ids: &[u32]) {
    let x = p.contracts.as_mut().unwrap();
    let mut all: Vec<u32> = x
        .face_up
        .iter()
        .map(|s| s.contract)
        .chain(x.face_down.clone())
        .collect();
    all.retain(|c| !ids.contains(c));
    x.face_up = ids.iter().map(|&c| slot(c)).collect();
    x.face_down = all;
}

fn complete_for(p: &mut v1::PortRoyalState, contract: u32, seat: u32) {
    let x = p.contracts.as_mut().unwrap();
    x.face_up
        .iter_mut()
        .find(|s| s.contract == contract)
        .unwrap()
        .completers
        .push(seat);
}

/// A face-up contract no seat has completed.
fn slot(contract: u32) -> v1::PortRoyalContractSlot {
    v1::PortRoyalContractSlot {
        contract,
        completers: vec![],
    }
}

/// A progress cube.
fn cube(seat: u32, contract: u32, level: u32) -> v1::PortRoyalProgress {
    v1::PortRoyalProgress {
        seat,
        contract,
        level,
    }
}

/// A competitive game of `players`, seat 0 active, with these contracts face up.
fn game(players: u32, contracts: [u32; 4], f: impl FnOnce(&mut v1::PortRoyalState)) -> State {
    game_under(Rules::NEWEST, players, contracts, f)
}

fn game_under(
    rules: Rules,
    players: u32,
    contracts: [u32; 4],
    f: impl FnOnce(&mut v1::PortRoyalState),
) -> State {
    let s = port_royal::new_game_under(rules, players, 0, 1, competitive()).unwrap();
    edit(&s, |p| {
        face_up(p, &contracts);
        f(p)
    })
}

/// Seat `taker`'s chance in phase 2 (seat 0 active), the harbor holding `cards`.
fn trading(p: &mut v1::PortRoyalState, taker: u32, cards: &[u32]) {
    harbor(p, cards);
    turn(p).set_phase(Tag::Trade);
    turn(p).cards_drawn = turn(p).cards_drawn.max(1);
    turn(p).taker = Some(taker);
    turn(p).base_takes = 1;
}

fn completed(events: &[Event]) -> Vec<(u8, u8, u32, u32)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::ContractCompleted {
                seat,
                contract,
                space,
                coins,
            } => Some((*seat, *contract, *space, *coins)),
            _ => None,
        })
        .collect()
}

// §3.1 Contracts completed at your time to take cards.

/// For a standing contract: completed with its first space's coins, refused when unmet, refused
/// a second time, and refused after three completed contracts.
fn standing_contract(id: u32, cards: Vec<u32>, first_space_coins: u32) {
    let others: Vec<u32> = [LADY_KILLER, COMEDIAN, MARITIME, NEW_COLONY, TRADE_OUTPOST]
        .into_iter()
        .filter(|&c| c != id)
        .take(3)
        .collect();
    let contracts = [id, others[0], others[1], others[2]];
    let filler = ships(Yellow, 1, Some(1))[0];
    let s = game(2, contracts, |p| {
        give(p, 0, &cards);
        trading(p, 0, &[filler]);
    });
    let coins_before = s.coins(0);
    let mut done = s.clone();
    let events = act(&mut done, 0, Action::CompleteContract(id));
    assert_eq!(
        completed(&events),
        vec![(0, id as u8, 0, first_space_coins)]
    );
    assert_eq!(done.coins(0), coins_before + first_space_coins);
    assert_eq!(
        done.seats()[0].display.len(),
        cards.len(),
        "persons stay in the display"
    );
    assert!(s
        .legal_actions(Some(0))
        .iter()
        .any(|(_, a)| *a == Action::CompleteContract(id)));
    // Twice: refused.
    let mut twice = done.clone();
    if twice.to_act() == Some(0) {
        assert_eq!(
            refused(&twice, 0, Action::CompleteContract(id)),
            "CONTRACT_NOT_AVAILABLE"
        );
    } else {
        twice = edit(&s, |p| complete_for(p, id, 0));
        assert_eq!(
            refused(&twice, 0, Action::CompleteContract(id)),
            "CONTRACT_NOT_AVAILABLE"
        );
    }
    // Unmet: seat 0 without the cards.
    let unmet = game(2, contracts, |p| trading(p, 0, &[filler]));
    assert_eq!(
        refused(&unmet, 0, Action::CompleteContract(id)),
        "CONTRACT_REQUIREMENT_UNMET"
    );
    // After three completed contracts: refused.
    let three = edit(&s, |p| {
        for &o in &others {
            complete_for(p, o, 0);
        }
    });
    assert_eq!(
        refused(&three, 0, Action::CompleteContract(id)),
        "CONTRACT_NOT_AVAILABLE"
    );
}

#[test]
fn s3_1_lady_killer() {
    standing_contract(
        LADY_KILLER,
        vec![persons(Captain)[0], persons(Mademoiselle)[0]],
        3,
    );
}

#[test]
fn s3_1_comedian() {
    standing_contract(COMEDIAN, vec![persons(Priest)[0], persons(Jester)[0]], 4);
}

#[test]
fn s3_1_maritime_supremacy() {
    standing_contract(
        MARITIME,
        vec![persons(Captain)[0], persons(ViceAdmiral)[0]],
        4,
    );
}

#[test]
fn s3_1_new_colony() {
    standing_contract(NEW_COLONY, vec![persons(Settler)[0], persons(Gunner)[0]], 3);
}

#[test]
fn s3_1_trade_outpost() {
    standing_contract(
        TRADE_OUTPOST,
        vec![persons(Settler)[0], persons(Clerk(Green))[0]],
        4,
    );
}

#[test]
fn s3_1_trader_prince_needs_two_traders_of_any_colour() {
    standing_contract(
        TRADER_PRINCE,
        vec![persons(Trader(Red))[0], persons(Trader(Blue))[0]],
        3,
    );
}

#[test]
fn s3_1_cheap_staff_counts_printed_costs_of_three_or_less() {
    standing_contract(CHEAP_STAFF, persons_costing(Sailor, 3)[..4].to_vec(), 5);
    // A 4-cost Settler does not count, Mademoiselles notwithstanding.
    let mut cards = persons_costing(Sailor, 3)[..3].to_vec();
    cards.push(persons(Settler)[0]);
    cards.extend(persons(Mademoiselle));
    let s = game(2, [CHEAP_STAFF, 0, 1, 2], |p| {
        give(p, 0, &cards);
        trading(p, 0, &[ships(Yellow, 1, Some(1))[0]]);
    });
    assert_eq!(
        refused(&s, 0, Action::CompleteContract(CHEAP_STAFF)),
        "CONTRACT_REQUIREMENT_UNMET"
    );
}

#[test]
fn s3_1_fighter() {
    standing_contract(
        FIGHTER,
        vec![persons_costing(Pirate, 5)[0], persons_costing(Sailor, 3)[0]],
        3,
    );
}

#[test]
fn s3_1_explorer() {
    standing_contract(EXPLORER, vec![expedition([2, 0, 0])], 2);
}

#[test]
fn s3_1_contracts_pay_their_leftmost_free_space() {
    let cards = vec![persons(Captain)[0], persons(Mademoiselle)[0]];
    let s = game(3, [LADY_KILLER, 1, 2, 3], |p| {
        give(p, 2, &cards);
        complete_for(p, LADY_KILLER, 0);
        complete_for(p, LADY_KILLER, 1);
        trading(p, 2, &[ships(Yellow, 1, Some(1))[0]]);
        turn(p).base_takes = 1;
    });
    let mut s = s;
    let events = act(&mut s, 2, Action::CompleteContract(LADY_KILLER));
    assert_eq!(completed(&events), vec![(2, LADY_KILLER as u8, 2, 1)]);
}

#[test]
fn s3_1_non_active_players_complete_contracts_in_their_chance() {
    let cards = vec![persons(Captain)[0], persons(Mademoiselle)[0]];
    let s = game(2, [LADY_KILLER, 1, 2, 3], |p| {
        give(p, 1, &cards);
        trading(p, 1, &[ships(Yellow, 1, Some(1))[0]]);
    });
    let mut s = s;
    act(&mut s, 1, Action::CompleteContract(LADY_KILLER));
    assert_eq!(s.completed(1), 1);
}

/// X6 (port-royal/2): "at any time on your turn" — the active player completes a standing
/// contract before its first draw, and the turn goes on (the first draw is still compulsory).
#[test]
fn x6_the_active_player_completes_a_contract_before_its_first_draw() {
    let cards = vec![persons(Captain)[0], persons(Mademoiselle)[0]];
    let mut s = game(2, [LADY_KILLER, 1, 2, 3], |p| give(p, 0, &cards));
    assert_eq!(s.turn().phase, Phase::Discover);
    assert_eq!(s.turn().drawn, 0);
    assert!(s
        .legal_actions(None)
        .contains(&(0, Action::CompleteContract(LADY_KILLER))));
    let events = act(&mut s, 0, Action::CompleteContract(LADY_KILLER));
    assert_eq!(completed(&events), vec![(0, LADY_KILLER as u8, 0, 3)]);
    assert_eq!(s.turn().phase, Phase::Discover);
    assert_eq!(s.status().to_act, vec![0]);
    assert_eq!(refused(&s, 0, Action::Stop), "MUST_DRAW_FIRST");
    act(&mut s, 0, Action::Draw);
}

/// X6 (port-royal/2): between draws in phase 1 too, so a bust that follows does not take the
/// contract away.
#[test]
fn x6_the_active_player_completes_a_contract_between_draws_and_keeps_it_after_a_bust() {
    let cards = vec![persons(Captain)[0], persons(Mademoiselle)[0]];
    let y = ships(Yellow, 1, Some(1));
    let mut s = game(2, [LADY_KILLER, 1, 2, 3], |p| {
        give(p, 0, &cards);
        stack_draw_pile(p, &[y[0]]);
    });
    act(&mut s, 0, Action::Draw);
    assert_eq!(s.turn().drawn, 1);
    act(&mut s, 0, Action::CompleteContract(LADY_KILLER));
    // The contract's coins came from the top of the draw pile; the next card is a second
    // yellow ship: bust.
    let mut s = edit(&s, |p| stack_draw_pile(p, &[y[1]]));
    act(&mut s, 0, Action::Draw);
    assert_eq!(s.turn().active, 1);
    assert_eq!(s.completed(0), 1, "completed before the bust, kept");
}

/// X6: not after a bust — the turn is over (the Jinx offer aside, which is decided at once).
#[test]
fn x6_no_contract_after_a_bust_only_the_jinx_offer() {
    let cards = vec![persons(Captain)[0], persons(Mademoiselle)[0]];
    let y = ships(Yellow, 1, Some(1));
    let mut s = game(2, [LADY_KILLER, JINX, 2, 3], |p| {
        give(p, 0, &cards);
        stack_draw_pile(p, &[y[0], y[1]]);
    });
    act(&mut s, 0, Action::Draw);
    act(&mut s, 0, Action::Draw); // bust, with Jinx face up: the offer
    assert_eq!(s.turn().phase, Phase::Bust);
    // Default actions (docs/rules.md): an offer is declined; only the deciding seat has one.
    assert_eq!(s.default_for(0), Some(Action::Decline));
    assert_eq!(s.default_for(1), None);
    assert_eq!(
        s.legal_actions(None),
        vec![(0, Action::Accept), (0, Action::Decline)]
    );
    assert_eq!(
        refused(&s, 0, Action::CompleteContract(LADY_KILLER)),
        "WRONG_PHASE"
    );
    act(&mut s, 0, Action::Decline);
    assert_eq!(s.turn().active, 1);
    assert_eq!(
        refused(&s, 0, Action::CompleteContract(LADY_KILLER)),
        "NOT_YOUR_TURN"
    );
    assert_eq!(s.completed(0), 0);
}

/// X6: a non-active player completes only in its own chance, never in the active player's
/// phase 1.
#[test]
fn x6_non_active_players_do_not_complete_in_phase_one() {
    let cards = vec![persons(Captain)[0], persons(Mademoiselle)[0]];
    let s = game(2, [LADY_KILLER, 1, 2, 3], |p| give(p, 1, &cards));
    assert_eq!(
        refused(&s, 1, Action::CompleteContract(LADY_KILLER)),
        "NOT_YOUR_TURN"
    );
}

/// X6 as port-royal/1 played it: completion only in the taker's chance. A game begun under
/// port-royal/1 keeps that rule.
#[test]
fn x6_port_royal_1_completes_contracts_only_in_the_chance() {
    let cards = vec![persons(Captain)[0], persons(Mademoiselle)[0]];
    let s = game_under(Rules::V1, 2, [LADY_KILLER, 1, 2, 3], |p| give(p, 0, &cards));
    assert!(!s
        .legal_actions(None)
        .contains(&(0, Action::CompleteContract(LADY_KILLER))));
    assert_eq!(
        refused(&s, 0, Action::CompleteContract(LADY_KILLER)),
        "WRONG_PHASE"
    );
}

// States no game can reach: offers (docs/rules.md, "States no game can reach"). Each test starts
// from a state reached by play and breaks exactly one invariant.

/// Seat 0 has drawn three ship colours: Tiny Gamester is offered to it in phase 1.
fn tiny_gamester_offered() -> State {
    let [y, b, g] = [
        ships(Yellow, 1, Some(1))[0],
        ships(Blue, 1, Some(1))[0],
        ships(Green, 1, Some(1))[0],
    ];
    let mut s = game(2, [TINY_GAMESTER, GAMESTER, TAX_OFFICER, JINX], |p| {
        stack_draw_pile(p, &[y, b, g]);
    });
    for _ in 0..3 {
        act(&mut s, 0, Action::Draw);
    }
    assert_eq!(s.offers().len(), 1);
    assert_eq!(s.status().phase, "offer");
    s
}

/// Seat 0 busted with Jinx face up: the Jinx offer.
fn jinx_offered() -> State {
    let y = ships(Yellow, 1, Some(1));
    let mut s = game(2, [TINY_GAMESTER, GAMESTER, TAX_OFFICER, JINX], |p| {
        stack_draw_pile(p, &[y[0], y[1]]);
    });
    act(&mut s, 0, Action::Draw);
    act(&mut s, 0, Action::Draw);
    assert_eq!(s.turn().phase, Phase::Bust);
    s
}

#[test]
fn unreachable_offers_before_any_draw_or_in_a_finished_game() {
    let s = tiny_gamester_offered();
    let before_any_draw = refused_fields(&s, |p| {
        p.harbor.clear();
        turn(p).cards_drawn = 0;
    });
    assert!(
        before_any_draw.contains(&"offers".to_owned()),
        "{before_any_draw:?}"
    );
    let finished = refused_fields(&s, |p| {
        p.harbor.clear();
        turn(p).set_phase(Tag::Finished);
        turn(p).final_round = true;
    });
    assert!(finished.contains(&"offers".to_owned()), "{finished:?}");
}

/// Offers: a face-up contract decided at its event (Tax Officer, Jinx, the Gamesters), or the
/// cooperative victory-pile card.
#[test]
fn unreachable_offers_of_other_contracts_or_of_the_victory_pile_in_a_competitive_game() {
    let s = tiny_gamester_offered();
    for contract in [Some(LADY_KILLER), Some(PACK), None] {
        assert_eq!(
            refused_fields(&s, |p| p.offers[0].contract = contract),
            ["offers[0]"],
            "{contract:?}"
        );
    }
    // Face down is not enough: the Gamester must be face up.
    let s = game(2, [TAX_OFFICER, JINX, LADY_KILLER, COMEDIAN], |_| {});
    let y = ships(Yellow, 1, Some(1));
    let [b, g] = [ships(Blue, 1, Some(1))[0], ships(Green, 1, Some(1))[0]];
    let s = edit(&s, |p| harbor(p, &[y[0], b, g]));
    assert_eq!(
        refused_fields(&s, |p| p.offers.push(v1::PortRoyalOffer {
            seat: 0,
            contract: Some(TINY_GAMESTER),
        })),
        ["offers[0]"]
    );
}

#[test]
fn unreachable_gamester_offered_to_another_seat() {
    let s = tiny_gamester_offered();
    assert_eq!(
        refused_fields(&s, |p| p.offers[0].seat = 1),
        ["offers[0].seat"]
    );
}

#[test]
fn unreachable_jinx_outside_a_bust_and_other_offers_in_one() {
    let s = tiny_gamester_offered();
    assert_eq!(
        refused_fields(&s, |p| p.offers[0].contract = Some(JINX)),
        ["offers[0]"]
    );
    let s = jinx_offered();
    assert_eq!(
        refused_fields(&s, |p| p.offers[0].contract = Some(TAX_OFFICER)),
        ["offers[0]"]
    );
}

#[test]
fn unreachable_bust_with_a_harbor_or_before_two_draws() {
    let s = jinx_offered();
    assert_eq!(
        refused_fields(&s, |p| harbor(p, &[persons(Settler)[0]])),
        ["harbor"]
    );
    assert_eq!(
        refused_fields(&s, |p| turn(p).cards_drawn = 1),
        ["turn.cards_drawn"]
    );
}

// States no game can reach: the expansion's own zones. Each test breaks one check of
// `expansion_from_parts`.

#[test]
fn unreachable_a_contract_twice_or_out_of_its_variant() {
    let s = game(2, [LADY_KILLER, COMEDIAN, MARITIME, NEW_COLONY], |_| {});
    let down = s.to_parts().contracts.unwrap().face_down;
    let n = down.len();
    assert_eq!(
        refused_fields(&s, |p| p.contracts.as_mut().unwrap().face_down[0] =
            LADY_KILLER),
        ["contracts.face_down[0]"]
    );
    // Ransom is cooperative only.
    assert_eq!(
        refused_fields(&s, |p| p.contracts.as_mut().unwrap().face_down[n - 1] =
            RANSOM),
        [format!("contracts.face_down[{}]", n - 1)]
    );
    assert_eq!(
        refused_fields(&s, |p| {
            let x = p.contracts.as_mut().unwrap();
            let c = x.face_down.pop().unwrap();
            x.face_up.push(slot(c));
        }),
        ["contracts.face_up"]
    );
}

#[test]
fn unreachable_a_completer_twice() {
    let s = game(2, [LADY_KILLER, COMEDIAN, MARITIME, NEW_COLONY], |p| {
        complete_for(p, LADY_KILLER, 0);
    });
    assert_eq!(
        refused_fields(&s, |p| p.contracts.as_mut().unwrap().face_up[0]
            .completers
            .push(0)),
        ["contracts.face_up[0].completers[1]"]
    );
}

#[test]
fn unreachable_progress_cubes() {
    let s = game(
        2,
        [FRIGATE_FOE, TINY_GAMESTER, LADY_KILLER, NEW_COLONY],
        |p| {
            p.contracts
                .as_mut()
                .unwrap()
                .progress
                .push(cube(0, FRIGATE_FOE, 1));
        },
    );
    let progress = |f: fn(&mut v1::PortRoyalProgress)| {
        refused_fields(&s, |p| f(&mut p.contracts.as_mut().unwrap().progress[0]))
    };
    assert_eq!(
        progress(|x| x.level = 0),
        ["contracts.progress[0]"],
        "level 0"
    );
    assert_eq!(
        progress(|x| x.level = 3),
        ["contracts.progress[0]"],
        "past the spaces"
    );
    assert_eq!(
        progress(|x| x.contract = LADY_KILLER),
        ["contracts.progress[0]"],
        "no spaces"
    );
    assert_eq!(
        progress(|x| x.seat = 2),
        ["contracts.progress[0]"],
        "no such seat"
    );
    // Tiny Gamester has one progress space.
    assert_eq!(
        progress(|x| *x = cube(1, TINY_GAMESTER, 2)),
        ["contracts.progress[0]"]
    );
    assert_eq!(
        refused_fields(&s, |p| complete_for(p, FRIGATE_FOE, 0)),
        ["contracts.progress[0]"],
        "a cube on the progress space of a contract the seat completed"
    );
    assert_eq!(
        refused_fields(&s, |p| p.contracts.as_mut().unwrap().progress.push(cube(
            0,
            FRIGATE_FOE,
            2
        ))),
        ["contracts.progress[1]"],
        "two cubes of one seat on one contract"
    );
    // Another seat's cube on the same contract is fine.
    edit(&s, |p| {
        p.contracts
            .as_mut()
            .unwrap()
            .progress
            .push(cube(1, FRIGATE_FOE, 2))
    });
}

#[test]
fn unreachable_more_than_three_cubes() {
    let s = game(2, [FRIGATE_FOE, LADY_KILLER, COMEDIAN, MARITIME], |p| {
        complete_for(p, LADY_KILLER, 0);
        complete_for(p, COMEDIAN, 0);
        complete_for(p, MARITIME, 0);
    });
    assert_eq!(
        refused_fields(&s, |p| p.contracts.as_mut().unwrap().progress.push(cube(
            0,
            FRIGATE_FOE,
            1
        ))),
        ["contracts"]
    );
}

#[test]
fn unreachable_set_aside_ships() {
    let y = ships(Yellow, 1, Some(1));
    let colours = [
        ships(Yellow, 1, Some(1))[0],
        ships(Blue, 1, Some(1))[0],
        ships(Green, 1, Some(1))[0],
        ships(Red, 1, Some(1))[0],
        ships(Black, 1, Some(2))[0],
    ];
    let s = game(2, [PACK, LADY_KILLER, COMEDIAN, MARITIME], |_| {});
    let set_aside = |cards: Vec<u32>| {
        refused_fields(&s, |p| {
            for &c in &cards {
                helpers::take_out(p, c);
            }
            p.contracts.as_mut().unwrap().set_aside[0].ships = cards;
        })
    };
    assert_eq!(
        set_aside(vec![y[0], y[1]]),
        ["contracts.set_aside[0].ships[1]"],
        "one ship per colour"
    );
    assert_eq!(
        set_aside(vec![persons(Settler)[0]]),
        ["contracts.set_aside[0].ships[0]"],
        "ships only"
    );
    assert_eq!(
        set_aside(colours.to_vec()),
        ["contracts.set_aside[0].ships"],
        "the fifth colour completes the contract"
    );
    assert_eq!(
        refused_fields(&s, |p| p
            .contracts
            .as_mut()
            .unwrap()
            .set_aside
            .push(Default::default())),
        ["contracts.set_aside"]
    );
}

#[test]
fn unreachable_cooperative_piles_in_a_competitive_game() {
    let s = game(2, [PACK, LADY_KILLER, COMEDIAN, MARITIME], |_| {});
    let card = persons(Settler)[0];
    assert_eq!(
        refused_fields(&s, |p| {
            helpers::take_out(p, card);
            p.contracts.as_mut().unwrap().time_pile.push(card);
        }),
        ["contracts.time_pile"]
    );
    assert_eq!(
        refused_fields(&s, |p| {
            helpers::take_out(p, card);
            p.contracts.as_mut().unwrap().victory_pile.push(card);
        }),
        ["contracts.time_pile"]
    );
    assert_eq!(
        refused_fields(&s, |p| p
            .contracts
            .as_mut()
            .unwrap()
            .set_outcome(v1::PortRoyalCooperativeOutcome::Won)),
        ["contracts.time_pile"]
    );
}

/// port-royal/1 lost a cooperative game when a turn began with an empty time pile, so such a
/// state is unreachable there (port-royal/2 plays on to the first draw).
#[test]
fn unreachable_port_royal_1_turn_start_with_an_empty_time_pile() {
    let empty = |p: &mut v1::PortRoyalState| {
        let time = std::mem::take(&mut p.contracts.as_mut().unwrap().time_pile);
        p.draw_pile.splice(0..0, time);
    };
    let v1 = port_royal::new_game_under(Rules::V1, 2, 0, 11, coop(0)).unwrap();
    assert_eq!(refused_fields(&v1, empty), ["contracts.time_pile"]);
    let v2 = port_royal::new_game(2, 0, 11, coop(0)).unwrap();
    edit(&v2, empty);
}

/// §3.1 with R7: completing a contract in one's chance keeps the chance open while there is
/// something else to decide, and ends it when there is nothing left.
#[test]
fn s3_1_completing_in_the_chance_keeps_it_open_only_while_there_is_a_choice() {
    let cards = vec![persons(Captain)[0], persons(Mademoiselle)[0]];
    let y = ships(Yellow, 1, Some(1))[0];
    let mut s = game(2, [LADY_KILLER, 1, 2, 3], |p| {
        give(p, 1, &cards);
        trading(p, 1, &[y]);
        set_coins(p, 1, 1);
    });
    act(&mut s, 1, Action::CompleteContract(LADY_KILLER));
    assert!(
        matches!(s.turn().phase, Phase::Trade { taker: 1, .. }),
        "the ship can still be taken"
    );
    let mut s = game(2, [LADY_KILLER, 1, 2, 3], |p| {
        give(p, 1, &cards);
        trading(p, 1, &[]);
    });
    act(&mut s, 1, Action::CompleteContract(LADY_KILLER));
    assert_eq!(
        s.turn().active,
        1,
        "nothing left: seat 1's chance, and seat 0's turn, ended"
    );
}

/// §3.1: only a face-up contract can be completed; the refusal says so.
#[test]
fn s3_1_a_face_down_contract_cannot_be_completed() {
    let s = game(2, [LADY_KILLER, COMEDIAN, MARITIME, NEW_COLONY], |p| {
        give(p, 0, &[persons(Settler)[0], persons(Trader(Yellow))[0]]);
        trading(p, 0, &[ships(Yellow, 1, Some(1))[0]]);
    });
    let v = s
        .check(0, &Action::CompleteContract(TRADE_OUTPOST))
        .unwrap_err();
    assert_eq!(v.code, "CONTRACT_NOT_AVAILABLE");
    assert!(v.message.contains("not face up"), "{}", v.message);
}

#[test]
fn s3_1_immediate_contracts_cannot_be_completed_at_will() {
    let s = game(2, [TAX_OFFICER, JINX, GAMESTER, FRIGATE_FOE], |p| {
        trading(p, 0, &[ships(Yellow, 1, Some(1))[0]])
    });
    for id in [TAX_OFFICER, JINX, GAMESTER, FRIGATE_FOE] {
        assert_eq!(
            refused(&s, 0, Action::CompleteContract(id)),
            "CONTRACT_NOT_AVAILABLE"
        );
    }
    assert_eq!(
        refused(&s, 0, Action::CompleteContract(PACK)),
        "CONTRACT_NOT_AVAILABLE"
    );
}

/// The score sheet: victory points by card kind, and the contracts' (§3.1) with the expansion;
/// the lines sum to the victory points.
#[test]
fn the_score_sheet_splits_victory_points_by_card_kind_and_contracts() {
    let exp = expedition([0, 2, 0]);
    let big = persons_costing(Pirate, 9)[0];
    let s = game(2, [0, 1, 2, 3], |p| {
        complete_for(p, 0, 0);
        complete_for(p, 1, 0);
        helpers::take_out(p, exp);
        give(p, 0, &[big, exp]);
    });
    let sheet: Vec<(&str, u32)> = s
        .score_sheet(0)
        .iter()
        .map(|i| (i.category, i.points))
        .collect();
    let vp = |card: u32| u32::from(referee::games::port_royal::cards::face(card as u8).vp());
    assert_eq!(
        sheet,
        [
            ("persons", vp(big)),
            ("expeditions", vp(exp)),
            ("contracts", 1)
        ]
    );
    assert_eq!(
        sheet.iter().map(|(_, p)| p).sum::<u32>(),
        s.victory_points(0)
    );
    let base = helpers::fresh(3);
    let names: Vec<&str> = base.score_sheet(0).iter().map(|i| i.category).collect();
    assert_eq!(
        names,
        ["persons", "expeditions"],
        "no contracts line without the expansion"
    );
}

#[test]
fn s3_1_contract_vp_second_one_third_two_more_and_they_count_for_the_end() {
    let s = game(2, [0, 1, 2, 3], |p| {
        complete_for(p, 0, 0);
    });
    assert_eq!(s.contract_vp(0), 0);
    let s = edit(&s, |p| complete_for(p, 1, 0));
    assert_eq!(s.contract_vp(0), 1);
    let s = edit(&s, |p| complete_for(p, 2, 0));
    assert_eq!(s.contract_vp(0), 3);
    assert_eq!(s.victory_points(0), 3);
    // 9 VP of persons + 3 contract VP = 12: the end is triggered.
    let big = [
        persons_costing(Pirate, 9)[0],
        persons_costing(Jester, 9)[0],
        persons_costing(Admiral, 9)[0],
    ];
    let y = ships(Yellow, 3, Some(4));
    let mut s = edit(&s, |p| {
        give(p, 0, &big);
        stack_draw_pile(p, &[y[0], y[1]]);
    });
    act(&mut s, 0, Action::Draw);
    let events = act(&mut s, 0, Action::Draw);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::FinalRoundBegan { seats, .. } if seats == &vec![0])));
}

// §3.1 Immediate contracts: offered at the moment of their event.

#[test]
fn s3_1_tax_officer_offered_to_each_player_who_pays_taxes() {
    let tax = taxes(Tax::MostSwords)[0];
    let base = game(3, [TAX_OFFICER, 0, 1, 2], |p| {
        stack_draw_pile(p, &[tax]);
        set_coins(p, 0, 3);
        set_coins(p, 1, 12);
        set_coins(p, 2, 14);
    });
    let mut s = base.clone();
    act(&mut s, 0, Action::Draw);
    assert_eq!(s.status().to_act, vec![1]);
    assert_eq!(refused(&s, 0, Action::Draw), "NOT_YOUR_TURN");
    assert_eq!(refused(&s, 1, Action::Pass), "WRONG_PHASE");
    let events = act(&mut s, 1, Action::Accept);
    assert_eq!(completed(&events), vec![(1, TAX_OFFICER as u8, 0, 7)]);
    let events = act(&mut s, 2, Action::Decline);
    assert!(events.contains(&Event::OfferDeclined {
        seat: 2,
        contract: Some(TAX_OFFICER as u8)
    }));
    assert_eq!(
        s.to_act(),
        Some(0),
        "back to the active player's discover phase"
    );
    assert_eq!(s.turn().phase, Phase::Discover);
}

#[test]
fn s3_1_jinx_offered_on_a_bust_then_the_turn_ends() {
    let y = ships(Yellow, 1, Some(1));
    let base = game(2, [JINX, 0, 1, 2], |p| stack_draw_pile(p, &[y[0], y[1]]));
    for accept in [true, false] {
        let mut s = base.clone();
        act(&mut s, 0, Action::Draw);
        act(&mut s, 0, Action::Draw);
        assert_eq!(s.turn().phase, Phase::Bust);
        assert_eq!(s.status().to_act, vec![0]);
        let events = act(
            &mut s,
            0,
            if accept {
                Action::Accept
            } else {
                Action::Decline
            },
        );
        assert_eq!(!completed(&events).is_empty(), accept);
        assert_eq!(s.turn().active, 1);
        assert_eq!(s.completed(0), usize::from(accept));
    }
}

#[test]
fn s3_1_tiny_gamester_progress_then_complete_and_gamester_at_four_colours() {
    let [y, b, g, r] = [
        ships(Yellow, 1, Some(1))[0],
        ships(Blue, 1, Some(1))[0],
        ships(Green, 1, Some(1))[0],
        ships(Red, 1, Some(1))[0],
    ];
    let mut s = game(2, [TINY_GAMESTER, GAMESTER, 0, 1], |p| {
        stack_draw_pile(p, &[y, b, g, r]);
    });
    act(&mut s, 0, Action::Draw);
    act(&mut s, 0, Action::Draw);
    assert!(s.offers().is_empty());
    act(&mut s, 0, Action::Draw);
    assert_eq!(s.offers().len(), 1, "Tiny Gamester at the third colour");
    let events = act(&mut s, 0, Action::Accept);
    assert!(events.contains(&Event::ContractProgressed {
        seat: 0,
        contract: TINY_GAMESTER as u8,
        level: 1
    }));
    assert_eq!(s.cubes_used(0), 1, "a progress cube is a cube");
    act(&mut s, 0, Action::Draw);
    let events = act(&mut s, 0, Action::Accept);
    assert_eq!(completed(&events), vec![(0, GAMESTER as u8, 0, 2)]);

    // The next time three colours show on seat 0's turn, Tiny Gamester completes.
    let mut again = edit(&s, |p| {
        p.harbor.clear();
        turn(p).set_phase(Tag::Discover);
        turn(p).cards_drawn = turn(p).cards_drawn.max(1);
        p.discard_pile.extend([y, b, g, r]);
        stack_draw_pile(p, &[y, b, g]);
    });
    act(&mut again, 0, Action::Draw);
    act(&mut again, 0, Action::Draw);
    act(&mut again, 0, Action::Draw);
    let events = act(&mut again, 0, Action::Accept);
    assert_eq!(completed(&events), vec![(0, TINY_GAMESTER as u8, 0, 2)]);
    assert_eq!(again.cubes_used(0), 2);
}

/// §3.1: a progress cube moves along its own contract only; the seat's other progress cubes and
/// the other seats' cubes stay where they are.
#[test]
fn s3_1_progress_moves_only_the_seats_cube_on_that_contract() {
    let red = ships(Red, 1, Some(1))[0];
    let mut s = game(2, [FRIGATE_FOE, GALLEON_FOE, 0, 1], |p| {
        let x = p.contracts.as_mut().unwrap();
        x.progress.push(cube(0, GALLEON_FOE, 1));
        x.progress.push(cube(1, FRIGATE_FOE, 1));
        trading(p, 0, &[red]);
    });
    act(
        &mut s,
        0,
        Action::Take {
            card: red,
            decline_coins: true,
            gift_to: None,
        },
    );
    let mut progress: Vec<(u8, u8, u8)> = s
        .expansion()
        .unwrap()
        .progress
        .iter()
        .map(|p| (p.seat, p.contract, p.level))
        .collect();
    progress.sort_unstable();
    assert_eq!(
        progress,
        [
            (0, FRIGATE_FOE as u8, 1),
            (0, GALLEON_FOE as u8, 1),
            (1, FRIGATE_FOE as u8, 1)
        ]
    );
}

/// §3.2 and X5: every face-up contract completed ends a cooperative game; a competitive game
/// goes on.
#[test]
fn s3_2_a_competitive_game_goes_on_when_every_face_up_contract_is_completed() {
    let cards = vec![persons(Captain)[0], persons(Mademoiselle)[0]];
    let mut s = game(2, [LADY_KILLER, COMEDIAN, MARITIME, NEW_COLONY], |p| {
        for c in [COMEDIAN, MARITIME, NEW_COLONY] {
            complete_for(p, c, 1);
        }
        give(p, 0, &cards);
        trading(p, 0, &[ships(Yellow, 1, Some(1))[0]]);
    });
    act(&mut s, 0, Action::CompleteContract(LADY_KILLER));
    assert!(!s.status().finished);
}

#[test]
fn s3_1_frigate_foe_three_declines_with_trader_coins_refused() {
    let reds = ships(Red, 1, Some(1));
    let trader = persons(Trader(Red))[0];
    let mut s = game(2, [FRIGATE_FOE, 0, 1, 2], |p| {
        give(p, 0, &[trader]);
        trading(p, 0, &[reds[0]]);
    });
    let coins = s.coins(0);
    let decline = |card: u32| Action::Take {
        card,
        decline_coins: true,
        gift_to: None,
    };
    let events = act(&mut s, 0, decline(reds[0]));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::CardTaken {
            coins_gained: 0,
            declined: true,
            ..
        }
    )));
    assert!(events.contains(&Event::ContractProgressed {
        seat: 0,
        contract: FRIGATE_FOE as u8,
        level: 1
    }));
    assert_eq!(s.coins(0), coins);
    for (card, expect_done) in [(reds[1], false), (reds[2], true)] {
        s = edit(&s, |p| {
            set_active(p, 0);
            trading(p, 0, &[card]);
        });
        let events = act(&mut s, 0, decline(card));
        assert_eq!(!completed(&events).is_empty(), expect_done);
    }
    assert_eq!(s.completed(0), 1);
    // Declining is only for a Foe contract: a yellow ship's coins cannot be declined.
    let y = ships(Yellow, 1, Some(1))[0];
    let t = game(2, [FRIGATE_FOE, 0, 1, 2], |p| trading(p, 0, &[y]));
    assert_eq!(refused(&t, 0, decline(y)), "DECLINE_NOT_ALLOWED");
}

#[test]
fn s3_1_galleon_foe_two_declines_and_declining_is_optional() {
    let blacks = ships(Black, 1, Some(2));
    let decline = |card: u32| Action::Take {
        card,
        decline_coins: true,
        gift_to: None,
    };
    let mut s = game(2, [GALLEON_FOE, 0, 1, 2], |p| trading(p, 0, &[blacks[0]]));
    let legal: Vec<Action> = s
        .legal_actions(Some(0))
        .into_iter()
        .map(|(_, a)| a)
        .collect();
    assert!(legal.contains(&Action::take(blacks[0])));
    assert!(legal.contains(&decline(blacks[0])));
    act(&mut s, 0, decline(blacks[0]));
    s = edit(&s, |p| trading(p, 0, &[blacks[1]]));
    let events = act(&mut s, 0, decline(blacks[1]));
    assert_eq!(completed(&events), vec![(0, GALLEON_FOE as u8, 0, 6)]);
}

#[test]
fn s3_1_a_non_active_player_who_declines_still_pays_the_fee() {
    let red = ships(Red, 2, Some(3))[0];
    let s = game(2, [FRIGATE_FOE, 0, 1, 2], |p| {
        trading(p, 1, &[red]);
        set_coins(p, 1, 0);
    });
    let decline = Action::Take {
        card: red,
        decline_coins: true,
        gift_to: None,
    };
    assert_eq!(refused(&s, 1, decline.clone()), "INSUFFICIENT_COINS");
    let mut s = edit(&s, |p| set_coins(p, 1, 1));
    let events = act(&mut s, 1, decline);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::CardTaken {
            fee_paid: 1,
            coins_gained: 0,
            ..
        }
    )));
}

#[test]
fn s3_1_pack_of_pirates_sets_aside_one_ship_per_colour_then_completes() {
    let pirates = persons(Pirate);
    let ships5 = [
        ships(Yellow, 1, Some(1))[0],
        ships(Blue, 1, Some(1))[0],
        ships(Green, 1, Some(1))[0],
        ships(Red, 1, Some(1))[0],
        ships(Black, 1, Some(2))[0],
    ];
    let second_yellow = ships(Yellow, 1, Some(1))[1];
    let mut s = game(2, [PACK, 0, 1, 2], |p| {
        give(p, 0, &pirates);
        stack_draw_pile(p, &[ships5[0], second_yellow]);
    });
    act(&mut s, 0, Action::Draw);
    let events = act(&mut s, 0, Action::Repel);
    assert!(events.contains(&Event::ShipSetAside {
        seat: 0,
        card: ships5[0] as u8
    }));
    act(&mut s, 0, Action::Draw);
    let discarded = s.discard_pile_len();
    let events = act(&mut s, 0, Action::Repel);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::ShipSetAside { .. })));
    assert_eq!(
        s.discard_pile_len(),
        discarded + 1,
        "a second yellow is discarded"
    );
    s = edit(&s, |p| stack_draw_pile(p, &ships5[1..]));
    for _ in 0..3 {
        act(&mut s, 0, Action::Draw);
        act(&mut s, 0, Action::Repel);
    }
    act(&mut s, 0, Action::Draw);
    let before = s.discard_pile_len();
    let events = act(&mut s, 0, Action::Repel);
    assert_eq!(completed(&events), vec![(0, PACK as u8, 0, 3)]);
    assert!(s.expansion().unwrap().set_aside[0].is_empty());
    assert!(
        s.discard_pile_len() >= before + 5 - 3,
        "the five ships are discarded"
    );
}

// §1.2 New persons and ships.

#[test]
fn s1_2_clerk_gives_one_more_card_after_trading_its_colour() {
    let clerk = persons(Clerk(Yellow))[0];
    let y = ships(Yellow, 1, Some(1))[0];
    let settler = persons(Settler)[0];
    let mut s = game(2, [0, 1, 2, 3], |p| {
        give(p, 1, &[clerk]);
        trading(p, 1, &[y, settler]);
        set_coins(p, 1, 5);
    });
    act(&mut s, 1, Action::take(y));
    assert_eq!(s.to_act(), Some(1), "the Clerk's extra card");
    let events = act(&mut s, 1, Action::take(settler));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::CardTaken {
            seat: 1,
            fee_paid: 1,
            coins_paid: 4,
            ..
        }
    )));
}

#[test]
fn s1_2_gunners_gain_harbor_ships_minus_one_each() {
    let gunners = persons(Gunner);
    let harbor3 = [
        ships(Yellow, 1, Some(1))[0],
        ships(Blue, 1, Some(1))[0],
        ships(Green, 1, Some(1))[0],
        persons(Settler)[0],
    ];
    let mut s = game(2, [0, 1, 2, 3], |p| {
        give(p, 0, &gunners[..2]);
        harbor(p, &harbor3);
        turn(p).cards_drawn = turn(p).cards_drawn.max(1);
    });
    let events = act(&mut s, 0, Action::Stop);
    assert_eq!(coins_gained(&events, CoinReason::Gunner), vec![(0, 4)]);
    let mut s = game(2, [0, 1, 2, 3], |p| {
        give(p, 0, &gunners[..1]);
        harbor(p, &[persons(Settler)[0]]);
        turn(p).cards_drawn = turn(p).cards_drawn.max(1);
    });
    let events = act(&mut s, 0, Action::Stop);
    assert_eq!(
        coins_gained(&events, CoinReason::Gunner),
        vec![],
        "never fewer than 0"
    );
}

#[test]
fn s1_2_vice_admirals_pay_with_three_or_four_harbor_cards() {
    let vas = persons(ViceAdmiral);
    for (n, expect) in [
        (2usize, vec![]),
        (3, vec![(0u8, 2u32)]),
        (4, vec![(0, 2)]),
        (5, vec![]),
    ] {
        let cards: Vec<u32> = [Settler, Captain, Priest]
            .iter()
            .flat_map(|&k| persons(k)[..2].to_vec())
            .take(n)
            .collect();
        let mut s = game(2, [0, 1, 2, 3], |p| {
            give(p, 0, &vas[..2]);
            harbor(p, &cards);
            turn(p).cards_drawn = turn(p).cards_drawn.max(1);
        });
        let events = act(&mut s, 0, Action::Stop);
        assert_eq!(
            coins_gained(&events, CoinReason::ViceAdmiral),
            expect,
            "{n} cards"
        );
    }
}

#[test]
fn s1_2_special_ship_gives_another_player_of_your_choice_one_coin() {
    let special = special_ship(Blue);
    let s = game(3, [0, 1, 2, 3], |p| trading(p, 0, &[special]));
    let legal: Vec<Action> = s
        .legal_actions(Some(0))
        .into_iter()
        .map(|(_, a)| a)
        .collect();
    assert!(legal.contains(&Action::Take {
        card: special,
        decline_coins: false,
        gift_to: Some(1)
    }));
    assert!(legal.contains(&Action::Take {
        card: special,
        decline_coins: false,
        gift_to: Some(2)
    }));
    assert_eq!(refused(&s, 0, Action::take(special)), "INVALID_GIFT");
    assert_eq!(
        refused(
            &s,
            0,
            Action::Take {
                card: special,
                decline_coins: false,
                gift_to: Some(0)
            }
        ),
        "INVALID_GIFT"
    );
    // Seat 3 does not exist at a 3-player table.
    assert_eq!(
        refused(
            &s,
            0,
            Action::Take {
                card: special,
                decline_coins: false,
                gift_to: Some(3)
            }
        ),
        "INVALID_GIFT"
    );
    let mut t = s.clone();
    let events = act(
        &mut t,
        0,
        Action::Take {
            card: special,
            decline_coins: false,
            gift_to: Some(2),
        },
    );
    assert!(events.iter().any(|e| matches!(
        e,
        Event::CardTaken {
            coins_gained: 3,
            ..
        }
    )));
    assert_eq!(coins_gained(&events, CoinReason::Gift), vec![(2, 1)]);
    // A plain ship takes no gift.
    let plain = plain_ship(Blue);
    let u = game(3, [0, 1, 2, 3], |p| trading(p, 0, &[plain]));
    assert_eq!(
        refused(
            &u,
            0,
            Action::Take {
                card: plain,
                decline_coins: false,
                gift_to: Some(1)
            }
        ),
        "INVALID_GIFT"
    );
}

#[test]
fn r_special_ship_in_a_solo_game_gives_nobody_a_coin() {
    let special = special_ship(Green);
    let s = port_royal::new_game(1, 0, 4, coop(0)).unwrap();
    let mut s = edit(&s, |p| trading(p, 0, &[special]));
    assert!(s
        .legal_actions(Some(0))
        .contains(&(0, Action::take(special))));
    assert_eq!(
        refused(
            &s,
            0,
            Action::Take {
                card: special,
                decline_coins: false,
                gift_to: Some(0)
            }
        ),
        "INVALID_GIFT"
    );
    let events = act(&mut s, 0, Action::take(special));
    assert_eq!(coins_gained(&events, CoinReason::Gift), vec![]);
}

// §3.2 Competitive setup.

#[test]
fn s3_2_competitive_setup_sixteen_contracts_four_face_up() {
    for players in 2..=5 {
        let s = port_royal::new_game(players, 0, 7, competitive()).unwrap();
        let x = s.expansion().unwrap();
        assert_eq!(x.face_up.len(), 4);
        assert_eq!(x.face_up.len() + x.face_down.len(), 16);
        assert!(
            s.all_contracts().iter().all(|&c| c < 16),
            "no cooperative-only contract"
        );
        assert_eq!(s.all_cards().count(), if players == 5 { 144 } else { 143 });
        assert!(x.time_pile.is_empty());
    }
    assert!(port_royal::new_game(1, 0, 7, competitive()).is_err());
}

// §3.3 Cooperative variant.

#[test]
fn s3_3_cooperative_setup_face_up_count_time_pile_and_difficulty() {
    for (players, up) in [(1u32, 3usize), (2, 5), (3, 7), (4, 9), (5, 11)] {
        let s = port_royal::new_game(players, 0, 11, coop(2)).unwrap();
        let x = s.expansion().unwrap();
        assert_eq!(x.face_up.len(), up);
        assert_eq!(x.face_up.len() + x.face_down.len(), 18);
        let ids: Vec<u8> = x.face_up.iter().map(|s| s.id).collect();
        let size = port_royal::contracts::time_pile_size(&ids);
        assert_eq!(x.time_pile.len() + x.victory_pile.len(), size);
        assert_eq!(x.victory_pile.len(), 2);
    }
    let size = {
        let s = port_royal::new_game(2, 0, 11, coop(0)).unwrap();
        s.expansion().unwrap().time_pile.len() as u32
    };
    assert!(port_royal::new_game(2, 0, 11, coop(size + 1)).is_err());
    assert!(port_royal::new_game(2, 0, 11, coop(size)).is_ok());
}

#[test]
fn s3_3_the_first_card_of_each_turn_comes_from_the_time_pile() {
    let mut s = port_royal::new_game(2, 0, 11, coop(0)).unwrap();
    let time = s.expansion().unwrap().time_pile.len();
    let events = act(&mut s, 0, Action::Draw);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::CardDrawn {
            from_time_pile: true,
            ..
        }
    )));
    assert_eq!(s.expansion().unwrap().time_pile.len(), time - 1);
    if s.to_act() == Some(0) && s.turn().phase == Phase::Discover && s.offers().is_empty() {
        let events = act(&mut s, 0, Action::Draw);
        assert!(events.iter().any(|e| matches!(
            e,
            Event::CardDrawn {
                from_time_pile: false,
                ..
            }
        )));
    }
}

#[test]
fn s3_3_a_tax_increase_offers_one_more_card_to_the_victory_pile() {
    let tax = taxes(Tax::FewestVictoryPoints)[0];
    let s = port_royal::new_game(2, 0, 11, coop(0)).unwrap();
    let mut s = edit(&s, |p| {
        helpers::take_out(p, tax);
        p.contracts
            .as_mut()
            .unwrap()
            .time_pile
            .retain(|&c| c != tax);
        p.contracts.as_mut().unwrap().time_pile.push(tax);
    });
    act(&mut s, 0, Action::Draw);
    let time = s.expansion().unwrap().time_pile.len();
    assert_eq!(s.offers().len(), 1);
    // The open victory-pile offer is part of a valid cooperative state.
    assert_eq!(edit(&s, |_| {}), s);
    let events = act(&mut s, 0, Action::Accept);
    assert!(events.contains(&Event::VictoryPileGrew { cards: 1 }));
    assert_eq!(s.expansion().unwrap().time_pile.len(), time - 1);
}

/// Options that do not fit together are refused at setup, naming the option: the cooperative
/// variant is part of the expansion, and difficulty belongs to it.
#[test]
fn options_that_do_not_fit_are_refused_at_setup() {
    let fields = |o: Options| {
        port_royal::new_game(2, 0, 1, o)
            .expect_err("refused")
            .errors
            .into_iter()
            .map(|e| e.field)
            .collect::<Vec<_>>()
    };
    let cooperative_alone = Options {
        mode: Mode::Cooperative,
        ..Options::default()
    };
    assert_eq!(fields(cooperative_alone), ["options.mode"]);
    let difficulty_competitive = Options {
        difficulty: 1,
        ..competitive()
    };
    assert_eq!(fields(difficulty_competitive), ["options.difficulty"]);
}

/// §3.1 Pack of Pirates: setup gives every seat an empty set-aside, so the first repelled ship can
/// be set aside in a game straight from setup.
#[test]
fn s3_2_setup_prepares_an_empty_set_aside_per_seat() {
    for players in 2..=5 {
        let s = port_royal::new_game(players, 0, 1, competitive()).unwrap();
        assert_eq!(
            s.all_contracts().len(),
            16,
            "§3.2: every contract somewhere"
        );
        assert_eq!(
            s.expansion().unwrap().set_aside,
            vec![Vec::<u8>::new(); players as usize]
        );
    }
}

/// §3.3: the victory-pile card on a tax increase is offered only while the time pile has a card
/// to move (the tax drawn right after the turn's first card emptied it offers nothing).
#[test]
fn s3_3_no_victory_pile_offer_from_an_empty_time_pile() {
    let tax = taxes(Tax::FewestVictoryPoints)[0];
    let s = port_royal::new_game(2, 0, 11, coop(0)).unwrap();
    let mut s = edit(&s, |p| {
        let x = p.contracts.as_mut().unwrap();
        let last = x.time_pile.split_off(1); // keep one card: the turn's first draw
        p.draw_pile.splice(0..0, last);
        stack_draw_pile(p, &[tax]);
    });
    act(&mut s, 0, Action::Draw); // the time pile's last card
    assert!(s.expansion().unwrap().time_pile.is_empty());
    act(&mut s, 0, Action::Draw); // the tax
    assert!(s.offers().is_empty(), "nothing to move: no offer");
}

/// §3.1: a cube on a progress space is one of a seat's 3 cubes, so two completed contracts and a
/// cube on "1." leave none for a new contract.
#[test]
fn s3_1_a_progress_cube_counts_toward_the_three_cubes() {
    let cards = vec![persons(Captain)[0], persons(Mademoiselle)[0]];
    let s = game(2, [LADY_KILLER, COMEDIAN, MARITIME, FRIGATE_FOE], |p| {
        complete_for(p, COMEDIAN, 0);
        complete_for(p, MARITIME, 0);
        p.contracts
            .as_mut()
            .unwrap()
            .progress
            .push(cube(0, FRIGATE_FOE, 1));
        give(p, 0, &cards);
        trading(p, 0, &[ships(Yellow, 1, Some(1))[0]]);
    });
    assert_eq!((s.completed(0), s.cubes_used(0)), (2, 3));
    assert_eq!(
        refused(&s, 0, Action::CompleteContract(LADY_KILLER)),
        "CONTRACT_NOT_AVAILABLE"
    );
}

/// §3.1: a contract naming two persons needs both (Lady Killer: a Captain and a Mademoiselle).
#[test]
fn s3_1_a_two_person_contract_needs_both_persons() {
    for cards in [vec![persons(Captain)[0]], vec![persons(Mademoiselle)[0]]] {
        let s = game(2, [LADY_KILLER, COMEDIAN, MARITIME, NEW_COLONY], |p| {
            give(p, 0, &cards);
            trading(p, 0, &[ships(Yellow, 1, Some(1))[0]]);
        });
        assert_eq!(
            refused(&s, 0, Action::CompleteContract(LADY_KILLER)),
            "CONTRACT_REQUIREMENT_UNMET"
        );
    }
}

/// A cooperative game whose time pile is empty, seat 0 about to bust (two yellow ships next).
fn empty_time_pile_before_a_bust(rules: Rules) -> State {
    let s = port_royal::new_game_under(rules, 2, 0, 11, coop(0)).unwrap();
    let y = ships(Yellow, 1, Some(1));
    let mut s = edit(&s, |p| {
        let time = std::mem::take(&mut p.contracts.as_mut().unwrap().time_pile);
        p.draw_pile.splice(0..0, time);
        turn(p).cards_drawn = turn(p).cards_drawn.max(1);
        stack_draw_pile(p, &[y[0], y[1]]);
    });
    act(&mut s, 0, Action::Draw);
    s
}

fn assert_lost(s: &State, events: &[Event]) {
    assert!(events.contains(&Event::CooperativeEnded { won: false }));
    let status = s.status();
    assert!(status.finished);
    let team = status.cooperative.unwrap();
    assert!(!team.won);
    assert!(status.result.iter().all(|r| !r.winner && r.rank == 1));
}

/// §3.3 with X6 (port-royal/2): the game is lost when the active player's first card cannot come
/// from the time pile; until then it may still complete contracts.
#[test]
fn s3_3_loss_when_the_time_pile_cannot_be_drawn() {
    let mut s = empty_time_pile_before_a_bust(Rules::V2);
    act(&mut s, 0, Action::Draw); // bust: the turn ends
    assert!(!s.status().finished, "not lost before seat 1 tries to draw");
    assert_eq!(s.status().to_act, vec![1]);
    let events = act(&mut s, 1, Action::Draw);
    assert_lost(&s, &events);
}

/// port-royal/1 (X6 as it was): the game was lost as soon as a turn began with an empty time
/// pile. A game begun under port-royal/1 keeps that rule to its end.
#[test]
fn s3_3_port_royal_1_loses_when_the_turn_begins() {
    let mut s = empty_time_pile_before_a_bust(Rules::V1);
    let events = act(&mut s, 0, Action::Draw);
    assert_lost(&s, &events);
}

#[test]
fn s3_3_win_when_every_face_up_contract_has_a_completer_rated_by_the_victory_pile() {
    let s = port_royal::new_game(1, 0, 11, coop(5)).unwrap();
    let cards = vec![persons(Captain)[0], persons(Mademoiselle)[0]];
    let mut s = edit(&s, |p| {
        face_up(p, &[LADY_KILLER, COMEDIAN, MARITIME]);
        complete_for(p, COMEDIAN, 0);
        complete_for(p, MARITIME, 0);
        give(p, 0, &cards);
        trading(p, 0, &[ships(Yellow, 1, Some(1))[0]]);
    });
    let events = act(&mut s, 0, Action::CompleteContract(LADY_KILLER));
    assert!(events.contains(&Event::CooperativeEnded { won: true }));
    let status = s.status();
    assert!(status.finished && status.to_act.is_empty());
    let team = status.cooperative.unwrap();
    assert!(team.won);
    assert_eq!(team.rating, "Pirate");
    assert_eq!(s.expansion().unwrap().victory_pile.len(), 5);
    assert!(status.result.iter().all(|r| r.winner));
    // The wire's cooperative result counts the victory pile.
    let wire = referee::service::wire::Wire::status_to_proto(&s, &s.status());
    assert_eq!(wire.result.unwrap().cooperative.unwrap().victory_pile, 5);
}

#[test]
fn r_tiny_royal_household_and_ransom_by_twelve_vp_or_fifteen_coins() {
    let s = port_royal::new_game(1, 0, 11, coop(0)).unwrap();
    let big = [
        persons_costing(Pirate, 9)[0],
        persons_costing(Jester, 9)[0],
        persons_costing(Admiral, 9)[0],
        persons_costing(Mademoiselle, 9)[0],
    ];
    let with = |f: &dyn Fn(&mut v1::PortRoyalState)| {
        edit(&s, |p| {
            face_up(p, &[ROYAL, RANSOM, COMEDIAN]);
            trading(p, 0, &[ships(Yellow, 1, Some(1))[0]]);
            f(p)
        })
    };
    let poor = with(&|_| {});
    assert_eq!(
        refused(&poor, 0, Action::CompleteContract(ROYAL)),
        "CONTRACT_REQUIREMENT_UNMET"
    );
    let mut famous = with(&|p| give(p, 0, &big));
    let coins = famous.coins(0);
    act(&mut famous, 0, Action::CompleteContract(ROYAL));
    assert_eq!(
        famous.coins(0),
        coins,
        "12 VP: nothing to pay, and no coins (spec [R])"
    );
    let mut rich = with(&|p| set_coins(p, 0, 16));
    act(&mut rich, 0, Action::CompleteContract(RANSOM));
    assert_eq!(rich.coins(0), 1, "15 coins paid");
}

#[test]
fn r_the_twelve_vp_end_does_not_apply_in_the_cooperative_variant() {
    let s = port_royal::new_game(2, 0, 11, coop(0)).unwrap();
    let big = [
        persons_costing(Pirate, 9)[0],
        persons_costing(Jester, 9)[0],
        persons_costing(Admiral, 9)[0],
        persons_costing(Mademoiselle, 9)[0],
    ];
    let y = ships(Yellow, 3, Some(4));
    let mut s = edit(&s, |p| {
        give(p, 0, &big);
        turn(p).cards_drawn = turn(p).cards_drawn.max(1);
        stack_draw_pile(p, &[y[0], y[1]]);
    });
    act(&mut s, 0, Action::Draw);
    let events = act(&mut s, 0, Action::Draw);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::FinalRoundBegan { .. })));
}

#[test]
fn r_cooperative_exhausted_draw_pile_ends_discover_without_a_final_round() {
    let s = port_royal::new_game(2, 0, 11, coop(0)).unwrap();
    let mut s = edit(&s, |p| {
        let rest = std::mem::take(&mut p.draw_pile);
        p.seats[1].coins.extend(rest);
        turn(p).cards_drawn = turn(p).cards_drawn.max(1);
    });
    let events = act(&mut s, 0, Action::Draw);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::FinalRoundBegan { .. })));
    assert_ne!(
        s.turn().phase,
        Phase::Discover,
        "drawing ended the discover phase"
    );
}

/// docs/rules.md X5: a cooperative game has no final round, so a state claiming one is refused
/// (found by the `state` fuzz target: such a state used to be accepted and played into a finished
/// game without a cooperative outcome).
#[test]
fn r_a_cooperative_state_has_no_final_round() {
    let s = port_royal::new_game(4, 0, 11, coop(0)).unwrap();
    let mut parts = s.to_parts();
    turn(&mut parts).final_round = true;
    let err = State::from_parts(&parts, s.config().rules, &()).unwrap_err();
    let fields: Vec<_> = err.errors.iter().map(|e| e.field.as_str()).collect();
    assert_eq!(fields, ["turn.final_round"]);
}
