//! One scenario per rule of the Port Royal base game, named after the section of
//! `port-royal.md` (§) or the ruling in `docs/rules.md` (R-…) it checks. Scenario states are
//! built through the validated parts constructor, so each is a consistent state.

use crate::common::port_royal as helpers;

use helpers::ids::{expedition, persons, persons_costing, ships, taxes};
use helpers::{
    act, coins_gained, edit, fresh, give, harbor, refused, refused_fields, set_active, set_coins,
    stack_draw_pile, stored_rng, turn,
};
use referee::games::port_royal::cards::{Colour::*, Person::*, Tax};
use referee::games::port_royal::state::Phase;
use referee::games::port_royal::{self, Action, CoinReason, Event, Options, Rules, State};
use referee::games::Sentences;
use referee::games::{Play, StateMessage};
use referee::pb::v1::PortRoyalPhase as Tag;

/// Seat 0 active, in the discover phase having drawn `drawn` cards, with this harbor.
fn discovering(players: u32, harbor_cards: &[u32], drawn: u32) -> State {
    edit(&fresh(players), |p| {
        harbor(p, harbor_cards);
        // Every harbor card was drawn this turn, so at least that many.
        turn(p).cards_drawn = drawn.max(harbor_cards.len() as u32);
    })
}

// §2.1 Setup.

#[test]
fn s2_1_setup_deals_three_coins_and_removes_the_five_player_expedition() {
    for players in 2..=5u32 {
        let s = port_royal::new_game(players, 0, 9, Options::default()).unwrap();
        let total: usize = s.all_cards().count();
        assert_eq!(total, if players == 5 { 120 } else { 119 });
        for seat in 0..players as u8 {
            assert_eq!(s.coins(seat), 3);
        }
        let in_row = usize::from(players == 5);
        assert_eq!(s.draw_pile_len(), total - 3 * players as usize - in_row);
        let five = port_royal::cards::FIVE_PLAYER_EXPEDITION;
        assert_eq!(s.expedition_row().contains(&five), players == 5);
        assert_eq!(s.all_cards().any(|c| c == five), players == 5);
    }
}

#[test]
fn s2_1_start_seat_comes_from_the_request() {
    let s = port_royal::new_game(4, 2, 9, Options::default()).unwrap();
    assert_eq!(s.status().to_act, vec![2]);
    assert!(port_royal::new_game(4, 4, 9, Options::default()).is_err());
    assert!(port_royal::new_game(1, 0, 9, Options::default()).is_err());
    assert!(port_royal::new_game(6, 0, 9, Options::default()).is_err());
}

// §2.2 Discover.

#[test]
fn s2_2_must_draw_at_least_one_card() {
    let s = fresh(3);
    assert_eq!(refused(&s, 0, Action::Stop), "MUST_DRAW_FIRST");
    assert_eq!(
        s.legal_actions(None),
        vec![(0, Action::Draw)],
        "no Stop yet"
    );
    let mut s = edit(&s, |p| stack_draw_pile(p, &[ships(Yellow, 1, Some(1))[0]]));
    act(&mut s, 0, Action::Draw);
    assert!(s.legal_actions(None).contains(&(0, Action::Stop)));
    act(&mut s, 0, Action::Stop);
    assert!(matches!(s.turn().phase, Phase::Trade { taker: 0, .. }));
}

#[test]
fn s2_2_persons_and_ships_go_to_the_harbor_expeditions_to_the_row() {
    let settler = persons(Settler)[0];
    let ship = ships(Yellow, 1, Some(1))[0];
    let exp = expedition([2, 0, 0]);
    let mut s = edit(&fresh(3), |p| stack_draw_pile(p, &[settler, ship, exp]));
    act(&mut s, 0, Action::Draw);
    act(&mut s, 0, Action::Draw);
    let events = act(&mut s, 0, Action::Draw);
    assert_eq!(s.harbor(), &[settler as u8, ship as u8]);
    assert_eq!(s.expedition_row(), &[exp as u8]);
    assert!(events.contains(&Event::ExpeditionRevealed { card: exp as u8 }));
}

#[test]
fn s2_2_repelling_is_optional_and_needs_enough_swords() {
    let sailor = persons_costing(Sailor, 3)[0];
    let ship = ships(Yellow, 1, Some(1))[0];
    let base = edit(&fresh(3), |p| {
        give(p, 0, &[sailor]);
        stack_draw_pile(p, &[ship]);
    });
    let mut s = base.clone();
    act(&mut s, 0, Action::Draw);
    assert_eq!(s.turn().phase, Phase::Repel { ship: ship as u8 });
    assert_eq!(refused(&s, 0, Action::Draw), "WRONG_PHASE");
    let events = act(&mut s, 0, Action::Repel);
    assert!(events.contains(&Event::ShipRepelled {
        seat: 0,
        card: ship as u8
    }));
    assert!(s.harbor().is_empty());
    assert_eq!(s.turn().phase, Phase::Discover);

    let mut s = base;
    act(&mut s, 0, Action::Draw);
    act(&mut s, 0, Action::Admit);
    assert_eq!(s.harbor(), &[ship as u8]);

    // Two swords are not enough for a 4-sword Pinnace: no repel decision.
    let big = ships(Yellow, 3, Some(4))[0];
    let mut s = edit(&fresh(3), |p| {
        give(p, 0, &[sailor]);
        stack_draw_pile(p, &[big]);
    });
    act(&mut s, 0, Action::Draw);
    assert_eq!(s.turn().phase, Phase::Discover);
    assert_eq!(refused(&s, 0, Action::Repel), "WRONG_PHASE");
}

#[test]
fn s2_2_skull_ships_can_never_be_repelled() {
    let pirates = persons(Pirate);
    let skull = ships(Red, 3, None)[0];
    let mut s = edit(&fresh(3), |p| {
        give(p, 0, &pirates);
        stack_draw_pile(p, &[skull]);
    });
    act(&mut s, 0, Action::Draw);
    assert_eq!(s.turn().phase, Phase::Discover);
    assert_eq!(s.harbor(), &[skull as u8]);
}

#[test]
fn s2_2_bust_discards_the_harbor_skips_phase_two_and_pays_jesters() {
    let jester = persons(Jester);
    let first = ships(Blue, 1, Some(1))[0];
    let second = ships(Blue, 2, Some(2))[0];
    let exp = expedition([0, 2, 0]);
    let mut s = edit(&fresh(3), |p| {
        give(p, 0, &jester[..1]);
        give(p, 2, &jester[1..3]);
        p.expedition_row.push(exp);
        helpers::take_out(p, exp);
        p.expedition_row.push(exp);
        harbor(p, &[persons(Settler)[0]]);
        turn(p).cards_drawn = 1;
        stack_draw_pile(p, &[first, second]);
    });
    act(&mut s, 0, Action::Draw);
    let discard_before = s.discard_pile_len();
    let events = act(&mut s, 0, Action::Draw);
    assert!(events.contains(&Event::Busted {
        seat: 0,
        card: second as u8
    }));
    assert_eq!(
        coins_gained(&events, CoinReason::Jester),
        vec![(0, 1), (2, 2)],
        "every player, active included, gains 1 coin per Jester"
    );
    assert_eq!(s.expedition_row(), &[exp as u8], "the expedition row stays");
    assert!(s.harbor().is_empty());
    assert!(s.discard_pile_len() >= discard_before + 3 - 3);
    assert_eq!(s.turn().active, 1, "no phase 2: the next player's turn");
    assert_eq!(s.turn().phase, Phase::Discover);
}

#[test]
fn s2_2_repelling_a_second_ship_of_a_colour_avoids_the_bust() {
    let sailor = persons_costing(Sailor, 3)[0];
    let first = ships(Green, 1, Some(1))[0];
    let second = ships(Green, 1, Some(1))[1];
    let mut s = edit(&fresh(3), |p| {
        give(p, 0, &[sailor]);
        harbor(p, &[first]);
        turn(p).cards_drawn = 1;
        stack_draw_pile(p, &[second]);
    });
    act(&mut s, 0, Action::Draw);
    act(&mut s, 0, Action::Repel);
    assert_eq!(s.turn().active, 0);
    assert_eq!(s.harbor(), &[first as u8]);
}

