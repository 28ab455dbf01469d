//! A component set as `ListGames` reports it: its identity, the TOML document, and its values
//! as messages, field for field the document's. By hand: a waiting line given as a count, and an
//! island's purchases (a map).

use referee_proto::v1;
use v1::village_component_set as set;

use super::{
    ActionSpaces, Building, Buildings, Captain, Chronicle, Components, Cost, Customer, Holding,
    Label, LifeGoals, Market, Mission, Path, Piece, Port, Sea, SetupCard, SilverGoal, Stack,
    StepPurchase, Travel, WaitingLine,
};

/// A set as `ListGames` reports it.
pub fn components_to_proto(c: &Components) -> v1::VillageComponents {
    v1::VillageComponents {
        name: c.name.clone(),
        sha256: c.hash().to_owned(),
        provisional: c.provisional,
        toml: toml::to_string(c).unwrap_or_default(),
        set: Some(set_to_proto(c)),
    }
}

/// A list of labels as their numbers.
fn labels(l: &[Label]) -> Vec<i32> {
    l.iter().map(|&l| label(l) as i32).collect()
}

fn label(l: Label) -> set::Label {
    match l {
        Label::All => set::Label::All,
        Label::ThreeToFive => set::Label::ThreeToFive,
        Label::FourToFive => set::Label::FourToFive,
        Label::Five => set::Label::Five,
    }
}

fn piece(p: Piece) -> set::Piece {
    match p {
        Piece::Horse => set::Piece::Horse,
        Piece::Ox => set::Piece::Ox,
        Piece::Wagon => set::Piece::Wagon,
        Piece::Plow => set::Piece::Plow,
        Piece::Scroll => set::Piece::Scroll,
        Piece::Grain => set::Piece::Grain,
    }
}

fn holding(h: Holding) -> set::Piece {
    match h {
        Holding::Horse => set::Piece::Horse,
        Holding::Ox => set::Piece::Ox,
        Holding::Wagon => set::Piece::Wagon,
        Holding::Plow => set::Piece::Plow,
        Holding::Scroll => set::Piece::Scroll,
        Holding::Grain => set::Piece::Grain,
        Holding::Cocoa => set::Piece::Cocoa,
        Holding::Tea => set::Piece::Tea,
        Holding::Chest => set::Piece::Chest,
    }
}

fn stack(s: Stack) -> set::Stack {
    match s {
        Stack::Cocoa => set::Stack::Cocoa,
        Stack::Tea => set::Stack::Tea,
        Stack::Chests => set::Stack::Chests,
    }
}

fn set_to_proto(c: &Components) -> v1::VillageComponentSet {
    let s = &c.supply;
    v1::VillageComponentSet {
        life_track: Some(set::LifeTrack {
            spaces: c.life_track.spaces,
        }),
        family: Some(set::Family {
            generations: c.family.generations.clone(),
        }),
        chronicle: Some(chronicle(&c.chronicle)),
        graves: Some(set::Graves {
            spaces: labels(&c.graves.spaces),
        }),
        supply: Some(set::Supply {
            cubes_per_colour: s.cubes_per_colour,
            plague_cubes: s.plague_cubes,
            grain: s.grain,
            goods_per_kind: s.goods_per_kind,
            monks: s.monks,
            farmyard_grain_limit: s.farmyard_grain_limit,
            starting_coins: s.starting_coins,
        }),
        buildings: Some(buildings(&c.buildings)),
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
        market: Some(market(&c.market)),
        customers: c.customers.iter().map(customer).collect(),
        travel: Some(travel(&c.travel)),
        life_goals: Some(life_goals(&c.life_goals)),
        port: Some(port(&c.port)),
    }
}

