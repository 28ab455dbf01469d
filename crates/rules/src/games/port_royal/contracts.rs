//! The 18 contracts of "Just One More Contract" (spec §1.2): requirements, the coins of their five
//! spaces, and their seals. A contract's id is its index here (0-17).

use super::cards::Person;

/// A contract id (0-17).
pub type ContractId = u8;

/// Number of contracts.
pub const CONTRACTS: usize = 18;

/// A kind of person, colour ignored (Trader Prince wants any 2 Traders).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Captain.
    Captain,
    /// Mademoiselle.
    Mademoiselle,
    /// Priest.
    Priest,
    /// Jester.
    Jester,
    /// Vice Admiral.
    ViceAdmiral,
    /// Settler.
    Settler,
    /// Gunner.
    Gunner,
    /// Clerk of any colour.
    Clerk,
    /// Trader of any colour.
    Trader,
}

impl Kind {
    /// The person's name as printed.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Captain => "Captain",
            Kind::Mademoiselle => "Mademoiselle",
            Kind::Priest => "Priest",
            Kind::Jester => "Jester",
            Kind::ViceAdmiral => "Vice Admiral",
            Kind::Settler => "Settler",
            Kind::Gunner => "Gunner",
            Kind::Clerk => "Clerk",
            Kind::Trader => "Trader",
        }
    }

    /// Whether a person is of this kind.
    pub fn matches(self, p: Person) -> bool {
        matches!(
            (self, p),
            (Kind::Captain, Person::Captain)
                | (Kind::Mademoiselle, Person::Mademoiselle)
                | (Kind::Priest, Person::Priest)
                | (Kind::Jester, Person::Jester)
                | (Kind::ViceAdmiral, Person::ViceAdmiral)
                | (Kind::Settler, Person::Settler)
                | (Kind::Gunner, Person::Gunner)
                | (Kind::Clerk, Person::Clerk(_))
                | (Kind::Trader, Person::Trader(_))
        )
    }
}

/// What a contract asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Requirement {
    /// One person of each kind in the display (two of one kind if both are the same).
    Persons(Kind, Kind),
    /// 4 persons with a printed cost of 3 or less.
    CheapStaff,
    /// 3 swords.
    Fighter,
    /// 1 expedition.
    Explorer,
    /// Decline a traded red ship's coins this many times (immediate).
    DeclineCoins {
        /// The ship colour (red Frigate, black Galleon).
        colour: super::cards::Colour,
        /// Declines needed.
        times: u8,
    },
    /// Having to pay taxes (immediate).
    TaxOfficer,
    /// Busting as active player (immediate, active only).
    Jinx,
    /// 3 ship colours in the harbor as active player, twice (immediate, active only).
    TinyGamester,
    /// 4 ship colours in the harbor as active player (immediate, active only).
    Gamester,
    /// Repel and set aside one ship of each colour (active only).
    PackOfPirates,
    /// 12 VP, or pay 15 coins (cooperative only).
    RoyalOrRansom,
}

/// A printed contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contract {
    /// English name.
    pub name: &'static str,
    /// The requirement.
    pub requirement: Requirement,
    /// Coins of the five spaces, left to right (0 = "–").
    pub coins: [u8; 5],
    /// Seal number (cooperative time pile).
    pub seal_number: i8,
    /// Seal letter, if any.
    pub seal_letter: Option<char>,
    /// Only in the cooperative variant.
    pub cooperative_only: bool,
}

use super::cards::Colour::{Black, Red};
use Kind::*;
use Requirement::*;

const fn c(
    name: &'static str,
    requirement: Requirement,
    coins: [u8; 5],
    seal_number: i8,
    seal_letter: Option<char>,
) -> Contract {
    Contract {
        name,
        requirement,
        coins,
        seal_number,
        seal_letter,
        cooperative_only: false,
    }
}