#[test]
fn s2_2_empty_draw_pile_reshuffles_the_discard_pile() {
    let mut s = edit(&fresh(2), |p| {
        let mut all = std::mem::take(&mut p.draw_pile);
        p.discard_pile.append(&mut all);
    });
    let events = act(&mut s, 0, Action::Draw);
    assert!(matches!(events[0], Event::Reshuffled { .. }));
    assert_eq!(s.discard_pile_len(), 0);
    let before = fresh(2);
    let a = s.clone();
    // Determinism: the same state and action give the same reshuffle.
    let mut again = edit(&before, |p| {
        let mut all = std::mem::take(&mut p.draw_pile);
        p.discard_pile.append(&mut all);
    });
    act(&mut again, 0, Action::Draw);
    assert_eq!(a, again);
}

#[test]
fn r_exhausted_supply_ends_discover_and_triggers_the_final_round() {
    // Every card is a coin or in a display: nothing can be drawn.
    let mut s = edit(&fresh(2), |p| {
        let mut rest = std::mem::take(&mut p.draw_pile);
        p.seats[1].coins.append(&mut rest);
    });
    let events = act(&mut s, 0, Action::Draw);
    assert!(events.contains(&Event::FinalRoundBegan {
        seats: vec![],
        supply_exhausted: true
    }));
    // Seat 0 had nothing to decide in phase 2, nor seat 1; seat 1 now plays the last turn.
    assert_eq!(s.turn().active, 1);
    act(&mut s, 1, Action::Draw);
    assert!(s.status().finished);
}

// §2.5 Tax increase.

#[test]
fn s2_5_tax_halves_twelve_or_more_coins_rounded_down() {
    let tax = taxes(Tax::MostSwords)[0];
    let mut s = edit(&fresh(4), |p| {
        stack_draw_pile(p, &[tax]);
        set_coins(p, 0, 11);
        set_coins(p, 1, 12);
        set_coins(p, 2, 13);
        set_coins(p, 3, 15);
    });
    let events = act(&mut s, 0, Action::Draw);
    let lost = events.iter().find_map(|e| match e {
        Event::TaxResolved { coins_lost, .. } => Some(coins_lost.clone()),
        _ => None,
    });
    assert_eq!(lost, Some(vec![0, 6, 6, 7]));
    // Nobody has swords: all are tied at zero and each gains the bonus coin.
    assert_eq!(
        (0..4).map(|x| s.coins(x)).collect::<Vec<_>>(),
        vec![12, 7, 8, 9]
    );
    assert_eq!(s.harbor(), &[] as &[u8], "the tax card is discarded");
}

#[test]
fn s2_5_tax_bonus_goes_to_all_tied_for_most_swords() {
    let tax = taxes(Tax::MostSwords)[0];
    let sailors = persons_costing(Sailor, 3);
    let mut s = edit(&fresh(3), |p| {
        give(p, 1, &sailors[0..1]);
        give(p, 2, &sailors[1..2]);
        stack_draw_pile(p, &[tax]);
    });
    let events = act(&mut s, 0, Action::Draw);
    assert_eq!(
        coins_gained(&events, CoinReason::TaxBonus),
        vec![(1, 1), (2, 1)]
    );
}

#[test]
fn s2_5_tax_bonus_goes_to_all_tied_for_fewest_victory_points() {
    let tax = taxes(Tax::FewestVictoryPoints)[0];
    let mut s = edit(&fresh(3), |p| {
        give(p, 0, &[persons(Settler)[0]]);
        stack_draw_pile(p, &[tax]);
    });
    let events = act(&mut s, 0, Action::Draw);
    assert_eq!(
        coins_gained(&events, CoinReason::TaxBonus),
        vec![(1, 1), (2, 1)]
    );
}

// §2.3 Trade & Hire.

#[test]
fn s2_3_active_player_takes_one_two_or_three_cards_by_ship_colours() {
    let y = ships(Yellow, 1, Some(1))[0];
    let b = ships(Blue, 1, Some(1))[0];
    let g = ships(Green, 1, Some(1))[0];
    let r = ships(Red, 1, Some(1))[0];
    let k = ships(Black, 1, Some(2))[0];
    for (harbor_cards, takes) in [
        (vec![y, b, g], 1u32),
        (vec![y, b, g, r], 2),
        (vec![y, b, g, r, k], 3),
    ] {
        let mut s = discovering(3, &harbor_cards, 1);
        let events = act(&mut s, 0, Action::Stop);
        assert!(
            events.contains(&Event::ChanceBegan { seat: 0, takes }),
            "{} colours → {takes} cards",
            harbor_cards.len()
        );
    }
}

#[test]
fn s2_3_governors_add_a_card_and_a_new_governor_works_at_once() {
    let governors = persons(Governor);
    let y = ships(Yellow, 1, Some(1))[0];
    let b = ships(Blue, 1, Some(1))[0];
    let settler = persons(Settler)[0];
    let mut s = edit(&discovering(3, &[governors[1], y, b, settler], 1), |p| {
        give(p, 0, &governors[..1]);
        set_coins(p, 0, 10);
        set_coins(p, 1, 5);
    });
    let events = act(&mut s, 0, Action::Stop);
    assert!(events.contains(&Event::ChanceBegan { seat: 0, takes: 2 }));
    act(&mut s, 0, Action::take(governors[1]));
    // One taken of 2, plus the new Governor: 2 left.
    assert!(matches!(
        s.turn().phase,
        Phase::Trade {
            taker: 0,
            taken: 1,
            ..
        }
    ));
    act(&mut s, 0, Action::take(y));
    act(&mut s, 0, Action::take(b));
    assert!(matches!(s.turn().phase, Phase::Trade { taker: 1, .. }));
}

#[test]
fn s2_3_trading_a_ship_pays_its_coins_plus_one_per_trader_of_its_colour() {
    let traders = persons(Trader(Red));
    let ship = ships(Red, 2, Some(3))[0];
    let mut s = edit(&discovering(3, &[ship], 1), |p| give(p, 0, &traders));
    act(&mut s, 0, Action::Stop);
    let events = act(&mut s, 0, Action::take(ship));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::CardTaken {
            seat: 0,
            coins_gained: 4,
            fee_paid: 0,
            ..
        }
    )));
    assert_eq!(s.coins(0), 3 + 4);
}

#[test]
fn s2_3_hiring_costs_the_printed_price_less_one_per_mademoiselle() {
    let mademoiselles = persons(Mademoiselle);
    let settler = persons(Settler)[0];
    let mut s = edit(&discovering(3, &[settler], 1), |p| {
        give(p, 0, &mademoiselles[..1]);
    });
    act(&mut s, 0, Action::Stop);
    let events = act(&mut s, 0, Action::take(settler));
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::CardTaken { coins_paid: 3, .. })));
    assert_eq!(s.coins(0), 0);

    // Never below 0: four Mademoiselles hire a 3-coin Sailor for nothing.
    let sailor = persons_costing(Sailor, 3)[0];
    let mut s = edit(&discovering(3, &[sailor], 1), |p| {
        give(p, 0, &mademoiselles);
        set_coins(p, 0, 0);
    });
    act(&mut s, 0, Action::Stop);
    let events = act(&mut s, 0, Action::take(sailor));
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::CardTaken { coins_paid: 0, .. })));
}

