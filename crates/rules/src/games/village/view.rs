//! What a seat may see: everything but the RNG, the customer pile's order and content, the green
//! bag's content, and the customers other seats have served, their chests and their face-down
//! life goals (counts only) — until the game is over, when every seat's are shown to everyone.

use referee_proto::v1;

use crate::core::message::ids;
use crate::core::Seat;

use super::action::{Action, Event};
use super::components::Stack;

use super::config::Config;
use super::pieces::Pool;
use super::state::market::slots;
use super::state::sea::{Cargo, Harbour};
use super::state::{Decision, End, Market, SeatState, State, Supply};

/// A seat's (or a spectator's) view of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// Whose view (`None`: a spectator).
    pub viewer: Option<Seat>,
    /// Players, starting seat, options and component set.
    pub config: Config,
    /// Every seat; `customers`, `chests` and face-down goals are empty but for the viewer's own
    /// seat (every seat's once the game is over).
    pub seats: Vec<SeatState>,
    /// Customers each seat has served.
    pub customer_counts: Vec<u32>,
    /// Each seat's face-down goals the viewer cannot see (its own: 0).
    pub hidden_goals: Vec<u32>,
    /// Chests each seat has brought home (their values only in its own seat's entry).
    pub chest_counts: Vec<u32>,
    /// Village Port's decks, stacks and box, the chest stack left empty.
    pub harbour: Harbour,
    /// Chests on their island.
    pub harbour_chests: u32,
    /// The general supply.
    pub supply: Supply,
    /// Cubes in the green bag.
    pub bag_count: u32,
    /// The cubes on each action space.
    pub spaces: [Pool; 7],
    /// The market, its pile left empty.
    pub market: Market,
    /// Tiles in the customer pile.
    pub pile_count: u32,
    /// Monks in the black bag.
    pub monks: u32,
    /// The next-starting-player marker's holder.
    pub marker: Option<Seat>,
    /// The round's starting player.
    pub starting: Seat,
    /// The round.
    pub round: u32,
    /// What is being decided.
    pub pending: Vec<Decision>,
    /// Deaths owed at the end of the current turn.
    pub due: u32,
    /// The end of the game, as the state holds it (public).
    pub end: End,
}

impl crate::games::Views for State {
    fn view(&self, viewer: Option<Seat>) -> View {
        // Once the game is over, every seat's holdings explain the result: everyone sees them.
        let sees = |seat: Seat| viewer == Some(seat) || self.decision().is_none();
        let seats = (0u8..)
            .zip(&self.seats)
            .map(|(i, s)| {
                let mut s = s.clone();
                if !sees(i) {
                    s.customers.clear();
                    s.goals.retain(|g| g.revealed);
                    s.chests.clear();
                    for cargo in &mut s.ship.holds {
                        if let Cargo::Chest(_) = cargo {
                            *cargo = Cargo::Chest(0);
                        }
                    }
                }
                s
            })
            .collect();
        let hidden_goals = (0u8..)
            .zip(&self.seats)
            .map(|(i, s)| {
                let hidden = s.goals.iter().filter(|g| !g.revealed).count();
                if sees(i) {
                    0
                } else {
                    hidden as u32
                }
            })
            .collect();
        View {
            viewer,
            config: self.config.clone(),
            seats,
            customer_counts: self
                .seats
                .iter()
                .map(|s| s.customers.len() as u32)
                .collect(),
            hidden_goals,
            chest_counts: self.seats.iter().map(|s| s.chests.len() as u32).collect(),
            harbour: Harbour {
                chests: Vec::new(),
                ..self.harbour.clone()
            },
            harbour_chests: self.harbour.chests.len() as u32,
            supply: self.board.supply.clone(),
            bag_count: self.board.bag.total(),
            spaces: self.board.spaces,
            market: Market {
                pile: Vec::new(),
                ..self.market.clone()
            },
            pile_count: self.market.pile.len() as u32,
            monks: self.monks,
            marker: self.marker,
            starting: self.starting,
            round: self.round,
            pending: self.pending.clone(),
            due: self.due,
            end: self.end.clone(),
        }
    }

