//! Every kind of Village refusal names its cause: the code a client branches on, a sentence that
//! says what is missing, and the details a client reads (docs/errors.md, "Village"). One state
//! per kind, changed only in what the refusal is about.

use std::sync::Arc;

use referee::core::{Seat, Violation};
use referee::games::village::action::StepPayment;
use referee::games::village::components::{Components, Island, Piece, Stack};
use referee::games::village::pieces::{Colour, Good, Space};
use referee::games::village::state::church::ChurchPayment;
use referee::games::village::state::council::{CouncilPayment, Privilege};
use referee::games::village::state::family::{Building, Place};
use referee::games::village::state::payment::CubePayment;
use referee::games::village::state::sea::Cargo;
use referee::games::village::state::Goal;
use referee::games::village::{new_game, Action, Cube, Decision, Options, Rules, State};
use referee::pb::v1;

use crate::common::village::{
    cube, decisions, edit, generations, give, give_cubes, give_demand, good, harbour, market,
    provisional, scenario, supply, under,
};
use referee::games::Play;

/// The refusal of an action that must be refused.
fn refusal(state: &State, seat: Seat, action: Action) -> Violation {
    state
        .check(seat, &action)
        .expect_err("the action should be refused")
}

/// The refusal has this code, its sentence contains `says`, and its details include these.
#[track_caller]
fn expect(v: Violation, code: &str, says: &str, details: &[(&str, &str)]) {
    assert_eq!(v.code, code, "{v}");
    assert!(v.message.contains(says), "{:?} lacks {says:?}", v.message);
    assert_ne!(v.message, referee::games::village::UNEXPLAINED);
    for (key, value) in details {
        assert!(
            v.details.iter().any(|(k, x)| k == key && x == value),
            "{:?} lacks {key}={value}",
            v.details
        );
    }
}

/// Seat 0 of a 3-player game (with `options`) deciding `decision`, after `f`.
fn deciding(
    set: &Arc<Components>,
    options: Options,
    decision: Decision,
    f: impl FnOnce(&mut v1::VillageState),
) -> State {
    let s = new_game(Arc::clone(set), 3, 0, 5, options).unwrap();
    edit(&s, |p| {
        p.pending = decisions([decision]);
        f(p);
    })
}

fn base() -> Options {
    Options {
        no_starting_compensation: true,
        ..Options::default()
    }
}

fn port() -> Options {
    Options {
        port: true,
        ..base()
    }
}

fn act_on(space: Space) -> Decision {
    Decision::Act { seat: 0, space }
}

fn no_payment() -> CubePayment {
    CubePayment {
        cubes: Default::default(),
        coins: Default::default(),
    }
}

/// The envelope: a seat the game does not have gets `NO_SUCH_SEAT` in Village as in every game.
#[test]
fn a_seat_the_game_does_not_have() {
    let set = provisional();
    let s = scenario(&set, &[(Space::Harvest, GREEN)], |_| {});
    for seat in [3, 7] {
        expect(
            refusal(&s, seat, Action::Pass),
            "NO_SUCH_SEAT",
            "does not exist in a 3-player game",
            &[("players", "3")],
        );
    }
}

const GREEN: Cube = Cube::Influence(Colour::Green);

/// The turn: a cube not on its space, the well without three cubes of the colour, an action
/// that answers another decision.
#[test]
fn the_turn() {
    let set = provisional();
    let s = scenario(&set, &[(Space::Harvest, GREEN)], |p| {
        give_cubes(p, 0, Colour::Brown, 2)
    });
    let pink = Cube::Influence(Colour::Pink);
    expect(
        refusal(
            &s,
            0,
            Action::TakeCube {
                space: Space::Family,
                cube: pink,
            },
        ),
        "NOTHING_THERE",
        "no pink cube on the family space",
        &[("space", "family"), ("cube", "pink")],
    );
    expect(
        refusal(
            &s,
            0,
            Action::UseWell {
                colour: Colour::Brown,
            },
        ),
        "CANNOT_PAY",
        "coins do not count",
        &[("needs", "3 brown"), ("has", "2 brown")],
    );
    expect(
        refusal(&s, 0, Action::Harvest),
        "WRONG_DECISION",
        "(turn)",
        &[("phase", "turn")],
    );
}

