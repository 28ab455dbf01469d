//! The static Port Royal card table (spec `port-royal.md` §1.1, and §1.2 for the 24 cards of
//! "Just One More Contract", ids 120-143). A card's id is its index here; states store ids only.
//! The table is data: it is checked against the spec's totals in tests.

use crate::core::pile::CardId;

/// Ship (and Trader) colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Colour {
    /// Pinnace.
    Yellow,
    /// Flute.
    Blue,
    /// Skiff.
    Green,
    /// Frigate.
    Red,
    /// Galleon.
    Black,
}

impl Colour {
    /// All colours.
    pub const ALL: [Colour; 5] = [
        Colour::Yellow,
        Colour::Blue,
        Colour::Green,
        Colour::Red,
        Colour::Black,
    ];

    /// A bit for colour sets.
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// Person types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Person {
    /// +1 coin per Trader when trading a ship of its colour.
    Trader(Colour),
    /// House symbol.
    Settler,
    /// Anchor symbol.
    Captain,
    /// Cross symbol.
    Priest,
    /// Any one symbol.
    JackOfAllTrades,
    /// 1 sword.
    Sailor,
    /// 2 swords.
    Pirate,
    /// −1 coin per hire.
    Mademoiselle,
    /// Coins on busts and empty harbors.
    Jester,
    /// Coins with 5+ harbor cards.
    Admiral,
    /// +1 card in phase 2.
    Governor,
    /// Expansion: one more card after trading a ship of its colour.
    Clerk(Colour),
    /// Expansion: coins by harbor ships at your chance.
    Gunner,
    /// Expansion: 1 coin with 3 or 4 harbor cards at your chance.
    ViceAdmiral,
}

impl Person {
    /// Swords this person brings.
    pub const fn swords(self) -> u8 {
        match self {
            Person::Sailor => 1,
            Person::Pirate => 2,
            _ => 0,
        }
    }

    /// The expedition symbol this person stands for (Jacks stand for any, see `Symbol`).
    pub const fn symbol(self) -> Option<Symbol> {
        match self {
            Person::Captain => Some(Symbol::Anchor),
            Person::Priest => Some(Symbol::Cross),
            Person::Settler => Some(Symbol::House),
            _ => None,
        }
    }
}

/// Expedition symbols.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symbol {
    /// Captain.
    Anchor,
    /// Priest.
    Cross,
    /// Settler.
    House,
}

impl Symbol {
    /// All symbols, in requirement order.
    pub const ALL: [Symbol; 3] = [Symbol::Anchor, Symbol::Cross, Symbol::House];
}

/// Tax increase kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tax {
    /// Most swords gain 1 coin.
    MostSwords,
    /// Fewest VP gain 1 coin.
    FewestVictoryPoints,
}

/// A card's printed face.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Card {
    /// A ship.
    Ship {
        /// Colour.
        colour: Colour,
        /// Coins when traded.
        coins: u8,
        /// Swords to repel; `None` is a skull ship.
        swords: Option<u8>,
        /// Expansion special ship: another player of the taker's choice gains 1 coin.
        special: bool,
    },
    /// A person.
    Person {
        /// Type.
        person: Person,
        /// Printed cost.
        cost: u8,
        /// Victory points.
        vp: u8,
    },
    /// An expedition.
    Expedition {
        /// Symbols needed, indexed like `Symbol::ALL` (anchors, crosses, houses).
        needs: [u8; 3],
        /// Victory points.
        vp: u8,
        /// Coins when claimed.
        coins: u8,
        /// In play with 5 players only.
        five_players_only: bool,
    },
    /// A tax increase.
    Tax(Tax),
}

impl Card {
    /// Victory points of a card in a display.
    pub const fn vp(self) -> u8 {
        match self {
            Card::Person { vp, .. } | Card::Expedition { vp, .. } => vp,
            _ => 0,
        }
    }

    /// The person type, if a person.
    pub const fn person(self) -> Option<Person> {
        match self {
            Card::Person { person, .. } => Some(person),
            _ => None,
        }
    }

    /// The ship colour, if a ship.
    pub const fn ship_colour(self) -> Option<Colour> {
        match self {
            Card::Ship { colour, .. } => Some(colour),
            _ => None,
        }
    }
}

/// Number of cards in the base game.
pub const BASE_CARDS: usize = 120;
/// Number of cards with the expansion's persons and ships.
pub const ALL_CARDS: usize = 144;

const fn ship(colour: Colour, coins: u8, swords: u8) -> Card {
    Card::Ship {
        colour,
        coins,
        swords: Some(swords),
        special: false,
    }
}
const fn skull(colour: Colour, coins: u8) -> Card {
    Card::Ship {
        colour,
        coins,
        swords: None,
        special: false,
    }
}
const fn special(colour: Colour, coins: u8, swords: Option<u8>) -> Card {
    Card::Ship {
        colour,
        coins,
        swords,
        special: true,
    }
}
const fn person(person: Person, cost: u8, vp: u8) -> Card {
    Card::Person { person, cost, vp }
}
const fn expedition(needs: [u8; 3], vp: u8, coins: u8, five_players_only: bool) -> Card {
    Card::Expedition {
        needs,
        vp,
        coins,
        five_players_only,
    }
}