#[test]
fn s2_3_a_player_who_cannot_pay_cannot_hire() {
    let jack = persons(JackOfAllTrades)[0];
    let ship = ships(Yellow, 1, Some(1))[0];
    let mut s = discovering(3, &[jack, ship], 1);
    act(&mut s, 0, Action::Stop);
    assert_eq!(refused(&s, 0, Action::take(jack)), "INSUFFICIENT_COINS");
    let v = s.check(0, &Action::take(jack)).unwrap_err();
    assert_eq!(
        v.details,
        [("needed", "6".to_owned()), ("held", "3".to_owned())]
    );
    // Declining coins or naming a gift is for ships only.
    for take in [
        Action::Take {
            card: jack,
            decline_coins: true,
            gift_to: None,
        },
        Action::Take {
            card: jack,
            decline_coins: false,
            gift_to: Some(1),
        },
    ] {
        assert_eq!(refused(&s, 0, take), "DECLINE_NOT_ALLOWED");
    }
    let legal: Vec<Action> = s
        .legal_actions(Some(0))
        .into_iter()
        .map(|(_, a)| a)
        .collect();
    assert!(!legal.contains(&Action::take(jack)));
    assert!(legal.contains(&Action::take(ship)));
}

#[test]
fn s2_3_other_players_take_one_card_each_clockwise_paying_one_coin() {
    let a = persons(Settler)[0];
    let b = persons(Captain)[0];
    let c = persons(Priest)[0];
    let mut s = edit(&discovering(3, &[a, b, c], 1), |p| {
        set_coins(p, 0, 4);
        set_coins(p, 1, 5);
        set_coins(p, 2, 5);
    });
    act(&mut s, 0, Action::Stop);
    act(&mut s, 0, Action::take(a));
    assert!(matches!(
        s.turn().phase,
        Phase::Trade {
            taker: 1,
            base_takes: 1,
            ..
        }
    ));
    assert_eq!(refused(&s, 2, Action::take(b)), "NOT_YOUR_TURN");
    let events = act(&mut s, 1, Action::take(b));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::CardTaken {
            seat: 1,
            coins_paid: 4,
            fee_paid: 1,
            ..
        }
    )));
    assert_eq!(s.coins(1), 0);
    assert_eq!(s.coins(0), 1, "the fee went to the active player");
    act(&mut s, 2, Action::take(c));
    assert_eq!(s.coins(0), 2);
    assert_eq!(s.turn().active, 1, "everyone had a chance: the turn ended");
}

#[test]
fn s2_3_the_fee_may_come_from_the_ship_just_traded() {
    let ship = ships(Yellow, 2, Some(1))[0];
    let other = persons(Settler)[0];
    let mut s = edit(&discovering(2, &[other, ship], 1), |p| {
        set_coins(p, 0, 4);
        set_coins(p, 1, 0);
    });
    act(&mut s, 0, Action::Stop);
    act(&mut s, 0, Action::take(other));
    let events = act(&mut s, 1, Action::take(ship));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::CardTaken {
            seat: 1,
            coins_gained: 2,
            fee_paid: 1,
            ..
        }
    )));
    assert_eq!(s.coins(1), 1);
}

#[test]
fn r_mademoiselles_do_not_reduce_the_fee() {
    let mademoiselles = persons(Mademoiselle);
    let sailor = persons_costing(Sailor, 3)[0];
    let y = ships(Yellow, 1, Some(1))[0];
    let mut s = edit(&discovering(2, &[y, sailor], 1), |p| {
        give(p, 1, &mademoiselles);
        set_coins(p, 1, 0);
    });
    act(&mut s, 0, Action::Stop);
    act(&mut s, 0, Action::take(y));
    // Seat 1 owes nothing for the Sailor but still the 1-coin fee, which it cannot pay: its
    // chance has no choice and ends by itself.
    assert_eq!(s.turn().active, 1);
    let mut s = edit(&discovering(2, &[y, sailor], 1), |p| {
        give(p, 1, &mademoiselles);
        set_coins(p, 1, 1);
    });
    act(&mut s, 0, Action::Stop);
    act(&mut s, 0, Action::take(y));
    let events = act(&mut s, 1, Action::take(sailor));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::CardTaken {
            seat: 1,
            coins_paid: 0,
            fee_paid: 1,
            ..
        }
    )));
}

#[test]
fn r_the_active_player_may_take_no_card() {
    let a = persons(Settler)[0];
    let mut s = edit(&discovering(2, &[a], 1), |p| {
        set_coins(p, 0, 4);
        set_coins(p, 1, 0);
    });
    act(&mut s, 0, Action::Stop);
    let events = act(&mut s, 0, Action::Pass);
    assert!(events.contains(&Event::Passed { seat: 0 }));
    assert!(
        events.contains(&Event::TurnEnded {
            seat: 0,
            discarded: 1
        }),
        "leftovers discarded"
    );
}

#[test]
fn r_a_chance_with_nothing_to_decide_ends_by_itself() {
    // Seat 1 holds no coins and only a person is left: its only option would be to pass.
    let a = persons(Settler)[0];
    let b = persons(Captain)[0];
    let mut s = edit(&discovering(3, &[a, b], 1), |p| {
        set_coins(p, 0, 4);
        set_coins(p, 1, 0);
        set_coins(p, 2, 5);
    });
    act(&mut s, 0, Action::Stop);
    let events = act(&mut s, 0, Action::take(a));
    assert!(events.contains(&Event::ChanceBegan { seat: 2, takes: 1 }));
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::ChanceBegan { seat: 1, .. })));
}

// §2.4 Abilities at "your time to take cards".

#[test]
fn s2_4_admirals_pay_two_coins_each_with_five_or_more_harbor_cards() {
    let admirals = persons(Admiral);
    let five = [
        persons(Settler)[0],
        persons(Captain)[0],
        persons(Priest)[0],
        persons(Settler)[1],
        persons(Captain)[1],
    ];
    let mut s = edit(&discovering(3, &five, 1), |p| {
        give(p, 0, &admirals[..2]);
        give(p, 1, &admirals[2..3]);
        set_coins(p, 1, 6);
    });
    let events = act(&mut s, 0, Action::Stop);
    assert_eq!(coins_gained(&events, CoinReason::Admiral), vec![(0, 4)]);
    let events = act(&mut s, 0, Action::take(five[0]));
    // Seat 1's chance begins with 4 cards left: no Admiral coins.
    assert_eq!(coins_gained(&events, CoinReason::Admiral), vec![]);

    let mut s = edit(&discovering(3, &five[..4], 1), |p| {
        give(p, 0, &admirals[..1])
    });
    let events = act(&mut s, 0, Action::Stop);
    assert_eq!(coins_gained(&events, CoinReason::Admiral), vec![]);

    // Two coins per Admiral: one Admiral, two coins; three, six.
    for n in [1, 3] {
        let mut s = edit(&discovering(3, &five, 1), |p| give(p, 0, &admirals[..n]));
        let events = act(&mut s, 0, Action::Stop);
        assert_eq!(
            coins_gained(&events, CoinReason::Admiral),
            vec![(0, 2 * n as u32)]
        );
    }
}

#[test]
fn s2_4_jesters_pay_other_players_whose_chance_finds_the_harbor_empty() {
    let jesters = persons(Jester);
    let a = persons(Settler)[0];
    let mut s = edit(&discovering(3, &[a], 1), |p| {
        give(p, 0, &jesters[..1]);
        give(p, 1, &jesters[1..3]);
        give(p, 2, &jesters[3..4]);
        set_coins(p, 0, 4);
    });
    act(&mut s, 0, Action::Stop);
    let events = act(&mut s, 0, Action::take(a));
    assert_eq!(
        coins_gained(&events, CoinReason::Jester),
        vec![(1, 2), (2, 1)],
        "not the active player"
    );
}

/// §2.4: the Jester pays a *non-active* player whose chance finds the harbor empty; the active
/// player's own chance beginning with an empty harbor pays it nothing.
#[test]
fn s2_4_the_active_player_gets_no_jester_coin_for_an_empty_harbor() {
    let jesters = persons(Jester);
    let exp = expedition([2, 0, 0]);
    let mut s = edit(&fresh(2), |p| {
        give(p, 0, &jesters[..2]);
        give(p, 1, &jesters[2..3]);
        stack_draw_pile(p, &[exp]);
    });
    act(&mut s, 0, Action::Draw); // an expedition: the harbor stays empty
    let events = act(&mut s, 0, Action::Stop);
    assert_eq!(
        coins_gained(&events, CoinReason::Jester),
        vec![(1, 1)],
        "seat 1's chance pays its Jester; seat 0's own chance pays nothing"
    );
}

