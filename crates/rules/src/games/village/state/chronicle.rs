//! Where the dead go (village.md §5, §6): the first free space of the chronicle section where the
//! member worked, else the first free anonymous grave, else nowhere (only once the end is
//! triggered can both be full). Spaces closed at this player count by their label are covered.
//! Filling the last free chronicle space or the last free grave triggers the end.

use crate::core::Seat;

use super::family::{Place, Section};
use super::State;

/// Where a member was laid to rest, and whether that triggered the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Burial {
    /// The member's new place: a chronicle space, a grave, or gone.
    pub place: Place,
    /// The chronicle or the graves have no free space left now.
    pub ends_game: bool,
}

impl State {
    /// The chronicle section a member in this place is remembered in (`None` for a place where
    /// no member dies: the reserve, the black bag, the dead).
    pub fn section_of(place: Place) -> Option<Section> {
        match place {
            Place::Council(_) => Some(Section::Council),
            Place::Building(_) => Some(Section::Crafts),
            Place::City(_) | Place::Ship | Place::Mission(_) => Some(Section::Travel),
            Place::Window(_) => Some(Section::Church),
            Place::Farmyard => Some(Section::Farmyard),
            _ => None,
        }
    }

    /// Whether a place holds a member of any seat.
    fn taken(&self, place: Place) -> bool {
        self.seats
            .iter()
            .any(|s| s.members.iter().any(|m| m.place == place))
    }

    /// The first free chronicle space of a section (open at this player count, not taken).
    pub fn free_chronicle_space(&self, section: Section) -> Option<Place> {
        // `Section::ALL` and `Chronicle::sections` list the sections in the same order.
        let c = &self.config.components.chronicle;
        let labels = c.sections()[section as usize].1;
        (0u8..)
            .zip(labels)
            .filter(|(_, l)| l.open(self.config.players))
            .map(|(i, _)| Place::Chronicle(section, i))
            .find(|&p| !self.taken(p))
    }

    /// The first free anonymous grave.
    pub fn free_grave(&self) -> Option<Place> {
        let graves = &self.config.components.graves.spaces;
        (0u8..)
            .zip(graves)
            .filter(|(_, l)| l.open(self.config.players))
            .map(|(i, _)| Place::Grave(i))
            .find(|&p| !self.taken(p))
    }

    /// Whether the chronicle has a free space in any section.
    fn chronicle_has_room(&self) -> bool {
        Section::ALL
            .into_iter()
            .any(|s| self.free_chronicle_space(s).is_some())
    }

