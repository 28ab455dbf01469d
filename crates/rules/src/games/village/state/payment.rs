//! Paying influence cubes (Big Box rulebook, "The Coins": a coin is a substitute for any one
//! influence cube; never at the well). A cost names cubes by colour; a seat pays each cube from
//! its farmyard or with a coin. The referee lists only the distinct ways to pay — how many coins
//! stand in for each colour — never orderings.

use referee_proto::v1;

use crate::core::Seat;
use crate::games::village::pieces::{Colour, Cubes, Good};

use super::State;

/// One way to pay a cost in cubes: the cubes taken from the farmyard, and the coins paid for the
/// cubes they stand in for, by colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CubePayment {
    /// Cubes returned from the farmyard to the supply.
    pub cubes: Cubes,
    /// Coins paid, by the colour of the cube each stands in for.
    pub coins: Cubes,
}

impl CubePayment {
    /// Coins paid in all.
    pub fn coin_total(&self) -> u32 {
        self.coins.total()
    }
}

/// Every distinct way to pay `need` with `have` cubes on the farmyard and `coins` coins: for each
/// colour, any number of its cubes may be paid with coins, as long as the farmyard has the rest
/// and the coins cover all the substitutes. Empty when the cost cannot be paid.
pub fn ways_to_pay(have: Cubes, coins: u32, need: Cubes) -> Vec<CubePayment> {
    let mut ways = vec![CubePayment {
        cubes: Cubes::default(),
        coins: Cubes::default(),
    }];
    for colour in Colour::ALL {
        let n = need.of(colour);
        let mut next = Vec::new();
        for way in &ways {
            let spare = coins.saturating_sub(way.coin_total());
            // Coins for this colour: at least what the farmyard lacks, at most what is left.
            let least = n.saturating_sub(have.of(colour));
            for k in least..=n.min(spare) {
                let mut w = *way;
                w.cubes.add(colour, n - k);
                w.coins.add(colour, k);
                next.push(w);
            }
        }
        ways = next;
    }
    ways
}

impl State {
    /// The distinct ways a seat can pay a cost in cubes now.
    pub fn ways_to_pay(&self, seat: Seat, need: Cubes) -> Vec<CubePayment> {
        self.seats
            .get(usize::from(seat))
            .map(|s| ways_to_pay(s.cubes, s.coins, need))
            .unwrap_or_default()
    }

    /// A goods tile from the supply to a seat's farmyard (the caller has checked the supply).
    pub(crate) fn take_good(&mut self, seat: Seat, g: Good) {
        self.board.supply.goods.0[g as usize] -= 1;
        self.seats[usize::from(seat)].goods.0[g as usize] += 1;
    }

    /// A goods tile from a seat's farmyard back to the supply (the caller has checked the seat).
    pub(crate) fn return_good(&mut self, seat: Seat, g: Good) {
        self.seats[usize::from(seat)].goods.0[g as usize] -= 1;
        self.board.supply.goods.0[g as usize] += 1;
    }

    /// Grain from a seat's farmyard back to the supply (the caller has checked the seat).
    pub(crate) fn return_grain(&mut self, seat: Seat, n: u32) {
        self.seats[usize::from(seat)].grain -= n;
        self.board.supply.grain += n;
    }

    /// Pays: the cubes go back to the supply, the coins to the general supply (coins are not
    /// counted). The caller has checked the payment is one of `ways_to_pay`.
    pub(in crate::games::village) fn pay(&mut self, seat: Seat, payment: &CubePayment) {
        let Some(s) = self.seats.get_mut(usize::from(seat)) else {
            return;
        };
        for colour in Colour::ALL {
            let n = s.cubes.take(colour, payment.cubes.of(colour));
            self.board.supply.cubes.add(colour, n);
        }
        s.coins = s.coins.saturating_sub(payment.coin_total());
    }
}

impl CubePayment {
    /// The payment a message spells (absent: nothing paid).
    pub fn from_proto(m: Option<&v1::VillageCubePayment>) -> CubePayment {
        CubePayment {
            cubes: Cubes::from_proto(m.and_then(|m| m.cubes.as_ref())),
            coins: Cubes::from_proto(m.and_then(|m| m.coins.as_ref())),
        }
    }
    /// The payment as its message.
    pub fn to_proto(&self) -> v1::VillageCubePayment {
        v1::VillageCubePayment {
            cubes: Some(self.cubes.to_proto()),
            coins: Some(self.coins.to_proto()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cubes(brown: u32, pink: u32, orange: u32, green: u32) -> Cubes {
        Cubes([brown, pink, orange, green])
    }

    /// "The Coins", 3: a coin substitutes for any one influence cube; each distinct split is
    /// one way to pay.
    #[test]
    fn coins_stand_in_for_cubes_one_each() {
        // 2 green, with 1 green and 3 coins: one coin, or two.
        let ways = ways_to_pay(cubes(0, 0, 0, 1), 3, cubes(0, 0, 0, 2));
        let coins: Vec<u32> = ways.iter().map(CubePayment::coin_total).collect();
        assert_eq!(coins, [1, 2]);
        // 1 orange + 1 pink with both cubes and 2 coins: cubes only, a coin for either, or both.
        let ways = ways_to_pay(cubes(0, 1, 1, 0), 2, cubes(0, 1, 1, 0));
        assert_eq!(ways.len(), 4);
        // Not enough: 2 brown with 1 brown and no coin.
        assert!(ways_to_pay(cubes(1, 0, 0, 0), 0, cubes(2, 0, 0, 0)).is_empty());
        // A cost of nothing has exactly one way: pay nothing.
        assert_eq!(ways_to_pay(Cubes::default(), 0, Cubes::default()).len(), 1);
    }

    #[test]
    fn paying_returns_cubes_to_the_supply_and_spends_coins() {
        for mut s in crate::games::village::test_games(2) {
            s.seats[0].cubes = cubes(0, 1, 0, 0);
            s.seats[0].coins = 2;
            let supply = s.board.supply.cubes;
            let way = s.ways_to_pay(0, cubes(0, 1, 1, 0))[0];
            assert_eq!(way.cubes, cubes(0, 1, 0, 0));
            assert_eq!(way.coins, cubes(0, 0, 1, 0));
            s.pay(0, &way);
            assert_eq!(s.seats[0].cubes.total(), 0);
            assert_eq!(s.seats[0].coins, 1);
            assert_eq!(
                s.board.supply.cubes.of(Colour::Pink),
                supply.of(Colour::Pink) + 1
            );
        }
    }
}
