//! The rules of play (docs/rules.md, "Goofspiel"): every seat that has not bid this round bids
//! one card of its hand, in any order; the last bid reveals them all, the single highest takes
//! the prizes up, and the next prize is turned.
//!
//! One rule, two uses ("What is open, and why not", docs/architecture.md): [`State::biddable`]
//! says whether a seat may bid a card and, if not, why; `legal_actions` lists the cards it
//! accepts and `check` turns its refusal into a violation.

use crate::core::status::ScoreItem;
use crate::core::status::{rank, Standing};
use crate::core::{Seat, Status, Violation};
use crate::games;

use super::action::{Action, Event};
use super::codes::Code;
use super::state::State;

/// Why a seat may not bid a card.
enum Unmet {
    /// It has bid this round already.
    AlreadyBid,
    /// The card is not in its hand.
    NotInHand,
}

impl State {
    /// The rule, once: whether `seat` may bid `card` now (the card, if so).
    fn biddable(&self, seat: Seat, card: u32) -> Result<u8, Unmet> {
        let hand = &self.seats[usize::from(seat)];
        if hand.bid.is_some() {
            return Err(Unmet::AlreadyBid);
        }
        u8::try_from(card)
            .ok()
            .filter(|c| hand.cards.contains(c))
            .ok_or(Unmet::NotInHand)
    }

    /// Whether `seat` may bid the card: the game goes on, the seat exists, and the rule
    /// accepts it; the card, if so.
    fn accepted(&self, seat: Seat, action: &Action) -> Result<u8, Violation> {
        let now = (!self.over()).then_some(());
        games::check_seat(seat, self.player_count(), now)?;
        let Action::Bid { card } = *action;
        self.biddable(seat, card).map_err(|unmet| match unmet {
            Unmet::AlreadyBid => Violation::new(
                Code::AlreadyBid,
                format!("Seat {seat} has bid this round already; a bid is final."),
            )
            .with("seat", seat),
            Unmet::NotInHand => Violation::new(
                Code::CardNotInHand,
                format!("Seat {seat} holds no card {card} to bid."),
            )
            .with("card", card),
        })
    }

    /// Every seat's bid is in: each is revealed, the single highest bid takes the prizes up (a
    /// tie discards them, or rolls them over when the options say so, except in the last
    /// round), and the next prize is turned.
    fn reveal(&mut self, events: &mut Vec<Event>) {
        let bids: Vec<u8> = self.seats.iter().filter_map(|h| h.bid).collect();
        let high = bids.iter().copied().max().unwrap_or(0);
        let mut highest = (0u8..).zip(&bids).filter(|&(_, &b)| b == high);
        let winner = match (highest.next(), highest.next()) {
            (Some((seat, _)), None) => Some(seat),
            _ => None,
        };
        for h in &mut self.seats {
            h.played.extend(h.bid.take());
        }
        let prizes = self.prizes_up.clone();
        let last = self.prize_pile.is_empty();
        let rolled_over = winner.is_none() && self.options.roll_over_ties && !last;
        match winner {
            Some(seat) => self.seats[usize::from(seat)]
                .won
                .append(&mut self.prizes_up),
            None if rolled_over => {}
            None => self.prizes_discarded.append(&mut self.prizes_up),
        }
        events.push(Event::BidsRevealed {
            bids,
            winner,
            prizes,
            rolled_over,
        });
        if let Some(card) = self.prize_pile.pop() {
            self.prizes_up.push(card);
            events.push(Event::PrizeTurned { card });
        }
    }
}

impl games::Play for State {
    /// The seats yet to bid, all at once; once over, the ranking by prize points (equal points
    /// share a rank and, at the top, the win).
    fn status(&self) -> Status {
        if !self.over() {
            return Status {
                to_act: self.to_bid(),
                phase: "bid",
                ..Status::default()
            };
        }
        let standings: Vec<Standing> = self
            .seats
            .iter()
            .map(|h| Standing {
                can_win: true,
                score: h.points(),
                breakdown: vec![ScoreItem {
                    category: "prizes",
                    points: h.points(),
                }],
                ..Standing::default()
            })
            .collect();
        Status {
            finished: true,
            result: rank(&standings),
            phase: "finished",
            ..Status::default()
        }
    }

    /// Every card each seat yet to bid holds (only `seat`'s if given), lowest first.
    fn legal_actions(&self, seat: Option<Seat>) -> Vec<(Seat, Action)> {
        let mut out = Vec::new();
        for s in self.to_bid() {
            if seat.is_some_and(|only| only != s) {
                continue;
            }
            for &card in &self.seats[usize::from(s)].cards {
                let card = u32::from(card);
                if self.biddable(s, card).is_ok() {
                    out.push((s, Action::Bid { card }));
                }
            }
        }
        out
    }

    /// The default bid (docs/rules.md, "Default actions"): the lowest card in hand, which
    /// gives the least away.
    fn default_action(&self, seat: Seat, own: &[&Action]) -> Option<Action> {
        if !self.to_bid().contains(&seat) {
            return None;
        }
        own.iter()
            .copied()
            .min_by_key(|a| match a {
                Action::Bid { card } => *card,
            })
            .copied()
    }

    /// Whether `seat` may bid the card ([`State::accepted`]).
    fn check(&self, seat: Seat, action: &Action) -> Result<(), Violation> {
        self.accepted(seat, action).map(drop)
    }

    /// Checks the bid and places it face down; the last bid of the round reveals them all.
    fn apply_in_place(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), Violation> {
        let card = self.accepted(seat, action)?;
        let hand = &mut self.seats[usize::from(seat)];
        hand.cards.retain(|&c| c != card);
        hand.bid = Some(card);
        events.push(Event::BidPlaced { seat });
        if self.seats.iter().all(|h| h.bid.is_some()) {
            self.reveal(events);
        }
        Ok(())
    }
}
