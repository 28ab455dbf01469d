//! Village Port's travel action as single-seat decisions (village.md §7; docs/rules.md V-R28
//! onwards): in port, hire a captain and set sail, load piece by piece, then move step by step;
//! at sea, sail on or return to port; landing on an island opens its actions. Chests brought home
//! are cashed whenever their owner is to decide.

use crate::core::Seat;
use crate::games::village::action::{Action, Event, StepPayment};
use crate::games::village::pieces::{Colour, Cubes, Goods};
use crate::games::village::rules::legal::Offers;
use crate::games::village::state::family::Place;
use crate::games::village::state::sea::{Cargo, RETURN_TIME, WATER_TIME};
use crate::games::village::state::{Decision, State};

impl State {
    /// The travel action with Village Port: in port, each captain kind left that the seat can
    /// pay; at sea, sail on or return.
    pub(crate) fn voyage_options(&self, seat: Seat, out: &mut impl Offers) {
        let s = &self.seats[usize::from(seat)];
        if s.ship.at != 0 {
            out.extend([Action::Sail, Action::ReturnToPort]);
            return;
        }
        let captains = &self.config.components.port.captains;
        for (k, kind) in captains.iter().enumerate() {
            let left = self.harbour.captains.get(k).copied().unwrap_or(0);
            if left > 0 && s.coins >= kind.cost {
                out.push(Action::SetSail { captain: k as u8 });
            }
        }
    }

    /// What the seat can load in port: each type it owns on the farmyard that its holds have
    /// room for (a chest by value, a member by generation).
    pub(crate) fn load_options(&self, seat: Seat, out: &mut impl Offers) {
        let s = &self.seats[usize::from(seat)];
        let mut pieces: Vec<Cargo> = Goods::KINDS
            .into_iter()
            .filter(|&g| s.goods.of(g) > 0)
            .map(Cargo::Good)
            .collect();
        pieces.extend((s.grain > 0).then_some(Cargo::Grain));
        pieces.extend((s.cocoa > 0).then_some(Cargo::Cocoa));
        pieces.extend((s.tea > 0).then_some(Cargo::Tea));
        let mut values = s.chests.clone();
        values.sort_unstable();
        values.dedup();
        pieces.extend(values.into_iter().map(Cargo::Chest));
        let at_islands_only = self.config.rules.island_goods_at_islands_only();
        out.extend(
            pieces
                .into_iter()
                .filter(|c| !(at_islands_only && c.from_islands()))
                .filter(|&c| self.can_load(seat, c))
                .map(|cargo| Action::Load { cargo }),
        );
        if self.can_load(seat, Cargo::Member) {
            out.extend(
                s.distinct(|m| m.place == Place::Farmyard)
                    .into_iter()
                    .map(|m| Action::Embark { member: m as u8 }),
            );
        }
    }

    /// A movement's next step: to each space joined to the ship's (never into the port, which
    /// only returning reaches), free or prepaid, else with each distinct purchase; landing on
    /// the island just entered; stopping once the ship has moved.
    pub(crate) fn step_options(&self, decision: Decision, out: &mut impl Offers) {
        let Decision::Sail {
            seat,
            free,
            credit,
            moved,
        } = decision
        else {
            return;
        };
        let sea = &self.config.components.port.sea;
        let at = self.seats[usize::from(seat)].ship.at;
        let payments: Vec<Option<StepPayment>> = if free > 0 || credit > 0 {
            vec![None]
        } else {
            self.step_payments(seat).into_iter().map(Some).collect()
        };
        for &to in sea.neighbours(at).iter().filter(|&&to| to != 0) {
            out.extend(payments.iter().map(|&payment| Action::Step { to, payment }));
        }
        if moved && sea.island(at).is_some() {
            out.push(Action::Land);
        }
    }

    /// Every distinct way to pay one of the captain's step purchases: its cubes from the colours
    /// it accepts, coins standing in for any of them.
    fn step_payments(&self, seat: Seat) -> Vec<StepPayment> {
        let s = &self.seats[usize::from(seat)];
        let captains = &self.config.components.port.captains;
        let Some(kind) = s.ship.captain.and_then(|k| captains.get(usize::from(k))) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (i, buy) in kind.steps.iter().enumerate() {
            for coins in 0..=buy.cubes.min(s.coins) {
                for cubes in multisets(&buy.colours, buy.cubes - coins) {
                    let owned = Colour::ALL.iter().all(|&c| cubes.of(c) <= s.cubes.of(c));
                    if owned {
                        out.push(StepPayment {
                            purchase: i as u8,
                            cubes,
                            coins,
                        });
                    }
                }
            }
        }
        out
    }

