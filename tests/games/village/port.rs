//! Village Port (village.md §7, [R] §10.9; docs/rules.md V-R28 to V-R35), one scenario per rule,
//! on both component sets (every space, captain and value is read from the set). Scenario states
//! are edits of a real game's parts, so each is one the referee accepts.

use std::sync::Arc;

use referee::games::village::action::StepPayment;
use referee::games::village::components::{Components, Piece, Stack};
use referee::games::village::pieces::{Colour, Cubes, Good, Space};
use referee::games::village::state::sea::{Cargo, Ship};
use referee::games::village::state::{Decision, Place, Section};
use referee::games::village::{new_game, Action, Cube, Event, Options, Rules, State};
use referee::pb::v1;

use crate::common::village::{
    act, board, decisions, edit, give, give_cubes, give_demand, good, harbour, opts, refused,
    refused_fields, sets, stall_of, supply, turn, under,
};
use referee::games::{Play, Views};

const GREEN: Cube = Cube::Influence(Colour::Green);

/// The index of a member of `seat` in the reserve.
fn reserve(p: &v1::VillageState, seat: usize) -> usize {
    let members = &p.seats[seat].members;
    members
        .iter()
        .position(|m| *m == Place::Reserve.code())
        .unwrap()
}

/// A game with Village Port (no compensation, no goals).
fn port_game(set: &Arc<Components>, players: u32, seed: u64) -> State {
    let options = Options {
        port: true,
        no_starting_compensation: true,
        ..Options::default()
    };
    new_game(Arc::clone(set), players, 0, seed, options).unwrap()
}

/// The decision: seat `seat` does the travel action.
fn travel(p: &mut v1::VillageState, seat: u8) {
    p.pending = decisions([Decision::Act {
        seat,
        space: Space::Travel,
    }]);
}

/// The island space holding a stack.
fn island_with(set: &Components, stack: Stack) -> u8 {
    let sea = &set.port.sea;
    let i = sea
        .islands
        .iter()
        .position(|x| x.stack == Some(stack))
        .unwrap();
    sea.island_space(i)
}

/// Seat 0's ship on `at` with a captain of `kind` (taken from its deck) and `holds`, its
/// decision `decision`, and whatever else `f` edits (the pieces aboard must come from
/// somewhere).
fn at_sea(
    s: &State,
    kind: u32,
    at: u8,
    holds: &[Cargo],
    pending: Decision,
    f: impl FnOnce(&mut v1::VillageState),
) -> State {
    edit(s, |p| {
        harbour(p).captains[kind as usize] -= 1;
        p.seats[0].ship = Ship {
            at,
            captain: Some(kind as u8),
            holds: holds.to_vec(),
        }
        .to_proto();
        p.pending = decisions([pending]);
        f(p);
    })
}

/// Seat 0's movement at sea, with `free` free steps, having taken a step or not.
fn sail(free: u8, moved: bool) -> Decision {
    Decision::Sail {
        seat: 0,
        free,
        credit: 0,
        moved,
    }
}

/// A movement that has taken a step.
fn sail_moved() -> Decision {
    sail(0, true)
}

/// Setup (Port rulebook, "Setup"): Port's setup card seeds the spaces, its cubes join the
/// supply, the captains lie in their decks, the cocoa and tea stacks by player count, the chests
/// shuffled face down, every ship in port with no captain.
#[test]
fn s7_setup_with_village_port() {
    for set in sets() {
        for players in 2..=5u32 {
            let s = port_game(&set, players, 3);
            let card = set.setup_card(players as u8, true).unwrap();
            let seeded: u32 = s.board().spaces.iter().map(|p| p.total()).sum();
            let expected: u32 = card.spaces.all().iter().map(|&(_, n)| n).sum();
            assert_eq!(seeded, expected, "Port's card seeds the spaces");
            assert_eq!(s.census().cubes, [set.cubes_per_colour(true); 4]);
            let h = s.harbour();
            let copies: Vec<u32> = set.port.captains.iter().map(|k| k.copies).collect();
            assert_eq!(h.captains, copies);
            let tiles = set.port.stack_tiles[players as usize - 2];
            assert_eq!((h.cocoa, h.tea), (tiles, tiles));
            let mut chests = h.chests.clone();
            chests.sort_unstable();
            let mut all = set.port.chests.clone();
            all.sort_unstable();
            assert_eq!(chests, all);
            assert!(s
                .seats()
                .iter()
                .all(|x| x.ship.at == 0 && x.ship.captain.is_none()));
        }
    }
}