/// §2.3: Governors give a non-active player one more card per Governor, too.
#[test]
fn s2_3_a_non_active_players_governor_adds_a_card_to_its_chance() {
    let governors = persons(Governor);
    let [a, b] = [persons(Settler)[0], persons(Settler)[1]];
    let mut s = edit(&discovering(2, &[a, b], 2), |p| {
        give(p, 1, &governors[..1]);
        set_coins(p, 1, 12);
    });
    act(&mut s, 0, Action::Stop); // seat 0 has no coins: its chance ends by itself (R7)
    act(&mut s, 1, Action::take(a));
    assert!(
        matches!(s.turn().phase, Phase::Trade { taker: 1, .. }),
        "one more card for the Governor"
    );
    act(&mut s, 1, Action::take(b));
    assert_eq!(s.turn().active, 1, "both taken: the turn is over");
}

/// R10 (a traded ship is discarded before its coins are drawn): with the draw and discard piles
/// empty, a non-active player with no coins can still trade a ship and pay the fee — the ship's
/// own card is the coin it draws.
#[test]
fn r10_the_traded_ship_is_the_coin_when_the_supply_is_empty() {
    let y = ships(Yellow, 1, Some(1))[0];
    let mut s = edit(&discovering(2, &[y], 1), |p| {
        set_coins(p, 1, 0);
        let rest: Vec<u32> = p
            .draw_pile
            .drain(..)
            .chain(p.discard_pile.drain(..))
            .collect();
        p.seats[0].coins.extend(rest);
    });
    act(&mut s, 0, Action::Stop);
    act(&mut s, 0, Action::Pass);
    assert_eq!(s.coins(1), 0);
    let held_by_active = s.coins(0);
    act(&mut s, 1, Action::take(y));
    assert_eq!(
        s.coins(1),
        0,
        "gained the ship as a coin, paid it as the fee"
    );
    assert_eq!(s.coins(0), held_by_active + 1);
}

/// §2.3 with R9: a non-active taker with no coins trades a ship while the draw pile is nearly
/// empty; its coins come from the draw pile and then the reshuffled discard pile, and the fee is
/// paid from them.
#[test]
fn s2_3_trading_draws_coins_through_a_reshuffle() {
    let y = ships(Yellow, 2, Some(1))[0];
    let mut s = edit(&discovering(2, &[y], 1), |p| {
        set_coins(p, 0, 0);
        set_coins(p, 1, 0);
        let keep = p.draw_pile.len() - 1;
        let rest: Vec<u32> = p.draw_pile.drain(..keep).collect();
        p.discard_pile.extend(rest);
    });
    assert_eq!(s.draw_pile_len(), 1);
    assert!(s.discard_pile_len() > 1);
    act(&mut s, 0, Action::Stop);
    act(&mut s, 0, Action::Pass);
    act(&mut s, 1, Action::take(y));
    assert_eq!(
        (s.coins(1), s.coins(0)),
        (1, 1),
        "2 coins gained, 1 paid as the fee"
    );
}

/// §2.6 with R7: an expedition claimed in one's own phase 2 that leaves nothing more to decide
/// ends the chance by itself.
#[test]
fn s2_6_a_claim_that_leaves_nothing_to_decide_ends_the_chance() {
    let exp = expedition([2, 0, 0]);
    let captains = persons(Captain);
    let mut s = edit(&fresh(2), |p| {
        give(p, 0, &captains[..2]);
        p.expedition_row.push(exp);
        helpers::take_out(p, exp);
        p.expedition_row.push(exp);
        stack_draw_pile(p, &[taxes(Tax::MostSwords)[0]]);
    });
    act(&mut s, 0, Action::Draw); // a tax: the harbor stays empty
    act(&mut s, 0, Action::Stop);
    assert!(
        matches!(s.turn().phase, Phase::Trade { taker: 0, .. }),
        "the claim keeps the chance open"
    );
    act(
        &mut s,
        0,
        Action::ClaimExpedition {
            expedition: exp,
            persons: captains[..2].to_vec(),
        },
    );
    assert_eq!(
        s.turn().active,
        1,
        "nothing left to decide: the turn moved on"
    );
}

/// §2.6: a claim in phase 1 leaves the active player in phase 1 (it still draws or stops), even
/// with nothing else it could do.
#[test]
fn s2_6_a_claim_in_phase_one_keeps_the_discover_phase() {
    let exp = expedition([2, 0, 0]);
    let captains = persons(Captain);
    let mut s = edit(&fresh(2), |p| {
        give(p, 0, &captains[..2]);
        helpers::take_out(p, exp);
        p.expedition_row.push(exp);
    });
    act(
        &mut s,
        0,
        Action::ClaimExpedition {
            expedition: exp,
            persons: captains[..2].to_vec(),
        },
    );
    assert_eq!(s.turn().phase, Phase::Discover);
    assert_eq!(s.status().to_act, vec![0]);
}

// §2.6 Expeditions.

#[test]
fn s2_6_claiming_an_expedition_discards_one_person_per_symbol() {
    let exp = expedition([2, 0, 1]);
    let captains = persons(Captain);
    let settler = persons(Settler)[0];
    let mut s = edit(&fresh(3), |p| {
        give(p, 0, &[captains[0], captains[1], settler]);
        helpers::take_out(p, exp);
        p.expedition_row.push(exp);
    });
    let claim = Action::ClaimExpedition {
        expedition: exp,
        persons: vec![captains[0], captains[1], settler],
    };
    assert!(s.legal_actions(Some(0)).iter().any(|(_, a)| *a == claim));
    let events = act(&mut s, 0, claim);
    assert_eq!(coins_gained(&events, CoinReason::Expedition), vec![(0, 3)]);
    assert_eq!(s.victory_points(0), 6);
    assert_eq!(s.seats()[0].display, vec![exp as u8]);
    assert!(s.expedition_row().is_empty());
}

#[test]
fn s2_6_a_jack_of_all_trades_stands_for_any_one_symbol() {
    let exp = expedition([0, 2, 0]);
    let jacks = persons(JackOfAllTrades);
    let priest = persons(Priest)[0];
    let mut s = edit(&fresh(3), |p| {
        give(p, 0, &[priest, jacks[0], jacks[1]]);
        helpers::take_out(p, exp);
        p.expedition_row.push(exp);
    });
    let claims: Vec<Action> = s
        .legal_actions(Some(0))
        .into_iter()
        .map(|(_, a)| a)
        .filter(|a| matches!(a, Action::ClaimExpedition { .. }))
        .collect();
    // Priest + Jack, or two Jacks.
    assert_eq!(claims.len(), 2);
    act(
        &mut s,
        0,
        Action::ClaimExpedition {
            expedition: exp,
            persons: vec![jacks[1], jacks[0]],
        },
    );
    assert_eq!(s.victory_points(0), 1 + 4);
}

#[test]
fn s2_6_expedition_claims_are_checked() {
    let exp = expedition([0, 0, 2]);
    let settlers = persons(Settler);
    let captain = persons(Captain)[0];
    let s = edit(&fresh(3), |p| {
        give(p, 0, &[settlers[0], captain]);
        give(p, 1, &[settlers[1]]);
        helpers::take_out(p, exp);
        p.expedition_row.push(exp);
    });
    let claim = |persons: Vec<u32>| Action::ClaimExpedition {
        expedition: exp,
        persons,
    };
    assert_eq!(
        refused(&s, 0, claim(vec![settlers[0], captain])),
        "EXPEDITION_REQUIREMENT_UNMET"
    );
    assert_eq!(
        refused(&s, 0, claim(vec![settlers[0], settlers[1]])),
        "CARD_NOT_OWNED"
    );
    assert_eq!(
        refused(&s, 0, claim(vec![settlers[0], settlers[0]])),
        "EXPEDITION_REQUIREMENT_UNMET"
    );
    assert_eq!(
        refused(&s, 0, claim(vec![settlers[0]])),
        "EXPEDITION_REQUIREMENT_UNMET"
    );
    assert_eq!(
        refused(
            &s,
            0,
            Action::ClaimExpedition {
                expedition: expedition([2, 0, 0]),
                persons: vec![]
            }
        ),
        "EXPEDITION_NOT_AVAILABLE"
    );
}

