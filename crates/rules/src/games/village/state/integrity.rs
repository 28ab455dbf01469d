//! A state from a client, checked for what no game can reach: every piece counted once (the
//! component set's totals), every member somewhere it can be, every id in range, the decisions
//! shaped as the rules make them. Field paths are the wire's (`village.proto`).

use crate::core::StateErrors;
use crate::games::village::pieces::{Colour, Goods};

use super::council::STAGES;
use super::family::{Place, Section};
use super::{Decision, State};

/// The largest number of deaths a turn can owe (far above what any track allows in one turn).
const MAX_DUE: u32 = 255;
/// The most coins, prestige or life track spaces of a seat, and rounds, a state may carry: far
/// above any game, low enough that no sum the rules make can overflow.
const MAX_TALLY: u32 = 1_000_000;

impl State {
    /// Every invariant the state alone shows, or the fields that break one.
    pub(super) fn check_integrity(&self) -> Result<(), StateErrors> {
        let mut errs = StateErrors::default();
        self.check_families(&mut errs);
        self.check_goals(&mut errs);
        self.check_ships(&mut errs);
        self.check_census(&mut errs);
        self.check_market(&mut errs);
        self.check_progress(&mut errs);
        if errs.errors.is_empty() {
            self.check_reachable(&mut errs);
        }
        errs.into_result()
    }

    fn check_families(&self, errs: &mut StateErrors) {
        let c = &self.config.components;
        let players = self.config.players;
        let family: u32 = c.family.generations.iter().sum();
        let members = self.seats.iter().map(|s| s.members.len()).sum();
        let mut resting: Vec<Place> = Vec::with_capacity(members);
        for (i, s) in self.seats.iter().enumerate() {
            if s.members.len() as u64 != u64::from(family) {
                errs.push(
                    format!("seats[{i}].members"),
                    format!("must have {family} entries (the family)"),
                );
            }
            if !(1..=c.life_track.spaces).contains(&s.life) {
                errs.push(
                    format!("seats[{i}].life"),
                    "is not a space of the life track",
                );
            }
            if s.coins > MAX_TALLY {
                errs.push(format!("seats[{i}].coins"), "is more than a game can reach");
            }
            if s.prestige > MAX_TALLY {
                errs.push(
                    format!("seats[{i}].prestige"),
                    "is more than a game can reach",
                );
            }
            if s.grain > c.supply.farmyard_grain_limit {
                errs.push(format!("seats[{i}].grain"), "is more than a farmyard holds");
            }
            for (j, m) in s.members.iter().enumerate() {
                let field = || format!("seats[{i}].members[{j}]");
                let ok = match m.place {
                    Place::Council(stage) => (1..=STAGES).contains(&stage),
                    Place::City(city) => usize::from(city) < c.travel.cities.len(),
                    Place::Window(w) => usize::from(w) < c.church.window_prestige.len(),
                    Place::Chronicle(section, space) => c.chronicle.sections()[section as usize]
                        .1
                        .get(usize::from(space))
                        .is_some_and(|l| l.open(players)),
                    Place::Grave(g) => c
                        .graves
                        .spaces
                        .get(usize::from(g))
                        .is_some_and(|l| l.open(players)),
                    Place::Gone => self.end.triggered,
                    _ => true,
                };
                if !ok {
                    errs.push(field(), "is not a place open in this game");
                }
                if matches!(
                    m.place,
                    Place::Chronicle(..) | Place::Grave(_) | Place::SeaBurial(_)
                ) {
                    if resting.contains(&m.place) {
                        errs.push(field(), "is taken by another member");
                    }
                    resting.push(m.place);
                }
            }
            let mut seen = Vec::new();
            for (k, &city) in s.markers.iter().enumerate() {
                if usize::from(city) >= c.travel.cities.len() || seen.contains(&city) {
                    errs.push(
                        format!("seats[{i}].markers[{k}]"),
                        "is not a city, or one marked twice",
                    );
                }
                seen.push(city);
            }
            if s.markers.len() as u64 > u64::from(c.travel.markers) {
                errs.push(
                    format!("seats[{i}].markers"),
                    "has more markers than a seat owns",
                );
            }
        }
        // Sections are read by position in the component set (`Section::ALL` order).
        debug_assert_eq!(Section::ALL.len(), c.chronicle.sections().len());
    }

