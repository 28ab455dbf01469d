//! How one decision leads to the next: the end of a turn and the deaths it owes (village.md §5),
//! the end trigger and the last turns (§6, [R] §10.3), the next turn, the next round.

use crate::core::Seat;
use crate::games::village::action::Event;
use crate::games::village::state::{Decision, State, Step};

impl State {
    /// The end of a seat's turn: its deaths, then the next turn (or the mass).
    pub(crate) fn end_turn(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let due = std::mem::take(&mut self.due);
        if self.deaths(seat, due, events) {
            self.next_turn(seat, events);
        }
    }

    /// `count` deaths of a seat's members, each of the lowest generation in sight: those with
    /// one candidate at once (unless that could take a goal from the seat, V-R41), else the
    /// owner's decision (pushed). True when all are resolved.
    pub(crate) fn deaths(&mut self, seat: Seat, count: u32, events: &mut Vec<Event>) -> bool {
        for left in (1..=count).rev() {
            let candidates = self.dying_candidates(seat);
            let left = u8::try_from(left).unwrap_or(u8::MAX);
            match candidates.as_slice() {
                [] => return true,
                [_] if self.at_stake(seat, Step::Death { left }) => {
                    let step = Step::Death { left };
                    self.pending.push(Decision::GoalAtStake { seat, step });
                    return false;
                }
                [only] => self.die(seat, *only, events),
                _ => {
                    self.pending.push(Decision::Dying { seat, left });
                    return false;
                }
            }
        }
        true
    }

    /// A member dies: laid to rest; the end is triggered if that filled the last space.
    pub(crate) fn die(&mut self, seat: Seat, member: usize, events: &mut Vec<Event>) {
        let Some(burial) = self.bury(seat, member) else {
            return;
        };
        events.push(Event::Died {
            seat,
            member: member as u8,
            rest: burial.place,
        });
        if burial.ends_game && !self.end.triggered {
            self.trigger_end(seat, events);
        }
    }

    /// The end is triggered by a seat's member: who takes a last turn (§6, [R] §10.3). Outside a
    /// market day (or by the market's trigger player) every other seat takes one, clockwise from
    /// the triggering seat; by another seat during a market day, every seat takes one from the
    /// seat after the market's trigger player, which is last.
    fn trigger_end(&mut self, seat: Seat, events: &mut Vec<Event>) {
        self.end.triggered = true;
        events.push(Event::EndTriggered { seat });
        let market_trigger = self.pending.iter().find_map(|d| match d {
            Decision::MarketDay { trigger, .. } => Some(*trigger),
            _ => None,
        });
        let players = self.config.players;
        self.end.last_turns = match market_trigger {
            Some(trigger) if trigger != seat => (1..=players)
                .map(|n| self.config.after(trigger, n))
                .collect(),
            Some(trigger) => (1..players)
                .map(|n| self.config.after(trigger, n))
                .collect(),
            None => (1..players).map(|n| self.config.after(seat, n)).collect(),
        };
    }

    /// After a seat's turn: the next turn, a last turn, the mass at the round's end, or the final
    /// mass once the last turns are taken.
    fn next_turn(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if self.end.triggered {
            if self.end.last_turns.is_empty() {
                self.begin_mass(events);
            } else {
                let next = self.end.last_turns.remove(0);
                // A last turn on an empty board is an action of the seat's choice, free (§6).
                self.pending.push(if self.board.is_empty() {
                    Decision::ChooseAction { seat: next }
                } else {
                    Decision::Turn { seat: next }
                });
            }
        } else if self.board.is_empty() {
            self.begin_mass(events);
        } else {
            self.pending.push(Decision::Turn {
                seat: self.config.after(seat, 1),
            });
        }
    }

    /// After the mass: the holder of the next-starting-player marker starts the next round and
    /// the marker returns to the council chamber (without a holder, the starting player stays);
    /// from `village/3` on the holder is asked first if that could take a goal from it (V-R41).
    pub(crate) fn next_round(&mut self, events: &mut Vec<Event>) {
        match self.marker {
            Some(seat) if self.at_stake(seat, Step::MarkerReturn) => {
                let step = Step::MarkerReturn;
                self.pending.push(Decision::GoalAtStake { seat, step });
            }
            _ => self.begin_next_round(events),
        }
    }

    /// The marker's return and the next round's seeding.
    pub(crate) fn begin_next_round(&mut self, events: &mut Vec<Event>) {
        if let Some(holder) = self.marker.take() {
            self.starting = holder;
        }
        self.round = self.round.saturating_add(1);
        self.begin_round();
        events.push(self.round_begun());
    }

    /// The event of a round's seeding.
    pub(crate) fn round_begun(&self) -> Event {
        Event::RoundBegun {
            round: self.round,
            starting: self.starting,
            spaces: self.board.spaces,
        }
    }
}
