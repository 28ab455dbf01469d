//! The church and the mass (village.md §4, monks [R] §10.5): members wait in the black bag with
//! the monks; at each mass seats may buy their own members out, then pieces are drawn at random
//! until four in all were taken; members taken go to the rightmost window and may move left
//! for grain; the seat with most members on the windows gains prestige.

use crate::core::Seat;

use super::family::Place;
use super::payment::CubePayment;
use super::State;
use crate::games::village::pieces::{Colour, Cubes};

/// Pieces taken from the black bag at each mass, bought out and drawn together.
pub const MASS_PIECES: u32 = 4;
/// Prestige for the most members in the church.
pub const MAJORITY_PRESTIGE: u32 = 2;

/// Time the church action costs instead of a brown cube.
pub const CHURCH_TIME: u32 = 3;

/// How a seat pays to send a member to church.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ChurchPayment {
    /// Three time.
    Time,
    /// One brown cube (a coin may stand in).
    Cube(CubePayment),
}

/// A piece drawn from the black bag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BagDraw {
    /// A seat's member (index in its family), now on the rightmost window.
    Member(Seat, usize),
    /// A monk; monks go back into the bag when the draw is over.
    Monk,
}

impl State {
    /// The ways a seat can pay the church action: three time, or a brown cube (coins standing
    /// in).
    pub fn church_payments(&self, seat: Seat) -> Vec<ChurchPayment> {
        let mut brown = Cubes::default();
        brown.add(Colour::Brown, 1);
        std::iter::once(ChurchPayment::Time)
            .chain(
                self.ways_to_pay(seat, brown)
                    .into_iter()
                    .map(ChurchPayment::Cube),
            )
            .collect()
    }

    /// The church action: a farmyard member goes into the black bag; returns quills passed.
    pub(in crate::games::village) fn send_to_church(
        &mut self,
        seat: Seat,
        member: usize,
        payment: &ChurchPayment,
    ) -> u32 {
        self.seats[usize::from(seat)].members[member].place = Place::BlackBag;
        match payment {
            ChurchPayment::Time => self.pass_time(seat, CHURCH_TIME),
            ChurchPayment::Cube(way) => {
                self.pay(seat, way);
                0
            }
        }
    }