    /// Whether the events of an action, applied to give this state, showed anyone something
    /// hidden (the draws from the bags consume randomness, seen through the RNG): the market
    /// refilled from the customer pile, a life goal or a chest turned face up, a chest taken
    /// from its island (its taker sees the value), and the final scoring, which turns every
    /// remaining chest.
    fn reveals(&self, events: &[Event]) -> bool {
        events.iter().any(|e| match e {
            Event::MarketDayEnded | Event::GoalRevealed { .. } | Event::Finished => true,
            Event::Acted { action, seat } => match action {
                Action::CashChest { .. } => true,
                Action::TakeTile => {
                    let at = self.seats[usize::from(*seat)].ship.at;
                    let island = self.config.components.port.sea.island(at);
                    island.is_some_and(|i| i.stack == Some(Stack::Chests))
                }
                _ => false,
            },
            _ => false,
        })
    }
}

impl View {
    /// This view as its message: the state's message, with what its viewer may not see counted
    /// (customers, goals and chests of other seats, the customer pile, the green bag, the
    /// harbour's chests).
    pub fn to_proto(&self) -> v1::VillageView {
        let counts = self
            .customer_counts
            .iter()
            .zip(&self.hidden_goals)
            .zip(&self.chest_counts);
        let seats = self
            .seats
            .iter()
            .zip(counts)
            .map(|(s, ((&customers, &hidden), &chests))| v1::VillageSeat {
                customer_count: customers,
                hidden_goals: hidden,
                chest_count: chests,
                ..s.to_proto()
            });
        let set = &self.config.components;
        v1::VillageView {
            component_set: set.name.clone(),
            component_hash: set.hash().to_owned(),
            options: Some(self.config.options.to_proto()),
            start_seat: self.config.start_seat.into(),
            seats: seats.collect(),
            supply: Some(self.supply.to_proto()),
            bag_count: self.bag_count,
            spaces: self.spaces.iter().map(Pool::to_proto).collect(),
            market: Some(v1::VillageMarket {
                pile: Vec::new(),
                stalls: slots(&self.market.stalls),
                waiting: slots(&self.market.waiting),
                pile_count: self.pile_count,
            }),
            monks: self.monks,
            marker: self.marker.map(u32::from),
            starting_seat: self.starting.into(),
            round: self.round,
            pending: self.pending.iter().map(|d| d.to_proto()).collect(),
            due: self.due,
            ending: self.end.triggered,
            last_turns: ids(&self.end.last_turns),
            harbour: Some(v1::VillageHarbour {
                chest_count: self.harbour_chests,
                ..self.harbour.to_proto()
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::games::village::test_games;
    use crate::games::Views;

    /// V-R35: no view holds the chests' order on their island, nor another seat's chest values.
    #[test]
    fn views_leave_out_the_chest_stack_and_other_seats_chest_values() {
        use crate::games::village::state::sea::Cargo;
        use crate::games::village::{new_game, Options};
        let set = std::sync::Arc::new(crate::games::village::components::Components::provisional());
        let options = Options {
            port: true,
            ..Options::default()
        };
        let mut s = new_game(set, 3, 0, 1, options).unwrap();
        let chest = s.harbour.chests.pop().unwrap();
        s.seats[1].ship.holds.push(Cargo::Chest(chest));
        let home = s.harbour.chests.pop().unwrap();
        s.seats[1].chests.push(home);
        for viewer in [None, Some(0), Some(1)] {
            let v = s.view(viewer);
            assert!(v.harbour.chests.is_empty());
            assert_eq!(v.harbour_chests as usize, s.harbour.chests.len());
            assert_eq!(v.chest_counts[1], 1);
            let own = viewer == Some(1);
            let aboard = if own { chest } else { 0 };
            assert_eq!(v.seats[1].ship.holds, [Cargo::Chest(aboard)]);
            assert_eq!(v.seats[1].chests.len(), usize::from(own));
        }
    }

    /// V-R22: no view holds the customer pile; another seat's customers are a count.
    #[test]
    fn views_leave_out_the_pile_and_other_seats_customers() {
        for mut s in test_games(3) {
            s.seats[1]
                .customers
                .push(s.market.pile.pop().unwrap_or_default());
            for viewer in [None, Some(0), Some(1)] {
                let v = s.view(viewer);
                assert!(v.market.pile.is_empty());
                assert_eq!(v.pile_count as usize, s.market.pile.len());
                assert_eq!(v.customer_counts[1], 1);
                assert_eq!(v.seats[1].customers.len(), usize::from(viewer == Some(1)));
            }
        }
    }
}