    /// Life Goals: one silver and one golden card per seat, each a card this combination deals,
    /// no card twice; a revealed card's prestige (and, with Village Port, each sea burial's) is in
    /// its seat's prestige, so the score sheet's parts are never negative. Without Life Goals,
    /// or while the 4th seat chooses its compensation cube from `village/2` on (V-R38), no cards.
    fn check_goals(&self, errs: &mut StateErrors) {
        let dealt = self.config.options.life_goals && self.goals_dealt();
        let mut seen = Vec::new();
        for (i, s) in self.seats.iter().enumerate() {
            let silver = s.goals.iter().filter(|g| g.goal.silver()).count();
            let ok = if dealt {
                s.goals.len() == 2 && silver == 1
            } else {
                s.goals.is_empty()
            };
            if !ok {
                errs.push(
                    format!("seats[{i}].goals"),
                    if dealt {
                        "must hold one silver and one golden goal"
                    } else if self.config.options.life_goals {
                        "must be empty: goals are dealt after the compensation cube is chosen"
                    } else {
                        "only with Life Goals"
                    },
                );
            }
            for (k, g) in s.goals.iter().enumerate() {
                if !g.goal.dealt(self.port()) || seen.contains(&g.goal) {
                    errs.push(
                        format!("seats[{i}].goals[{k}]"),
                        "is a card this game does not deal, or one dealt twice",
                    );
                }
                seen.push(g.goal);
            }
            let (revealed, buried) = self.prestige_on_record(i as u8);
            if u64::from(s.prestige) < u64::from(revealed) + u64::from(buried) {
                errs.push(
                    format!("seats[{i}].prestige"),
                    "is less than the revealed goals and the members buried at sea gained",
                );
            }
        }
    }

    fn check_census(&self, errs: &mut StateErrors) {
        let c = &self.config.components;
        let census = self.census();
        let cubes = c.cubes_per_colour(self.port());
        for colour in Colour::ALL {
            let n = census.cubes[colour as usize];
            if n != cubes {
                errs.push(
                    "supply.cubes",
                    format!("{colour:?} cubes number {n} in all; the game has {cubes}"),
                );
            }
        }
        self.check_port_census(&census, errs);
        if census.plague != c.supply.plague_cubes {
            errs.push("supply.plague", "plague cubes do not add up to the game's");
        }
        for g in Goods::KINDS {
            if census.goods[g as usize] != c.supply.goods_per_kind {
                errs.push(
                    "supply.goods",
                    format!("{g:?} tiles do not add up to the game's"),
                );
            }
        }
        if census.grain != c.supply.grain {
            errs.push("supply.grain", "grain does not add up to the game's");
        }
        if self.monks != c.supply.monks {
            errs.push("monks", format!("must be {}", c.supply.monks));
        }
        let tiles = c.customers.len();
        // The census lists the tiles sorted: each of 0..tiles once is that list exactly, and the
        // first place it differs names the lowest tile missing or doubled.
        let listed = &census.customers;
        if let Some(&t) = listed.iter().find(|&&t| usize::from(t) >= tiles) {
            for at in self.places_of_tile(t) {
                errs.push(at, format!("customer tile {t} does not exist"));
            }
            return;
        }
        let got = listed
            .iter()
            .map(|&t| usize::from(t))
            .chain(std::iter::repeat(tiles));
        let wrong = match (0..tiles).zip(got).find(|(want, got)| want != got) {
            Some((want, got)) => Some(want.min(got)),
            None => listed.get(tiles).map(|&t| usize::from(t)),
        };
        if let Some(t) = wrong {
            let places = self.places_of_tile(t as u8);
            let said = format!(
                "customer tile {t} must be in exactly one place; it is in {}",
                match places.len() {
                    0 => "none".to_owned(),
                    _ => places.join(" and "),
                }
            );
            match places.len() {
                // A tile in no place belongs to the market's pile.
                0 => errs.push("market.pile", said),
                _ => places
                    .into_iter()
                    .for_each(|at| errs.push(at, said.clone())),
            }
        }
    }

