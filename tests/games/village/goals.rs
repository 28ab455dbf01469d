//! Life Goals (village.md §8, [R] §10.7; docs/rules.md V-R23 to V-R27), one scenario per rule,
//! on both component sets. Scenario states are edits of a real game's parts, so each is one the
//! referee accepts.

use std::sync::Arc;

use referee::core::GameRng;
use referee::games::village::components::{Components, Holding, Piece, PROVISIONAL};
use referee::games::village::pieces::{Colour, Space};
use referee::games::village::state::{Building, Goal, Place, Section};
use referee::games::village::{new_game, Action, Cube, Decision, Event, Options, Rules, State};
use referee::pb::v1;

use crate::common::village::{
    act, board, decisions, edit, end_triggered, give, give_cubes, goal_of, market, one, opts, pick,
    refused, refused_fields, refused_on_the_wire, sets, travelled_to, turn, under,
};
use referee::games::{Play, StateMessage, Views};

/// A game with Life Goals (no compensation), seat 0 to take a turn with one cube on the harvest.
fn goals_game(set: &Arc<Components>, players: u32, seed: u64) -> State {
    let options = Options {
        no_starting_compensation: true,
        life_goals: true,
        port: false,
    };
    let s = new_game(Arc::clone(set), players, 0, seed, options).unwrap();
    edit(&s, |p| {
        board(p, &[(Space::Harvest, Cube::Influence(Colour::Brown))]);
        turn(p, 0);
    })
}

/// Hands seat 0 the goal `goal` in place of its card of the same metal (swapping with whoever
/// holds it, so no card is dealt twice).
fn deal_to_seat_0(p: &mut v1::VillageState, goal: Goal) {
    let slot = usize::from(!goal.silver());
    let mine = p.seats[0].goals[slot].goal;
    for seat in &mut p.seats[1..] {
        for g in &mut seat.goals {
            if goal_of(g) == goal {
                g.goal = mine;
            }
        }
    }
    p.seats[0].goals[slot].goal = goal.to_proto() as i32;
}

/// Whether seat 0 may reveal `goal` in the state `f` makes.
fn meets(set: &Arc<Components>, goal: Goal, f: impl FnOnce(&mut v1::VillageState)) -> bool {
    let s = edit(&goals_game(set, 4, 3), |p| {
        deal_to_seat_0(p, goal);
        f(p);
    });
    s.legal_actions(Some(0))
        .contains(&(0, Action::RevealGoal { goal }))
}

/// The silver goal's pieces as customer pieces (the base game's, Port's apart).
fn base_pieces(set: &Components, goal: Goal) -> Vec<Piece> {
    let card = match goal {
        Goal::Carter => &set.life_goals.silver.carter,
        Goal::Secretary => &set.life_goals.silver.secretary,
        Goal::Farmer => &set.life_goals.silver.farmer,
        Goal::Bailiff => &set.life_goals.silver.bailiff,
        Goal::Writer => &set.life_goals.silver.writer,
        Goal::Knight => &set.life_goals.silver.knight,
        _ => unreachable!(),
    };
    card.pieces
        .iter()
        .map(|h| match h {
            Holding::Horse => Piece::Horse,
            Holding::Ox => Piece::Ox,
            Holding::Wagon => Piece::Wagon,
            Holding::Plow => Piece::Plow,
            Holding::Scroll => Piece::Scroll,
            Holding::Grain => Piece::Grain,
            other => unreachable!("{other:?} is Village Port's"),
        })
        .collect()
}

/// §8 setup: with Life Goals each seat is dealt one silver and one golden goal, face down, all
/// different; the base game removes the Explorer and the Missionary. Without it, none.
#[test]
fn s8_each_seat_is_dealt_one_silver_and_one_golden_goal_face_down() {
    for set in sets() {
        for players in 2..=5 {
            for seed in 0..20 {
                let s = goals_game(&set, players, seed);
                let mut all = Vec::new();
                for seat in s.seats() {
                    assert_eq!(seat.goals.len(), 2);
                    assert!(seat.goals[0].goal.silver() && !seat.goals[1].goal.silver());
                    assert!(seat.goals.iter().all(|g| !g.revealed));
                    all.extend(seat.goals.iter().map(|g| g.goal));
                }
                let mut unique = all.clone();
                unique.sort();
                unique.dedup();
                assert_eq!(unique.len(), all.len(), "a card dealt twice");
                assert!(!all.contains(&Goal::Explorer) && !all.contains(&Goal::Missionary));
            }
            let plain = crate::common::village::game(&set, players, 1, true);
            assert!(plain.seats().iter().all(|s| s.goals.is_empty()));
        }
    }
}

