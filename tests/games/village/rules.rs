//! Village's turn flow, one scenario per rule and ruling (village.md §2-§6 and the [R] rulings;
//! docs/rules.md V-R15 onwards), on both component sets. Scenario states are made by editing a
//! real game's wire message (`common::village::edit`), so each is one the referee accepts.

use referee::games::village::components::{Components, Piece};
use referee::games::village::pieces::{Colour, Good, Space};
use referee::games::village::state::church::ChurchPayment;
use referee::games::village::state::council::{CouncilPayment, Privilege};
use referee::games::village::state::family::{Building, Place, Section};
use referee::games::village::state::payment::CubePayment;
use referee::games::village::{Action, Cube, Decision, Event, Rules, State};
use referee::games::Sentences;
use referee::pb::v1;

use crate::common::village::{
    act, board, cube, decisions, edit, end_triggered, game, give, give_cubes, give_demand,
    goods_mut, journey_order, market, one, pick, refused, refused_fields, scenario, sets, stall_of,
    supply, travelled_to, turn, under,
};
use referee::core::GameRng;
use referee::games::village::state::sea::Cargo;
use referee::games::{Play, StateMessage};
use std::sync::Arc;

fn green(n: u32) -> CubePayment {
    let mut p = CubePayment {
        cubes: Default::default(),
        coins: Default::default(),
    };
    p.cubes.add(Colour::Green, n);
    p
}

const GREEN: Cube = Cube::Influence(Colour::Green);

/// §2 Turn: a turn takes one cube from a space (an influence cube to the farmyard) and then
/// offers that space's action or none.
#[test]
fn s2_a_turn_takes_a_cube_then_offers_its_spaces_action() {
    for set in sets() {
        let mut s = scenario(
            &set,
            &[(Space::Harvest, GREEN), (Space::Family, GREEN)],
            |_| {},
        );
        let take = Action::TakeCube {
            space: Space::Harvest,
            cube: GREEN,
        };
        let listed: Vec<Action> = s
            .legal_actions(Some(0))
            .into_iter()
            .map(|(_, a)| a)
            .collect();
        assert!(listed.contains(&take));
        assert!(
            !listed.iter().any(|a| matches!(a, Action::UseWell { .. })),
            "no three cubes alike"
        );
        act(&mut s, 0, take);
        assert_eq!(s.seats()[0].cubes.of(Colour::Green), 1);
        assert_eq!(
            s.decision(),
            Some(Decision::Act {
                seat: 0,
                space: Space::Harvest
            })
        );
        let open: Vec<Action> = s.legal_actions(None).into_iter().map(|(_, a)| a).collect();
        assert_eq!(open, [Action::Harvest, Action::Pass]);
        act(&mut s, 0, Action::Harvest);
        assert_eq!(s.seats()[0].grain, 2);
        assert_eq!(s.decision(), Some(Decision::Turn { seat: 1 }), "clockwise");
    }
}

/// §2 Turn: a plague cube goes back to the supply and costs its taker 2 time.
#[test]
fn s2_a_plague_cube_costs_two_time() {
    for set in sets() {
        let mut s = scenario(
            &set,
            &[(Space::Family, Cube::Plague), (Space::Harvest, GREEN)],
            |_| {},
        );
        let supply = s.board().supply.plague;
        act(
            &mut s,
            0,
            Action::TakeCube {
                space: Space::Family,
                cube: Cube::Plague,
            },
        );
        assert_eq!(s.seats()[0].life, 3);
        assert_eq!(s.board().supply.plague, supply + 1);
        assert_eq!(
            s.decision(),
            Some(Decision::Act {
                seat: 0,
                space: Space::Family
            })
        );
    }
}

/// §2 Well [R]: three influence cubes of one colour, never coins, for any action, even one
/// whose space is empty; only while a cube is on the board. Under `village/1` every space is
/// offered after the well.
#[test]
fn s2_the_well_takes_three_cubes_of_one_colour_and_never_coins() {
    for set in sets() {
        let s = scenario(&set, &[(Space::Harvest, GREEN)], |p| {
            give_cubes(p, 0, Colour::Pink, 2);
            p.seats[0].coins = 5;
        });
        let mut s = under(&s, Rules::V1);
        let well = Action::UseWell {
            colour: Colour::Pink,
        };
        assert_eq!(
            refused(&s, 0, well),
            "CANNOT_PAY",
            "coins do not stand in at the well"
        );
        s = edit(&s, |p| give_cubes(p, 0, Colour::Pink, 1));
        let supply = s.board().supply.cubes.of(Colour::Pink);
        act(&mut s, 0, well);
        assert_eq!(s.seats()[0].cubes.of(Colour::Pink), 0);
        assert_eq!(s.board().supply.cubes.of(Colour::Pink), supply + 3);
        let open: Vec<Action> = s.legal_actions(None).into_iter().map(|(_, a)| a).collect();
        assert_eq!(open, Space::ALL.map(|space| Action::ChooseAction { space }));
        act(
            &mut s,
            0,
            Action::ChooseAction {
                space: Space::Family,
            },
        );
        act(&mut s, 0, Action::NewMember);
        assert_eq!(
            s.seats()[0].count(Place::Farmyard),
            set.family.generations[0] as usize + 1
        );
        assert_eq!(
            s.board().space(Space::Harvest).total(),
            1,
            "the board is untouched"
        );
    }
}

/// V-R36 (village/2): after the well only actions the seat can perform are offered — "If you do
/// not have any family members on your farmyard, then you cannot perform this action!"
/// (harvest); a market day can always be held. The harvest is refused with its cause.
#[test]
fn v_r36_after_the_well_only_what_the_seat_can_perform() {
    for set in sets() {
        let mut s = scenario(&set, &[(Space::Harvest, GREEN)], |p| {
            give_cubes(p, 0, Colour::Pink, 3);
            let buildings = Building::ALL.into_iter();
            let on_farmyard = p.seats[0]
                .members
                .iter_mut()
                .filter(|m| **m == Place::Farmyard.code());
            for (m, building) in on_farmyard.zip(buildings) {
                *m = Place::Building(building).code();
            }
        });
        assert_eq!(s.seats()[0].count(Place::Farmyard), 0);
        act(
            &mut s,
            0,
            Action::UseWell {
                colour: Colour::Pink,
            },
        );
        let open: Vec<Action> = s.legal_actions(None).into_iter().map(|(_, a)| a).collect();
        let harvest = Action::ChooseAction {
            space: Space::Harvest,
        };
        assert!(!open.contains(&harvest), "{open:?}");
        assert!(open.contains(&Action::ChooseAction {
            space: Space::Market
        }));
        let v = s.check(0, &harvest).unwrap_err();
        assert_eq!(v.code, "NOT_OPEN");
        assert!(v.message.contains("cannot harvest"), "{v}");
        assert!(
            v.details.contains(&("space", "harvest".to_owned())),
            "{v:?}"
        );
        // Every space offered is one whose action the seat can take.
        for a in open {
            let mut after = s.clone();
            act(&mut after, 0, a);
            assert_ne!(after.decision(), s.decision(), "{a:?} is answered");
        }
        let v1 = under(&s, Rules::V1);
        assert_eq!(v1.check(0, &harvest), Ok(()), "village/1 offered it");
    }
}

