//! The market day (village.md §3 Market): from the trigger player clockwise, each seat serves a
//! customer or passes, round and round until every seat has passed or no customer is left; the
//! trigger's first sale is free, every other costs a green cube (or coin) and a time, and a
//! death during the day is resolved at once. Then the market is refilled.

use crate::core::Seat;
use crate::games::village::action::{Action, Event};
use crate::games::village::state::sea::{COCOA_PRESTIGE, TEA_COINS, TEA_PRESTIGE};
use crate::games::village::state::{Decision, State};

impl State {
    /// A market day begins: the trigger player acts first.
    pub(crate) fn begin_market_day(&mut self, trigger: Seat, events: &mut Vec<Event>) {
        self.pending.push(Decision::MarketDay {
            trigger,
            seat: trigger,
            passed: 0,
            free: true,
        });
        self.continue_market_day(events);
    }

    /// The day goes on from the seat the decision names: a seat that can sell nothing (from
    /// `village/2` on: not even once it cashed its chests, V-R39) is out, the first that can is
    /// asked; when none can (or no customer is left), the day ends.
    pub(crate) fn continue_market_day(&mut self, events: &mut Vec<Event>) {
        let Some(Decision::MarketDay {
            trigger,
            seat,
            mut passed,
            free,
        }) = self.pending.pop()
        else {
            return;
        };
        for n in 0..self.config.players {
            let candidate = self.config.after(seat, n);
            if passed & (1 << candidate) != 0 {
                continue;
            }
            let decision = Decision::MarketDay {
                trigger,
                seat: candidate,
                passed,
                free,
            };
            if !self.can_sell(decision) && !self.could_after_cashing(decision) {
                passed |= 1 << candidate;
            } else {
                self.pending.push(decision);
                return;
            }
        }
        self.market
            .refill(&self.config.components.market, self.config.players);
        events.push(Event::MarketDayEnded);
        self.end_turn(trigger, events);
    }
}

impl State {
    /// A market-day sale: a customer, or with Village Port a cocoa basket (7 prestige) or a tea
    /// bale (5 prestige and 1 coin) brought home; sold tiles leave the game.
    pub(crate) fn sell(&mut self, seat: Seat, action: Action, events: &mut Vec<Event>) {
        let s = &mut self.seats[usize::from(seat)];
        match action {
            Action::Serve { stall, .. } => {
                let stall = usize::from(stall);
                if let Some(tile) = self.market.stalls[stall] {
                    self.serve(seat, stall);
                    events.push(Event::Served {
                        seat,
                        customer: tile,
                    });
                }
            }
            Action::SellCocoa { .. } => {
                s.cocoa -= 1;
                s.prestige = s.prestige.saturating_add(COCOA_PRESTIGE);
                self.harbour.gone.cocoa += 1;
            }
            Action::SellTea { .. } => {
                s.tea -= 1;
                s.prestige = s.prestige.saturating_add(TEA_PRESTIGE);
                s.coins = s.coins.saturating_add(TEA_COINS);
                self.harbour.gone.tea += 1;
            }
            _ => {}
        }
    }
}
