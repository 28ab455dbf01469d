//! Village's view on the wire: what a seat may see, counts where it may not.

use super::state::{decision_to, harbour_to, seat_to, seats_to, slots_to, supply_to};
use super::{options_to_proto, pool_to};
use crate::games::village::View;
use crate::pb::v1;

pub(super) fn view_to_proto(v: &View) -> v1::VillageView {
    let set = &v.config.components;
    v1::VillageView {
        component_set: set.name.clone(),
        component_hash: set.hash().to_owned(),
        options: Some(options_to_proto(&v.config.options)),
        start_seat: u32::from(v.config.start_seat),
        seats: v
            .seats
            .iter()
            .zip(&v.customer_counts)
            .zip(&v.hidden_goals)
            .zip(&v.chest_counts)
            .map(|(((s, &count), &hidden), &chests)| v1::VillageSeat {
                customer_count: count,
                hidden_goals: hidden,
                chest_count: chests,
                ..seat_to(s)
            })
            .collect(),
        supply: Some(supply_to(&v.supply)),
        bag_count: v.bag_count,
        spaces: v.spaces.iter().map(pool_to).collect(),
        market: Some(v1::VillageMarket {
            pile: Vec::new(),
            stalls: slots_to(&v.market.stalls),
            waiting: slots_to(&v.market.waiting),
            pile_count: v.pile_count,
        }),
        monks: v.monks,
        marker: v.marker.map(u32::from),
        starting_seat: u32::from(v.starting),
        round: v.round,
        pending: v.pending.iter().map(decision_to).collect(),
        due: v.due,
        ending: v.ending,
        last_turns: seats_to(&v.last_turns),
        harbour: Some(v1::VillageHarbour {
            chest_count: v.harbour_chests,
            ..harbour_to(&v.harbour)
        }),
    }
}
