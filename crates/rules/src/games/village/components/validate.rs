//! What a component set must satisfy before a game can use it: every count positive, every id
//! unique, every label and piece known, one setup card per player count whose cubes the bag can
//! hold, and a travel map whose every city is reachable from the village. Each error names its
//! entry as the data file spells it.

use std::collections::{BTreeSet, HashMap};
use std::fmt;

use super::{Colour, Components, Good, Label, Stack, PORT, VILLAGE};

/// The player counts Village seats.
const PLAYERS: std::ops::RangeInclusive<u8> = 2..=5;

/// One problem in a component set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentError {
    /// The entry, e.g. `travel.paths[3]` (empty for the file as a whole).
    pub entry: String,
    /// What is wrong.
    pub problem: String,
}

/// Every problem found in a component set.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ComponentErrors {
    /// The problems, in the order of the file's sections.
    pub errors: Vec<ComponentError>,
}

impl ComponentErrors {
    /// A single problem.
    pub fn one(entry: impl Into<String>, problem: impl Into<String>) -> Self {
        let mut e = Self::default();
        e.push(entry, problem);
        e
    }

    fn push(&mut self, entry: impl Into<String>, problem: impl Into<String>) {
        self.errors.push(ComponentError {
            entry: entry.into(),
            problem: problem.into(),
        });
    }
}

