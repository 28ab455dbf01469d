//! The council chamber (village.md §3): a member enters on stage 1 or climbs one stage at a
//! time, paying a scroll or two green cubes and time; a member there lets its seat use the
//! privilege of its stage or any lower one: the next-starting-player marker (stage 1), two
//! influence cubes of choice (2), a goods tile of choice (3), three prestige for a coin (4).

use crate::core::Seat;
use crate::games::village::pieces::{Colour, Cubes, Good};

use super::family::Place;
use super::payment::CubePayment;
use super::State;

/// The highest stage.
pub const STAGES: u8 = 4;
/// Time to enter the chamber (on top of the scroll or green cubes).
pub const ENTER_TIME: u32 = 1;
/// Green cubes that stand in for the scroll.
pub const GREEN_FOR_SCROLL: u32 = 2;
/// Prestige the 4th stage sells for one coin.
pub const STAGE_4_PRESTIGE: u32 = 3;
/// Influence cubes the 2nd stage gives.
pub const STAGE_2_CUBES: usize = 2;

/// How a seat pays its way in the chamber.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum CouncilPayment {
    /// One scroll.
    Scroll,
    /// Two green cubes (coins may stand in).
    Green(CubePayment),
}

/// A privilege used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Privilege {
    /// Stage 1: take the next-starting-player marker from the chamber.
    Marker,
    /// Stage 2: two influence cubes of the seat's choice from the supply.
    Cubes([Colour; 2]),
    /// Stage 3: a goods tile of the seat's choice from the supply.
    Good(Good),
    /// Stage 4: three prestige for one coin.
    Prestige,
}

impl Privilege {
    /// The stage that grants it.
    pub fn stage(self) -> u8 {
        match self {
            Privilege::Marker => 1,
            Privilege::Cubes(_) => 2,
            Privilege::Good(_) => 3,
            Privilege::Prestige => 4,
        }
    }
}

impl State {
    /// The ways a seat can pay a scroll or two green cubes.
    pub fn council_payments(&self, seat: Seat) -> Vec<CouncilPayment> {
        let Some(s) = self.seats.get(usize::from(seat)) else {
            return Vec::new();
        };
        let scroll = (s.goods.of(Good::Scroll) > 0).then_some(CouncilPayment::Scroll);
        let mut green = Cubes::default();
        green.add(Colour::Green, GREEN_FOR_SCROLL);
        scroll
            .into_iter()
            .chain(
                self.ways_to_pay(seat, green)
                    .into_iter()
                    .map(CouncilPayment::Green),
            )
            .collect()
    }

    /// Pays a council payment (already one of `council_payments`).
    fn pay_council(&mut self, seat: Seat, payment: &CouncilPayment) {
        match payment {
            CouncilPayment::Scroll => self.return_good(seat, Good::Scroll),
            CouncilPayment::Green(way) => self.pay(seat, way),
        }
    }

    /// The time to climb from `stage` to the next (component data), if there is a next stage.
    pub fn advance_time(&self, stage: u8) -> Option<u32> {
        let times = &self.config.components.council.advance_time;
        times.get(usize::from(stage.checked_sub(1)?)).copied()
    }

    /// A farmyard member enters on stage 1: pays and spends the time; returns quills passed.
    pub(in crate::games::village) fn enter_council(
        &mut self,
        seat: Seat,
        member: usize,
        payment: &CouncilPayment,
    ) -> u32 {
        self.pay_council(seat, payment);
        self.seats[usize::from(seat)].members[member].place = Place::Council(1);
        self.pass_time(seat, ENTER_TIME)
    }