/// §8, [R] §10.7: a silver goal is met by the pieces on the farmyard (a piece shown twice,
/// twice); revealing it gains its prestige at once, keeps the pieces, and leaves the decision
/// open; the card is revealed for good.
#[test]
fn s8_a_silver_goal_met_on_the_farmyard_is_revealed_for_its_prestige() {
    for set in sets() {
        for goal in [
            Goal::Carter,
            Goal::Secretary,
            Goal::Farmer,
            Goal::Bailiff,
            Goal::Writer,
            Goal::Knight,
        ] {
            let pieces = base_pieces(&set, goal);
            assert!(
                !meets(&set, goal, |p| {
                    for &piece in &pieces[1..] {
                        give(p, 0, piece);
                    }
                }),
                "{goal:?} met without all its pieces"
            );
            let mut s = edit(&goals_game(&set, 4, 3), |p| {
                deal_to_seat_0(p, goal);
                for &piece in &pieces {
                    give(p, 0, piece);
                }
            });
            let before = s.seats()[0].clone();
            let decision = s.decision();
            let events = act(&mut s, 0, Action::RevealGoal { goal });
            let prestige = goal.prestige(&set.life_goals);
            assert!(events.contains(&Event::GoalRevealed {
                seat: 0,
                goal,
                prestige
            }));
            let after = &s.seats()[0];
            assert_eq!(after.prestige, before.prestige + prestige);
            assert_eq!((after.goods, after.grain), (before.goods, before.grain));
            assert_eq!(s.decision(), decision, "the turn is still to be taken");
            assert!(after.goals.iter().any(|g| g.goal == goal && g.revealed));
            assert_eq!(refused(&s, 0, Action::RevealGoal { goal }), "NOT_OPEN");
        }
    }
}

/// A scenario's edit of the state's parts.
type Edit = Box<dyn Fn(&mut v1::VillageState)>;

/// §8: what each golden goal of the base game requires, met and just not met.
#[test]
fn s8_golden_goals_require_what_their_cards_say() {
    let members = |p: &mut v1::VillageState, places: &[Place]| {
        // The last members of the family (the youngest) take these places; every generation
        // is born (out of the reserve) first, as play brings the youngest out last.
        let family = &mut p.seats[0].members;
        for m in family.iter_mut().filter(|m| **m == Place::Reserve.code()) {
            *m = Place::Farmyard.code();
        }
        let n = family.len();
        for (m, &place) in family[n - places.len()..].iter_mut().zip(places) {
            *m = place.code();
        }
    };
    let serve = |p: &mut v1::VillageState, n: usize| {
        let pile = &mut market(p).pile;
        let served: Vec<u32> = pile.drain(pile.len() - n..).collect();
        p.seats[0].customers.extend(served);
    };
    use Place::{Building as At, Chronicle, Council, Window};
    use Section::{Church, Council as Chamber, Crafts, Travel};
    for set in sets() {
        let (map_met, map_unmet) = (Arc::clone(&set), Arc::clone(&set));
        let upper_right = set
            .travel
            .cities
            .iter()
            .position(|c| c.id == set.travel.upper_right)
            .unwrap() as u8;
        let cases: Vec<(Goal, Edit, Edit)> = vec![
            (
                Goal::Merchant,
                Box::new(move |p| serve(p, 6)),
                Box::new(move |p| serve(p, 5)),
            ),
            (
                Goal::Aristocrat,
                Box::new(move |p| {
                    members(p, &[Council(4)]);
                    p.marker = Some(0);
                }),
                Box::new(move |p| {
                    members(p, &[Council(4)]);
                    p.marker = Some(1);
                }),
            ),
            (
                Goal::Master,
                Box::new(move |p| {
                    members(
                        p,
                        &[
                            At(Building::ALL[0]),
                            At(Building::ALL[1]),
                            At(Building::ALL[2]),
                            Chronicle(Crafts, 0),
                        ],
                    )
                }),
                Box::new(move |p| {
                    members(
                        p,
                        &[
                            At(Building::ALL[0]),
                            At(Building::ALL[1]),
                            Chronicle(Crafts, 0),
                            Chronicle(Chamber, 0),
                        ],
                    )
                }),
            ),
            (
                Goal::Historian,
                Box::new(move |p| {
                    members(
                        p,
                        &[
                            Chronicle(Chamber, 0),
                            Chronicle(Crafts, 0),
                            Chronicle(Travel, 0),
                            Chronicle(Church, 0),
                        ],
                    )
                }),
                Box::new(move |p| {
                    members(
                        p,
                        &[
                            Chronicle(Chamber, 0),
                            Chronicle(Crafts, 0),
                            Chronicle(Travel, 0),
                            Chronicle(Travel, 1),
                        ],
                    )
                }),
            ),
            (
                Goal::TravellingSalesman,
                Box::new(move |p| {
                    members(p, &[Place::City(upper_right)]);
                    travelled_to(p, &map_met, 0, upper_right);
                    serve(p, 2);
                }),
                Box::new(move |p| {
                    members(p, &[Place::City(upper_right)]);
                    travelled_to(p, &map_unmet, 0, upper_right);
                    serve(p, 1);
                }),
            ),
            // The youngest member is of the 4th generation; [R] §10.7: the bag does not count.
            (
                Goal::Acolyte,
                Box::new(move |p| members(p, &[Window(1)])),
                Box::new(move |p| members(p, &[Place::BlackBag])),
            ),
            (
                Goal::Saint,
                Box::new(move |p| members(p, &[Window(0), Window(1), Window(2)])),
                Box::new(move |p| members(p, &[Window(0), Window(1), Window(1)])),
            ),
        ];
        for (goal, met, not_met) in cases {
            assert!(meets(&set, goal, |p| met(p)), "{goal:?} should be met");
            assert!(
                !meets(&set, goal, |p| not_met(p)),
                "{goal:?} should not be met"
            );
        }
    }
}

