//! Contracts (spec §3.1-§3.3): eligibility, requirements, completion with its coins, progress
//! cubes, the immediate offers, Pack of Pirates, and the cooperative win and loss.

use crate::core::pile::CardId;
use crate::core::seat::others_clockwise;
use crate::core::{Seat, Violation};

use super::super::Code;

use super::super::action::{Action, CoinReason, Event};
use super::super::cards::{self, Card};
use super::super::contracts::{contract, ContractId, Requirement, CUBES, RANSOM_COINS, ROYAL_VP};
use super::super::state::{Offer, OfferKind, Phase, Progress, State};

/// Persons with a printed cost at most this count for Cheap Staff.
const CHEAP: u8 = 3;

/// Why a contract cannot be completed now: the refusal's words, written only for a refusal.
enum Unmet {
    /// Not available to complete (the reason's clause).
    Unavailable(&'static str),
    /// Its requirement is not met (the contract's name).
    Requirement(&'static str),
}

impl State {
    /// The face-up contract with this requirement kind, if any.
    pub(super) fn face_up_with(&self, f: impl Fn(Requirement) -> bool) -> Option<ContractId> {
        self.ext
            .as_ref()?
            .face_up
            .iter()
            .find_map(|s| contract(s.id).filter(|c| f(c.requirement)).map(|_| s.id))
    }

    fn progress_of(&self, seat: Seat, id: ContractId) -> Option<u8> {
        self.ext
            .as_ref()?
            .progress
            .iter()
            .find(|p| p.seat == seat && p.contract == id)
            .map(|p| p.level)
    }

    /// Whether `seat` could still place its cube on contract `id`: face up, not completed by it,
    /// fewer than 3 completed, and a cube free (or already on the contract's progress space).
    pub(crate) fn eligible(&self, seat: Seat, id: ContractId) -> bool {
        let Some(slot) = self
            .ext
            .as_ref()
            .and_then(|x| x.face_up.iter().find(|s| s.id == id))
        else {
            return false;
        };
        !slot.completers.contains(&seat)
            && self.completed(seat) < CUBES
            && (self.progress_of(seat, id).is_some() || self.cubes_used(seat) < CUBES)
    }

    /// The persons of kind `k` in `seat`'s display.
    fn persons_of(&self, seat: Seat, k: super::super::contracts::Kind) -> u32 {
        self.count_where(seat, |c| c.person().is_some_and(|p| k.matches(p)))
    }

    /// The persons in `seat`'s display that cost at most `CHEAP` (Cheap Staff's requirement).
    fn cheap_persons(&self, seat: Seat) -> u32 {
        self.count_where(
            seat,
            |c| matches!(c, Card::Person { cost, .. } if cost <= CHEAP),
        )
    }

    /// Whether `seat` meets a contract that is completed at its time to take cards.
    fn requirement_met(&self, seat: Seat, requirement: Requirement) -> bool {
        match requirement {
            Requirement::Persons(a, b) if a == b => self.persons_of(seat, a) >= 2,
            Requirement::Persons(a, b) => {
                self.persons_of(seat, a) >= 1 && self.persons_of(seat, b) >= 1
            }
            Requirement::CheapStaff => self.cheap_persons(seat) >= 4,
            Requirement::Fighter => self.swords(seat) >= 3,
            Requirement::Explorer => self.expeditions_owned(seat) >= 1,
            Requirement::RoyalOrRansom => {
                self.victory_points(seat) >= ROYAL_VP || self.coins(seat) >= RANSOM_COINS
            }
            _ => false,
        }
    }

    /// How far `seat` has come toward contract `id`'s requirement, from 0 to 1 (met): what the
    /// bots' cooperative evaluation counts between completions. The display's persons and
    /// swords, the progress cubes, the ships set aside, the coins toward a tax to pay and toward
    /// Ransom; a contract that waits on chance alone (Jinx, Gamester) counts nothing.
    pub(crate) fn progress_toward(&self, seat: Seat, id: ContractId) -> f64 {
        // What the step before the requirement counts for at most (the persons toward an
        // expedition, the swords toward repelling ships).
        const PREREQUISITE: f64 = 0.5;
        let Some(c) = contract(id) else {
            return 0.0;
        };
        let share = |have: u32, need: u32| f64::from(have.min(need)) / f64::from(need);
        let kind = |k| self.persons_of(seat, k);
        let cubes = || u32::from(self.progress_of(seat, id).unwrap_or(0));
        match c.requirement {
            Requirement::Persons(a, b) if a == b => share(kind(a), 2),
            Requirement::Persons(a, b) => (share(kind(a), 1) + share(kind(b), 1)) / 2.0,
            Requirement::CheapStaff => share(self.cheap_persons(seat), 4),
            Requirement::Fighter => share(self.swords(seat), 3),
            // Before the expedition: the persons toward one in the row.
            Requirement::Explorer if self.expeditions_owned(seat) == 0 => {
                PREREQUISITE * self.crew_share(seat)
            }
            Requirement::Explorer => 1.0,
            Requirement::DeclineCoins { times, .. } => share(cubes(), u32::from(times)),
            Requirement::TinyGamester => share(cubes(), 2),
            Requirement::TaxOfficer => share(self.coins(seat), super::tax::TAX_THRESHOLD),
            // The swords that repel the ships, then the ships set aside.
            Requirement::PackOfPirates => {
                let set_aside = self
                    .ext
                    .as_ref()
                    .and_then(|x| x.set_aside.get(usize::from(seat)));
                let ships = share(set_aside.map_or(0, |s| s.len() as u32), 5);
                PREREQUISITE * share(self.swords(seat), 3) * (1.0 - ships) + ships
            }
            Requirement::RoyalOrRansom => share(self.victory_points(seat), ROYAL_VP)
                .max(share(self.coins(seat), RANSOM_COINS)),
            Requirement::Jinx | Requirement::Gamester => 0.0,
        }
    }

    pub(super) fn check_complete(&self, seat: Seat, raw: u32) -> Result<(), Violation> {
        self.completable(seat, raw).map_err(|unmet| match unmet {
            Unmet::Unavailable(why) => Violation::new(
                Code::ContractNotAvailable,
                format!("Contract {raw} cannot be completed now: {why}."),
            ),
            Unmet::Requirement(name) => Violation::new(
                Code::ContractRequirementUnmet,
                format!("You do not meet the requirement of {name}."),
            ),
        })
    }

    /// Whether `seat` may complete the contract `raw` now, and if not why, without the refusal's
    /// sentence (legal actions ask this of every face-up contract).
    fn completable(&self, seat: Seat, raw: u32) -> Result<(), Unmet> {
        let id = ContractId::try_from(raw)
            .ok()
            .filter(|&id| self.is_face_up(id))
            .ok_or(Unmet::Unavailable("it is not face up"))?;
        let c = contract(id).ok_or(Unmet::Unavailable("no such contract"))?;
        if c.immediate() {
            return Err(Unmet::Unavailable(
                "it is completed only at the moment of its event",
            ));
        }
        if !self.eligible(seat, id) {
            return Err(Unmet::Unavailable(
                "you completed it already, or have no cube left",
            ));
        }
        if !self.requirement_met(seat, c.requirement) {
            return Err(Unmet::Requirement(c.name));
        }
        Ok(())
    }

    fn is_face_up(&self, id: ContractId) -> bool {
        self.ext
            .as_ref()
            .is_some_and(|x| x.face_up.iter().any(|s| s.id == id))
    }

    /// Contracts the taker could complete now.
    pub(super) fn push_completions(&self, seat: Seat, out: &mut Vec<Action>) {
        if let Some(x) = &self.ext {
            for slot in &x.face_up {
                if self.completable(seat, u32::from(slot.id)).is_ok() {
                    out.push(Action::CompleteContract(u32::from(slot.id)));
                }
            }
        }
    }

    pub(super) fn can_complete_any(&self, seat: Seat) -> bool {
        self.ext.as_ref().is_some_and(|x| {
            x.face_up
                .iter()
                .any(|s| self.completable(seat, u32::from(s.id)).is_ok())
        })
    }

    /// Completes a standing contract (checked): in the taker's chance, or (X6, from
    /// port-royal/2) the active player's in phase 1, where the turn goes on with the next draw.
    pub(super) fn complete_now(&mut self, seat: Seat, raw: u32, events: &mut Vec<Event>) {
        let Ok(id) = ContractId::try_from(raw) else {
            return;
        };
        if contract(id).is_some_and(|c| c.requirement == Requirement::RoyalOrRansom)
            && self.victory_points(seat) < ROYAL_VP
        {
            // Ransom: 15 coins paid instead of 12 VP (spec §1.2 [R]).
            self.pay_to_discard(seat, RANSOM_COINS);
        }
        if self.complete(seat, id, events) {
            return;
        }
        if matches!(self.turn.phase, Phase::Trade { .. }) && !self.has_choice(seat) {
            self.next_chance(seat, events);
        }
    }

    /// Places `seat`'s cube on the leftmost free space of `id` (moving it off a progress space),
    /// pays the space's coins, and checks the cooperative win. Returns true if the game ended.
    pub(super) fn complete(&mut self, seat: Seat, id: ContractId, events: &mut Vec<Event>) -> bool {
        let Some(x) = self.ext.as_mut() else {
            return false;
        };
        x.progress.retain(|p| !(p.seat == seat && p.contract == id));
        let Some(slot) = x.face_up.iter_mut().find(|s| s.id == id) else {
            return false;
        };
        let space = slot.completers.len();
        slot.completers.push(seat);
        let due = contract(id)
            .and_then(|c| c.coins.get(space).copied())
            .map_or(0, u32::from);
        let coins = self.gain(seat, due, events);
        events.push(Event::ContractCompleted {
            seat,
            contract: id,
            space: space as u32,
            coins,
        });
        self.check_cooperative_win(events)
    }

    /// One more step on a contract with progress spaces: the first steps place or move the cube
    /// ("1.", "2."), the last completes it. Returns true if the game ended.
    pub(super) fn advance(
        &mut self,
        seat: Seat,
        id: ContractId,
        steps: u8,
        events: &mut Vec<Event>,
    ) -> bool {
        let level = self.progress_of(seat, id).unwrap_or(0) + 1;
        if level >= steps {
            return self.complete(seat, id, events);
        }
        if let Some(x) = self.ext.as_mut() {
            x.progress.retain(|p| !(p.seat == seat && p.contract == id));
            x.progress.push(Progress {
                seat,
                contract: id,
                level,
            });
        }
        events.push(Event::ContractProgressed {
            seat,
            contract: id,
            level: u32::from(level),
        });
        false
    }

    /// Offers an immediate contract to `seat` if it is face up and the seat could use it.
    pub(super) fn offer_contract(&mut self, seat: Seat, f: impl Fn(Requirement) -> bool) {
        if let Some(id) = self.face_up_with(f) {
            if self.eligible(seat, id) {
                self.offers.push(Offer {
                    seat,
                    kind: OfferKind::Contract(id),
                });
            }
        }
    }

    /// Tax Officer for every seat that had to pay (active first, clockwise); then, cooperative,
    /// one more card to the victory pile.
    pub(super) fn offer_after_tax(&mut self, coins_lost: &[u32]) {
        let active = self.turn.active;
        for seat in std::iter::once(active).chain(others_clockwise(active, self.config.players)) {
            if coins_lost.get(usize::from(seat)).is_some_and(|&n| n > 0) {
                self.offer_contract(seat, |r| r == Requirement::TaxOfficer);
            }
        }
        if self
            .ext
            .as_ref()
            .is_some_and(|x| !x.time_pile.is_empty() && self.config.options.cooperative())
        {
            self.offers.push(Offer {
                seat: active,
                kind: OfferKind::VictoryPile,
            });
        }
    }

    /// Tiny Gamester at the 3rd ship colour in the harbor, Gamester at the 4th (active player).
    pub(super) fn offer_gamesters(&mut self, colours_before: u32) {
        let active = self.turn.active;
        match (colours_before, self.distinct_ship_colours()) {
            (2, 3) => self.offer_contract(active, |r| r == Requirement::TinyGamester),
            (3, 4) => self.offer_contract(active, |r| r == Requirement::Gamester),
            _ => {}
        }
    }

    /// Accepts or declines the first open offer; when none is left, the turn goes on (or ends,
    /// after a bust).
    pub(super) fn resolve_offer(&mut self, accept: bool, events: &mut Vec<Event>) {
        if self.offers.is_empty() {
            return;
        }
        let offer = self.offers.remove(0);
        match (accept, offer.kind) {
            (true, OfferKind::Contract(id)) => {
                let steps = match contract(id).map(|c| c.requirement) {
                    Some(Requirement::TinyGamester) => 2,
                    _ => 1,
                };
                if self.advance(offer.seat, id, steps, events) {
                    return;
                }
            }
            (true, OfferKind::VictoryPile) => {
                if let Some(x) = self.ext.as_mut() {
                    if let Some(card) = x.time_pile.pop() {
                        x.victory_pile.push(card);
                    }
                    let cards = x.victory_pile.len() as u32;
                    events.push(Event::VictoryPileGrew { cards });
                }
            }
            (false, kind) => events.push(Event::OfferDeclined {
                seat: offer.seat,
                contract: match kind {
                    OfferKind::Contract(id) => Some(id),
                    OfferKind::VictoryPile => None,
                },
            }),
        }
        if self.offers.is_empty() && self.turn.phase == Phase::Bust {
            self.end_turn(events);
        }
    }

    /// Pack of Pirates (§3.1): the active player's first repelled ship of each colour is set
    /// aside; the fifth colour completes the contract and the five ships are discarded. Returns
    /// `None` if the ship was not set aside, else whether the game ended.
    pub(super) fn set_aside(&mut self, ship: CardId, events: &mut Vec<Event>) -> Option<bool> {
        let seat = self.turn.active;
        let id = self.face_up_with(|r| r == Requirement::PackOfPirates)?;
        if !self.eligible(seat, id) {
            return None;
        }
        let colour = cards::face(ship).ship_colour()?;
        let mine = self.ext.as_mut()?.set_aside.get_mut(usize::from(seat))?;
        if mine
            .iter()
            .any(|&c| cards::face(c).ship_colour() == Some(colour))
        {
            return None;
        }
        mine.push(ship);
        let full = mine.len() >= 5;
        events.push(Event::ShipSetAside { seat, card: ship });
        if !full {
            return Some(false);
        }
        let five = std::mem::take(mine);
        self.discard.extend(five);
        Some(self.complete(seat, id, events))
    }

    /// Cooperative: every face-up contract has a completer → the team wins at once.
    fn check_cooperative_win(&mut self, events: &mut Vec<Event>) -> bool {
        let won = self.config.options.cooperative()
            && self
                .ext
                .as_ref()
                .is_some_and(|x| x.face_up.iter().all(|s| !s.completers.is_empty()));
        if won {
            self.finish_cooperative(true, events);
        }
        won
    }

    /// Cooperative: a turn that cannot take its first card from the time pile while contracts
    /// are open is lost (port-royal/1 checks it when the turn begins; from port-royal/2, X6, at
    /// the first draw, since the active player may complete contracts before it).
    pub(crate) fn check_cooperative_loss(&mut self, events: &mut Vec<Event>) -> bool {
        let lost = self.config.options.cooperative()
            && self.ext.as_ref().is_some_and(|x| {
                x.time_pile.is_empty() && x.face_up.iter().any(|s| s.completers.is_empty())
            });
        if lost {
            self.finish_cooperative(false, events);
        }
        lost
    }

    fn finish_cooperative(&mut self, won: bool, events: &mut Vec<Event>) {
        if let Some(x) = self.ext.as_mut() {
            x.outcome = Some(won);
        }
        self.offers.clear();
        self.turn.phase = Phase::Finished;
        events.push(Event::CooperativeEnded { won });
        events.push(Event::GameFinished);
    }

    /// Coins gained from an ability, reported when there are any.
    pub(super) fn ability_coins(
        &mut self,
        seat: Seat,
        n: u32,
        reason: CoinReason,
        events: &mut Vec<Event>,
    ) {
        if n > 0 {
            let coins = self.gain(seat, n, events);
            events.push(Event::CoinsGained {
                seat,
                coins,
                reason,
            });
        }
    }
}