/// A seat with five grain and a customer that wants what it has: the market cube starts a
/// market day at once (compulsory), the trigger's first sale is free, later ones cost a green
/// cube (or coin) and a time; a seat that cannot sell is out; the day ends, the market refills.
#[test]
fn s3_the_market_day() {
    for set in sets() {
        let s = scenario(
            &set,
            &[(Space::Market, GREEN), (Space::Harvest, GREEN)],
            |_| {},
        );
        let stalls: Vec<u8> = s.market().stalls.iter().flatten().copied().collect();
        assert!(stalls.len() >= 2, "two customers on stalls");
        let mut s = edit(&s, |p| {
            for &t in &stalls[..2] {
                give_demand(p, &set, 0, u32::from(t));
            }
            give_cubes(p, 0, Colour::Green, 1);
        });
        act(
            &mut s,
            0,
            Action::TakeCube {
                space: Space::Market,
                cube: GREEN,
            },
        );
        // A state in a market day comes back through the wire unchanged.
        assert_eq!(edit(&s, |_| {}), s);
        let Some(Decision::MarketDay {
            trigger: 0,
            seat: 0,
            free: true,
            ..
        }) = s.decision()
        else {
            panic!("the market day starts at once: {:?}", s.decision());
        };
        let open: Vec<Action> = s.legal_actions(None).into_iter().map(|(_, a)| a).collect();
        assert!(open
            .iter()
            .all(|a| matches!(a, Action::Serve { payment: None, .. } | Action::Pass)));
        let first = stall_of(&s, stalls[0]);
        let events = act(
            &mut s,
            0,
            Action::Serve {
                stall: first,
                payment: None,
            },
        );
        assert!(events.contains(&Event::Served {
            seat: 0,
            customer: stalls[0]
        }));
        // Seats 1 and 2 have nothing to sell: they are out, and seat 0 goes on, now paying.
        let Some(Decision::MarketDay {
            seat: 0,
            free: false,
            passed,
            ..
        }) = s.decision()
        else {
            panic!("{:?}", s.decision());
        };
        assert_eq!(passed, 0b110);
        let second = stall_of(&s, stalls[1]);
        assert_eq!(
            refused(
                &s,
                0,
                Action::Serve {
                    stall: second,
                    payment: None
                }
            ),
            "CANNOT_PAY",
            "only the trigger's first sale is free"
        );
        let life = s.seats()[0].life;
        act(
            &mut s,
            0,
            Action::Serve {
                stall: second,
                payment: Some(green(1)),
            },
        );
        assert_eq!(s.seats()[0].life, life + 1);
        assert_eq!(
            s.seats()[0].cubes.of(Colour::Green),
            1,
            "the green cube of the market cube"
        );
        assert_eq!(s.seats()[0].customers, stalls[..2]);
        // Seat 0 can pay once more (its last green cube) if a customer is left it can serve;
        // either way it may pass, and the day ends with the market refilled.
        if matches!(s.decision(), Some(Decision::MarketDay { .. })) {
            let events = act(&mut s, 0, Action::Pass);
            assert!(events.contains(&Event::MarketDayEnded));
        }
        let filled = s
            .market()
            .stalls
            .iter()
            .zip(&set.market.stalls)
            .filter(|(t, l)| l.open(3) && t.is_some())
            .count();
        let open_stalls = set.market.stalls.iter().filter(|l| l.open(3)).count();
        assert_eq!(
            filled,
            open_stalls.min(filled + s.market().pile.len()),
            "refilled"
        );
        assert_eq!(s.decision(), Some(Decision::Turn { seat: 1 }));
    }
}

/// §5 [R]: a quill passed in a turn kills at the end of the turn; the owner chooses among the
/// places its lowest generation stands in (one candidate dies at once).
#[test]
fn s5_deaths_come_at_the_end_of_the_turn_by_the_owners_choice() {
    for set in sets() {
        let last = set.life_track.spaces;
        let mut s = scenario(
            &set,
            &[(Space::Family, Cube::Plague), (Space::Harvest, GREEN)],
            |p| {
                p.seats[0].life = last;
                p.seats[0].members[0] = Place::Building(Building::Office).code();
            },
        );
        act(
            &mut s,
            0,
            Action::TakeCube {
                space: Space::Family,
                cube: Cube::Plague,
            },
        );
        assert_eq!(s.due(), 1, "owed, not yet paid");
        assert!(s.seats()[0].members.iter().all(|m| m.place.alive()));
        act(&mut s, 0, Action::NewMember);
        assert_eq!(s.decision(), Some(Decision::Dying { seat: 0, left: 1 }));
        let open: Vec<Action> = s.legal_actions(None).into_iter().map(|(_, a)| a).collect();
        assert_eq!(open, [Action::Die { member: 0 }, Action::Die { member: 1 }]);
        let events = act(&mut s, 0, Action::Die { member: 0 });
        assert!(matches!(
            events[1],
            Event::Died {
                seat: 0,
                member: 0,
                rest: Place::Chronicle(..)
            }
        ));
        assert_eq!(s.decision(), Some(Decision::Turn { seat: 1 }));
    }
}

/// §3 Market, §5: a death during a market day is resolved at once, and the day goes on.
#[test]
fn s5_a_death_during_a_market_day_comes_at_once() {
    for set in sets() {
        let last = set.life_track.spaces;
        let s = scenario(
            &set,
            &[(Space::Market, GREEN), (Space::Harvest, GREEN)],
            |_| {},
        );
        let stalls: Vec<u8> = s.market().stalls.iter().flatten().copied().collect();
        let mut s = edit(&s, |p| {
            for &t in &stalls[..2] {
                give_demand(p, &set, 0, u32::from(t));
            }
            p.seats[0].life = last;
            p.seats[0].members[1] = Place::Building(Building::Smithy).code();
        });
        act(
            &mut s,
            0,
            Action::TakeCube {
                space: Space::Market,
                cube: GREEN,
            },
        );
        let stall = stall_of(&s, stalls[0]);
        act(
            &mut s,
            0,
            Action::Serve {
                stall,
                payment: None,
            },
        );
        let stall = stall_of(&s, stalls[1]);
        act(
            &mut s,
            0,
            Action::Serve {
                stall,
                payment: Some(green(1)),
            },
        );
        assert!(
            matches!(s.decision(), Some(Decision::Dying { seat: 0, left: 1 })),
            "at once"
        );
        act(&mut s, 0, Action::Die { member: 1 });
        assert!(matches!(
            s.decision(),
            Some(Decision::MarketDay { .. }) | Some(Decision::Turn { seat: 1 })
        ));
    }
}

/// Fills every open chronicle space but the church section's last, and every open grave but the
/// last, with the seats' reserve members (seat 0's first, each family's generations in order, as
/// play brings them out), so the next burial of a member not in the church ends the game in the
/// last grave. (The chronicle cannot be full: that would have ended the game already.)
fn all_but_one_resting_place(p: &mut v1::VillageState, set: &Components, players: u8) {
    let mut places: Vec<Place> = Vec::new();
    for (section, (_, labels)) in Section::ALL.into_iter().zip(set.chronicle.sections()) {
        for (i, l) in labels.iter().enumerate() {
            if l.open(players) {
                places.push(Place::Chronicle(section, i as u8));
            }
        }
    }
    let church = places
        .iter()
        .rposition(|p| matches!(p, Place::Chronicle(Section::Church, _)))
        .expect("a church section");
    places.remove(church);
    let graves: Vec<Place> = (0..set.graves.spaces.len() as u8)
        .filter(|&g| set.graves.spaces[usize::from(g)].open(players))
        .map(Place::Grave)
        .collect();
    places.extend(&graves[..graves.len() - 1]);
    let mut next = places.into_iter();
    for seat in 0..usize::from(players) {
        for m in p.seats[seat].members.iter_mut() {
            if *m == Place::Reserve.code() {
                match next.next() {
                    Some(place) => *m = place.code(),
                    None => return,
                }
            }
        }
    }
    assert!(
        next.next().is_none(),
        "enough members to fill the chronicle"
    );
}

/// §6: the last grave triggers the end; the trigger's owner takes no more turns, every other
/// seat one, clockwise; no end-of-round mass, a final mass, then scoring.
#[test]
fn s6_the_end_trigger_gives_every_other_seat_one_last_turn() {
    for set in sets() {
        let last = set.life_track.spaces;
        let mut s = scenario(
            &set,
            &[(Space::Family, Cube::Plague), (Space::Harvest, GREEN)],
            |p| {
                all_but_one_resting_place(p, &set, 3);
                p.seats[0].life = last;
            },
        );
        // The family action has nobody left to bring or call home: the turn ends at once (V-R15),
        // and with it comes the death.
        let events = act(
            &mut s,
            0,
            Action::TakeCube {
                space: Space::Family,
                cube: Cube::Plague,
            },
        );
        assert!(events.iter().any(|e| matches!(
            e,
            Event::Died {
                seat: 0,
                rest: Place::Grave(_),
                ..
            }
        )));
        assert!(events.contains(&Event::EndTriggered { seat: 0 }));
        assert!(s.end().triggered);
        assert_eq!(s.decision(), Some(Decision::Turn { seat: 1 }));
        assert_eq!(s.end().last_turns, [2]);
        // Seat 1 takes the last cube; seat 2's last turn is on an empty board: a free action.
        act(
            &mut s,
            1,
            Action::TakeCube {
                space: Space::Harvest,
                cube: GREEN,
            },
        );
        act(&mut s, 1, Action::Pass);
        assert_eq!(
            s.decision(),
            Some(Decision::ChooseAction { seat: 2 }),
            "no well to pay"
        );
        act(
            &mut s,
            2,
            Action::ChooseAction {
                space: Space::Harvest,
            },
        );
        let events = act(&mut s, 2, Action::Harvest);
        // No reseeding: the final mass (nobody in the church here) and the end.
        assert!(events.iter().any(|e| matches!(e, Event::MassDraw { .. })));
        assert_eq!(events.last(), Some(&Event::Finished));
        assert!(!events.iter().any(|e| matches!(e, Event::RoundBegun { .. })));
        let status = s.status();
        assert!(status.finished && status.to_act.is_empty());
        assert_eq!(status.result.len(), 3);
    }
}