/// §7 travel in port: each captain kind left that the seat can pay is offered; none affordable
/// (or none left): the ship cannot leave, and the travel action has nothing but `Pass`.
#[test]
fn s7_no_affordable_captain_no_sailing() {
    for set in sets() {
        let s = edit(&port_game(&set, 3, 1), |p| travel(p, 0));
        let coins = s.seats()[0].coins;
        let open: Vec<Action> = s
            .legal_actions(Some(0))
            .into_iter()
            .map(|(_, a)| a)
            .collect();
        for (k, kind) in set.port.captains.iter().enumerate() {
            let offered = open.contains(&Action::SetSail { captain: k as u8 });
            assert_eq!(offered, kind.cost <= coins, "captain {k}");
        }
        let broke = edit(&s, |p| {
            p.seats[0].coins = 0;
            p.pending = vec![];
            crate::common::village::turn(p, 0);
            crate::common::village::board(
                p,
                &[(
                    Space::Travel,
                    referee::games::village::Cube::Influence(Colour::Brown),
                )],
            );
        });
        let mut broke = broke;
        let take = Action::TakeCube {
            space: Space::Travel,
            cube: referee::games::village::Cube::Influence(Colour::Brown),
        };
        act(&mut broke, 0, take);
        assert!(
            !matches!(broke.decision(), Some(Decision::Act { .. })),
            "nothing to do: the turn ends"
        );
        // No card of a kind left: not offered.
        let none_left = edit(&s, |p| {
            let h = harbour(p);
            h.gone_captains[0] += h.captains[0];
            h.captains[0] = 0;
        });
        assert_eq!(
            refused(&none_left, 0, Action::SetSail { captain: 0 }),
            "SUPPLY_EMPTY"
        );
    }
}

/// §7 set sail: the captain is paid in coins and taken from its deck; then loading, one piece
/// at a time, from the farmyard, never two of a type, a member by generation; then the move.
#[test]
fn s7_setting_sail_hires_a_captain_then_loads_different_pieces() {
    for set in sets() {
        let s = edit(&port_game(&set, 3, 1), |p| {
            travel(p, 0);
            p.seats[0].coins = 5;
            give(p, 0, Piece::Ox);
            give(p, 0, Piece::Ox);
            give(p, 0, Piece::Grain);
        });
        let kind = set.port.captains.len() - 1;
        let cost = set.port.captains[kind].cost;
        let mut s = s;
        act(
            &mut s,
            0,
            Action::SetSail {
                captain: kind as u8,
            },
        );
        assert_eq!(s.seats()[0].coins, 5 - cost);
        assert_eq!(s.seats()[0].ship.captain, Some(kind as u8));
        assert_eq!(s.decision(), Some(Decision::Load { seat: 0 }));
        let ox = Action::Load {
            cargo: Cargo::Good(Good::Ox),
        };
        act(&mut s, 0, ox);
        assert_eq!(refused(&s, 0, ox), "HOLDS_FULL", "never two of a type");
        let member = s.seats()[0]
            .members
            .iter()
            .position(|m| m.place == Place::Farmyard)
            .unwrap() as u8;
        act(&mut s, 0, Action::Embark { member });
        assert_eq!(s.seats()[0].members[usize::from(member)].place, Place::Ship);
        // Only what the farmyard holds is offered: grain (it has one), no cocoa, tea or chest.
        let open: Vec<Action> = s
            .legal_actions(Some(0))
            .into_iter()
            .map(|(_, a)| a)
            .collect();
        for absent in [Cargo::Cocoa, Cargo::Tea, Cargo::Chest(set.port.chests[0])] {
            assert!(
                !open.contains(&Action::Load { cargo: absent }),
                "{absent:?}"
            );
        }
        let grain = Action::Load {
            cargo: Cargo::Grain,
        };
        act(&mut s, 0, grain);
        // Three holds full: loading is over, the ship moves.
        assert!(matches!(
            s.decision(),
            Some(Decision::Sail { moved: false, .. })
        ));
        assert_eq!(s.seats()[0].ship.holds.len(), 3);
        assert_eq!(s.seats()[0].goods.of(Good::Ox), 1, "one ox stays home");
    }
}

/// Takes the chest worth `value` off its island (to be brought home or aboard).
fn take_chest(h: &mut v1::VillageHarbour, value: u32) {
    let i = h.chests.iter().position(|&c| c == value).unwrap();
    h.chests.remove(i);
}

/// Seat 0 to travel with 5 coins and a cocoa basket, a tea bale and the set's first chest
/// brought home.
fn brought_home(set: &Arc<Components>, f: impl FnOnce(&mut v1::VillageState)) -> State {
    let value = set.port.chests[0];
    edit(&port_game(set, 3, 1), |p| {
        travel(p, 0);
        p.seats[0].coins = 5;
        let h = harbour(p);
        h.cocoa -= 1;
        h.tea -= 1;
        take_chest(h, value);
        p.seats[0].cocoa = 1;
        p.seats[0].tea = 1;
        p.seats[0].chests = vec![value];
        f(p);
    })
}

