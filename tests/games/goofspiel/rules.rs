//! Goofspiel's rules, one named scenario each (docs/rules.md, "Goofspiel", G-R1 to G-R7).

use referee::core::Seat;
use referee::games::goofspiel::{new_game, Action, Event, Options, Rules, State};
use referee::games::{Definition, Play, Sentences, StateMessage, Views};
use referee::pb::v1;

/// A 3-player game, ties discarded.
fn fresh(players: u32) -> State {
    new_game(players, 7, Options::default()).unwrap()
}

/// The state with its message edited (and checked again).
fn edit(state: &State, f: impl FnOnce(&mut v1::GoofspielState)) -> State {
    let mut p = state.to_parts();
    f(&mut p);
    State::from_parts(&p, Rules::V1, &()).expect("an edited state that is still consistent")
}

/// The errors' fields of the state with its message edited.
fn refused_fields(state: &State, f: impl FnOnce(&mut v1::GoofspielState)) -> Vec<String> {
    let mut p = state.to_parts();
    f(&mut p);
    let err = State::from_parts(&p, Rules::V1, &()).expect_err("refused");
    err.errors.into_iter().map(|e| e.field).collect()
}

fn bid(card: u32) -> Action {
    Action::Bid { card }
}

/// Applies a bid that must be accepted; its events.
fn play(s: &mut State, seat: Seat, card: u32) -> Vec<Event> {
    let mut events = Vec::new();
    s.apply_in_place(seat, &bid(card), &mut events)
        .unwrap_or_else(|v| panic!("seat {seat} bids {card}: {v}"));
    events
}

/// Stacks the prize pile so that `prizes` are turned next, in order (the first is put up now).
fn prizes_next(p: &mut v1::GoofspielState, prizes: &[u32]) {
    let mut all: Vec<u32> = p
        .prize_pile
        .drain(..)
        .chain(p.prizes_up.drain(..))
        .collect();
    all.retain(|c| !prizes.contains(c));
    all.extend(prizes.iter().rev());
    let up = all.pop().expect("a prize");
    p.prizes_up = vec![up];
    p.prize_pile = all;
}

/// G-R1: every seat holds a whole suit, the prize suit is shuffled face down, and one prize is
/// up; the seed decides the order.
#[test]
fn g_r1_setup_deals_a_suit_to_each_seat_and_turns_a_prize() {
    let s = fresh(4);
    assert_eq!(s.seats().len(), 4);
    for h in s.seats() {
        assert_eq!(h.cards, (1..=13).collect::<Vec<u8>>());
        assert_eq!(h.bid, None);
    }
    assert_eq!(s.prizes_up().len(), 1);
    assert_eq!(s.prize_pile().len(), 12);
    assert_ne!(
        fresh(4).prize_pile(),
        new_game(4, 8, Options::default()).unwrap().prize_pile()
    );
    for players in [0, 1, 6] {
        let err = new_game(players, 1, Options::default()).unwrap_err();
        assert_eq!(err.errors[0].field, "players");
    }
    let err = State::new_game(&(), Rules::V1, 3, 3, 1, Options::default()).unwrap_err();
    assert_eq!(err.errors[0].field, "start_seat");
}

/// G-R2: every seat yet to bid is to act at once; bids are taken in any order; a bid is final.
#[test]
fn g_r2_every_seat_bids_at_once_in_any_order() {
    let mut s = fresh(3);
    assert_eq!(s.status().to_act, [0, 1, 2]);
    assert_eq!(play(&mut s, 2, 5), [Event::BidPlaced { seat: 2 }]);
    assert_eq!(s.status().to_act, [0, 1]);
    play(&mut s, 0, 9);
    assert_eq!(s.status().to_act, [1]);
    let again = s.check(2, &bid(6)).unwrap_err();
    assert_eq!(again.code, "ALREADY_BID");
    assert!(s.legal_actions(Some(2)).is_empty());
    assert_eq!(s.legal_actions(None).len(), 13);
}