impl fmt::Display for ComponentErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.errors.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            if e.entry.is_empty() {
                f.write_str(&e.problem)?;
            } else {
                write!(f, "{}: {}", e.entry, e.problem)?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for ComponentErrors {}

impl Components {
    /// Checks the whole set; every problem is reported.
    pub(super) fn validate(&self) -> Result<(), ComponentErrors> {
        let mut errs = ComponentErrors::default();
        let e = &mut errs;
        if self.name.trim().is_empty() || self.name.len() > 64 {
            e.push("name", "must be 1 to 64 characters");
        }
        positive(e, "life_track.spaces", self.life_track.spaces);
        if self.family.generations.len() != 4 {
            e.push(
                "family.generations",
                "needs the members of generations 1, 2, 3 and 4",
            );
        }
        for (i, &n) in self.family.generations.iter().enumerate() {
            positive(e, &format!("family.generations[{i}]"), n);
        }
        for (name, spaces) in self.chronicle.sections() {
            open_at_every_count(e, &format!("chronicle.{name}"), spaces);
        }
        open_at_every_count(e, "graves.spaces", &self.graves.spaces);
        self.validate_supply(e);
        self.validate_buildings(e);
        self.validate_setup(e, "setup", &self.setup, self.supply.cubes_per_colour);
        open_at_every_count(e, "market.stalls", &self.market.stalls);
        if self.customers.is_empty() {
            e.push("customers", "at least one customer tile");
        }
        for (i, c) in self.customers.iter().enumerate() {
            if c.demand.is_empty() {
                e.push(
                    format!("customers[{i}].demand"),
                    "demands at least one piece",
                );
            }
            positive(e, &format!("customers[{i}].prestige"), c.prestige);
        }
        self.validate_travel(e);
        self.validate_port(e);
        for (name, goal) in self.life_goals.silver.all() {
            if goal.pieces.is_empty() && goal.cubes.is_none() && goal.coins == 0 {
                e.push(
                    format!("life_goals.silver.{name}.pieces"),
                    "a silver goal shows at least one piece, cube or coin",
                );
            }
            let most = self.cubes_per_colour(true);
            if Colour::ALL.iter().any(|&c| goal.cubes.cubes().of(c) > most) {
                e.push(
                    format!("life_goals.silver.{name}.cubes"),
                    format!("shows more cubes of a colour than the game has ({most})"),
                );
            }
        }
        if errs.errors.is_empty() {
            Ok(())
        } else {
            Err(errs)
        }
    }

    fn validate_supply(&self, e: &mut ComponentErrors) {
        let s = &self.supply;
        for (field, n) in [
            ("cubes_per_colour", s.cubes_per_colour),
            ("plague_cubes", s.plague_cubes),
            ("grain", s.grain),
            ("goods_per_kind", s.goods_per_kind),
            ("monks", s.monks),
            ("farmyard_grain_limit", s.farmyard_grain_limit),
        ] {
            positive(e, &format!("supply.{field}"), n);
        }
    }

    fn validate_buildings(&self, e: &mut ComponentErrors) {
        for (name, b) in self.buildings.all() {
            let at = format!("buildings.{name}");
            positive(e, &format!("{at}.training_time"), b.training_time);
            positive(e, &format!("{at}.production_time"), b.production_time);
            let kinds: BTreeSet<Good> = b.produces.iter().copied().collect();
            if b.produces.is_empty() || kinds.len() != b.produces.len() {
                e.push(
                    format!("{at}.produces"),
                    "names one or more different goods",
                );
            }
            if b.payment.total() == 0 {
                e.push(
                    format!("{at}.payment"),
                    "production by payment costs something",
                );
            }
        }
        positive(e, "mill.time", self.mill.time);
        positive(e, "mill.grain", self.mill.grain);
        positive(e, "mill.coins", self.mill.coins);
        if self.council.advance_time.len() != 3 {
            e.push(
                "council.advance_time",
                "needs the times of stages 1→2, 2→3 and 3→4",
            );
        }
        for (i, &t) in self.council.advance_time.iter().enumerate() {
            positive(e, &format!("council.advance_time[{i}]"), t);
        }
        let windows = self.church.window_prestige.len();
        if windows < 2 {
            e.push("church.window_prestige", "at least two windows");
        }
        if self.church.step_grain.len() + 1 != windows {
            e.push(
                "church.step_grain",
                format!("one cost between each pair of the {windows} windows"),
            );
        }
        for (i, &g) in self.church.step_grain.iter().enumerate() {
            positive(e, &format!("church.step_grain[{i}]"), g);
        }
    }

    /// Setup cards (`entry` is `setup` or `port.setup`); `supply` is the cubes of a colour the
    /// supply holds with them.
    fn validate_setup(
        &self,
        e: &mut ComponentErrors,
        entry: &str,
        cards: &[super::SetupCard],
        supply: u32,
    ) {
        for players in PLAYERS {
            if cards.iter().filter(|c| c.players == players).count() != 1 {
                e.push(
                    entry,
                    format!("needs exactly one card for {players} players"),
                );
            }
        }
        for (i, card) in cards.iter().enumerate() {
            let at = format!("{entry}[{i}]");
            if !PLAYERS.contains(&card.players) {
                e.push(format!("{at}.players"), "Village seats 2 to 5 players");
            }
            let bag = card.bag_per_colour.cubes();
            positive(e, &format!("{at}.bag_per_colour"), bag.total());
            if Colour::ALL.iter().any(|&c| bag.of(c) > supply) {
                e.push(
                    format!("{at}.bag_per_colour"),
                    "more cubes of a colour than the supply holds",
                );
            }
            for (space, n) in card.spaces.all() {
                positive(e, &format!("{at}.spaces.{space}"), n);
            }
            // The bag holds the card's cubes of four colours and every plague cube.
            let seeded: u64 = card.spaces.all().iter().map(|&(_, n)| u64::from(n)).sum();
            let bag = u64::from(bag.total()) + u64::from(self.supply.plague_cubes);
            if seeded > bag {
                e.push(
                    format!("{at}.spaces"),
                    format!("{seeded} cubes to seed, but the bag holds {bag}"),
                );
            }
        }
    }

    fn validate_travel(&self, e: &mut ComponentErrors) {
        let t = &self.travel;
        positive(e, "travel.markers", t.markers);
        let mut index: HashMap<&str, usize> = HashMap::new();
        index.insert(VILLAGE, 0);
        for (i, city) in t.cities.iter().enumerate() {
            let at = format!("travel.cities[{i}]");
            if city.id.trim().is_empty() || city.id == VILLAGE {
                e.push(
                    format!("{at}.id"),
                    "a city needs its own id (not \"village\")",
                );
            } else if index.insert(&city.id, i + 1).is_some() {
                e.push(
                    format!("{at}.id"),
                    format!("city {:?} is named twice", city.id),
                );
            }
            let r = city.reward;
            if r.prestige == 0 && r.cubes_of_choice == 0 && r.coins == 0 {
                e.push(format!("{at}.reward"), "a city rewards its first visit");
            }
        }
        if t.cities.is_empty() {
            e.push("travel.cities", "at least one city");
        }
        if !t.cities.iter().any(|c| c.id == t.upper_right) {
            e.push(
                "travel.upper_right",
                format!("{:?} is not a city", t.upper_right),
            );
        }
        // Union-find over the places: every city must be reachable from the village.
        let mut parent: Vec<usize> = (0..=t.cities.len()).collect();
        let mut pairs = BTreeSet::new();
        for (i, path) in t.paths.iter().enumerate() {
            let at = format!("travel.paths[{i}]");
            let ends: Vec<Option<usize>> = path
                .between
                .iter()
                .map(|id| index.get(id.as_str()).copied())
                .collect();
            for (id, end) in path.between.iter().zip(&ends) {
                if end.is_none() {
                    e.push(format!("{at}.between"), format!("{id:?} is not on the map"));
                }
            }
            if path.between[0] == path.between[1] {
                e.push(format!("{at}.between"), "a path joins two different places");
            }
            let mut key = path.between.clone();
            key.sort();
            if !pairs.insert(key) {
                e.push(
                    format!("{at}.between"),
                    "a second path between the same places",
                );
            }
            positive(e, &format!("{at}.time"), path.time);
            if !matches!(path.piece, Good::Horse | Good::Ox | Good::Wagon) {
                e.push(format!("{at}.piece"), "an animal or a wagon");
            }
            if let [Some(a), Some(b)] = ends[..] {
                let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
                parent[ra] = rb;
            }
        }
        let village = root(&mut parent, 0);
        for (i, city) in t.cities.iter().enumerate() {
            if root(&mut parent, i + 1) != village {
                e.push(
                    format!("travel.cities[{i}]"),
                    format!("city {:?} cannot be reached from the village", city.id),
                );
            }
        }
    }
}

impl Components {
    /// Village Port: its setup cards, tiles, burials, captains and a sea board whose every space
    /// can be reached from the port, with one island for each kind of stack.
    fn validate_port(&self, e: &mut ComponentErrors) {
        let p = &self.port;
        let supply = self
            .supply
            .cubes_per_colour
            .saturating_add(p.extra_cubes_per_colour);
        self.validate_setup(e, "port.setup", &p.setup, supply);
        if p.stack_tiles.len() != PLAYERS.clone().count() {
            e.push(
                "port.stack_tiles",
                "needs the tiles for 2, 3, 4 and 5 players",
            );
        }
        for (i, &n) in p.stack_tiles.iter().enumerate() {
            positive(e, &format!("port.stack_tiles[{i}]"), n);
        }
        if p.chests.is_empty() {
            e.push("port.chests", "at least one treasure chest");
        }
        for (i, &n) in p.chests.iter().enumerate() {
            positive(e, &format!("port.chests[{i}]"), n);
        }
        if p.sea_burials.is_empty() {
            e.push("port.sea_burials", "at least one sea burial space");
        }
        if p.captains.is_empty() {
            e.push("port.captains", "at least one captain");
        }
        for (i, c) in p.captains.iter().enumerate() {
            let at = format!("port.captains[{i}]");
            positive(e, &format!("{at}.copies"), c.copies);
            positive(e, &format!("{at}.free_steps"), c.free_steps);
            for (j, buy) in c.steps.iter().enumerate() {
                let at = format!("{at}.steps[{j}]");
                positive(e, &format!("{at}.cubes"), buy.cubes);
                positive(e, &format!("{at}.steps"), buy.steps);
                let colours: BTreeSet<_> = buy.colours.iter().collect();
                if buy.colours.is_empty() || colours.len() != buy.colours.len() {
                    e.push(
                        format!("{at}.colours"),
                        "names one or more different colours",
                    );
                }
            }
        }
        self.validate_sea(e);
    }

    fn validate_sea(&self, e: &mut ComponentErrors) {
        let sea = &self.port.sea;
        let mut index: HashMap<&str, usize> = HashMap::new();
        index.insert(PORT, 0);
        let ids = sea
            .water
            .iter()
            .map(|w| ("port.sea.water", &w.id))
            .chain(sea.islands.iter().map(|i| ("port.sea.islands", &i.id)));
        let mut counters: HashMap<&str, usize> = HashMap::new();
        for (n, (list, id)) in ids.enumerate() {
            let k = counters.entry(list).or_default();
            let at = format!("{list}[{k}].id");
            *k += 1;
            if id.trim().is_empty() || id == PORT {
                e.push(at, "a space needs its own id (not \"port\")");
            } else if index.insert(id, n + 1).is_some() {
                e.push(at, format!("space {id:?} is named twice"));
            }
        }
        for kind in [Stack::Cocoa, Stack::Tea, Stack::Chests] {
            if sea.islands.iter().filter(|i| i.stack == Some(kind)).count() != 1 {
                e.push(
                    "port.sea.islands",
                    format!("exactly one island holds the {kind:?} stack"),
                );
            }
        }
        for (i, island) in sea.islands.iter().enumerate() {
            let at = format!("port.sea.islands[{i}]");
            for (piece, &prestige) in &island.buys {
                positive(e, &format!("{at}.buys.{piece:?}").to_lowercase(), prestige);
            }
            if let Some(church) = &island.church {
                let c = church.cost;
                if c.wagon > 1 {
                    e.push(format!("{at}.church.cost.wagon"), "a ship holds one wagon");
                }
                if c.wagon + c.brown + c.pink + c.orange + c.green == 0 {
                    e.push(format!("{at}.church.cost"), "a mission costs something");
                }
                positive(e, &format!("{at}.church.prestige"), church.prestige);
            }
        }
        let mut parent: Vec<usize> = (0..=index.len()).collect();
        let mut pairs = BTreeSet::new();
        for (i, line) in sea.lines.iter().enumerate() {
            let at = format!("port.sea.lines[{i}]");
            let ends: Vec<Option<usize>> = line
                .iter()
                .map(|id| index.get(id.as_str()).copied())
                .collect();
            for (id, end) in line.iter().zip(&ends) {
                if end.is_none() {
                    e.push(at.clone(), format!("{id:?} is not on the sea board"));
                }
            }
            let mut key = line.clone();
            key.sort();
            if line[0] == line[1] || !pairs.insert(key) {
                e.push(at, "a line joins two different spaces, once");
            }
            if let [Some(a), Some(b)] = ends[..] {
                let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
                parent[ra] = rb;
            }
        }
        let port = root(&mut parent, 0);
        let mut names: Vec<(&str, usize)> = index.iter().map(|(k, &v)| (*k, v)).collect();
        names.sort_by_key(|&(_, v)| v);
        for (id, n) in names {
            if root(&mut parent, n) != port {
                e.push(
                    "port.sea.lines",
                    format!("{id:?} cannot be reached from the port"),
                );
            }
        }
    }
}

/// Union-find: the representative of `x`'s set.
fn root(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
}

/// A count that must not be 0.
fn positive(e: &mut ComponentErrors, entry: &str, n: u32) {
    if n == 0 {
        e.push(entry, "must be at least 1");
    }
}

/// A list of spaces of which at least one is open at every player count.
fn open_at_every_count(e: &mut ComponentErrors, entry: &str, spaces: &[Label]) {
    if let Some(players) = PLAYERS.clone().find(|&p| !spaces.iter().any(|l| l.open(p))) {
        e.push(entry, format!("no space is open with {players} players"));
    }
}
