//! Travel on the map (village.md §3; paths and rewards [R] §10.6): a farmyard member sets out to
//! a city next to the village, or a member on the map moves along one path to a neighbouring
//! city; each path costs its time, one animal or wagon (back to the supply) and its cubes. The
//! first time a seat reaches a city it places a travel marker there and takes the city's
//! reward; with every marker placed, members still travel but place and take nothing.

use crate::core::Seat;
use crate::games::village::components::{Reward, VILLAGE};

use super::family::Place;
use super::payment::CubePayment;
use super::State;

/// A journey open to a seat: which member, along which path, to which city.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Journey {
    /// The member (index in its family).
    pub member: usize,
    /// The path (index in the component set's paths).
    pub path: u8,
    /// The city it arrives in (index in the component set's cities).
    pub to: u8,
}

/// What a journey brought.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrival {
    /// Quills passed by the journey's time.
    pub quills: u32,
    /// The reward taken (prestige and coins are added at once; cubes of choice are the seat's
    /// next decision). `None`: the seat had been there, or had no marker left.
    pub reward: Option<Reward>,
}

impl State {
    /// The index of a place named on the map: `None` for the village, else the city's index.
    fn city(&self, name: &str) -> Option<u8> {
        let cities = &self.config.components.travel.cities;
        (0u8..)
            .zip(cities)
            .find(|(_, c)| c.id == name)
            .map(|(i, _)| i)
    }

    /// Every journey a seat's members could make along the map's paths (the price is checked
    /// apart: `journey_ways`). Members alike (same place and generation) make the same journeys,
    /// so one of them is listed.
    pub fn journeys(&self, seat: Seat) -> Vec<Journey> {
        let Some(s) = self.seats.get(usize::from(seat)) else {
            return Vec::new();
        };
        let paths = &self.config.components.travel.paths;
        let travellers = s.distinct(|m| matches!(m.place, Place::Farmyard | Place::City(_)));
        let mut out = Vec::new();
        for member in travellers {
            let from = match s.members[member].place {
                Place::City(c) => Some(c),
                _ => None,
            };
            for (path, p) in (0u8..).zip(paths) {
                let ends = [
                    self.city_or_village(&p.between[0]),
                    self.city_or_village(&p.between[1]),
                ];
                for (a, b) in [(ends[0], ends[1]), (ends[1], ends[0])] {
                    if let (Some(a), Some(Some(to))) = (a, b) {
                        if a == from {
                            out.push(Journey { member, path, to });
                        }
                    }
                }
            }
        }
        out
    }

    /// `Some(None)` for the village, `Some(Some(i))` for city i, `None` for a name not on the map.
    pub(in crate::games::village) fn city_or_village(&self, name: &str) -> Option<Option<u8>> {
        if name == VILLAGE {
            Some(None)
        } else {
            self.city(name).map(Some)
        }
    }

    /// The distinct ways a seat can pay a path: it needs the path's animal or wagon, then the
    /// cubes (coins standing in). Empty when it cannot pay.
    pub fn journey_ways(&self, seat: Seat, path: u8) -> Vec<CubePayment> {
        let Some(p) = self.config.components.travel.paths.get(usize::from(path)) else {
            return Vec::new();
        };
        let has_piece = self
            .seats
            .get(usize::from(seat))
            .is_some_and(|s| s.goods.of(p.piece) > 0);
        if !has_piece {
            return Vec::new();
        }
        self.ways_to_pay(seat, p.cubes.cubes())
    }

    /// Whether a seat's member arriving in `city` earns its reward: the seat's first visit, with
    /// a marker left to place.
    pub(in crate::games::village) fn rewards_arrival(&self, seat: Seat, city: u8) -> bool {
        let s = &self.seats[usize::from(seat)];
        let marker_left =
            (s.markers.len() as u64) < u64::from(self.config.components.travel.markers);
        !s.markers.contains(&city) && marker_left
    }

