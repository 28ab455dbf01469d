//! A component set on the wire: what `ListGames` reports of each set served, its values as
//! messages (field for field the TOML document) beside the document itself.

use crate::games::village::components::{
    Building, Components, Cost, Holding, Label, Piece, SetupCard, SilverGoal, Stack, WaitingLine,
};
use crate::pb::v1;
use crate::pb::v1::village_component_set as set;
use crate::service::wire::wire_enum;

use super::{colour_to, cubes_to, good_to};

wire_enum!(label_to: Label => set::Label { All, ThreeToFive, FourToFive, Five });
wire_enum!(piece_to: Piece => set::Piece { Horse, Ox, Wagon, Plow, Scroll, Grain });
wire_enum!(holding_to: Holding => set::Piece {
    Horse, Ox, Wagon, Plow, Scroll, Grain, Cocoa, Tea, Chest
});
wire_enum!(stack_to: Stack => set::Stack { Cocoa, Tea, Chests });

/// A set as `ListGames` reports it: its identity, the TOML document, and the values.
pub fn components_to_proto(c: &Components) -> v1::VillageComponents {
    v1::VillageComponents {
        name: c.name.clone(),
        sha256: c.hash().to_owned(),
        provisional: c.provisional,
        toml: toml::to_string(c).unwrap_or_default(),
        set: Some(set_to_proto(c)),
    }
}

fn set_to_proto(c: &Components) -> v1::VillageComponentSet {
    let labels = |l: &[Label]| l.iter().map(|&l| label_to(l)).collect();
    let chronicle = &c.chronicle;
    let supply = &c.supply;
    let buildings = &c.buildings;
    let silver = &c.life_goals.silver;
    let golden = &c.life_goals.golden;
    let port = &c.port;
    v1::VillageComponentSet {
        life_track: Some(set::LifeTrack {
            spaces: c.life_track.spaces,
        }),
        family: Some(set::Family {
            generations: c.family.generations.clone(),
        }),
        chronicle: Some(set::Chronicle {
            council: labels(&chronicle.council),
            crafts: labels(&chronicle.crafts),
            travel: labels(&chronicle.travel),
            church: labels(&chronicle.church),
            farmyard: labels(&chronicle.farmyard),
        }),
        graves: Some(set::Graves {
            spaces: labels(&c.graves.spaces),
        }),
        supply: Some(set::Supply {
            cubes_per_colour: supply.cubes_per_colour,
            plague_cubes: supply.plague_cubes,
            grain: supply.grain,
            goods_per_kind: supply.goods_per_kind,
            monks: supply.monks,
            farmyard_grain_limit: supply.farmyard_grain_limit,
            starting_coins: supply.starting_coins,
        }),
        buildings: Some(set::Buildings {
            wainwright: Some(building(&buildings.wainwright)),
            stables: Some(building(&buildings.stables)),
            office: Some(building(&buildings.office)),
            smithy: Some(building(&buildings.smithy)),
        }),
        mill: Some(set::Mill {
            time: c.mill.time,
            grain: c.mill.grain,
            coins: c.mill.coins,
        }),
        council: Some(set::Council {
            advance_time: c.council.advance_time.clone(),
        }),
        church: Some(set::Church {
            window_prestige: c.church.window_prestige.clone(),
            step_grain: c.church.step_grain.clone(),
        }),
        setup: c.setup.iter().map(setup_card).collect(),
        market: Some(set::Market {
            stalls: labels(&c.market.stalls),
            waiting_line: match &c.market.waiting_line {
                WaitingLine::Spaces(n) => vec![label_to(Label::All); *n as usize],
                WaitingLine::Labelled(l) => labels(l),
            },
        }),
        customers: c
            .customers
            .iter()
            .map(|t| set::Customer {
                demand: t.demand.iter().map(|&p| piece_to(p)).collect(),
                prestige: t.prestige,
            })
            .collect(),
        travel: Some(set::Travel {
            markers: c.travel.markers,
            upper_right: c.travel.upper_right.clone(),
            cities: c
                .travel
                .cities
                .iter()
                .map(|city| set::City {
                    id: city.id.clone(),
                    reward: Some(set::Reward {
                        prestige: city.reward.prestige,
                        cubes_of_choice: city.reward.cubes_of_choice,
                        coins: city.reward.coins,
                    }),
                })
                .collect(),
            paths: c
                .travel
                .paths
                .iter()
                .map(|p| set::Path {
                    between: p.between.to_vec(),
                    time: p.time,
                    piece: good_to(p.piece),
                    cubes: Some(cost(&p.cubes)),
                })
                .collect(),
        }),
        life_goals: Some(set::LifeGoals {
            silver: Some(set::SilverGoals {
                carter: Some(silver_goal(&silver.carter)),
                secretary: Some(silver_goal(&silver.secretary)),
                farmer: Some(silver_goal(&silver.farmer)),
                bailiff: Some(silver_goal(&silver.bailiff)),
                writer: Some(silver_goal(&silver.writer)),
                knight: Some(silver_goal(&silver.knight)),
                explorer: Some(silver_goal(&silver.explorer)),
            }),
            golden: Some(set::GoldenGoals {
                merchant: golden.merchant,
                aristocrat: golden.aristocrat,
                master: golden.master,
                historian: golden.historian,
                travelling_salesman: golden.travelling_salesman,
                missionary: golden.missionary,
                acolyte: golden.acolyte,
                saint: golden.saint,
            }),
        }),
        port: Some(set::Port {
            setup: port.setup.iter().map(setup_card).collect(),
            extra_cubes_per_colour: port.extra_cubes_per_colour,
            stack_tiles: port.stack_tiles.clone(),
            chests: port.chests.clone(),
            sea_burials: port.sea_burials.clone(),
            sea: Some(sea(&port.sea)),
            captains: port
                .captains
                .iter()
                .map(|k| set::Captain {
                    cost: k.cost,
                    copies: k.copies,
                    free_steps: k.free_steps,
                    steps: k
                        .steps
                        .iter()
                        .map(|s| set::StepPurchase {
                            cubes: s.cubes,
                            colours: s.colours.iter().map(|&c| colour_to(c)).collect(),
                            steps: s.steps,
                        })
                        .collect(),
                })
                .collect(),
        }),
    }
}