    /// Every place holding a customer tile, by its field path (only for an error: it formats).
    fn places_of_tile(&self, tile: u8) -> Vec<String> {
        let m = &self.market;
        let listed = |name: &str, slots: &mut dyn Iterator<Item = Option<u8>>| -> Vec<String> {
            slots
                .enumerate()
                .filter(|&(_, t)| t == Some(tile))
                .map(|(i, _)| format!("{name}[{i}]"))
                .collect()
        };
        let mut out = listed("market.pile", &mut m.pile.iter().map(|&t| Some(t)));
        out.extend(listed("market.stalls", &mut m.stalls.iter().copied()));
        out.extend(listed("market.waiting", &mut m.waiting.iter().copied()));
        for (k, s) in self.seats.iter().enumerate() {
            let path = format!("seats[{k}].customers");
            out.extend(listed(&path, &mut s.customers.iter().map(|&t| Some(t))));
        }
        out
    }

    /// Village Port's tiles, chests and captains, each counted once; none without Port.
    fn check_port_census(&self, census: &super::Census, errs: &mut StateErrors) {
        let h = &self.harbour;
        if !self.port() {
            // A seat's Port pieces are its ship's fault (`check_ships`); the harbour's are here.
            if !h.captains.is_empty() || !h.gone.captains.is_empty() {
                errs.push("harbour.captains", "must be empty without Village Port");
            }
            let tiles = (
                h.cocoa,
                h.tea,
                &h.chests,
                h.gone.cocoa,
                h.gone.tea,
                &h.gone.chests,
            );
            if tiles != (0, 0, &Vec::new(), 0, 0, &Vec::new()) {
                errs.push("harbour", "must be empty without Village Port");
            }
            return;
        }
        let port = &self.config.components.port;
        let tiles = [port.stack_tiles[usize::from(self.config.players) - 2]; 2];
        let mut chests = port.chests.clone();
        chests.sort_unstable();
        if census.cocoa_tea != tiles {
            errs.push(
                "harbour",
                "cocoa baskets and tea bales do not add up to the game's",
            );
        }
        if census.chests != chests {
            errs.push(
                "harbour.chests",
                "treasure chests do not add up to the game's",
            );
        }
        let kinds = port.captains.len();
        if !census
            .captains
            .iter()
            .eq(port.captains.iter().map(|k| &k.copies))
            || h.captains.len() != kinds
            || h.gone.captains.len() != kinds
        {
            errs.push(
                "harbour.captains",
                "captain cards do not add up to the game's",
            );
        }
    }