    /// Makes a journey (one of `journeys`, paid by one of `journey_ways`).
    pub(in crate::games::village) fn travel(
        &mut self,
        seat: Seat,
        journey: Journey,
        way: &CubePayment,
    ) -> Arrival {
        let components = std::sync::Arc::clone(&self.config.components);
        let travel = &components.travel;
        let path = &travel.paths[usize::from(journey.path)];
        self.pay(seat, way);
        self.return_good(seat, path.piece);
        let rewarded = self.rewards_arrival(seat, journey.to);
        let s = &mut self.seats[usize::from(seat)];
        s.members[journey.member].place = Place::City(journey.to);
        let reward = rewarded.then(|| {
            s.markers.push(journey.to);
            let r = travel.cities[usize::from(journey.to)].reward;
            s.prestige += r.prestige;
            s.coins += r.coins;
            r
        });
        Arrival {
            quills: self.pass_time(seat, path.time),
            reward,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::village::pieces::{Cubes, Good};
    use crate::games::village::test_games;

    fn rich(s: &mut State, seat: usize) {
        let r = &mut s.seats[seat];
        r.goods.0 = [9; 5];
        r.cubes = Cubes([9; 4]);
    }

    /// §3 Travel: a farmyard member sets out only to the cities next to the village.
    #[test]
    fn s3_journeys_start_from_the_village_to_its_neighbours() {
        for s in test_games(2) {
            let c = &s.config.components.travel;
            let next_to_village: Vec<u8> = c
                .paths
                .iter()
                .filter_map(|p| match (p.between[0].as_str(), p.between[1].as_str()) {
                    (VILLAGE, other) | (other, VILLAGE) => s.city(other),
                    _ => None,
                })
                .collect();
            let mut to: Vec<u8> = s.journeys(0).iter().map(|j| j.to).collect();
            to.sort_unstable();
            to.dedup();
            let mut want = next_to_village.clone();
            want.sort_unstable();
            assert_eq!(
                to, want,
                "one journey per first city (members alike are one)"
            );
        }
    }

    /// §3 Travel: a path costs its time, its animal or wagon and its cubes; the first visit to
    /// a city places a marker and takes its reward, a second visit takes nothing.
    #[test]
    fn s3_a_journey_costs_the_path_and_rewards_the_first_visit() {
        for mut s in test_games(2) {
            rich(&mut s, 0);
            let j = s.journeys(0)[0];
            let path = s.config.components.travel.paths[usize::from(j.path)].clone();
            let city = s.config.components.travel.cities[usize::from(j.to)].clone();
            let way = s.journey_ways(0, j.path)[0];
            let prestige = s.seats[0].prestige;
            let before = s.census();
            let arrival = s.travel(0, j, &way);
            assert_eq!(
                s.census(),
                before,
                "the piece and cubes go back to the supply"
            );
            assert_eq!(arrival.reward, Some(city.reward));
            assert_eq!(s.seats[0].prestige, prestige + city.reward.prestige);
            assert_eq!(s.seats[0].goods.of(path.piece), 8);
            assert_eq!(s.seats[0].life, path.time + 1);
            assert_eq!(s.seats[0].markers, [j.to]);
            assert_eq!(s.seats[0].members[j.member].place, Place::City(j.to));
            // Another member on the same path: no second marker, no second reward.
            let again = s
                .journeys(0)
                .into_iter()
                .find(|k| k.path == j.path && k.to == j.to)
                .unwrap();
            let way = s.journey_ways(0, again.path)[0];
            assert_eq!(s.travel(0, again, &way).reward, None);
            assert_eq!(s.seats[0].markers.len(), 1);
        }
    }

    /// A path needs its animal or wagon.
    #[test]
    fn s3_no_piece_no_journey() {
        for mut s in test_games(2) {
            let j = s.journeys(0)[0];
            assert!(s.journey_ways(0, j.path).is_empty());
            let piece = s.config.components.travel.paths[usize::from(j.path)].piece;
            s.seats[0].goods.0[piece as usize] = 1;
            s.seats[0].coins = 9;
            assert!(!s.journey_ways(0, j.path).is_empty());
            assert!(matches!(piece, Good::Horse | Good::Ox | Good::Wagon));
        }
    }

    /// [R] §10.6: with every marker placed a member still travels, but places no marker and
    /// takes no reward.
    #[test]
    fn r10_6_no_marker_left_no_reward() {
        for mut s in test_games(2) {
            rich(&mut s, 0);
            let limit = s.config.components.travel.markers as usize;
            s.seats[0].markers = (100..100 + limit as u8).collect();
            let j = s.journeys(0)[0];
            let way = s.journey_ways(0, j.path)[0];
            let arrival = s.travel(0, j, &way);
            assert_eq!(arrival.reward, None);
            assert_eq!(s.seats[0].markers.len(), limit);
            assert_eq!(s.seats[0].members[j.member].place, Place::City(j.to));
        }
    }

    /// §3 Travel: a member on the map moves along a path to a neighbouring city, never back to
    /// the village; a city's coins are paid at once.
    #[test]
    fn s3_members_on_the_map_move_on_to_neighbouring_cities() {
        for mut s in test_games(2) {
            rich(&mut s, 0);
            let travel = s.config.components.travel.clone();
            // A city with a coin reward and a neighbour that the member can start from.
            let (from, to, path) = travel
                .paths
                .iter()
                .zip(0u8..)
                .find_map(|(p, i)| {
                    let a = s.city(&p.between[0])?;
                    let b = s.city(&p.between[1])?;
                    if travel.cities[usize::from(b)].reward.coins > 0 {
                        Some((a, b, i))
                    } else if travel.cities[usize::from(a)].reward.coins > 0 {
                        Some((b, a, i))
                    } else {
                        None
                    }
                })
                .expect("a coin city between two cities");
            for m in &mut s.seats[0].members {
                m.place = Place::Reserve;
            }
            s.seats[0].members[0].place = Place::City(from);
            let journeys = s.journeys(0);
            assert!(journeys.iter().all(|j| j.member == 0));
            assert!(journeys.contains(&Journey {
                member: 0,
                path,
                to
            }));
            let coins = s.seats[0].coins;
            let way = s.journey_ways(0, path)[0];
            let arrival = s.travel(
                0,
                Journey {
                    member: 0,
                    path,
                    to,
                },
                &way,
            );
            let reward = travel.cities[usize::from(to)].reward;
            assert_eq!(arrival.reward, Some(reward));
            assert_eq!(s.seats[0].coins, coins + reward.coins - way.coin_total());
        }
    }
}
