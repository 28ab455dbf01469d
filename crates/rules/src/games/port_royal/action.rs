//! Port Royal actions (a seat's decisions) and events (what happened, public information only),
//! and how their messages spell them.

use referee_proto::v1;
use v1::port_royal_action::Kind;

use crate::core::message::{ids, required, At};
use crate::core::pile::CardId;
use crate::core::{Seat, StateErrors};

/// A decision. Card ids are kept as sent (`u32`) so that an id out of range is a violation
/// like any other card that is not where the action says. Serializable, for recorded
/// playthroughs (`tests/fixtures/`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Draw the top card.
    Draw,
    /// Stop drawing.
    Stop,
    /// Repel the ship just drawn.
    Repel,
    /// Let the ship just drawn in.
    Admit,
    /// Take a harbor card.
    Take {
        /// The card.
        card: u32,
        /// Frigate Foe / Galleon Foe: refuse all the ship's coins (Trader coins included).
        #[serde(default)]
        decline_coins: bool,
        /// Special ship: the other player who gains 1 coin (none in a solo game).
        #[serde(default)]
        gift_to: Option<u32>,
    },
    /// End this chance to take cards.
    Pass,
    /// Claim an expedition with these persons.
    ClaimExpedition {
        /// The expedition.
        expedition: u32,
        /// One person per symbol.
        persons: Vec<u32>,
    },
    /// Complete a contract whose requirement you meet (in your chance in phase 2).
    CompleteContract(u32),
    /// Take the open offer (the first in `State::offers`).
    Accept,
    /// Decline the open offer.
    Decline,
}

impl Action {
    /// A plain take: no declined coins, no gift.
    pub fn take(card: u32) -> Self {
        Action::Take {
            card,
            decline_coins: false,
            gift_to: None,
        }
    }
}

/// Why coins were gained outside a trade.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoinReason {
    /// Admiral.
    Admiral,
    /// Jester.
    Jester,
    /// Tax bonus.
    TaxBonus,
    /// Expedition reward.
    Expedition,
    /// Gunner.
    Gunner,
    /// Vice Admiral.
    ViceAdmiral,
    /// Another player's special ship.
    Gift,
}

/// Something that happened. Coins are counts: their card faces are hidden.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A card was drawn face up.
    CardDrawn {
        /// Active player.
        seat: Seat,
        /// The card.
        card: CardId,
        /// Cooperative: it came from the time pile.
        from_time_pile: bool,
    },
    /// A ship was repelled.
    ShipRepelled {
        /// Active player.
        seat: Seat,
        /// The ship.
        card: CardId,
    },
    /// The turn busted.
    Busted {
        /// Active player.
        seat: Seat,
        /// The ship.
        card: CardId,
    },
    /// A tax increase was resolved.
    TaxResolved {
        /// The tax card.
        card: CardId,
        /// Coins lost per seat.
        coins_lost: Vec<u32>,
        /// Seats that gained the bonus.
        bonus_seats: Vec<Seat>,
    },
    /// The discard pile became the draw pile.
    Reshuffled {
        /// Cards in it.
        cards: u32,
    },
    /// A chance to take cards began.
    ChanceBegan {
        /// The taker.
        seat: Seat,
        /// Cards it may take now.
        takes: u32,
    },
    /// A card was taken.
    CardTaken {
        /// The taker.
        seat: Seat,
        /// The card.
        card: CardId,
        /// Coins gained.
        coins_gained: u32,
        /// Coins paid to the discard pile.
        coins_paid: u32,
        /// Coins paid to the active player.
        fee_paid: u32,
        /// The ship's coins were declined (Frigate Foe, Galleon Foe).
        declined: bool,
    },
    /// Coins gained outside a trade.
    CoinsGained {
        /// The seat.
        seat: Seat,
        /// How many.
        coins: u32,
        /// Why.
        reason: CoinReason,
    },
    /// An expedition joined the row.
    ExpeditionRevealed {
        /// The expedition.
        card: CardId,
    },
    /// An expedition was claimed.
    ExpeditionClaimed {
        /// The claimant.
        seat: Seat,
        /// The expedition.
        expedition: CardId,
        /// The persons discarded.
        persons: Vec<CardId>,
    },
    /// A seat passed.
    Passed {
        /// The seat.
        seat: Seat,
    },
    /// The turn ended.
    TurnEnded {
        /// The active player.
        seat: Seat,
        /// Harbor cards discarded.
        discarded: u32,
    },
    /// The final round began.
    FinalRoundBegan {
        /// Seats meeting the end condition.
        seats: Vec<Seat>,
        /// True when it began because no card was left to draw.
        supply_exhausted: bool,
    },
    /// A contract was completed: a cube on its space `space` (0 = leftmost).
    ContractCompleted {
        /// The seat.
        seat: Seat,
        /// The contract.
        contract: u8,
        /// The space.
        space: u32,
        /// Coins gained.
        coins: u32,
    },
    /// A cube was placed or moved on a progress space.
    ContractProgressed {
        /// The seat.
        seat: Seat,
        /// The contract.
        contract: u8,
        /// The space ("1." = 1, "2." = 2).
        level: u32,
    },
    /// An offer was declined (and is lost).
    OfferDeclined {
        /// The seat.
        seat: Seat,
        /// The contract, or `None` for the victory pile.
        contract: Option<u8>,
    },
    /// Pack of Pirates: a repelled ship was set aside.
    ShipSetAside {
        /// The seat.
        seat: Seat,
        /// The ship.
        card: CardId,
    },
    /// Cooperative: a card went from the time pile to the victory pile.
    VictoryPileGrew {
        /// Cards in the victory pile now.
        cards: u32,
    },
    /// Cooperative: the team won or lost.
    CooperativeEnded {
        /// Won?
        won: bool,
    },
    /// The game finished.
    GameFinished,
}