/// [R] §10.3: the end triggered during a market day by another seat than the market's trigger:
/// after the day every seat takes one more turn, from the seat after the trigger, which is last.
#[test]
fn r10_3_end_in_a_market_day_by_another_seat_gives_every_seat_a_turn_trigger_last() {
    for set in sets() {
        let last = set.life_track.spaces;
        let s = scenario(
            &set,
            &[(Space::Market, GREEN), (Space::Harvest, GREEN)],
            |p| {
                all_but_one_resting_place(p, &set, 3);
                turn(p, 2);
            },
        );
        let stalls: Vec<u8> = s.market().stalls.iter().flatten().copied().collect();
        // Seat 0 can serve a customer (paid: 1 green and 1 time), and is about to pass the quill.
        let mut s = edit(&s, |p| {
            give_demand(p, &set, 0, u32::from(stalls[0]));
            give_cubes(p, 0, Colour::Green, 1);
            p.seats[0].life = last;
        });
        act(
            &mut s,
            2,
            Action::TakeCube {
                space: Space::Market,
                cube: GREEN,
            },
        );
        let Some(Decision::MarketDay { seat: 0, .. }) = s.decision() else {
            panic!("seat 2 can sell nothing; seat 0 can: {:?}", s.decision());
        };
        let stall = stall_of(&s, stalls[0]);
        let events = act(
            &mut s,
            0,
            Action::Serve {
                stall,
                payment: Some(green(1)),
            },
        );
        assert!(events.contains(&Event::EndTriggered { seat: 0 }));
        // Finish the day (here every seat is out once seat 0 has sold).
        while let Some(Decision::MarketDay { seat, .. }) = s.decision() {
            act(&mut s, seat, Action::Pass);
        }
        // Every seat takes one more turn, from the seat after the market's trigger (seat 2),
        // which is last: seat 0 now, then 1, then 2; then the final mass.
        assert_eq!(s.decision(), Some(Decision::Turn { seat: 0 }));
        assert_eq!(s.end().last_turns, [1, 2]);
        for seat in [0, 1, 2] {
            assert_eq!(s.status().to_act, [seat]);
            let (_, action) = s.legal_actions(None)[0];
            act(&mut s, seat, action);
            while let Some(d) = s.decision() {
                if d.seat() != seat
                    || matches!(
                        d,
                        Decision::Turn { .. }
                            | Decision::ChooseAction { .. }
                            | Decision::BuyOut { .. }
                            | Decision::Windows { .. }
                    )
                {
                    break;
                }
                act(&mut s, seat, Action::Pass);
            }
        }
        assert!(
            s.status().finished
                || matches!(
                    s.decision(),
                    Some(Decision::BuyOut { .. } | Decision::Windows { .. })
                )
        );
    }
}

/// §4: at a round's end the mass: buy-outs in turn order (one coin each), the draw, window
/// moves for grain, the majority; then the marker's holder starts the next round and the
/// marker returns to the council chamber.
#[test]
fn s4_the_round_ends_with_the_mass_and_the_marker_passes_the_start() {
    for set in sets() {
        let mut s = scenario(&set, &[(Space::Church, GREEN)], |p| {
            p.seats[1].members[0] = Place::BlackBag.code();
            p.seats[1].members[1] = Place::BlackBag.code();
            p.seats[1].coins = 1;
            p.seats[1].grain = 0;
            give(p, 1, Piece::Grain);
            p.marker = Some(2);
        });
        act(
            &mut s,
            0,
            Action::TakeCube {
                space: Space::Church,
                cube: GREEN,
            },
        );
        act(&mut s, 0, Action::Pass);
        assert_eq!(
            s.decision(),
            Some(Decision::BuyOut { seat: 1, bought: 0 }),
            "seat 0 has nobody in the bag"
        );
        let open: Vec<Action> = s.legal_actions(None).into_iter().map(|(_, a)| a).collect();
        assert_eq!(
            open,
            [Action::BuyOut { count: 1 }, Action::Pass],
            "one coin, one buy-out"
        );
        let events = act(&mut s, 1, Action::BuyOut { count: 1 });
        assert!(events.iter().any(|e| matches!(e, Event::MassDraw { .. })));
        assert_eq!(s.seats()[1].coins, 0);
        // Both members are out of the bag now (3 pieces left to draw, monks included, until no
        // member is left or 4 were taken); seat 1 may move one left for its grain.
        let on_windows = s.seats()[1].count(Place::Window(0));
        assert!(on_windows >= 1);
        if set.church.step_grain[0] <= 1 {
            assert_eq!(s.decision(), Some(Decision::Windows { seat: 1 }));
            act(&mut s, 1, Action::MoveLeft { member: 0 });
            if let Some(Decision::Windows { seat: 1 }) = s.decision() {
                act(&mut s, 1, Action::Pass);
            }
        }
        assert_eq!(s.seats()[1].prestige, 2, "the church majority");
        assert_eq!(s.round(), 2);
        assert_eq!(s.starting_player(), 2, "the marker's holder starts");
        assert_eq!(
            s.marker(),
            None,
            "the marker is back in the council chamber"
        );
        assert_eq!(s.decision(), Some(Decision::Turn { seat: 2 }));
    }
}

/// §3 Council: entering opens the stage-1 privilege only; climbing opens the new stage's and
/// lower; a member already there gives the privilege of its stage or lower, free.
#[test]
fn s3_council_privileges_follow_the_stage_reached() {
    for set in sets() {
        let s = scenario(
            &set,
            &[(Space::Council, GREEN), (Space::Harvest, GREEN)],
            |p| {
                give(p, 0, Piece::Scroll);
                give(p, 0, Piece::Scroll);
                p.seats[0].coins = 1;
            },
        );
        let mut enter = s.clone();
        act(
            &mut enter,
            0,
            Action::TakeCube {
                space: Space::Council,
                cube: GREEN,
            },
        );
        act(
            &mut enter,
            0,
            Action::EnterCouncil {
                member: 0,
                payment: CouncilPayment::Scroll,
            },
        );
        assert_eq!(
            enter.decision(),
            Some(Decision::Privilege { seat: 0, up_to: 1 })
        );
        let open: Vec<Action> = enter
            .legal_actions(None)
            .into_iter()
            .map(|(_, a)| a)
            .collect();
        assert_eq!(
            open,
            [
                Action::UsePrivilege {
                    privilege: Privilege::Marker
                },
                Action::Pass
            ]
        );
        act(
            &mut enter,
            0,
            Action::UsePrivilege {
                privilege: Privilege::Marker,
            },
        );
        assert_eq!(enter.marker(), Some(0));

        let mut climb = edit(&s, |p| p.seats[0].members[0] = Place::Council(2).code());
        act(
            &mut climb,
            0,
            Action::TakeCube {
                space: Space::Council,
                cube: GREEN,
            },
        );
        act(
            &mut climb,
            0,
            Action::AdvanceCouncil {
                member: 0,
                payment: CouncilPayment::Scroll,
            },
        );
        assert_eq!(
            climb.decision(),
            Some(Decision::Privilege { seat: 0, up_to: 3 })
        );
        act(
            &mut climb,
            0,
            Action::UsePrivilege {
                privilege: Privilege::Good(Good::Plow),
            },
        );

        let mut free = edit(&s, |p| p.seats[0].members[0] = Place::Council(4).code());
        act(
            &mut free,
            0,
            Action::TakeCube {
                space: Space::Council,
                cube: GREEN,
            },
        );
        let scrolls = free.seats()[0].goods.0[4];
        act(
            &mut free,
            0,
            Action::UsePrivilege {
                privilege: Privilege::Prestige,
            },
        );
        assert_eq!(free.seats()[0].prestige, 3);
        assert_eq!(free.seats()[0].goods.0[4], scrolls, "free: nothing paid");
    }
}