    /// A member in the chamber climbs one stage: pays and spends the stage's time; returns quills
    /// passed.
    pub(in crate::games::village) fn advance_council(
        &mut self,
        seat: Seat,
        member: usize,
        payment: &CouncilPayment,
    ) -> u32 {
        let Place::Council(stage) = self.seats[usize::from(seat)].members[member].place else {
            return 0;
        };
        let time = self.advance_time(stage).unwrap_or(0);
        self.pay_council(seat, payment);
        self.seats[usize::from(seat)].members[member].place = Place::Council(stage + 1);
        self.pass_time(seat, time)
    }

    /// The highest stage a seat has a member on (0: none).
    pub fn council_stage(&self, seat: Seat) -> u8 {
        self.seats
            .get(usize::from(seat))
            .and_then(|s| {
                s.members
                    .iter()
                    .filter_map(|m| match m.place {
                        Place::Council(stage) => Some(stage),
                        _ => None,
                    })
                    .max()
            })
            .unwrap_or(0)
    }

    /// Whether a seat may use a privilege now, up to stage `up_to` (the stage its member
    /// reached, or stood on): the marker must still lie in the chamber, the supply must have what
    /// it gives, the 4th stage needs a coin.
    pub fn can_use(&self, seat: Seat, privilege: Privilege, up_to: u8) -> bool {
        let Some(s) = self.seats.get(usize::from(seat)) else {
            return false;
        };
        privilege.stage() <= up_to
            && match privilege {
                Privilege::Marker => self.marker.is_none(),
                Privilege::Cubes([a, b]) => {
                    let supply = &self.board.supply.cubes;
                    if a == b {
                        supply.of(a) >= 2
                    } else {
                        supply.of(a) >= 1 && supply.of(b) >= 1
                    }
                }
                Privilege::Good(g) => self.board.supply.goods.of(g) > 0,
                Privilege::Prestige => s.coins > 0,
            }
    }

