//! Life Goals (village.md §8, [R] §10.7): one silver and one golden goal dealt face down to each
//! seat, which combination of expansions removes which cards, and when a goal's requirements are
//! met. The silver goals' pieces and every goal's prestige come from the component set; the
//! golden goals' requirements are printed in the rulebook, so they are rules here.

use referee_proto::v1;

use crate::core::message::{proto_enum, At};
use crate::core::StateErrors;

use crate::core::{GameRng, Seat};
use crate::games::village::components::{Holding, LifeGoals, SilverGoal};
use crate::games::village::pieces::{Colour, Good};

use super::council::STAGES;
use super::family::{Place, Section};
use super::sea::Cargo;
use super::State;

/// A life goal card.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Goal {
    /// Silver: the pieces shown.
    Carter,
    /// Silver.
    Secretary,
    /// Silver.
    Farmer,
    /// Silver.
    Bailiff,
    /// Silver.
    Writer,
    /// Silver.
    Knight,
    /// Silver, Village Port only: the pieces shown on the ship tile.
    Explorer,
    /// Golden: at least 6 customers served.
    Merchant,
    /// Golden: a member on the council's 4th stage, and the next-starting-player marker.
    Aristocrat,
    /// Golden: at least 4 members in the crafts (buildings and the chronicle's crafts section).
    Master,
    /// Golden: members in at least 4 sections of the chronicle.
    Historian,
    /// Golden: a member in the upper-right city, and at least 2 customers served.
    TravellingSalesman,
    /// Golden, Village Port only: members on at least 2 missionary churches.
    Missionary,
    /// Golden: a member of the 4th generation on a church window.
    Acolyte,
    /// Golden: a member on each of the 3 rightmost church windows.
    Saint,
}

/// Customers the Merchant needs served.
const MERCHANT_CUSTOMERS: usize = 6;
/// Members the Master needs in the crafts.
const MASTER_MEMBERS: usize = 4;
/// Chronicle sections the Historian needs.
const HISTORIAN_SECTIONS: usize = 4;
/// Customers the Travelling salesman needs served.
const SALESMAN_CUSTOMERS: usize = 2;
/// Missionary churches the Missionary needs members on.
const MISSIONARY_CHURCHES: usize = 2;
/// The generation the Acolyte needs in the church.
const ACOLYTE_GENERATION: u8 = 4;
/// The rightmost windows the Saint needs a member on, one each.
const SAINT_WINDOWS: u8 = 3;

impl Goal {
    /// Every card, in declaration order (the wire's order).
    pub const ALL: [Goal; 15] = [
        Goal::Carter,
        Goal::Secretary,
        Goal::Farmer,
        Goal::Bailiff,
        Goal::Writer,
        Goal::Knight,
        Goal::Explorer,
        Goal::Merchant,
        Goal::Aristocrat,
        Goal::Master,
        Goal::Historian,
        Goal::TravellingSalesman,
        Goal::Missionary,
        Goal::Acolyte,
        Goal::Saint,
    ];
    /// The silver goals (the first seven of `ALL`).
    pub const SILVER: &'static [Goal] = Goal::ALL.split_at(7).0;
    /// The golden goals (the rest).
    pub const GOLDEN: &'static [Goal] = Goal::ALL.split_at(7).1;

    /// Whether the card is a silver goal (else golden).
    pub fn silver(self) -> bool {
        Goal::SILVER.contains(&self)
    }

    /// Whether the card is dealt in a game with or without Village Port (the removals by
    /// combination: base removes the Explorer and the Missionary, base + Port the Travelling
    /// salesman, whose city is not on the sea board).
    pub fn dealt(self, port: bool) -> bool {
        match self {
            Goal::Explorer | Goal::Missionary => port,
            Goal::TravellingSalesman => !port,
            _ => true,
        }
    }

    /// The silver card's data (`None` for a golden goal).
    fn card(self, goals: &LifeGoals) -> Option<&SilverGoal> {
        let s = &goals.silver;
        Some(match self {
            Goal::Carter => &s.carter,
            Goal::Secretary => &s.secretary,
            Goal::Farmer => &s.farmer,
            Goal::Bailiff => &s.bailiff,
            Goal::Writer => &s.writer,
            Goal::Knight => &s.knight,
            Goal::Explorer => &s.explorer,
            _ => return None,
        })
    }

    /// The prestige revealing it gains.
    pub fn prestige(self, goals: &LifeGoals) -> u32 {
        let g = &goals.golden;
        match self {
            Goal::Merchant => g.merchant,
            Goal::Aristocrat => g.aristocrat,
            Goal::Master => g.master,
            Goal::Historian => g.historian,
            Goal::TravellingSalesman => g.travelling_salesman,
            Goal::Missionary => g.missionary,
            Goal::Acolyte => g.acolyte,
            Goal::Saint => g.saint,
            silver => silver.card(goals).map_or(0, |c| c.prestige),
        }
    }
}