/// §3 Crafts: training is followed by the choice to produce at once.
#[test]
fn s3_training_then_producing_at_once_is_one_more_decision() {
    for set in sets() {
        let mut s = scenario(
            &set,
            &[(Space::Crafts, GREEN), (Space::Harvest, GREEN)],
            |_| {},
        );
        act(
            &mut s,
            0,
            Action::TakeCube {
                space: Space::Crafts,
                cube: GREEN,
            },
        );
        act(
            &mut s,
            0,
            Action::Train {
                building: Building::Stables,
                member: 0,
            },
        );
        assert_eq!(
            s.decision(),
            Some(Decision::Produce {
                seat: 0,
                building: Building::Stables
            })
        );
        let open: Vec<Action> = s.legal_actions(None).into_iter().map(|(_, a)| a).collect();
        assert_eq!(open.len(), 3, "a horse, an ox, or nothing: {open:?}");
        act(&mut s, 0, open[1]);
        assert_eq!(s.seats()[0].goods.total(), 1);
        let time = set.buildings.stables.training_time + set.buildings.stables.production_time;
        assert_eq!(s.seats()[0].life, (time % set.life_track.spaces) + 1);
    }
}

/// The customer piece that is this goods tile.
fn piece_of(g: Good) -> Piece {
    match g {
        Good::Horse => Piece::Horse,
        Good::Ox => Piece::Ox,
        Good::Wagon => Piece::Wagon,
        Good::Plow => Piece::Plow,
        Good::Scroll => Piece::Scroll,
    }
}

/// §3 Travel, [R] §10.6: a city's cubes of choice are chosen one at a time after the journey,
/// then the turn ends.
#[test]
fn s3_a_citys_cubes_of_choice_are_chosen_one_by_one() {
    for set in sets() {
        let city = |name: &str| set.travel.cities.iter().position(|c| c.id == name);
        let (path, p) = set
            .travel
            .paths
            .iter()
            .enumerate()
            .find(|(_, p)| {
                city(&p.between[1]).is_some_and(|c| set.travel.cities[c].reward.cubes_of_choice > 0)
            })
            .expect("a city rewards cubes of choice");
        let to = city(&p.between[1]).unwrap();
        let from = city(&p.between[0]);
        let mut s = scenario(
            &set,
            &[(Space::Travel, GREEN), (Space::Harvest, GREEN)],
            |w| {
                w.seats[0].members[0] = from
                    .map_or(Place::Farmyard, |c| Place::City(c as u8))
                    .code();
                give(w, 0, piece_of(p.piece));
                for colour in Colour::ALL {
                    let n = p.cubes.cubes().of(colour);
                    if n > 0 {
                        give_cubes(w, 0, colour, n);
                    }
                }
            },
        );
        act(
            &mut s,
            0,
            Action::TakeCube {
                space: Space::Travel,
                cube: GREEN,
            },
        );
        let journey = s
            .legal_actions(None)
            .into_iter()
            .map(|(_, a)| a)
            .find(|a| matches!(a, Action::Travel { member: 0, path: x, payment } if usize::from(*x) == path && payment.coin_total() == 0))
            .expect("the journey is open");
        act(&mut s, 0, journey);
        assert_eq!(s.seats()[0].members[0].place, Place::City(to as u8));
        let n = set.travel.cities[to].reward.cubes_of_choice;
        for left in (1..=n).rev() {
            assert_eq!(
                s.decision(),
                Some(Decision::RewardCubes {
                    seat: 0,
                    left: left as u8
                })
            );
            act(
                &mut s,
                0,
                Action::ChooseCube {
                    colour: Colour::Orange,
                },
            );
        }
        assert_eq!(s.decision(), Some(Decision::Turn { seat: 1 }));
    }
}

/// §3 Crafts: training at a building whose goods the supply has run out of ends the turn (there
/// is nothing to produce).
#[test]
fn s3_training_with_nothing_to_produce_ends_the_turn() {
    for set in sets() {
        let mut s = scenario(
            &set,
            &[(Space::Crafts, GREEN), (Space::Harvest, GREEN)],
            |p| {
                for _ in 0..set.supply.goods_per_kind {
                    give(p, 1, Piece::Scroll);
                }
            },
        );
        act(
            &mut s,
            0,
            Action::TakeCube {
                space: Space::Crafts,
                cube: GREEN,
            },
        );
        act(
            &mut s,
            0,
            Action::Train {
                building: Building::Office,
                member: 0,
            },
        );
        assert_eq!(
            s.seats()[0].members[0].place,
            Place::Building(Building::Office)
        );
        assert_eq!(s.decision(), Some(Decision::Turn { seat: 1 }));
    }
}

/// §3 Church: a farmyard member into the black bag for a brown cube (or a coin) or 3 time.
#[test]
fn s3_the_church_action_pays_brown_a_coin_or_time() {
    for set in sets() {
        let mut s = scenario(
            &set,
            &[(Space::Church, GREEN), (Space::Harvest, GREEN)],
            |p| {
                p.seats[0].coins = 1;
            },
        );
        act(
            &mut s,
            0,
            Action::TakeCube {
                space: Space::Church,
                cube: GREEN,
            },
        );
        let open: Vec<Action> = s.legal_actions(None).into_iter().map(|(_, a)| a).collect();
        let mut coin = green(0);
        coin.coins.add(Colour::Brown, 1);
        assert_eq!(
            open,
            [
                Action::Church {
                    member: 0,
                    payment: ChurchPayment::Time
                },
                Action::Church {
                    member: 0,
                    payment: ChurchPayment::Cube(coin)
                },
                Action::Pass
            ]
        );
        act(&mut s, 0, open[1]);
        assert_eq!(s.seats()[0].count(Place::BlackBag), 1);
        assert_eq!(s.seats()[0].coins, 0);
    }
}

/// Members alike are one choice: naming any member of a generation in a place is accepted, and
/// the event names the first of them.
#[test]
fn members_alike_are_one_choice() {
    for set in sets() {
        let mut s = scenario(
            &set,
            &[(Space::Church, GREEN), (Space::Harvest, GREEN)],
            |_| {},
        );
        act(
            &mut s,
            0,
            Action::TakeCube {
                space: Space::Church,
                cube: GREEN,
            },
        );
        let events = act(
            &mut s,
            0,
            Action::Church {
                member: 2,
                payment: ChurchPayment::Time,
            },
        );
        assert_eq!(
            events[0],
            Event::Acted {
                seat: 0,
                action: Action::Church {
                    member: 0,
                    payment: ChurchPayment::Time
                }
            }
        );
        assert_eq!(s.seats()[0].members[0].place, Place::BlackBag);
    }
}

