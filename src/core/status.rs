//! Who must act, and how a finished game ranked its seats.

use super::Seat;

/// Who must act now and, once over, the result.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Status {
    /// Seats that must decide now; empty when finished.
    pub to_act: Vec<Seat>,
    /// True once the game is over.
    pub finished: bool,
    /// Per-seat results, when finished.
    pub result: Vec<SeatResult>,
    /// A short phase name.
    pub phase: &'static str,
    /// Cooperative games: how the team did.
    pub cooperative: Option<Cooperative>,
}

/// The outcome of a finished cooperative game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cooperative {
    /// Won or lost.
    pub won: bool,
    /// The team's rating (on a win).
    pub rating: &'static str,
    /// The victory pile's size.
    pub victory_pile: u32,
}

/// How one seat finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatResult {
    /// The seat.
    pub seat: Seat,
    /// The score.
    pub score: u32,
    /// The tie-breaker after the score.
    pub tie_breaker: u32,
    /// 1-based; tied seats share a rank.
    pub rank: u32,
    /// Shares the win.
    pub winner: bool,
}

/// Ranks seats by (score, tie-breaker), higher first; seats equal on both share a rank and all
/// seats ranked first share the win.
pub fn rank(scores: &[(u32, u32)]) -> Vec<SeatResult> {
    scores
        .iter()
        .enumerate()
        .map(|(seat, &(score, tie_breaker))| {
            let better = scores
                .iter()
                .filter(|&&other| other > (score, tie_breaker))
                .count();
            let rank = u32::try_from(better).unwrap_or(u32::MAX).saturating_add(1);
            SeatResult {
                seat: Seat::try_from(seat).unwrap_or(Seat::MAX),
                score,
                tie_breaker,
                rank,
                winner: rank == 1,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_share_rank_and_win() {
        let r = rank(&[(12, 3), (12, 3), (12, 1), (5, 9)]);
        let ranks: Vec<u32> = r.iter().map(|s| s.rank).collect();
        assert_eq!(ranks, [1, 1, 3, 4]);
        assert!(r[0].winner && r[1].winner && !r[2].winner);
    }
}