/// Family: an empty reserve; a member that cannot be called home, or that does not exist.
/// (Harvesting with nobody on the farmyard is never asked: the decision would hold only `Pass`.)
#[test]
fn family() {
    let set = provisional();
    let s = deciding(&set, base(), act_on(Space::Family), |p| {
        for m in &mut p.seats[0].members {
            if *m == Place::Reserve.code() {
                *m = Place::Farmyard.code();
            }
        }
        p.seats[0].members[0] = Place::Building(Building::Office).code();
        p.seats[0].members[1] = Place::BlackBag.code();
    });
    expect(
        refusal(&s, 0, Action::NewMember),
        "NOT_OPEN",
        "reserve is empty",
        &[],
    );
    expect(
        refusal(&s, 0, Action::Recall { member: 1 }),
        "MEMBER_NOT_THERE",
        "Member 1 is in the black bag",
        &[("member", "1"), ("at", "black_bag")],
    );
    let family = s.seats()[0].members.len().to_string();
    expect(
        refusal(&s, 0, Action::Recall { member: 40 }),
        "NO_SUCH_MEMBER",
        "no member 40",
        &[("member", "40"), ("family", family.as_str())],
    );
}

/// Crafts: producing untrained, a good the building does not make, the price's grain short,
/// the mill's grain short, the supply out of a good.
#[test]
fn crafts() {
    let set = provisional();
    let s = deciding(&set, base(), act_on(Space::Crafts), |_| {});
    let scroll = Action::Produce {
        building: Building::Office,
        good: Good::Scroll,
    };
    expect(
        refusal(&s, 0, scroll),
        "NOT_OPEN",
        "needs a member trained at the office",
        &[("building", "office")],
    );
    let ox = Action::Buy {
        building: Building::Office,
        good: Good::Ox,
        payment: no_payment(),
    };
    expect(
        refusal(&s, 0, ox),
        "NOT_OPEN",
        "The office does not make an ox",
        &[("building", "office"), ("good", "ox")],
    );
    let price = set.buildings.stables.payment;
    assert!(price.grain > 0, "the stables' price asks for grain");
    let short = deciding(&set, base(), act_on(Space::Crafts), |p| {
        for _ in 1..price.grain {
            give(p, 0, Piece::Grain);
        }
    });
    let needs = format!("{} grain", price.grain);
    let has = format!("{} grain", price.grain - 1);
    let horse = Action::Buy {
        building: Building::Stables,
        good: Good::Horse,
        payment: CubePayment {
            cubes: price.cubes(),
            coins: Default::default(),
        },
    };
    expect(
        refusal(&short, 0, horse),
        "CANNOT_PAY",
        "The price at the stables takes",
        &[("needs", needs.as_str()), ("has", has.as_str())],
    );
    let needs = format!("{} grain", set.mill.grain);
    expect(
        refusal(&s, 0, Action::Mill),
        "CANNOT_PAY",
        "The mill takes",
        &[("needs", needs.as_str()), ("has", "0 grain")],
    );
    let empty = edit(&s, |p| {
        let n = std::mem::take(&mut *good(&mut supply(p).goods, Good::Scroll));
        *good(&mut p.seats[1].goods, Good::Scroll) += n;
        p.seats[0].members[0] = Place::Building(Building::Office).code();
    });
    expect(
        refusal(&empty, 0, scroll),
        "SUPPLY_EMPTY",
        "no scroll left",
        &[("piece", "scroll")],
    );
}

