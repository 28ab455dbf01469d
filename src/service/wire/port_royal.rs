//! Port Royal: protobuf to and from the core types. Nothing here decides a rule.

use crate::core::{RngParts, StateErrors, Status};
use crate::games::port_royal::cards::{Card, Colour, Person, Tax, ALL_CARDS, CARDS};
use crate::games::port_royal::contracts::{self, Requirement, CONTRACTS};
use crate::games::port_royal::state::{ids, Offer, OfferKind, Progress, Slot, MAX_PLAYERS};
use crate::games::port_royal::COMPONENT_SET;
use crate::games::port_royal::{
    Action, CoinReason, Event, ExpansionParts, Mode, OfferParts, Options, PhaseTag, Rules,
    SeatParts, State, StateParts, TurnParts, View,
};
use crate::pb::v1;
use crate::service::wire::{oneof_arms, Wire};
use crate::service::Contexts;
use v1::port_royal_action::{self as pa, Kind as A};
use v1::port_royal_event::{self as pe, Kind as E};

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
        let mode = match v1::PortRoyalMode::try_from(o.mode) {
            Ok(v1::PortRoyalMode::Unspecified | v1::PortRoyalMode::Competitive) => {
                Mode::Competitive
            }
            Ok(v1::PortRoyalMode::Cooperative) => Mode::Cooperative,
            Err(_) => return Err(StateErrors::one("options.mode", "unknown mode")),
        };
        Ok(Options {
            contracts: o.contracts,
            mode,
            difficulty: o.difficulty,
            expedition_variant: o.expedition_variant,
        })
    }
    /// A state's parts from the wire, under the rules version its envelope names (field paths
    /// relative to the Port Royal state). Takes the message by value: its lists move into the
    /// parts instead of being copied.
    fn parts_from_proto(p: v1::PortRoyalState, rules: Rules) -> Result<StateParts, StateErrors> {
        check_list_lengths(&p)?;
        let options = Self::options_from_proto(&p.options.unwrap_or_default())?;
        let rng = p.rng.unwrap_or_default();
        let t = p.turn.unwrap_or_default();
        let phase = match v1::PortRoyalPhase::try_from(t.phase) {
            Ok(v1::PortRoyalPhase::Discover) => PhaseTag::Discover,
            Ok(v1::PortRoyalPhase::Repel) => PhaseTag::Repel,
            Ok(v1::PortRoyalPhase::Trade) => PhaseTag::Trade,
            Ok(v1::PortRoyalPhase::Finished) => PhaseTag::Finished,
            Ok(v1::PortRoyalPhase::Bust) => PhaseTag::Bust,
            Ok(v1::PortRoyalPhase::Unspecified) | Err(_) => PhaseTag::Unspecified,
        };
        // port-royal/1 encoded a TRADE taker of seat 0 by leaving the field out.
        let taker = match (t.taker, rules, phase) {
            (None, Rules::V1, PhaseTag::Trade) => Some(0),
            (taker, _, _) => taker,
        };
        Ok(StateParts {
            players: p.players,
            start_seat: p.start_seat,
            options,
            rng: RngParts {
                seed: rng.seed,
                word_pos: rng.word_pos,
            },
            draw_pile: p.draw_pile,
            discard_pile: p.discard_pile,
            harbor: p.harbor,
            expedition_row: p.expedition_row,
            seats: p
                .seats
                .into_iter()
                .map(|s| SeatParts {
                    coins: s.coins,
                    display: s.display,
                })
                .collect(),
            turn: TurnParts {
                active_seat: t.active_seat,
                phase,
                cards_drawn: t.cards_drawn,
                pending_ship: t.pending_ship,
                taker,
                base_takes: t.base_takes,
                bonus_takes: t.bonus_takes,
                taken: t.taken,
                final_round: t.final_round,
                turn_number: t.turn_number,
            },
            offers: p
                .offers
                .into_iter()
                .map(|o| OfferParts {
                    seat: o.seat,
                    contract: o.contract,
                })
                .collect(),
            contracts: p.contracts.map(|c| ExpansionParts {
                face_up: c
                    .face_up
                    .into_iter()
                    .map(|s| (s.contract, s.completers))
                    .collect(),
                face_down: c.face_down,
                progress: c
                    .progress
                    .iter()
                    .map(|x| (x.seat, x.contract, x.level))
                    .collect(),
                set_aside: c.set_aside.into_iter().map(|x| x.ships).collect(),
                time_pile: c.time_pile,
                victory_pile: c.victory_pile,
                outcome: match v1::PortRoyalCooperativeOutcome::try_from(c.outcome) {
                    Ok(v1::PortRoyalCooperativeOutcome::Won) => Some(true),
                    Ok(v1::PortRoyalCooperativeOutcome::Lost) => Some(false),
                    _ => None,
                },
            }),
        })
    }
    /// An action from the wire; `Ok(None)` when no kind is set, an error naming a required field
    /// that is missing (paths relative to the Port Royal action).
    fn action_from_proto(a: &v1::PortRoyalAction) -> Result<Option<Action>, StateErrors> {
        let required =
            |v: Option<u32>, field: &str| v.ok_or_else(|| StateErrors::one(field, "is required"));
        let Some(kind) = a.kind.as_ref() else {
            return Ok(None);
        };
        Ok(Some(match kind {
            A::Draw(_) => Action::Draw,
            A::Stop(_) => Action::Stop,
            A::Repel(_) => Action::Repel,
            A::Admit(_) => Action::Admit,
            A::Take(t) => Action::Take {
                card: required(t.card, "take.card")?,
                decline_coins: t.decline_coins,
                gift_to: t.gift_to,
            },
            A::Pass(_) => Action::Pass,
            A::ClaimExpedition(c) => Action::ClaimExpedition {
                expedition: c.expedition,
                persons: c.persons.clone(),
            },
            A::CompleteContract(c) => {
                Action::CompleteContract(required(c.contract, "complete_contract.contract")?)
            }
            A::Accept(_) => Action::Accept,
            A::Decline(_) => Action::Decline,
        }))
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

/// Options to the wire.
pub fn options_to_proto(o: &Options) -> v1::PortRoyalOptions {
    v1::PortRoyalOptions {
        contracts: o.contracts,
        mode: match o.mode {
            Mode::Competitive => v1::PortRoyalMode::Competitive,
            Mode::Cooperative => v1::PortRoyalMode::Cooperative,
        } as i32,
        difficulty: o.difficulty,
        expedition_variant: o.expedition_variant,
    }
}

/// The longest each list of a state may be: no game fills a list beyond what its components
/// allow, so a longer one is refused whole, before any work per entry (docs/operations.md,
/// "Limits").
fn check_list_lengths(p: &v1::PortRoyalState) -> Result<(), StateErrors> {
    let players = usize::from(MAX_PLAYERS);
    let mut errs = StateErrors::default();
    // Field paths are formatted only for a list that is too long: this runs on every request.
    let mut check = |len: usize, max: usize, field: &dyn Fn() -> String| {
        if len > max {
            errs.push(
                field(),
                format!("has {len} entries; at most {max} are possible"),
            );
        }
    };
    for (field, list) in [
        ("draw_pile", &p.draw_pile),
        ("discard_pile", &p.discard_pile),
        ("harbor", &p.harbor),
        ("expedition_row", &p.expedition_row),
    ] {
        check(list.len(), ALL_CARDS, &|| field.to_owned());
    }
    check(p.seats.len(), players, &|| "seats".to_owned());
    for (i, seat) in p.seats.iter().take(players).enumerate() {
        check(seat.coins.len(), ALL_CARDS, &|| format!("seats[{i}].coins"));
        check(seat.display.len(), ALL_CARDS, &|| {
            format!("seats[{i}].display")
        });
    }
    check(p.offers.len(), players * (CONTRACTS + 1), &|| {
        "offers".to_owned()
    });
    if let Some(c) = &p.contracts {
        for (field, len, max) in [
            ("face_up", c.face_up.len(), CONTRACTS),
            ("face_down", c.face_down.len(), CONTRACTS),
            ("time_pile", c.time_pile.len(), ALL_CARDS),
            ("victory_pile", c.victory_pile.len(), ALL_CARDS),
            ("progress", c.progress.len(), players * CONTRACTS),
            ("set_aside", c.set_aside.len(), players),
        ] {
            check(len, max, &|| format!("contracts.{field}"));
        }
        for (i, slot) in c.face_up.iter().take(CONTRACTS).enumerate() {
            check(slot.completers.len(), players, &|| {
                format!("contracts.face_up[{i}].completers")
            });
        }
        for (i, s) in c.set_aside.iter().take(players).enumerate() {
            check(s.ships.len(), ALL_CARDS, &|| {
                format!("contracts.set_aside[{i}].ships")
            });
        }
    }
    errs.into_result()
}

fn turn_to_proto(t: &TurnParts, rules: Rules) -> v1::PortRoyalTurn {
    v1::PortRoyalTurn {
        active_seat: t.active_seat,
        phase: match t.phase {
            PhaseTag::Unspecified => v1::PortRoyalPhase::Unspecified,
            PhaseTag::Discover => v1::PortRoyalPhase::Discover,
            PhaseTag::Repel => v1::PortRoyalPhase::Repel,
            PhaseTag::Trade => v1::PortRoyalPhase::Trade,
            PhaseTag::Finished => v1::PortRoyalPhase::Finished,
            PhaseTag::Bust => v1::PortRoyalPhase::Bust,
        } as i32,
        cards_drawn: t.cards_drawn,
        pending_ship: t.pending_ship,
        // port-royal/1 states keep their bytes: that version left a taker of seat 0 out.
        taker: t.taker.filter(|&taker| rules != Rules::V1 || taker != 0),
        base_takes: t.base_takes,
        bonus_takes: t.bonus_takes,
        taken: t.taken,
        final_round: t.final_round,
        turn_number: t.turn_number,
    }
}

fn outcome_to_proto(o: Option<bool>) -> i32 {
    let outcome = match o {
        None => v1::PortRoyalCooperativeOutcome::Unspecified,
        Some(true) => v1::PortRoyalCooperativeOutcome::Won,
        Some(false) => v1::PortRoyalCooperativeOutcome::Lost,
    };
    outcome as i32
}

fn slots_to_proto(
    face_up: impl Iterator<Item = (u32, Vec<u32>)>,
) -> Vec<v1::PortRoyalContractSlot> {
    face_up
        .map(|(contract, completers)| v1::PortRoyalContractSlot {
            contract,
            completers,
        })
        .collect()
}

fn set_aside_to_proto(v: impl Iterator<Item = Vec<u32>>) -> Vec<v1::PortRoyalSetAside> {
    v.map(|ships| v1::PortRoyalSetAside { ships }).collect()
}

fn progress_to_proto(v: impl Iterator<Item = (u32, u32, u32)>) -> Vec<v1::PortRoyalProgress> {
    v.map(|(seat, contract, level)| v1::PortRoyalProgress {
        seat,
        contract,
        level,
    })
    .collect()
}

/// A state to the wire, straight from the core state (no intermediate copy).
pub fn state_to_proto(s: &State) -> v1::PortRoyalState {
    let config = s.config();
    v1::PortRoyalState {
        players: config.players.into(),
        start_seat: config.start_seat.into(),
        options: Some(options_to_proto(&config.options)),
        rng: Some(v1::PortRoyalRng {
            seed: s.rng.seed().to_vec(),
            word_pos: s.rng.word_pos(),
        }),
        draw_pile: ids(&s.draw),
        discard_pile: ids(&s.discard),
        harbor: ids(&s.harbor),
        expedition_row: ids(&s.expeditions),
        seats: s
            .seats
            .iter()
            .map(|seat| v1::PortRoyalSeat {
                coins: ids(&seat.coins),
                display: ids(&seat.display),
            })
            .collect(),
        turn: Some(turn_to_proto(&s.turn.to_parts(), config.rules)),
        contracts: s.ext.as_ref().map(|x| v1::PortRoyalContracts {
            face_up: slots_to_proto(x.face_up.iter().map(slot_parts)),
            face_down: ids(&x.face_down),
            progress: progress_to_proto(x.progress.iter().map(progress_parts)),
            set_aside: set_aside_to_proto(x.set_aside.iter().map(|v| ids(v))),
            time_pile: ids(&x.time_pile),
            victory_pile: ids(&x.victory_pile),
            outcome: outcome_to_proto(x.outcome),
        }),
        offers: s.offers.iter().map(offer_to_proto).collect(),
    }
}

/// An action to the wire.
pub fn action_to_proto(a: &Action) -> v1::PortRoyalAction {
    let kind = match a {
        Action::Draw => A::Draw(pa::Draw {}),
        Action::Stop => A::Stop(pa::Stop {}),
        Action::Repel => A::Repel(pa::Repel {}),
        Action::Admit => A::Admit(pa::Admit {}),
        Action::Take {
            card,
            decline_coins,
            gift_to,
        } => A::Take(pa::Take {
            card: Some(*card),
            decline_coins: *decline_coins,
            gift_to: *gift_to,
        }),
        Action::Pass => A::Pass(pa::Pass {}),
        Action::ClaimExpedition {
            expedition,
            persons,
        } => A::ClaimExpedition(pa::ClaimExpedition {
            expedition: *expedition,
            persons: persons.clone(),
        }),
        Action::CompleteContract(contract) => A::CompleteContract(pa::CompleteContract {
            contract: Some(*contract),
        }),
        Action::Accept => A::Accept(pa::Accept {}),
        Action::Decline => A::Decline(pa::Decline {}),
    };
    v1::PortRoyalAction { kind: Some(kind) }
}

/// An event to the wire.
pub fn event_to_proto(e: &Event) -> v1::PortRoyalEvent {
    let kind = match e {
        Event::CardDrawn {
            seat,
            card,
            from_time_pile,
        } => E::CardDrawn(pe::CardDrawn {
            seat: (*seat).into(),
            card: (*card).into(),
            from_time_pile: *from_time_pile,
        }),
        Event::ShipRepelled { seat, card } => E::ShipRepelled(pe::ShipRepelled {
            seat: (*seat).into(),
            card: (*card).into(),
        }),
        Event::Busted { seat, card } => E::Busted(pe::Busted {
            seat: (*seat).into(),
            card: (*card).into(),
        }),
        Event::TaxResolved {
            card,
            coins_lost,
            bonus_seats,
        } => E::TaxResolved(pe::TaxResolved {
            card: (*card).into(),
            coins_lost: coins_lost.clone(),
            bonus_seats: ids(bonus_seats),
        }),
        Event::Reshuffled { cards } => E::Reshuffled(pe::Reshuffled { cards: *cards }),
        Event::ChanceBegan { seat, takes } => E::ChanceBegan(pe::ChanceBegan {
            seat: (*seat).into(),
            takes: *takes,
        }),
        Event::CardTaken {
            seat,
            card,
            coins_gained,
            coins_paid,
            fee_paid,
            declined,
        } => E::CardTaken(pe::CardTaken {
            seat: (*seat).into(),
            card: (*card).into(),
            coins_gained: *coins_gained,
            coins_paid: *coins_paid,
            fee_paid: *fee_paid,
            declined: *declined,
        }),
        Event::CoinsGained {
            seat,
            coins,
            reason,
        } => E::CoinsGained(pe::CoinsGained {
            seat: (*seat).into(),
            coins: *coins,
            reason: match reason {
                CoinReason::Admiral => v1::PortRoyalCoinReason::Admiral,
                CoinReason::Jester => v1::PortRoyalCoinReason::Jester,
                CoinReason::TaxBonus => v1::PortRoyalCoinReason::TaxBonus,
                CoinReason::Expedition => v1::PortRoyalCoinReason::Expedition,
                CoinReason::Gunner => v1::PortRoyalCoinReason::Gunner,
                CoinReason::ViceAdmiral => v1::PortRoyalCoinReason::ViceAdmiral,
                CoinReason::Gift => v1::PortRoyalCoinReason::Gift,
            } as i32,
        }),
        Event::ExpeditionRevealed { card } => E::ExpeditionRevealed(pe::ExpeditionRevealed {
            card: (*card).into(),
        }),
        Event::ExpeditionClaimed {
            seat,
            expedition,
            persons,
        } => E::ExpeditionClaimed(pe::ExpeditionClaimed {
            seat: (*seat).into(),
            expedition: (*expedition).into(),
            persons: ids(persons),
        }),
        Event::Passed { seat } => E::Passed(pe::Passed {
            seat: (*seat).into(),
        }),
        Event::TurnEnded { seat, discarded } => E::TurnEnded(pe::TurnEnded {
            seat: (*seat).into(),
            discarded: *discarded,
        }),
        Event::FinalRoundBegan {
            seats: s,
            supply_exhausted,
        } => E::FinalRoundBegan(pe::FinalRoundBegan {
            seats: ids(s),
            supply_exhausted: *supply_exhausted,
        }),
        Event::GameFinished => E::GameFinished(pe::GameFinished {}),
        Event::ContractCompleted {
            seat,
            contract,
            space,
            coins,
        } => E::ContractCompleted(pe::ContractCompleted {
            seat: (*seat).into(),
            contract: (*contract).into(),
            space: *space,
            coins: *coins,
        }),
        Event::ContractProgressed {
            seat,
            contract,
            level,
        } => E::ContractProgressed(pe::ContractProgressed {
            seat: (*seat).into(),
            contract: (*contract).into(),
            level: *level,
        }),
        Event::OfferDeclined { seat, contract } => E::OfferDeclined(pe::OfferDeclined {
            seat: (*seat).into(),
            contract: contract.map(u32::from),
        }),
        Event::ShipSetAside { seat, card } => E::ShipSetAside(pe::ShipSetAside {
            seat: (*seat).into(),
            card: (*card).into(),
        }),
        Event::VictoryPileGrew { cards } => {
            E::VictoryPileGrew(pe::VictoryPileGrew { cards: *cards })
        }
        Event::CooperativeEnded { won } => E::CooperativeEnded(pe::CooperativeEnded { won: *won }),
    };
    v1::PortRoyalEvent { kind: Some(kind) }
}

/// A view to the wire.
pub fn view_to_proto(v: &View) -> v1::PortRoyalView {
    v1::PortRoyalView {
        players: v.config.players.into(),
        start_seat: v.config.start_seat.into(),
        options: Some(options_to_proto(&v.config.options)),
        draw_pile_count: v.draw_pile_count,
        discard_pile_count: v.discard_pile_count,
        harbor: ids(&v.harbor),
        expedition_row: ids(&v.expedition_row),
        seats: v
            .seats
            .iter()
            .map(|s| v1::PortRoyalSeatView {
                coin_count: s.coin_count,
                display: ids(&s.display),
                victory_points: s.victory_points,
                swords: s.swords,
                contracts_completed: s.contracts_completed,
            })
            .collect(),
        turn: Some(turn_to_proto(&v.turn.to_parts(), v.config.rules)),
        contracts: v.contracts.as_ref().map(|c| v1::PortRoyalContractsView {
            face_up: slots_to_proto(c.face_up.iter().map(slot_parts)),
            face_down_count: c.face_down_count,
            progress: progress_to_proto(c.progress.iter().map(progress_parts)),
            set_aside: set_aside_to_proto(c.set_aside.iter().map(|v| ids(v))),
            time_pile_count: c.time_pile_count,
            victory_pile_count: c.victory_pile_count,
            outcome: outcome_to_proto(c.outcome),
        }),
        offers: v.offers.iter().map(offer_to_proto).collect(),
    }
}

fn slot_parts(s: &Slot) -> (u32, Vec<u32>) {
    (s.id.into(), ids(&s.completers))
}

fn progress_parts(p: &Progress) -> (u32, u32, u32) {
    (p.seat.into(), p.contract.into(), p.level.into())
}

fn offer_to_proto(o: &Offer) -> v1::PortRoyalOffer {
    v1::PortRoyalOffer {
        seat: o.seat.into(),
        contract: match o.kind {
            OfferKind::Contract(c) => Some(c.into()),
            OfferKind::VictoryPile => None,
        },
    }
}

fn colour(c: Colour) -> v1::PortRoyalColour {
    match c {
        Colour::Yellow => v1::PortRoyalColour::Yellow,
        Colour::Blue => v1::PortRoyalColour::Blue,
        Colour::Green => v1::PortRoyalColour::Green,
        Colour::Red => v1::PortRoyalColour::Red,
        Colour::Black => v1::PortRoyalColour::Black,
    }
}

fn person(p: Person) -> (v1::PortRoyalPerson, v1::PortRoyalColour) {
    use v1::PortRoyalPerson as P;
    let none = v1::PortRoyalColour::Unspecified;
    match p {
        Person::Trader(c) => (P::Trader, colour(c)),
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
        Person::Clerk(c) => (P::Clerk, colour(c)),
        Person::Gunner => (P::Gunner, none),
        Person::ViceAdmiral => (P::ViceAdmiral, none),
    }
}

/// The static card table, for ListGames.
pub fn components() -> v1::PortRoyalComponents {
    use v1::port_royal_card::Kind;
    let cards = CARDS
        .iter()
        .zip(0u32..)
        .map(|(card, id)| {
            let kind = match *card {
                Card::Ship {
                    colour: c,
                    coins,
                    swords,
                    special,
                } => Kind::Ship(v1::PortRoyalShip {
                    colour: colour(c) as i32,
                    coins: coins.into(),
                    swords: swords.map(u32::from),
                    special,
                }),
                Card::Person {
                    person: p,
                    cost,
                    vp,
                } => {
                    let (kind, c) = person(p);
                    Kind::Person(v1::PortRoyalPersonCard {
                        person: kind as i32,
                        colour: c as i32,
                        cost: cost.into(),
                        victory_points: vp.into(),
                        swords: p.swords().into(),
                    })
                }
                Card::Expedition {
                    needs,
                    vp,
                    coins,
                    five_players_only,
                } => Kind::Expedition(v1::PortRoyalExpedition {
                    anchors: needs[0].into(),
                    crosses: needs[1].into(),
                    houses: needs[2].into(),
                    victory_points: vp.into(),
                    coins: coins.into(),
                    five_players_only,
                }),
                Card::Tax(t) => Kind::Tax(match t {
                    Tax::MostSwords => v1::PortRoyalTax::MostSwords,
                    Tax::FewestVictoryPoints => v1::PortRoyalTax::FewestVictoryPoints,
                } as i32),
            };
            v1::PortRoyalCard {
                id,
                kind: Some(kind),
            }
        })
        .collect();
    let contracts = contracts::TABLE
        .iter()
        .zip(0u32..)
        .map(|(c, id)| v1::PortRoyalContractInfo {
            id,
            name: c.name.to_owned(),
            requirement: Requirement::describe(c.requirement),
            coins: c.coins.iter().map(|&x| u32::from(x)).collect(),
            seal_number: i32::from(c.seal_number),
            seal_letter: c.seal_letter.map(String::from).unwrap_or_default(),
            cooperative_only: c.cooperative_only,
            immediate: c.immediate(),
        })
        .collect();
    v1::PortRoyalComponents { cards, contracts }
}