/// A goal card a seat was dealt: face down until revealed; a revealed card has left the game,
/// and stays listed so that everyone sees what was scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeldGoal {
    /// The card.
    pub goal: Goal,
    /// Revealed (its prestige gained).
    pub revealed: bool,
}

/// Deals one silver and one golden goal to each seat, in seat order, from the cards the
/// combination keeps, each deck shuffled with the game's RNG (silver first).
pub fn deal(players: u8, port: bool, rng: &mut GameRng) -> Vec<Vec<HeldGoal>> {
    let mut decks = [Goal::SILVER, Goal::GOLDEN].map(|deck| {
        let mut cards: Vec<Goal> = deck.iter().copied().filter(|g| g.dealt(port)).collect();
        rng.shuffle(&mut cards);
        cards
    });
    (0..players)
        .map(|_| {
            decks
                .iter_mut()
                .filter_map(Vec::pop)
                .map(|goal| HeldGoal {
                    goal,
                    revealed: false,
                })
                .collect()
        })
        .collect()
}

/// Whether `have` counts every piece listed (a piece listed twice, twice).
fn shows_all(pieces: &[Holding], have: impl Fn(Holding) -> u32) -> bool {
    pieces.iter().all(|&h| {
        let needed = pieces.iter().filter(|&&x| x == h).count() as u32;
        have(h) >= needed
    })
}

/// The piece a goal shows that a hold's cargo is.
fn holding(cargo: Cargo) -> Option<Holding> {
    Some(match cargo {
        Cargo::Good(Good::Horse) => Holding::Horse,
        Cargo::Good(Good::Ox) => Holding::Ox,
        Cargo::Good(Good::Wagon) => Holding::Wagon,
        Cargo::Good(Good::Plow) => Holding::Plow,
        Cargo::Good(Good::Scroll) => Holding::Scroll,
        Cargo::Grain => Holding::Grain,
        Cargo::Cocoa => Holding::Cocoa,
        Cargo::Tea => Holding::Tea,
        Cargo::Chest(_) => Holding::Chest,
        Cargo::Member => return None,
    })
}

impl State {
    /// Whether the goals are dealt by now: from `village/2` on they wait for the 4th seat's
    /// compensation cube (V-R38), so not while that choice is the game's only decision.
    pub(crate) fn goals_dealt(&self) -> bool {
        !(self.config.rules.goals_after_compensation()
            && matches!(self.pending[..], [super::Decision::CompensationCube { .. }]))
    }

    /// A seat's face-down goals whose requirements it meets now.
    pub(crate) fn goals_met(&self, seat: Seat) -> impl Iterator<Item = Goal> + '_ {
        self.seats[usize::from(seat)]
            .goals
            .iter()
            .filter(move |g| !g.revealed && self.meets(seat, g.goal))
            .map(|g| g.goal)
    }

    /// Whether a seat meets a goal's requirements ([R] §10.7: pieces count on the farmyard,
    /// the Explorer's in the ship's holds; church goals count windows, not the black bag).
    pub(crate) fn meets(&self, seat: Seat, goal: Goal) -> bool {
        let s = &self.seats[usize::from(seat)];
        let goals = &self.config.components.life_goals;
        let members = || s.members.iter().map(|m| (m.generation, m.place));
        match goal {
            Goal::Explorer => {
                let card = &goals.silver.explorer;
                shows_all(&card.pieces, |h| {
                    s.ship
                        .holds
                        .iter()
                        .filter(|&&c| holding(c) == Some(h))
                        .count() as u32
                }) && self.holds_cubes_and_coins(seat, card)
            }
            Goal::Missionary => {
                members()
                    .filter(|(_, p)| matches!(p, Place::Mission(_)))
                    .count()
                    >= MISSIONARY_CHURCHES
            }
            Goal::Merchant => s.customers.len() >= MERCHANT_CUSTOMERS,
            Goal::Aristocrat => {
                self.marker == Some(seat) && members().any(|(_, p)| p == Place::Council(STAGES))
            }
            Goal::Master => {
                members()
                    .filter(|(_, p)| {
                        matches!(p, Place::Building(_) | Place::Chronicle(Section::Crafts, _))
                    })
                    .count()
                    >= MASTER_MEMBERS
            }
            Goal::Historian => {
                Section::ALL
                    .iter()
                    .filter(|&&section| {
                        members().any(|(_, p)| matches!(p, Place::Chronicle(x, _) if x == section))
                    })
                    .count()
                    >= HISTORIAN_SECTIONS
            }
            Goal::TravellingSalesman => {
                let city = self.upper_right_city();
                s.customers.len() >= SALESMAN_CUSTOMERS
                    && members().any(|(_, p)| Some(p) == city.map(Place::City))
            }
            Goal::Acolyte => {
                members().any(|(g, p)| g == ACOLYTE_GENERATION && matches!(p, Place::Window(_)))
            }
            Goal::Saint => {
                (0..SAINT_WINDOWS).all(|w| members().any(|(_, p)| p == Place::Window(w)))
            }
            silver => silver.card(goals).is_some_and(|card| {
                self.owns(seat, &card.pieces) && self.holds_cubes_and_coins(seat, card)
            }),
        }
    }

    /// Whether a seat holds the cubes (by colour) and coins a silver card shows: cubes as
    /// cubes, since coins stand in for cubes only in a payment (V-R9).
    fn holds_cubes_and_coins(&self, seat: Seat, card: &SilverGoal) -> bool {
        let s = &self.seats[usize::from(seat)];
        let shown = card.cubes.cubes();
        Colour::ALL.iter().all(|&c| s.cubes.of(c) >= shown.of(c)) && s.coins >= card.coins
    }

    /// Whether a seat's farmyard holds every piece listed (a piece listed twice, twice).
    fn owns(&self, seat: Seat, pieces: &[Holding]) -> bool {
        let s = &self.seats[usize::from(seat)];
        let have = |h: Holding| -> u32 {
            match h {
                Holding::Horse => s.goods.of(Good::Horse),
                Holding::Ox => s.goods.of(Good::Ox),
                Holding::Wagon => s.goods.of(Good::Wagon),
                Holding::Plow => s.goods.of(Good::Plow),
                Holding::Scroll => s.goods.of(Good::Scroll),
                Holding::Grain => s.grain,
                Holding::Cocoa => s.cocoa,
                Holding::Tea => s.tea,
                Holding::Chest => s.chests.len() as u32,
            }
        };
        shows_all(pieces, have)
    }

    /// The upper-right city's index on the travel map.
    fn upper_right_city(&self) -> Option<u8> {
        let t = &self.config.components.travel;
        t.cities
            .iter()
            .position(|c| c.id == t.upper_right)
            .map(|i| i as u8)
    }

    /// Reveals a goal: its prestige at once; the card leaves the game.
    pub(crate) fn reveal(&mut self, seat: Seat, goal: Goal) -> u32 {
        let prestige = goal.prestige(&self.config.components.life_goals);
        let s = &mut self.seats[usize::from(seat)];
        if let Some(held) = s.goals.iter_mut().find(|g| g.goal == goal) {
            held.revealed = true;
            s.prestige = s.prestige.saturating_add(prestige);
        }
        prestige
    }
}