use Colour::{Black, Blue, Green, Red, Yellow};
use Person::*;

/// (card, copies), in id order.
const SPEC: &[(Card, u8)] = &[
    // Ships (§1.1): coins/swords × copies.
    (ship(Yellow, 1, 1), 3),
    (ship(Yellow, 2, 1), 1),
    (ship(Yellow, 2, 2), 2),
    (ship(Yellow, 3, 2), 1),
    (ship(Yellow, 3, 4), 2),
    (ship(Yellow, 4, 4), 1),
    (ship(Blue, 1, 1), 3),
    (ship(Blue, 2, 1), 1),
    (ship(Blue, 2, 2), 2),
    (ship(Blue, 3, 2), 1),
    (ship(Blue, 3, 5), 2),
    (ship(Blue, 4, 5), 1),
    (ship(Green, 1, 1), 3),
    (ship(Green, 2, 1), 1),
    (ship(Green, 2, 3), 2),
    (ship(Green, 3, 3), 1),
    (ship(Green, 3, 5), 2),
    (ship(Green, 4, 5), 1),
    (ship(Red, 1, 1), 3),
    (ship(Red, 2, 3), 3),
    (ship(Red, 3, 6), 2),
    (skull(Red, 3), 1),
    (skull(Red, 4), 1),
    (ship(Black, 1, 2), 3),
    (ship(Black, 2, 4), 3),
    (ship(Black, 3, 7), 2),
    (skull(Black, 3), 1),
    (skull(Black, 4), 1),
    // Persons (§1.1).
    (person(Trader(Black), 3, 1), 2),
    (person(Trader(Green), 3, 1), 2),
    (person(Trader(Red), 3, 1), 2),
    (person(Trader(Blue), 3, 1), 1),
    (person(Trader(Blue), 5, 2), 1),
    (person(Trader(Yellow), 3, 1), 1),
    (person(Trader(Yellow), 5, 2), 1),
    (person(Settler, 4, 1), 5),
    (person(Captain, 4, 1), 5),
    (person(Priest, 4, 1), 5),
    (person(JackOfAllTrades, 6, 1), 3),
    (person(Sailor, 3, 1), 7),
    (person(Sailor, 5, 2), 2),
    (person(Sailor, 7, 3), 1),
    (person(Pirate, 5, 1), 1),
    (person(Pirate, 7, 2), 1),
    (person(Pirate, 9, 3), 1),
    (person(Mademoiselle, 7, 2), 2),
    (person(Mademoiselle, 9, 3), 2),
    (person(Jester, 5, 1), 1),
    (person(Jester, 7, 2), 3),
    (person(Jester, 9, 3), 1),
    (person(Admiral, 5, 1), 1),
    (person(Admiral, 7, 2), 3),
    (person(Admiral, 9, 3), 2),
    (person(Governor, 8, 0), 4),
    // Expeditions (§1.1): needs = [anchors, crosses, houses].
    (expedition([2, 0, 0], 4, 2, false), 1),
    (expedition([0, 2, 0], 4, 2, false), 1),
    (expedition([0, 0, 2], 4, 2, false), 1),
    (expedition([2, 0, 1], 6, 3, false), 1),
    (expedition([0, 2, 1], 6, 3, false), 1),
    (expedition([1, 1, 1], 5, 3, true), 1),
    // Tax increases.
    (Card::Tax(Tax::MostSwords), 2),
    (Card::Tax(Tax::FewestVictoryPoints), 2),
    // Expansion persons (§1.2), ids 120-133.
    (person(Clerk(Yellow), 4, 1), 1),
    (person(Clerk(Black), 4, 1), 1),
    (person(Clerk(Blue), 6, 2), 1),
    (person(Clerk(Red), 6, 2), 1),
    (person(Clerk(Green), 9, 3), 1),
    (person(Gunner, 4, 1), 1),
    (person(Gunner, 6, 2), 2),
    (person(Gunner, 8, 3), 1),
    (person(ViceAdmiral, 5, 1), 2),
    (person(ViceAdmiral, 7, 2), 2),
    (person(ViceAdmiral, 9, 3), 1),
    // Expansion ships (§1.2), ids 134-143: the special ship, then the plain ship, per colour.
    (special(Yellow, 3, Some(4)), 1),
    (ship(Yellow, 1, 2), 1),
    (special(Blue, 3, Some(5)), 1),
    (ship(Blue, 1, 1), 1),
    (special(Green, 3, Some(3)), 1),
    (ship(Green, 1, 1), 1),
    (special(Red, 3, Some(6)), 1),
    (ship(Red, 1, 1), 1),
    (special(Black, 3, None), 1),
    (ship(Black, 1, 2), 1),
];

