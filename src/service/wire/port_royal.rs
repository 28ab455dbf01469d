//! Port Royal: protobuf to and from the core types, declared field by field
//! ([`wire_message!`], [`wire_oneof!`]). Written by hand: the options' unset mode, the cooperative
//! outcome, port-royal/1's spelling of a TRADE taker, and the component table.

use crate::core::{GameRng, RngParts, StateErrors, Status};
use crate::games::port_royal::cards::{Card, Colour, Person, Tax, ALL_CARDS, CARDS};
use crate::games::port_royal::contracts::{self, Requirement, CONTRACTS};
use crate::games::port_royal::state::{
    Expansion, Offer, Progress, SeatState, Slot, Turn, MAX_PLAYERS,
};
use crate::games::port_royal::view::{ContractsView, SeatView};
use crate::games::port_royal::COMPONENT_SET;
use crate::games::port_royal::{
    Action, CoinReason, Event, ExpansionParts, Mode, OfferParts, Options, PhaseTag, Rules,
    SeatParts, State, StateParts, TurnParts, View,
};
use crate::pb::v1;
use crate::service::wire::declare::{
    limited, wire_enum, wire_message, wire_oneof, At, FromWire, ToWire,
};
use crate::service::wire::{oneof_arms, Wire};
use crate::service::Contexts;

wire_message!(StateParts <= v1::PortRoyalState <= State as s {
    players = s.config().players,
    start_seat = s.config().start_seat,
    options = s.config().options,
    rng = s.rng(),
    draw_pile[ALL_CARDS] = s.draw_pile_cards(),
    discard_pile[ALL_CARDS] = s.discard_pile_cards(),
    harbor[ALL_CARDS] = s.harbor(),
    expedition_row[ALL_CARDS] = s.expedition_row(),
    seats[SEATS] = s.seats(),
    turn = turn_parts(s.turn(), s.config().rules),
    contracts = s.expansion(),
    offers[SEATS * (CONTRACTS + 1)] = s.offers(),
});
wire_message!(RngParts <= v1::PortRoyalRng <= GameRng as s { seed = s.seed(), word_pos = s.word_pos() });
wire_message!(SeatParts <= v1::PortRoyalSeat <= SeatState as s { coins[ALL_CARDS], display[ALL_CARDS] });
wire_message!(TurnParts <=> v1::PortRoyalTurn {
    active_seat, phase, cards_drawn, pending_ship, taker, base_takes, bonus_takes, taken,
    final_round, turn_number,
});
wire_message!(ExpansionParts <= v1::PortRoyalContracts <= Expansion as s {
    face_up[CONTRACTS],
    face_down[CONTRACTS],
    progress[SEATS * CONTRACTS],
    set_aside[SEATS],
    time_pile[ALL_CARDS],
    victory_pile[ALL_CARDS],
    outcome,
});
wire_message!(OfferParts <= v1::PortRoyalOffer <= Offer as s {
    seat,
    contract = s.to_parts().contract,
});
wire_message!(Options <=> v1::PortRoyalOptions { contracts, mode, difficulty, expedition_variant });
wire_message!(View => v1::PortRoyalView as s {
    players = s.config.players,
    start_seat = s.config.start_seat,
    options = s.config.options,
    draw_pile_count, discard_pile_count, harbor, expedition_row, seats,
    turn = turn_parts(&s.turn, s.config.rules),
    contracts, offers,
});
wire_message!(SeatView => v1::PortRoyalSeatView as s {
    coin_count, display, victory_points, swords, contracts_completed,
});
wire_message!(ContractsView => v1::PortRoyalContractsView as s {
    face_up, face_down_count, progress, set_aside, time_pile_count, victory_pile_count, outcome,
});
wire_message!(Slot => v1::PortRoyalContractSlot as s { contract = s.id, completers });
wire_message!(Progress => v1::PortRoyalProgress as s { seat, contract, level });