/// The council chamber: paying with a scroll not held, the top stage, privileges above the
/// stage or without a member there, a pair of one colour the supply has one of, and the marker
/// gone.
#[test]
fn the_council_chamber() {
    let set = provisional();
    let s = deciding(&set, base(), act_on(Space::Council), |p| {
        p.seats[0].members[1] = Place::Council(4).code();
    });
    expect(
        refusal(
            &s,
            0,
            Action::EnterCouncil {
                member: 0,
                payment: CouncilPayment::Scroll,
            },
        ),
        "CANNOT_PAY",
        "takes a scroll",
        &[("needs", "1 scroll"), ("has", "0 scroll")],
    );
    let climb = Action::AdvanceCouncil {
        member: 1,
        payment: CouncilPayment::Green(no_payment()),
    };
    expect(
        refusal(&s, 0, climb),
        "NOT_OPEN",
        "top stage",
        &[("stage", "4")],
    );
    let two = edit(&s, |p| p.seats[0].members[1] = Place::Council(2).code());
    let good = Action::UsePrivilege {
        privilege: Privilege::Good(Good::Plow),
    };
    expect(
        refusal(&two, 0, good),
        "NOT_OPEN",
        "stage 3's; the seat's member stands on stage 2",
        &[("stage", "3"), ("up_to", "2")],
    );
    let none = edit(&s, |p| {
        p.seats[0].members[1] = Place::Farmyard.code();
        give(p, 0, Piece::Scroll);
    });
    expect(
        refusal(&none, 0, good),
        "NOT_OPEN",
        "has none there",
        &[("up_to", "0")],
    );
    let order = Action::UsePrivilege {
        privilege: Privilege::Cubes([Colour::Green, Colour::Pink]),
    };
    expect(
        refusal(&under(&s, Rules::V1), 0, order),
        "NOT_OPEN",
        "in colour order (brown, pink, orange, green): pink, then green",
        &[("field", "colours")],
    );
    // V-R40: from village/2 on, either order is the listed choice.
    assert_eq!(s.check(0, &order), Ok(()));
    // A pair of one colour needs two such cubes in the supply.
    let one_pink = edit(&s, |p| {
        let pinks = *cube(&mut supply(p).cubes, Colour::Pink);
        give_cubes(p, 1, Colour::Pink, pinks - 1);
    });
    let pair = Action::UsePrivilege {
        privilege: Privilege::Cubes([Colour::Pink, Colour::Pink]),
    };
    expect(
        refusal(&one_pink, 0, pair),
        "SUPPLY_EMPTY",
        "There is no second pink cube left to take.",
        &[("piece", "pink")],
    );
    let taken = edit(&s, |p| p.marker = Some(2));
    expect(
        refusal(
            &taken,
            0,
            Action::UsePrivilege {
                privilege: Privilege::Marker,
            },
        ),
        "NOT_OPEN",
        "seat 2 has it",
        &[("holder", "2")],
    );
}

/// Travel and the church: a path that does not start where the member is, a church visit paid
/// with a brown cube the seat does not have.
#[test]
fn travel_and_church() {
    let set = provisional();
    let far = set
        .travel
        .paths
        .iter()
        .position(|p| !p.between.iter().any(|e| e == "village"))
        .expect("a path between two cities") as u8;
    let s = deciding(&set, base(), act_on(Space::Travel), |p| {
        for piece in [Piece::Horse, Piece::Ox, Piece::Wagon] {
            give(p, 0, piece);
        }
        p.seats[0].coins = 10;
    });
    let far_text = far.to_string();
    expect(
        refusal(
            &s,
            0,
            Action::Travel {
                member: 0,
                path: far,
                payment: no_payment(),
            },
        ),
        "NOT_OPEN",
        "member 0 is on the farmyard",
        &[("path", far_text.as_str()), ("member", "0")],
    );
    let s = deciding(&set, base(), act_on(Space::Church), |_| {});
    let mut brown = no_payment();
    brown.cubes.add(Colour::Brown, 1);
    expect(
        refusal(
            &s,
            0,
            Action::Church {
                member: 0,
                payment: ChurchPayment::Cube(brown),
            },
        ),
        "CANNOT_PAY",
        "1 brown cubes from the farmyard, which holds 0",
        &[("needs", "1 brown"), ("has", "0 brown")],
    );
}

