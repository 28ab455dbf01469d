//! Village Port (village.md §7): the ships, their holds and captains, the captain decks, the
//! islands' stacks, treasure chests, cocoa and tea, and the box that hired captains, sold tiles
//! and cashed chests go to. The decisions of a voyage are in `../rules/voyage.rs`.

use referee_proto::v1;
use v1::VillageCargoKind as K;

use crate::core::message::{list, small, At};
use crate::core::StateErrors;

use super::message::MAX_LIST;

use crate::core::Seat;
use crate::games::village::components::{Piece, Stack};
use crate::games::village::pieces::Good;

use super::family::Place;
use super::State;

/// Holds on a ship tile.
pub const HOLDS: usize = 3;
/// Time lost returning to port.
pub const RETURN_TIME: u32 = 1;
/// Time lost entering a time water-space.
pub const WATER_TIME: u32 = 1;
/// Prestige for a cocoa basket sold at the market.
pub const COCOA_PRESTIGE: u32 = 7;
/// Prestige and coins for a tea bale sold at the market.
pub const TEA_PRESTIGE: u32 = 5;
/// Coins for a tea bale sold at the market.
pub const TEA_COINS: u32 = 1;

/// A piece in a ship's hold. A member's identity is its place (`Place::Ship`); a chest carries
/// its value (its owner's secret).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Cargo {
    /// A goods tile.
    Good(Good),
    /// A grain.
    Grain,
    /// A family member.
    Member,
    /// A cocoa basket.
    Cocoa,
    /// A tea bale.
    Tea,
    /// A treasure chest and its coins.
    Chest(u32),
}

impl Cargo {
    /// Its type: a ship never carries two of one type (all members are one type, all chests).
    pub fn kind(self) -> Cargo {
        match self {
            Cargo::Chest(_) => Cargo::Chest(0),
            other => other,
        }
    }

    /// Whether only islands give it (cocoa, tea, chests): from `village/2` on it is never
    /// loaded in port (V-R37).
    pub fn from_islands(self) -> bool {
        matches!(self, Cargo::Cocoa | Cargo::Tea | Cargo::Chest(_))
    }

    /// The piece a parchment may buy, if it is one.
    pub fn piece(self) -> Option<Piece> {
        Some(match self {
            Cargo::Good(Good::Horse) => Piece::Horse,
            Cargo::Good(Good::Ox) => Piece::Ox,
            Cargo::Good(Good::Wagon) => Piece::Wagon,
            Cargo::Good(Good::Plow) => Piece::Plow,
            Cargo::Good(Good::Scroll) => Piece::Scroll,
            Cargo::Grain => Piece::Grain,
            _ => return None,
        })
    }
}

/// A seat's ship.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ship {
    /// Its space on the sea board (0: the port).
    pub at: u8,
    /// The captain kind hired (index into the set's captains), while at sea.
    pub captain: Option<u8>,
    /// What its holds carry.
    pub holds: Vec<Cargo>,
}

/// Port's pieces that are nobody's: the captain decks, the island stacks, and the box.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Harbour {
    /// Captain cards left in the decks, per kind.
    pub captains: Vec<u32>,
    /// Cocoa baskets on their island.
    pub cocoa: u32,
    /// Tea bales on their island.
    pub tea: u32,
    /// The treasure chests on their island, face down; the last is the top.
    pub chests: Vec<u32>,
    /// Out of the game: captains back from a voyage (per kind), tiles sold, chests cashed.
    pub gone: Gone,
}

/// What left the game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Gone {
    /// Captains per kind.
    pub captains: Vec<u32>,
    /// Cocoa baskets sold.
    pub cocoa: u32,
    /// Tea bales sold.
    pub tea: u32,
    /// Chests cashed, by value.
    pub chests: Vec<u32>,
}

impl State {
    /// Whether the game is played with Village Port.
    pub fn port(&self) -> bool {
        self.config.options.port
    }

    /// The stack on an island space: how many tiles and what the top one is.
    pub(crate) fn stack_top(&self, space: u8) -> Option<Cargo> {
        let island = self.config.components.port.sea.island(space)?;
        let h = &self.harbour;
        match island.stack? {
            Stack::Cocoa => (h.cocoa > 0).then_some(Cargo::Cocoa),
            Stack::Tea => (h.tea > 0).then_some(Cargo::Tea),
            Stack::Chests => h.chests.last().map(|&v| Cargo::Chest(v)),
        }
    }

    /// Takes the top tile of the island's stack into a hold.
    pub(crate) fn take_tile(&mut self, seat: Seat, space: u8) {
        let Some(top) = self.stack_top(space) else {
            return;
        };
        match top {
            Cargo::Cocoa => self.harbour.cocoa -= 1,
            Cargo::Tea => self.harbour.tea -= 1,
            _ => {
                self.harbour.chests.pop();
            }
        }
        self.seats[usize::from(seat)].ship.holds.push(top);
    }