/// [R] §10.7: a goal is revealed whenever its owner is to decide, and only then; another seat's
/// decision is not its owner's.
#[test]
fn r10_7_a_goal_is_revealed_only_by_its_owner_when_it_is_to_decide() {
    let [set, _] = sets();
    let pieces = base_pieces(&set, Goal::Secretary);
    let s = edit(&goals_game(&set, 3, 3), |p| {
        deal_to_seat_0(p, Goal::Secretary);
        for &piece in &pieces {
            give(p, 0, piece);
        }
        turn(p, 1);
    });
    let s = under(&s, Rules::V1);
    let reveal = Action::RevealGoal {
        goal: Goal::Secretary,
    };
    assert_eq!(refused(&s, 0, reveal), "NOT_YOUR_TURN");
    assert!(!s.legal_actions(None).iter().any(|(_, a)| *a == reveal));
    assert!(s.status().free.is_empty());
    assert_eq!(refused(&s, 1, reveal), "NOT_OPEN", "not seat 1's card");
}

/// V-R39 (village/2): "At any point during the game … you can turn it face up" — revealing a
/// goal met is a free action, open to its owner out of turn: listed for it, named in
/// `Status.free`, and taken without changing who is to act; another seat still cannot.
#[test]
fn v_r39_a_goal_is_revealed_by_its_owner_at_any_moment() {
    for set in sets() {
        let pieces = base_pieces(&set, Goal::Secretary);
        let mut s = edit(&goals_game(&set, 3, 3), |p| {
            deal_to_seat_0(p, Goal::Secretary);
            for &piece in &pieces {
                give(p, 0, piece);
            }
            turn(p, 1);
        });
        let reveal = Action::RevealGoal {
            goal: Goal::Secretary,
        };
        let status = s.status();
        assert_eq!((status.to_act, status.free), (vec![1], vec![0]));
        assert!(s.legal_actions(None).contains(&(0, reveal)));
        assert_eq!(s.legal_actions(Some(0)), vec![(0, reveal)]);
        assert_eq!(refused(&s, 1, reveal), "NOT_OPEN", "not seat 1's card");
        let before = s.decision();
        let prestige = s.seats()[0].prestige;
        act(&mut s, 0, reveal);
        assert_eq!(s.decision(), before, "the turn is still seat 1's");
        assert!(s.seats()[0].prestige > prestige);
        assert!(s.status().free.is_empty());
        assert_eq!(refused(&s, 0, reveal), "NOT_OPEN", "revealed already");
        assert_eq!(refused(&s, 0, Action::Pass), "NOT_YOUR_TURN");
    }
}

