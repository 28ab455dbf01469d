//! The default action: what a platform plays for a seat that must act and is absent (timed out,
//! left). One rule per decision (docs/rules.md, "Default actions"): the least committal choice
//! that still moves the game on, picked from the listed answers, so it is always legal.

use crate::core::Seat;

use super::super::action::{Action, Cube};
use super::super::state::{Decision, State};
use super::is_free;

impl State {
    /// The default action of `seat`, among `own` (its listed actions), if it must decide now: at
    /// a turn, the first influence cube listed (a plague cube only when no other is left; never
    /// the well); `Pass` wherever it is an answer; otherwise (a cube of choice, which member dies,
    /// the action after the well, a ship's first step out of port) the first answer listed. Free
    /// actions are never a default: they need not be taken.
    pub fn default_among(&self, seat: Seat, own: &[&Action]) -> Option<Action> {
        let decision = self.decision().filter(|d| d.seat() == seat)?;
        // The decision's own answers: the listed actions but the free ones.
        let answers = || own.iter().copied().filter(|a| !is_free(a));
        let influence = |a: &&Action| {
            matches!(
                a,
                Action::TakeCube {
                    cube: Cube::Influence(_),
                    ..
                }
            )
        };
        let take = |a: &&Action| matches!(a, Action::TakeCube { .. });
        let chosen = match decision {
            Decision::Turn { .. } => answers().find(influence).or_else(|| answers().find(take)),
            _ => answers().find(|a| **a == Action::Pass),
        };
        chosen.or_else(|| answers().next()).copied()
    }
}