wire_enum!(PhaseTag <=> v1::PortRoyalPhase or Unspecified {
    Unspecified, Discover, Repel, Trade, Finished, Bust
});
wire_enum!(CoinReason => v1::PortRoyalCoinReason {
    Admiral, Jester, TaxBonus, Expedition, Gunner, ViceAdmiral, Gift
});
wire_enum!(Colour => v1::PortRoyalColour { Yellow, Blue, Green, Red, Black });
wire_enum!(Tax => v1::PortRoyalTax { MostSwords, FewestVictoryPoints });

wire_oneof!(Action <=> v1::PortRoyalAction, kind: v1::port_royal_action::Kind {
    Draw {}, Stop {}, Repel {}, Admit {},
    Take { card, decline_coins, gift_to },
    Pass {},
    ClaimExpedition { expedition, persons },
    CompleteContract(contract),
    Accept {}, Decline {},
});
wire_oneof!(Event => v1::PortRoyalEvent, kind: v1::port_royal_event::Kind {
    CardDrawn { seat, card, from_time_pile },
    ShipRepelled { seat, card },
    Busted { seat, card },
    TaxResolved { card, coins_lost, bonus_seats },
    Reshuffled { cards },
    ChanceBegan { seat, takes },
    CardTaken { seat, card, coins_gained, coins_paid, fee_paid, declined },
    CoinsGained { seat, coins, reason },
    ExpeditionRevealed { card },
    ExpeditionClaimed { seat, expedition, persons },
    Passed { seat },
    TurnEnded { seat, discarded },
    FinalRoundBegan { seats, supply_exhausted },
    GameFinished {},
    ContractCompleted { seat, contract, space, coins },
    ContractProgressed { seat, contract, level },
    OfferDeclined { seat, contract },
    ShipSetAside { seat, card },
    VictoryPileGrew { cards },
    CooperativeEnded { won },
});

/// An unset mode is the competitive game; a number the proto does not define is refused.
impl FromWire<i32> for Mode {
    fn from_wire(n: i32, at: &At) -> Result<Mode, StateErrors> {
        match v1::PortRoyalMode::try_from(n) {
            Ok(v1::PortRoyalMode::Unspecified | v1::PortRoyalMode::Competitive) => {
                Ok(Mode::Competitive)
            }
            Ok(v1::PortRoyalMode::Cooperative) => Ok(Mode::Cooperative),
            Err(_) => Err(at.error("unknown mode")),
        }
    }
}
wire_enum!(Mode => v1::PortRoyalMode { Competitive, Cooperative });

/// The cooperative outcome: unset while the game goes on.
impl ToWire<i32> for Option<bool> {
    fn to_wire(&self) -> i32 {
        use v1::PortRoyalCooperativeOutcome as O;
        (match self {
            None => O::Unspecified,
            Some(true) => O::Won,
            Some(false) => O::Lost,
        }) as i32
    }
}
impl FromWire<i32> for Option<bool> {
    fn from_wire(n: i32, _: &At) -> Result<Self, StateErrors> {
        use v1::PortRoyalCooperativeOutcome as O;
        Ok(match O::try_from(n) {
            Ok(O::Won) => Some(true),
            Ok(O::Lost) => Some(false),
            _ => None,
        })
    }
}
impl FromWire<v1::PortRoyalContractSlot> for (u32, Vec<u32>) {
    fn from_wire(p: v1::PortRoyalContractSlot, at: &At) -> Result<Self, StateErrors> {
        let completers = limited(p.completers, SEATS, &at.field("completers"))?;
        Ok((p.contract, completers))
    }
}
impl FromWire<v1::PortRoyalProgress> for (u32, u32, u32) {
    fn from_wire(p: v1::PortRoyalProgress, _: &At) -> Result<Self, StateErrors> {
        Ok((p.seat, p.contract, p.level))
    }
}
impl FromWire<v1::PortRoyalSetAside> for Vec<u32> {
    fn from_wire(p: v1::PortRoyalSetAside, at: &At) -> Result<Self, StateErrors> {
        limited(p.ships, ALL_CARDS, &at.field("ships"))
    }
}
impl ToWire<v1::PortRoyalSetAside> for Vec<u8> {
    fn to_wire(&self) -> v1::PortRoyalSetAside {
        v1::PortRoyalSetAside {
            ships: self.to_wire(),
        }
    }
}