    /// The actions of the island the ship landed on: sell what its parchment buys, take the
    /// stack's top tile (once), send the member aboard to its free missionary church.
    pub(crate) fn island_options(&self, seat: Seat, took: bool, out: &mut impl Offers) {
        let sea = &self.config.components.port.sea;
        let s = &self.seats[usize::from(seat)];
        let at = s.ship.at;
        let Some(island) = sea.island(at) else {
            return;
        };
        for &cargo in &s.ship.holds {
            if cargo.piece().is_some_and(|p| island.buys.contains_key(&p)) {
                out.push(Action::SellCargo { cargo });
            }
        }
        if !took && self.stack_top(at).is_some_and(|t| self.can_load(seat, t)) {
            out.push(Action::TakeTile);
        }
        if let Some(church) = &island.church {
            let wagon = church.cost.wagon == 0 || s.ship.holds.contains(&Cargo::Good(Wagon));
            if self.free_mission(at) && s.ship.holds.contains(&Cargo::Member) && wagon {
                let c = church.cost;
                let need = Cubes([c.brown, c.pink, c.orange, c.green]);
                out.extend(
                    self.ways_to_pay(seat, need)
                        .into_iter()
                        .map(|payment| Action::Mission { payment }),
                );
            }
        }
    }

    /// From `village/2` on, whether the seat named by `decision` would have a choice there once
    /// it cashed every chest it brought home: coins it can raise at any moment (V-R39), so it is
    /// asked rather than passed over (at a market day, a buy-out, or an action, privilege, step
    /// or island with `Pass` its only answer). From `village/3` on each chest counts as the
    /// highest value the set prints, since its value is its owner's secret (V-R42).
    pub(crate) fn could_after_cashing(&self, decision: Decision) -> bool {
        let seat = decision.seat();
        if !self.config.rules.free_actions() || self.seats[usize::from(seat)].chests.is_empty() {
            return false;
        }
        let public = self.config.rules.asks_from_public_facts();
        let highest = self.config.components.port.chests.iter().max().copied();
        let mut cashed = self.clone();
        for value in self.seats[usize::from(seat)].chests.clone() {
            cashed.cash_chest(seat, value);
            // What the chest could be worth, as every seat sees it, beyond its value.
            let unseen = highest
                .filter(|_| public)
                .map_or(0, |h| h.saturating_sub(value));
            let s = &mut cashed.seats[usize::from(seat)];
            s.coins = s.coins.saturating_add(unseen);
        }
        cashed.pending.push(decision);
        cashed.first_decision_options(2).len() > 1
    }

    /// Chests the seat brought home, one action per value.
    pub(crate) fn chest_options(&self, seat: Seat) -> impl Iterator<Item = Action> {
        let mut values = self.seats[usize::from(seat)].chests.clone();
        values.sort_unstable();
        values.dedup();
        values.into_iter().map(|value| Action::CashChest { value })
    }

    /// The effects of a voyage's decisions (the travel action's first step is in `act`).
    pub(crate) fn voyage(&mut self, decision: Decision, action: Action, events: &mut Vec<Event>) {
        let seat = decision.seat();
        match (decision, action) {
            (Decision::Load { .. }, Action::Load { cargo }) => {
                self.load(seat, cargo, None);
                self.ask_load(seat, events);
            }
            (Decision::Load { .. }, Action::Embark { member }) => {
                self.load(seat, Cargo::Member, Some(usize::from(member)));
                self.ask_load(seat, events);
            }
            (Decision::Load { .. }, _) => self.begin_movement(seat, events),
            (
                Decision::Sail {
                    mut free,
                    mut credit,
                    ..
                },
                Action::Step { to, payment },
            ) => {
                match payment {
                    Some(p) => {
                        self.pay_steps(seat, &p);
                        credit = self.bought_steps(seat, p.purchase).saturating_sub(1);
                    }
                    None if free > 0 => free -= 1,
                    None => credit = credit.saturating_sub(1),
                }
                self.seats[usize::from(seat)].ship.at = to;
                if self.config.components.port.sea.time(to) {
                    self.due += self.pass_time(seat, WATER_TIME);
                }
                let next = Decision::Sail {
                    seat,
                    free,
                    credit,
                    moved: true,
                };
                self.ask_unless_only_pass(next, events);
            }
            (Decision::Sail { .. }, Action::Land) => {
                self.ask_unless_only_pass(Decision::Island { seat, took: false }, events);
            }
            (Decision::Island { took, .. }, Action::SellCargo { cargo }) => {
                let at = self.seats[usize::from(seat)].ship.at;
                let prestige = cargo
                    .piece()
                    .and_then(|p| {
                        let island = self.config.components.port.sea.island(at)?;
                        island.buys.get(&p).copied()
                    })
                    .unwrap_or(0);
                self.unload_to_supply(seat, cargo);
                self.gain_prestige(seat, prestige);
                self.ask_unless_only_pass(Decision::Island { seat, took }, events);
            }
            (Decision::Island { .. }, Action::TakeTile) => {
                let at = self.seats[usize::from(seat)].ship.at;
                self.take_tile(seat, at);
                self.ask_unless_only_pass(Decision::Island { seat, took: true }, events);
            }
            (Decision::Island { took, .. }, Action::Mission { payment }) => {
                self.mission(seat, &payment);
                self.ask_unless_only_pass(Decision::Island { seat, took }, events);
            }
            _ => self.end_turn(seat, events),
        }
    }