/// The contract table, indexed by id (the spec's numbering minus one).
pub static TABLE: [Contract; CONTRACTS] = [
    c(
        "Lady Killer",
        Persons(Captain, Mademoiselle),
        [3, 2, 1, 0, 0],
        1,
        Some('G'),
    ),
    c(
        "Comedian",
        Persons(Priest, Jester),
        [4, 3, 2, 1, 0],
        0,
        Some('I'),
    ),
    c(
        "Maritime Supremacy",
        Persons(Captain, ViceAdmiral),
        [4, 3, 2, 1, 0],
        0,
        Some('G'),
    ),
    c(
        "New Colony",
        Persons(Settler, Gunner),
        [3, 2, 1, 0, 0],
        1,
        Some('D'),
    ),
    c(
        "Trade Outpost",
        Persons(Settler, Clerk),
        [4, 3, 2, 1, 0],
        0,
        Some('D'),
    ),
    c(
        "Trader Prince",
        Persons(Trader, Trader),
        [3, 2, 1, 0, 0],
        0,
        Some('B'),
    ),
    c("Cheap Staff", CheapStaff, [5, 4, 3, 2, 1], 1, Some('B')),
    c("Fighter", Fighter, [3, 2, 1, 0, 0], 0, Some('A')),
    c("Explorer", Explorer, [2, 1, 0, 0, 0], 1, Some('E')),
    c(
        "Frigate Foe",
        DeclineCoins {
            colour: Red,
            times: 3,
        },
        [8, 6, 5, 4, 3],
        0,
        Some('C'),
    ),
    c(
        "Galleon Foe",
        DeclineCoins {
            colour: Black,
            times: 2,
        },
        [6, 5, 4, 3, 2],
        -1,
        Some('H'),
    ),
    c("Tax Officer", TaxOfficer, [7, 7, 7, 7, 7], 1, Some('C')),
    c("Jinx", Jinx, [1, 1, 1, 1, 1], -1, Some('F')),
    c("Tiny Gamester", TinyGamester, [2, 1, 0, 0, 0], 0, Some('A')),
    c("Gamester", Gamester, [2, 1, 0, 0, 0], 0, Some('A')),
    c(
        "Pack of Pirates",
        PackOfPirates,
        [3, 2, 1, 0, 0],
        0,
        Some('A'),
    ),
    Contract {
        cooperative_only: true,
        ..c("Tiny Royal Household", RoyalOrRansom, [0; 5], 2, None)
    },
    Contract {
        cooperative_only: true,
        ..c("Ransom", RoyalOrRansom, [0; 5], 2, None)
    },
];

/// The contract with this id.
pub fn contract(id: ContractId) -> Option<&'static Contract> {
    TABLE.get(usize::from(id))
}

impl Contract {
    /// Whether it is completed only at the moment of an event (offered, or part of a trade).
    pub fn immediate(&self) -> bool {
        matches!(
            self.requirement,
            DeclineCoins { .. } | TaxOfficer | Jinx | TinyGamester | Gamester | PackOfPirates
        )
    }
}

/// Cubes each player has.
pub const CUBES: usize = 3;
/// Contracts face up in the competitive variant.
pub const COMPETITIVE_FACE_UP: usize = 4;
/// Cooperative: the time pile's base size.
pub const TIME_PILE_BASE: i32 = 13;
/// Cooperative: contracts face up for 1..=5 players.
pub const COOPERATIVE_FACE_UP: [usize; 5] = [3, 5, 7, 9, 11];
/// Contract victory points for the 1st, 2nd and 3rd completed contract, cumulative.
pub const CONTRACT_VP: [u32; 4] = [0, 0, 1, 3];
/// Tiny Royal Household and Ransom: VP that complete them, or coins paid instead.
pub const ROYAL_VP: u32 = 12;
/// See `ROYAL_VP`.
pub const RANSOM_COINS: u32 = 15;

/// Cooperative: the team's rating for a victory pile of this size (spec §3.3).
pub fn rating(victory_pile: usize) -> &'static str {
    match victory_pile {
        0..=1 => "Landlubber",
        2..=3 => "Sailor",
        4..=5 => "Pirate",
        6..=7 => "Captain",
        _ => "Ruler of the Seas",
    }
}

