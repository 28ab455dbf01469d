//! How the bots play the cooperative game (Just One More Contract, §3.3): what a position is
//! worth to the team.
//!
//! The team wins only by completing every face-up contract before the time pile runs out, and a
//! contract takes several turns of hiring toward it. Valued by completions alone, and played out
//! at random, a search sees no difference between most moves: no level of bot won more than
//! once in 30 games. So the value also counts the progress toward each open contract, planned
//! so that no seat is counted for more contracts than it has cubes left, and the search judges
//! its leaves by it with no random playout (`playout_depth`; BENCHMARKS.md, "Bots that win
//! together").

use crate::core::Seat;

use super::super::contracts::CUBES;
use super::super::state::{Expansion, State};

/// How the team's value is made: a floor, then contracts completed and progress toward the open
/// ones (each a share from 0 to 1), and the time pile left (`time_left`). A completed contract
/// is worth more than any progress toward one, and the value stays below 1 (a won game) until
/// the game is won: no time pile holds more than 29 cards (13, the seal numbers and the letters
/// of any 11 contracts).
const FLOOR: f64 = 0.1;
const COMPLETED: f64 = 0.55;
const PROGRESS: f64 = 0.25;
/// What a card of the time pile is worth: 0.1 for 30 cards.
const TIME_CARD: f64 = 0.1 / 30.0;

impl State {
    /// The team's value, the same for every seat: contracts completed, the progress toward the
    /// open ones, and the time pile left.
    pub(super) fn team_value(&self, x: &Expansion) -> f64 {
        let open = x.face_up.len().max(1) as f64;
        let done = x
            .face_up
            .iter()
            .filter(|s| !s.completers.is_empty())
            .count() as f64;
        let progress = self.planned_progress(x);
        FLOOR + COMPLETED * done / open + PROGRESS * progress / open + time_left(x)
    }

    /// The progress toward the open contracts, each counted for one seat that could still
    /// complete it and no seat counted for more contracts than it has cubes left: the largest
    /// progress first (a greedy plan of who completes what).
    fn planned_progress(&self, x: &Expansion) -> f64 {
        let mut candidates: Vec<(f64, Seat, usize)> = Vec::new();
        for (i, slot) in x.face_up.iter().enumerate() {
            if !slot.completers.is_empty() {
                continue;
            }
            for seat in (0..self.config.players).filter(|&s| self.eligible(s, slot.id)) {
                candidates.push((self.progress_toward(seat, slot.id), seat, i));
            }
        }
        candidates.sort_by(|a, b| b.0.total_cmp(&a.0));
        let mut cubes: Vec<usize> = (0..self.config.players)
            .map(|s| CUBES.saturating_sub(self.cubes_used(s)))
            .collect();
        let mut planned = vec![false; x.face_up.len()];
        let mut progress = 0.0;
        for (p, seat, i) in candidates {
            let free = &mut cubes[usize::from(seat)];
            if !planned[i] && *free > 0 {
                planned[i] = true;
                *free -= 1;
                progress += p;
            }
        }
        progress
    }
}

/// The time pile left, each card worth the same share of the value at every player count: a
/// turn spent costs the team as much early as late, a bust included. Counted as a share of what
/// is left (`time / (time + victory pile + 1)`), the turns before the last few cost the team
/// almost nothing, so the search drew on where it should have stopped. Counted as a share of the
/// pile at setup, a card cost a 1-player team more than it could bear (BENCHMARKS.md, "Bots that
/// win together", "Time, card by card").
fn time_left(x: &Expansion) -> f64 {
    x.time_pile.len() as f64 * TIME_CARD
}