/// §7 loading under `village/1`: cocoa, tea and chests brought home are loaded like any other
/// piece; a seat with no grain is not offered grain.
#[test]
fn s7_tiles_brought_home_can_be_loaded_again_under_village_1() {
    for set in sets() {
        let value = set.port.chests[0];
        let mut s = under(&brought_home(&set, |_| {}), Rules::V1);
        act(&mut s, 0, Action::SetSail { captain: 0 });
        let open: Vec<Action> = s
            .legal_actions(Some(0))
            .into_iter()
            .map(|(_, a)| a)
            .collect();
        for cargo in [Cargo::Cocoa, Cargo::Tea, Cargo::Chest(value)] {
            assert!(open.contains(&Action::Load { cargo }), "{cargo:?}");
        }
        let grain = Action::Load {
            cargo: Cargo::Grain,
        };
        assert!(!open.contains(&grain));
        let chest = Action::Load {
            cargo: Cargo::Chest(value),
        };
        let events = act(&mut s, 0, chest);
        // The event names "a chest", not its value.
        assert!(events.contains(&Event::Acted {
            seat: 0,
            action: Action::Load {
                cargo: Cargo::Chest(0)
            }
        }));
        assert_eq!(s.seats()[0].ship.holds, [Cargo::Chest(value)]);
        assert!(s.seats()[0].chests.is_empty());
        act(
            &mut s,
            0,
            Action::Load {
                cargo: Cargo::Cocoa,
            },
        );
        assert_eq!(s.seats()[0].cocoa, 0, "the basket left the farmyard");
        let tea = Action::Load { cargo: Cargo::Tea };
        act(&mut s, 0, tea);
        assert_eq!(s.seats()[0].tea, 0, "the bale left the farmyard");
    }
}

/// V-R37 (village/2): "(The last 3 can only be picked up at islands.)" — cocoa, tea and chests
/// brought home are not offered in port, and loading one is refused with its cause; grain and
/// goods still are.
#[test]
fn v_r37_tiles_brought_home_are_not_loaded_again() {
    for set in sets() {
        let value = set.port.chests[0];
        let mut s = brought_home(&set, |p| give(p, 0, Piece::Grain));
        act(&mut s, 0, Action::SetSail { captain: 0 });
        let open: Vec<Action> = s
            .legal_actions(Some(0))
            .into_iter()
            .map(|(_, a)| a)
            .collect();
        assert!(open.contains(&Action::Load {
            cargo: Cargo::Grain
        }));
        for cargo in [Cargo::Cocoa, Cargo::Tea, Cargo::Chest(value)] {
            let load = Action::Load { cargo };
            assert!(!open.contains(&load), "{cargo:?}");
            let v = s.check(0, &load).unwrap_err();
            assert_eq!(v.code, "NOT_OPEN");
            assert!(v.message.contains("picked up at islands only"), "{v}");
        }
        // A state with one aboard in port is one no game reaches.
        let fields = refused_fields(&s, |p| {
            p.seats[0].tea = 0;
            p.seats[0]
                .ship
                .get_or_insert_default()
                .holds
                .push(Cargo::Tea.to_proto());
        });
        assert_eq!(fields, ["seats[0].ship"]);
    }
}

/// §7 moving: the first step is free; further steps cost the captain's purchase (coins standing
/// in for cubes), a purchase buying two steps leaves one paid; entering a time water-space costs
/// 1 time; the port is reached only by returning.
#[test]
fn s7_moving_step_by_step() {
    for set in sets() {
        let base = port_game(&set, 3, 1);
        let sea = &set.port.sea;
        // The captain kind whose purchase buys the most steps.
        let (kind, buy) = set
            .port
            .captains
            .iter()
            .enumerate()
            .flat_map(|(k, c)| c.steps.iter().enumerate().map(move |(i, b)| (k, (i, b))))
            .max_by_key(|(_, (_, b))| b.steps)
            .unwrap();
        let (purchase, buy) = buy;
        let first = sea.neighbours(0)[0];
        let free = set.port.captains[kind].free_steps;
        let sail = sail(free as u8, false);
        let mut s = at_sea(&base, kind as u32, 0, &[], sail, |p| {
            give_cubes(p, 0, buy.colours[0], buy.cubes);
        });
        let open: Vec<Action> = s
            .legal_actions(Some(0))
            .into_iter()
            .map(|(_, a)| a)
            .collect();
        assert!(open
            .iter()
            .all(|a| !matches!(a, Action::Step { to: 0, .. })));
        assert!(!open.contains(&Action::Pass), "a ship leaving port moves");
        for _ in 0..free {
            let to = s.legal_actions(Some(0)).iter().find_map(|(_, a)| match a {
                Action::Step { to, payment: None } => Some(*to),
                _ => None,
            });
            let to = to.unwrap_or(first);
            act(&mut s, 0, Action::Step { to, payment: None });
        }
        let at = s.seats()[0].ship.at;
        // Free steps spent: the next step is paid.
        let next = *sea.neighbours(at).iter().find(|&&n| n != 0).unwrap();
        assert_eq!(
            refused(
                &s,
                0,
                Action::Step {
                    to: next,
                    payment: None
                }
            ),
            "CANNOT_PAY"
        );
        let payment = StepPayment {
            purchase: purchase as u8,
            cubes: {
                let mut c = Cubes::default();
                c.add(buy.colours[0], buy.cubes);
                c
            },
            coins: 0,
        };
        let before = s.seats()[0].life;
        act(
            &mut s,
            0,
            Action::Step {
                to: next,
                payment: Some(payment),
            },
        );
        assert_eq!(s.seats()[0].cubes.total(), 0, "the purchase is paid");
        let time = u32::from(sea.time(next));
        let lap = set.life_track.spaces;
        assert_eq!(
            (s.seats()[0].life + lap - before) % lap,
            time % lap,
            "a time water-space costs 1 time"
        );
        // The purchase's other steps are paid for: the ship may still move (the set's best
        // purchase buys two).
        let Some(Decision::Sail { credit, .. }) = s.decision() else {
            panic!("still sailing: {:?}", s.decision());
        };
        assert_eq!(
            u32::from(credit),
            buy.steps - 1,
            "the purchase's other steps"
        );
    }
}