    /// Uses a privilege (already allowed by `can_use`).
    pub(in crate::games::village) fn use_privilege(&mut self, seat: Seat, privilege: Privilege) {
        match privilege {
            Privilege::Marker => self.marker = Some(seat),
            Privilege::Cubes(colours) => {
                for c in colours {
                    let n = self.board.supply.cubes.take(c, 1);
                    self.seats[usize::from(seat)].cubes.add(c, n);
                }
            }
            Privilege::Good(g) => self.take_good(seat, g),
            Privilege::Prestige => {
                let s = &mut self.seats[usize::from(seat)];
                s.coins -= 1;
                s.prestige += STAGE_4_PRESTIGE;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::village::test_games;

    /// §3 Council (a): a farmyard member enters stage 1 for 1 time and a scroll or two green
    /// cubes (coins standing in).
    #[test]
    fn s3_entering_costs_time_and_a_scroll_or_two_green() {
        for mut s in test_games(2) {
            assert!(s.council_payments(0).is_empty(), "nothing to pay with");
            s.seats[0].goods.0[Good::Scroll as usize] = 1;
            s.seats[0].cubes.add(Colour::Green, 1);
            s.seats[0].coins = 1;
            let ways = s.council_payments(0);
            assert_eq!(
                ways.len(),
                2,
                "the scroll, or the green cube and a coin: {ways:?}"
            );
            let before = s.census();
            s.enter_council(0, 0, &CouncilPayment::Scroll);
            assert_eq!(s.census(), before, "the scroll goes back to the supply");
            assert_eq!(s.seats[0].members[0].place, Place::Council(1));
            assert_eq!(s.seats[0].goods.of(Good::Scroll), 0);
            assert_eq!(s.seats[0].life, 1 + ENTER_TIME);
        }
    }

    /// §3 Council (b): climbing one stage costs the stage's time from the component set.
    #[test]
    fn s3_advancing_costs_the_printed_time_per_stage() {
        for mut s in test_games(2) {
            let times = s.config.components.council.advance_time.clone();
            s.seats[0].members[0].place = Place::Council(1);
            for (stage, &time) in (1u8..).zip(&times) {
                assert_eq!(s.advance_time(stage), Some(time));
                s.seats[0].goods.0[Good::Scroll as usize] = 1;
                let life = s.seats[0].life;
                let len = s.config.components.life_track.spaces;
                s.advance_council(0, 0, &CouncilPayment::Scroll);
                assert_eq!(s.seats[0].members[0].place, Place::Council(stage + 1));
                assert_eq!(s.seats[0].life, (life - 1 + time) % len + 1);
            }
            assert_eq!(s.advance_time(STAGES), None, "no stage above the 4th");
            assert_eq!(s.council_stage(0), STAGES);
        }
    }

    /// §3 Council privileges: stage 1 the marker (while it lies there), 2 two cubes of choice,
    /// 3 a goods tile of choice, 4 three prestige for a coin; a member's stage or any lower one.
    #[test]
    fn s3_privileges_by_stage() {
        for mut s in test_games(3) {
            assert!(s.can_use(1, Privilege::Marker, 1));
            assert!(!s.can_use(1, Privilege::Cubes([Colour::Brown, Colour::Green]), 1));
            s.use_privilege(1, Privilege::Marker);
            assert_eq!(s.marker(), Some(1));
            assert!(!s.can_use(2, Privilege::Marker, 4), "the marker is taken");
            s.use_privilege(2, Privilege::Cubes([Colour::Pink, Colour::Pink]));
            assert_eq!(s.seats[2].cubes.of(Colour::Pink), 2);
            s.use_privilege(2, Privilege::Good(Good::Plow));
            assert_eq!(s.seats[2].goods.of(Good::Plow), 1);
            s.seats[2].coins = 1;
            assert!(s.can_use(2, Privilege::Prestige, 4));
            s.use_privilege(2, Privilege::Prestige);
            assert_eq!(
                (s.seats[2].coins, s.seats[2].prestige),
                (0, STAGE_4_PRESTIGE)
            );
            assert!(!s.can_use(2, Privilege::Prestige, 4), "no coin left");
            assert!(
                !s.can_use(2, Privilege::Good(Good::Ox), 2),
                "above the member's stage"
            );
        }
    }

    /// A privilege is open only while the supply has what it gives; using it moves pieces from
    /// the supply to the seat, none made or lost.
    #[test]
    fn privileges_take_from_the_supply_only_what_it_has() {
        for mut s in test_games(2) {
            let (brown, pink, orange) = (Colour::Brown, Colour::Pink, Colour::Orange);
            let full = s.board.supply.cubes;
            s.board.supply.cubes = Cubes([1, 2, 0, 0]);
            assert!(
                !s.can_use(0, Privilege::Cubes([brown, brown]), 2),
                "one brown left"
            );
            assert!(s.can_use(0, Privilege::Cubes([pink, pink]), 2));
            assert!(s.can_use(0, Privilege::Cubes([brown, pink]), 2));
            assert!(
                !s.can_use(0, Privilege::Cubes([brown, orange]), 2),
                "no orange"
            );
            assert!(
                !s.can_use(0, Privilege::Cubes([orange, pink]), 2),
                "no orange"
            );
            s.board.supply.cubes = full;
            let oxen = s.board.supply.goods.of(Good::Ox);
            s.board.supply.goods.0[Good::Ox as usize] = 0;
            assert!(!s.can_use(0, Privilege::Good(Good::Ox), 3), "no ox left");
            s.board.supply.goods.0[Good::Ox as usize] = oxen;
            assert!(s.can_use(0, Privilege::Good(Good::Ox), 3));
            let before = s.census();
            s.use_privilege(0, Privilege::Good(Good::Ox));
            s.use_privilege(0, Privilege::Cubes([brown, pink]));
            assert_eq!(s.census(), before, "pieces move, none appear");
            assert_eq!(s.board.supply.goods.of(Good::Ox), oxen - 1);
            assert_eq!(s.seats[0].cubes, Cubes([1, 1, 0, 0]));
        }
    }
}