/// [R] §10.7: after the final mass every seat meeting a face-down goal gets a last chance, in
/// turn order from the starting player; revealing leaves the chance open while the seat meets
/// another goal; passing, or revealing its last goal met, moves on; then the game is over.
#[test]
fn r10_7_every_seat_gets_a_last_chance_after_the_final_mass() {
    for set in sets() {
        let s = goals_game(&set, 3, 4);
        let silver = |p: &v1::VillageState, seat: usize| goal_of(&p.seats[seat].goals[0]);
        let s = edit(&s, |p| {
            // The final mass's last window decision: seat 2 (the last in turn order) may move
            // its member on the rightmost window.
            end_triggered(p, &set);
            p.starting_seat = 0;
            let grain = set.church.step_grain[0];
            for _ in 0..grain {
                give(p, 2, Piece::Grain);
            }
            p.seats[2].members[0] = Place::Window(0).code();
            p.pending = decisions([Decision::Windows { seat: 2 }]);
            // Seats 1 and 0 meet their silver goals; seat 0 its golden Merchant too.
            for seat in [1, 0] {
                for piece in base_pieces(&set, silver(p, seat)) {
                    give(p, seat, piece);
                }
            }
            deal_to_seat_0(p, Goal::Merchant);
            let pile = &mut market(p).pile;
            let served: Vec<u32> = pile.drain(pile.len() - 6..).collect();
            p.seats[0].customers.extend(served);
        });
        // Under village/2 only seats meeting a goal are asked (V-R42 for village/3).
        let mut s = under(&s, Rules::V2);
        let zero = s.seats()[0].goals[0].goal;
        let one = s.seats()[1].goals[0].goal;
        let events = act(&mut s, 2, Action::Pass);
        assert!(!events.contains(&Event::Finished));
        assert_eq!(s.decision(), Some(Decision::LastChance { seat: 0 }));
        assert_eq!(s.status().phase, "last_chance");
        let open: Vec<Action> = s
            .legal_actions(Some(0))
            .into_iter()
            .map(|(_, a)| a)
            .collect();
        assert_eq!(open.len(), 3);
        for a in [
            Action::Pass,
            Action::RevealGoal {
                goal: Goal::Merchant,
            },
            Action::RevealGoal { goal: zero },
        ] {
            assert!(open.contains(&a), "{a:?} in {open:?}");
        }
        act(&mut s, 0, Action::RevealGoal { goal: zero });
        assert_eq!(
            s.decision(),
            Some(Decision::LastChance { seat: 0 }),
            "the Merchant is still met"
        );
        act(
            &mut s,
            0,
            Action::RevealGoal {
                goal: Goal::Merchant,
            },
        );
        assert_eq!(s.decision(), Some(Decision::LastChance { seat: 1 }));
        assert_eq!(refused(&s, 1, Action::Harvest), "WRONG_DECISION");
        let events = act(&mut s, 1, Action::Pass);
        assert!(events.contains(&Event::Finished));
        assert!(s.status().finished);
        assert!(s.seats()[1]
            .goals
            .iter()
            .any(|g| g.goal == one && !g.revealed));
    }
}

/// Random games with Life Goals reveal goals in play, and reach the end with a result.
#[test]
fn random_games_with_life_goals_reveal_goals_and_end() {
    let mut revealed = 0;
    for set in sets() {
        for seed in 0..12 {
            let players = 2 + (seed % 4) as u32;
            let options = Options {
                no_starting_compensation: false,
                life_goals: true,
                port: false,
            };
            let mut s = new_game(Arc::clone(&set), players, 0, seed, options).unwrap();
            let mut rng = GameRng::from_u64(seed);
            while let Some((seat, action)) = pick(&s, &mut rng) {
                if let Action::RevealGoal { .. } = action {
                    revealed += 1;
                }
                act(&mut s, seat, action);
            }
            assert!(s.status().finished);
        }
    }
    assert!(revealed > 0);
}

/// §8: a seat sees its own face-down goals; the others see them as a count, and revealed cards
/// only. Whatever the other seats hold face down, a seat's view is the same.
#[test]
fn s8_views_show_a_seats_own_goals_and_others_only_once_revealed() {
    for set in sets() {
        let s = goals_game(&set, 4, 9);
        let pieces = base_pieces(&set, Goal::Writer);
        let mut s = edit(&s, |p| {
            deal_to_seat_0(p, Goal::Writer);
            for &piece in &pieces {
                give(p, 0, piece);
            }
        });
        act(&mut s, 0, Action::RevealGoal { goal: Goal::Writer });
        let own = s.view(Some(0));
        assert_eq!(own.seats[0].goals, s.seats()[0].goals);
        assert_eq!(own.hidden_goals[0], 0);
        let other = s.view(Some(1));
        assert_eq!(other.seats[0].goals.len(), 1, "the revealed Writer only");
        assert_eq!(other.hidden_goals[0], 1);
        let spectator = s.view(None);
        assert!(spectator.seats[1..]
            .iter()
            .all(|seat| seat.goals.is_empty()));
        assert_eq!(spectator.hidden_goals[1..], [2, 2, 2]);
        // Seat 1's view under another deal of the face-down cards of seats 2 and 3.
        let twin = edit(&s, |p| {
            let (a, b) = (p.seats[2].goals.clone(), p.seats[3].goals.clone());
            p.seats[2].goals = b;
            p.seats[3].goals = a;
        });
        assert_ne!(twin.seats()[2].goals, s.seats()[2].goals);
        assert_eq!(twin.view(Some(1)), s.view(Some(1)));
        assert_eq!(twin.view(None), s.view(None));
    }
}