/// §7 landing: only on the island just entered; its parchment buys pieces from the holds for
/// prestige, its stack gives its top tile into an empty hold once, and the member aboard goes
/// onto its free missionary church for the cost and the prestige.
#[test]
fn s7_landing_on_an_island_and_its_actions() {
    for set in sets() {
        let sea = &set.port.sea;
        // An island with a church and a parchment, preferably one with a stack too.
        let (i, island) = sea
            .islands
            .iter()
            .enumerate()
            .filter(|(_, x)| x.church.is_some() && !x.buys.is_empty())
            .max_by_key(|(_, x)| x.stack.is_some())
            .unwrap();
        let at = sea.island_space(i);
        let (&piece, &prestige) = island.buys.iter().next().unwrap();
        let sold = match piece {
            Piece::Grain => Cargo::Grain,
            Piece::Horse => Cargo::Good(Good::Horse),
            Piece::Ox => Cargo::Good(Good::Ox),
            Piece::Wagon => Cargo::Good(Good::Wagon),
            Piece::Plow => Cargo::Good(Good::Plow),
            Piece::Scroll => Cargo::Good(Good::Scroll),
        };
        let church = island.church.clone().unwrap();
        let mut holds = vec![sold, Cargo::Member];
        if church.cost.wagon > 0 && piece != Piece::Wagon {
            holds.push(Cargo::Good(Good::Wagon));
        }
        let base = port_game(&set, 3, 2);
        let mut s = at_sea(&base, 0, at, &holds, sail_moved(), |p| {
            // The pieces aboard come from the supply; the member from the reserve.
            let supply = supply(p);
            for h in &holds {
                match h {
                    Cargo::Grain => supply.grain -= 1,
                    Cargo::Good(g) => *good(&mut supply.goods, *g) -= 1,
                    _ => {}
                }
            }
            let m = reserve(p, 0);
            p.seats[0].members[m] = Place::Ship.code();
            for (colour, n) in [
                (Colour::Brown, church.cost.brown),
                (Colour::Pink, church.cost.pink),
                (Colour::Orange, church.cost.orange),
                (Colour::Green, church.cost.green),
            ] {
                give_cubes(p, 0, colour, n);
            }
        });
        act(&mut s, 0, Action::Land);
        assert!(matches!(s.decision(), Some(Decision::Island { .. })));
        let before = s.seats()[0].prestige;
        let sold_cargo = s.seats()[0].ship.holds[0];
        let census = s.census();
        act(&mut s, 0, Action::SellCargo { cargo: sold_cargo });
        assert_eq!(s.seats()[0].prestige, before + prestige);
        assert!(!s.seats()[0].ship.holds.contains(&sold_cargo), "sold");
        assert_eq!(s.census(), census, "back to the supply");
        // The church taken by another seat's missionary: no mission.
        let taken = edit(&s, |p| {
            let m = reserve(p, 1);
            p.seats[1].members[m] = Place::Mission(at).code();
        });
        let missions = taken.legal_actions(Some(0));
        assert!(!missions
            .iter()
            .any(|(_, a)| matches!(a, Action::Mission { .. })));
        let mission = s
            .legal_actions(Some(0))
            .into_iter()
            .find_map(|(_, a)| matches!(a, Action::Mission { .. }).then_some(a))
            .expect("the mission is open");
        act(&mut s, 0, mission);
        assert_eq!(s.seats()[0].prestige, before + prestige + church.prestige);
        assert!(s.seats()[0]
            .members
            .contains(&referee::games::village::state::Member {
                generation: s.seats()[0].members[s.seats()[0]
                    .members
                    .iter()
                    .position(|m| m.place == Place::Mission(at))
                    .unwrap()]
                .generation,
                place: Place::Mission(at)
            }));
        assert!(!s.seats()[0].ship.holds.contains(&Cargo::Member));
        assert_eq!(s.seats()[0].cubes.total(), 0, "the church's cubes are paid");
        let wagon_aboard = s.seats()[0].ship.holds.contains(&Cargo::Good(Good::Wagon));
        assert!(!wagon_aboard, "the church's wagon is paid from the hold");
    }
}

