//! Readable moves: a short English sentence for every action and event, made from the cards'
//! printed faces. For logs and bots' debugging; the wording may change between releases and is
//! no translation source.

use crate::core::pile::CardId;
use crate::core::seat::seats_text;
use crate::core::text::A;
use crate::core::Seat;

use super::super::action::{Action, CoinReason, Event};
use super::super::cards::{face, Card, Colour, Person, Tax};
use super::super::contracts::contract;
use super::super::state::State;

impl crate::games::Sentences for State {
    /// What `seat` taking `action` does, e.g. "Seat 1 takes a yellow ship (1 coin)".
    fn describe_action(&self, seat: Seat, action: &Action) -> String {
        match action {
            Action::Draw => format!("Seat {seat} draws a card"),
            Action::Stop => format!("Seat {seat} stops drawing"),
            Action::Repel => format!("Seat {seat} repels the ship"),
            Action::Admit => format!("Seat {seat} lets the ship into the harbor"),
            Action::Take {
                card,
                decline_coins,
                gift_to,
            } => {
                let mut text = format!(
                    "Seat {seat} takes {}{}",
                    card_of(*card),
                    twin(*card, &self.harbor)
                );
                if *decline_coins {
                    text.push_str(", declining its coins");
                }
                if let Some(g) = gift_to {
                    text.push_str(&format!(", and seat {g} gains a coin"));
                }
                text
            }
            Action::Pass => format!("Seat {seat} passes"),
            Action::ClaimExpedition {
                expedition,
                persons,
            } => {
                let display = self
                    .seats
                    .get(usize::from(seat))
                    .map_or(&[][..], |s| &s.display[..]);
                let named: Vec<String> = persons
                    .iter()
                    .map(|&p| format!("{}{}", person_of(p), twin(p, display)))
                    .collect();
                format!(
                    "Seat {seat} claims {}{} with {}",
                    card_of(*expedition),
                    twin(*expedition, &self.expeditions),
                    named.join(", ")
                )
            }
            Action::CompleteContract(id) => {
                format!("Seat {seat} completes the contract {}", contract_name(*id))
            }
            Action::Accept => format!("Seat {seat} accepts the offer"),
            Action::Decline => format!("Seat {seat} declines the offer"),
        }
    }

    /// What happened, e.g. "Seat 0 draws a Settler (cost 3, 1 VP)".
    fn describe_event(&self, event: &Event) -> String {
        match event {
            Event::CardDrawn {
                seat,
                card,
                from_time_pile,
            } => {
                let pile = if *from_time_pile {
                    " from the time pile"
                } else {
                    ""
                };
                named(*seat, " draws ", *card, pile)
            }
            Event::ShipRepelled { seat, card } => named(*seat, " repels ", *card, ""),
            Event::Busted { seat, card } => named(*seat, "'s turn busts on ", *card, ""),
            Event::TaxResolved {
                card,
                coins_lost,
                bonus_seats,
            } => {
                let lost = coins_lost.iter().sum::<u32>();
                format!(
                    "{}: {lost} {} discarded; {} a coin",
                    capital(&card_name(*card)),
                    coins(lost),
                    match bonus_seats.len() {
                        0 => "nobody gains".to_owned(),
                        1 => format!("{} gains", seats_text(bonus_seats)),
                        _ => format!("{} each gain", seats_text(bonus_seats)),
                    }
                )
            }
            Event::Reshuffled { cards } => format!(
                "The discard pile's {cards} {} shuffled into a new draw pile",
                if *cards == 1 { "card is" } else { "cards are" }
            ),
            Event::ChanceBegan { seat, takes } => {
                format!("Seat {seat} may take {takes} {}", cards_word(*takes))
            }
            Event::CardTaken {
                seat,
                card,
                coins_gained,
                coins_paid,
                fee_paid,
                declined,
            } => {
                let mut text = named(*seat, " takes ", *card, "");
                if *coins_gained > 0 {
                    text.push_str(&format!(
                        ", gaining {coins_gained} {}",
                        coins(*coins_gained)
                    ));
                }
                if *declined {
                    text.push_str(", declining its coins");
                }
                if *coins_paid > 0 {
                    text.push_str(&format!(", paying {coins_paid} {}", coins(*coins_paid)));
                }
                if *fee_paid > 0 {
                    text.push_str(&format!(" and {fee_paid} to the active player"));
                }
                text
            }
            Event::CoinsGained {
                seat,
                coins: n,
                reason,
            } => format!(
                "Seat {seat} gains {n} {} ({})",
                coins(*n),
                match reason {
                    CoinReason::Admiral => "Admiral",
                    CoinReason::Jester => "Jester",
                    CoinReason::TaxBonus => "tax bonus",
                    CoinReason::Expedition => "expedition",
                    CoinReason::Gunner => "Gunner",
                    CoinReason::ViceAdmiral => "Vice Admiral",
                    CoinReason::Gift => "another player's special ship",
                }
            ),
            Event::ExpeditionRevealed { card } => {
                format!("{} joins the expedition row", capital(&card_name(*card)))
            }
            Event::ExpeditionClaimed {
                seat,
                expedition,
                persons,
            } => format!(
                "Seat {seat} claims {}, discarding {} {}",
                card_name(*expedition),
                persons.len(),
                if persons.len() == 1 {
                    "person"
                } else {
                    "persons"
                }
            ),
            Event::Passed { seat } => format!("Seat {seat} passes"),
            Event::TurnEnded { seat, discarded } => format!(
                "Seat {seat}'s turn ends; {discarded} harbor {} discarded",
                cards_word(*discarded)
            ),
            Event::FinalRoundBegan {
                seats,
                supply_exhausted,
            } => match supply_exhausted {
                true => "The final round begins: no card is left to draw".to_owned(),
                false => format!(
                    "The final round begins: {} reached the end",
                    seats_text(seats)
                ),
            },
            Event::ContractCompleted {
                seat,
                contract: id,
                coins: n,
                ..
            } => format!(
                "Seat {seat} completes the contract {}, gaining {n} {}",
                contract_name((*id).into()),
                coins(*n)
            ),
            Event::ContractProgressed {
                seat,
                contract: id,
                level,
            } => format!(
                "Seat {seat} reaches progress space {level} of the contract {}",
                contract_name((*id).into())
            ),
            Event::OfferDeclined { seat, contract: id } => match id {
                Some(id) => format!(
                    "Seat {seat} declines the offer of the contract {}",
                    contract_name((*id).into())
                ),
                None => format!("Seat {seat} declines the victory pile's card"),
            },
            Event::ShipSetAside { seat, card } => named(*seat, " sets ", *card, " aside"),
            Event::VictoryPileGrew { cards } => {
                format!("A card goes to the victory pile, which holds {cards}")
            }
            Event::CooperativeEnded { won } => match won {
                true => "The team wins".to_owned(),
                false => "The team loses".to_owned(),
            },
            Event::GameFinished => "The game is over".to_owned(),
        }
    }
}