    /// Members of a seat in the black bag.
    pub fn in_black_bag(&self, seat: Seat) -> Vec<usize> {
        self.seats
            .get(usize::from(seat))
            .map(|s| {
                (0..s.members.len())
                    .filter(|&i| s.members[i].place == Place::BlackBag)
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Buys one of a seat's members out of the black bag onto the rightmost window, for one coin
    /// (the caller has checked that the seat has a member there and a coin).
    pub(in crate::games::village) fn buy_out(&mut self, seat: Seat) -> Option<usize> {
        let member = *self.in_black_bag(seat).first()?;
        let s = &mut self.seats[usize::from(seat)];
        s.coins = s.coins.checked_sub(1)?;
        s.members[member].place = Place::Window(0);
        Some(member)
    }

    /// After the buy-outs: draws pieces at random (every piece in the bag equally likely, monks
    /// included) until `MASS_PIECES` in all were taken this mass, or the bag holds no member.
    /// Drawn members go to the rightmost window; drawn monks count and go back afterwards.
    pub(in crate::games::village) fn draw_for_mass(&mut self, bought: u32) -> Vec<BagDraw> {
        let mut drawn = Vec::new();
        let mut monks_out = 0;
        let mut taken = bought;
        while taken < MASS_PIECES {
            let members: Vec<(Seat, usize)> = (0..self.config.players)
                .flat_map(|seat| self.in_black_bag(seat).into_iter().map(move |m| (seat, m)))
                .collect();
            if members.is_empty() {
                break;
            }
            let monks = self.monks - monks_out;
            let total = u32::try_from(members.len()).unwrap_or(u32::MAX) + monks;
            let pick = self.rng.below(total) as usize;
            match members.get(pick) {
                Some(&(seat, m)) => {
                    self.seats[usize::from(seat)].members[m].place = Place::Window(0);
                    drawn.push(BagDraw::Member(seat, m));
                }
                None => {
                    monks_out += 1;
                    drawn.push(BagDraw::Monk);
                }
            }
            taken += 1;
        }
        drawn
    }

    /// The grain to move a member one window left from window `w`, if there is a window there.
    pub fn step_cost(&self, w: u8) -> Option<u32> {
        self.config
            .components
            .church
            .step_grain
            .get(usize::from(w))
            .copied()
    }

    /// The seats that gain the majority's prestige: the most members on the windows; among
    /// tied seats the one whose member stands furthest left; if still tied, all of them. Empty
    /// when no member is on a window.
    pub fn church_majority(&self) -> Vec<Seat> {
        let standing: Vec<(usize, Option<u8>)> = self
            .seats
            .iter()
            .map(|s| {
                let windows = s.members.iter().filter_map(|m| match m.place {
                    Place::Window(w) => Some(w),
                    _ => None,
                });
                (windows.clone().count(), windows.max())
            })
            .collect();
        let Some(&best) = standing.iter().filter(|(n, _)| *n > 0).max() else {
            return Vec::new();
        };
        (0..self.config.players)
            .filter(|&s| standing[usize::from(s)] == best)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::village::test_games;

    fn to_bag(s: &mut State, seat: Seat, n: usize) {
        for m in s.seats[usize::from(seat)].members.iter_mut().take(n) {
            m.place = Place::BlackBag;
        }
    }

    /// §3 Church: a farmyard member goes into the black bag for a brown cube (or a coin) or
    /// three time.
    #[test]
    fn s3_the_church_action() {
        for mut s in test_games(2) {
            s.seats[0].coins = 0;
            assert_eq!(
                s.church_payments(0),
                [ChurchPayment::Time],
                "no cube, no coin"
            );
            s.seats[0].cubes.add(Colour::Brown, 1);
            let ways = s.church_payments(0);
            assert_eq!(ways.len(), 2);
            let before = s.census();
            assert_eq!(s.send_to_church(0, 0, &ways[1]), 0);
            assert_eq!(s.census(), before, "the cube goes back to the supply");
            assert_eq!(s.seats[0].members[0].place, Place::BlackBag);
            assert_eq!(s.seats[0].cubes.total(), 0);
            s.send_to_church(0, 1, &ChurchPayment::Time);
            assert_eq!(s.seats[0].life, 1 + CHURCH_TIME);
            assert_eq!(s.in_black_bag(0), [0, 1]);
        }
    }

    /// §4.1: a seat buys its own member out for 1 coin; it goes to the rightmost window.
    #[test]
    fn s4_a_member_is_bought_out_for_a_coin_onto_the_rightmost_window() {
        for mut s in test_games(3) {
            to_bag(&mut s, 1, 2);
            s.seats[1].coins = 1;
            let m = s.buy_out(1).unwrap();
            assert_eq!(s.seats[1].members[m].place, Place::Window(0));
            assert_eq!(s.seats[1].coins, 0);
            assert_eq!(s.buy_out(1), None, "no coin left");
            assert_eq!(s.buy_out(0), None, "no member in the bag");
        }
    }

    /// §4.1 and [R] §10.5: draws go on until four pieces in all were taken this mass, monks
    /// included; drawn monks go back, drawn members go to the rightmost window.
    #[test]
    fn r10_5_monks_count_toward_the_four_pieces_and_go_back() {
        let mut monks_seen = 0;
        for seed in 0..30u64 {
            for mut s in test_games(4) {
                s.rng = crate::core::GameRng::from_u64(seed);
                for seat in 0..4 {
                    to_bag(&mut s, seat, 3);
                }
                let monks = s.monks;
                let drawn = s.draw_for_mass(1);
                assert_eq!(drawn.len(), 3, "one bought out, three drawn");
                monks_seen += drawn.iter().filter(|d| **d == BagDraw::Monk).count();
                for d in &drawn {
                    if let BagDraw::Member(seat, m) = *d {
                        assert_eq!(
                            s.seats[usize::from(seat)].members[m].place,
                            Place::Window(0)
                        );
                    }
                }
                assert_eq!(s.monks, monks, "monks go back into the bag");
            }
        }
        assert!(monks_seen > 0, "monks are drawn too");
    }

    /// Each piece in the bag is equally likely, and a monk drawn is out of the bag until the
    /// draw is over: with one monk in the bag, a draw holds it sometimes, and never twice.
    #[test]
    fn a_drawn_monk_is_not_drawn_again_in_the_same_draw() {
        let mut with_monk = 0;
        for seed in 0..200u64 {
            let mut s = test_games(2).remove(0);
            s.rng = crate::core::GameRng::from_u64(seed);
            s.monks = 1;
            to_bag(&mut s, 0, 2);
            to_bag(&mut s, 1, 2);
            let drawn = s.draw_for_mass(0);
            let monks = drawn.iter().filter(|d| **d == BagDraw::Monk).count();
            assert!(monks <= 1, "seed {seed}: {drawn:?}");
            with_monk += monks;
            assert_eq!(drawn.len(), 4);
        }
        // One piece in five is the monk at the first draw; it turns up in well over a tenth of
        // the masses.
        assert!(with_monk > 20, "{with_monk}");
    }

    /// The draw stops when no member is left in the bag (drawing only monks would change
    /// nothing), and takes nothing once four pieces were bought out.
    #[test]
    fn the_draw_stops_without_members_or_after_four_buy_outs() {
        for mut s in test_games(2) {
            assert!(s.draw_for_mass(0).is_empty());
            to_bag(&mut s, 0, 4);
            assert!(s.draw_for_mass(MASS_PIECES).is_empty());
            to_bag(&mut s, 1, 1);
            let drawn = s.draw_for_mass(0);
            assert!(drawn.len() <= 4 && !drawn.is_empty());
        }
    }

    /// §4.2: moving left costs the grain printed between the windows (component data); there is
    /// no step beyond the leftmost window.
    #[test]
    fn s4_window_steps_cost_the_printed_grain() {
        for s in test_games(2) {
            let church = &s.config.components.church;
            for (w, &grain) in (0u8..).zip(&church.step_grain) {
                assert_eq!(s.step_cost(w), Some(grain));
            }
            let last = u8::try_from(church.window_prestige.len() - 1).unwrap();
            assert_eq!(s.step_cost(last), None);
        }
    }

    /// §4.3: most members on the windows; a tie goes to the seat whose member stands furthest
    /// left; still tied, all of them; the black bag does not count.
    #[test]
    fn s4_the_church_majority_and_its_tie_rule() {
        for mut s in test_games(3) {
            assert!(s.church_majority().is_empty());
            s.seats[0].members[0].place = Place::Window(0);
            s.seats[0].members[1].place = Place::Window(1);
            s.seats[1].members[0].place = Place::Window(2);
            s.seats[1].members[1].place = Place::Window(0);
            s.seats[2].members[0].place = Place::Window(1);
            to_bag(&mut s, 2, 0);
            s.seats[2].members[1].place = Place::BlackBag;
            s.seats[2].members[2].place = Place::BlackBag;
            assert_eq!(s.church_majority(), [1], "two each; seat 1 is further left");
            s.seats[0].members[1].place = Place::Window(2);
            assert_eq!(s.church_majority(), [0, 1], "still tied: both");
            s.seats[2].members[1].place = Place::Window(0);
            s.seats[2].members[2].place = Place::Window(0);
            assert_eq!(s.church_majority(), [2], "three members");
        }
    }
}