    /// Whether a seat's holds have room for a piece of this type.
    pub(crate) fn can_load(&self, seat: Seat, cargo: Cargo) -> bool {
        let holds = &self.seats[usize::from(seat)].ship.holds;
        holds.len() < HOLDS && holds.iter().all(|c| c.kind() != cargo.kind())
    }

    /// Moves a piece from the farmyard into a hold (a member: the one named).
    pub(crate) fn load(&mut self, seat: Seat, cargo: Cargo, member: Option<usize>) {
        let s = &mut self.seats[usize::from(seat)];
        match cargo {
            Cargo::Good(g) => s.goods.0[g as usize] -= 1,
            Cargo::Grain => s.grain -= 1,
            Cargo::Member => {
                if let Some(m) = member {
                    s.members[m].place = Place::Ship;
                }
            }
            Cargo::Cocoa => s.cocoa -= 1,
            Cargo::Tea => s.tea -= 1,
            Cargo::Chest(v) => {
                if let Some(i) = s.chests.iter().position(|&c| c == v) {
                    s.chests.remove(i);
                }
            }
        }
        s.ship.holds.push(cargo);
    }

    /// Returns a piece from a hold to the supply (sold on an island, or a wagon paid).
    pub(crate) fn unload_to_supply(&mut self, seat: Seat, cargo: Cargo) {
        let s = &mut self.seats[usize::from(seat)];
        if let Some(i) = s.ship.holds.iter().position(|&c| c == cargo) {
            s.ship.holds.remove(i);
        }
        match cargo {
            Cargo::Good(g) => self.board.supply.goods.0[g as usize] += 1,
            Cargo::Grain => self.board.supply.grain += 1,
            _ => {}
        }
    }

    /// Back in port: the holds are emptied onto the farmyard (grain beyond the farmyard's limit
    /// goes back to the supply, [R] §10.9), the captain leaves the game, the ship is in port.
    pub(crate) fn unload(&mut self, seat: Seat) {
        let limit = self.config.components.supply.farmyard_grain_limit;
        let s = &mut self.seats[usize::from(seat)];
        for cargo in std::mem::take(&mut s.ship.holds) {
            match cargo {
                Cargo::Good(g) => s.goods.0[g as usize] += 1,
                Cargo::Grain if s.grain < limit => s.grain += 1,
                Cargo::Grain => self.board.supply.grain += 1,
                Cargo::Member => {
                    for m in &mut s.members {
                        if m.place == Place::Ship {
                            m.place = Place::Farmyard;
                        }
                    }
                }
                Cargo::Cocoa => s.cocoa += 1,
                Cargo::Tea => s.tea += 1,
                Cargo::Chest(v) => s.chests.push(v),
            }
        }
        if let Some(kind) = s.ship.captain.take() {
            if let Some(n) = self.harbour.gone.captains.get_mut(usize::from(kind)) {
                *n += 1;
            }
        }
        s.ship.at = 0;
    }

    /// A chest on the farmyard turned face up: its coins, and it leaves the game.
    pub(crate) fn cash_chest(&mut self, seat: Seat, value: u32) {
        let s = &mut self.seats[usize::from(seat)];
        if let Some(i) = s.chests.iter().position(|&c| c == value) {
            s.chests.remove(i);
            s.coins = s.coins.saturating_add(value);
            self.harbour.gone.chests.push(value);
        }
    }

    /// The first free sea burial space.
    pub(crate) fn free_sea_burial(&self) -> Option<Place> {
        let burials = self.config.components.port.sea_burials.len();
        (0..burials as u8).map(Place::SeaBurial).find(|&p| {
            !self
                .seats
                .iter()
                .any(|s| s.members.iter().any(|m| m.place == p))
        })
    }

    /// The missionary church on an island space, if it is free.
    pub(crate) fn free_mission(&self, space: u8) -> bool {
        let sea = &self.config.components.port.sea;
        let Some(island) = sea.island(space) else {
            return false;
        };
        island.church.is_some()
            && !self
                .seats
                .iter()
                .any(|s| s.members.iter().any(|m| m.place == Place::Mission(space)))
    }
}

impl Cargo {
    /// The piece a hold's message names (`at`: its place): only a good names a good, only a
    /// chest a value.
    pub fn from_proto(c: &v1::VillageCargo, at: &At) -> Result<Cargo, StateErrors> {
        let kind = K::try_from(c.kind);
        if c.good != 0 && kind != Ok(K::Good) {
            let why = "must be unset unless the kind is GOOD";
            return Err(at.field("good").error(why));
        }
        if c.chest != 0 && kind != Ok(K::Chest) {
            return Err(at
                .field("chest")
                .error("must be 0 unless the kind is CHEST"));
        }
        Ok(match kind {
            Ok(K::Good) => Cargo::Good(Good::from_proto(c.good, &at.field("good"))?),
            Ok(K::Grain) => Cargo::Grain,
            Ok(K::Member) => Cargo::Member,
            Ok(K::Cocoa) => Cargo::Cocoa,
            Ok(K::Tea) => Cargo::Tea,
            Ok(K::Chest) => Cargo::Chest(c.chest),
            Ok(K::Unspecified) | Err(_) => return Err(at.field("kind").error("must name a piece")),
        })
    }