/// Refusals carry the code of the first rule they break (docs/errors.md).
#[test]
fn refusals_name_the_rule() {
    for set in sets() {
        let s = scenario(&set, &[(Space::Harvest, GREEN)], |_| {});
        assert_eq!(refused(&s, 1, Action::Harvest), "NOT_YOUR_TURN");
        assert_eq!(refused(&s, 0, Action::Harvest), "WRONG_DECISION");
        assert_eq!(
            refused(
                &s,
                0,
                Action::TakeCube {
                    space: Space::Family,
                    cube: GREEN
                }
            ),
            "NOTHING_THERE"
        );
        let mut t = s.clone();
        act(
            &mut t,
            0,
            Action::TakeCube {
                space: Space::Harvest,
                cube: GREEN,
            },
        );
        assert_eq!(
            refused(&t, 0, Action::Recall { member: 0 }),
            "WRONG_DECISION"
        );
        // A customer on a stall seat 0 can serve; then an empty (or closed) stall.
        let mut m = scenario(
            &set,
            &[(Space::Market, GREEN), (Space::Harvest, GREEN)],
            |p| {
                let tile = market(p).stalls.iter().find_map(|t| t.customer).unwrap();
                give_demand(p, &set, 0, tile);
            },
        );
        act(
            &mut m,
            0,
            Action::TakeCube {
                space: Space::Market,
                cube: GREEN,
            },
        );
        assert!(matches!(
            m.decision(),
            Some(Decision::MarketDay { seat: 0, .. })
        ));
        for stall in [m.market().stalls.iter().position(Option::is_none), Some(99)]
            .into_iter()
            .flatten()
        {
            let serve = Action::Serve {
                stall: stall as u8,
                payment: None,
            };
            assert_eq!(refused(&m, 0, serve), "NOTHING_THERE", "stall {stall}");
        }
        // A payment the seat does not have is CANNOT_PAY, for every action that names one.
        let mut crafts = scenario(
            &set,
            &[(Space::Crafts, GREEN), (Space::Harvest, GREEN)],
            |_| {},
        );
        act(
            &mut crafts,
            0,
            Action::TakeCube {
                space: Space::Crafts,
                cube: GREEN,
            },
        );
        let mut price = green(0);
        price.cubes.add(Colour::Pink, 1);
        let buy = Action::Buy {
            building: Building::Office,
            good: Good::Scroll,
            payment: price,
        };
        assert_eq!(refused(&crafts, 0, buy), "CANNOT_PAY");
        let mut council = scenario(
            &set,
            &[(Space::Council, GREEN), (Space::Harvest, GREEN)],
            |p| {
                give(p, 0, Piece::Scroll);
            },
        );
        act(
            &mut council,
            0,
            Action::TakeCube {
                space: Space::Council,
                cube: GREEN,
            },
        );
        let enter = Action::EnterCouncil {
            member: 0,
            payment: CouncilPayment::Green(green(2)),
        };
        assert_eq!(refused(&council, 0, enter), "CANNOT_PAY");
        let climb = Action::AdvanceCouncil {
            member: 0,
            payment: CouncilPayment::Green(green(2)),
        };
        let council = edit(&council, |p| {
            p.seats[0].members[0] = Place::Council(1).code()
        });
        assert_eq!(refused(&council, 0, climb), "CANNOT_PAY");
        let first = set
            .travel
            .paths
            .iter()
            .position(|p| p.between[0] == "village")
            .unwrap();
        let path = &set.travel.paths[first];
        let mut travel = scenario(
            &set,
            &[(Space::Travel, GREEN), (Space::Harvest, GREEN)],
            |p| {
                give(p, 0, piece_of(path.piece));
                for colour in Colour::ALL {
                    let n = path.cubes.cubes().of(colour);
                    if n > 0 {
                        give_cubes(p, 0, colour, n);
                    }
                }
            },
        );
        act(
            &mut travel,
            0,
            Action::TakeCube {
                space: Space::Travel,
                cube: GREEN,
            },
        );
        // Five coins: more than the seat has.
        let mut wrong = green(0);
        wrong.coins.add(Colour::Brown, 5);
        let journey = Action::Travel {
            member: 0,
            path: first as u8,
            payment: wrong,
        };
        assert_eq!(refused(&travel, 0, journey), "CANNOT_PAY");
        let mut c = scenario(
            &set,
            &[(Space::Church, GREEN), (Space::Harvest, GREEN)],
            |_| {},
        );
        act(
            &mut c,
            0,
            Action::TakeCube {
                space: Space::Church,
                cube: GREEN,
            },
        );
        assert_eq!(
            refused(
                &c,
                0,
                Action::Church {
                    member: 0,
                    payment: ChurchPayment::Cube(green(1))
                }
            ),
            "CANNOT_PAY"
        );
        assert_eq!(
            refused(
                &c,
                0,
                Action::Church {
                    member: 10,
                    payment: ChurchPayment::Time
                }
            ),
            "MEMBER_NOT_THERE",
            "a member in the reserve"
        );
    }
}

/// §6: the market's trigger player itself triggers the end during its market day: the day is
/// finished, then every other seat takes one turn, and the trigger none.
#[test]
fn s6_the_markets_trigger_ending_the_game_gives_the_others_one_turn() {
    for set in sets() {
        let last = set.life_track.spaces;
        let s = scenario(
            &set,
            &[(Space::Market, GREEN), (Space::Harvest, GREEN)],
            |p| {
                all_but_one_resting_place(p, &set, 3);
            },
        );
        let stalls: Vec<u8> = s.market().stalls.iter().flatten().copied().collect();
        // Seat 0 sells twice (the second sale costs a time and passes the quill).
        let mut s = edit(&s, |p| {
            for &t in &stalls[..2] {
                give_demand(p, &set, 0, u32::from(t));
            }
            p.seats[0].life = last;
        });
        act(
            &mut s,
            0,
            Action::TakeCube {
                space: Space::Market,
                cube: GREEN,
            },
        );
        let stall = stall_of(&s, stalls[0]);
        act(
            &mut s,
            0,
            Action::Serve {
                stall,
                payment: None,
            },
        );
        let stall = stall_of(&s, stalls[1]);
        let mut events = act(
            &mut s,
            0,
            Action::Serve {
                stall,
                payment: Some(green(1)),
            },
        );
        if let Some(Decision::Dying { .. }) = s.decision() {
            events = act(&mut s, 0, Action::Die { member: 0 });
        }
        assert!(events.contains(&Event::EndTriggered { seat: 0 }));
        while let Some(Decision::MarketDay { seat, .. }) = s.decision() {
            act(&mut s, seat, Action::Pass);
        }
        assert_eq!(s.decision(), Some(Decision::Turn { seat: 1 }));
        assert_eq!(
            s.end().last_turns,
            [2],
            "seat 0, the trigger, takes no more turns"
        );
    }
}

/// Cubes of choice come from what the supply has: a colour it has run out of is not offered.
#[test]
fn cubes_of_choice_come_from_the_supply() {
    for set in sets() {
        let s = game(&set, 4, 3, true);
        assert_eq!(s.decision(), Some(Decision::CompensationCube { seat: 3 }));
        let s = edit(&s, |p| {
            let pink = *cube(&mut supply(p).cubes, Colour::Pink);
            give_cubes(p, 0, Colour::Pink, pink);
        });
        let open: Vec<Action> = s.legal_actions(None).into_iter().map(|(_, a)| a).collect();
        assert_eq!(
            open,
            [Colour::Brown, Colour::Orange, Colour::Green]
                .map(|colour| Action::ChooseCube { colour })
        );
        assert_eq!(
            refused(
                &s,
                3,
                Action::ChooseCube {
                    colour: Colour::Pink
                }
            ),
            "SUPPLY_EMPTY"
        );
    }
}

