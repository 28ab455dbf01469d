//! The market: the customer pile (face down), the stalls where customers can be served, and the
//! waiting line that moves up into empty stalls.

use crate::games::village::components::Market as Layout;

/// The market's customer tiles, by id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Market {
    /// The face-down pile; its last tile is the top.
    pub pile: Vec<u8>,
    /// The stalls, first to last; `None` is empty (or closed at this player count).
    pub stalls: Vec<Option<u8>>,
    /// The waiting line, front first.
    pub waiting: Vec<Option<u8>>,
}

impl Market {
    /// The market at setup: the shuffled pile, then a tile from its top on every stall open at
    /// this player count, then on every space of the waiting line.
    pub fn set_up(layout: &Layout, players: u8, mut pile: Vec<u8>) -> Market {
        let stalls = layout
            .stalls
            .iter()
            .map(|label| label.open(players).then(|| pile.pop()).flatten())
            .collect();
        let waiting = (0..layout.waiting_line).map(|_| pile.pop()).collect();
        Market {
            pile,
            stalls,
            waiting,
        }
    }

    /// Every customer tile in the market (pile, stalls, waiting line).
    pub fn tiles(&self) -> impl Iterator<Item = u8> + '_ {
        self.pile
            .iter()
            .copied()
            .chain(self.stalls.iter().flatten().copied())
            .chain(self.waiting.iter().flatten().copied())
    }
}