/// States no game can reach, refused by field: goals without Life Goals, two silver goals, a
/// card the base game removes, a card dealt twice, a revealed goal's prestige not gained, a last
/// chance before the end or with nothing to reveal, an unknown goal.
#[test]
fn unreachable_life_goal_states_are_refused() {
    for set in sets() {
        let s = goals_game(&set, 3, 4);
        let refused_on = |field: &str, f: &dyn Fn(&mut v1::VillageState)| {
            let fields = refused_fields(&s, f);
            assert!(fields.contains(&field.to_owned()), "{field}: {fields:?}");
        };
        refused_on("seats[0].goals", &|p| opts(p).life_goals = false);
        refused_on("seats[0].goals", &|p| {
            p.seats[0].goals[1].goal = p.seats[1].goals[0].goal
        });
        refused_on("seats[1].goals[0]", &|p| {
            p.seats[1].goals[0].goal = Goal::Explorer.to_proto() as i32
        });
        refused_on("seats[2].goals[1]", &|p| {
            p.seats[2].goals[1].goal = p.seats[0].goals[1].goal
        });
        refused_on("seats[0].goals", &|p| {
            p.seats[0].goals.pop();
        });
        // A goal no card is: the wire's to refuse.
        for unknown in [0, 16] {
            let fields = refused_on_the_wire(&s, |p| p.seats[0].goals[0].goal = unknown);
            assert_eq!(fields, ["seats[0].goals[0].goal"]);
        }
        // Revealed, its prestige gained: accepted; not gained: refused.
        let prestige =
            |p: &v1::VillageState| goal_of(&p.seats[0].goals[0]).prestige(&set.life_goals);
        edit(&s, |p| {
            p.seats[0].goals[0].revealed = true;
            p.seats[0].prestige = prestige(p);
        });
        refused_on("seats[0].prestige", &|p| {
            p.seats[0].goals[0].revealed = true;
            p.seats[0].prestige = prestige(p) - 1;
        });
        // A last chance during play, or for a seat meeting nothing.
        let last_chance =
            |p: &mut v1::VillageState| p.pending = decisions([Decision::LastChance { seat: 0 }]);
        // Seat 0 meets its silver goal: a last chance still only comes at the end.
        let silver = |p: &v1::VillageState| goal_of(&p.seats[0].goals[0]);
        let meets = |p: &mut v1::VillageState| {
            for piece in base_pieces(&set, silver(p)) {
                give(p, 0, piece);
            }
            last_chance(p);
        };
        refused_on("pending[0]", &|p| meets(p));
        edit(&s, |p| {
            meets(p);
            end_triggered(p, &set);
        });
        // At the end, a seat meeting nothing: asked from village/3 on (V-R42), not before; a
        // seat holding no face-down goal never.
        let at_end = |p: &mut v1::VillageState| {
            last_chance(p);
            end_triggered(p, &set);
        };
        edit(&s, at_end);
        let fields = refused_fields(&under(&s, Rules::V2), at_end);
        assert_eq!(fields, ["pending[0]"]);
        refused_on("pending[0]", &|p| {
            at_end(p);
            let seat = &mut p.seats[0];
            for g in &mut seat.goals {
                g.revealed = true;
                seat.prestige += goal_of(g).prestige(&set.life_goals);
            }
        });
    }
}

