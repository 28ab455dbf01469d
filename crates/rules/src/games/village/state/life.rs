//! Time and death (village.md §3 "Time", §5; the quill [R] §10.1): every hour moves a seat's life
//! marker one space; passing the quill kills one member, one of the lowest generation still in
//! sight, chosen by its owner.

use crate::core::Seat;

use super::family::Place;
use super::State;

impl State {
    /// Moves a seat's life marker `hours` spaces and returns how many times it passed the quill:
    /// the track has L spaces numbered 1..L after the quill, so a move from space L to space 1
    /// passes it, and a fresh marker (on space 1) passes it after exactly L hours.
    pub(in crate::games::village) fn pass_time(&mut self, seat: Seat, hours: u32) -> u32 {
        let length = self.config.components.life_track.spaces.max(1);
        let Some(s) = self.seats.get_mut(usize::from(seat)) else {
            return 0;
        };
        let travelled = u64::from(s.life - 1) + u64::from(hours);
        s.life = (travelled % u64::from(length)) as u32 + 1;
        u32::try_from(travelled / u64::from(length)).unwrap_or(u32::MAX)
    }

    /// The members that may die for a seat now: those of the lowest generation among the members
    /// in sight (on the board or the farmyard; not in the reserve, not in the black bag), one per
    /// place (members of one generation in one place are the same choice). Empty when no member
    /// is in sight.
    pub fn dying_candidates(&self, seat: Seat) -> Vec<usize> {
        let Some(s) = self.seats.get(usize::from(seat)) else {
            return Vec::new();
        };
        let in_sight =
            |place: Place| place.alive() && !matches!(place, Place::Reserve | Place::BlackBag);
        let Some(lowest) = s
            .members
            .iter()
            .filter(|m| in_sight(m.place))
            .map(|m| m.generation)
            .min()
        else {
            return Vec::new();
        };
        s.distinct(|m| m.generation == lowest && in_sight(m.place))
    }
}

#[cfg(test)]
mod tests {
    use crate::games::village::state::family::{Building, Place};
    use crate::games::village::test_games;

    /// [R] §10.1: a fresh marker passes the quill after exactly L hours, L the track's length.
    #[test]
    fn r10_1_a_fresh_marker_passes_the_quill_after_exactly_the_tracks_length() {
        for mut s in test_games(3) {
            let length = s.config.components.life_track.spaces;
            assert_eq!(s.pass_time(0, length - 1), 0);
            assert_eq!(s.seats[0].life, length);
            assert_eq!(s.pass_time(0, 1), 1, "from space L to space 1");
            assert_eq!(s.seats[0].life, 1);
            assert_eq!(s.pass_time(1, 2 * length + 3), 2);
            assert_eq!(s.seats[1].life, 4);
            assert_eq!(s.pass_time(2, 0), 0);
        }
    }

    /// §5: the dying member is of the lowest generation in sight (board or farmyard, not the
    /// reserve, not the black bag); its owner chooses among the places such members stand in.
    #[test]
    fn s5_the_lowest_generation_in_sight_dies_and_the_owner_chooses_where() {
        for mut s in test_games(2) {
            let members = &mut s.seats[0].members;
            // Generation 1 everywhere but in sight: two on the farmyard, one at the smithy, one in
            // the black bag.
            members[2].place = Place::Building(Building::Smithy);
            members[3].place = Place::BlackBag;
            let candidates = s.dying_candidates(0);
            let places: Vec<Place> = candidates
                .iter()
                .map(|&i| s.seats[0].members[i].place)
                .collect();
            assert_eq!(places, [Place::Farmyard, Place::Building(Building::Smithy)]);
            // With no generation-1 member in sight, the next generation in sight dies.
            for m in s.seats[0].members.iter_mut().filter(|m| m.generation == 1) {
                m.place = Place::BlackBag;
            }
            let second = s.seats[0]
                .members
                .iter()
                .position(|m| m.generation == 2)
                .unwrap();
            s.seats[0].members[second].place = Place::Council(1);
            assert_eq!(s.dying_candidates(0), [second]);
            // Nobody in sight: nobody dies.
            for m in &mut s.seats[0].members {
                m.place = Place::Reserve;
            }
            assert!(s.dying_candidates(0).is_empty());
        }
    }
}