/// Dying, the mass and life goals: a g3 named while a g2 is in sight, more buy-outs than
/// coins, a step left of the leftmost window, a goal the seat does not hold.
#[test]
fn dying_the_mass_and_goals() {
    let set = provisional();
    let s = deciding(&set, base(), Decision::Dying { seat: 0, left: 1 }, |p| {
        let generation = generations(&set);
        let members = &mut p.seats[0].members;
        for (m, g) in members.iter_mut().zip(&generation) {
            *m = match g {
                1 => Place::BlackBag.code(),
                _ => Place::Reserve.code(),
            };
        }
        let of = |g: u8| generation.iter().position(|&x| x == g).unwrap();
        let (g2, g3) = (of(2), of(3));
        // Every g2 is born (g3 is out); two of them in sight.
        for m in &mut members[g2..g3] {
            *m = Place::BlackBag.code();
        }
        members[g2] = Place::Farmyard.code();
        members[g2 + 1] = Place::Building(Building::Office).code();
        members[g3] = Place::Farmyard.code();
    });
    let g3 = s.seats()[0]
        .members
        .iter()
        .position(|m| m.generation == 3)
        .unwrap() as u8;
    expect(
        refusal(&s, 0, Action::Die { member: g3 }),
        "NOT_OPEN",
        "The lowest generation in sight dies first",
        &[("generation", "3"), ("lowest", "2")],
    );
    let s = deciding(&set, base(), Decision::BuyOut { seat: 0, bought: 0 }, |p| {
        p.seats[0].members[0] = Place::BlackBag.code();
        p.seats[0].members[1] = Place::BlackBag.code();
        p.seats[0].coins = 1;
    });
    expect(
        refusal(&s, 0, Action::BuyOut { count: 2 }),
        "CANNOT_PAY",
        "Buying out takes 2 coins",
        &[("needs", "2 coins"), ("has", "1 coins")],
    );
    let leftmost = set.church.step_grain.len() as u8;
    let s = deciding(&set, base(), Decision::Windows { seat: 0 }, |p| {
        p.seats[0].members[0] = Place::Window(leftmost).code();
        p.seats[0].members[1] = Place::Window(0).code();
        for _ in 0..set.church.step_grain[0] {
            give(p, 0, Piece::Grain);
        }
    });
    let window = leftmost.to_string();
    expect(
        refusal(&s, 0, Action::MoveLeft { member: 0 }),
        "NOT_OPEN",
        "on the leftmost window already",
        &[("window", window.as_str())],
    );
    expect(
        refusal(&s, 0, Action::RevealGoal { goal: Goal::Saint }),
        "NOT_OPEN",
        "does not hold the saint goal",
        &[("goal", "saint")],
    );
}

/// The market day: a customer whose pieces the seat lacks, an empty or missing stall, a paid
/// sale named without its payment, cocoa the seat has not brought home.
#[test]
fn the_market_day() {
    let set = provisional();
    let day = Decision::MarketDay {
        trigger: 1,
        seat: 0,
        passed: 0,
        free: true,
    };
    let s = deciding(&set, base(), day, |p| {
        let tile = market(p).stalls.iter().find_map(|t| t.customer).unwrap();
        give_demand(p, &set, 0, tile);
        p.seats[0].coins = 1;
    });
    let stalls = s.market().stalls.len();
    let served = (0..stalls).find(|&i| s.can_serve(0, i)).unwrap() as u8;
    let lacking = (0..stalls)
        .find(|&i| s.lacking(0, i).is_some_and(|l| !l.is_empty()))
        .expect("a customer the seat cannot serve") as u8;
    let v = refusal(
        &s,
        0,
        Action::Serve {
            stall: lacking,
            payment: None,
        },
    );
    expect(
        v.clone(),
        "CANNOT_PAY",
        "demands pieces the farmyard lacks",
        &[],
    );
    assert!(v.details.iter().any(|(k, _)| *k == "lacking"), "{v:?}");
    expect(
        refusal(
            &s,
            0,
            Action::Serve {
                stall: served,
                payment: None,
            },
        ),
        "CANNOT_PAY",
        "This sale costs 1 green cube",
        &[("needs", "1 green")],
    );
    expect(
        refusal(
            &s,
            0,
            Action::Serve {
                stall: 200,
                payment: None,
            },
        ),
        "NOTHING_THERE",
        "No customer stands on stall 200",
        &[("stall", "200")],
    );
    expect(
        refusal(&s, 0, Action::SellCocoa { payment: None }),
        "NOTHING_THERE",
        "no cocoa basket",
        &[("piece", "cocoa")],
    );
}