fn cost(c: &Cost) -> set::Cost {
    set::Cost {
        brown: c.brown,
        pink: c.pink,
        orange: c.orange,
        green: c.green,
        grain: c.grain,
    }
}

fn building(b: &Building) -> set::Building {
    set::Building {
        training_time: b.training_time,
        production_time: b.production_time,
        produces: b.produces.iter().map(|&g| good_to(g)).collect(),
        payment: Some(cost(&b.payment)),
    }
}

fn setup_card(card: &SetupCard) -> set::SetupCard {
    let s = &card.spaces;
    set::SetupCard {
        players: u32::from(card.players),
        bag_per_colour: Some(cubes_to(&card.bag_per_colour.cubes())),
        spaces: Some(set::ActionSpaces {
            harvest: s.harvest,
            family: s.family,
            crafts: s.crafts,
            market: s.market,
            council: s.council,
            travel: s.travel,
            church: s.church,
        }),
    }
}

fn silver_goal(g: &SilverGoal) -> set::SilverGoal {
    set::SilverGoal {
        pieces: g.pieces.iter().map(|&p| holding_to(p)).collect(),
        cubes: Some(cubes_to(&g.cubes.cubes())),
        coins: g.coins,
        prestige: g.prestige,
    }
}

fn sea(sea: &crate::games::village::components::Sea) -> set::Sea {
    set::Sea {
        water: sea
            .water
            .iter()
            .map(|w| set::Water {
                id: w.id.clone(),
                time: w.time,
            })
            .collect(),
        islands: sea
            .islands
            .iter()
            .map(|i| set::Island {
                id: i.id.clone(),
                stack: i.stack.map_or(0, stack_to),
                buys: i
                    .buys
                    .iter()
                    .map(|(&piece, &prestige)| set::Purchase {
                        piece: piece_to(piece),
                        prestige,
                    })
                    .collect(),
                church: i.church.as_ref().map(|m| set::Mission {
                    cost: Some(set::MissionCost {
                        wagon: m.cost.wagon,
                        brown: m.cost.brown,
                        pink: m.cost.pink,
                        orange: m.cost.orange,
                        green: m.cost.green,
                    }),
                    prestige: m.prestige,
                }),
            })
            .collect(),
        lines: sea
            .lines
            .iter()
            .map(|l| set::Line {
                between: l.to_vec(),
            })
            .collect(),
    }
}