    /// Village Port: ships on the board, in port only between hiring and the first step (from
    /// `village/2` on with nothing aboard that only islands give, V-R37), with a
    /// captain at sea, holds of different types that the members aboard match; missionaries on
    /// free churches; the buried at sea on burial spaces.
    fn check_ships(&self, errs: &mut StateErrors) {
        let port = &self.config.components.port;
        let sea = &port.sea;
        let mut missions = Vec::new();
        for (i, s) in self.seats.iter().enumerate() {
            let ship = &s.ship;
            let holds = &ship.holds;
            let distinct =
                (0..holds.len()).all(|k| !holds[..k].iter().any(|c| c.kind() == holds[k].kind()));
            let aboard = s.members.iter().filter(|m| m.place == Place::Ship).count();
            let member_held = ship.holds.contains(&super::sea::Cargo::Member);
            let voyage = matches!(
                self.decision(),
                Some(Decision::Load { seat, .. } | Decision::Sail { seat, .. }) if usize::from(seat) == i
            );
            let ok = if self.port() {
                usize::from(ship.at) < sea.spaces()
                    && ship.holds.len() <= super::sea::HOLDS
                    && distinct
                    && aboard == usize::from(member_held)
                    && ship
                        .captain
                        .is_some_and(|k| usize::from(k) < port.captains.len())
                        == (ship.at != 0 || voyage)
                    && (ship.at != 0 || voyage || ship.holds.is_empty())
                    && (ship.at != 0
                        || !self.config.rules.island_goods_at_islands_only()
                        || ship.holds.iter().all(|c| !c.from_islands()))
            } else {
                // Port's pieces on a base game's farmyard are named each by its own field.
                for (field, held) in [
                    ("cocoa", s.cocoa > 0),
                    ("tea", s.tea > 0),
                    ("chests", !s.chests.is_empty()),
                ] {
                    if held {
                        errs.push(
                            format!("seats[{i}].{field}"),
                            "must be empty without Village Port",
                        );
                    }
                }
                *ship == super::sea::Ship::default()
            };
            if !ok {
                errs.push(
                    format!("seats[{i}].ship"),
                    "is not a ship this game can have",
                );
            }
            for (j, m) in s.members.iter().enumerate() {
                let ok = match m.place {
                    Place::Ship => self.port(),
                    Place::Mission(space) => {
                        let free = !missions.contains(&space);
                        missions.push(space);
                        self.port() && free && sea.island(space).is_some_and(|x| x.church.is_some())
                    }
                    Place::SeaBurial(b) => self.port() && usize::from(b) < port.sea_burials.len(),
                    _ => true,
                };
                if !ok {
                    errs.push(
                        format!("seats[{i}].members[{j}]"),
                        "is not a place open in this game",
                    );
                }
            }
        }
    }

    fn check_market(&self, errs: &mut StateErrors) {
        let layout = &self.config.components.market;
        if self.market.stalls.len() != layout.stalls.len() {
            errs.push(
                "market.stalls",
                format!("must have {} entries", layout.stalls.len()),
            );
        }
        for (i, (stall, label)) in self.market.stalls.iter().zip(&layout.stalls).enumerate() {
            if stall.is_some() && !label.open(self.config.players) {
                errs.push(
                    format!("market.stalls[{i}]"),
                    "is closed at this player count",
                );
            }
        }
        if self.market.waiting.len() != layout.waiting_line.len() {
            errs.push(
                "market.waiting",
                format!("must have {} entries", layout.waiting_line.len()),
            );
        }
        for (i, space) in self.market.waiting.iter().enumerate() {
            if space.is_some() && !layout.waiting_line.open(i, self.config.players) {
                errs.push(
                    format!("market.waiting[{i}]"),
                    "is closed at this player count",
                );
            }
        }
    }

