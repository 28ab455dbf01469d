//! Village setup (village.md §1, the compensation [R] §10.4) and the seeding of a round (§2), on
//! the provisional component set and on a deliberately different one.

use std::sync::Arc;

use referee::core::GameRng;
use referee::games::village::components::Components;
use referee::games::village::pieces::{Colour, Cubes, Pool, Space};
use referee::games::village::state::{Board, Place, Supply};
use referee::games::village::{new_game, Decision, Options, State};

use crate::common::village::sets;

fn game(set: &Arc<Components>, players: u32, start: u32, compensation: bool) -> State {
    let options = Options {
        no_starting_compensation: !compensation,
        ..Options::default()
    };
    new_game(Arc::clone(set), players, start, 11, options).expect("valid setup")
}

fn cubes_on_spaces(s: &State) -> u32 {
    s.board().spaces.iter().map(Pool::total).sum()
}

#[test]
fn s1_each_family_starts_with_its_first_generation_on_the_farmyard_and_one_coin() {
    for set in sets() {
        for players in 2..=5 {
            let s = game(&set, players, 0, false);
            let first = set.family.generations[0] as usize;
            let all: u32 = set.family.generations.iter().sum();
            for seat in s.seats() {
                assert_eq!(seat.members.len(), all as usize);
                assert_eq!(seat.count(Place::Farmyard), first);
                assert_eq!(seat.count(Place::Reserve), all as usize - first);
                assert!(seat
                    .members
                    .iter()
                    .all(|m| (m.place == Place::Farmyard) == (m.generation == 1)));
                assert_eq!((seat.life, seat.prestige), (1, 0));
                assert_eq!(seat.coins, set.supply.starting_coins);
                assert!(seat.customers.is_empty() && seat.markers.is_empty());
            }
        }
    }
}

#[test]
fn s1_the_market_is_filled_by_player_count() {
    for set in sets() {
        for players in 2..=5u8 {
            let s = game(&set, u32::from(players), 0, false);
            let m = s.market();
            let open = set.market.stalls.iter().filter(|l| l.open(players)).count();
            assert_eq!(m.stalls.iter().flatten().count(), open, "{players}p");
            for (label, stall) in set.market.stalls.iter().zip(&m.stalls) {
                assert_eq!(stall.is_some(), label.open(players));
            }
            assert!(m.waiting.iter().all(Option::is_some));
            assert_eq!(m.waiting.len(), set.market.waiting_line.len());
            assert_eq!(m.pile.len() + open + m.waiting.len(), set.customers.len());
        }
    }
}

#[test]
fn s1_supply_monks_and_the_next_starting_player_marker() {
    for set in sets() {
        let s = game(&set, 3, 1, false);
        assert_eq!(s.monks(), set.supply.monks);
        assert_eq!(s.marker(), None, "the marker lies in the council chamber");
        assert_eq!((s.starting_player(), s.round()), (1, 1));
        let census = s.census();
        assert_eq!(census.cubes, [set.supply.cubes_per_colour; 4]);
        assert_eq!(census.plague, set.supply.plague_cubes);
        assert_eq!(census.grain, set.supply.grain);
        assert_eq!(census.goods, [set.supply.goods_per_kind; 5]);
        assert_eq!(
            census.customers,
            (0..set.customers.len() as u8).collect::<Vec<_>>()
        );
    }
}

#[test]
fn r10_4_compensation_goes_by_position_from_the_starting_player() {
    let [set, _] = sets();
    // Five players, seat 2 starts: seat 3 is second, 4 third, 0 fourth, 1 fifth.
    let s = game(&set, 5, 2, true);
    let seats = s.seats();
    assert_eq!(seats[3].grain, 1, "2nd: 1 grain");
    assert_eq!(seats[4].cubes.total(), 1, "3rd: 1 random cube");
    assert_eq!(
        seats[1].coins,
        set.supply.starting_coins + 1,
        "5th: 1 more coin"
    );
    assert_eq!(seats[2].cubes.total() + seats[2].grain, 0, "1st: nothing");
    assert_eq!(s.decision(), Some(Decision::CompensationCube { seat: 0 }));
    // The first seeding waits for the 4th seat's choice.
    assert_eq!(cubes_on_spaces(&s), 0);
    assert_eq!(s.board().bag.total(), 0);
    // The random cube is drawn from the seed: some seed gives each colour.
    let colours: std::collections::BTreeSet<usize> = (0..40)
        .map(|seed| {
            let s = new_game(Arc::clone(&set), 3, 0, seed, Options::default()).unwrap();
            Colour::ALL
                .iter()
                .position(|&c| s.seats()[2].cubes.of(c) == 1)
                .unwrap()
        })
        .collect();
    assert_eq!(colours.len(), 4);
}

