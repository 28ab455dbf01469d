//! Readable moves: a short English sentence for every action and event, made from the cards'
//! printed faces. For logs and bots' debugging; the wording may change between releases and is
//! no translation source.

use std::fmt::Write;

use crate::core::pile::CardId;
use crate::core::seat::seats_text;
use crate::core::text::{insert_article, push_number};
use crate::core::Seat;

use super::super::action::{Action, CoinReason, Event};
use super::super::cards::{face, Card, Colour, Person, Tax};
use super::super::contracts::contract;
use super::super::state::State;

impl State {
    /// What `seat` taking `action` does, e.g. "Seat 1 takes a yellow ship (1 coin)".
    pub fn describe_action(&self, seat: Seat, action: &Action) -> String {
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
    pub fn describe_event(&self, event: &Event) -> String {
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
                let count = |text: &mut String, words: &str, n: u32, noun: &str| {
                    text.push_str(words);
                    push_number(text, n);
                    text.push_str(noun);
                };
                if *coins_gained > 0 {
                    count(&mut text, ", gaining ", *coins_gained, " ");
                    text.push_str(coins(*coins_gained));
                }
                if *declined {
                    text.push_str(", declining its coins");
                }
                if *coins_paid > 0 {
                    count(&mut text, ", paying ", *coins_paid, " ");
                    text.push_str(coins(*coins_paid));
                }
                if *fee_paid > 0 {
                    count(&mut text, " and ", *fee_paid, " to the active player");
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
    let name = shown(card);
    let same = row.iter().any(|&c| c != card && shown(c) == name);
    match same {
        true => format!(", card {id}"),
        false => String::new(),
    }
}

/// A card's face as [`card_name`] shows it: an expedition's name gives its victory points and
/// coins, not what it needs, so two faces read the same exactly when these are equal (compared
/// without writing the names: LegalActions asks it of every card in a row, for every choice).
fn shown(id: CardId) -> Card {
    match face(id) {
        Card::Expedition { vp, coins, .. } => Card::Expedition {
            needs: [0; 3],
            vp,
            coins,
            five_players_only: false,
        },
        other => other,
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
    let mut out = String::with_capacity(48);
    push_card_name(&mut out, id);
    out
}

/// [`card_name`] written at the end of `out` (one string for the whole name, no formatting
/// machinery: LegalActions names a card in most choices, and most events name one).
fn push_card_name(out: &mut String, id: CardId) {
    let number = |out: &mut String, n: u8| push_number(out, n.into());
    match face(id) {
        Card::Ship {
            colour,
            coins: n,
            swords,
            special,
        } => {
            out.push_str("a ");
            out.push_str(colour_name(colour));
            out.push_str(if special {
                " special ship ("
            } else {
                " ship ("
            });
            number(out, n);
            out.push(' ');
            out.push_str(coins(n.into()));
            out.push_str(", ");
            match swords {
                Some(s) => {
                    number(out, s);
                    out.push_str(if s == 1 { " sword)" } else { " swords)" });
                }
                None => out.push_str("a skull)"),
            }
        }
        Card::Person { person, cost, vp } => {
            let start = out.len();
            push_person_name(out, person);
            insert_article(out, start);
            out.push_str(" (cost ");
            number(out, cost);
            out.push_str(", ");
            number(out, vp);
            out.push_str(" VP)");
        }
        Card::Expedition { vp, coins: n, .. } => {
            out.push_str("an expedition (");
            number(out, vp);
            out.push_str(" VP, ");
            number(out, n);
            out.push(' ');
            out.push_str(coins(n.into()));
            out.push(')');
        }
        Card::Tax(Tax::MostSwords) => out.push_str("a tax increase (most swords)"),
        Card::Tax(Tax::FewestVictoryPoints) => {
            out.push_str("a tax increase (fewest victory points)");
        }
    }
}

/// `Seat N`, then `verb`, then a card's name ([`card_name`]), then `tail`, in one string.
fn named(seat: Seat, verb: &str, id: CardId, tail: &str) -> String {
    let mut text = String::with_capacity(64);
    text.push_str("Seat ");
    push_number(&mut text, seat.into());
    text.push_str(verb);
    push_card_name(&mut text, id);
    text.push_str(tail);
    text
}

/// A person's name (`yellow Trader`, `Jack of all Trades`) written at the end of `out`.
fn push_person_name(out: &mut String, p: Person) {
    match p {
        Person::Trader(c) => {
            out.push_str(colour_name(c));
            out.push_str(" Trader");
        }
        Person::Clerk(c) => {
            out.push_str(colour_name(c));
            out.push_str(" Clerk");
        }
        Person::JackOfAllTrades => out.push_str("Jack of all Trades"),
        Person::ViceAdmiral => out.push_str("Vice Admiral"),
        other => {
            let _ = write!(out, "{other:?}");
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::port_royal::cards::ALL_CARDS;

    /// Two cards compared by [`shown`] read the same exactly when their names do, so a choice's
    /// sentence names the card's id exactly when another card in its row reads alike.
    #[test]
    fn shown_faces_are_equal_exactly_when_names_are() {
        let ids = 0..u8::try_from(ALL_CARDS).unwrap();
        for a in ids.clone() {
            for b in ids.clone() {
                assert_eq!(
                    shown(a) == shown(b),
                    card_name(a) == card_name(b),
                    "cards {a} and {b}"
                );
            }
        }
    }
}