/// Village Port: a captain the seat cannot pay, travel on the map, a second member aboard, a
/// chest not brought home, a step into port.
#[test]
fn village_port() {
    let set = provisional();
    let kinds = &set.port.captains;
    let cheapest = kinds.iter().map(|k| k.cost).min().unwrap();
    let dearer = kinds.iter().position(|k| k.cost > cheapest).unwrap();
    let s = deciding(&set, port(), act_on(Space::Travel), |p| {
        p.seats[0].coins = cheapest
    });
    let needs = format!("{} coins", kinds[dearer].cost);
    let has = format!("{cheapest} coins");
    expect(
        refusal(
            &s,
            0,
            Action::SetSail {
                captain: dearer as u8,
            },
        ),
        "CANNOT_PAY",
        "That captain takes",
        &[("needs", needs.as_str()), ("has", has.as_str())],
    );
    expect(
        refusal(
            &s,
            0,
            Action::Travel {
                member: 0,
                path: 0,
                payment: no_payment(),
            },
        ),
        "NOT_OPEN",
        "With Village Port the travel action sails the ship",
        &[],
    );
    let holds = ship_at(&set, 0, Decision::Load { seat: 0 }, |p| {
        aboard(p, Cargo::Member);
        give(p, 0, Piece::Horse);
    });
    expect(
        refusal(&holds, 0, Action::Embark { member: 1 }),
        "HOLDS_FULL",
        "carries a member already",
        &[("piece", "member"), ("aboard", "1")],
    );
    expect(
        refusal(&holds, 0, Action::CashChest { value: 4 }),
        "NOTHING_THERE",
        "no chest worth 4",
        &[("value", "4")],
    );
    let sail = Decision::Sail {
        seat: 0,
        free: 1,
        credit: 0,
        moved: true,
    };
    let sea = ship_at(&set, 1, sail, |_| {});
    expect(
        refusal(
            &sea,
            0,
            Action::Step {
                to: 0,
                payment: None,
            },
        ),
        "NOT_OPEN",
        "Steps never enter the port",
        &[("to", "0")],
    );
}

/// A piece into seat 0's holds, taken from where play takes it (a good or grain from the
/// supply, a member from the farmyard).
fn aboard(p: &mut v1::VillageState, cargo: Cargo) {
    match cargo {
        Cargo::Good(g) => *good(&mut supply(p).goods, g) -= 1,
        Cargo::Grain => supply(p).grain -= 1,
        Cargo::Member => {
            let m = p.seats[0]
                .members
                .iter_mut()
                .find(|m| **m == Place::Farmyard.code());
            *m.unwrap() = Place::Ship.code();
        }
        _ => {}
    }
    p.seats[0]
        .ship
        .get_or_insert_default()
        .holds
        .push(cargo.to_proto());
}

/// Seat 0's ship with captain kind 0 at `at`, deciding `decision`, after `f`.
fn ship_at(
    set: &Arc<Components>,
    at: u8,
    decision: Decision,
    f: impl FnOnce(&mut v1::VillageState),
) -> State {
    deciding(set, port(), decision, |p| {
        harbour(p).captains[0] -= 1;
        p.seats[0].ship.get_or_insert_default().captain = Some(0);
        p.seats[0].ship.get_or_insert_default().at = at.into();
        f(p);
    })
}