#[test]
fn r_only_the_active_player_claims_expeditions() {
    let exp = expedition([0, 0, 2]);
    let settlers = persons(Settler);
    let a = persons(Captain)[0];
    let mut s = edit(&discovering(2, &[a], 1), |p| {
        give(p, 1, &settlers[..2]);
        helpers::take_out(p, exp);
        p.expedition_row.push(exp);
        set_coins(p, 0, 4);
        set_coins(p, 1, 6);
    });
    act(&mut s, 0, Action::Stop);
    act(&mut s, 0, Action::Pass);
    assert_eq!(s.to_act(), Some(1));
    let claim = Action::ClaimExpedition {
        expedition: exp,
        persons: settlers[..2].to_vec(),
    };
    assert_eq!(refused(&s, 1, claim.clone()), "ACTIVE_PLAYER_ONLY");
    assert!(!s.legal_actions(Some(1)).iter().any(|(_, a)| *a == claim));
}

// §2.7 End of game.

fn with_vp(players: u32, seat: usize, vp12: bool) -> State {
    // Three 9-cost persons worth 3 VP each plus a 4-VP expedition: 13 VP; or 9 VP without it.
    let big = [
        persons_costing(Pirate, 9)[0],
        persons_costing(Jester, 9)[0],
        persons_costing(Admiral, 9)[0],
    ];
    edit(&fresh(players), |p| {
        give(p, seat, &big);
        if vp12 {
            give(p, seat, &[persons_costing(Mademoiselle, 9)[0]]);
        }
    })
}

#[test]
fn s2_7_twelve_vp_finishes_the_round_then_the_game_ends() {
    let s = with_vp(3, 1, true);
    assert_eq!(s.victory_points(1), 12);
    // Seat 1 busts out of its turn; seat 2 then plays the round's last turn (start seat 0).
    let y1 = ships(Yellow, 3, Some(4))[0];
    let y2 = ships(Yellow, 3, Some(4))[1];
    let settler = persons(Settler)[0];
    let coin = persons(Settler)[1];
    let mut s = edit(&s, |p| {
        set_active(p, 1);
        // The bust pays seat 1's Jester one coin from the top: `coin`.
        stack_draw_pile(p, &[y1, y2, coin, settler]);
    });
    act(&mut s, 1, Action::Draw);
    let events = act(&mut s, 1, Action::Draw);
    assert!(events.contains(&Event::FinalRoundBegan {
        seats: vec![1],
        supply_exhausted: false
    }));
    assert_eq!(s.turn().active, 2);
    assert!(!s.status().finished);
    act(&mut s, 2, Action::Draw);
    // Seats 2 and 0 cannot pay for the Settler, so their chances end by themselves; seat 1
    // (with a Mademoiselle) could, and passes: the round, and the game, are over.
    act(&mut s, 2, Action::Stop);
    assert_eq!(s.to_act(), Some(1));
    let events = act(&mut s, 1, Action::Pass);
    assert!(events.contains(&Event::GameFinished));
    assert!(s.status().finished);
    assert!(s.status().to_act.is_empty());
    let result = s.status().result;
    assert!(result[1].winner && result[1].rank == 1);
    assert!(!result[0].winner && !result[2].winner);
}

#[test]
fn s2_7_ties_on_vp_break_on_coins_then_share_the_win() {
    let mut s = edit(&fresh(3), |p| {
        turn(p).set_phase(Tag::Finished);
        turn(p).final_round = true;
        set_coins(p, 0, 5);
        set_coins(p, 1, 5);
        set_coins(p, 2, 4);
    });
    let r = s.status().result;
    assert_eq!(
        r.iter().map(|x| (x.rank, x.winner)).collect::<Vec<_>>(),
        vec![(1, true), (1, true), (3, false)]
    );
    s = edit(&s, |p| give(p, 2, &[persons(Settler)[0]]));
    let r = s.status().result;
    assert_eq!(r.iter().map(|x| x.rank).collect::<Vec<_>>(), vec![2, 2, 1]);
}

#[test]
fn r_expedition_variant_needs_an_expedition_to_trigger_the_end() {
    let options = Options {
        expedition_variant: true,
        ..Options::default()
    };
    let s = port_royal::new_game(2, 0, 3, options).unwrap();
    let big = [
        persons_costing(Pirate, 9)[0],
        persons_costing(Jester, 9)[0],
        persons_costing(Admiral, 9)[0],
        persons_costing(Mademoiselle, 9)[0],
    ];
    let y1 = ships(Yellow, 3, Some(4))[0];
    let y2 = ships(Yellow, 3, Some(4))[1];
    let mut s = edit(&s, |p| {
        give(p, 0, &big);
        stack_draw_pile(p, &[y1, y2]);
    });
    act(&mut s, 0, Action::Draw);
    let events = act(&mut s, 0, Action::Draw);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::FinalRoundBegan { .. })));
    let exp = expedition([2, 0, 0]);
    let mut s = edit(&s, |p| {
        set_active(p, 0);
        give(p, 0, &[exp]);
        stack_draw_pile(p, &[y1, y2]);
    });
    act(&mut s, 0, Action::Draw);
    let events = act(&mut s, 0, Action::Draw);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::FinalRoundBegan { .. })));
}

/// A finished 3-player expedition-variant game: seat 0 has 13 VP and no expedition, seat 1 has
/// 12 VP with one, seat 2 has 10 VP and no expedition.
fn finished_expedition_variant(rules: Rules, seat_1_expedition: bool) -> State {
    let options = Options {
        expedition_variant: true,
        ..Options::default()
    };
    let s = port_royal::new_game_under(rules, 3, 0, 3, options).unwrap();
    let admirals_9 = persons_costing(Admiral, 9);
    let admirals_7 = persons_costing(Admiral, 7);
    let ladies_9 = persons_costing(Mademoiselle, 9);
    let jesters_7 = persons_costing(Jester, 7);
    let seat_0 = [
        persons_costing(Pirate, 9)[0],
        persons_costing(Jester, 9)[0],
        admirals_9[0],
        ladies_9[0],
        persons(Settler)[0],
    ];
    let seat_1_persons = [admirals_9[1], ladies_9[1], jesters_7[0]];
    let seat_2 = [
        admirals_7[0],
        admirals_7[1],
        jesters_7[1],
        persons_costing(Mademoiselle, 7)[0],
        persons_costing(Pirate, 7)[0],
    ];
    edit(&s, |p| {
        give(p, 0, &seat_0);
        give(p, 1, &seat_1_persons);
        if seat_1_expedition {
            give(p, 1, &[expedition([2, 0, 0])]);
        } else {
            give(
                p,
                1,
                &[persons(Captain)[0], persons(Priest)[0], persons(Settler)[1]],
            );
            give(p, 1, &[persons(Captain)[1]]);
        }
        give(p, 2, &seat_2);
        set_coins(p, 2, 9);
        turn(p).set_phase(Tag::Finished);
        turn(p).final_round = true;
    })
}

/// R17 (English rulebook, page 3; port-royal/2): in the expedition variant only players with an
/// expedition can win; the others rank after them, among themselves by VP and then coins.
#[test]
fn r17_only_players_with_an_expedition_can_win_the_expedition_variant() {
    let s = finished_expedition_variant(Rules::V2, true);
    let vp: Vec<u32> = (0..3).map(|seat| s.victory_points(seat)).collect();
    assert_eq!(vp, [13, 12, 10]);
    let result = s.status().result;
    let ranks: Vec<(u32, bool)> = result.iter().map(|r| (r.rank, r.winner)).collect();
    assert_eq!(ranks, [(2, false), (1, true), (3, false)]);
}

