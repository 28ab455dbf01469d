//! A seat's family: its members (each of a generation, somewhere: a building, the council, a
//! place of the travel map or the sea, the chronicle, the graves) and where they can be.

use referee_proto::v1;
use v1::VillagePlace as P;

use crate::core::message::{proto_enum, At};
use crate::core::StateErrors;

/// A crafts building (the mill takes no members).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Building {
    /// Wagons.
    Wainwright,
    /// Horses and oxen.
    Stables,
    /// Scrolls.
    Office,
    /// Plows.
    Smithy,
}

/// A section of the village chronicle: where a member worked when it died.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Section {
    /// The council chamber.
    Council,
    /// A building.
    Crafts,
    /// The travel map.
    Travel,
    /// The church.
    Church,
    /// The farmyard.
    Farmyard,
}

impl Section {
    /// Every section, in the order of the component set's `Chronicle::sections`.
    pub const ALL: [Section; 5] = [
        Section::Council,
        Section::Crafts,
        Section::Travel,
        Section::Church,
        Section::Farmyard,
    ];
}

/// Where a family member is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// Not yet born (the generations to come).
    Reserve,
    /// On its seat's farmyard.
    Farmyard,
    /// Trained at a building.
    Building(Building),
    /// In the council chamber, on stage 1 to 4.
    Council(u8),
    /// On the travel map, in a city (index into the component set's cities).
    City(u8),
    /// In the black bag.
    BlackBag,
    /// On a church window (0 = the rightmost).
    Window(u8),
    /// Dead, in the village chronicle (section, space index).
    Chronicle(Section, u8),
    /// Dead, in an anonymous grave.
    Grave(u8),
    /// Dead with no space left (only after the end was triggered).
    Gone,
    /// Village Port: on its seat's ship.
    Ship,
    /// Village Port: on the missionary church of an island (its sea board space).
    Mission(u8),
    /// Village Port: dead, buried at sea (the burial space).
    SeaBurial(u8),
}

impl Place {
    /// Whether a member here is alive.
    pub fn alive(self) -> bool {
        !matches!(
            self,
            Place::Chronicle(..) | Place::Grave(_) | Place::Gone | Place::SeaBurial(_)
        )
    }
}

/// One family member.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Member {
    /// Its generation (1 is the oldest).
    pub generation: u8,
    /// Where it is.
    pub place: Place,
}

proto_enum!(Building => v1::VillageBuilding, "building" {
    Wainwright, Stables, Office, Smithy
});
proto_enum!(Section => v1::VillageSection, "section" {
    Council, Crafts, Travel, Church, Farmyard
});

/// A place code's kind: the code is the kind times 1000, plus its detail (`village.proto`).
const KIND: u32 = 1000;

impl Place {
    /// This place's code.
    pub fn code(self) -> u32 {
        let (kind, detail) = match self {
            Place::Reserve => (P::Reserve, 0),
            Place::Farmyard => (P::Farmyard, 0),
            Place::Building(b) => (P::Building, b.to_proto() as u32),
            Place::Council(s) => (P::Council, u32::from(s)),
            Place::City(c) => (P::City, u32::from(c)),
            Place::BlackBag => (P::BlackBag, 0),
            Place::Window(w) => (P::Window, u32::from(w)),
            Place::Chronicle(s, i) => (P::Chronicle, s.to_proto() as u32 * 100 + u32::from(i)),
            Place::Grave(g) => (P::Grave, u32::from(g)),
            Place::Gone => (P::Gone, 0),
            Place::Ship => (P::Ship, 0),
            Place::Mission(space) => (P::Mission, u32::from(space)),
            Place::SeaBurial(b) => (P::SeaBurial, u32::from(b)),
        };
        kind as u32 * KIND + detail
    }
}

impl Member {
    /// A member at the place a code names (`at`: the code's field); the game gives each member
    /// its generation.
    pub fn from_code(code: u32, at: &At) -> Result<Member, StateErrors> {
        let detail = code % KIND;
        let index = u8::try_from(detail).unwrap_or(u8::MAX);
        let bad = |what: &str| Err(at.error(format!("is not a place code: {what}")));
        let kind = P::try_from(i32::try_from(code / KIND).unwrap_or(-1));
        let place = match kind {
            Ok(P::Reserve) => Place::Reserve,
            Ok(P::Farmyard) => Place::Farmyard,
            Ok(P::Building) => match Building::from_proto(detail as i32, at) {
                Ok(b) => Place::Building(b),
                Err(_) => return bad("no such building"),
            },
            Ok(P::Council) => Place::Council(index),
            Ok(P::City) => Place::City(index),
            Ok(P::BlackBag) => Place::BlackBag,
            Ok(P::Window) => Place::Window(index),
            Ok(P::Chronicle) => match Section::from_proto((detail / 100) as i32, at) {
                Ok(s) => Place::Chronicle(s, (detail % 100) as u8),
                Err(_) => return bad("no such chronicle section"),
            },
            Ok(P::Grave) => Place::Grave(index),
            Ok(P::Gone) => Place::Gone,
            Ok(P::Ship) => Place::Ship,
            Ok(P::Mission) => Place::Mission(index),
            Ok(P::SeaBurial) => Place::SeaBurial(index),
            Ok(P::Unspecified) | Err(_) => return bad("no such kind"),
        };
        Ok(Member {
            generation: 0,
            place,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Section;
    use crate::games::village::test_games;

    /// The chronicle's sections are read by position: both lists must agree.
    #[test]
    fn sections_are_in_the_component_sets_order() {
        let s = &test_games(2)[0];
        let names: Vec<&str> = s
            .config
            .components
            .chronicle
            .sections()
            .iter()
            .map(|(n, _)| *n)
            .collect();
        let ours: Vec<String> = Section::ALL
            .iter()
            .map(|s| format!("{s:?}").to_lowercase())
            .collect();
        assert_eq!(names, ours);
    }
}
