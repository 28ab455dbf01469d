//! Expeditions (§2.6): the active player, on their own turn, discards one person per symbol
//! (Settler house, Captain anchor, Priest cross, Jack of all Trades any one) to take an
//! expedition from the row into their display and gain its coins.

use crate::core::pile::CardId;
use crate::core::{Seat, Violation};

use super::super::Code;

use super::super::action::{Action, CoinReason, Event};
use super::super::cards::{self, Card, Person, Symbol};
use super::super::state::State;

/// The persons a seat owns that can go on expeditions, by symbol, plus Jacks.
struct Crew {
    by_symbol: [Vec<CardId>; 3],
    jacks: Vec<CardId>,
}

impl State {
    fn crew(&self, seat: Seat) -> Crew {
        let mut crew = Crew {
            by_symbol: Default::default(),
            jacks: Vec::new(),
        };
        for &id in self.seat(seat).map_or(&[][..], |s| &s.display[..]) {
            match cards::face(id).person() {
                Some(Person::JackOfAllTrades) => crew.jacks.push(id),
                Some(p) => {
                    if let Some(sym) = p.symbol() {
                        if let Some(v) = crew.by_symbol.get_mut(sym as usize) {
                            v.push(id);
                        }
                    }
                }
                None => {}
            }
        }
        crew
    }

    fn needs(expedition: CardId) -> Option<[u8; 3]> {
        match cards::face(expedition) {
            Card::Expedition { needs, .. } => Some(needs),
            _ => None,
        }
    }

    /// Whether `seat` could claim some expedition in the row now.
    pub(super) fn can_claim_any(&self, seat: Seat) -> bool {
        self.crew_share(seat) >= 1.0
    }

    /// The largest share of an expedition's symbols in the row that `seat`'s persons cover (1:
    /// it could claim it now; 0 with no expedition in the row).
    pub(super) fn crew_share(&self, seat: Seat) -> f64 {
        if self.expeditions.is_empty() {
            return 0.0;
        }
        let crew = self.crew(seat);
        let share = |needs: [u8; 3]| {
            let short: usize = needs
                .iter()
                .zip(&crew.by_symbol)
                .map(|(&n, have)| usize::from(n).saturating_sub(have.len()))
                .sum();
            let asked: usize = needs.iter().map(|&n| usize::from(n)).sum();
            if asked == 0 {
                return 1.0;
            }
            let covered = asked - short.saturating_sub(crew.jacks.len());
            covered as f64 / asked as f64
        };
        self.expeditions
            .iter()
            .filter_map(|&e| Self::needs(e).map(share))
            .fold(0.0, f64::max)
    }

    /// One claim per distinct way of covering each expedition's symbols (persons of one type
    /// are interchangeable, so the first owned of each type is named).
    pub(super) fn push_claims(&self, seat: Seat, out: &mut Vec<Action>) {
        if !self.can_claim_any(seat) {
            return;
        }
        let crew = self.crew(seat);
        for &e in &self.expeditions {
            let Some(needs) = Self::needs(e) else {
                continue;
            };
            // jacks[s]: how many Jacks stand in for symbol s.
            let ranges = needs.map(|n| 0..=n);
            for j0 in ranges[0].clone() {
                for j1 in ranges[1].clone() {
                    for j2 in ranges[2].clone() {
                        let jacks = [j0, j1, j2];
                        let total: usize = jacks.iter().map(|&j| usize::from(j)).sum();
                        if total > crew.jacks.len() {
                            continue;
                        }
                        let mut persons = Vec::new();
                        let mut ok = true;
                        for s in 0..3 {
                            let own = usize::from(needs[s] - jacks[s]);
                            match crew.by_symbol[s].get(..own) {
                                Some(ids) => persons.extend(ids.iter().map(|&id| u32::from(id))),
                                None => ok = false,
                            }
                        }
                        if ok {
                            persons.extend(crew.jacks[..total].iter().map(|&id| u32::from(id)));
                            out.push(Action::ClaimExpedition {
                                expedition: u32::from(e),
                                persons,
                            });
                        }
                    }
                }
            }
        }
    }

