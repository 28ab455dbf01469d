//! Piles of cards identified by small ids, with the draw pile refilled from the discard pile.

use super::rng::GameRng;

/// A card id: an index into a game's static card table.
pub type CardId = u8;

/// The draw pile (top = last) and the discard pile, which refills it when it runs out.
pub trait Supply {
    /// The draw pile; its last card is the top.
    fn draw_pile(&mut self) -> &mut Vec<CardId>;
    /// The discard pile and the RNG, borrowed together for a reshuffle.
    fn discard_and_rng(&mut self) -> (&mut Vec<CardId>, &mut GameRng);

    /// Takes the top card of the draw pile. If the draw pile is empty, the discard pile is
    /// shuffled into a new draw pile first (returns the new pile's size in `reshuffled`).
    /// `None` when both piles are empty.
    fn take_top(&mut self, reshuffled: &mut Option<u32>) -> Option<CardId> {
        if self.draw_pile().is_empty() {
            let (discard, rng) = self.discard_and_rng();
            if discard.is_empty() {
                return None;
            }
            let mut fresh = std::mem::take(discard);
            rng.shuffle(&mut fresh);
            *reshuffled = Some(u32::try_from(fresh.len()).unwrap_or(u32::MAX));
            *self.draw_pile() = fresh;
        }
        self.draw_pile().pop()
    }
}