/// §7 stacks: the top tile goes into an empty hold, once per landing, never a second of a type.
#[test]
fn s7_the_stacks_top_tile_into_an_empty_hold() {
    for set in sets() {
        for stack in [Stack::Cocoa, Stack::Tea, Stack::Chests] {
            let at = island_with(&set, stack);
            let base = port_game(&set, 3, 2);
            let mut s = at_sea(&base, 0, at, &[], sail_moved(), |_| {});
            act(&mut s, 0, Action::Land);
            let top = *s.harbour().chests.last().unwrap();
            act(&mut s, 0, Action::TakeTile);
            let expected = match stack {
                Stack::Cocoa => Cargo::Cocoa,
                Stack::Tea => Cargo::Tea,
                Stack::Chests => Cargo::Chest(top),
            };
            assert_eq!(s.seats()[0].ship.holds, [expected]);
            // Once per landing: the island has nothing more for this ship, the turn is over.
            assert!(!matches!(s.decision(), Some(Decision::Island { .. })));
            // An empty stack gives nothing.
            let empty = at_sea(&base, 0, at, &[], sail_moved(), |p| {
                let h = harbour(p);
                match stack {
                    Stack::Cocoa => (h.gone_cocoa, h.cocoa) = (h.cocoa, 0),
                    Stack::Tea => (h.gone_tea, h.tea) = (h.tea, 0),
                    Stack::Chests => h.gone_chests.append(&mut h.chests),
                }
            });
            let mut empty = empty;
            act(&mut empty, 0, Action::Land);
            assert!(
                empty.seats()[0].ship.holds.is_empty(),
                "nothing to take there"
            );
            assert!(!matches!(empty.decision(), Some(Decision::Island { .. })));
        }
    }
}

/// §7 return to port: exactly 1 time, everything unloaded onto the farmyard (grain beyond the
/// farmyard's limit back to the supply, [R] §10.9), the captain out of the game; a chest lies
/// face down and is cashed for its coins at any decision of its owner.
#[test]
fn s7_returning_to_port_unloads_and_chests_are_cashed_any_time() {
    for set in sets() {
        let base = port_game(&set, 3, 2);
        let limit = set.supply.farmyard_grain_limit;
        let value = set.port.chests[0];
        let holds = [Cargo::Grain, Cargo::Chest(value), Cargo::Cocoa];
        let act_travel = Decision::Act {
            seat: 0,
            space: Space::Travel,
        };
        let mut s = at_sea(&base, 1, 1, &holds, act_travel, |p| {
            let h = harbour(p);
            take_chest(h, value);
            h.cocoa -= 1;
            supply(p).grain -= 1;
            for _ in 0..limit {
                give(p, 0, Piece::Grain);
            }
        });
        let supply_grain = s.board().supply.grain;
        let life = s.seats()[0].life;
        act(&mut s, 0, Action::ReturnToPort);
        let seat = &s.seats()[0];
        assert_eq!(seat.ship.at, 0);
        assert!(seat.ship.holds.is_empty() && seat.ship.captain.is_none());
        assert_eq!(seat.grain, limit, "the farmyard is full");
        assert_eq!(
            s.board().supply.grain,
            supply_grain + 1,
            "the grain beyond it is lost"
        );
        assert_eq!((seat.cocoa, seat.chests.clone()), (1, vec![value]));
        assert_eq!(s.harbour().gone.captains[1], 1, "the captain left the game");
        assert_eq!(
            (seat.life + set.life_track.spaces - life) % set.life_track.spaces,
            1 % set.life_track.spaces
        );
        // Another seat's view: the chest is a count.
        let other = s.view(Some(1));
        assert!(other.seats[0].chests.is_empty());
        assert_eq!(other.chest_counts[0], 1);
        // Cashing at the owner's next decision, which stays open.
        let mut s = edit(&s, |p| {
            p.pending = decisions([Decision::Turn { seat: 0 }]);
        });
        let coins = s.seats()[0].coins;
        let decision = s.decision();
        act(&mut s, 0, Action::CashChest { value });
        assert_eq!(s.seats()[0].coins, coins + value);
        assert_eq!(s.decision(), decision);
        assert_eq!(s.harbour().gone.chests, [value]);
        assert_eq!(refused(&s, 0, Action::CashChest { value }), "NOTHING_THERE");
    }
}

