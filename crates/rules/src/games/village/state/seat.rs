//! One seat's state: its family, the life time track, prestige, what lies on its farmyard, and
//! what the expansions give it (goals, a ship, cargo brought home). It gathers what the other
//! modules define, so none of them needs it.

use referee_proto::v1;

use crate::core::message::{ids, list, small_list, At};
use crate::core::StateErrors;

use crate::games::village::pieces::{Cubes, Goods};

use super::family::{Member, Place};
use super::goals::HeldGoal;
use super::message::MAX_LIST;
use super::sea::Ship;

/// One seat's family and holdings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatState {
    /// Every member of the family, oldest generation first.
    pub members: Vec<Member>,
    /// The life marker's space, 1 to the track's length (space 1 follows the quill).
    pub life: u32,
    /// Prestige gained during the game.
    pub prestige: u32,
    /// Coins.
    pub coins: u32,
    /// Influence cubes on the farmyard.
    pub cubes: Cubes,
    /// Grain on the farmyard.
    pub grain: u32,
    /// Goods tiles on the farmyard.
    pub goods: Goods,
    /// Customers served (face down), by tile id.
    pub customers: Vec<u8>,
    /// Cities with one of this seat's travel markers.
    pub markers: Vec<u8>,
    /// Life goals dealt (Life Goals; empty without it).
    pub goals: Vec<HeldGoal>,
    /// Village Port: the ship.
    pub ship: Ship,
    /// Village Port: cocoa baskets brought home.
    pub cocoa: u32,
    /// Village Port: tea bales brought home.
    pub tea: u32,
    /// Village Port: treasure chests brought home, face down (values known to the seat).
    pub chests: Vec<u32>,
}

impl SeatState {
    /// A family as set up: generation 1 on the farmyard, the others in reserve (the counts per
    /// generation come from the component set), the marker on the space after the quill.
    pub fn new(generations: &[u32], coins: u32) -> SeatState {
        let members = generations
            .iter()
            .zip(1u8..)
            .flat_map(|(&n, generation)| {
                let place = if generation == 1 {
                    Place::Farmyard
                } else {
                    Place::Reserve
                };
                (0..n).map(move |_| Member { generation, place })
            })
            .collect();
        SeatState {
            members,
            life: 1,
            prestige: 0,
            coins,
            cubes: Cubes::default(),
            grain: 0,
            goods: Goods::default(),
            customers: Vec::new(),
            markers: Vec::new(),
            goals: Vec::new(),
            ship: Ship::default(),
            cocoa: 0,
            tea: 0,
            chests: Vec::new(),
        }
    }

    /// Members in a place.
    pub fn count(&self, place: Place) -> usize {
        self.members.iter().filter(|m| m.place == place).count()
    }

    /// The members that `keep` accepts, one per place and generation: members alike are one
    /// choice, so a decision lists one of them.
    pub fn distinct(&self, keep: impl Fn(&Member) -> bool) -> Vec<usize> {
        let mut seen: Vec<(Place, u8)> = Vec::new();
        let mut out = Vec::new();
        for (i, m) in self.members.iter().enumerate() {
            if keep(m) && !seen.contains(&(m.place, m.generation)) {
                seen.push((m.place, m.generation));
                out.push(i);
            }
        }
        out
    }
}

impl SeatState {
    /// The seat a state's message holds (`at`: its entry), every field's errors reported
    /// together; a member's generation follows from the component set (`State::from_parts`).
    pub fn from_proto(m: &v1::VillageSeat, at: &At) -> Result<SeatState, StateErrors> {
        let mut errs = StateErrors::default();
        let members = list(
            &m.members,
            MAX_LIST,
            &at.field("members"),
            &mut errs,
            |&code, at| Member::from_code(code, at),
        );
        let customers = small_list(&m.customers, MAX_LIST, &at.field("customers"), &mut errs);
        let markers = small_list(&m.markers, MAX_LIST, &at.field("markers"), &mut errs);
        let goals = list(
            &m.goals,
            MAX_LIST,
            &at.field("goals"),
            &mut errs,
            HeldGoal::from_proto,
        );
        let ship = Ship::from_proto(m.ship.as_ref(), &at.field("ship"), &mut errs);
        let chests = list(
            &m.chests,
            MAX_LIST,
            &at.field("chests"),
            &mut errs,
            |&v, _| Ok(v),
        );
        errs.into_result()?;
        Ok(SeatState {
            members,
            life: m.life,
            prestige: m.prestige,
            coins: m.coins,
            cubes: Cubes::from_proto(m.cubes.as_ref()),
            grain: m.grain,
            goods: Goods::from_proto(m.goods.as_ref()),
            customers,
            markers,
            goals,
            ship,
            cocoa: m.cocoa,
            tea: m.tea,
            chests,
        })
    }

    /// The seat as a state's message (a view's counts at 0: a state carries what they count).
    pub fn to_proto(&self) -> v1::VillageSeat {
        v1::VillageSeat {
            members: self.members.iter().map(|m| m.place.code()).collect(),
            life: self.life,
            prestige: self.prestige,
            coins: self.coins,
            cubes: Some(self.cubes.to_proto()),
            grain: self.grain,
            goods: Some(self.goods.to_proto()),
            customers: ids(&self.customers),
            markers: ids(&self.markers),
            customer_count: 0,
            goals: self.goals.iter().map(HeldGoal::to_proto).collect(),
            hidden_goals: 0,
            ship: self.ship.to_proto(),
            cocoa: self.cocoa,
            tea: self.tea,
            chests: self.chests.clone(),
            chest_count: 0,
        }
    }
}
