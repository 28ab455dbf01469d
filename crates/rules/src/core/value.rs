//! What a position is worth to each seat, in [0, 1], from the game's own figures: the result
//! once finished, else each seat's points against the best of the others.

use crate::core::Status;

/// Each seat's value of a finished game: a win is 1 (shared wins split it), a loss 0; a
/// cooperative game is won or lost by every seat at once.
pub fn outcome(status: &Status, players: u8) -> Vec<f64> {
    if let Some(c) = &status.cooperative {
        return vec![f64::from(u8::from(c.won)); usize::from(players)];
    }
    let winners = status.result.iter().filter(|r| r.winner).count().max(1) as f64;
    let mut values = vec![0.0; usize::from(players)];
    for r in &status.result {
        if let Some(v) = values.get_mut(usize::from(r.seat)) {
            *v = if r.winner { 1.0 / winners } else { 0.0 };
        }
    }
    values
}

/// Each seat's value of an unfinished contest from its estimated points: a logistic of its
/// lead over the best other seat, `lead` points being a clear lead (about 0.73). One seat
/// alone is measured against nothing: 0.5.
pub fn contest(points: &[f64], lead: f64) -> Vec<f64> {
    points
        .iter()
        .enumerate()
        .map(|(i, &mine)| {
            let best_other = points
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &p)| p)
                .fold(f64::NEG_INFINITY, f64::max);
            if best_other == f64::NEG_INFINITY {
                return 0.5;
            }
            // libm, not std's `exp`: the platform's libm may round differently, and a
            // suggestion must be the same bytes on every replica.
            1.0 / (1.0 + libm::exp(-(mine - best_other) / lead))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Cooperative, SeatResult};

    fn result(seat: u8, winner: bool) -> SeatResult {
        SeatResult {
            seat,
            score: 0,
            tie_breakers: Vec::new(),
            rank: if winner { 1 } else { 2 },
            winner,
            breakdown: Vec::new(),
            tie_breaker_names: &[],
        }
    }

    #[test]
    fn a_shared_win_splits_the_value_and_a_team_wins_together() {
        let status = Status {
            finished: true,
            result: vec![result(0, true), result(1, false), result(2, true)],
            ..Status::default()
        };
        assert_eq!(outcome(&status, 3), [0.5, 0.0, 0.5]);
        let team = Status {
            cooperative: Some(Cooperative {
                won: true,
                rating: "",
            }),
            ..status
        };
        assert_eq!(outcome(&team, 3), [1.0; 3]);
    }

    #[test]
    fn a_lead_is_worth_more_than_a_deficit() {
        let v = contest(&[10.0, 7.0, 4.0], 3.0);
        assert!(v[0] > 0.7 && v[1] < 0.3 && v[2] < v[1]);
        assert_eq!(contest(&[5.0], 3.0), [0.5]);
    }
}
