//! Crafts (village.md §3; Big Box rulebook, "Crafts Action"): a good is produced at a building
//! either by a member trained there, spending the building's production time, or by paying its
//! price in cubes or grain; training places a farmyard member below the building for its
//! training time. The mill turns time and grain into coins. Times, prices and products come
//! from the component set.

use crate::core::Seat;
use crate::games::village::components::Building as Printed;
use crate::games::village::pieces::Good;

use super::family::{Building, Place};
use super::payment::CubePayment;
use super::State;

impl Building {
    /// Every building.
    pub const ALL: [Building; 4] = [
        Building::Wainwright,
        Building::Stables,
        Building::Office,
        Building::Smithy,
    ];
}

impl State {
    /// A building's printed values.
    pub fn printed(&self, b: Building) -> &Printed {
        let all = &self.config.components.buildings;
        match b {
            Building::Wainwright => &all.wainwright,
            Building::Stables => &all.stables,
            Building::Office => &all.office,
            Building::Smithy => &all.smithy,
        }
    }

    /// Whether a seat has a member trained at a building.
    pub fn trained(&self, seat: Seat, b: Building) -> bool {
        self.seats
            .get(usize::from(seat))
            .is_some_and(|s| s.count(Place::Building(b)) > 0)
    }

    /// Whether the building makes this good and the supply still has one.
    pub fn can_make(&self, b: Building, good: Good) -> bool {
        self.printed(b).produces.contains(&good) && self.board.supply.goods.of(good) > 0
    }

    /// Trains a farmyard member at a building: it stays there; returns quills passed.
    pub(in crate::games::village) fn train(
        &mut self,
        seat: Seat,
        member: usize,
        b: Building,
    ) -> u32 {
        let time = self.printed(b).training_time;
        self.seats[usize::from(seat)].members[member].place = Place::Building(b);
        self.pass_time(seat, time)
    }

    /// A trained member produces: the building's production time for one good; returns quills
    /// passed.
    pub(in crate::games::village) fn produce_by_time(
        &mut self,
        seat: Seat,
        b: Building,
        good: Good,
    ) -> u32 {
        let time = self.printed(b).production_time;
        self.take_good(seat, good);
        self.pass_time(seat, time)
    }

    /// The distinct ways to pay a building's price in cubes (coins standing in), when the seat
    /// also has the grain it asks for.
    pub fn price_ways(&self, seat: Seat, b: Building) -> Vec<CubePayment> {
        let price = self.printed(b).payment;
        let grain = self.seats.get(usize::from(seat)).map_or(0, |s| s.grain);
        if grain < price.grain {
            return Vec::new();
        }
        self.ways_to_pay(seat, price.cubes())
    }

    /// Produces by paying the price (one of `price_ways`), grain included.
    pub(in crate::games::village) fn produce_by_payment(
        &mut self,
        seat: Seat,
        b: Building,
        good: Good,
        way: &CubePayment,
    ) {
        let grain = self.printed(b).payment.grain;
        self.pay(seat, way);
        self.return_grain(seat, grain);
        self.take_good(seat, good);
    }

    /// Whether a seat can use the mill: it has the grain.
    pub fn can_mill(&self, seat: Seat) -> bool {
        let grain = self.config.components.mill.grain;
        self.seats
            .get(usize::from(seat))
            .is_some_and(|s| s.grain >= grain)
    }

    /// The mill: time and grain for coins; returns quills passed.
    pub(in crate::games::village) fn mill(&mut self, seat: Seat) -> u32 {
        let mill = self.config.components.mill.clone();
        self.return_grain(seat, mill.grain);
        self.seats[usize::from(seat)].coins += mill.coins;
        self.pass_time(seat, mill.time)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::village::pieces::Colour;
    use crate::games::village::test_games;

    /// Crafts (a): training costs the building's training time and the member stays; a trained
    /// member produces for the production time; both from the component set.
    #[test]
    fn s3_training_then_producing_by_time() {
        for mut s in test_games(2) {
            let len = s.config.components.life_track.spaces;
            let (train, make) = {
                let p = s.printed(Building::Office);
                (p.training_time, p.production_time)
            };
            assert!(!s.trained(0, Building::Office));
            s.train(0, 0, Building::Office);
            assert!(s.trained(0, Building::Office));
            assert!(s.can_make(Building::Office, Good::Scroll));
            assert!(!s.can_make(Building::Office, Good::Horse));
            let before = s.census();
            s.produce_by_time(0, Building::Office, Good::Scroll);
            assert_eq!(s.census(), before);
            assert_eq!(s.seats[0].goods.of(Good::Scroll), 1);
            assert_eq!(s.seats[0].life, (train + make) % len + 1);
            assert_eq!(
                s.seats[0].members[0].place,
                Place::Building(Building::Office)
            );
        }
    }

    /// Crafts (b): paying the printed price instead — cubes (coins standing in) or grain.
    #[test]
    fn s3_producing_by_payment() {
        for mut s in test_games(2) {
            assert!(s.price_ways(0, Building::Stables).is_empty(), "no grain");
            let grain = s.printed(Building::Stables).payment.grain;
            s.seats[0].grain = grain;
            let way = s.price_ways(0, Building::Stables)[0];
            let before = s.census();
            s.produce_by_payment(0, Building::Stables, Good::Ox, &way);
            assert_eq!(
                s.census(),
                before,
                "grain back to the supply, the ox from it"
            );
            assert_eq!((s.seats[0].grain, s.seats[0].goods.of(Good::Ox)), (0, 1));
            let p = s.printed(Building::Wainwright).payment;
            s.seats[1].coins = p.brown + p.pink + p.orange + p.green;
            assert!(s.seats[1].coins > 0);
            let ways = s.price_ways(1, Building::Wainwright);
            assert_eq!(ways.len(), 1, "coins for every cube");
            s.produce_by_payment(1, Building::Wainwright, Good::Wagon, &ways[0]);
            assert_eq!(s.seats[1].coins, 0);
            assert_eq!(s.seats[1].goods.of(Good::Wagon), 1);
            assert_eq!(s.seats[1].cubes.of(Colour::Orange), 0);
        }
    }

    /// The mill: the printed time and grain for the printed coins; nobody stands there.
    #[test]
    fn s3_the_mill() {
        for mut s in test_games(2) {
            let mill = s.config.components.mill.clone();
            assert!(!s.can_mill(0));
            s.seats[0].grain = mill.grain;
            assert!(s.can_mill(0));
            let coins = s.seats[0].coins;
            let before = s.census();
            s.mill(0);
            assert_eq!(s.census(), before);
            assert_eq!(s.seats[0].coins, coins + mill.coins);
            assert_eq!(s.seats[0].grain, 0);
            assert_eq!(s.seats[0].life, mill.time + 1);
        }
    }

    /// A good the supply has run out of cannot be made.
    #[test]
    fn an_empty_supply_makes_nothing() {
        for mut s in test_games(2) {
            s.board.supply.goods.0[Good::Plow as usize] = 0;
            assert!(!s.can_make(Building::Smithy, Good::Plow));
        }
    }
}