/// Each bound of a client's state, just inside (accepted) and just outside (refused, by field).
#[test]
fn unreachable_village_states_at_each_bound() {
    for set in sets() {
        let s = game(&set, 3, 1, false);
        let ok = |f: &dyn Fn(&mut v1::VillageState)| {
            edit(&s, f);
        };
        let no = |f: &dyn Fn(&mut v1::VillageState)| refused_fields(&s, f);
        let first = |p: &mut v1::VillageState, place: Place| p.seats[0].members[0] = place.code();
        ok(&|p| p.seats[0].coins = 1_000_000);
        assert_eq!(no(&|p| p.seats[0].coins = 1_000_001), ["seats[0].coins"]);
        ok(&|p| p.seats[1].prestige = 1_000_000);
        assert_eq!(
            no(&|p| p.seats[1].prestige = 1_000_001),
            ["seats[1].prestige"]
        );
        let limit = set.supply.farmyard_grain_limit;
        ok(&|p| (0..limit).for_each(|_| give(p, 2, Piece::Grain)));
        assert_eq!(
            no(&|p| (0..=limit).for_each(|_| give(p, 2, Piece::Grain))),
            ["seats[2].grain"]
        );
        let cities = set.travel.cities.len() as u8;
        ok(&|p| {
            first(p, Place::City(cities - 1));
            travelled_to(p, &set, 0, cities - 1);
        });
        assert_eq!(
            no(&|p| first(p, Place::City(cities))),
            ["seats[0].members[0]"]
        );
        let windows = set.church.window_prestige.len() as u8;
        ok(&|p| first(p, Place::Window(windows - 1)));
        assert_eq!(
            no(&|p| first(p, Place::Window(windows))),
            ["seats[0].members[0]"]
        );
        ok(&|p| first(p, Place::Council(4)));
        assert_eq!(
            no(&|p| first(p, Place::Council(5))),
            ["seats[0].members[0]"]
        );
        assert_eq!(
            no(&|p| first(p, Place::Council(0))),
            ["seats[0].members[0]"]
        );
        // Chronicle spaces and graves closed at three players.
        let closed = set
            .chronicle
            .crafts
            .iter()
            .position(|l| !l.open(3))
            .unwrap() as u8;
        let open = set
            .chronicle
            .crafts
            .iter()
            .rposition(|l| l.open(3))
            .unwrap() as u8;
        ok(&|p| {
            // The spaces before it are taken (the dead fill a section from its first space).
            let earlier = (0..open).filter(|&k| set.chronicle.crafts[usize::from(k)].open(3));
            let reserve = p.seats[1].members.iter_mut();
            let born = reserve.filter(|m| **m == Place::Reserve.code());
            for (m, k) in born.zip(earlier) {
                *m = Place::Chronicle(Section::Crafts, k).code();
            }
            first(p, Place::Chronicle(Section::Crafts, open));
        });
        assert_eq!(
            no(&|p| first(p, Place::Chronicle(Section::Crafts, closed))),
            ["seats[0].members[0]"]
        );
        let closed = set.graves.spaces.iter().position(|l| !l.open(3)).unwrap() as u8;
        ok(&|p| first(p, Place::Grave(0)));
        assert_eq!(
            no(&|p| first(p, Place::Grave(closed))),
            ["seats[0].members[0]"]
        );
        // Travel markers: a city once, at most the set's number.
        ok(&|p| travelled_to(p, &set, 0, cities - 1));
        assert_eq!(
            no(&|p| p.seats[0].markers = vec![1, 1]),
            ["seats[0].markers[1]"]
        );
        assert_eq!(
            no(&|p| p.seats[0].markers = vec![cities.into()]),
            ["seats[0].markers[0]"]
        );
        let all: Vec<u32> = (0..u32::from(cities)).collect();
        if u32::from(cities) > set.travel.markers {
            let too_many = all[..set.travel.markers as usize + 1].to_vec();
            assert_eq!(
                no(&|p| p.seats[0].markers = too_many.clone()),
                ["seats[0].markers"]
            );
        }
        let most = set.travel.markers.min(u32::from(cities)) as usize;
        let reached: Vec<u32> = journey_order(&set)
            .into_iter()
            .map(|(c, _)| c.into())
            .collect();
        ok(&|p| p.seats[0].markers = reached[..most].to_vec());
        // A marker no journey can leave: on a city whose way from the village is unmarked.
        let far = reached.last().copied().unwrap();
        if journey_order(&set)
            .iter()
            .any(|&(c, from)| u32::from(c) == far && from.is_some())
        {
            assert_eq!(
                no(&|p| p.seats[0].markers = vec![far]),
                ["seats[0].markers[0]"]
            );
        }
    }
}

/// The census, the market's shape and the progress fields of a client's state, each refused by
/// its field when no game can reach it.
#[test]
fn unreachable_village_counts_market_and_progress() {
    for set in sets() {
        let s = game(&set, 3, 1, false);
        let no = |f: &dyn Fn(&mut v1::VillageState)| refused_fields(&s, f);
        let decision = |d: Decision| no(&|p| p.pending = decisions([d]));
        assert_eq!(
            no(&|p| *cube(&mut p.seats[0].cubes, Colour::Green) += 1),
            ["supply.cubes"]
        );
        assert_eq!(
            no(&|p| p.bag.get_or_insert_default().plague += 1),
            ["supply.plague"]
        );
        assert_eq!(
            no(&|p| *goods_mut(&mut p.seats[1].goods, Piece::Ox) += 1),
            ["supply.goods"]
        );
        assert_eq!(
            no(&|p| p.seats[2].customers.push(set.customers.len() as u32)),
            ["seats[2].customers[0]"]
        );
        assert_eq!(
            no(&|p| market(p).stalls.push(Default::default())),
            ["market.stalls"]
        );
        assert_eq!(
            no(&|p| market(p).waiting.push(Default::default())),
            ["market.waiting"]
        );
        if let Some(closed) = set.market.stalls.iter().position(|l| !l.open(3)) {
            let f = |p: &mut v1::VillageState| {
                let m = market(p);
                m.stalls[closed].customer = m.pile.pop();
            };
            assert_eq!(no(&f), [format!("market.stalls[{closed}]")]);
        }
        assert_eq!(no(&|p| p.marker = Some(3)), ["marker"]);
        assert_eq!(no(&|p| p.starting_seat = 3), ["starting_seat"]);
        assert_eq!(no(&|p| p.round = 0), ["round"]);
        assert_eq!(no(&|p| p.round = 1_000_001), ["round"]);
        edit(&s, |p| p.round = 1_000_000);
        assert_eq!(no(&|p| p.due = 256), ["due"]);
        edit(&s, |p| {
            // Time owed (255 deaths) only once the turn's action has passed time.
            p.pending = decisions([Decision::Act {
                seat: 0,
                space: Space::Church,
            }]);
            p.due = 255;
        });
        assert_eq!(
            no(&|p| {
                end_triggered(p, &set);
                p.last_turns = vec![0, 1, 2, 0];
            }),
            ["last_turns"]
        );
        assert_eq!(no(&|p| p.last_turns = vec![1]), ["last_turns"]);
        assert_eq!(
            no(&|p| {
                let t = p.pending[0];
                p.pending.push(t);
            }),
            ["pending"]
        );
        assert_eq!(decision(Decision::Turn { seat: 3 }), ["pending[0]"]);
        assert_eq!(
            decision(Decision::Act {
                seat: 1,
                space: Space::Market
            }),
            ["pending[0]"]
        );
        let privilege = |up_to| Decision::Privilege { seat: 1, up_to };
        assert_eq!(decision(privilege(0)), ["pending[0]"]);
        assert_eq!(decision(privilege(5)), ["pending[0]"]);
        let market_day = |trigger, passed| Decision::MarketDay {
            trigger,
            seat: 1,
            passed,
            free: true,
        };
        assert_eq!(decision(market_day(0, 0b1000)), ["pending[0]"]);
        let buy_out = Decision::BuyOut { seat: 1, bought: 4 };
        assert_eq!(decision(buy_out), ["pending[0]"]);
        // A market day where seat 1 can sell: its trigger must be a seat, its passes seats.
        let day = |trigger: u8, passed: u8| {
            no(&|p| {
                let tile = market(p).stalls.iter().find_map(|t| t.customer).unwrap();
                give_demand(p, &set, 1, tile);
                p.pending = decisions([market_day(trigger, passed)]);
            })
        };
        assert_eq!(day(3, 0), ["pending[0]"]);
        assert_eq!(day(1, 0b1000), ["pending[0]"]);
        // Every seat may still owe a last turn (the end in another seat's market day), no more.
        edit(&s, |p| {
            end_triggered(p, &set);
            // Seat 0's market day, ended by another seat: seat 0, whose turn it is, is last.
            p.last_turns = vec![1, 2, 0];
        });
    }
}