/// §7 market: a cocoa basket brought home sells for 7 prestige, a tea bale for 5 prestige and 1
/// coin, at the always-open stalls, with the market's free-first-sale rule; sold tiles leave.
#[test]
fn s7_cocoa_and_tea_sell_at_the_market() {
    for set in sets() {
        let s = edit(&port_game(&set, 3, 2), |p| {
            let h = harbour(p);
            h.cocoa -= 1;
            h.tea -= 1;
            p.seats[0].cocoa = 1;
            p.seats[0].tea = 1;
            p.seats[0].coins = 3;
            give_cubes(p, 0, Colour::Green, 1);
            p.pending = decisions([Decision::MarketDay {
                trigger: 0,
                seat: 0,
                passed: 0,
                free: true,
            }]);
        });
        let mut s = s;
        let (prestige, coins) = (s.seats()[0].prestige, s.seats()[0].coins);
        act(&mut s, 0, Action::SellCocoa { payment: None });
        assert_eq!(s.seats()[0].prestige, prestige + 7);
        assert_eq!(s.harbour().gone.cocoa, 1);
        // Seat 0 again (the others cannot sell): a paid sale now.
        assert!(matches!(
            s.decision(),
            Some(Decision::MarketDay { seat: 0, .. })
        ));
        {
            assert_eq!(
                refused(&s, 0, Action::SellTea { payment: None }),
                "CANNOT_PAY"
            );
            let paid = s
                .legal_actions(Some(0))
                .into_iter()
                .find_map(|(_, a)| matches!(a, Action::SellTea { payment: Some(_) }).then_some(a))
                .unwrap();
            act(&mut s, 0, paid);
            assert_eq!(s.seats()[0].prestige, prestige + 12);
            assert_eq!(s.harbour().gone.tea, 1);
            let spent = coins + 1 - s.seats()[0].coins;
            assert!(
                spent <= 1,
                "tea brings a coin; the green was a cube or a coin"
            );
        }
    }
}

/// §7 "A family member passes away at sea": a member dying on the ship or a mission goes to the
/// chronicle's travel section, else to the next sea burial space and its prestige at once; the
/// last sea burial space ends the game.
#[test]
fn s7_a_member_dying_at_sea_is_buried_at_sea_when_the_travel_section_is_full() {
    for set in sets() {
        let players = 3u8;
        let travel_open: Vec<u32> = (0u32..)
            .zip(&set.chronicle.travel)
            .filter(|(_, l)| l.open(players))
            .map(|(i, _)| i)
            .collect();
        let burials = set.port.sea_burials.len();
        let base = port_game(&set, 3, 4);
        // The travel action at sea after a cube that passed time: one death owed.
        let travel = Decision::Act {
            seat: 0,
            space: Space::Travel,
        };
        let mut s = at_sea(&base, 0, 1, &[Cargo::Member], travel, |p| {
            // Every generation-1 member of seat 0 dies on the ship or missions: fill the travel
            // section with seat 1's reserve, the sea burials but the last with seat 2's.
            let reserved = |m: &&mut u32| **m == Place::Reserve.code();
            let mut reserve = p.seats[1].members.iter_mut().filter(reserved);
            for &i in &travel_open {
                *reserve.next().unwrap() = Place::Chronicle(Section::Travel, i as u8).code();
            }
            let mut reserve = p.seats[2].members.iter_mut().filter(reserved);
            for b in 0..burials - 1 {
                *reserve.next().unwrap() = Place::SeaBurial(b as u8).code();
            }
            // Seat 0: its only visible member is the one aboard (the rest in the reserve).
            for m in &mut p.seats[0].members {
                if *m == Place::Farmyard.code() {
                    *m = Place::BlackBag.code();
                }
            }
            p.seats[0].members[0] = Place::Ship.code();
            p.seats[0].prestige = 0;
            p.seats[2].prestige += set.port.sea_burials[..burials - 1].iter().sum::<u32>();
            p.due = 1;
        });
        // The seat declines the action; the death comes at the end of the turn.
        let mut events = act(&mut s, 0, Action::Pass);
        while s
            .decision()
            .is_some_and(|d| d.seat() == 0 && !matches!(d, Decision::Turn { .. }))
        {
            let (seat, a) = *s
                .legal_actions(Some(0))
                .iter()
                .find(|(_, a)| *a == Action::Pass)
                .unwrap_or(&s.legal_actions(Some(0))[0]);
            events.extend(act(&mut s, seat, a));
        }
        let last = burials as u8 - 1;
        assert_eq!(s.seats()[0].members[0].place, Place::SeaBurial(last));
        assert_eq!(
            s.seats()[0].prestige,
            set.port.sea_burials[usize::from(last)]
        );
        assert!(
            events.contains(&Event::EndTriggered { seat: 0 }),
            "the last burial space"
        );
        assert!(!s.seats()[0].ship.holds.contains(&Cargo::Member));
    }
}

