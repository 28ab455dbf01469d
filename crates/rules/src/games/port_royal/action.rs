//! Port Royal actions (a seat's decisions) and events (what happened, public information only).

use crate::core::pile::CardId;
use crate::core::Seat;

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
