//! The printed card and contract tables as ListGames shows them (`PortRoyalComponents`).

use referee_proto::v1;

use super::cards::{Card, Colour, Person, Tax, CARDS};
use super::contracts::{self, Requirement};

/// A ship's or person's colour as the messages spell it.
fn colour(c: Colour) -> v1::PortRoyalColour {
    use v1::PortRoyalColour as C;
    match c {
        Colour::Yellow => C::Yellow,
        Colour::Blue => C::Blue,
        Colour::Green => C::Green,
        Colour::Red => C::Red,
        Colour::Black => C::Black,
    }
}

/// A person card's kind, and its colour where the kind has one (a trader's, a clerk's).
fn person(p: Person) -> (v1::PortRoyalPerson, i32) {
    use v1::PortRoyalPerson as P;
    let none = v1::PortRoyalColour::Unspecified as i32;
    match p {
        Person::Trader(c) => (P::Trader, colour(c) as i32),
        Person::Settler => (P::Settler, none),
        Person::Captain => (P::Captain, none),
        Person::Priest => (P::Priest, none),
        Person::JackOfAllTrades => (P::JackOfAllTrades, none),
        Person::Sailor => (P::Sailor, none),
        Person::Pirate => (P::Pirate, none),
        Person::Mademoiselle => (P::Mademoiselle, none),
        Person::Jester => (P::Jester, none),
        Person::Admiral => (P::Admiral, none),
        Person::Governor => (P::Governor, none),
        Person::Clerk(c) => (P::Clerk, colour(c) as i32),
        Person::Gunner => (P::Gunner, none),
        Person::ViceAdmiral => (P::ViceAdmiral, none),
    }
}

/// A card as the component table shows it.
fn card_kind(card: &Card) -> v1::port_royal_card::Kind {
    use v1::port_royal_card::Kind;
    match *card {
        Card::Ship {
            colour,
            coins,
            swords,
            special,
        } => Kind::Ship(v1::PortRoyalShip {
            colour: self::colour(colour) as i32,
            coins: coins.into(),
            swords: swords.map(u32::from),
            special,
        }),
        Card::Person {
            person: p,
            cost,
            vp,
        } => {
            let (kind, colour) = person(p);
            Kind::Person(v1::PortRoyalPersonCard {
                person: kind as i32,
                colour,
                cost: cost.into(),
                victory_points: vp.into(),
                swords: p.swords().into(),
            })
        }
        Card::Expedition {
            needs: [anchors, crosses, houses],
            vp,
            coins,
            five_players_only,
        } => Kind::Expedition(v1::PortRoyalExpedition {
            anchors: anchors.into(),
            crosses: crosses.into(),
            houses: houses.into(),
            victory_points: vp.into(),
            coins: coins.into(),
            five_players_only,
        }),
        Card::Tax(t) => Kind::Tax(match t {
            Tax::MostSwords => v1::PortRoyalTax::MostSwords,
            Tax::FewestVictoryPoints => v1::PortRoyalTax::FewestVictoryPoints,
        } as i32),
    }
}

/// The static card and contract tables, for ListGames.
pub fn components() -> v1::PortRoyalComponents {
    let cards = (0u32..)
        .zip(CARDS.iter())
        .map(|(id, card)| v1::PortRoyalCard {
            id,
            kind: Some(card_kind(card)),
        });
    let contracts =
        (0u32..)
            .zip(contracts::TABLE.iter())
            .map(|(id, c)| v1::PortRoyalContractInfo {
                id,
                name: c.name.to_owned(),
                requirement: Requirement::describe(c.requirement),
                coins: c.coins.iter().map(|&n| n.into()).collect(),
                seal_number: i32::from(c.seal_number),
                seal_letter: c.seal_letter.map(String::from).unwrap_or_default(),
                cooperative_only: c.cooperative_only,
                immediate: c.immediate(),
            });
    v1::PortRoyalComponents {
        cards: cards.collect(),
        contracts: contracts.collect(),
    }
}