impl Action {
    /// The action a client's message names: `Ok(None)` when it names none, an error naming a
    /// required field that is missing (paths relative to the action message).
    pub fn from_proto(a: &v1::PortRoyalAction) -> Result<Option<Action>, StateErrors> {
        let Some(kind) = &a.kind else {
            return Ok(None);
        };
        let root = At::Root;
        Ok(Some(match kind {
            Kind::Draw(_) => Action::Draw,
            Kind::Stop(_) => Action::Stop,
            Kind::Repel(_) => Action::Repel,
            Kind::Admit(_) => Action::Admit,
            Kind::Take(t) => Action::Take {
                card: required(t.card, &root.field("take").field("card"))?,
                decline_coins: t.decline_coins,
                gift_to: t.gift_to,
            },
            Kind::Pass(_) => Action::Pass,
            Kind::ClaimExpedition(c) => Action::ClaimExpedition {
                expedition: c.expedition,
                persons: c.persons.clone(),
            },
            Kind::CompleteContract(c) => {
                let at = root.field("complete_contract");
                Action::CompleteContract(required(c.contract, &at.field("contract"))?)
            }
            Kind::Accept(_) => Action::Accept,
            Kind::Decline(_) => Action::Decline,
        }))
    }

    /// This action as its message.
    pub fn to_proto(&self) -> v1::PortRoyalAction {
        use v1::port_royal_action as m;
        let kind = match self {
            Action::Draw => Kind::Draw(m::Draw {}),
            Action::Stop => Kind::Stop(m::Stop {}),
            Action::Repel => Kind::Repel(m::Repel {}),
            Action::Admit => Kind::Admit(m::Admit {}),
            Action::Take {
                card,
                decline_coins,
                gift_to,
            } => Kind::Take(m::Take {
                card: Some(*card),
                decline_coins: *decline_coins,
                gift_to: *gift_to,
            }),
            Action::Pass => Kind::Pass(m::Pass {}),
            Action::ClaimExpedition {
                expedition,
                persons,
            } => Kind::ClaimExpedition(m::ClaimExpedition {
                expedition: *expedition,
                persons: persons.clone(),
            }),
            Action::CompleteContract(contract) => Kind::CompleteContract(m::CompleteContract {
                contract: Some(*contract),
            }),
            Action::Accept => Kind::Accept(m::Accept {}),
            Action::Decline => Kind::Decline(m::Decline {}),
        };
        v1::PortRoyalAction { kind: Some(kind) }
    }
}