/// R17: when nobody has an expedition (the end came from an exhausted supply, R6), nobody wins;
/// the ranking is by VP, then coins.
#[test]
fn r17_nobody_wins_the_expedition_variant_without_an_expedition() {
    let s = finished_expedition_variant(Rules::V2, false);
    assert_eq!(s.expeditions_owned(1), 0);
    let result = s.status().result;
    assert!(result.iter().all(|r| !r.winner));
    let ranks: Vec<u32> = result.iter().map(|r| r.rank).collect();
    assert_eq!(ranks, [1, 2, 3]);
}

/// R17 as port-royal/1 played it: the variant changed only the trigger, and the most VP won. A
/// game begun under port-royal/1 is scored that way to its end.
#[test]
fn r17_port_royal_1_ranks_the_expedition_variant_by_vp_alone() {
    let s = finished_expedition_variant(Rules::V1, true);
    let result = s.status().result;
    let ranks: Vec<(u32, bool)> = result.iter().map(|r| (r.rank, r.winner)).collect();
    assert_eq!(ranks, [(1, true), (2, false), (3, false)]);
}

/// `Status.phase` names what is being decided; a cooperative outcome exists only once finished.
#[test]
fn status_names_the_phase_and_the_outcome_only_at_the_end() {
    let tax = taxes(Tax::MostSwords)[0];
    let mut s = edit(&fresh(2), |p| {
        set_coins(p, 1, 12);
        stack_draw_pile(p, &[tax]);
    });
    assert_eq!(s.status().phase, "discover");
    act(&mut s, 0, Action::Draw);
    assert_eq!(
        s.status().phase,
        "discover",
        "no offer without the expansion"
    );
    let coop = Options {
        contracts: true,
        mode: port_royal::Mode::Cooperative,
        ..Options::default()
    };
    let c = port_royal::new_game(2, 0, 3, coop).unwrap();
    let status = c.status();
    assert_eq!((status.phase, status.cooperative), ("discover", None));
    assert!(!status.finished && status.result.is_empty());
}

// States no game can reach (docs/rules.md, "States no game can reach"): each test starts from a
// valid state and breaks exactly one turn-state invariant.

/// §1: every card is in exactly one zone; a card in two is named where it repeats, with the
/// place it was first seen.
#[test]
fn unreachable_a_card_in_two_zones() {
    let s = discovering(3, &[persons(Settler)[0]], 1);
    let top = *s.to_parts().draw_pile.last().unwrap();
    let mut parts = s.to_parts();
    parts.harbor.push(top);
    turn(&mut parts).cards_drawn = 2;
    let errors = State::from_parts(&parts, s.config().rules, &())
        .unwrap_err()
        .errors;
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].field, "harbor[1]");
    let last = parts.draw_pile.len() - 1;
    assert_eq!(
        errors[0].description,
        format!("card {top} is also at draw_pile[{last}]")
    );
}

#[test]
fn unreachable_harbor_cards_not_drawn_this_turn() {
    let s = discovering(3, &[persons(Settler)[0]], 1);
    assert_eq!(
        refused_fields(&s, |p| turn(p).cards_drawn = 0),
        ["turn.cards_drawn"]
    );
}

#[test]
fn unreachable_a_pending_ship_not_counted_as_drawn() {
    let sailors = persons(Sailor);
    let y = ships(Yellow, 1, Some(1))[0];
    let s = edit(&fresh(2), |p| {
        give(p, 0, &sailors[..1]);
        stack_draw_pile(p, &[y]);
    });
    let mut s = s;
    act(&mut s, 0, Action::Draw);
    assert!(matches!(s.turn().phase, Phase::Repel { .. }));
    assert_eq!(
        refused_fields(&s, |p| turn(p).cards_drawn = 0),
        ["turn.cards_drawn"]
    );
    assert_eq!(
        s.all_cards().count(),
        119,
        "the pending ship is counted in its own zone"
    );
    // The pending ship is a zone of one card, named without an index.
    assert_eq!(
        refused_fields(&s, |p| {
            let ship = turn(p).pending_ship.unwrap();
            p.harbor.push(ship);
            turn(p).cards_drawn = 2;
        }),
        ["turn.pending_ship"]
    );
}

/// §1.1: exactly the cards in play, each somewhere: none missing, none from the expansion in a
/// base game, no 5-player expedition below 5 players.
#[test]
fn unreachable_a_card_missing_or_not_in_play() {
    let s = fresh(3);
    let gone = *s.to_parts().draw_pile.first().unwrap();
    assert_eq!(
        refused_fields(&s, |p| {
            p.draw_pile.remove(0);
        }),
        [""],
        "card {gone} is in no zone: the state as a whole is named"
    );
    let expansion_card = 130;
    let top = s.to_parts().draw_pile.len();
    assert_eq!(
        refused_fields(&s, |p| p.draw_pile.push(expansion_card)),
        [format!("draw_pile[{top}]")]
    );
    let five = port_royal::cards::FIVE_PLAYER_EXPEDITION;
    assert_eq!(
        refused_fields(&s, |p| p.expedition_row.push(u32::from(five))),
        ["expedition_row[0]"]
    );
}

/// The player count fits the variant; the RNG position is one ChaCha8 can be at.
#[test]
fn unreachable_player_count_and_rng_position() {
    let s = fresh(3);
    assert_eq!(refused_fields(&s, |p| p.players = 6), ["players"]);
    assert_eq!(refused_fields(&s, |p| p.players = 1), ["players"]);
    let max = referee::core::rng::MAX_WORD_POS;
    assert_eq!(
        refused_fields(&s, |p| stored_rng(p).word_pos = max + 1),
        ["rng.word_pos"]
    );
    let at_max = edit(&s, |p| stored_rng(p).word_pos = max);
    assert_eq!(at_max.to_parts().rng.unwrap().word_pos, max);
}

#[test]
fn unreachable_seats_beyond_the_table() {
    let s = fresh(3);
    assert_eq!(refused_fields(&s, |p| p.start_seat = 3), ["start_seat"]);
}

/// R12: the REPEL phase holds the ship just drawn, one the active player can repel; no other
/// phase holds a pending ship.
#[test]
fn unreachable_pending_ship_outside_its_phase_or_unrepellable() {
    let sailors = persons(Sailor);
    let y = ships(Yellow, 1, Some(1))[0];
    let mut s = edit(&fresh(2), |p| {
        give(p, 0, &sailors[..1]);
        stack_draw_pile(p, &[y]);
    });
    act(&mut s, 0, Action::Draw);
    assert_eq!(
        refused_fields(&s, |p| turn(p).set_phase(Tag::Discover)),
        ["turn.pending_ship"]
    );
    assert_eq!(
        refused_fields(&s, |p| {
            let ship = turn(p).pending_ship.take().unwrap();
            p.discard_pile.push(ship);
        }),
        ["turn.pending_ship"]
    );
    assert_eq!(
        refused_fields(&s, |p| {
            let sailor = p.seats[0].display.pop().unwrap();
            p.discard_pile.push(sailor);
        }),
        ["turn.pending_ship"],
        "without the Sailor it cannot be repelled"
    );
}

/// A turn counts from 1 and is in a phase; a bust waits only for an offer.
#[test]
fn unreachable_turn_number_phase_and_bust_without_an_offer() {
    let s = fresh(2);
    assert_eq!(
        refused_fields(&s, |p| turn(p).turn_number = 0),
        ["turn.turn_number"]
    );
    assert_eq!(
        refused_fields(&s, |p| turn(p).set_phase(Tag::Unspecified)),
        ["turn.phase"]
    );
    let drawn_twice = edit(&s, |p| turn(p).cards_drawn = 2);
    assert_eq!(
        refused_fields(&drawn_twice, |p| turn(p).set_phase(Tag::Bust)),
        ["turn.phase"]
    );
}

