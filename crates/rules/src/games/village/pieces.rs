//! The pieces that move between the supply, the bags, the board and the farmyards: influence
//! cubes by colour, goods tiles by kind, and the seven action spaces they are seeded onto.

use referee_proto::v1;

use crate::core::message::proto_enum;

/// A goods tile.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Good {
    /// Horse.
    Horse,
    /// Ox.
    Ox,
    /// Wagon.
    Wagon,
    /// Plow.
    Plow,
    /// Scroll.
    Scroll,
}

/// An influence cube's colour.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// Brown.
    Brown,
    /// Pink.
    Pink,
    /// Orange.
    Orange,
    /// Green.
    Green,
}

impl Colour {
    /// Every colour, in the order of [`Cubes`].
    pub const ALL: [Colour; 4] = [Colour::Brown, Colour::Pink, Colour::Orange, Colour::Green];
}

/// Influence cubes, counted by colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Cubes(pub [u32; 4]);

impl Cubes {
    /// Cubes of one colour.
    pub fn of(&self, c: Colour) -> u32 {
        self.0[c as usize]
    }
    /// Adds `n` cubes of a colour.
    pub fn add(&mut self, c: Colour, n: u32) {
        self.0[c as usize] = self.0[c as usize].saturating_add(n);
    }
    /// Removes up to `n` cubes of a colour; returns how many there were to remove.
    pub fn take(&mut self, c: Colour, n: u32) -> u32 {
        let taken = self.0[c as usize].min(n);
        self.0[c as usize] -= taken;
        taken
    }
    /// Every cube (saturating: a client's payment may name any count).
    pub fn total(&self) -> u32 {
        self.0.iter().fold(0, |sum, &n| sum.saturating_add(n))
    }
}

/// Goods tiles, counted by kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Goods(pub [u32; 5]);

impl Goods {
    /// Every kind, in the order of the counts.
    pub const KINDS: [Good; 5] = [Good::Horse, Good::Ox, Good::Wagon, Good::Plow, Good::Scroll];

    /// Tiles of one kind.
    pub fn of(&self, g: Good) -> u32 {
        self.0[g as usize]
    }
    /// Every tile (saturating, as for cubes).
    pub fn total(&self) -> u32 {
        self.0.iter().fold(0, |sum, &n| sum.saturating_add(n))
    }
}

/// An action space of the village board (the order of the setup cards).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Space {
    /// Harvest.
    Harvest,
    /// Family.
    Family,
    /// Crafts.
    Crafts,
    /// Market.
    Market,
    /// Council chamber.
    Council,
    /// Travel.
    Travel,
    /// Church.
    Church,
}

impl Space {
    /// Every action space, in the order seeding fills them.
    pub const ALL: [Space; 7] = [
        Space::Harvest,
        Space::Family,
        Space::Crafts,
        Space::Market,
        Space::Council,
        Space::Travel,
        Space::Church,
    ];
}

/// What lies in a bag or on an action space: influence cubes and plague cubes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pool {
    /// Influence cubes by colour.
    pub cubes: Cubes,
    /// Plague cubes.
    pub plague: u32,
}

impl Pool {
    /// Every cube in it.
    pub fn total(&self) -> u32 {
        self.cubes.total() + self.plague
    }
}

proto_enum!(Good => v1::VillageGood, "good" { Horse, Ox, Wagon, Plow, Scroll });
proto_enum!(Colour => v1::VillageColour, "colour" { Brown, Pink, Orange, Green });
proto_enum!(Space => v1::VillageSpace, "space" {
    Harvest, Family, Crafts, Market, Council, Travel, Church
});

impl Cubes {
    /// The cubes a message counts, colour by colour (absent: none).
    pub fn from_proto(m: Option<&v1::VillageCubes>) -> Cubes {
        m.map_or(Cubes::default(), |m| {
            Cubes([m.brown, m.pink, m.orange, m.green])
        })
    }
    /// These cubes as their message.
    pub fn to_proto(&self) -> v1::VillageCubes {
        let [brown, pink, orange, green] = self.0;
        v1::VillageCubes {
            brown,
            pink,
            orange,
            green,
        }
    }
}

impl Goods {
    /// The goods a message counts, kind by kind (absent: none).
    pub fn from_proto(m: Option<&v1::VillageGoods>) -> Goods {
        m.map_or(Goods::default(), |m| {
            Goods([m.horse, m.ox, m.wagon, m.plow, m.scroll])
        })
    }
    /// These goods as their message.
    pub fn to_proto(&self) -> v1::VillageGoods {
        let [horse, ox, wagon, plow, scroll] = self.0;
        v1::VillageGoods {
            horse,
            ox,
            wagon,
            plow,
            scroll,
        }
    }
}

impl Pool {
    /// The pool a message holds (absent: empty).
    pub fn from_proto(m: Option<&v1::VillageCubePool>) -> Pool {
        m.map_or(Pool::default(), |m| Pool {
            cubes: Cubes::from_proto(m.cubes.as_ref()),
            plague: m.plague,
        })
    }
    /// This pool as its message.
    pub fn to_proto(&self) -> v1::VillageCubePool {
        v1::VillageCubePool {
            cubes: Some(self.cubes.to_proto()),
            plague: self.plague,
        }
    }
}