/// V-R38 (village/2): the goals are dealt "after you have finished the setup", so once the 4th
/// seat has chosen its compensation cube; a state with goals dealt while it still chooses is one no
/// `village/2` game reaches, and nothing is dealt then under `village/2`.
#[test]
fn v_r38_goals_are_not_held_while_the_compensation_cube_is_chosen() {
    for set in sets() {
        let options = Options {
            life_goals: true,
            ..Options::default()
        };
        let old =
            referee::games::village::new_game_under(Rules::V1, Arc::clone(&set), 4, 0, 3, options)
                .unwrap();
        assert!(matches!(
            old.decision(),
            Some(Decision::CompensationCube { .. })
        ));
        assert!(old.seats().iter().all(|s| s.goals.len() == 2));
        let err = State::from_parts(&old.to_parts(), Rules::V2, &one(&set)).unwrap_err();
        let fields: Vec<&str> = err.errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(
            fields,
            [
                "seats[0].goals",
                "seats[1].goals",
                "seats[2].goals",
                "seats[3].goals"
            ]
        );
        assert!(err.errors[0]
            .description
            .contains("after the compensation cube"));
        let new = new_game(Arc::clone(&set), 4, 0, 3, options).unwrap();
        assert!(new.seats().iter().all(|s| s.goals.is_empty()));
        assert!(new.view(Some(3)).seats[3].goals.is_empty());
    }
}

/// A printed silver card may show cubes and coins beside its pieces (a review of Village Port: the
/// Writer shows three scrolls and one cube of each colour): the goal is met only when the seat
/// holds them too, cubes as cubes (a coin stands in for a cube only in a payment, V-R9).
#[test]
fn s8_a_silver_goal_showing_cubes_and_coins_needs_them_held() {
    let text = PROVISIONAL.replacen(
        r#"writer = { pieces = ["scroll", "scroll", "grain", "grain"], prestige = 4 }"#,
        r#"writer = { pieces = ["scroll", "scroll", "scroll"], cubes = { brown = 1, pink = 1, orange = 1, green = 1 }, coins = 2, prestige = 5 }"#,
        1,
    );
    assert_ne!(text, PROVISIONAL);
    let set = Arc::new(Components::parse(&text).expect("a valid set"));
    let writer = &set.life_goals.silver.writer;
    assert_eq!((writer.cubes.cubes().total(), writer.coins), (4, 2));
    let scrolls = |p: &mut v1::VillageState| {
        for _ in 0..3 {
            give(p, 0, Piece::Scroll);
        }
    };
    let cubes = |p: &mut v1::VillageState| {
        for c in Colour::ALL {
            give_cubes(p, 0, c, 1);
        }
    };
    assert!(!meets(&set, Goal::Writer, |p| {
        scrolls(p);
        p.seats[0].coins = 2;
    }));
    assert!(!meets(&set, Goal::Writer, |p| {
        scrolls(p);
        cubes(p);
        p.seats[0].coins = 1;
    }));
    assert!(
        !meets(&set, Goal::Writer, |p| {
            scrolls(p);
            for c in [Colour::Brown, Colour::Pink, Colour::Orange] {
                give_cubes(p, 0, c, 1);
            }
            p.seats[0].coins = 9;
        }),
        "coins do not stand in for the green cube"
    );
    assert!(meets(&set, Goal::Writer, |p| {
        scrolls(p);
        cubes(p);
        p.seats[0].coins = 2;
    }));
}

/// The state after seat 2 passes the mass's last window decision (a mass that is not the last):
/// seat 0 holds the marker and a member on the council's 4th stage, and `goal` as its golden
/// card (the Aristocrat's requirements met, whoever holds that card).
fn before_the_marker_returns(set: &Arc<Components>, rules: Rules, goal: Goal) -> State {
    marker_returning(set, rules, goal, |_| {})
}

/// As [`before_the_marker_returns`], with an edit of its own.
fn marker_returning(
    set: &Arc<Components>,
    rules: Rules,
    goal: Goal,
    f: impl FnOnce(&mut v1::VillageState),
) -> State {
    let s = goals_game(set, 3, 4);
    let mut s = edit(&s, |p| {
        board(p, &[]);
        p.starting_seat = 0;
        for _ in 0..set.church.step_grain[0] {
            give(p, 2, Piece::Grain);
        }
        p.seats[2].members[0] = Place::Window(0).code();
        p.pending = decisions([Decision::Windows { seat: 2 }]);
        deal_to_seat_0(p, goal);
        p.seats[0].members[0] = Place::Council(4).code();
        p.marker = Some(0);
        f(p);
    });
    s = under(&s, rules);
    act(&mut s, 2, Action::Pass);
    s
}

