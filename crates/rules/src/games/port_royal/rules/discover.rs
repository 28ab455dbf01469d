//! Phase 1, Discover (§2.2): draw one card at a time, repel ships if you can and want to, stop
//! after at least one card, or bust on a second ship of one colour. Cooperative (§3.3): the
//! turn's first card comes from the time pile.

use crate::core::pile::{CardId, Supply};
use crate::core::seat::others_clockwise;
use crate::core::Violation;

use super::super::Code;

use super::super::action::{CoinReason, Event};
use super::super::cards::{self, Card, Person};
use super::super::contracts::Requirement;
use super::super::state::{Phase, State};

impl State {
    pub(super) fn check_stop(&self) -> Result<(), Violation> {
        if self.turn.drawn == 0 {
            Err(Violation::new(
                Code::MustDrawFirst,
                "You must draw at least one card before you stop.",
            ))
        } else {
            Ok(())
        }
    }

    /// The next card: from the time pile for a cooperative turn's first card, else from the draw
    /// pile (refilled from the discard pile).
    fn next_card(&mut self, events: &mut Vec<Event>) -> Option<(CardId, bool)> {
        let first = self.turn.drawn == 0;
        if first && self.config.options.cooperative() {
            return self
                .ext
                .as_mut()
                .and_then(|x| x.time_pile.pop())
                .map(|c| (c, true));
        }
        let mut reshuffled = None;
        let card = self.take_top(&mut reshuffled);
        if let Some(cards) = reshuffled {
            events.push(Event::Reshuffled { cards });
        }
        card.map(|c| (c, false))
    }

    /// Draws the next card. With both piles empty, drawing ends the discover phase as if the
    /// player had stopped (§2.2 [R]), and the round becomes the last one (docs/rules.md,
    /// "Exhausted supply"): with no card left to draw or gain the game could otherwise never end.
    pub(super) fn draw(&mut self, events: &mut Vec<Event>) {
        let seat = self.turn.active;
        let drawn = self.next_card(events);
        self.turn.drawn = self.turn.drawn.saturating_add(1);
        let Some((card, from_time_pile)) = drawn else {
            let cooperative = self.config.options.cooperative();
            // An empty time pile loses at the first draw (port-royal/1 caught it when the turn
            // began, so there only hand-made states get here).
            if cooperative && self.check_cooperative_loss(events) {
                return;
            }
            // R6 is for the competitive game: the time pile ends a cooperative one.
            if !self.turn.final_round && !cooperative {
                self.turn.final_round = true;
                events.push(Event::FinalRoundBegan {
                    seats: Vec::new(),
                    supply_exhausted: true,
                });
            }
            self.begin_trade(events);
            return;
        };
        events.push(Event::CardDrawn {
            seat,
            card,
            from_time_pile,
        });
        match cards::face(card) {
            Card::Person { .. } => self.harbor.push(card),
            Card::Expedition { .. } => {
                self.expeditions.push(card);
                events.push(Event::ExpeditionRevealed { card });
            }
            Card::Tax(tax) => self.resolve_tax(card, tax, events),
            Card::Ship { .. } => {
                if self.can_repel(seat, card) {
                    self.turn.phase = Phase::Repel { ship: card };
                } else {
                    self.admit(card, events);
                }
            }
        }
    }

    /// Repelling is optional (§2.2): the repelled ship is discarded (or set aside for Pack of
    /// Pirates, §3.1) and the player goes on.
    pub(super) fn repel(&mut self, events: &mut Vec<Event>) {
        if let Phase::Repel { ship } = self.turn.phase {
            self.turn.phase = Phase::Discover;
            events.push(Event::ShipRepelled {
                seat: self.turn.active,
                card: ship,
            });
            if self.set_aside(ship, events).is_none() {
                self.discard.push(ship);
            }
        }
    }

    pub(super) fn admit_pending(&mut self, events: &mut Vec<Event>) {
        if let Phase::Repel { ship } = self.turn.phase {
            self.turn.phase = Phase::Discover;
            self.admit(ship, events);
        }
    }

    /// A ship that is not repelled joins the harbor, or busts the turn if its colour is there.
    fn admit(&mut self, ship: CardId, events: &mut Vec<Event>) {
        let colour = cards::face(ship).ship_colour().map_or(0, |c| c.bit());
        if self.harbor_colours() & colour != 0 {
            self.bust(ship, events);
        } else {
            let before = self.distinct_ship_colours();
            self.harbor.push(ship);
            self.offer_gamesters(before);
        }
    }

    /// Bust (§2.2): the harbor and the ship are discarded, there is no phase 2, and every player
    /// (active first, then clockwise) gains 1 coin per Jester. Jinx is offered (§3.1).
    fn bust(&mut self, ship: CardId, events: &mut Vec<Event>) {
        let active = self.turn.active;
        self.discard.append(&mut self.harbor);
        self.discard.push(ship);
        events.push(Event::Busted {
            seat: active,
            card: ship,
        });
        for seat in std::iter::once(active).chain(others_clockwise(active, self.config.players)) {
            let jesters = self.count(seat, Person::Jester);
            self.ability_coins(seat, jesters, CoinReason::Jester, events);
        }
        self.offer_contract(active, |r| r == Requirement::Jinx);
        if self.offers.is_empty() {
            self.end_turn(events);
        } else {
            self.turn.phase = Phase::Bust;
        }
    }
}