    /// The piece as its message.
    pub fn to_proto(self) -> v1::VillageCargo {
        let (kind, good, chest) = match self {
            Cargo::Good(g) => (K::Good, g.to_proto() as i32, 0),
            Cargo::Grain => (K::Grain, 0, 0),
            Cargo::Member => (K::Member, 0, 0),
            Cargo::Cocoa => (K::Cocoa, 0, 0),
            Cargo::Tea => (K::Tea, 0, 0),
            Cargo::Chest(value) => (K::Chest, 0, value),
        };
        v1::VillageCargo {
            kind: kind as i32,
            good,
            chest,
        }
    }
}

impl Ship {
    /// The ship a message holds (absent: in port, empty; `at`: its field), every hold's errors
    /// kept in `errs`.
    pub fn from_proto(m: Option<&v1::VillageShip>, at: &At, errs: &mut StateErrors) -> Ship {
        let Some(m) = m else {
            return Ship::default();
        };
        Ship {
            at: small(m.at),
            captain: m.captain.map(small),
            holds: list(
                &m.holds,
                MAX_LIST,
                &at.field("holds"),
                errs,
                Cargo::from_proto,
            ),
        }
    }

    /// The ship as its message: absent while in port and empty, so a game without Village Port
    /// keeps the bytes it had before the expansion was served.
    pub fn to_proto(&self) -> Option<v1::VillageShip> {
        (*self != Ship::default()).then(|| v1::VillageShip {
            at: self.at.into(),
            captain: self.captain.map(u32::from),
            holds: self.holds.iter().map(|c| c.to_proto()).collect(),
        })
    }
}

impl Harbour {
    /// The harbour a message holds (absent: empty; `at`: its field): what is gone is kept apart
    /// here, beside the rest on the wire. Every list's errors are kept in `errs`.
    pub fn from_proto(h: Option<&v1::VillageHarbour>, at: &At, errs: &mut StateErrors) -> Harbour {
        let Some(h) = h else {
            return Harbour::default();
        };
        let mut list = |v: &[u32], name| list(v, MAX_LIST, &at.field(name), errs, |&n, _| Ok(n));
        let (captains, chests) = (list(&h.captains, "captains"), list(&h.chests, "chests"));
        let gone = (
            list(&h.gone_captains, "gone_captains"),
            list(&h.gone_chests, "gone_chests"),
        );
        Harbour {
            captains,
            cocoa: h.cocoa,
            tea: h.tea,
            chests,
            gone: Gone {
                captains: gone.0,
                cocoa: h.gone_cocoa,
                tea: h.gone_tea,
                chests: gone.1,
            },
        }
    }

    /// The harbour as its message (a view adds its count of chests).
    pub fn to_proto(&self) -> v1::VillageHarbour {
        v1::VillageHarbour {
            captains: self.captains.clone(),
            cocoa: self.cocoa,
            tea: self.tea,
            chests: self.chests.clone(),
            gone_captains: self.gone.captains.clone(),
            gone_cocoa: self.gone.cocoa,
            gone_tea: self.gone.tea,
            gone_chests: self.gone.chests.clone(),
            chest_count: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{v1, At, Cargo};
    use crate::games::village::components::Piece;
    use crate::games::village::pieces::Good;

    /// A parchment buys goods and grain only; each cargo is the piece of its kind.
    #[test]
    fn cargo_that_a_parchment_can_buy() {
        let goods = [
            (Good::Horse, Piece::Horse),
            (Good::Ox, Piece::Ox),
            (Good::Wagon, Piece::Wagon),
            (Good::Plow, Piece::Plow),
            (Good::Scroll, Piece::Scroll),
        ];
        for (good, piece) in goods {
            assert_eq!(Cargo::Good(good).piece(), Some(piece));
        }
        assert_eq!(Cargo::Grain.piece(), Some(Piece::Grain));
        for other in [Cargo::Member, Cargo::Cocoa, Cargo::Tea, Cargo::Chest(4)] {
            assert_eq!(other.piece(), None);
        }
        assert_eq!(Cargo::Chest(4).kind(), Cargo::Chest(5).kind());
    }

    /// A piece in a hold names a good only if it is one, and a value only if it is a chest.
    #[test]
    fn cargo_names_only_what_its_kind_uses() {
        let grain_with_a_good = v1::VillageCargo {
            kind: v1::VillageCargoKind::Grain as i32,
            good: v1::VillageGood::Ox as i32,
            chest: 0,
        };
        let e = Cargo::from_proto(&grain_with_a_good, &At::Root).unwrap_err();
        assert_eq!(e.errors[0].field, "good");
        for cargo in [Cargo::Chest(3), Cargo::Grain, Cargo::Good(Good::Ox)] {
            assert_eq!(
                Cargo::from_proto(&cargo.to_proto(), &At::Root).unwrap(),
                cargo
            );
        }
    }
}
