//! What a seat or a spectator may see (§1: coins are face down; the piles show their backs).
//! Coins and the piles are counts, the RNG is absent; everything else is public.

use referee_proto::v1;

use crate::core::pile::CardId;
use crate::core::Seat;

use crate::core::message::ids;

use super::action::Event;
use super::state::{outcome_to_proto, Config, Offer, Progress, Slot, State, Turn};

/// A public picture of a Port Royal game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// The viewer (`None` = spectator). Port Royal has no hand, so every viewer sees the same.
    pub viewer: Option<Seat>,
    /// Players, start seat, options.
    pub config: Config,
    /// Cards in the draw pile.
    pub draw_pile_count: u32,
    /// Cards in the discard pile.
    pub discard_pile_count: u32,
    /// The harbor.
    pub harbor: Vec<CardId>,
    /// The expedition row.
    pub expedition_row: Vec<CardId>,
    /// Every seat's public holdings.
    pub seats: Vec<SeatView>,
    /// The turn.
    pub turn: Turn,
    /// Open offers.
    pub offers: Vec<Offer>,
    /// The expansion, when played.
    pub contracts: Option<ContractsView>,
}

/// The public part of the expansion's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContractsView {
    /// Face-up contracts and their completers.
    pub face_up: Vec<Slot>,
    /// Face-down contracts (a count).
    pub face_down_count: u32,
    /// Progress cubes.
    pub progress: Vec<Progress>,
    /// Ships set aside (face up), per seat.
    pub set_aside: Vec<Vec<CardId>>,
    /// Cooperative: the time pile (a count).
    pub time_pile_count: u32,
    /// Cooperative: the victory pile (a count).
    pub victory_pile_count: u32,
    /// Cooperative: the outcome.
    pub outcome: Option<bool>,
}

/// One seat, as anyone sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatView {
    /// Coins (a count).
    pub coin_count: u32,
    /// Display.
    pub display: Vec<CardId>,
    /// Victory points.
    pub victory_points: u32,
    /// Swords.
    pub swords: u32,
    /// Contracts completed.
    pub contracts_completed: u32,
}

impl crate::games::Views for State {
    fn view(&self, viewer: Option<Seat>) -> View {
        View {
            viewer,
            config: self.config,
            draw_pile_count: self.draw.len() as u32,
            discard_pile_count: self.discard.len() as u32,
            harbor: self.harbor.clone(),
            expedition_row: self.expeditions.clone(),
            seats: (0..self.config.players)
                .map(|s| SeatView {
                    coin_count: self.coins(s),
                    display: self.seat(s).map(|x| x.display.clone()).unwrap_or_default(),
                    victory_points: self.victory_points(s),
                    swords: self.swords(s),
                    contracts_completed: self.completed(s) as u32,
                })
                .collect(),
            turn: self.turn,
            offers: self.offers.clone(),
            contracts: self.ext.as_ref().map(|x| ContractsView {
                face_up: x.face_up.clone(),
                face_down_count: x.face_down.len() as u32,
                progress: x.progress.clone(),
                set_aside: x.set_aside.clone(),
                time_pile_count: x.time_pile.len() as u32,
                victory_pile_count: x.victory_pile.len() as u32,
                outcome: x.outcome,
            }),
        }
    }

    /// Only a card drawn face up shows something hidden: coins are taken face down, and every
    /// other card moves in the open (docs/fair-shuffles.md, "Undo").
    fn reveals(&self, events: &[Event]) -> bool {
        events.iter().any(|e| matches!(e, Event::CardDrawn { .. }))
    }
}

impl View {
    /// This view as its message: the state's message with counts in place of what is hidden.
    pub fn to_proto(&self) -> v1::PortRoyalView {
        let seats = self.seats.iter().map(|s| v1::PortRoyalSeatView {
            coin_count: s.coin_count,
            display: ids(&s.display),
            victory_points: s.victory_points,
            swords: s.swords,
            contracts_completed: s.contracts_completed,
        });
        v1::PortRoyalView {
            players: self.config.players.into(),
            start_seat: self.config.start_seat.into(),
            options: Some(self.config.options.to_proto()),
            draw_pile_count: self.draw_pile_count,
            discard_pile_count: self.discard_pile_count,
            harbor: ids(&self.harbor),
            expedition_row: ids(&self.expedition_row),
            seats: seats.collect(),
            turn: Some(self.turn.to_parts(self.config.rules)),
            contracts: self.contracts.as_ref().map(ContractsView::to_proto),
            offers: self.offers.iter().map(|o| o.to_parts()).collect(),
        }
    }
}

impl ContractsView {
    /// The expansion's part of a view as its message.
    fn to_proto(&self) -> v1::PortRoyalContractsView {
        let set_aside = self
            .set_aside
            .iter()
            .map(|v| v1::PortRoyalSetAside { ships: ids(v) });
        v1::PortRoyalContractsView {
            face_up: self.face_up.iter().map(Slot::to_proto).collect(),
            face_down_count: self.face_down_count,
            progress: self.progress.iter().map(Progress::to_proto).collect(),
            set_aside: set_aside.collect(),
            time_pile_count: self.time_pile_count,
            victory_pile_count: self.victory_pile_count,
            outcome: outcome_to_proto(self.outcome),
        }
    }
}