const fn expand<const N: usize>(spec: &[(Card, u8)]) -> [Card; N] {
    let mut out = [Card::Tax(Tax::MostSwords); N];
    let mut n = 0;
    let mut i = 0;
    while i < spec.len() {
        let mut k = 0;
        while k < spec[i].1 {
            out[n] = spec[i].0;
            n += 1;
            k += 1;
        }
        i += 1;
    }
    assert!(n == N, "card table size");
    out
}

/// The card table, indexed by id.
pub static CARDS: [Card; ALL_CARDS] = expand(SPEC);

/// The id of the 5-player expedition (out of the game with fewer players).
pub const FIVE_PLAYER_EXPEDITION: CardId = 115;

/// The card with this id, if it exists.
pub fn card(id: CardId) -> Option<Card> {
    CARDS.get(usize::from(id)).copied()
}

/// The card with an id known to be valid (the state validator guarantees this for every id in a
/// state); an invalid id reads as a tax card rather than panicking.
pub fn face(id: CardId) -> Card {
    card(id).unwrap_or(Card::Tax(Tax::MostSwords))
}

/// The ids in play with this many players, with or without the expansion's cards.
pub fn in_play(players: u8, expansion: bool) -> impl Iterator<Item = CardId> {
    (0..ALL_CARDS as u8).filter(move |&id| is_in_play(id, players, expansion))
}

/// Whether a card is in play with this many players, with or without the expansion's cards.
pub fn is_in_play(id: CardId, players: u8, expansion: bool) -> bool {
    let end = if expansion { ALL_CARDS } else { BASE_CARDS };
    usize::from(id) < end && (players >= 5 || id != FIVE_PLAYER_EXPEDITION)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// §1.1: 50 ships (10 per colour, coins summing to 22), 60 persons, 6 expeditions, 4 taxes.
    #[test]
    fn rule_1_1_card_counts() {
        let base = &CARDS[..BASE_CARDS];
        let ships = base
            .iter()
            .filter(|c| matches!(c, Card::Ship { .. }))
            .count();
        let persons = base.iter().filter(|c| c.person().is_some()).count();
        let exps = base
            .iter()
            .filter(|c| matches!(c, Card::Expedition { .. }))
            .count();
        let taxes = base.iter().filter(|c| matches!(c, Card::Tax(_))).count();
        assert_eq!((ships, persons, exps, taxes), (50, 60, 6, 4));
        for colour in Colour::ALL {
            let of: Vec<_> = base
                .iter()
                .filter_map(|c| match c {
                    Card::Ship {
                        colour: k, coins, ..
                    } if k == &colour => Some(u32::from(*coins)),
                    _ => None,
                })
                .collect();
            assert_eq!(of.len(), 10, "{colour:?}");
            assert_eq!(of.iter().sum::<u32>(), 22, "{colour:?}");
        }
        let count = |p: Person| base.iter().filter(|c| c.person() == Some(p)).count();
        assert_eq!(count(Sailor), 10);
        assert_eq!(count(Pirate), 3);
        assert_eq!(count(Mademoiselle), 4);
        assert_eq!(count(Jester), 5);
        assert_eq!(count(Admiral), 6);
        assert_eq!(count(Governor), 4);
        assert_eq!(count(JackOfAllTrades), 3);
        let traders = base
            .iter()
            .filter(|c| matches!(c.person(), Some(Trader(_))))
            .count();
        assert_eq!(traders, 10);
        assert!(matches!(
            face(FIVE_PLAYER_EXPEDITION),
            Card::Expedition {
                five_players_only: true,
                ..
            }
        ));
        assert_eq!(in_play(4, false).count(), 119);
        assert_eq!(in_play(5, false).count(), 120);
        assert_eq!(in_play(5, true).count(), 144);
    }

    /// §1.2: 5 Clerks (one per colour), 4 Gunners, 5 Vice Admirals, a special and a plain ship
    /// per colour.
    #[test]
    fn rule_1_2_expansion_cards() {
        let extra = &CARDS[BASE_CARDS..];
        let count = |f: &dyn Fn(&Card) -> bool| extra.iter().filter(|c| f(c)).count();
        assert_eq!(count(&|c| matches!(c.person(), Some(Clerk(_)))), 5);
        assert_eq!(count(&|c| c.person() == Some(Gunner)), 4);
        assert_eq!(count(&|c| c.person() == Some(ViceAdmiral)), 5);
        for colour in Colour::ALL {
            assert_eq!(count(&|c| c.ship_colour() == Some(colour)), 2, "{colour:?}");
            assert_eq!(
                count(
                    &|c| matches!(c, Card::Ship { colour: k, special: true, coins: 3, .. } if *k == colour)
                ),
                1
            );
        }
    }
}