/// §7: the family action never calls home a member from the ship or a missionary church.
#[test]
fn s7_the_family_action_does_not_recall_from_sea() {
    for set in sets() {
        let at = set.port.sea.island_space(
            set.port
                .sea
                .islands
                .iter()
                .position(|x| x.church.is_some())
                .unwrap(),
        );
        let base = port_game(&set, 3, 4);
        let family = Decision::Act {
            seat: 0,
            space: Space::Family,
        };
        let s = at_sea(&base, 0, 1, &[Cargo::Member], family, |p| {
            p.seats[0].members[0] = Place::Ship.code();
            p.seats[0].members[1] = Place::Mission(at).code();
        });
        for member in [0, 1] {
            assert_eq!(
                refused(&s, 0, Action::Recall { member }),
                "MEMBER_NOT_THERE"
            );
        }
    }
}

/// States no game can reach with Village Port, refused by field.
#[test]
fn unreachable_port_states_are_refused() {
    for set in sets() {
        let s = port_game(&set, 3, 5);
        let refused_on = |field: &str, f: &dyn Fn(&mut v1::VillageState)| {
            let fields = refused_fields(&s, f);
            assert!(fields.contains(&field.to_owned()), "{field}: {fields:?}");
        };
        let ship = |at: u8, captain: Option<u8>, holds: Vec<Cargo>| Ship { at, captain, holds };
        let spaces = set.port.sea.spaces() as u8;
        refused_on("seats[0].ship", &|p| {
            harbour(p).captains[0] -= 1;
            p.seats[0].ship = ship(spaces, Some(0), vec![]).to_proto();
        });
        refused_on("seats[0].ship", &|p| {
            harbour(p).captains[0] -= 1;
            p.seats[0].ship = ship(0, Some(0), vec![]).to_proto();
        });
        refused_on("seats[0].ship", &|p| {
            p.seats[0].ship = ship(1, None, vec![]).to_proto()
        });
        refused_on("seats[0].ship", &|p| {
            harbour(p).captains[0] -= 1;
            p.seats[0].ship = ship(1, Some(0), vec![Cargo::Member]).to_proto();
        });
        refused_on("seats[0].members[0]", &|p| {
            p.seats[0].members[0] = Place::Mission(1).code()
        });
        refused_on("harbour.captains", &|p| harbour(p).captains[0] += 1);
        refused_on("harbour.chests", &|p| {
            harbour(p).chests.pop().map(|_| ()).unwrap_or(())
        });
        refused_on("harbour", &|p| harbour(p).cocoa += 1);
        refused_on("seats[1].members[0]", &|p| {
            opts(p).port = false;
            p.seats[1].members[0] = Place::Ship.code();
        });
        // A sea burial space holds one member, and is one of the set's.
        refused_on("seats[1].members[1]", &|p| {
            p.seats[1].members[0] = Place::SeaBurial(0).code();
            p.seats[1].members[1] = Place::SeaBurial(0).code();
        });
        let burials = set.port.sea_burials.len() as u8;
        refused_on("seats[1].members[0]", &|p| {
            p.seats[1].members[0] = Place::SeaBurial(burials).code()
        });
        // A captain kind the set has; at most three holds; never two of a type.
        let kinds = set.port.captains.len() as u8;
        refused_on("seats[0].ship", &|p| {
            p.seats[0].ship = ship(1, Some(kinds), vec![]).to_proto();
        });
        let aboard = |holds: Vec<Cargo>| {
            move |p: &mut v1::VillageState| {
                harbour(p).captains[0] -= 1;
                let supply = supply(p);
                supply.grain -= holds.iter().filter(|&&c| c == Cargo::Grain).count() as u32;
                *good(&mut supply.goods, Good::Horse) -= holds
                    .iter()
                    .filter(|&&c| c == Cargo::Good(Good::Horse))
                    .count() as u32;
                p.seats[0].ship = ship(1, Some(0), holds.clone()).to_proto();
            }
        };
        refused_on("seats[0].ship", &aboard(vec![Cargo::Grain, Cargo::Grain]));
        let four = vec![
            Cargo::Grain,
            Cargo::Good(Good::Horse),
            Cargo::Cocoa,
            Cargo::Good(Good::Ox),
        ];
        let fields = refused_fields(&s, |p| {
            harbour(p).cocoa -= 1;
            *good(&mut supply(p).goods, Good::Ox) -= 1;
            aboard(four.clone())(p);
        });
        assert!(fields.contains(&"seats[0].ship".to_owned()), "{fields:?}");
    }
    // Every player count's own setup is accepted as it stands (stacks by player count).
    for set in sets() {
        for players in 2..=5 {
            edit(&port_game(&set, players, 6), |_| {});
        }
    }
}