#[test]
fn without_a_fourth_seat_or_compensation_the_first_round_is_seeded_at_once() {
    for set in sets() {
        for (players, compensation) in [(2, true), (3, true), (4, false), (5, false)] {
            let s = game(&set, players, 1, compensation);
            assert_eq!(s.decision(), Some(Decision::Turn { seat: 1 }));
            let card = set.setup_card(players as u8, false).unwrap();
            assert_eq!(card.players, players as u8);
            for (space, (_, n)) in Space::ALL.iter().zip(card.spaces.all()) {
                assert_eq!(s.board().space(*space).total(), n, "{players}p {space:?}");
            }
        }
    }
}

#[test]
fn s2_seeding_fills_the_bag_from_the_supply_and_leaves_the_rest_in_it() {
    for set in sets() {
        let s = game(&set, 4, 0, false);
        let card = set.setup_card(4, false).unwrap();
        let seeded: u32 = card.spaces.all().iter().map(|&(_, n)| n).sum();
        let bagged = card.bag_per_colour.cubes();
        let into_bag = bagged.total() + set.supply.plague_cubes;
        assert_eq!(cubes_on_spaces(&s), seeded);
        assert_eq!(s.board().bag.total(), into_bag - seeded);
        assert_eq!(
            s.board().supply.plague,
            0,
            "every plague cube goes into the bag"
        );
        for colour in Colour::ALL {
            assert_eq!(
                s.board().supply.cubes.of(colour),
                set.supply.cubes_per_colour - bagged.of(colour)
            );
        }
        assert_eq!(
            s.census(),
            game(&set, 4, 0, true).census(),
            "nothing made or lost"
        );
    }
}

#[test]
fn s2_a_short_supply_adds_what_there_is_and_an_empty_bag_seeds_fewer_cubes() {
    let [set, _] = sets();
    let card = set.setup_card(2, false).unwrap();
    let mut board = Board {
        supply: Supply {
            cubes: Cubes([1, 0, 2, 0]),
            plague: 1,
            ..Supply::default()
        },
        ..Board::default()
    };
    board.seed(card, &mut GameRng::from_u64(3));
    // Four cubes in the bag, all drawn onto the spaces in order; the later spaces stay empty.
    assert_eq!(board.bag.total(), 0);
    let on: Vec<u32> = Space::ALL
        .iter()
        .map(|&sp| board.space(sp).total())
        .collect();
    assert_eq!(on.iter().sum::<u32>(), 4);
    assert_eq!(on[0], card.spaces.harvest.min(4));
    assert_eq!(board.supply.cubes.total() + board.supply.plague, 0);
}

#[test]
fn setup_is_deterministic_in_the_seed() {
    let [set, _] = sets();
    let a = new_game(Arc::clone(&set), 4, 0, 5, Options::default()).unwrap();
    let b = new_game(Arc::clone(&set), 4, 0, 5, Options::default()).unwrap();
    assert_eq!(a, b);
    let c = new_game(Arc::clone(&set), 4, 0, 6, Options::default()).unwrap();
    assert_ne!(a.market(), c.market());
}

#[test]
fn player_counts_and_start_seats_outside_the_game_are_refused() {
    let [set, _] = sets();
    for players in [0, 1, 6] {
        let err = new_game(Arc::clone(&set), players, 0, 1, Options::default()).unwrap_err();
        assert_eq!(err.errors[0].field, "players");
    }
    let err = new_game(Arc::clone(&set), 3, 3, 1, Options::default()).unwrap_err();
    assert_eq!(err.errors[0].field, "start_seat");
}