fn chronicle(c: &Chronicle) -> set::Chronicle {
    set::Chronicle {
        council: labels(&c.council),
        crafts: labels(&c.crafts),
        travel: labels(&c.travel),
        church: labels(&c.church),
        farmyard: labels(&c.farmyard),
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

fn buildings(b: &Buildings) -> set::Buildings {
    let building = |b: &Building| set::Building {
        training_time: b.training_time,
        production_time: b.production_time,
        produces: b.produces.iter().map(|g| g.to_proto() as i32).collect(),
        payment: Some(cost(&b.payment)),
    };
    set::Buildings {
        wainwright: Some(building(&b.wainwright)),
        stables: Some(building(&b.stables)),
        office: Some(building(&b.office)),
        smithy: Some(building(&b.smithy)),
    }
}

fn setup_card(s: &SetupCard) -> set::SetupCard {
    let a: &ActionSpaces = &s.spaces;
    set::SetupCard {
        players: s.players.into(),
        bag_per_colour: Some(s.bag_per_colour.cubes().to_proto()),
        spaces: Some(set::ActionSpaces {
            harvest: a.harvest,
            family: a.family,
            crafts: a.crafts,
            market: a.market,
            council: a.council,
            travel: a.travel,
            church: a.church,
        }),
    }
}

fn market(m: &Market) -> set::Market {
    set::Market {
        stalls: labels(&m.stalls),
        waiting_line: match &m.waiting_line {
            WaitingLine::Spaces(n) => vec![set::Label::All as i32; *n as usize],
            WaitingLine::Labelled(l) => labels(l),
        },
    }
}

fn customer(c: &Customer) -> set::Customer {
    set::Customer {
        demand: c.demand.iter().map(|&p| piece(p) as i32).collect(),
        prestige: c.prestige,
    }
}

fn travel(t: &Travel) -> set::Travel {
    let city = |c: &super::City| set::City {
        id: c.id.clone(),
        reward: Some(set::Reward {
            prestige: c.reward.prestige,
            cubes_of_choice: c.reward.cubes_of_choice,
            coins: c.reward.coins,
        }),
    };
    let path = |p: &Path| set::Path {
        between: p.between.to_vec(),
        time: p.time,
        piece: p.piece.to_proto() as i32,
        cubes: Some(cost(&p.cubes)),
    };
    set::Travel {
        markers: t.markers,
        upper_right: t.upper_right.clone(),
        cities: t.cities.iter().map(city).collect(),
        paths: t.paths.iter().map(path).collect(),
    }
}

fn life_goals(g: &LifeGoals) -> set::LifeGoals {
    let silver = |s: &SilverGoal| {
        Some(set::SilverGoal {
            pieces: s.pieces.iter().map(|&h| holding(h) as i32).collect(),
            cubes: Some(s.cubes.cubes().to_proto()),
            coins: s.coins,
            prestige: s.prestige,
        })
    };
    let (s, gold) = (&g.silver, &g.golden);
    set::LifeGoals {
        silver: Some(set::SilverGoals {
            carter: silver(&s.carter),
            secretary: silver(&s.secretary),
            farmer: silver(&s.farmer),
            bailiff: silver(&s.bailiff),
            writer: silver(&s.writer),
            knight: silver(&s.knight),
            explorer: silver(&s.explorer),
        }),
        golden: Some(set::GoldenGoals {
            merchant: gold.merchant,
            aristocrat: gold.aristocrat,
            master: gold.master,
            historian: gold.historian,
            travelling_salesman: gold.travelling_salesman,
            missionary: gold.missionary,
            acolyte: gold.acolyte,
            saint: gold.saint,
        }),
    }
}

fn port(p: &Port) -> set::Port {
    set::Port {
        setup: p.setup.iter().map(setup_card).collect(),
        extra_cubes_per_colour: p.extra_cubes_per_colour,
        stack_tiles: p.stack_tiles.clone(),
        chests: p.chests.clone(),
        sea_burials: p.sea_burials.clone(),
        sea: Some(sea(&p.sea)),
        captains: p.captains.iter().map(captain).collect(),
    }
}

fn sea(s: &Sea) -> set::Sea {
    let water = |w: &super::Water| set::Water {
        id: w.id.clone(),
        time: w.time,
    };
    let mission = |m: &Mission| set::Mission {
        cost: Some(set::MissionCost {
            wagon: m.cost.wagon,
            brown: m.cost.brown,
            pink: m.cost.pink,
            orange: m.cost.orange,
            green: m.cost.green,
        }),
        prestige: m.prestige,
    };
    let island = |i: &super::Island| set::Island {
        id: i.id.clone(),
        stack: i.stack.map_or(0, |s| stack(s) as i32),
        buys: i
            .buys
            .iter()
            .map(|(&p, &prestige)| set::Purchase {
                piece: piece(p) as i32,
                prestige,
            })
            .collect(),
        church: i.church.as_ref().map(mission),
    };
    set::Sea {
        water: s.water.iter().map(water).collect(),
        islands: s.islands.iter().map(island).collect(),
        lines: s
            .lines
            .iter()
            .map(|l| set::Line {
                between: l.to_vec(),
            })
            .collect(),
    }
}

fn captain(c: &Captain) -> set::Captain {
    let step = |s: &StepPurchase| set::StepPurchase {
        cubes: s.cubes,
        colours: s.colours.iter().map(|c| c.to_proto() as i32).collect(),
        steps: s.steps,
    };
    set::Captain {
        cost: c.cost,
        copies: c.copies,
        free_steps: c.free_steps,
        steps: c.steps.iter().map(step).collect(),
    }
}