/// The sea board space of the first island that `keep` accepts.
fn island(set: &Components, keep: impl Fn(&Island) -> bool) -> u8 {
    let sea = &set.port.sea;
    let i = sea.islands.iter().position(keep).expect("such an island");
    sea.island_space(i)
}

/// On an island: a second tile, a stack that is gone or absent, full holds, a chest onto a
/// chest, a piece the holds lack or the parchment does not buy, a missionary church without its
/// wagon, without a member aboard, or on an island without one.
#[test]
fn on_an_island() {
    let set = provisional();
    let mission = Action::Mission {
        payment: no_payment(),
    };
    let grain_and_stack = island(&set, |x| {
        x.stack.is_some() && x.buys.contains_key(&Piece::Grain)
    });
    let took = Decision::Island {
        seat: 0,
        took: true,
    };
    let s = ship_at(&set, grain_and_stack, took, |p| aboard(p, Cargo::Grain));
    expect(
        refusal(&s, 0, Action::TakeTile),
        "NOT_OPEN",
        "taken on this landing already",
        &[],
    );
    expect(
        refusal(
            &s,
            0,
            Action::SellCargo {
                cargo: Cargo::Good(Good::Ox),
            },
        ),
        "NOTHING_THERE",
        "carry no ox",
        &[("piece", "ox")],
    );
    let fresh = Decision::Island {
        seat: 0,
        took: false,
    };
    let full = ship_at(&set, grain_and_stack, fresh, |p| {
        aboard(p, Cargo::Grain);
        aboard(p, Cargo::Member);
        aboard(p, Cargo::Good(Good::Horse));
    });
    expect(
        refusal(&full, 0, Action::TakeTile),
        "HOLDS_FULL",
        "holds are full",
        &[("aboard", "3")],
    );
    let horse = Action::SellCargo {
        cargo: Cargo::Good(Good::Horse),
    };
    if !set
        .port
        .sea
        .island(grain_and_stack)
        .unwrap()
        .buys
        .contains_key(&Piece::Horse)
    {
        expect(
            refusal(&full, 0, horse),
            "NOT_OPEN",
            "does not buy a horse",
            &[("piece", "horse")],
        );
    }
    let church_with_wagon = island(&set, |x| {
        x.buys.contains_key(&Piece::Grain) && x.church.as_ref().is_some_and(|c| c.cost.wagon > 0)
    });
    let s = ship_at(&set, church_with_wagon, fresh, |p| {
        aboard(p, Cargo::Grain);
        aboard(p, Cargo::Member);
    });
    expect(
        refusal(&s, 0, mission),
        "CANNOT_PAY",
        "takes a wagon from the ship's holds",
        &[("needs", "1 wagon"), ("has", "0 wagon")],
    );
    let taken = edit(&s, |p| {
        p.seats[1].members[0] = Place::Mission(church_with_wagon).code()
    });
    expect(
        refusal(&taken, 0, mission),
        "NOT_OPEN",
        "missionary church is taken",
        &[],
    );
    let gone = edit(&s, |p| {
        let h = harbour(p);
        let (cocoa, tea) = (std::mem::take(&mut h.cocoa), std::mem::take(&mut h.tea));
        h.gone_cocoa += cocoa;
        h.gone_tea += tea;
        h.gone_chests.append(&mut h.chests);
    });
    if set
        .port
        .sea
        .island(church_with_wagon)
        .unwrap()
        .stack
        .is_some()
    {
        let v = refusal(&gone, 0, Action::TakeTile);
        expect(v.clone(), "SUPPLY_EMPTY", "tile on this island left", &[]);
        assert!(v.details.iter().any(|(k, _)| *k == "piece"), "{v:?}");
    }
    let no_church = island(&set, |x| {
        x.church.is_none() && x.buys.contains_key(&Piece::Scroll)
    });
    let s = ship_at(&set, no_church, fresh, |p| {
        aboard(p, Cargo::Good(Good::Scroll))
    });
    expect(
        refusal(&s, 0, mission),
        "NOT_OPEN",
        "no missionary church",
        &[],
    );
    let s = ship_at(&set, church_with_wagon, fresh, |p| {
        aboard(p, Cargo::Grain);
        aboard(p, Cargo::Good(Good::Wagon));
    });
    expect(
        refusal(&s, 0, mission),
        "NOT_OPEN",
        "No member is aboard",
        &[],
    );
    let chests = island(&set, |x| x.stack == Some(Stack::Chests));
    let s = ship_at(&set, chests, fresh, |p| {
        let value = harbour(p).chests.pop().unwrap();
        p.seats[0]
            .ship
            .get_or_insert_default()
            .holds
            .push(Cargo::Chest(value).to_proto());
        aboard(p, Cargo::Member);
        give_cubes(p, 0, Colour::Brown, 4);
    });
    expect(
        refusal(&s, 0, Action::TakeTile),
        "HOLDS_FULL",
        "carries a chest already",
        &[("piece", "chest"), ("aboard", "2")],
    );
    let no_stack = island(&set, |x| {
        x.stack.is_none() && x.buys.contains_key(&Piece::Ox)
    });
    let s = ship_at(&set, no_stack, fresh, |p| aboard(p, Cargo::Good(Good::Ox)));
    expect(
        refusal(&s, 0, Action::TakeTile),
        "NOT_OPEN",
        "has no stack of tiles",
        &[],
    );
}