proto_enum!(Goal => v1::VillageGoal, "goal" {
    Carter, Secretary, Farmer, Bailiff, Writer, Knight, Explorer, Merchant, Aristocrat, Master,
    Historian, TravellingSalesman, Missionary, Acolyte, Saint
});

impl HeldGoal {
    /// The goal a message holds (`at`: the entry's place).
    pub fn from_proto(m: &v1::VillageHeldGoal, at: &At) -> Result<HeldGoal, StateErrors> {
        Ok(HeldGoal {
            goal: Goal::from_proto(m.goal, &at.field("goal"))?,
            revealed: m.revealed,
        })
    }
    /// The goal as its message.
    pub fn to_proto(&self) -> v1::VillageHeldGoal {
        v1::VillageHeldGoal {
            goal: self.goal.to_proto() as i32,
            revealed: self.revealed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Goal;
    use crate::games::village::components::Components;

    /// Page 7, "Setup": the base game removes the Explorer and the Missionary, base + Port the
    /// Travelling salesman (Brewer and Innkeeper are Village Inn's, not in the game at all).
    #[test]
    fn the_removals_by_combination() {
        let removed = |port: bool| -> Vec<Goal> {
            Goal::ALL.into_iter().filter(|g| !g.dealt(port)).collect()
        };
        assert_eq!(removed(false), [Goal::Explorer, Goal::Missionary]);
        assert_eq!(removed(true), [Goal::TravellingSalesman]);
        assert_eq!(
            Goal::ALL.iter().filter(|g| g.silver()).count(),
            Goal::SILVER.len()
        );
    }

    /// Every goal's prestige is its card's in the component set.
    #[test]
    fn each_goal_scores_its_cards_prestige() {
        let set = Components::provisional();
        let (s, g) = (&set.life_goals.silver, &set.life_goals.golden);
        let expected = [
            s.carter.prestige,
            s.secretary.prestige,
            s.farmer.prestige,
            s.bailiff.prestige,
            s.writer.prestige,
            s.knight.prestige,
            s.explorer.prestige,
            g.merchant,
            g.aristocrat,
            g.master,
            g.historian,
            g.travelling_salesman,
            g.missionary,
            g.acolyte,
            g.saint,
        ];
        let got = Goal::ALL.map(|goal| goal.prestige(&set.life_goals));
        assert_eq!(got, expected);
    }

    /// Each combination's deck covers every player count: 5 seats need 5 of each metal.
    #[test]
    fn every_combination_deals_five_seats() {
        for port in [false, true] {
            assert!(Goal::SILVER.iter().filter(|g| g.dealt(port)).count() >= 5);
            assert!(Goal::GOLDEN.iter().filter(|g| g.dealt(port)).count() >= 5);
        }
    }
}
