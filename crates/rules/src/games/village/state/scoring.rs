//! Final scoring (village.md §6) and the ranking with its tie-breakers ([R] §6, §10.8): travel,
//! council chamber, church windows, the chronicle, customers served, coins, and the prestige
//! gained during the game (its goals and sea burials shown apart); ties go to most customers served, then most living family members.

use crate::core::status::{ScoreItem, Standing};
use crate::core::Seat;

use crate::games::village::config::Options;

use super::family::Place;
use super::seat::SeatState;
use super::State;

/// Points for the cities with a seat's travel markers: 1, 2, … 6 cities (the base game).
const TRAVEL: [u32; 7] = [0, 1, 3, 6, 10, 14, 18];
/// Points per member on council stage 1, 2, 3, 4.
const COUNCIL: [u32; 4] = [0, 2, 4, 6];
/// Points for a seat's members in the chronicle: 0, 1, 2, 3, 4, 5 or more.
const CHRONICLE: [u32; 6] = [0, 0, 0, 4, 7, 12];

/// One seat's final score, part by part.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Cities reached.
    pub travel: u32,
    /// Members in the council chamber.
    pub council: u32,
    /// Members on the church windows.
    pub church: u32,
    /// Members in the chronicle.
    pub chronicle: u32,
    /// Customers served.
    pub customers: u32,
    /// Coins, one point each.
    pub coins: u32,
    /// Life Goals: the prestige the goals revealed gained.
    pub goals: u32,
    /// Village Port: the prestige the members buried at sea gained.
    pub sea_burials: u32,
    /// The rest of the prestige gained during the game (the mass, the council, travel rewards,
    /// cargo sold and missions: the state keeps their sum, not each source).
    pub prestige: u32,
}

impl Score {
    /// The sum.
    pub fn total(&self) -> u32 {
        self.travel
            + self.council
            + self.church
            + self.chronicle
            + self.customers
            + self.coins
            + self.goals
            + self.sea_burials
            + self.prestige
    }

    /// The score sheet: every category this game's options score, in a fixed order.
    pub fn breakdown(&self, options: &Options) -> Vec<ScoreItem> {
        let item = |category, points| ScoreItem { category, points };
        let mut sheet = vec![
            item("customers", self.customers),
            item("travel", self.travel),
            item("council", self.council),
            item("church_windows", self.church),
            item("chronicle", self.chronicle),
            item("coins", self.coins),
            item("prestige", self.prestige),
        ];
        if options.life_goals {
            sheet.push(item("goals", self.goals));
        }
        if options.port {
            sheet.push(item("sea_burials", self.sea_burials));
        }
        sheet
    }
}

/// The names of the tie-breakers, in the order they apply.
const TIE_BREAKERS: &[&str] = &["customers_served", "living_members"];

impl State {
    /// A seat's final score.
    pub fn score(&self, seat: Seat) -> Score {
        let Some(s) = self.seats.get(usize::from(seat)) else {
            return Score::default();
        };
        let c = &self.config.components;
        let windows = &c.church.window_prestige;
        let mut score = Score {
            travel: TRAVEL[s.markers.len().min(TRAVEL.len() - 1)],
            customers: s
                .customers
                .iter()
                .filter_map(|&id| c.customers.get(usize::from(id)))
                .map(|customer| customer.prestige)
                .sum(),
            coins: s.coins,
            ..Score::default()
        };
        (score.goals, score.sea_burials) = self.prestige_on_record(seat);
        score.prestige = s
            .prestige
            .saturating_sub(score.goals.saturating_add(score.sea_burials));
        let mut in_chronicle = 0;
        for m in &s.members {
            match m.place {
                Place::Council(stage) => {
                    score.council += COUNCIL
                        .get(usize::from(stage.saturating_sub(1)))
                        .unwrap_or(&0)
                }
                Place::Window(w) => score.church += windows.get(usize::from(w)).unwrap_or(&0),
                Place::Chronicle(..) => in_chronicle += 1,
                _ => {}
            }
        }
        score.chronicle = CHRONICLE[in_chronicle.min(CHRONICLE.len() - 1)];
        score
    }

    /// The prestige a seat gained that the state still shows the source of: its revealed goals,
    /// and its members buried at sea (each space's printed prestige). Its prestige holds at
    /// least their sum (checked by the state's integrity).
    pub fn prestige_on_record(&self, seat: Seat) -> (u32, u32) {
        let Some(s) = self.seats.get(usize::from(seat)) else {
            return (0, 0);
        };
        let c = &self.config.components;
        let goals = s
            .goals
            .iter()
            .filter(|g| g.revealed)
            .map(|g| g.goal.prestige(&c.life_goals))
            .fold(0u32, u32::saturating_add);
        let burials = s
            .members
            .iter()
            .filter_map(|m| match m.place {
                Place::SeaBurial(i) => c.port.sea_burials.get(usize::from(i)).copied(),
                _ => None,
            })
            .fold(0u32, u32::saturating_add);
        (goals, burials)
    }

    /// Where each seat stands at the end: its score, then customers served, then living family
    /// members ([R] §10.8: on the board, the farmyard, in the black bag or on the windows; not
    /// the reserve, not the dead).
    pub fn standings(&self) -> Vec<Standing> {
        (0..self.config.players)
            .zip(&self.seats)
            .map(|(seat, s)| {
                let score = self.score(seat);
                Standing {
                    can_win: true,
                    score: score.total(),
                    tie_breakers: vec![s.customers.len() as u32, living(s)],
                    breakdown: score.breakdown(&self.config.options),
                    tie_breaker_names: TIE_BREAKERS,
                }
            })
            .collect()
    }
}