/// Moving: a step to pay named without a purchase, a free step named with one, a purchase of
/// the wrong cubes, landing off an island, stopping before the first step.
#[test]
fn sailing() {
    let set = provisional();
    let sea = &set.port.sea;
    let first = sea.neighbours(0)[0];
    let next = *sea.neighbours(first).iter().find(|&&to| to != 0).unwrap();
    let paid = Decision::Sail {
        seat: 0,
        free: 0,
        credit: 0,
        moved: true,
    };
    let s = ship_at(&set, first, paid, |p| give_cubes(p, 0, Colour::Brown, 2));
    expect(
        refusal(
            &s,
            0,
            Action::Step {
                to: next,
                payment: None,
            },
        ),
        "CANNOT_PAY",
        "free steps are used up",
        &[("field", "payment")],
    );
    let buy = set.port.captains[0].steps[0].clone();
    let short = StepPayment {
        purchase: 0,
        cubes: Default::default(),
        coins: 0,
    };
    let needs = format!("{} cubes", buy.cubes);
    expect(
        refusal(
            &s,
            0,
            Action::Step {
                to: next,
                payment: Some(short),
            },
        ),
        "CANNOT_PAY",
        "Purchase 0 takes",
        &[("purchase", "0"), ("needs", needs.as_str())],
    );
    let at_water = sea.island(first).is_none();
    if at_water {
        expect(
            refusal(&s, 0, Action::Land),
            "NOT_OPEN",
            "lands only on an island",
            &[],
        );
    }
    let free = Decision::Sail {
        seat: 0,
        free: 1,
        credit: 0,
        moved: true,
    };
    let s = ship_at(&set, first, free, |p| give_cubes(p, 0, Colour::Brown, 2));
    expect(
        refusal(
            &s,
            0,
            Action::Step {
                to: next,
                payment: Some(short),
            },
        ),
        "NOT_OPEN",
        "free or paid for already: name no payment",
        &[("field", "payment")],
    );
    let in_port = Decision::Sail {
        seat: 0,
        free: 1,
        credit: 0,
        moved: false,
    };
    let s = ship_at(&set, 0, in_port, |_| {});
    expect(
        refusal(&s, 0, Action::Pass),
        "NOT_OPEN",
        "has not left port yet",
        &[],
    );
}