/// §2.2: a second ship of a colour in the harbor would have busted the turn.
#[test]
fn unreachable_two_ships_of_a_colour_in_the_harbor() {
    let y = ships(Yellow, 1, Some(1));
    let s = discovering(2, &[y[0]], 1);
    assert_eq!(refused_fields(&s, |p| harbor(p, &[y[1]])), ["harbor[1]"]);
}

/// §2.3: the taker's counters. The active player may take 1 to 3 cards by colours, any other
/// taker 1; at most one extra card per Clerk (5); never more taken than allowed.
#[test]
fn unreachable_trade_counters() {
    let trading = |taker: u32| {
        edit(&discovering(2, &[persons(Settler)[0]], 1), |p| {
            turn(p).set_phase(Tag::Trade);
            turn(p).taker = Some(taker);
            turn(p).base_takes = 1;
        })
    };
    let active = trading(0);
    edit(&active, |p| turn(p).base_takes = 3);
    assert_eq!(
        refused_fields(&active, |p| turn(p).base_takes = 4),
        ["turn.base_takes"]
    );
    assert_eq!(
        refused_fields(&trading(1), |p| turn(p).base_takes = 2),
        ["turn.base_takes"],
        "another player takes one card (plus Governors and Clerks)"
    );
    edit(&active, |p| turn(p).bonus_takes = 5);
    assert_eq!(
        refused_fields(&active, |p| turn(p).bonus_takes = 6),
        ["turn.bonus_takes"]
    );
    edit(&active, |p| turn(p).taken = 1);
    assert_eq!(
        refused_fields(&active, |p| turn(p).taken = 2),
        ["turn.taken"]
    );
}

/// Turn order cannot be checked without a turn number; at u32's largest turn number (where the
/// counter saturates) it is no longer checked.
#[test]
fn turn_order_is_checked_only_where_it_is_defined() {
    let s = fresh(3);
    assert_eq!(
        refused_fields(&s, |p| {
            turn(p).turn_number = 0;
            turn(p).active_seat = 1;
        }),
        ["turn.turn_number"]
    );
    // (u32::MAX - 1) % 3 = 2, so seat 0 would be out of order at any smaller turn number.
    let far = edit(&s, |p| {
        turn(p).turn_number = u32::MAX;
        turn(p).active_seat = 0;
    });
    assert_eq!(far.turn().number, u32::MAX);
}

#[test]
fn unreachable_trade_before_any_draw() {
    let s = edit(&fresh(2), |p| {
        turn(p).set_phase(Tag::Trade);
        turn(p).cards_drawn = 1;
        turn(p).taker = Some(0);
        turn(p).base_takes = 1;
    });
    assert_eq!(
        refused_fields(&s, |p| turn(p).cards_drawn = 0),
        ["turn.cards_drawn"]
    );
}

#[test]
fn unreachable_taker_missing_in_trade_or_set_outside_it() {
    let s = edit(&fresh(2), |p| {
        turn(p).set_phase(Tag::Trade);
        turn(p).cards_drawn = 1;
        turn(p).taker = Some(0);
        turn(p).base_takes = 1;
    });
    assert_eq!(refused_fields(&s, |p| turn(p).taker = None), ["turn.taker"]);
    assert_eq!(
        refused_fields(&fresh(2), |p| turn(p).taker = Some(0)),
        ["turn.taker"]
    );
}

#[test]
fn unreachable_active_seat_out_of_turn_order() {
    let s = fresh(3);
    assert_eq!(
        refused_fields(&s, |p| turn(p).active_seat = 1),
        ["turn.active_seat"]
    );
    assert_eq!(
        refused_fields(&s, |p| turn(p).turn_number = 2),
        ["turn.active_seat"]
    );
}

#[test]
fn unreachable_competitive_game_finished_without_its_final_round_or_with_a_harbor() {
    let s = edit(&fresh(2), |p| {
        turn(p).set_phase(Tag::Finished);
        turn(p).final_round = true;
    });
    assert_eq!(
        refused_fields(&s, |p| turn(p).final_round = false),
        ["turn.final_round"]
    );
    assert_eq!(
        refused_fields(&s, |p| harbor(p, &[persons(Settler)[0]])),
        ["harbor"]
    );
}

// Envelope checks and consistency.

#[test]
fn r_actions_out_of_turn_or_phase_are_refused_with_stable_codes() {
    let s = fresh(3);
    assert_eq!(refused(&s, 1, Action::Draw), "NOT_YOUR_TURN");
    assert_eq!(refused(&s, 7, Action::Draw), "NO_SUCH_SEAT");
    assert_eq!(refused(&s, 0, Action::take(0)), "WRONG_PHASE");
    assert_eq!(refused(&s, 0, Action::Repel), "WRONG_PHASE");
    let done = edit(&s, |p| {
        turn(p).set_phase(Tag::Finished);
        turn(p).final_round = true;
    });
    assert_eq!(refused(&done, 0, Action::Draw), "GAME_FINISHED");
    assert!(done.legal_actions(None).is_empty());
    assert_eq!(
        referee::games::check_envelope(4, Some(3), 0)
            .unwrap_err()
            .code,
        "STALE_SEQUENCE"
    );
    assert_eq!(referee::games::check_envelope(4, Some(4), 0), Ok(0));
}

#[test]
fn r_a_refused_action_changes_nothing() {
    let s = fresh(3);
    let mut t = s.clone();
    let mut events = Vec::new();
    assert!(t.apply_in_place(0, &Action::Stop, &mut events).is_err());
    assert_eq!(s, t);
    assert!(events.is_empty());
}

#[test]
fn r_coins_are_paid_most_recently_gained_first() {
    let settler = persons(Settler)[0];
    let mut s2 = edit(&discovering(2, &[settler], 1), |p| set_coins(p, 0, 5));
    let coins = s2.seats()[0].coins.clone();
    act(&mut s2, 0, Action::Stop);
    act(&mut s2, 0, Action::take(settler));
    assert_eq!(s2.seats()[0].coins, coins[..1].to_vec());
}

// Default actions (docs/rules.md, "Default actions").

/// Discover: draw one card, then stop; a ship that could be repelled is let in.
#[test]
fn default_draws_one_card_then_stops_and_lets_a_ship_in() {
    let sailor = persons_costing(Sailor, 3)[0];
    let ship = ships(Yellow, 1, Some(1))[0];
    let mut s = edit(&fresh(3), |p| {
        give(p, 0, &[sailor]);
        stack_draw_pile(p, &[ship]);
    });
    assert_eq!(s.default_for(0), Some(Action::Draw));
    assert_eq!(s.default_for(1), None);
    act(&mut s, 0, Action::Draw);
    assert_eq!(s.turn().phase, Phase::Repel { ship: ship as u8 });
    assert_eq!(s.default_for(0), Some(Action::Admit));
    act(&mut s, 0, Action::Admit);
    assert_eq!(s.default_for(0), Some(Action::Stop));
}

/// Phase 2: the active player takes the first ship in the harbour; with none, hires the
/// affordable person worth the most victory points (the first of them); with nothing it can
/// take, passes. Every other seat passes (taking would cost it a coin).
#[test]
fn default_the_active_player_takes_a_ship_else_the_best_person_others_pass() {
    use referee::games::port_royal::cards::Card;
    let worth = |vp: u8| {
        helpers::ids::all(
            |c| matches!(c, Card::Person { vp: v, cost, .. } if *v == vp && *cost <= 8),
        )[0]
    };
    let (settler, admiral) = (worth(1), worth(3));
    let ship = ships(Blue, 2, Some(2))[0];
    let trade = |cards: &[u32], coins: usize| {
        let mut s = edit(&fresh(3), |p| {
            stack_draw_pile(p, cards);
            set_coins(p, 0, coins);
            set_coins(p, 1, 10);
        });
        for _ in cards {
            act(&mut s, 0, Action::Draw);
        }
        act(&mut s, 0, Action::Stop);
        s
    };
    let s = trade(&[settler, ship, admiral], 10);
    assert_eq!(s.default_for(0), Some(Action::take(ship)));
    let mut s = trade(&[settler, admiral], 10);
    assert_eq!(s.default_for(0), Some(Action::take(admiral)));
    act(&mut s, 0, Action::take(admiral));
    assert!(matches!(s.turn().phase, Phase::Trade { taker: 1, .. }));
    assert_eq!(s.default_for(1), Some(Action::Pass));
    // An active player that can take nothing is not asked; the next seat passes.
    let s = trade(&[settler, admiral], 0);
    assert_eq!(s.to_act(), Some(1));
    assert_eq!(s.default_for(1), Some(Action::Pass));
}

