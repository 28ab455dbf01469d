//! The harvest and the family action (village.md §3): grain from the fields, by the animals and
//! plow on the farmyard, up to what a farmyard holds; a new generation from the reserve, or a
//! member called home from the village board.

use crate::core::Seat;

use super::family::Place;
use super::State;
use crate::games::village::pieces::Good;

/// Grain from a harvest: 2; 3 with a horse and a plow; 4 with an ox and a plow.
fn harvest_yield(horse: bool, ox: bool, plow: bool) -> u32 {
    match (plow, ox, horse) {
        (true, true, _) => 4,
        (true, false, true) => 3,
        _ => 2,
    }
}

impl State {
    /// Whether a seat may harvest: at least one member on its farmyard.
    pub fn can_harvest(&self, seat: Seat) -> bool {
        self.seats
            .get(usize::from(seat))
            .is_some_and(|s| s.count(Place::Farmyard) > 0)
    }

    /// Harvests for a seat; returns the grain gained. The farmyard holds at most the component
    /// set's limit: grain beyond it is not taken (it stays in the supply, [R] village.md §3), and
    /// neither is grain the supply does not have.
    pub(in crate::games::village) fn harvest(&mut self, seat: Seat) -> u32 {
        let limit = self.config.components.supply.farmyard_grain_limit;
        let Some(s) = self.seats.get_mut(usize::from(seat)) else {
            return 0;
        };
        let has = |g: Good| s.goods.of(g) > 0;
        let want = harvest_yield(has(Good::Horse), has(Good::Ox), has(Good::Plow));
        let gained = want
            .min(limit.saturating_sub(s.grain))
            .min(self.board.supply.grain);
        s.grain += gained;
        self.board.supply.grain -= gained;
        gained
    }

    /// The member a new generation brings: the lowest generation in the reserve.
    pub fn next_generation(&self, seat: Seat) -> Option<usize> {
        let s = self.seats.get(usize::from(seat))?;
        (0..s.members.len())
            .filter(|&i| s.members[i].place == Place::Reserve)
            .min_by_key(|&i| s.members[i].generation)
    }

    /// The members a seat can call home to its farmyard: those on the village board (buildings,
    /// the council chamber, the travel map); never from the black bag or a church window ([R]
    /// §10.2). One per place and generation (members alike are one choice).
    pub fn recallable(&self, seat: Seat) -> Vec<usize> {
        let Some(s) = self.seats.get(usize::from(seat)) else {
            return Vec::new();
        };
        s.distinct(|m| {
            matches!(
                m.place,
                Place::Building(_) | Place::Council(_) | Place::City(_)
            )
        })
    }

    /// Moves a member to its seat's farmyard (a new generation, or one called home).
    pub(in crate::games::village) fn send_to_farmyard(&mut self, seat: Seat, member: usize) {
        if let Some(m) = self
            .seats
            .get_mut(usize::from(seat))
            .and_then(|s| s.members.get_mut(member))
        {
            m.place = Place::Farmyard;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::village::state::family::Building;
    use crate::games::village::test_games;

    /// §3 Harvest: 2 grain; 3 with a horse and a plow; 4 with an ox and a plow.
    #[test]
    fn s3_harvest_yields_by_animals_and_plow() {
        assert_eq!(harvest_yield(false, false, false), 2);
        assert_eq!(harvest_yield(true, false, false), 2, "a horse alone");
        assert_eq!(harvest_yield(false, false, true), 2, "a plow alone");
        assert_eq!(harvest_yield(true, false, true), 3);
        assert_eq!(harvest_yield(false, true, true), 4);
        assert_eq!(harvest_yield(true, true, true), 4);
        for mut s in test_games(2) {
            s.seats[0].goods.0[Good::Ox as usize] = 1;
            s.seats[0].goods.0[Good::Plow as usize] = 1;
            let grain = s.census().grain;
            assert_eq!(s.harvest(0), 4);
            assert_eq!(s.census().grain, grain, "grain moves from the supply");
            assert_eq!(s.harvest(1), 2, "no animal, no plow");
            s.seats[1].goods.0[Good::Horse as usize] = 1;
            assert_eq!(s.harvest(1), 2, "a horse without a plow");
            assert_eq!(s.seats[0].grain, 4);
        }
    }

    /// §3 Harvest: only with a member on the farmyard; the farmyard holds the component set's
    /// limit and the excess is never taken; an empty supply gives nothing.
    #[test]
    fn s3_harvest_needs_a_member_home_and_stops_at_the_farmyards_limit() {
        for mut s in test_games(2) {
            assert!(s.can_harvest(0));
            for m in &mut s.seats[0].members {
                if m.place == Place::Farmyard {
                    m.place = Place::Building(Building::Office);
                }
            }
            assert!(!s.can_harvest(0));
            let limit = s.config.components.supply.farmyard_grain_limit;
            s.seats[1].grain = limit - 1;
            let supply = s.board.supply.grain;
            assert_eq!(s.harvest(1), 1);
            assert_eq!(
                s.board.supply.grain,
                supply - 1,
                "the excess stays in the supply"
            );
            s.board.supply.grain = 0;
            s.seats[1].grain = 0;
            assert_eq!(s.harvest(1), 0);
        }
    }

    /// §3 Family: the new member is the lowest generation in the reserve; members come home
    /// from buildings, the council chamber and the travel map, not from the black bag or a
    /// church window ([R] §10.2).
    #[test]
    fn s3_family_brings_the_next_generation_or_calls_a_member_home() {
        for mut s in test_games(2) {
            let next = s.next_generation(0).unwrap();
            assert_eq!(s.seats[0].members[next].generation, 2);
            s.send_to_farmyard(0, next);
            assert_eq!(s.seats[0].members[next].place, Place::Farmyard);
            let members = &mut s.seats[0].members;
            members[0].place = Place::Building(Building::Smithy);
            members[1].place = Place::Council(2);
            members[2].place = Place::BlackBag;
            members[3].place = Place::Window(0);
            assert_eq!(s.recallable(0), [0, 1]);
            for m in &mut s.seats[1].members {
                m.place = Place::Farmyard;
            }
            assert_eq!(s.next_generation(1), None, "the reserve is empty");
        }
    }
}