/// V-R41 (village/3): "At any point during the game … you can turn it face up" — the
/// next-starting-player marker returning after the mass would take the Aristocrat from its
/// holder, so the holder is asked first: revealing takes the prestige, then the round begins;
/// passing lets the marker go and the goal with it. Under `village/2` the marker returned
/// unasked.
#[test]
fn v_r41_the_marker_waits_for_the_aristocrat() {
    for set in sets() {
        let reveal = Action::RevealGoal {
            goal: Goal::Aristocrat,
        };
        let s = before_the_marker_returns(&set, Rules::V3, Goal::Aristocrat);
        let step = referee::games::village::state::Step::MarkerReturn;
        assert_eq!(s.decision(), Some(Decision::GoalAtStake { seat: 0, step }));
        assert_eq!(s.status().phase, "goal_at_stake");
        assert_eq!(s.marker(), Some(0), "the marker waits");
        let open: Vec<Action> = s
            .legal_actions(Some(0))
            .into_iter()
            .map(|(_, a)| a)
            .collect();
        assert_eq!(open, [Action::Pass, reveal]);
        assert_eq!(refused(&s, 1, Action::Pass), "NOT_YOUR_TURN");

        let mut revealed = s.clone();
        let prestige = revealed.seats()[0].prestige;
        let events = act(&mut revealed, 0, reveal);
        assert!(revealed.seats()[0].prestige > prestige);
        assert!(events.iter().any(|e| matches!(e, Event::RoundBegun { .. })));
        assert_eq!(
            (revealed.marker(), revealed.decision()),
            (None, Some(Decision::Turn { seat: 0 }))
        );

        let mut passed = s.clone();
        let events = act(&mut passed, 0, Action::Pass);
        assert!(events.iter().any(|e| matches!(e, Event::RoundBegun { .. })));
        assert_eq!(passed.marker(), None);
        assert!(
            !passed.legal_actions(Some(0)).contains(&(0, reveal)),
            "the goal is lost"
        );

        // Before village/3 nobody was asked.
        let old = before_the_marker_returns(&set, Rules::V2, Goal::Aristocrat);
        assert_eq!(
            (old.marker(), old.decision()),
            (None, Some(Decision::Turn { seat: 0 }))
        );
    }
}

/// V-R41: whether the holder is asked follows from what every seat sees (its pieces, the cards
/// revealed), never from its own cards: a holder without the Aristocrat is asked all the same,
/// with `Pass` its only answer; once the Aristocrat is revealed by another seat, nobody is asked.
#[test]
fn v_r41_being_asked_tells_nothing_about_the_cards() {
    for set in sets() {
        let s = before_the_marker_returns(&set, Rules::V3, Goal::Saint);
        assert_eq!(s.status().phase, "goal_at_stake");
        assert_eq!(s.legal_actions(Some(0)), [(0, Action::Pass)]);
        let aristocrat = before_the_marker_returns(&set, Rules::V3, Goal::Aristocrat);
        assert!(
            s.view(None) == aristocrat.view(None),
            "a spectator tells them apart"
        );
        // The Aristocrat revealed by seat 1 is no card seat 0 may hold: the marker returns.
        let gone = marker_returning(&set, Rules::V3, Goal::Saint, |p| {
            let aristocrat = p
                .seats
                .iter()
                .position(|s| goal_of(&s.goals[1]) == Goal::Aristocrat);
            if let Some(holder) = aristocrat {
                p.seats[holder].goals[1].goal = p.seats[1].goals[1].goal;
            }
            p.seats[1].goals[1].goal = Goal::Aristocrat.to_proto() as i32;
            p.seats[1].goals[1].revealed = true;
            p.seats[1].prestige += Goal::Aristocrat.prestige(&set.life_goals);
        });
        assert_eq!(
            (gone.marker(), gone.decision()),
            (None, Some(Decision::Turn { seat: 0 }))
        );
    }
}