/// G-R3: a bid is a card of the seat's own hand, not played before.
#[test]
fn g_r3_a_bid_is_a_card_in_hand() {
    let mut s = fresh(2);
    play(&mut s, 0, 4);
    play(&mut s, 1, 3);
    for card in [4, 14, 300] {
        let refused = s.check(0, &bid(card)).unwrap_err();
        assert_eq!(refused.code, "CARD_NOT_IN_HAND");
        assert_eq!(refused.details, [("card", card.to_string())]);
        assert!(
            refused.message.contains(&card.to_string()),
            "{}",
            refused.message
        );
    }
    assert_eq!(s.check(2, &bid(1)).unwrap_err().code, "NO_SUCH_SEAT");
}

/// G-R4: once the last bid is in, all are revealed and the single highest bid takes the prize;
/// the next prize is turned.
#[test]
fn g_r4_the_single_highest_bid_takes_the_prize() {
    let mut s = edit(&fresh(3), |p| prizes_next(p, &[12, 5]));
    play(&mut s, 0, 4);
    play(&mut s, 1, 11);
    let events = play(&mut s, 2, 7);
    assert_eq!(
        events,
        [
            Event::BidPlaced { seat: 2 },
            Event::BidsRevealed {
                bids: vec![4, 11, 7],
                winner: Some(1),
                prizes: vec![12],
                rolled_over: false,
            },
            Event::PrizeTurned { card: 5 },
        ]
    );
    assert_eq!(s.seats()[1].won, [12]);
    assert_eq!(s.seats()[0].played, [4]);
    assert_eq!(s.prizes_up(), [5]);
    assert_eq!(s.status().to_act, [0, 1, 2]);
}

/// G-R5: equal highest bids take nothing: the prize is discarded, even when a lower bid is
/// single (the usual rule).
#[test]
fn g_r5_equal_highest_bids_discard_the_prize() {
    let mut s = edit(&fresh(3), |p| prizes_next(p, &[10, 2]));
    play(&mut s, 0, 9);
    play(&mut s, 1, 9);
    let events = play(&mut s, 2, 3);
    assert!(events.contains(&Event::BidsRevealed {
        bids: vec![9, 9, 3],
        winner: None,
        prizes: vec![10],
        rolled_over: false,
    }));
    assert_eq!(s.prizes_discarded(), [10]);
    assert!(s.seats().iter().all(|h| h.won.is_empty()));
}

/// G-R6: with `roll_over_ties`, a tie leaves the prizes up beside the next one, and the next
/// round's winner takes them all; a tie in the last round discards them.
#[test]
fn g_r6_ties_roll_over_when_the_options_say_so() {
    let options = Options {
        roll_over_ties: true,
    };
    let base = new_game(2, 3, options).unwrap();
    let mut s = edit(&base, |p| prizes_next(p, &[8, 6]));
    play(&mut s, 0, 13);
    play(&mut s, 1, 13);
    assert_eq!(s.prizes_up(), [8, 6]);
    assert!(s.prizes_discarded().is_empty());
    play(&mut s, 0, 1);
    let events = play(&mut s, 1, 2);
    assert!(events.contains(&Event::BidsRevealed {
        bids: vec![1, 2],
        winner: Some(1),
        prizes: vec![8, 6],
        rolled_over: false,
    }));
    assert_eq!(s.seats()[1].won, [8, 6]);
    // The last round: both bid their last card, equal.
    let mut last = edit(&base, |p| {
        let up = p.prizes_up.clone();
        for s in &mut p.seats {
            s.played = (1..=12).collect();
            s.hand = vec![13];
        }
        let mut prizes: Vec<u32> = p.prize_pile.drain(..).collect();
        prizes.extend(up);
        p.prizes_up = vec![prizes.pop().unwrap()];
        p.seats[0].won = prizes;
    });
    play(&mut last, 0, 13);
    let events = play(&mut last, 1, 13);
    assert!(matches!(
        events.last(),
        Some(Event::BidsRevealed {
            winner: None,
            rolled_over: false,
            ..
        })
    ));
    assert_eq!(last.prizes_discarded().len(), 1);
    assert!(last.status().finished);
}

