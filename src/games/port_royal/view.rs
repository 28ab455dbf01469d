//! What a seat or a spectator may see (§1: coins are face down; the piles show their backs).
//! Coins and the piles are counts, the RNG is absent; everything else is public.

use crate::core::pile::CardId;
use crate::core::Seat;

use super::state::{Config, State, Turn};

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
}

impl State {
    /// The view for `viewer` (`None` = spectator).
    pub fn view(&self, viewer: Option<Seat>) -> View {
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
                })
                .collect(),
            turn: self.turn,
        }
    }
}
