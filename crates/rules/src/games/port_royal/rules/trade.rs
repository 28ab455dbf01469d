//! Phase 2, Trade & Hire (§2.3, §2.4, and §1.2 for the expansion's persons and ships): the
//! active player takes 1/2/3 cards by ship colours (+1 per Governor), then every other player
//! clockwise may take 1 (+1 per Governor), paying the active player 1 coin per card. Abilities
//! trigger when a player's chance begins.

use crate::core::pile::CardId;
use crate::core::seat::{next, others_clockwise};
use crate::core::{Seat, Violation};

use super::super::Code;

use super::super::action::{Action, CoinReason, Event};
use super::super::cards::{self, Card, Person};
use super::super::contracts::Requirement;
use super::super::state::{Phase, State};

/// Harbor cards from which Admirals pay out (§2.4).
pub const ADMIRAL_HARBOR_SIZE: usize = 5;
/// Harbor sizes at which Vice Admirals pay out (§1.2).
pub const VICE_ADMIRAL_HARBOR_SIZES: [usize; 2] = [3, 4];

/// What taking one card costs and yields for one seat.
struct Deal {
    gained: u32,
    paid: u32,
    fee: u32,
}

/// Why a take is refused. Listings ask it of every harbor card, so the refusal's sentence is
/// written only when a take is refused (`violation`).
enum NoDeal {
    /// Declining coins without a Foe contract to advance.
    Decline,
    /// A gift recipient missing, not another seat, or given for a ship without a gift.
    Gift,
    /// Ship options named for a person.
    PersonOptions,
    /// The 1-coin fee cannot be paid, even with the ship's coins.
    Fee,
    /// The person costs more than the seat holds.
    Hire { needed: u32, held: u32 },
    /// Neither a ship nor a person.
    NotTakeable,
}

impl NoDeal {
    fn violation(self) -> Violation {
        match self {
            NoDeal::Decline => Violation::new(
                Code::DeclineNotAllowed,
                "Declining a ship's coins is only for a Frigate Foe or Galleon Foe contract you can still complete.",
            ),
            NoDeal::Gift => Violation::new(
                Code::InvalidGift,
                "A special ship's extra coin goes to another player named in gift_to; other ships take no gift_to.",
            ),
            NoDeal::PersonOptions => Violation::new(
                Code::DeclineNotAllowed,
                "decline_coins and gift_to apply to ships only.",
            ),
            NoDeal::Fee => Violation::new(
                Code::InsufficientCoins,
                "You cannot pay the active player the 1-coin fee.",
            ),
            NoDeal::Hire { needed, held } => Violation::new(
                Code::InsufficientCoins,
                format!("Hiring this person costs {needed} coins and you hold {held}."),
            )
            .with("needed", needed)
            .with("held", held),
            NoDeal::NotTakeable => Violation::new(
                Code::CardNotInHarbor,
                "Only ships and persons can be taken.",
            ),
        }
    }
}

impl State {
    /// Cards the taker may still take in this chance (0 outside phase 2). Governors count live,
    /// so a Governor hired now works for the next card (§2.3).
    pub(crate) fn takes_left(&self, seat: Seat) -> u32 {
        match self.turn.phase {
            Phase::Trade {
                taker,
                base_takes,
                bonus_takes,
                taken,
            } if taker == seat => (u32::from(base_takes)
                + u32::from(bonus_takes)
                + self.count(seat, Person::Governor))
            .saturating_sub(u32::from(taken)),
            _ => 0,
        }
    }

    /// The Foe contract a seat may advance by declining this ship's coins.
    fn foe_for(&self, seat: Seat, card: CardId) -> Option<u8> {
        let colour = cards::face(card).ship_colour()?;
        let id = self.face_up_with(
            |r| matches!(r, Requirement::DeclineCoins { colour: c, .. } if c == colour),
        )?;
        self.eligible(seat, id).then_some(id)
    }

    /// The deal for `seat` taking `card`, or why it cannot.
    fn deal(
        &self,
        seat: Seat,
        card: CardId,
        decline: bool,
        gift_to: Option<u32>,
    ) -> Result<Deal, NoDeal> {
        let fee = u32::from(seat != self.turn.active);
        let held = self.coins(seat);
        match cards::face(card) {
            Card::Ship {
                colour,
                coins,
                special,
                ..
            } => {
                if decline && self.foe_for(seat, card).is_none() {
                    return Err(NoDeal::Decline);
                }
                let gift_ok = match (special && self.config.players > 1, gift_to) {
                    (true, Some(g)) => g != u32::from(seat) && g < u32::from(self.config.players),
                    (false, None) => true,
                    _ => false,
                };
                if !gift_ok {
                    return Err(NoDeal::Gift);
                }
                let due = if decline {
                    0
                } else {
                    u32::from(coins) + self.count(seat, Person::Trader(colour))
                };
                // The ship is discarded before its coins are drawn, so it is in the supply.
                let gained = due.min(self.supply() + 1);
                if held + gained < fee {
                    return Err(NoDeal::Fee);
                }
                Ok(Deal {
                    gained,
                    paid: 0,
                    fee,
                })
            }
            Card::Person { cost, .. } => {
                if decline || gift_to.is_some() {
                    return Err(NoDeal::PersonOptions);
                }
                let paid = u32::from(cost).saturating_sub(self.count(seat, Person::Mademoiselle));
                if held < paid + fee {
                    return Err(NoDeal::Hire {
                        needed: paid + fee,
                        held,
                    });
                }
                Ok(Deal {
                    gained: 0,
                    paid,
                    fee,
                })
            }
            _ => Err(NoDeal::NotTakeable),
        }
    }