    fn check_progress(&self, errs: &mut StateErrors) {
        let players = self.config.players;
        let seat_ok = |s: u8| s < players;
        if self.marker.is_some_and(|m| !seat_ok(m)) {
            errs.push("marker", "no such seat");
        }
        if !seat_ok(self.starting) {
            errs.push("starting_seat", "no such seat");
        }
        if self.round == 0 || self.round > MAX_TALLY {
            errs.push("round", "rounds count from 1, and no game has this many");
        }
        if self.due > MAX_DUE {
            errs.push("due", format!("at most {MAX_DUE}"));
        }
        if self.end.last_turns.iter().any(|&s| !seat_ok(s))
            || self.end.last_turns.len() > usize::from(players)
        {
            errs.push("last_turns", "must list at most one turn per seat");
        }
        if !self.end.triggered && !self.end.last_turns.is_empty() {
            errs.push("last_turns", "only once the end was triggered");
        }
        match self.pending.as_slice() {
            [] if !self.end.triggered || !self.end.last_turns.is_empty() => {
                errs.push("pending", "is empty, but the game is not over");
            }
            [] | [_] | [Decision::MarketDay { .. }, Decision::Dying { .. }] => {}
            [Decision::MarketDay { .. }, Decision::GoalAtStake {
                step: super::Step::Death { .. },
                ..
            }] => {}
            _ => errs.push(
                "pending",
                "only a death may interrupt a market day; nothing else is stacked",
            ),
        }
        // Ranges the state alone shows; the rest (a market's action, a buy-out past the mass's
        // pieces, …) leaves nothing to choose and is refused by `decision_is_open` below.
        for (i, d) in self.pending.iter().enumerate() {
            let ok = seat_ok(d.seat())
                && match *d {
                    Decision::Privilege { up_to, .. } => (1..=STAGES).contains(&up_to),
                    Decision::MarketDay {
                        trigger, passed, ..
                    } => seat_ok(trigger) && u32::from(passed) < (1 << players),
                    Decision::LastChance { .. } => {
                        self.end.triggered && self.end.last_turns.is_empty()
                    }
                    Decision::GoalAtStake { seat, step } => match step {
                        super::Step::Death { left } => {
                            left > 0 && u32::from(left) <= MAX_DUE && self.goals_dealt()
                        }
                        // The marker returns after a mass that is not the last.
                        super::Step::MarkerReturn => {
                            self.marker == Some(seat) && !self.end.triggered
                        }
                    },
                    // The final mass comes after the last turns.
                    Decision::BuyOut { .. } | Decision::Windows { .. } => {
                        !self.end.triggered || self.end.last_turns.is_empty()
                    }
                    Decision::Load { seat } | Decision::Sail { seat, .. } => {
                        self.port()
                            && self
                                .seats
                                .get(usize::from(seat))
                                .is_some_and(|s| s.ship.captain.is_some())
                    }
                    Decision::Island { seat, .. } => {
                        self.port()
                            && self.seats.get(usize::from(seat)).is_some_and(|s| {
                                self.config.components.port.sea.island(s.ship.at).is_some()
                            })
                    }
                    _ => true,
                };
            if !ok {
                errs.push(
                    format!("pending[{i}]"),
                    "is not a decision this game can ask",
                );
            }
        }
        if errs.errors.is_empty() && !self.decision_is_open() {
            errs.push(
                format!("pending[{}]", self.pending.len().saturating_sub(1)),
                "is a decision the referee would not ask here: nothing to choose",
            );
        }
    }
}

impl State {
    /// Whether the decision now is one the referee leaves open: it has a real choice (a decision
    /// with only one answer, or none, is resolved without asking, V-R15), or from `village/2` on
    /// would have one once the seat cashed its chests (V-R39).
    fn decision_is_open(&self) -> bool {
        let Some(d) = self.decision() else {
            return true;
        };
        // Listed only for the decisions that ask (most states wait on a turn, which does not),
        // and only as far as the answer needs: two options are a real choice.
        let options = || self.first_decision_options(2);
        let real_choice = |own: Vec<crate::games::village::Action>| {
            !own.is_empty() && own != [crate::games::village::Action::Pass]
        };
        match d {
            Decision::Turn { .. } => !self.board.is_empty(),
            Decision::Dying { seat, .. } => self.dying_candidates(seat).len() > 1,
            Decision::LastChance { seat } => self.has_last_chance(seat),
            Decision::GoalAtStake { seat, step } => {
                let one = matches!(step, super::Step::Death { .. })
                    .then(|| self.dying_candidates(seat).len() == 1);
                one.unwrap_or(true) && self.at_stake(seat, step)
            }
            Decision::Load { .. } => real_choice(options()),
            Decision::Sail { .. } | Decision::Island { .. } => {
                real_choice(options()) || self.could_after_cashing(d)
            }
            Decision::Act { .. }
            | Decision::Privilege { .. }
            | Decision::MarketDay { .. }
            | Decision::BuyOut { .. } => options().len() > 1 || self.could_after_cashing(d),
            Decision::Windows { .. } => options().len() > 1,
            _ => !options().is_empty(),
        }
    }
}