/// A Port game with seat 0 to take a turn on `cubes`, and the chest `value` brought home by seat 1.
fn chest_at_home(
    set: &Arc<Components>,
    cubes: &[(Space, Cube)],
    f: impl FnOnce(&mut v1::VillageState),
) -> State {
    let value = set.port.chests[0];
    edit(&port_game(set, 3, 1), |p| {
        board(p, cubes);
        turn(p, 0);
        let h = harbour(p);
        take_chest(h, value);
        p.seats[1].chests = vec![value];
        f(p);
    })
}

/// V-R39 (village/2): "At any point during the game, you may turn it face up, take the amount of
/// coins shown on it" — a chest brought home is cashed out of turn, listed for its owner and named
/// in `Status.free`, and who is to act does not change; under `village/1` it waits for the owner's
/// decision.
#[test]
fn v_r39_a_chest_is_cashed_out_of_turn() {
    for set in sets() {
        let value = set.port.chests[0];
        let cash = Action::CashChest { value };
        let mut s = chest_at_home(&set, &[(Space::Harvest, GREEN)], |_| {});
        assert_eq!(s.status().free, [1]);
        assert_eq!(s.legal_actions(Some(1)), [(1, cash)]);
        assert_eq!(refused(&s, 2, cash), "NOTHING_THERE");
        let old = under(&s, Rules::V1);
        assert_eq!(refused(&old, 1, cash), "NOT_YOUR_TURN");
        assert!(old.status().free.is_empty() && old.legal_actions(Some(1)).is_empty());
        let coins = s.seats()[1].coins;
        let decision = s.decision();
        act(&mut s, 1, cash);
        assert_eq!(s.seats()[1].coins, coins + value);
        assert_eq!(s.decision(), decision, "seat 0 is still to act");
        assert!(s.status().free.is_empty());
    }
}

/// V-R39 (village/2): a seat whose chests would pay is asked rather than passed over: at the
/// mass's buy-out with members in the black bag and no coin, and at a market day with a customer's
/// goods and nothing to pay the sale with. Under `village/1` it was passed over.
#[test]
fn v_r39_a_seat_whose_chests_would_pay_is_asked() {
    for set in sets() {
        let value = set.port.chests[0];
        let cash = Action::CashChest { value };
        // The buy-out.
        let mut s = chest_at_home(&set, &[(Space::Church, GREEN)], |p| {
            p.seats[1].members[0] = Place::BlackBag.code();
            p.seats[1].coins = 0;
        });
        let mut old = under(&s, Rules::V1);
        let take = Action::TakeCube {
            space: Space::Church,
            cube: GREEN,
        };
        for s in [&mut s, &mut old] {
            act(s, 0, take);
            act(s, 0, Action::Pass);
        }
        assert_eq!(s.decision(), Some(Decision::BuyOut { seat: 1, bought: 0 }));
        assert_eq!(s.legal_actions(None), [(1, Action::Pass), (1, cash)]);
        assert!(!matches!(old.decision(), Some(Decision::BuyOut { .. })));
        act(&mut s, 1, cash);
        assert!(s
            .legal_actions(None)
            .contains(&(1, Action::BuyOut { count: 1 })));
        // The market day: seat 0 triggers it and has nothing to sell.
        let s = chest_at_home(&set, &[(Space::Market, GREEN)], |p| {
            p.seats[1].coins = 0;
        });
        let tile = s.market().stalls.iter().flatten().next().copied().unwrap();
        let s = edit(&s, |p| give_demand(p, &set, 1, u32::from(tile)));
        let market = Action::TakeCube {
            space: Space::Market,
            cube: GREEN,
        };
        let (mut s, mut old) = (s.clone(), under(&s, Rules::V1));
        act(&mut s, 0, market);
        act(&mut old, 0, market);
        assert!(
            matches!(s.decision(), Some(Decision::MarketDay { seat: 1, .. })),
            "{:?}",
            s.decision()
        );
        assert!(!matches!(
            old.decision(),
            Some(Decision::MarketDay { seat: 1, .. })
        ));
        act(&mut s, 1, cash);
        let stall = stall_of(&s, tile);
        assert!(s
            .legal_actions(Some(1))
            .iter()
            .any(|(_, a)| matches!(a, Action::Serve { stall: x, .. } if *x == stall)));
    }
}