    pub(super) fn check_claim(
        &self,
        seat: Seat,
        expedition: u32,
        persons: &[u32],
    ) -> Result<(), Violation> {
        if seat != self.turn.active {
            return Err(Violation::new(
                Code::ActivePlayerOnly,
                "Only the active player may claim an expedition, on their own turn.",
            ));
        }
        let needs = CardId::try_from(expedition)
            .ok()
            .filter(|e| self.expeditions.contains(e))
            .and_then(Self::needs)
            .ok_or_else(|| {
                Violation::new(
                    Code::ExpeditionNotAvailable,
                    format!("Card {expedition} is not an expedition in the row."),
                )
            })?;
        let total: usize = needs.iter().map(|&n| usize::from(n)).sum();
        if persons.len() != total {
            return Err(Violation::new(
                Code::ExpeditionRequirementUnmet,
                format!("This expedition needs exactly {total} persons, one per symbol."),
            ));
        }
        let display = self.seat(seat).map_or(&[][..], |s| &s.display[..]);
        let mut per_symbol = [0u8; 3];
        for (i, &raw) in persons.iter().enumerate() {
            let owned = CardId::try_from(raw).ok().filter(|id| display.contains(id));
            let Some(id) = owned else {
                return Err(Violation::new(
                    Code::CardNotOwned,
                    format!("Card {raw} is not in your display."),
                ));
            };
            if persons[..i].contains(&raw) {
                return Err(Violation::new(
                    Code::ExpeditionRequirementUnmet,
                    format!("Card {raw} is named twice."),
                ));
            }
            match cards::face(id).person() {
                Some(Person::JackOfAllTrades) => {}
                Some(p) => match p.symbol() {
                    Some(sym) => per_symbol[sym as usize] += 1,
                    None => {
                        return Err(Violation::new(
                            Code::ExpeditionRequirementUnmet,
                            format!("Card {raw} carries no expedition symbol."),
                        ))
                    }
                },
                None => {
                    return Err(Violation::new(
                        Code::ExpeditionRequirementUnmet,
                        format!("Card {raw} is not a person."),
                    ))
                }
            }
        }
        for (s, sym) in Symbol::ALL.iter().enumerate() {
            if per_symbol[s] > needs[s] {
                return Err(Violation::new(
                    Code::ExpeditionRequirementUnmet,
                    format!("The expedition needs only {} {sym:?} symbol(s).", needs[s]),
                ));
            }
        }
        Ok(())
    }

    /// Claims (checked): persons to the discard pile, the expedition to the display, its coins.
    pub(super) fn claim(
        &mut self,
        seat: Seat,
        expedition: u32,
        persons: &[u32],
        events: &mut Vec<Event>,
    ) {
        let Ok(expedition) = CardId::try_from(expedition) else {
            return;
        };
        let persons: Vec<CardId> = persons
            .iter()
            .filter_map(|&p| CardId::try_from(p).ok())
            .collect();
        self.expeditions.retain(|&e| e != expedition);
        if let Some(s) = self.seats.get_mut(usize::from(seat)) {
            s.display.retain(|c| !persons.contains(c));
            s.display.push(expedition);
        }
        self.discard.extend(&persons);
        let due = match cards::face(expedition) {
            Card::Expedition { coins, .. } => u32::from(coins),
            _ => 0,
        };
        events.push(Event::ExpeditionClaimed {
            seat,
            expedition,
            persons,
        });
        let coins = self.gain(seat, due, events);
        events.push(Event::CoinsGained {
            seat,
            coins,
            reason: CoinReason::Expedition,
        });
        // A claim during one's own phase 2 may leave nothing more to decide.
        if matches!(self.turn.phase, super::super::state::Phase::Trade { .. })
            && !self.has_choice(seat)
        {
            self.next_chance(seat, events);
        }
    }
}
