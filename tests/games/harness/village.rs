//! Village under the harness: the base game with and without the starting compensation, and with
//! Life Goals, at 2-5 players, on the embedded provisional component set and on the test
//! suite's different one.

use std::sync::Arc;

use referee::core::{GameRng, Seat};
use referee::games::village::components::{Components, PROVISIONAL};
use referee::games::village::pieces::{Colour, Goods, Space};
use referee::games::village::state::church::ChurchPayment;
use referee::games::village::state::council::{CouncilPayment, Privilege};
use referee::games::village::state::family::Building;
use referee::games::village::state::payment::CubePayment;
use referee::games::village::state::Goal;
use referee::games::village::{Action, Cube, Options, Rules, State};
use referee::pb::v1;
use referee::service::village::{state_from_proto, state_to_proto};
use referee::service::Contexts;

use super::{run_mode, Harness, Mode, Undo};

/// The test suite's second component set (a longer life track, another map, other values).
pub const OTHER: &str = include_str!("../../fixtures/village/other-components.toml");

/// Seeded games per player count and mode.
const GAMES: u64 = 6;

fn set(text: &str) -> Arc<Components> {
    Arc::new(Components::parse(text).expect("a valid set"))
}

impl Harness for State {
    fn modes() -> Vec<Mode<State>> {
        let mut modes = Vec::new();
        for (set_name, text) in [("provisional", PROVISIONAL), ("other set", OTHER)] {
            for (name, no_starting_compensation, life_goals, port) in [
                ("", false, false, false),
                (" without compensation", true, false, false),
                (" with life goals", false, true, false),
                (" with port", false, false, true),
                (" with port and life goals", true, true, true),
            ] {
                modes.push(Mode {
                    name: Box::leak(format!("{set_name}{name}").into_boxed_str()),
                    rules: Rules::V1,
                    options: Options {
                        no_starting_compensation,
                        life_goals,
                        port,
                    },
                    context: set(text),
                    players: 2..=5,
                    games: GAMES,
                });
            }
        }
        modes
    }

    fn census(&self) -> Vec<(&'static str, Vec<u32>)> {
        let c = self.census();
        vec![
            (
                "members per seat",
                c.members.iter().map(|&n| n as u32).collect(),
            ),
            ("cubes per colour", c.cubes.to_vec()),
            ("plague", vec![c.plague]),
            ("goods per kind", c.goods.to_vec()),
            ("grain", vec![c.grain]),
            ("monks", vec![c.monks]),
            (
                "customers",
                c.customers.iter().map(|&t| u32::from(t)).collect(),
            ),
            ("life goals", c.goals.iter().map(|&g| g as u32).collect()),
            ("cocoa and tea", c.cocoa_tea.to_vec()),
            ("chests", c.chests.clone()),
            ("captains", c.captains.clone()),
        ]
    }

    /// Hidden: the customer pile's order and content, the treasure chests' order on their
    /// island, and the RNG. (The green bag's content is
    /// hidden too, but each colour's total is public, so no other state has another bag.)
    fn scramble_hidden(&self, rng: &mut GameRng) -> State {
        let mut p = state_to_proto(self);
        if let Some(m) = p.market.as_mut() {
            rng.shuffle(&mut m.pile);
        }
        if let Some(h) = p.harbour.as_mut() {
            rng.shuffle(&mut h.chests);
        }
        if let Some(r) = p.rng.as_mut() {
            r.seed = vec![rng.below(256) as u8; 32];
        }
        state_from_proto(p, &self.config().components).expect("a scrambled state is consistent")
    }

    fn probes(&self, rng: &mut GameRng) -> Vec<Action> {
        let colour = |rng: &mut GameRng| Colour::ALL[rng.below(4) as usize];
        let space = |rng: &mut GameRng| Space::ALL[rng.below(7) as usize];
        let building = |rng: &mut GameRng| Building::ALL[rng.below(4) as usize];
        let good = |rng: &mut GameRng| Goods::KINDS[rng.below(5) as usize];
        let member = |rng: &mut GameRng| rng.below(13) as u8;
        let payment = |rng: &mut GameRng| {
            let mut p = CubePayment {
                cubes: Default::default(),
                coins: Default::default(),
            };
            p.cubes.add(colour(rng), rng.below(3));
            p.coins.add(colour(rng), rng.below(2));
            p
        };
        let mut out = vec![
            Action::Pass,
            Action::Harvest,
            Action::NewMember,
            Action::Mill,
            Action::ChooseCube {
                colour: colour(rng),
            },
            Action::UseWell {
                colour: colour(rng),
            },
            Action::ChooseAction { space: space(rng) },
            Action::BuyOut {
                count: rng.below(6) as u8,
            },
            Action::UsePrivilege {
                privilege: match rng.below(4) {
                    0 => Privilege::Marker,
                    1 => Privilege::Cubes([colour(rng), colour(rng)]),
                    2 => Privilege::Good(good(rng)),
                    _ => Privilege::Prestige,
                },
            },
        ];
        for _ in 0..3 {
            out.extend([
                Action::TakeCube {
                    space: space(rng),
                    cube: if rng.below(5) == 0 {
                        Cube::Plague
                    } else {
                        Cube::Influence(colour(rng))
                    },
                },
                Action::Recall {
                    member: member(rng),
                },
                Action::Train {
                    building: building(rng),
                    member: member(rng),
                },
                Action::Produce {
                    building: building(rng),
                    good: good(rng),
                },
                Action::Buy {
                    building: building(rng),
                    good: good(rng),
                    payment: payment(rng),
                },
                Action::EnterCouncil {
                    member: member(rng),
                    payment: if rng.below(2) == 0 {
                        CouncilPayment::Scroll
                    } else {
                        CouncilPayment::Green(payment(rng))
                    },
                },
                Action::AdvanceCouncil {
                    member: member(rng),
                    payment: CouncilPayment::Green(payment(rng)),
                },
                Action::Travel {
                    member: member(rng),
                    path: rng.below(12) as u8,
                    payment: payment(rng),
                },
                Action::Church {
                    member: member(rng),
                    payment: if rng.below(2) == 0 {
                        ChurchPayment::Time
                    } else {
                        ChurchPayment::Cube(payment(rng))
                    },
                },
                Action::Serve {
                    stall: rng.below(6) as u8,
                    payment: (rng.below(2) == 0).then(|| payment(rng)),
                },
                Action::Die {
                    member: member(rng),
                },
                Action::MoveLeft {
                    member: member(rng),
                },
                Action::RevealGoal {
                    goal: Goal::ALL[rng.below(Goal::ALL.len() as u32) as usize],
                },
            ]);
        }
        out
    }

