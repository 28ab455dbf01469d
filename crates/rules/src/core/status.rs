//! Who must act, and how a finished game ranked its seats.

use referee_proto::v1;

use super::Seat;

/// Who must act now and, once over, the result.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Status {
    /// Seats that must decide now; empty when finished.
    pub to_act: Vec<Seat>,
    /// Seats not in `to_act` that hold a free action now (one they may take out of turn without
    /// changing who is to act), in seat order.
    pub free: Vec<Seat>,
    /// True once the game is over.
    pub finished: bool,
    /// Per-seat results, when finished.
    pub result: Vec<SeatResult>,
    /// A short phase name.
    pub phase: &'static str,
    /// Cooperative games: how the team did.
    pub cooperative: Option<Cooperative>,
}

impl Status {
    /// The status as `viewer` may see it (`None`: a spectator): a free action is its holder's
    /// own business (revealing a goal it meets tells what it holds), so `free` keeps only the
    /// viewer's own seat.
    pub fn seen_by(mut self, viewer: Option<Seat>) -> Status {
        self.free.retain(|&s| Some(s) == viewer);
        self
    }
}

/// The outcome of a finished cooperative game (what is particular to one game, such as Port
/// Royal's victory pile, its wire module adds).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cooperative {
    /// Won or lost.
    pub won: bool,
    /// The team's rating (on a win).
    pub rating: &'static str,
}

/// How one seat finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatResult {
    /// The seat.
    pub seat: Seat,
    /// The score.
    pub score: u32,
    /// The tie-breakers the rules apply after the score, in order (Port Royal: coins).
    pub tie_breakers: Vec<u32>,
    /// 1-based; tied seats share a rank.
    pub rank: u32,
    /// Shares the win.
    pub winner: bool,
    /// The score sheet: the score by category, summing to `score`.
    pub breakdown: Vec<ScoreItem>,
    /// The names of `tie_breakers`, in their order.
    pub tie_breaker_names: &'static [&'static str],
}

/// One line of a score sheet: a scoring category (lower_snake_case, stable within a rules
/// version) and its points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreItem {
    /// The category, e.g. `customers`.
    pub category: &'static str,
    /// Its points.
    pub points: u32,
}

/// Where one seat stands at the end, for ranking.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Standing {
    /// Whether the rules let this seat win at all; seats that cannot rank after every seat that
    /// can (Port Royal's expedition variant: only players with an expedition).
    pub can_win: bool,
    /// The score.
    pub score: u32,
    /// The tie-breakers after the score, in the order the rules apply them.
    pub tie_breakers: Vec<u32>,
    /// The score by category (not compared: it explains the score).
    pub breakdown: Vec<ScoreItem>,
    /// The names of the tie-breakers.
    pub tie_breaker_names: &'static [&'static str],
}

impl Standing {
    /// What ranks a seat: (can win, score, tie-breakers in order).
    fn key(&self) -> (bool, u32, &[u32]) {
        (self.can_win, self.score, &self.tie_breakers)
    }
}

/// Ranks seats by (can win, score, tie-breakers in order), higher first; seats equal on all of
/// them share a rank, and the seats ranked first share the win if they can win (else nobody
/// wins).
pub fn rank(standings: &[Standing]) -> Vec<SeatResult> {
    standings
        .iter()
        .enumerate()
        .map(|(seat, standing)| {
            let better = standings
                .iter()
                .filter(|other| other.key() > standing.key())
                .count();
            let rank = u32::try_from(better).unwrap_or(u32::MAX).saturating_add(1);
            SeatResult {
                seat: Seat::try_from(seat).unwrap_or(Seat::MAX),
                score: standing.score,
                tie_breakers: standing.tie_breakers.clone(),
                rank,
                winner: rank == 1 && standing.can_win,
                breakdown: standing.breakdown.clone(),
                tie_breaker_names: standing.tie_breaker_names,
            }
        })
        .collect()
}

impl Status {
    /// The status as its message (`referee.v1.Status`): the result once finished.
    pub fn to_proto(&self) -> v1::Status {
        let seat = |r: &SeatResult| v1::SeatResult {
            seat: r.seat.into(),
            score: r.score,
            tie_breaker: r.tie_breakers.first().copied().unwrap_or(0),
            rank: r.rank,
            winner: r.winner,
            tie_breakers: r.tie_breakers.clone(),
            breakdown: r.breakdown.iter().map(ScoreItem::to_proto).collect(),
            tie_breaker_names: r.tie_breaker_names.iter().map(|&n| n.to_owned()).collect(),
        };
        let cooperative = |c: &Cooperative| v1::CooperativeResult {
            won: c.won,
            rating: c.rating.to_owned(),
            victory_pile: 0,
        };
        v1::Status {
            to_act: self.to_act.iter().map(|&s| s.into()).collect(),
            finished: self.finished,
            result: self.finished.then(|| v1::GameResult {
                seats: self.result.iter().map(seat).collect(),
                cooperative: self.cooperative.as_ref().map(cooperative),
            }),
            phase: self.phase.to_owned(),
            free_to_act: self.free.iter().map(|&s| s.into()).collect(),
        }
    }
}

impl ScoreItem {
    /// A line of a score sheet as its message.
    pub fn to_proto(&self) -> v1::ScoreItem {
        v1::ScoreItem {
            category: self.category.to_owned(),
            points: self.points.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standing(can_win: bool, score: u32, tie_breaker: u32) -> Standing {
        Standing {
            can_win,
            score,
            tie_breakers: vec![tie_breaker],
            ..Standing::default()
        }
    }

    /// Village breaks ties on customers served, then on living family members.
    #[test]
    fn tie_breakers_apply_in_order() {
        let s = |score, a, b| Standing {
            can_win: true,
            score,
            tie_breakers: vec![a, b],
            ..Standing::default()
        };
        let r = rank(&[s(30, 4, 2), s(30, 4, 5), s(30, 3, 9), s(30, 4, 5)]);
        let ranks: Vec<u32> = r.iter().map(|x| x.rank).collect();
        assert_eq!(ranks, [3, 1, 4, 1]);
        assert_eq!(r[1].tie_breakers, [4, 5]);
    }

    #[test]
    fn ties_share_rank_and_win() {
        let r = rank(&[
            standing(true, 12, 3),
            standing(true, 12, 3),
            standing(true, 12, 1),
            standing(true, 5, 9),
        ]);
        let ranks: Vec<u32> = r.iter().map(|s| s.rank).collect();
        assert_eq!(ranks, [1, 1, 3, 4]);
        assert!(r[0].winner && r[1].winner && !r[2].winner);
    }

    #[test]
    fn seats_that_cannot_win_rank_after_those_that_can() {
        let r = rank(&[
            standing(false, 13, 9),
            standing(true, 12, 0),
            standing(false, 13, 2),
            standing(true, 4, 1),
        ]);
        let ranks: Vec<u32> = r.iter().map(|s| s.rank).collect();
        assert_eq!(ranks, [3, 1, 4, 2]);
        let winners: Vec<bool> = r.iter().map(|s| s.winner).collect();
        assert_eq!(winners, [false, true, false, false]);
    }

    #[test]
    fn nobody_wins_when_no_seat_can() {
        let r = rank(&[standing(false, 13, 0), standing(false, 9, 5)]);
        assert_eq!(r[0].rank, 1);
        assert!(r.iter().all(|s| !s.winner));
    }
}
