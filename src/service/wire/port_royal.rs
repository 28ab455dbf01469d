//! Port Royal: protobuf to and from the core types, declared field by field
//! ([`wire_message!`], [`wire_oneof!`]). Written by hand: the options' unset mode, the cooperative
//! outcome, port-royal/1's spelling of a TRADE taker, and the component table.

use crate::core::{StateErrors, Status};
use crate::games::port_royal::cards::{Card, Colour, Person, Tax, CARDS};
use crate::games::port_royal::contracts::{self, Requirement};
use crate::games::port_royal::state::{Progress, Slot};
use crate::games::port_royal::view::{ContractsView, SeatView};
use crate::games::port_royal::COMPONENT_SET;
use crate::games::port_royal::{Action, CoinReason, Event, Options, Rules, State, View};
use crate::pb::v1;
use crate::service::wire::declare::{wire_enum, wire_message, wire_oneof, At, FromWire, ToWire};
use crate::service::wire::{oneof_arms, Wire};
use crate::service::Contexts;

/// The state's message is the game's own (`State::to_parts`).
impl ToWire<v1::PortRoyalState> for State {
    fn to_wire(&self) -> v1::PortRoyalState {
        self.to_parts()
    }
}
impl ToWire<v1::PortRoyalOptions> for Options {
    fn to_wire(&self) -> v1::PortRoyalOptions {
        self.to_proto()
    }
}
wire_message!(View => v1::PortRoyalView as s {
    players = s.config.players,
    start_seat = s.config.start_seat,
    options => Some(s.config.options.to_proto()),
    draw_pile_count, discard_pile_count, harbor, expedition_row, seats,
    turn => Some(s.turn.to_parts(s.config.rules)),
    contracts,
    offers => s.offers.iter().map(|o| o.to_parts()).collect(),
});
wire_message!(SeatView => v1::PortRoyalSeatView as s {
    coin_count, display, victory_points, swords, contracts_completed,
});
wire_message!(ContractsView => v1::PortRoyalContractsView as s {
    face_up, face_down_count, progress,
    set_aside => s.set_aside.iter().map(|v| v1::PortRoyalSetAside { ships: v.to_wire() }).collect(),
    time_pile_count, victory_pile_count, outcome,
});
impl ToWire<v1::PortRoyalContractSlot> for Slot {
    fn to_wire(&self) -> v1::PortRoyalContractSlot {
        self.to_proto()
    }
}
impl ToWire<v1::PortRoyalProgress> for Progress {
    fn to_wire(&self) -> v1::PortRoyalProgress {
        self.to_proto()
    }
}

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
        Options::from_proto(o).map_err(|e| e.under("options."))
    }
    /// The state message is the game's parts: `State::from_parts` reads it.
    fn parts_from_proto(
        p: v1::PortRoyalState,
        _: Rules,
    ) -> Result<v1::PortRoyalState, StateErrors> {
        Ok(p)
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