/// Travel with Village Port: hiring while at sea, a captain deck that is empty, sailing while in
/// port; and Port's actions in a game without it.
#[test]
fn hiring_and_sailing() {
    let set = provisional();
    let travel = act_on(Space::Travel);
    let s = ship_at(&set, 1, travel, |_| {});
    expect(
        refusal(&s, 0, Action::SetSail { captain: 0 }),
        "NOT_OPEN",
        "The ship is at sea",
        &[],
    );
    let kinds = set.port.captains.len() as u8;
    expect(
        refusal(&s, 0, Action::SetSail { captain: kinds }),
        "NOT_OPEN",
        "The ship is at sea",
        &[],
    );
    let s = deciding(&set, port(), travel, |p| {
        p.seats[0].coins = 10;
        let left = std::mem::take(&mut harbour(p).captains[0]);
        harbour(p).gone_captains[0] += left;
    });
    expect(
        refusal(&s, 0, Action::SetSail { captain: 0 }),
        "SUPPLY_EMPTY",
        "no captain of kind 0 left",
        &[("piece", "captain_0")],
    );
    let kind = kinds.to_string();
    expect(
        refusal(&s, 0, Action::SetSail { captain: kinds }),
        "NOT_OPEN",
        "There is no captain kind",
        &[("captain", kind.as_str())],
    );
    expect(
        refusal(&s, 0, Action::Sail),
        "NOT_OPEN",
        "The ship is in port",
        &[],
    );
    let base_travel = deciding(&set, base(), travel, |p| {
        for piece in [Piece::Horse, Piece::Ox, Piece::Wagon] {
            give(p, 0, piece);
        }
        p.seats[0].coins = 10;
    });
    expect(
        refusal(&base_travel, 0, Action::SetSail { captain: 0 }),
        "NOT_OPEN",
        "without Village Port",
        &[],
    );
}

/// Loading: a member named as cargo, a piece the farmyard does not hold.
#[test]
fn loading() {
    let set = provisional();
    let s = ship_at(&set, 0, Decision::Load { seat: 0 }, |p| {
        give(p, 0, Piece::Horse)
    });
    expect(
        refusal(
            &s,
            0,
            Action::Load {
                cargo: Cargo::Member,
            },
        ),
        "NOT_OPEN",
        "boards the ship with Embark",
        &[("field", "cargo")],
    );
    expect(
        refusal(
            &s,
            0,
            Action::Load {
                cargo: Cargo::Cocoa,
            },
        ),
        "NOTHING_THERE",
        "holds no cocoa basket to load",
        &[("piece", "cocoa")],
    );
}

/// The mass and the market day: no buy-out of none, nor of more members than the bag holds, nor
/// past the mass's pieces; the trigger's free first sale named with a payment.
#[test]
fn buy_outs_and_free_sales() {
    let set = provisional();
    let s = deciding(&set, base(), Decision::BuyOut { seat: 0, bought: 3 }, |p| {
        p.seats[0].members[0] = Place::BlackBag.code();
        p.seats[0].members[1] = Place::BlackBag.code();
        p.seats[0].coins = 5;
    });
    expect(
        refusal(&s, 0, Action::BuyOut { count: 0 }),
        "NOT_OPEN",
        "at least one",
        &[("field", "count")],
    );
    expect(
        refusal(&s, 0, Action::BuyOut { count: 3 }),
        "NOT_OPEN",
        "2 members in the black bag, not 3",
        &[("in_bag", "2")],
    );
    expect(
        refusal(&s, 0, Action::BuyOut { count: 2 }),
        "NOT_OPEN",
        "at most 1 more",
        &[("left", "1")],
    );
    let day = Decision::MarketDay {
        trigger: 0,
        seat: 0,
        passed: 0,
        free: true,
    };
    let s = deciding(&set, base(), day, |p| {
        let tile = market(p).stalls.iter().find_map(|t| t.customer).unwrap();
        give_demand(p, &set, 0, tile);
    });
    let stall = (0..s.market().stalls.len())
        .find(|&i| s.can_serve(0, i))
        .unwrap() as u8;
    let mut green = no_payment();
    green.coins.add(Colour::Green, 1);
    expect(
        refusal(
            &s,
            0,
            Action::Serve {
                stall,
                payment: Some(green),
            },
        ),
        "NOT_OPEN",
        "is free: name no payment",
        &[("field", "payment")],
    );
}
