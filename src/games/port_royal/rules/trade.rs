//! Phase 2, Trade & Hire (§2.3, §2.4): the active player takes 1/2/3 cards by ship colours (+1
//! per Governor), then every other player clockwise may take 1 (+1 per Governor), paying the
//! active player 1 coin per card. Abilities trigger when a player's chance begins.

use crate::core::pile::CardId;
use crate::core::seat::next;
use crate::core::{Code, Seat, Violation};

use super::super::action::{CoinReason, Event};
use super::super::cards::{self, Card, Person};
use super::super::state::{Phase, State};

/// Harbor cards from which Admirals pay out (§2.4).
pub const ADMIRAL_HARBOR_SIZE: usize = 5;

/// What taking one card costs and yields for one seat.
struct Deal {
    gained: u32,
    paid: u32,
    fee: u32,
}

impl State {
    /// Cards the taker may still take in this chance (0 outside phase 2). Governors count live,
    /// so a Governor hired now works for the next card (§2.3).
    pub(crate) fn takes_left(&self, seat: Seat) -> u32 {
        match self.turn.phase {
            Phase::Trade {
                taker,
                base_takes,
                taken,
            } if taker == seat => (u32::from(base_takes) + self.count(seat, Person::Governor))
                .saturating_sub(u32::from(taken)),
            _ => 0,
        }
    }

    /// The deal for `seat` taking `card`, or why it cannot.
    fn deal(&self, seat: Seat, card: CardId) -> Result<Deal, Violation> {
        let fee = u32::from(seat != self.turn.active);
        let held = self.coins(seat);
        match cards::face(card) {
            Card::Ship { colour, coins, .. } => {
                let due = u32::from(coins) + self.count(seat, Person::Trader(colour));
                // The ship is discarded before its coins are drawn, so it is in the supply.
                let gained = due.min(self.supply() + 1);
                if held + gained < fee {
                    return Err(Violation::new(
                        Code::InsufficientCoins,
                        "You cannot pay the active player the 1-coin fee.",
                    ));
                }
                Ok(Deal {
                    gained,
                    paid: 0,
                    fee,
                })
            }
            Card::Person { cost, .. } => {
                let paid = u32::from(cost).saturating_sub(self.count(seat, Person::Mademoiselle));
                if held < paid + fee {
                    return Err(Violation::new(
                        Code::InsufficientCoins,
                        format!(
                            "Hiring this person costs {} coins and you hold {held}.",
                            paid + fee
                        ),
                    )
                    .with("needed", paid + fee)
                    .with("held", held));
                }
                Ok(Deal {
                    gained: 0,
                    paid,
                    fee,
                })
            }
            _ => Err(Violation::new(
                Code::CardNotInHarbor,
                "Only ships and persons can be taken.",
            )),
        }
    }

    pub(super) fn check_take(&self, seat: Seat, card: CardId) -> Result<(), Violation> {
        if !self.harbor.contains(&card) {
            return Err(Violation::new(
                Code::CardNotInHarbor,
                format!("Card {card} is not in the harbor display."),
            ));
        }
        if self.takes_left(seat) == 0 {
            return Err(Violation::new(
                Code::NoTakesLeft,
                "You have taken every card you may take in this chance.",
            ));
        }
        self.deal(seat, card).map(|_| ())
    }

    pub(super) fn check_take_raw(&self, seat: Seat, card: u32) -> Result<(), Violation> {
        match CardId::try_from(card) {
            Ok(id) => self.check_take(seat, id),
            Err(_) => Err(Violation::new(
                Code::CardNotInHarbor,
                format!("Card {card} is not in the harbor display."),
            )),
        }
    }

    /// Takes a card (checked): trade a ship (discard it, gain its coins plus Traders) or hire a
    /// person (pay its cost less Mademoiselles); a non-active taker pays the active player 1 coin.
    pub(super) fn take(&mut self, seat: Seat, card: u32, events: &mut Vec<Event>) {
        let Ok(card) = CardId::try_from(card) else {
            return;
        };
        let Ok(deal) = self.deal(seat, card) else {
            return;
        };
        self.harbor.retain(|&c| c != card);
        let gained = match cards::face(card) {
            Card::Ship { .. } => {
                self.discard.push(card);
                self.gain(seat, deal.gained, events)
            }
            _ => {
                self.pay_to_discard(seat, deal.paid);
                if let Some(s) = self.seats.get_mut(usize::from(seat)) {
                    s.display.push(card);
                }
                0
            }
        };
        self.pay_to_seat(seat, self.turn.active, deal.fee);
        events.push(Event::CardTaken {
            seat,
            card,
            coins_gained: gained,
            coins_paid: deal.paid,
            fee_paid: deal.fee,
        });
        if let Phase::Trade { taken, .. } = &mut self.turn.phase {
            *taken = taken.saturating_add(1);
        }
        if !self.has_choice(seat) {
            self.next_chance(seat, events);
        }
    }

    /// Whether the taker has anything to decide besides passing.
    pub(super) fn has_choice(&self, seat: Seat) -> bool {
        let can_take =
            self.takes_left(seat) > 0 && self.harbor.iter().any(|&c| self.deal(seat, c).is_ok());
        can_take || (seat == self.turn.active && self.can_claim_any(seat))
    }

    /// Phase 2 begins (after Stop, or when drawing found no card): the active player may take 1
    /// card, 2 with 4 ship colours in the harbor, 3 with 5.
    pub(super) fn begin_trade(&mut self, events: &mut Vec<Event>) {
        let base_takes = match self.distinct_ship_colours() {
            5 => 3,
            4 => 2,
            _ => 1,
        };
        let active = self.turn.active;
        if !self.begin_chance(active, base_takes, events) {
            self.next_chance(active, events);
        }
    }

    /// Starts `seat`'s chance: its abilities trigger; returns false when it has nothing to
    /// decide, in which case the chance ends at once (docs/rules.md, "Chances with no choice").
    fn begin_chance(&mut self, seat: Seat, base_takes: u8, events: &mut Vec<Event>) -> bool {
        let harbor = self.harbor.len();
        let admirals = self.count(seat, Person::Admiral);
        if harbor >= ADMIRAL_HARBOR_SIZE && admirals > 0 {
            let coins = self.gain(seat, 2 * admirals, events);
            events.push(Event::CoinsGained {
                seat,
                coins,
                reason: CoinReason::Admiral,
            });
        }
        let jesters = self.count(seat, Person::Jester);
        if harbor == 0 && seat != self.turn.active && jesters > 0 {
            let coins = self.gain(seat, jesters, events);
            events.push(Event::CoinsGained {
                seat,
                coins,
                reason: CoinReason::Jester,
            });
        }
        self.turn.phase = Phase::Trade {
            taker: seat,
            base_takes,
            taken: 0,
        };
        if self.has_choice(seat) {
            events.push(Event::ChanceBegan {
                seat,
                takes: self.takes_left(seat),
            });
            true
        } else {
            false
        }
    }

    /// Moves the chance on from `after` to the next player clockwise who has a choice; when the
    /// round of chances is back at the active player, the turn ends.
    pub(super) fn next_chance(&mut self, after: Seat, events: &mut Vec<Event>) {
        let active = self.turn.active;
        let players = self.config.players;
        let mut seat = next(after, players);
        while seat != active {
            if self.begin_chance(seat, 1, events) {
                return;
            }
            seat = next(seat, players);
        }
        self.end_turn(events);
    }
}