    /// Members alike are one choice: an action naming any of them is the one listed.
    fn same_decision(&self, seat: Seat, a: &Action, b: &Action) -> bool {
        self.canonical(seat, *a) == self.canonical(seat, *b)
    }

    fn undo_table() -> Vec<(&'static str, Undo)> {
        use Undo::*;
        let mut table = vec![
            ("Contribute", Depends),
            // Turns a face-down card or tile: always shows something hidden.
            ("RevealGoal", Never),
            ("CashChest", Never),
            // A decision inside a turn, which never ends it.
            ("AdvanceCouncil", Always),
            ("Train", Always),
            ("UseWell", Always),
            ("Embark", Always),
            ("Land", Always),
            ("Load", Always),
            ("Mission", Always),
            ("Sail", Always),
            ("SetSail", Always),
            ("Step", Always),
        ];
        // Anything that can end a turn, a market day or a round: the market refills from the
        // customer pile, a round seeds its cubes from the bag, a mass draws.
        for kind in [
            "Buy",
            "BuyOut",
            "ChooseAction",
            "ChooseCube",
            "Church",
            "Die",
            "EnterCouncil",
            "Harvest",
            "Mill",
            "MoveLeft",
            "NewMember",
            "Pass",
            "Produce",
            "Recall",
            "ReturnToPort",
            "SellCargo",
            "SellCocoa",
            "SellTea",
            "Serve",
            "TakeCube",
            "TakeTile",
            "Travel",
            "UsePrivilege",
        ] {
            table.push((kind, Depends));
        }
        table
    }
    fn state_message(g: v1::game_state::Game) -> v1::VillageState {
        match g {
            v1::game_state::Game::Village(p) => p,
            other => panic!("not a Village state: {other:?}"),
        }
    }

    fn contexts(context: &Arc<Components>) -> Contexts {
        Contexts {
            village: Arc::clone(context),
        }
    }
}

/// Runs a mode; prints the games' lengths.
fn run(mode: &str) {
    run_mode::<State>(mode);
}

mode_tests!(
    State,
    run,
    [
        provisional_set_invariants => "provisional",
        provisional_set_without_compensation_invariants => "provisional without compensation",
        other_set_invariants => "other set",
        other_set_without_compensation_invariants => "other set without compensation",
        provisional_set_with_life_goals_invariants => "provisional with life goals",
        other_set_with_life_goals_invariants => "other set with life goals",
        provisional_set_with_port_invariants => "provisional with port",
        other_set_with_port_invariants => "other set with port",
        provisional_set_with_port_and_life_goals_invariants => "provisional with port and life goals",
        other_set_with_port_and_life_goals_invariants => "other set with port and life goals",
    ]
);

/// The measure of small steps: the largest `LegalActions` list in random games of every
/// player count on both sets (target: well under 100), and the share of forced decisions (one
/// legal action; the referee asks no decision with none, V-R15).
#[test]
fn legal_action_lists_stay_short() {
    use referee::core::GameRng;
    let mut largest = 0;
    let (mut decisions, mut forced) = (0u64, 0u64);
    for mode in State::modes() {
        let (mode_largest, mode_decisions, mode_forced) = (largest, decisions, forced);
        largest = 0;
        for players in mode.players.clone() {
            for seed in 0..4 {
                let mut s = <State as referee::games::Game>::new_game(
                    &mode.context,
                    mode.rules,
                    players,
                    0,
                    seed,
                    mode.options,
                )
                .unwrap();
                let mut rng = GameRng::from_u64(seed);
                loop {
                    let legal = s.legal_actions(None);
                    if legal.is_empty() {
                        break;
                    }
                    largest = largest.max(legal.len());
                    decisions += 1;
                    forced += u64::from(legal.len() == 1);
                    let (seat, a) = legal[rng.below(legal.len() as u32) as usize];
                    s.apply_in_place(seat, &a, &mut Vec::new()).unwrap();
                }
            }
        }
        eprintln!(
            "village {}: largest list {largest}, {:.1} % forced",
            mode.name,
            100.0 * (forced - mode_forced) as f64 / (decisions - mode_decisions) as f64
        );
        largest = largest.max(mode_largest);
    }
    eprintln!(
        "village: largest LegalActions list {largest}; {decisions} decisions, {:.1} % forced",
        100.0 * forced as f64 / decisions as f64
    );
    assert!(largest < 100, "{largest}");
}