/// G-R7: after 13 rounds the most prize points win; equal points share the rank and the win.
#[test]
fn g_r7_the_most_prize_points_win_and_ties_share() {
    let mut s = fresh(2);
    for card in 1..=13 {
        play(&mut s, 0, card);
        play(&mut s, 1, card);
    }
    let status = s.status();
    assert!(status.finished);
    assert!(status.to_act.is_empty());
    // Every round tied: nobody scored, both share first place.
    assert!(status
        .result
        .iter()
        .all(|r| r.rank == 1 && r.winner && r.score == 0));
    assert_eq!(s.prizes_discarded().len(), 13);
    assert_eq!(s.check(0, &bid(1)).unwrap_err().code, "GAME_FINISHED");
    let mut t = fresh(2);
    for card in 1..=13 {
        play(&mut t, 0, card);
        play(&mut t, 1, 14 - card);
    }
    let result = t.status().result;
    let total: u32 = result.iter().map(|r| r.score).sum();
    assert_eq!(
        total,
        91 - t
            .prizes_discarded()
            .iter()
            .map(|&c| u32::from(c))
            .sum::<u32>()
    );
    let best = result.iter().map(|r| r.score).max().unwrap();
    for r in &result {
        assert_eq!(r.winner, r.score == best);
        assert_eq!(r.breakdown.iter().map(|b| b.points).sum::<u32>(), r.score);
    }
}

/// Default actions: an absent seat bids its lowest card.
#[test]
fn an_absent_seat_bids_its_lowest_card() {
    let mut s = fresh(3);
    play(&mut s, 1, 1);
    assert_eq!(s.default_for(0), Some(bid(1)));
    assert_eq!(s.default_for(1), None);
    assert_eq!(s.default_for(2), Some(bid(1)));
}

/// Views: a seat sees its own hand and bid; of others only whether they have bid; nobody sees
/// the prize pile's order.
#[test]
fn views_hide_every_bid_until_the_reveal() {
    let mut s = fresh(3);
    play(&mut s, 0, 8);
    let own = s.view(Some(0));
    assert_eq!(own.seats[0].bid, Some(8));
    assert_eq!(own.seats[0].hand.len(), 12);
    let other = s.view(Some(1));
    assert_eq!(other.seats[0].bid, None);
    assert!(other.seats[0].has_bid && other.seats[0].hand.is_empty());
    assert!(!other.seats[2].has_bid);
    assert_eq!(s.view(None).prize_pile_count, 12);
    // The bid's event and its sentence name no card.
    let mut t = fresh(3);
    let events = play(&mut t, 0, 8);
    assert_eq!(t.describe_event(&events[0]), "Seat 0 bids, face down");
}

/// A state no game can reach is refused, naming the field: a card both bid and in hand, a bid by every seat,
/// rounds out of step, two prizes up when ties are discarded.
#[test]
fn states_no_game_reaches_are_refused_by_field() {
    let s = fresh(3);
    assert_eq!(
        refused_fields(&s, |p| p.seats[1].bid = Some(5)),
        ["seats[1]"]
    );
    assert_eq!(
        refused_fields(&s, |p| for seat in &mut p.seats {
            seat.bid = seat.hand.pop();
        }),
        ["seats"]
    );
    assert_eq!(
        refused_fields(&s, |p| {
            let c = p.seats[0].hand.remove(0);
            p.seats[0].played.push(c);
        }),
        ["seats[0].played"]
    );
    assert_eq!(
        refused_fields(&s, |p| {
            let c = p.prize_pile.pop().unwrap();
            p.prizes_up.push(c);
        }),
        ["prize_pile", "prizes_up"]
    );
    assert_eq!(refused_fields(&s, |p| p.players = 6), ["players"]);
    assert_eq!(
        refused_fields(&s, |p| p.seats[2].hand.reverse()),
        ["seats[2].hand"]
    );
    assert_eq!(
        refused_fields(&s, |p| p.prize_pile = vec![1; 20]),
        ["prize_pile"]
    );
}