impl Wire for State {
    const FIELD: &'static str = "port_royal";
    type StateProto = v1::PortRoyalState;
    type ActionProto = v1::PortRoyalAction;
    type OptionsProto = v1::PortRoyalOptions;

    oneof_arms!(PortRoyal);

    /// Port Royal's entry in ListGames.
    fn info(_: &()) -> v1::GameInfo {
        v1::GameInfo {
            component_set: COMPONENT_SET.to_owned(),
            provisional: false,
            components: Some(v1::game_info::Components::PortRoyal(components())),
            ..Default::default()
        }
    }
    fn context(_: &Contexts) -> &() {
        &()
    }
    /// Options from the wire.
    fn options_from_proto(o: &v1::PortRoyalOptions) -> Result<Options, StateErrors> {
        Options::from_wire(*o, &At::Root.field("options"))
    }
    /// A state's parts from the wire, under the rules version its envelope names (field paths
    /// relative to the Port Royal state). Takes the message by value: its lists move into the
    /// parts instead of being copied.
    fn parts_from_proto(p: v1::PortRoyalState, rules: Rules) -> Result<StateParts, StateErrors> {
        let mut parts = StateParts::from_wire(p, &At::Root)?;
        // port-royal/1 encoded a TRADE taker of seat 0 by leaving the field out.
        let t = &mut parts.turn;
        if (t.taker, rules, t.phase) == (None, Rules::V1, PhaseTag::Trade) {
            t.taker = Some(0);
        }
        Ok(parts)
    }
    /// An action from the wire; `Ok(None)` when no kind is set, an error naming a required field
    /// that is missing (paths relative to the Port Royal action).
    fn action_from_proto(a: &v1::PortRoyalAction) -> Result<Option<Action>, StateErrors> {
        let kind = a.kind.clone();
        kind.map(|k| Action::from_wire(k, &At::Root)).transpose()
    }
    /// A cooperative result also counts the victory pile (`CooperativeResult.victory_pile`).
    fn status_to_proto(&self, status: &Status) -> v1::Status {
        let mut status = crate::service::wire::status_to_proto(status);
        let cooperative = status.result.as_mut().and_then(|r| r.cooperative.as_mut());
        if let (Some(c), Some(x)) = (cooperative, self.expansion()) {
            c.victory_pile = x.victory_pile.len() as u32;
        }
        status
    }
}

/// The turn as the wire carries it: port-royal/1 states keep their bytes, and that version left a
/// TRADE taker of seat 0 out.
fn turn_parts(turn: &Turn, rules: Rules) -> TurnParts {
    let mut t = turn.to_parts();
    if rules == Rules::V1 && t.taker == Some(0) {
        t.taker = None;
    }
    t
}

/// The longest each list of a state may be: no game fills a list beyond what its components
/// allow, so a longer one is refused whole, before any work per entry (docs/operations.md,
/// "Limits").
const SEATS: usize = MAX_PLAYERS as usize;

/// A person card's kind, and its colour where the kind has one (a trader's, a clerk's).
fn person(p: Person) -> (v1::PortRoyalPerson, i32) {
    use v1::PortRoyalPerson as P;
    let none = v1::PortRoyalColour::Unspecified as i32;
    match p {
        Person::Trader(c) => (P::Trader, c.to_wire()),
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
        Person::Clerk(c) => (P::Clerk, c.to_wire()),
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
            colour: colour.to_wire(),
            coins: coins.into(),
            swords: swords.to_wire(),
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
        Card::Tax(t) => Kind::Tax(t.to_wire()),
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
                coins: c.coins.to_wire(),
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