/// Living family members (the second tie-breaker).
fn living(s: &SeatState) -> u32 {
    s.members
        .iter()
        .filter(|m| m.place.alive() && m.place != Place::Reserve)
        .count() as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::status::rank;
    use crate::games::village::state::family::Section;
    use crate::games::village::test_games;

    fn place(s: &mut State, seat: usize, places: &[Place]) {
        for (m, &p) in s.seats[seat].members.iter_mut().zip(places) {
            m.place = p;
        }
    }

    /// §6: each part scores as printed: travel 1/3/6/10/14/18 for 1-6 cities; council 0/2/4/6
    /// per member by stage; windows their printed prestige (component data); chronicle 0/0/4/7/12
    /// for 1-2/3/4/5+ members; customers their printed prestige; 1 per coin; plus prestige.
    #[test]
    fn s6_scoring_part_by_part() {
        for mut s in test_games(2) {
            let c = std::sync::Arc::clone(&s.config.components);
            s.seats[0].markers = vec![0, 1, 2];
            s.seats[0].customers = vec![0, 15];
            s.seats[0].coins = 4;
            s.seats[0].prestige = 9;
            place(
                &mut s,
                0,
                &[
                    Place::Council(1),
                    Place::Council(4),
                    Place::Window(0),
                    Place::Window(1),
                    Place::Chronicle(Section::Crafts, 0),
                    Place::Chronicle(Section::Church, 0),
                    Place::Chronicle(Section::Farmyard, 1),
                    Place::Grave(0),
                ],
            );
            let score = s.score(0);
            assert_eq!(score.travel, 6);
            assert_eq!(score.council, 6);
            assert_eq!(
                score.church,
                c.church.window_prestige[0] + c.church.window_prestige[1]
            );
            assert_eq!(
                score.chronicle, 4,
                "3 in the chronicle; the grave does not count"
            );
            assert_eq!(
                score.customers,
                c.customers[0].prestige + c.customers[15].prestige
            );
            assert_eq!((score.coins, score.prestige), (4, 9));
            assert_eq!(
                score.total(),
                6 + 6 + score.church + 4 + score.customers + 4 + 9
            );
            s.seats[1].markers = (0..7).collect();
            assert_eq!(s.score(1).travel, 18, "six cities and more score 18");
            let dead: Vec<Place> = (0..7)
                .map(|i| Place::Chronicle(Section::Council, i))
                .collect();
            place(&mut s, 1, &dead);
            assert_eq!(
                s.score(1).chronicle,
                12,
                "five and more in the chronicle score 12"
            );
            for m in &mut s.seats[1].members[4..] {
                m.place = Place::Reserve;
            }
            assert_eq!(s.score(1).chronicle, 7);
        }
    }

    /// The score sheet lists every category the options score, in its fixed order, and sums to
    /// the score; the prestige of revealed goals and of sea burials is shown apart from the rest.
    #[test]
    fn the_score_sheet_sums_to_the_score_and_shows_goals_and_burials_apart() {
        use crate::games::village::state::{Goal, HeldGoal};
        for mut s in test_games(2) {
            let names = |s: &State| -> Vec<&str> {
                s.score(0)
                    .breakdown(&s.config.options)
                    .iter()
                    .map(|i| i.category)
                    .collect()
            };
            let base = [
                "customers",
                "travel",
                "council",
                "church_windows",
                "chronicle",
                "coins",
                "prestige",
            ];
            assert_eq!(names(&s), base);
            s.config.options.life_goals = true;
            s.config.options.port = true;
            assert_eq!(names(&s)[7..], ["goals", "sea_burials"]);
            let c = std::sync::Arc::clone(&s.config.components);
            let goal = Goal::Merchant.prestige(&c.life_goals);
            let burial = c.port.sea_burials[0];
            s.seats[0].goals = vec![HeldGoal {
                goal: Goal::Merchant,
                revealed: true,
            }];
            place(&mut s, 0, &[Place::SeaBurial(0)]);
            s.seats[0].prestige = goal + burial + 5;
            let score = s.score(0);
            assert_eq!(
                (score.goals, score.sea_burials, score.prestige),
                (goal, burial, 5)
            );
            let sheet = score.breakdown(&s.config.options);
            assert_eq!(sheet.iter().map(|i| i.points).sum::<u32>(), score.total());
            assert_eq!(s.standings()[0].breakdown, sheet);
            assert_eq!(
                s.standings()[0].tie_breaker_names,
                ["customers_served", "living_members"]
            );
        }
    }

    /// [R] §6 and §10.8: ties go to most customers served, then most living family members
    /// (the board, the farmyard, the black bag, the windows; not the reserve, not the dead).
    #[test]
    fn r10_8_ties_go_to_customers_then_living_members() {
        for mut s in test_games(3) {
            for seat in &mut s.seats {
                seat.coins = 0;
            }
            // Equal scores: seat 0 by prestige, seat 1 by coins, seat 2 by one customer worth it.
            let worth = s.config.components.customers[3].prestige;
            s.seats[0].prestige = worth;
            s.seats[1].coins = worth;
            s.seats[2].customers = vec![3];
            let ranks: Vec<u32> = rank(&s.standings()).iter().map(|r| r.rank).collect();
            assert_eq!(ranks, [2, 2, 1], "the customer breaks the tie");
            // Seat 1 keeps more members alive: one of seat 0's is dead, one in the bag counts.
            place(&mut s, 0, &[Place::Grave(0)]);
            place(&mut s, 1, &[Place::BlackBag]);
            let standings = s.standings();
            assert!(standings[1].tie_breakers[1] > standings[0].tie_breakers[1]);
            let ranks: Vec<u32> = rank(&standings).iter().map(|r| r.rank).collect();
            assert_eq!(ranks, [3, 2, 1]);
        }
    }
}
