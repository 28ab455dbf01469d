//! A component set on the wire: what `ListGames` reports of each set served, its values as
//! messages (field for field the TOML document) beside the document itself, declared field by
//! field; by hand, a waiting line given as a count and an island's purchases (a map).

use crate::games::village::components::{self as c, Components, Holding, Label, Piece, Stack};
use crate::pb::v1;
use crate::pb::v1::village_component_set as set;
use crate::service::wire::declare::{wire_enum, wire_message, ToWire};

wire_enum!(Label => set::Label { All, ThreeToFive, FourToFive, Five });
wire_enum!(Piece => set::Piece { Horse, Ox, Wagon, Plow, Scroll, Grain });
wire_enum!(Holding => set::Piece { Horse, Ox, Wagon, Plow, Scroll, Grain, Cocoa, Tea, Chest });
wire_enum!(Stack => set::Stack { Cocoa, Tea, Chests });

/// A set as `ListGames` reports it: its identity, the TOML document, and the values.
pub fn components_to_proto(c: &Components) -> v1::VillageComponents {
    v1::VillageComponents {
        name: c.name.clone(),
        sha256: c.hash().to_owned(),
        provisional: c.provisional,
        toml: toml::to_string(c).unwrap_or_default(),
        set: c.to_wire(),
    }
}

wire_message!(Components => v1::VillageComponentSet as s {
    life_track, family, chronicle, graves, supply, buildings, mill, council, church, setup, market,
    customers, travel, life_goals, port,
});
wire_message!(c::LifeTrack => set::LifeTrack as s { spaces });
wire_message!(c::Family => set::Family as s { generations });
wire_message!(c::Chronicle => set::Chronicle as s { council, crafts, travel, church, farmyard });
wire_message!(c::Graves => set::Graves as s { spaces });
wire_message!(c::Supply => set::Supply as s {
    cubes_per_colour, plague_cubes, grain, goods_per_kind, monks, farmyard_grain_limit,
    starting_coins,
});
wire_message!(c::Buildings => set::Buildings as s { wainwright, stables, office, smithy });
wire_message!(c::Building => set::Building as s {
    training_time, production_time, produces, payment,
});
wire_message!(c::Cost => set::Cost as s { brown, pink, orange, green, grain });
wire_message!(c::Mill => set::Mill as s { time, grain, coins });
wire_message!(c::Council => set::Council as s { advance_time });
wire_message!(c::Church => set::Church as s { window_prestige, step_grain });
wire_message!(c::SetupCard => set::SetupCard as s {
    players,
    bag_per_colour = s.bag_per_colour.cubes(),
    spaces,
});
wire_message!(c::ActionSpaces => set::ActionSpaces as s {
    harvest, family, crafts, market, council, travel, church,
});
wire_message!(c::Market => set::Market as s {
    stalls,
    waiting_line => match &s.waiting_line {
        c::WaitingLine::Spaces(n) => vec![Label::All.to_wire(); *n as usize],
        c::WaitingLine::Labelled(l) => l.to_wire(),
    },
});
wire_message!(c::Customer => set::Customer as s { demand, prestige });
wire_message!(c::Travel => set::Travel as s { markers, upper_right, cities, paths });
wire_message!(c::City => set::City as s { id, reward });
wire_message!(c::Reward => set::Reward as s { prestige, cubes_of_choice, coins });
wire_message!(c::Path => set::Path as s { between, time, piece, cubes });
wire_message!(c::LifeGoals => set::LifeGoals as s { silver, golden });
wire_message!(c::SilverGoals => set::SilverGoals as s {
    carter, secretary, farmer, bailiff, writer, knight, explorer,
});
wire_message!(c::SilverGoal => set::SilverGoal as s {
    pieces,
    cubes = s.cubes.cubes(),
    coins, prestige,
});
wire_message!(c::GoldenGoals => set::GoldenGoals as s {
    merchant, aristocrat, master, historian, travelling_salesman, missionary, acolyte, saint,
});
wire_message!(c::Port => set::Port as s {
    setup, extra_cubes_per_colour, stack_tiles, chests, sea_burials, sea, captains,
});
wire_message!(c::Sea => set::Sea as s { water, islands, lines });
wire_message!(c::Water => set::Water as s { id, time });
wire_message!(c::Island => set::Island as s {
    id,
    stack => s.stack.as_ref().map_or(0, ToWire::to_wire),
    buys => s.buys.iter().map(|(&piece, &prestige)| set::Purchase {
        piece: piece.to_wire(),
        prestige,
    }).collect(),
    church,
});
wire_message!(c::Mission => set::Mission as s { cost, prestige });
wire_message!(c::MissionCost => set::MissionCost as s { wagon, brown, pink, orange, green });
wire_message!(c::Captain => set::Captain as s { cost, copies, free_steps, steps });
wire_message!(c::StepPurchase => set::StepPurchase as s { cubes, colours, steps });

/// A sea line: the two places it joins.
impl ToWire<set::Line> for [String; 2] {
    fn to_wire(&self) -> set::Line {
        set::Line {
            between: self.to_wire(),
        }
    }
}
