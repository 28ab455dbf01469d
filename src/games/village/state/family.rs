//! A seat's family and holdings: its eleven members (each of a generation, somewhere), the life
//! time track, prestige, and what lies on its farmyard.

use crate::games::village::pieces::{Cubes, Goods};

use super::goals::HeldGoal;
use super::sea::Ship;

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

/// One seat's family and holdings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatState {
    /// Every member of the family, oldest generation first.
    pub members: Vec<Member>,
    /// The life marker's space, 1 to the track's length (space 1 follows the quill).
    pub life: u32,
    /// Prestige gained during the game.
    pub prestige: u32,
    /// Coins.
    pub coins: u32,
    /// Influence cubes on the farmyard.
    pub cubes: Cubes,
    /// Grain on the farmyard.
    pub grain: u32,
    /// Goods tiles on the farmyard.
    pub goods: Goods,
    /// Customers served (face down), by tile id.
    pub customers: Vec<u8>,
    /// Cities with one of this seat's travel markers.
    pub markers: Vec<u8>,
    /// Life goals dealt (Life Goals; empty without it).
    pub goals: Vec<HeldGoal>,
    /// Village Port: the ship.
    pub ship: Ship,
    /// Village Port: cocoa baskets brought home.
    pub cocoa: u32,
    /// Village Port: tea bales brought home.
    pub tea: u32,
    /// Village Port: treasure chests brought home, face down (values known to the seat).
    pub chests: Vec<u32>,
}

impl SeatState {
    /// A family as set up: generation 1 on the farmyard, the others in reserve (the counts per
    /// generation come from the component set), the marker on the space after the quill.
    pub fn new(generations: &[u32], coins: u32) -> SeatState {
        let members = generations
            .iter()
            .zip(1u8..)
            .flat_map(|(&n, generation)| {
                let place = if generation == 1 {
                    Place::Farmyard
                } else {
                    Place::Reserve
                };
                (0..n).map(move |_| Member { generation, place })
            })
            .collect();
        SeatState {
            members,
            life: 1,
            prestige: 0,
            coins,
            cubes: Cubes::default(),
            grain: 0,
            goods: Goods::default(),
            customers: Vec::new(),
            markers: Vec::new(),
            goals: Vec::new(),
            ship: Ship::default(),
            cocoa: 0,
            tea: 0,
            chests: Vec::new(),
        }
    }

    /// Members in a place.
    pub fn count(&self, place: Place) -> usize {
        self.members.iter().filter(|m| m.place == place).count()
    }

    /// The members that `keep` accepts, one per place and generation: members alike are one
    /// choice, so a decision lists one of them.
    pub fn distinct(&self, keep: impl Fn(&Member) -> bool) -> Vec<usize> {
        let mut seen: Vec<(Place, u8)> = Vec::new();
        let mut out = Vec::new();
        for (i, m) in self.members.iter().enumerate() {
            if keep(m) && !seen.contains(&(m.place, m.generation)) {
                seen.push((m.place, m.generation));
                out.push(i);
            }
        }
        out
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