    pub(super) fn check_take(
        &self,
        seat: Seat,
        card: u32,
        decline: bool,
        gift_to: Option<u32>,
    ) -> Result<(), Violation> {
        let Some(id) = CardId::try_from(card)
            .ok()
            .filter(|c| self.harbor.contains(c))
        else {
            return Err(Violation::new(
                Code::CardNotInHarbor,
                format!("Card {card} is not in the harbor display."),
            ));
        };
        if self.takes_left(seat) == 0 {
            return Err(Violation::new(
                Code::NoTakesLeft,
                "You have taken every card you may take in this chance.",
            ));
        }
        self.deal(seat, id, decline, gift_to)
            .map(|_| ())
            .map_err(NoDeal::violation)
    }

    /// The gift recipients a take of `card` by `seat` must choose among: every other seat for a
    /// special ship with 2 or more players, else none.
    fn gift_choices(&self, seat: Seat, card: CardId) -> impl Iterator<Item = Option<u32>> {
        let special = matches!(cards::face(card), Card::Ship { special: true, .. })
            && self.config.players > 1;
        let others = others_clockwise(seat, self.config.players)
            .filter(move |_| special)
            .map(|s| Some(u32::from(s)));
        std::iter::once(None)
            .filter(move |_| !special)
            .chain(others)
    }

    /// Every take open to `seat`: each harbor card, with each gift recipient for a special ship
    /// and with and without declining for a Foe contract.
    pub(super) fn push_takes(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.takes_left(seat) == 0 {
            return;
        }
        for &card in &self.harbor {
            for gift_to in self.gift_choices(seat, card) {
                for decline in [false, true] {
                    if self.deal(seat, card, decline, gift_to).is_ok() {
                        out.push(Action::Take {
                            card: u32::from(card),
                            decline_coins: decline,
                            gift_to,
                        });
                    }
                }
            }
        }
    }

    /// Whether `seat` can take some card now. Declining coins never makes a take affordable that
    /// was not, and the gift's recipient does not change affordability, so one plain deal per
    /// card decides.
    fn can_take_any(&self, seat: Seat) -> bool {
        self.takes_left(seat) > 0
            && self.harbor.iter().any(|&card| {
                let gift = self.gift_choices(seat, card).next().flatten();
                self.deal(seat, card, false, gift).is_ok()
            })
    }

    /// Takes a card (checked): trade a ship (discard it, gain its coins plus Traders, unless
    /// declined; a special ship's extra coin to another player; a Clerk's extra card) or hire a
    /// person (pay its cost less Mademoiselles); a non-active taker pays the active player 1 coin.
    pub(super) fn take(
        &mut self,
        seat: Seat,
        card: u32,
        decline: bool,
        gift_to: Option<u32>,
        events: &mut Vec<Event>,
    ) {
        let Ok(card) = CardId::try_from(card) else {
            return;
        };
        let Ok(deal) = self.deal(seat, card, decline, gift_to) else {
            return;
        };
        self.harbor.retain(|&c| c != card);
        let face = cards::face(card);
        let gained = match face {
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
            declined: decline,
        });
        if let Some(to) = gift_to.and_then(|g| Seat::try_from(g).ok()) {
            self.ability_coins(to, 1, CoinReason::Gift, events);
        }
        let clerks = face
            .ship_colour()
            .map_or(0, |c| self.count(seat, Person::Clerk(c)));
        if let Phase::Trade {
            taken, bonus_takes, ..
        } = &mut self.turn.phase
        {
            *taken = taken.saturating_add(1);
            *bonus_takes = bonus_takes.saturating_add(clerks as u8);
        }
        if decline {
            let steps = match face.ship_colour() {
                Some(colour) => self
                    .face_up_with(
                        |r| matches!(r, Requirement::DeclineCoins { colour: c, .. } if c == colour),
                    )
                    .and_then(|id| {
                        super::super::contracts::contract(id).map(|c| (id, c.requirement))
                    }),
                None => None,
            };
            if let Some((id, Requirement::DeclineCoins { times, .. })) = steps {
                if self.advance(seat, id, times, events) {
                    return;
                }
            }
        }
        if !self.has_choice(seat) {
            self.next_chance(seat, events);
        }
    }

    /// Whether the taker has anything to decide besides passing.
    pub(super) fn has_choice(&self, seat: Seat) -> bool {
        self.can_take_any(seat)
            || (seat == self.turn.active && self.can_claim_any(seat))
            || self.can_complete_any(seat)
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

    /// Starts `seat`'s chance: its abilities trigger (Admiral, Jester, Gunner, Vice Admiral);
    /// returns false when it has nothing to decide, in which case the chance ends at once
    /// (docs/rules.md, "Chances with no choice").
    fn begin_chance(&mut self, seat: Seat, base_takes: u8, events: &mut Vec<Event>) -> bool {
        let harbor = self.harbor.len();
        if harbor >= ADMIRAL_HARBOR_SIZE {
            let n = 2 * self.count(seat, Person::Admiral);
            self.ability_coins(seat, n, CoinReason::Admiral, events);
        }
        if harbor == 0 && seat != self.turn.active {
            let n = self.count(seat, Person::Jester);
            self.ability_coins(seat, n, CoinReason::Jester, events);
        }
        let gunners = self.count(seat, Person::Gunner);
        let per_gunner = self.harbor_ships().saturating_sub(1);
        self.ability_coins(seat, gunners * per_gunner, CoinReason::Gunner, events);
        if VICE_ADMIRAL_HARBOR_SIZES.contains(&harbor) {
            let n = self.count(seat, Person::ViceAdmiral);
            self.ability_coins(seat, n, CoinReason::ViceAdmiral, events);
        }
        self.turn.phase = Phase::Trade {
            taker: seat,
            base_takes,
            bonus_takes: 0,
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