/// Cooperative: the time pile's size for these face-up contracts: 13 + the seal numbers + 1 per
/// distinct seal letter.
pub fn time_pile_size(face_up: &[ContractId]) -> usize {
    let mut letters: Vec<char> = face_up
        .iter()
        .filter_map(|&id| contract(id).and_then(|c| c.seal_letter))
        .collect();
    letters.sort_unstable();
    letters.dedup();
    let numbers: i32 = face_up
        .iter()
        .filter_map(|&id| contract(id).map(|c| i32::from(c.seal_number)))
        .sum();
    usize::try_from(TIME_PILE_BASE + numbers + letters.len() as i32).unwrap_or(0)
}

impl Requirement {
    /// The requirement in words, as ListGames shows it.
    pub fn describe(self) -> String {
        match self {
            Requirement::Persons(a, b) if a == b => format!("2 {}s in your display", a.name()),
            Requirement::Persons(a, b) => {
                format!("a {} and a {} in your display", a.name(), b.name())
            }
            Requirement::CheapStaff => "4 persons with a printed cost of 3 or less".into(),
            Requirement::Fighter => "3 swords".into(),
            Requirement::Explorer => "1 expedition".into(),
            Requirement::DeclineCoins { colour, times } => {
                format!(
                    "decline the coins of a traded {} ship {times} times",
                    format!("{colour:?}").to_lowercase()
                )
            }
            Requirement::TaxOfficer => "you had to pay taxes".into(),
            Requirement::Jinx => "as active player, your turn ends with two ships of one colour".into(),
            Requirement::TinyGamester => {
                "as active player, 3 ship colours in the harbor: progress, then complete the next time"
                    .into()
            }
            Requirement::Gamester => "as active player, 4 ship colours in the harbor".into(),
            Requirement::PackOfPirates => {
                "as active player, repel and set aside one ship of each of the 5 colours".into()
            }
            Requirement::RoyalOrRansom => "12 victory points, or pay 15 coins".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 3's worked example: Lady Killer, Maritime Supremacy and Galleon Foe give
    /// 13 + (1 + 0 − 1) + 2 = 15.
    #[test]
    fn s3_3_time_pile_formula_worked_example() {
        assert_eq!(time_pile_size(&[0, 2, 10]), 15);
    }

    /// 13 + the seal numbers (negative ones subtract) + 1 per distinct letter.
    #[test]
    fn s3_3_time_pile_formula_adds_seal_numbers_and_letters() {
        // Lady Killer 1G, Comedian 0I, New Colony 1D: 13 + 2 + 3.
        assert_eq!(time_pile_size(&[0, 1, 3]), 18);
        // Jinx −1F: 13 − 1 + 1.
        assert_eq!(time_pile_size(&[12]), 13);
        // Tiny Gamester and Gamester share the letter A: 13 + 0 + 1.
        assert_eq!(time_pile_size(&[13, 14]), 14);
    }

    #[test]
    fn requirement_texts_name_the_persons_as_printed() {
        let names: Vec<&str> = [
            Kind::Captain,
            Kind::Mademoiselle,
            Kind::Priest,
            Kind::Jester,
            Kind::ViceAdmiral,
            Kind::Settler,
            Kind::Gunner,
            Kind::Clerk,
            Kind::Trader,
        ]
        .into_iter()
        .map(Kind::name)
        .collect();
        assert_eq!(
            names,
            [
                "Captain",
                "Mademoiselle",
                "Priest",
                "Jester",
                "Vice Admiral",
                "Settler",
                "Gunner",
                "Clerk",
                "Trader"
            ]
        );
    }

    #[test]
    fn s1_2_two_cooperative_only_contracts() {
        assert_eq!(TABLE.iter().filter(|c| c.cooperative_only).count(), 2);
        assert_eq!(rating(0), "Landlubber");
        assert_eq!(rating(3), "Sailor");
        assert_eq!(rating(5), "Pirate");
        assert_eq!(rating(7), "Captain");
        assert_eq!(rating(8), "Ruler of the Seas");
    }
}