/// V-R41 (village/3): the member in the upper-right city dying at the end of the turn it
/// arrived would take the Travelling salesman from its seat, so the seat is asked before it
/// dies: revealing takes the prestige, then the death and the next turn follow; passing lets
/// the member die and the goal go.
#[test]
fn v_r41_a_death_in_the_salesmans_city_waits() {
    for set in sets() {
        let city = set
            .travel
            .cities
            .iter()
            .position(|c| c.id == set.travel.upper_right)
            .unwrap() as u8;
        let goal = Goal::TravellingSalesman;
        let reveal = Action::RevealGoal { goal };
        let at = |rules: Rules| {
            let s = edit(&goals_game(&set, 3, 4), |p| {
                deal_to_seat_0(p, goal);
                // The oldest member in the city, its generation's others in the black bag (out
                // of sight); two customers served.
                p.seats[0].members[0] = Place::City(city).code();
                for m in &mut p.seats[0].members[1..4] {
                    *m = Place::BlackBag.code();
                }
                travelled_to(p, &set, 0, city);
                let pile = &mut market(p).pile;
                let served: Vec<u32> = pile.drain(pile.len() - 2..).collect();
                p.seats[0].customers.extend(served);
                p.pending = decisions([Decision::Act {
                    seat: 0,
                    space: Space::Family,
                }]);
                p.due = 1;
            });
            let mut s = under(&s, rules);
            act(&mut s, 0, Action::Pass);
            s
        };
        let s = at(Rules::V3);
        let step = referee::games::village::state::Step::Death { left: 1 };
        assert_eq!(s.decision(), Some(Decision::GoalAtStake { seat: 0, step }));
        assert_eq!(
            s.seats()[0].members[0].place,
            Place::City(city),
            "not dead yet"
        );
        let open: Vec<Action> = s
            .legal_actions(Some(0))
            .into_iter()
            .map(|(_, a)| a)
            .collect();
        assert_eq!(open, [Action::Pass, reveal]);

        let mut revealed = s.clone();
        let events = act(&mut revealed, 0, reveal);
        assert!(events
            .iter()
            .any(|e| matches!(e, Event::GoalRevealed { .. })));
        assert!(events
            .iter()
            .any(|e| matches!(e, Event::Died { seat: 0, .. })));
        assert_eq!(revealed.decision(), Some(Decision::Turn { seat: 1 }));

        let mut passed = s.clone();
        let events = act(&mut passed, 0, Action::Pass);
        assert!(events
            .iter()
            .any(|e| matches!(e, Event::Died { seat: 0, .. })));
        assert_eq!(passed.decision(), Some(Decision::Turn { seat: 1 }));
        assert!(
            !passed.legal_actions(Some(0)).contains(&(0, reveal)),
            "the goal is lost"
        );

        // Before village/3 the member died unasked.
        let old = at(Rules::V2);
        assert_eq!(old.decision(), Some(Decision::Turn { seat: 1 }));
        assert!(!old.seats()[0].members[0].place.alive());
    }
}

/// V-R42 (village/3): the last chance asks every seat holding a face-down goal, whether or not
/// it meets one (being asked tells nothing); a seat that meets nothing has `Pass` only. Under
/// `village/2` only seats meeting a goal were asked.
#[test]
fn v_r42_the_last_chance_asks_every_seat_holding_a_face_down_goal() {
    for set in sets() {
        let s = edit(&goals_game(&set, 3, 4), |p| {
            end_triggered(p, &set);
            p.starting_seat = 0;
            for _ in 0..set.church.step_grain[0] {
                give(p, 2, Piece::Grain);
            }
            p.seats[2].members[0] = Place::Window(0).code();
            p.pending = decisions([Decision::Windows { seat: 2 }]);
        });
        let mut v3 = under(&s, Rules::V3);
        act(&mut v3, 2, Action::Pass);
        for seat in 0..3 {
            assert_eq!(v3.decision(), Some(Decision::LastChance { seat }));
            act(&mut v3, seat, Action::Pass);
        }
        assert!(v3.status().finished);
        let mut v2 = under(&s, Rules::V2);
        let events = act(&mut v2, 2, Action::Pass);
        assert!(events.contains(&Event::Finished), "nobody meets a goal");
    }
}

/// V-R41: a `goal_at_stake` decision no game reaches is refused at `pending[0]`: under an older
/// version, for a marker the seat does not hold, where nothing is at stake, or for a death that
/// is the seat's to choose (several candidates).
#[test]
fn unreachable_goal_at_stake_states_are_refused() {
    use referee::games::village::state::Step;
    for set in sets() {
        let s = before_the_marker_returns(&set, Rules::V3, Goal::Aristocrat);
        for f in [
            &(|p: &mut v1::VillageState| p.marker = Some(1)) as &dyn Fn(&mut v1::VillageState),
            &|p| p.seats[0].members[0] = Place::Farmyard.code(),
            &|p| {
                p.pending = decisions([Decision::GoalAtStake {
                    seat: 0,
                    step: Step::Death { left: 1 },
                }])
            },
        ] {
            assert!(refused_fields(&s, f).contains(&"pending[0]".to_owned()));
        }
        let older = State::from_parts(&s.to_parts(), Rules::V2, &one(&set)).unwrap_err();
        assert_eq!(older.errors[0].field, "pending[0]");
    }
}