/// `, card N` when another card of `row` reads the same (two Sailors in the harbor),
/// so that the sentences of two choices differ; else nothing.
fn twin(id: u32, row: &[CardId]) -> String {
    let Ok(card) = u8::try_from(id) else {
        return String::new();
    };
    let name = card_name(card);
    let same = row.iter().any(|&c| c != card && card_name(c) == name);
    match same {
        true => format!(", card {id}"),
        false => String::new(),
    }
}

/// A person named by an action's id, without its cost (`a Sailor`).
fn person_of(id: u32) -> String {
    let name = card_of(id);
    name.split_once(" (")
        .map_or(name.clone(), |(person, _)| person.to_owned())
}

/// A card named by an action's id (out of range: its number).
fn card_of(id: u32) -> String {
    u8::try_from(id).map_or_else(|_| format!("card {id}"), card_name)
}

/// A card by its printed face: `a yellow ship (1 coin, 1 sword)`, `a Settler (cost 3, 1 VP)`.
fn card_name(id: CardId) -> String {
    match face(id) {
        Card::Ship {
            colour,
            coins: n,
            swords,
            special,
        } => {
            let kind = if special { "special ship" } else { "ship" };
            let swords = match swords {
                Some(1) => "1 sword".to_owned(),
                Some(s) => format!("{s} swords"),
                None => "a skull".to_owned(),
            };
            let colour = colour_name(colour);
            format!("a {colour} {kind} ({n} {}, {swords})", coins(n.into()))
        }
        Card::Person { person, cost, vp } => {
            format!("{} (cost {cost}, {vp} VP)", A(person_name(person)))
        }
        Card::Expedition { vp, coins: n, .. } => {
            format!("an expedition ({vp} VP, {n} {})", coins(n.into()))
        }
        Card::Tax(Tax::MostSwords) => "a tax increase (most swords)".to_owned(),
        Card::Tax(Tax::FewestVictoryPoints) => "a tax increase (fewest victory points)".to_owned(),
    }
}

/// `Seat N`, then `verb`, then a card's name ([`card_name`]), then `tail`.
fn named(seat: Seat, verb: &str, id: CardId, tail: &str) -> String {
    format!("Seat {seat}{verb}{}{tail}", card_name(id))
}

/// A person's name (`yellow Trader`, `Jack of all Trades`).
fn person_name(p: Person) -> String {
    match p {
        Person::Trader(c) => format!("{} Trader", colour_name(c)),
        Person::Clerk(c) => format!("{} Clerk", colour_name(c)),
        Person::JackOfAllTrades => "Jack of all Trades".to_owned(),
        Person::ViceAdmiral => "Vice Admiral".to_owned(),
        other => format!("{other:?}"),
    }
}

fn colour_name(c: Colour) -> &'static str {
    match c {
        Colour::Yellow => "yellow",
        Colour::Blue => "blue",
        Colour::Green => "green",
        Colour::Red => "red",
        Colour::Black => "black",
    }
}

fn contract_name(id: u32) -> String {
    u8::try_from(id)
        .ok()
        .and_then(contract)
        .map_or_else(|| format!("{id}"), |c| format!("\"{}\"", c.name))
}

fn coins(n: u32) -> &'static str {
    if n == 1 {
        "coin"
    } else {
        "coins"
    }
}

fn cards_word(n: u32) -> &'static str {
    if n == 1 {
        "card"
    } else {
        "cards"
    }
}

fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}