/// V-R15: a decision with one answer or none is never left open, so a state holding one is
/// refused; the same decision with a real choice is accepted.
#[test]
fn unreachable_decisions_with_nothing_to_choose() {
    for set in sets() {
        let s = game(&set, 3, 1, false);
        let with = |decision: Decision, f: &dyn Fn(&mut v1::VillageState)| {
            let mut p = s.to_parts();
            f(&mut p);
            p.pending = decisions([decision]);
            State::from_parts(&p, s.config().rules, &one(&set))
                .map(drop)
                .map_err(|e| e.errors[0].field.clone())
        };
        let refused = Err("pending[0]".to_owned());
        let dying = Decision::Dying { seat: 0, left: 1 };
        // Dying: two places to choose from, or one.
        let building = Place::Building(Building::ALL[0]);
        assert_eq!(
            with(dying, &|p| p.seats[0].members[0] = building.code()),
            Ok(())
        );
        assert_eq!(
            with(dying, &|_| {}),
            refused,
            "all on the farmyard: one choice"
        );
        // The harvest with a member on the farmyard, or with nobody there (only Pass).
        let harvest = Decision::Act {
            seat: 0,
            space: Space::Harvest,
        };
        assert_eq!(with(harvest, &|_| {}), Ok(()));
        let away = |p: &mut v1::VillageState| {
            for m in &mut p.seats[0].members {
                if *m == Place::Farmyard.code() {
                    *m = Place::BlackBag.code();
                }
            }
        };
        assert_eq!(with(harvest, &away), refused);
        // A buy-out with a member in the bag and a coin, or with nobody in the bag.
        let buy_out = Decision::BuyOut { seat: 1, bought: 0 };
        assert_eq!(
            with(buy_out, &|p| p.seats[1].members[0] = Place::BlackBag.code()),
            Ok(())
        );
        assert_eq!(with(buy_out, &|_| {}), refused);
        // A cube of choice while the supply has cubes, or none.
        let reward = Decision::RewardCubes { seat: 2, left: 1 };
        assert_eq!(with(reward, &|_| {}), Ok(()));
        let empty = |p: &mut v1::VillageState| {
            for colour in Colour::ALL {
                let n = *cube(&mut supply(p).cubes, colour);
                give_cubes(p, 2, colour, n);
            }
        };
        assert_eq!(with(reward, &empty), refused);
    }
}

/// §4: a member on the leftmost window moves no further; one a window to its right may.
#[test]
fn s4_the_leftmost_window_is_the_last() {
    for set in sets() {
        let windows = set.church.window_prestige.len() as u8;
        let s = edit(&game(&set, 3, 1, false), |p| {
            p.seats[0].members[0] = Place::Window(windows - 1).code();
            p.seats[0].members[1] = Place::Window(windows - 2).code();
            for _ in 0..set.supply.farmyard_grain_limit {
                give(p, 0, Piece::Grain);
            }
            p.pending = decisions([Decision::Windows { seat: 0 }]);
        });
        let movable: Vec<u8> = (0..2)
            .filter(|&member| s.check(0, &Action::MoveLeft { member }).is_ok())
            .collect();
        assert_eq!(movable, [1]);
    }
}

/// `Status` names the one seat that decides and what it decides; `LegalActions` for any other
/// seat is empty; a finished game has no seat to act and its phase says so.
#[test]
fn the_status_names_the_deciding_seat_and_the_decision() {
    for set in sets() {
        let mut s = scenario(
            &set,
            &[(Space::Harvest, GREEN), (Space::Family, GREEN)],
            |_| {},
        );
        let status = s.status();
        assert_eq!((status.to_act, status.phase), (vec![0], "turn"));
        assert!(s.legal_actions(Some(1)).is_empty());
        assert!(!s.legal_actions(Some(0)).is_empty());
        act(
            &mut s,
            0,
            Action::TakeCube {
                space: Space::Harvest,
                cube: GREEN,
            },
        );
        assert_eq!(s.status().phase, "action");
        let over = edit(&s, |p| {
            p.pending.clear();
            end_triggered(p, &set);
        });
        let status = over.status();
        assert!(status.finished && status.to_act.is_empty());
        assert_eq!(status.phase, "finished");
        assert!(over.legal_actions(None).is_empty());
        assert_eq!(refused(&over, 0, Action::Pass), "GAME_FINISHED");
    }
}

/// The customer census names the tile at fault, at each place holding it: one the set does not
/// have, else the lowest tile missing (at the pile, where an unserved tile is) or in two places.
#[test]
fn the_customer_census_names_the_tile_at_fault() {
    let [set, _] = sets();
    let s = game(&set, 3, 1, true);
    let said = |edit: &dyn Fn(&mut v1::VillageState)| -> Vec<(String, String)> {
        let mut p = s.to_parts();
        edit(&mut p);
        let errors = State::from_parts(&p, s.config().rules, &one(&set)).expect_err("refused");
        let tiles: Vec<_> = errors
            .errors
            .iter()
            .filter(|e| e.description.starts_with("customer tile"))
            .map(|e| (e.field.clone(), e.description.clone()))
            .collect();
        assert!(!tiles.is_empty(), "{errors}");
        tiles
    };
    let tiles = set.customers.len();
    let unknown = u32::try_from(tiles).unwrap();
    let pile = s.to_parts().market.unwrap().pile;
    let n = pile.len();
    let (low, high) = (*pile.iter().min().unwrap(), *pile.iter().max().unwrap());
    let at = |field: String, text: String| vec![(field, text)];
    assert_eq!(
        said(&|p| market(p).pile.extend([unknown + 1, unknown])),
        at(
            format!("market.pile[{}]", n + 1),
            format!("customer tile {unknown} does not exist")
        )
    );
    assert_eq!(
        said(&|p| market(p).pile.retain(|&t| t != low)),
        at(
            "market.pile".to_owned(),
            format!("customer tile {low} must be in exactly one place; it is in none")
        )
    );
    let in_pile = pile.iter().position(|&t| t == low).unwrap();
    let doubled = said(&|p| {
        market(p).pile.retain(|&t| t != high);
        p.seats[0].customers.push(low);
    });
    let fields: Vec<&str> = doubled.iter().map(|(f, _)| f.as_str()).collect();
    let high_at = pile.iter().position(|&t| t == high).unwrap();
    let pile_index = in_pile - usize::from(high_at < in_pile);
    assert_eq!(
        fields,
        [
            format!("market.pile[{pile_index}]"),
            "seats[0].customers[0]".to_owned()
        ],
        "the lower of a doubled and a missing tile, at both its places"
    );
    // A tile on a stall and served by a seat: both named.
    let stall = s.market().stalls.iter().position(Option::is_some).unwrap();
    let on_stall = s.market().stalls[stall].unwrap();
    let twice = said(&|p| p.seats[0].customers.push(on_stall.into()));
    let fields: Vec<&str> = twice.iter().map(|(f, _)| f.as_str()).collect();
    assert!(
        fields.contains(&format!("market.stalls[{stall}]").as_str()),
        "{fields:?}"
    );
    assert!(fields.contains(&"seats[0].customers[0]"), "{fields:?}");
    let last = u8::try_from(tiles - 1).unwrap();
    let highest = said(&|p| p.seats[1].customers.push(last.into()));
    assert!(
        highest.iter().any(|(f, _)| f == "seats[1].customers[0]"),
        "the highest tile doubled: the list is longer than the set: {highest:?}"
    );
}

/// A state no game can reach is refused, naming the field.
#[test]
fn unreachable_village_states_are_refused_by_field() {
    let [set, _] = sets();
    let s = game(&set, 3, 1, true);
    let f = |edit: &dyn Fn(&mut v1::VillageState)| refused_fields(&s, edit);
    let first = |p: &mut v1::VillageState, seat: usize, place: Place| {
        p.seats[seat].members[0] = place.code()
    };
    assert_eq!(
        f(&|p| p.seats[0].members.pop().map(drop).unwrap_or(())),
        ["seats[0].members"]
    );
    assert_eq!(
        f(&|p| first(p, 1, Place::Council(5))),
        ["seats[1].members[0]"]
    );
    assert_eq!(
        f(&|p| first(p, 1, Place::Mission(u8::MAX))),
        ["seats[1].members[0]"]
    );
    assert_eq!(f(&|p| p.seats[2].life = 0), ["seats[2].life"]);
    assert_eq!(f(&|p| supply(p).grain += 1), ["supply.grain"]);
    assert_eq!(f(&|p| p.monks += 1), ["monks"]);
    assert_eq!(
        f(&|p| {
            first(p, 0, Place::Grave(0));
            first(p, 1, Place::Grave(0));
        }),
        ["seats[1].members[0]"]
    );
    assert_eq!(
        f(&|p| first(p, 0, Place::Gone)),
        ["seats[0].members[0]"],
        "gone before the end"
    );
    assert_eq!(f(&|p| p.pending.clear()), ["pending"]);
    // Tile 0 twice: at both its places.
    let twice = f(&|p| market(p).pile.push(0));
    assert_eq!(twice.len(), 2, "{twice:?}");
    assert!(twice.iter().all(|f| f.starts_with("market.")), "{twice:?}");
    assert_eq!(f(&|p| p.last_turns.push(1)), ["last_turns"]);
    assert_eq!(f(&|p| p.seats.truncate(1)), ["seats"]);
    assert_eq!(f(&|p| p.seats[0].coins = 2_000_000), ["seats[0].coins"]);
    // A turn on an empty board is never asked, even of a seat that could use the well.
    assert_eq!(
        f(&|p| {
            board(p, &[]);
            turn(p, 0);
            give_cubes(p, 0, Colour::Green, 3);
        }),
        ["pending[0]"]
    );
    // A decision with nothing to choose is never left open: a turn on an empty board.
    assert_eq!(
        f(&|p| {
            board(p, &[]);
            turn(p, 0);
        }),
        ["pending[0]"]
    );
}