    /// Lays a seat's member to rest; `None` if that member cannot die (out of range, or not in a
    /// place where members die).
    pub(in crate::games::village) fn bury(&mut self, seat: Seat, member: usize) -> Option<Burial> {
        let place = self
            .seats
            .get(usize::from(seat))?
            .members
            .get(member)?
            .place;
        let section = Self::section_of(place)?;
        // Village Port: a member at sea or on a mission is buried at sea, not in a grave.
        let at_sea = matches!(place, Place::Ship | Place::Mission(_));
        let rest = self
            .free_chronicle_space(section)
            .or_else(|| {
                if at_sea {
                    self.free_sea_burial()
                } else {
                    self.free_grave()
                }
            })
            .unwrap_or(Place::Gone);
        if place == Place::Ship {
            let holds = &mut self.seats[usize::from(seat)].ship.holds;
            holds.retain(|&c| c != super::sea::Cargo::Member);
        }
        self.seats[usize::from(seat)].members[member].place = rest;
        let ends_game = match rest {
            Place::Chronicle(..) => !self.chronicle_has_room(),
            Place::Grave(_) => self.free_grave().is_none(),
            Place::SeaBurial(i) => {
                let prestige = self.config.components.port.sea_burials[usize::from(i)];
                let s = &mut self.seats[usize::from(seat)];
                s.prestige = s.prestige.saturating_add(prestige);
                self.free_sea_burial().is_none()
            }
            _ => false,
        };
        Some(Burial {
            place: rest,
            ends_game,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::village::state::family::Building;
    use crate::games::village::test_games;

    /// §5: a member goes to the first free space of the section where it worked, open at this
    /// player count; when the section is full, to the first free grave; when both are full, it is
    /// removed.
    #[test]
    fn s5_the_dead_go_to_their_section_then_a_grave_then_nowhere() {
        for players in 2..=5u8 {
            for mut s in test_games(players) {
                let open = |labels: &[crate::games::village::components::Label]| {
                    labels.iter().filter(|l| l.open(players)).count()
                };
                let c = std::sync::Arc::clone(&s.config.components);
                let crafts = open(&c.chronicle.crafts);
                let graves = open(&c.graves.spaces);
                let mut places = Vec::new();
                // Enough dead craftsmen to fill the crafts section and every grave, and one more.
                for n in 0..crafts + graves + 1 {
                    let seat = (n % usize::from(players)) as Seat;
                    let member = s.seats[usize::from(seat)]
                        .members
                        .iter()
                        .position(|m| m.place == Place::Reserve || m.place == Place::Farmyard)
                        .unwrap();
                    s.seats[usize::from(seat)].members[member].place =
                        Place::Building(Building::Office);
                    places.push(s.bury(seat, member).unwrap());
                }
                let open_crafts: Vec<u8> = (0u8..)
                    .zip(&c.chronicle.crafts)
                    .filter(|(_, l)| l.open(players))
                    .map(|(i, _)| i)
                    .collect();
                for (burial, &i) in places.iter().zip(&open_crafts) {
                    assert_eq!(burial.place, Place::Chronicle(Section::Crafts, i));
                    assert!(!burial.ends_game, "other sections still have room");
                }
                let in_graves = &places[crafts..crafts + graves];
                assert!(in_graves.iter().all(|b| matches!(b.place, Place::Grave(_))));
                assert!(in_graves[..graves - 1].iter().all(|b| !b.ends_game));
                assert!(
                    in_graves[graves - 1].ends_game,
                    "the last grave ends the game"
                );
                assert_eq!(places.last().unwrap().place, Place::Gone);
            }
        }
    }

    /// §6: filling the last free space of the whole chronicle triggers the end.
    #[test]
    fn s6_the_last_free_chronicle_space_ends_the_game() {
        for mut s in test_games(4) {
            let c = std::sync::Arc::clone(&s.config.components);
            let sections = [
                (Section::Council, Place::Council(2)),
                (Section::Crafts, Place::Building(Building::Stables)),
                (Section::Travel, Place::City(0)),
                (Section::Church, Place::Window(0)),
                (Section::Farmyard, Place::Farmyard),
            ];
            let total: usize = c
                .chronicle
                .sections()
                .iter()
                .map(|(_, l)| l.iter().filter(|l| l.open(4)).count())
                .sum();
            let mut buried = 0;
            let mut ended = Vec::new();
            for (section, place) in sections {
                while s.free_chronicle_space(section).is_some() {
                    let seat = (buried % 4) as Seat;
                    let member = s.seats[usize::from(seat)]
                        .members
                        .iter()
                        .position(|m| m.place == Place::Reserve)
                        .unwrap();
                    s.seats[usize::from(seat)].members[member].place = place;
                    let burial = s.bury(seat, member).unwrap();
                    assert!(matches!(burial.place, Place::Chronicle(sec, _) if sec == section));
                    ended.push(burial.ends_game);
                    buried += 1;
                }
            }
            assert_eq!(buried, total);
            assert_eq!(ended.iter().filter(|&&e| e).count(), 1);
            assert!(ended.last().unwrap());
        }
    }

    /// Members in the reserve or the black bag do not die; the dead do not die again.
    #[test]
    fn only_members_in_sight_are_buried() {
        for mut s in test_games(3) {
            let reserve = s.seats[0]
                .members
                .iter()
                .position(|m| m.place == Place::Reserve)
                .unwrap();
            assert_eq!(s.bury(0, reserve), None);
            s.seats[0].members[0].place = Place::BlackBag;
            assert_eq!(s.bury(0, 0), None);
            assert_eq!(s.bury(0, 99), None);
            assert_eq!(s.bury(9, 0), None);
        }
    }
}