/// One vocabulary: `Status.phase` is `offer` while an offer is open, else the state's
/// `PortRoyalPhase` in lower case without its prefix (as Village's is its decision kind's).
#[test]
fn the_phase_is_the_turn_phases_name() {
    let options = Options {
        contracts: true,
        ..Options::default()
    };
    let mut seen = std::collections::BTreeSet::new();
    let (end, _) = helpers::play_random(4, 3, options, 5_000, |s, _, _| {
        let phase = s.status().phase;
        let turn = referee::service::wire::state_message(s).turn.unwrap();
        let name = referee::pb::v1::PortRoyalPhase::try_from(turn.phase)
            .unwrap()
            .as_str_name();
        let word = name
            .strip_prefix("PORT_ROYAL_PHASE_")
            .unwrap()
            .to_lowercase();
        let offered = !s.offers().is_empty();
        assert_eq!(phase, if offered { "offer" } else { word.as_str() });
        seen.insert(phase);
    });
    assert_eq!(end.status().phase, "finished");
    assert!(
        seen.contains("discover") && seen.contains("trade"),
        "{seen:?}"
    );
}

/// Readable moves: actions and events are described from the cards' faces.
#[test]
fn descriptions_name_the_seat_and_the_cards() {
    let ship = ships(Yellow, 1, Some(1))[0];
    let mut s = edit(&fresh(3), |p| stack_draw_pile(p, &[ship]));
    assert_eq!(s.describe_action(0, &Action::Draw), "Seat 0 draws a card");
    let events = act(&mut s, 0, Action::Draw);
    let said: Vec<String> = events.iter().map(|e| s.describe_event(e)).collect();
    assert_eq!(said[0], "Seat 0 draws a yellow ship (1 coin, 1 sword)");
    assert_eq!(
        s.describe_action(0, &Action::take(ship)),
        "Seat 0 takes a yellow ship (1 coin, 1 sword)"
    );
}

/// Readable moves: every event that counts seats, coins, cards or persons agrees in number with
/// one and with several (an audit read "seat 1 gain a coin").
#[test]
fn event_sentences_agree_in_number() {
    let s = fresh(4);
    let tax = taxes(Tax::MostSwords)[0] as u8;
    let say = |e: Event| s.describe_event(&e);
    let taxed = |lost: Vec<u32>, bonus: Vec<u8>| Event::TaxResolved {
        card: tax,
        coins_lost: lost,
        bonus_seats: bonus,
    };
    assert_eq!(
        say(taxed(vec![1], vec![1])),
        "A tax increase (most swords): 1 coin discarded; seat 1 gains a coin"
    );
    assert_eq!(
        say(taxed(vec![3, 2], vec![1, 2])),
        "A tax increase (most swords): 5 coins discarded; seats 1 and 2 each gain a coin"
    );
    assert_eq!(
        say(taxed(vec![], vec![])),
        "A tax increase (most swords): 0 coins discarded; nobody gains a coin"
    );
    assert_eq!(
        say(Event::Reshuffled { cards: 1 }),
        "The discard pile's 1 card is shuffled into a new draw pile"
    );
    assert_eq!(
        say(Event::Reshuffled { cards: 12 }),
        "The discard pile's 12 cards are shuffled into a new draw pile"
    );
    let claimed = |persons: Vec<u32>| Event::ExpeditionClaimed {
        seat: 0,
        expedition: expedition([2, 0, 0]) as u8,
        persons: persons.into_iter().map(|p| p as u8).collect(),
    };
    let one = persons(Settler)[0];
    assert!(say(claimed(vec![one])).ends_with(", discarding 1 person"));
    assert!(say(claimed(vec![one, persons(Captain)[0]])).ends_with(", discarding 2 persons"));
    for (n, word) in [(1, "1 coin"), (3, "3 coins")] {
        let e = Event::CoinsGained {
            seat: 2,
            coins: n,
            reason: CoinReason::Jester,
        };
        assert_eq!(say(e), format!("Seat 2 gains {word} (Jester)"));
    }
    for (n, word) in [(1, "1 harbor card"), (2, "2 harbor cards")] {
        let e = Event::TurnEnded {
            seat: 3,
            discarded: n,
        };
        assert_eq!(say(e), format!("Seat 3's turn ends; {word} discarded"));
    }
    let final_round = |seats: Vec<u8>| Event::FinalRoundBegan {
        seats,
        supply_exhausted: false,
    };
    assert_eq!(
        say(final_round(vec![1])),
        "The final round begins: seat 1 reached the end"
    );
    assert_eq!(
        say(final_round(vec![0, 3])),
        "The final round begins: seats 0 and 3 reached the end"
    );
}

/// R19 (a turn with no end of its own): a seat with swords enough may draw and repel ships for
/// as long as it likes, the discard pile reshuffled into the draw pile again and again; the
/// rulebook sets no limit, and the referee sets none. Over such a turn every listed action
/// applies, nothing else does, every card stays in the game, and the state does not grow.
#[test]
fn r19_a_turn_of_draws_and_repels_keeps_every_answer_and_the_states_size() {
    use helpers::ids::all;
    use prost::Message;
    use referee::games::port_royal::cards::Card;
    let fresh = fresh(4);
    let in_play = fresh.to_parts().draw_pile;
    let skulls = all(|c| matches!(c, Card::Ship { swords: None, .. }));
    let skulls: Vec<u32> = skulls.into_iter().filter(|c| in_play.contains(c)).collect();
    let swords = [persons(Pirate), persons(Sailor)].concat();
    let start = edit(&fresh, |p| {
        give(p, 0, &swords);
        // The ships no swords repel are kept out of the piles as other seats' coins (at most 11
        // each, so no tax takes them back to the discard pile).
        for (i, &c) in skulls.iter().enumerate() {
            helpers::take_out(p, c);
            p.seats[1 + i % 3].coins.push(c);
        }
    });
    let encoded = |s: &State| referee::service::wire::game_state(0, s).encoded_len();
    let first_size = encoded(&start);
    let mut s = start.clone();
    let (mut draws, mut reshuffles, mut largest) = (0, 0, first_size);
    while draws < 1_500 {
        let listed = s.legal_actions(Some(0));
        let pick = [Action::Repel, Action::Draw]
            .into_iter()
            .find(|a| listed.iter().any(|(_, l)| l == a));
        let Some(action) = pick else { break };
        assert!(
            s.check(
                0,
                &Action::ClaimExpedition {
                    expedition: 999,
                    persons: vec![]
                }
            )
            .is_err(),
            "an unlisted action is refused"
        );
        let events = act(&mut s, 0, action.clone());
        draws += u32::from(action == Action::Draw);
        reshuffles += events
            .iter()
            .filter(|e| matches!(e, Event::Reshuffled { .. }))
            .count();
        // Every card is still somewhere: the state rebuilds from its parts.
        let parts = s.to_parts();
        State::from_parts(&parts, s.config().rules, &()).expect("a consistent state");
        largest = largest.max(encoded(&s));
        assert_eq!(s.status().to_act, [0], "still seat 0's turn");
    }
    assert_eq!(draws, 1_500, "the turn went on");
    assert!(reshuffles >= 10, "{reshuffles} reshuffles");
    // 144 cards at most, each in one list: the state can only grow by a few bytes of counters.
    assert!(
        largest <= first_size + 64,
        "{first_size} -> {largest} bytes"
    );
}