impl CoinReason {
    /// The reason as its enum in the messages.
    pub fn to_proto(self) -> v1::PortRoyalCoinReason {
        use v1::PortRoyalCoinReason as R;
        match self {
            CoinReason::Admiral => R::Admiral,
            CoinReason::Jester => R::Jester,
            CoinReason::TaxBonus => R::TaxBonus,
            CoinReason::Expedition => R::Expedition,
            CoinReason::Gunner => R::Gunner,
            CoinReason::ViceAdmiral => R::ViceAdmiral,
            CoinReason::Gift => R::Gift,
        }
    }
}

impl Event {
    /// This event as its message.
    pub fn to_proto(&self) -> v1::PortRoyalEvent {
        use v1::port_royal_event::{self as m, Kind as E};
        let kind = match self {
            &Event::CardDrawn {
                seat,
                card,
                from_time_pile,
            } => E::CardDrawn(m::CardDrawn {
                seat: seat.into(),
                card: card.into(),
                from_time_pile,
            }),
            &Event::ShipRepelled { seat, card } => E::ShipRepelled(m::ShipRepelled {
                seat: seat.into(),
                card: card.into(),
            }),
            &Event::Busted { seat, card } => E::Busted(m::Busted {
                seat: seat.into(),
                card: card.into(),
            }),
            Event::TaxResolved {
                card,
                coins_lost,
                bonus_seats,
            } => E::TaxResolved(m::TaxResolved {
                card: (*card).into(),
                coins_lost: coins_lost.clone(),
                bonus_seats: ids(bonus_seats),
            }),
            &Event::Reshuffled { cards } => E::Reshuffled(m::Reshuffled { cards }),
            &Event::ChanceBegan { seat, takes } => E::ChanceBegan(m::ChanceBegan {
                seat: seat.into(),
                takes,
            }),
            &Event::CardTaken {
                seat,
                card,
                coins_gained,
                coins_paid,
                fee_paid,
                declined,
            } => E::CardTaken(m::CardTaken {
                seat: seat.into(),
                card: card.into(),
                coins_gained,
                coins_paid,
                fee_paid,
                declined,
            }),
            &Event::CoinsGained {
                seat,
                coins,
                reason,
            } => E::CoinsGained(m::CoinsGained {
                seat: seat.into(),
                coins,
                reason: reason.to_proto() as i32,
            }),
            &Event::ExpeditionRevealed { card } => {
                E::ExpeditionRevealed(m::ExpeditionRevealed { card: card.into() })
            }
            Event::ExpeditionClaimed {
                seat,
                expedition,
                persons,
            } => E::ExpeditionClaimed(m::ExpeditionClaimed {
                seat: (*seat).into(),
                expedition: (*expedition).into(),
                persons: ids(persons),
            }),
            &Event::Passed { seat } => E::Passed(m::Passed { seat: seat.into() }),
            &Event::TurnEnded { seat, discarded } => E::TurnEnded(m::TurnEnded {
                seat: seat.into(),
                discarded,
            }),
            Event::FinalRoundBegan {
                seats,
                supply_exhausted,
            } => E::FinalRoundBegan(m::FinalRoundBegan {
                seats: ids(seats),
                supply_exhausted: *supply_exhausted,
            }),
            Event::GameFinished => E::GameFinished(m::GameFinished {}),
            &Event::ContractCompleted {
                seat,
                contract,
                space,
                coins,
            } => E::ContractCompleted(m::ContractCompleted {
                seat: seat.into(),
                contract: contract.into(),
                space,
                coins,
            }),
            &Event::ContractProgressed {
                seat,
                contract,
                level,
            } => E::ContractProgressed(m::ContractProgressed {
                seat: seat.into(),
                contract: contract.into(),
                level,
            }),
            &Event::OfferDeclined { seat, contract } => E::OfferDeclined(m::OfferDeclined {
                seat: seat.into(),
                contract: contract.map(u32::from),
            }),
            &Event::ShipSetAside { seat, card } => E::ShipSetAside(m::ShipSetAside {
                seat: seat.into(),
                card: card.into(),
            }),
            &Event::VictoryPileGrew { cards } => E::VictoryPileGrew(m::VictoryPileGrew { cards }),
            &Event::CooperativeEnded { won } => E::CooperativeEnded(m::CooperativeEnded { won }),
        };
        v1::PortRoyalEvent { kind: Some(kind) }
    }
}