    /// Travel in port: the captain is hired, then the loading.
    pub(crate) fn set_sail(&mut self, seat: Seat, captain: u8, events: &mut Vec<Event>) {
        let cost = self.config.components.port.captains[usize::from(captain)].cost;
        self.harbour.captains[usize::from(captain)] -= 1;
        let s = &mut self.seats[usize::from(seat)];
        s.coins -= cost;
        s.ship.captain = Some(captain);
        self.ask_load(seat, events);
    }

    /// Travel at sea: back to port for 1 time, the holds unloaded, the turn over.
    pub(crate) fn return_to_port(&mut self, seat: Seat, events: &mut Vec<Event>) {
        self.due += self.pass_time(seat, RETURN_TIME);
        self.unload(seat);
        self.end_turn(seat, events);
    }

    /// Asks what to load next, unless nothing can be: then the ship moves.
    fn ask_load(&mut self, seat: Seat, events: &mut Vec<Event>) {
        self.pending.push(Decision::Load { seat });
        if self.only_pass() {
            self.pending.pop();
            self.begin_movement(seat, events);
        }
    }

    /// A movement begins with the captain's free steps.
    pub(crate) fn begin_movement(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let captains = &self.config.components.port.captains;
        let free = self.seats[usize::from(seat)]
            .ship
            .captain
            .and_then(|k| captains.get(usize::from(k)))
            .map_or(0, |k| u8::try_from(k.free_steps).unwrap_or(u8::MAX));
        let sail = Decision::Sail {
            seat,
            free,
            credit: 0,
            moved: false,
        };
        self.ask_unless_only_pass(sail, events);
    }

    /// The steps a purchase buys.
    fn bought_steps(&self, seat: Seat, purchase: u8) -> u8 {
        let captains = &self.config.components.port.captains;
        self.seats[usize::from(seat)]
            .ship
            .captain
            .and_then(|k| captains.get(usize::from(k)))
            .and_then(|k| k.steps.get(usize::from(purchase)))
            .map_or(1, |b| u8::try_from(b.steps).unwrap_or(u8::MAX))
    }

    /// Pays a step purchase: its cubes back to the supply, its coins spent.
    fn pay_steps(&mut self, seat: Seat, p: &StepPayment) {
        let s = &mut self.seats[usize::from(seat)];
        for colour in Colour::ALL {
            let n = s.cubes.take(colour, p.cubes.of(colour));
            self.board.supply.cubes.add(colour, n);
        }
        s.coins -= p.coins;
    }

    /// The member aboard goes onto the island's missionary church, for its cost and prestige.
    fn mission(
        &mut self,
        seat: Seat,
        payment: &crate::games::village::state::payment::CubePayment,
    ) {
        let at = self.seats[usize::from(seat)].ship.at;
        let Some(church) = self
            .config
            .components
            .port
            .sea
            .island(at)
            .and_then(|i| i.church.clone())
        else {
            return;
        };
        if church.cost.wagon > 0 {
            self.unload_to_supply(seat, Cargo::Good(Wagon));
        }
        self.pay(seat, payment);
        let s = &mut self.seats[usize::from(seat)];
        s.ship.holds.retain(|&c| c != Cargo::Member);
        for m in &mut s.members {
            if m.place == Place::Ship {
                m.place = Place::Mission(at);
            }
        }
        self.gain_prestige(seat, church.prestige);
    }

    fn gain_prestige(&mut self, seat: Seat, n: u32) {
        let s = &mut self.seats[usize::from(seat)];
        s.prestige = s.prestige.saturating_add(n);
    }
}

use crate::games::village::pieces::Good::Wagon;

/// Every multiset of `n` cubes of the given colours.
fn multisets(colours: &[Colour], n: u32) -> Vec<Cubes> {
    let Some((&first, rest)) = colours.split_first() else {
        return if n == 0 {
            vec![Cubes::default()]
        } else {
            Vec::new()
        };
    };
    let mut out = Vec::new();
    for k in 0..=n {
        for mut m in multisets(rest, n - k) {
            m.add(first, k);
            out.push(m);
        }
    }
    out
}
