//! The village board's cubes: the general supply, the green bag and the seven action spaces,
//! and the seeding at the start of every round.

use referee_proto::v1;

use crate::core::GameRng;
use crate::games::village::components::SetupCard;
use crate::games::village::pieces::{Colour, Cubes, Goods, Pool, Space};

/// The general supply.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Supply {
    /// Influence cubes.
    pub cubes: Cubes,
    /// Plague cubes.
    pub plague: u32,
    /// Grain.
    pub grain: u32,
    /// Goods tiles.
    pub goods: Goods,
}

/// The supply, the green bag and the action spaces.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Board {
    /// The general supply.
    pub supply: Supply,
    /// The green bag: what the last seeding left in it stays there.
    pub bag: Pool,
    /// Cubes on each action space, in the order of [`Space::ALL`].
    pub spaces: [Pool; 7],
}

/// A cube drawn from the green bag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drawn {
    /// An influence cube.
    Cube(Colour),
    /// A plague cube.
    Plague,
}

impl Board {
    /// Whether every action space is empty (the round's last cube was taken).
    pub fn is_empty(&self) -> bool {
        self.spaces.iter().all(|p| p.total() == 0)
    }

    /// The cubes on an action space.
    pub fn space(&self, s: Space) -> &Pool {
        &self.spaces[s as usize]
    }

    /// Seeds a round (village.md §2): the card's cubes of each colour and every plague cube go
    /// from the supply into the bag (what the supply has, when it is short), then each action
    /// space in turn gets the card's number of cubes drawn at random from the bag (fewer if the
    /// bag runs out). What stays in the bag stays for the next round.
    pub fn seed(&mut self, card: &SetupCard, rng: &mut GameRng) {
        for colour in Colour::ALL {
            let moved = self
                .supply
                .cubes
                .take(colour, card.bag_per_colour.cubes().of(colour));
            self.bag.cubes.add(colour, moved);
        }
        self.bag.plague += std::mem::take(&mut self.supply.plague);
        for (space, (_, n)) in Space::ALL.into_iter().zip(card.spaces.all()) {
            for _ in 0..n {
                let Some(drawn) = self.draw(rng) else {
                    return;
                };
                let pool = &mut self.spaces[space as usize];
                match drawn {
                    Drawn::Cube(c) => pool.cubes.add(c, 1),
                    Drawn::Plague => pool.plague += 1,
                }
            }
        }
    }

    /// Draws one cube from the green bag, each cube in it equally likely.
    fn draw(&mut self, rng: &mut GameRng) -> Option<Drawn> {
        let total = self.bag.total();
        if total == 0 {
            return None;
        }
        let mut pick = rng.below(total);
        for colour in Colour::ALL {
            let n = self.bag.cubes.of(colour);
            if pick < n {
                self.bag.cubes.take(colour, 1);
                return Some(Drawn::Cube(colour));
            }
            pick -= n;
        }
        self.bag.plague -= 1;
        Some(Drawn::Plague)
    }
}

impl Supply {
    /// The general supply a message holds (absent: empty).
    pub fn from_proto(m: Option<&v1::VillageSupply>) -> Supply {
        m.map_or(Supply::default(), |m| Supply {
            cubes: Cubes::from_proto(m.cubes.as_ref()),
            plague: m.plague,
            grain: m.grain,
            goods: Goods::from_proto(m.goods.as_ref()),
        })
    }
    /// The supply as its message.
    pub fn to_proto(&self) -> v1::VillageSupply {
        v1::VillageSupply {
            cubes: Some(self.cubes.to_proto()),
            plague: self.plague,
            grain: self.grain,
            goods: Some(self.goods.to_proto()),
        }
    }
}