/// §6, V-R19: the final mass comes after the last turns; a mass decision while last turns are
/// still to be taken is a state no game reaches (found by the fuzzer, which played it into a
/// finished game with a turn still owed).
#[test]
fn the_final_mass_never_precedes_the_last_turns() {
    for set in sets() {
        let s = game(&set, 3, 5, false);
        let windows = |p: &mut v1::VillageState| {
            let grain = set.church.step_grain[0];
            for _ in 0..grain {
                give(p, 0, Piece::Grain);
            }
            p.seats[0].members[0] = Place::Window(0).code();
            p.pending = decisions([Decision::Windows { seat: 0 }]);
            end_triggered(p, &set);
        };
        edit(&s, windows);
        let fields = refused_fields(&s, |p| {
            windows(p);
            p.last_turns = vec![1];
        });
        assert_eq!(fields, ["pending[0]"]);
    }
}

// Default actions (docs/rules.md, "Default actions").

/// At a turn: the first influence cube listed, a plague cube only when no other is left, never
/// the well; `Pass` wherever it answers (the action of the space); otherwise the first answer
/// listed (the compensation cube). Only the deciding seat has one.
#[test]
fn default_takes_the_first_influence_cube_passes_where_it_can_else_the_first_answer() {
    for set in sets() {
        let s = game(&set, 4, 1, true);
        let seat = s.decision().unwrap().seat();
        assert!(matches!(
            s.decision(),
            Some(Decision::CompensationCube { .. })
        ));
        assert_eq!(s.default_for(seat), Some(s.legal_actions(Some(seat))[0].1));

        let cubes = [
            (Space::Harvest, Cube::Plague),
            (Space::Crafts, Cube::Influence(Colour::Pink)),
            (Space::Family, Cube::Influence(Colour::Brown)),
        ];
        let mut s = scenario(&set, &cubes, |_| {});
        let influence = s
            .legal_actions(Some(0))
            .into_iter()
            .map(|(_, a)| a)
            .find(|a| {
                matches!(
                    a,
                    Action::TakeCube {
                        cube: Cube::Influence(_),
                        ..
                    }
                )
            })
            .unwrap();
        assert_eq!(s.default_for(0), Some(influence));
        assert_eq!(s.default_for(1), None);
        act(&mut s, 0, influence);
        assert!(matches!(s.decision(), Some(Decision::Act { seat: 0, .. })));
        assert_eq!(s.default_for(0), Some(Action::Pass));

        let s = scenario(&set, &[(Space::Harvest, Cube::Plague)], |_| {});
        assert_eq!(
            s.default_for(0),
            Some(Action::TakeCube {
                space: Space::Harvest,
                cube: Cube::Plague
            }),
            "the plague cube when nothing else is left"
        );
    }
}

/// Readable moves: actions and events are described from the data.
#[test]
fn descriptions_name_the_seat_the_cube_and_the_space() {
    for set in sets() {
        let cubes = [(Space::Crafts, Cube::Influence(Colour::Pink))];
        let mut s = scenario(&set, &cubes, |_| {});
        let take = Action::TakeCube {
            space: Space::Crafts,
            cube: Cube::Influence(Colour::Pink),
        };
        let said = "Seat 0 takes a pink cube from the crafts space";
        assert_eq!(s.describe_action(0, &take), said);
        let events = act(&mut s, 0, take);
        assert_eq!(s.describe_event(&events[0]), said);
        assert_eq!(s.describe_action(0, &Action::Pass), "Seat 0 passes");
    }
}

/// Every description states what its action pays (time, cubes, coins, grain), as it pays it: for
/// every listed action of random games of every mode, the amounts after "paying" (less those
/// after "gaining") are what the seat's life marker, cubes, coins and grain show once it is
/// applied; an amount the action takes and the sentence leaves out is a failure too.
#[test]
fn descriptions_state_what_each_action_pays() {
    use crate::harness::Harness;
    use referee::games::village::pieces::Colour;
    let mut checked = 0u64;
    for mode in <State as Harness>::modes() {
        for players in [2u32, 4] {
            let set = mode.context.current();
            let mut s = referee::games::village::new_game_under(
                mode.rules,
                Arc::clone(set),
                players,
                0,
                7,
                mode.options,
            )
            .unwrap();
            let mut rng = GameRng::from_u64(players.into());
            let length = set.life_track.spaces.max(1);
            while let Some((seat, action)) = pick(&s, &mut rng) {
                for (who, a) in s.legal_actions(None) {
                    let text = s.describe_action(who, &a);
                    let mut after = s.clone();
                    let events = act(&mut after, who, a);
                    // The final scoring cashes every chest; a sale of cargo names what it
                    // sells (`sells 1 grain`), which is no payment.
                    if events.contains(&Event::Finished) || matches!(a, Action::SellCargo { .. }) {
                        continue;
                    }
                    let (b, n) = (
                        &s.seats()[usize::from(who)],
                        &after.seats()[usize::from(who)],
                    );
                    let mut measured: Vec<(String, i64)> = Colour::ALL
                        .iter()
                        .map(|&c| {
                            let name = format!("{c:?}").to_lowercase();
                            (name, i64::from(n.cubes.of(c)) - i64::from(b.cubes.of(c)))
                        })
                        .collect();
                    measured.push(("coin".into(), i64::from(n.coins) - i64::from(b.coins)));
                    // Grain loaded stays the seat's, in its holds.
                    let grain = |x: &referee::games::village::state::SeatState| {
                        let aboard = x.ship.holds.iter().filter(|&&c| c == Cargo::Grain).count();
                        i64::from(x.grain) + aboard as i64
                    };
                    measured.push(("grain".into(), grain(n) - grain(b)));
                    let time = (n.life + length - b.life) % length;
                    measured.push(("time".into(), -i64::from(time)));
                    let stated = stated_amounts(&text);
                    for (name, change) in measured {
                        let mentions = stated.iter().filter(|(n, _)| *n == name);
                        let said = mentions.map(|(_, v)| *v).reduce(|x, y| x + y);
                        let ok = match (said, name.as_str()) {
                            (Some(v), "time") => {
                                v.rem_euclid(i64::from(length))
                                    == change.rem_euclid(i64::from(length))
                            }
                            (Some(v), _) => v == change,
                            (None, _) => change >= 0,
                        };
                        assert!(
                            ok,
                            "{} {players}p: {text:?} ({a:?}): {name} changes by {change}, the sentence says {said:?}",
                            mode.name
                        );
                    }
                    checked += 1;
                }
                act(&mut s, seat, action);
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// The amounts a description states: after "paying", taken (negative); after "gaining", given.
fn stated_amounts(text: &str) -> Vec<(String, i64)> {
    let mut out: Vec<(String, i64)> = Vec::new();
    let clause = |marker: &str| -> Option<&str> {
        let start = text.find(marker)? + marker.len();
        let rest = &text[start..];
        Some(rest.split(", gaining ").next().unwrap_or(rest))
    };
    for (marker, sign) in [(", paying ", -1), (", gaining ", 1)] {
        let Some(clause) = clause(marker) else {
            continue;
        };
        for item in clause.split(", ").flat_map(|p| p.split(" and ")) {
            let mut words = item.split(' ');
            let Some(n) = words.next().and_then(|w| w.parse::<i64>().ok()) else {
                continue; // a piece handed over ("a horse")
            };
            let noun = words.next().unwrap_or_default().trim_end_matches('s');
            let noun = if noun == "cube" { "" } else { noun };
            if !noun.is_empty() {
                out.push((noun.to_owned(), sign * n));
            }
        }
    }
    out
}
