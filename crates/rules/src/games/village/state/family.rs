//! A seat's family: its members (each of a generation, somewhere: a building, the council, a
//! place of the travel map or the sea, the chronicle, the graves) and where they can be.

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
