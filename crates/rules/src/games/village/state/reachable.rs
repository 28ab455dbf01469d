//! What only play produces: orders and links between fields that every state the referee makes
//! keeps, and a constructed state can break while each field alone is in range (docs/rules.md,
//! "Village's invariants"). Checked once `integrity`'s ranges and counts hold, so every index
//! here is valid.

use crate::core::StateErrors;

use super::family::{Place, Section};
use super::{Decision, State};

impl State {
    /// Every order and link play keeps, or the fields that break one.
    pub(super) fn check_reachable(&self, errs: &mut StateErrors) {
        self.check_births(errs);
        self.check_resting(errs);
        self.check_decision_links(errs);
        self.check_market_order(errs);
        self.check_expansion_pieces(errs);
        self.check_travel(errs);
    }

    /// Travel markers follow the members: a member in a city has its seat's marker there, unless
    /// the seat had none left when it arrived; the marked cities are joined to the village by
    /// paths through marked cities (members travel along paths from the village, marking each
    /// city they reach while markers last).
    fn check_travel(&self, errs: &mut StateErrors) {
        let travel = &self.config.components.travel;
        let mut ends = None;
        for (i, s) in self.seats.iter().enumerate() {
            let all_placed = s.markers.len() as u64 >= u64::from(travel.markers);
            for (j, m) in s.members.iter().enumerate() {
                if let Place::City(c) = m.place {
                    if !all_placed && !s.markers.contains(&c) {
                        errs.push(
                            format!("seats[{i}].members[{j}]"),
                            "is in a city without its seat's marker, though the seat has one left",
                        );
                    }
                }
            }
            if s.markers.is_empty() {
                continue;
            }
            // The marked cities reached from the village through marked cities only (the
            // paths' ends are looked up by name once, and only for a seat with markers).
            let ends = ends.get_or_insert_with(|| {
                travel
                    .paths
                    .iter()
                    .map(|p| [&p.between[0], &p.between[1]].map(|e| self.city_or_village(e)))
                    .collect::<Vec<[Option<Option<u8>>; 2]>>()
            });
            let mut reached: Vec<u8> = Vec::new();
            let mut from: Vec<Option<u8>> = vec![None];
            while let Some(here) = from.pop() {
                for [a, b] in ends.iter() {
                    for (x, y) in [(a, b), (b, a)] {
                        if let (Some(x), Some(Some(to))) = (x, y) {
                            if *x == here && s.markers.contains(to) && !reached.contains(to) {
                                reached.push(*to);
                                from.push(Some(*to));
                            }
                        }
                    }
                }
            }
            if let Some(k) = s.markers.iter().position(|c| !reached.contains(c)) {
                errs.push(
                    format!("seats[{i}].markers[{k}]"),
                    "is on a city no journey reaches: no path of marked cities joins it to the village",
                );
            }
        }
    }

    /// Generations are born in order: the next member out of the reserve is always of its
    /// lowest generation, so no member is out while a lower generation is still in.
    fn check_births(&self, errs: &mut StateErrors) {
        for (i, s) in self.seats.iter().enumerate() {
            let lowest_in = s
                .members
                .iter()
                .filter(|m| m.place == Place::Reserve)
                .map(|m| m.generation)
                .min();
            let Some(lowest_in) = lowest_in else {
                continue;
            };
            if let Some(j) = s
                .members
                .iter()
                .position(|m| m.place != Place::Reserve && m.generation > lowest_in)
            {
                errs.push(
                    format!("seats[{i}].members[{j}]"),
                    format!(
                        "is out of the reserve while generation {lowest_in} is still in it (generations are born in order)"
                    ),
                );
            }
        }
    }

    /// The dead take the first free space: each chronicle section, the graves and the sea
    /// burials fill from their first space open at this player count, with no gap. And the end
    /// is triggered exactly when the chronicle, the graves or (Port) the sea burials are full.
    /// The resting places taken are gathered once: this runs on every request.
    fn check_resting(&self, errs: &mut StateErrors) {
        let players = self.config.players;
        let c = &self.config.components;
        // Each row's labels (which spaces are open at this player count; every sea burial is),
        // and which spaces hold a member, by index: one pass over the members, one over the
        // spaces, into one flat list (this runs on every request).
        let sections = c.chronicle.sections();
        let graves = Section::ALL.len();
        let burials = if self.port() {
            c.port.sea_burials.len()
        } else {
            0
        };
        let row_len = |row: usize| match row {
            r if r < graves => sections[r].1.len(),
            r if r == graves => c.graves.spaces.len(),
            _ => burials,
        };
        let open_at = |row: usize, k: usize| match row {
            r if r < graves => sections[r].1[k].open(players),
            r if r == graves => c.graves.spaces[k].open(players),
            _ => true,
        };
        let rows = graves + 1 + usize::from(self.port());
        let mut start = [0usize; Section::ALL.len() + 3];
        for row in 0..rows {
            start[row + 1] = start[row] + row_len(row);
        }
        let mut taken = vec![false; start[rows]];
        for m in self.seats.iter().flat_map(|s| &s.members) {
            let (row, k) = match m.place {
                Place::Chronicle(section, k) => (section as usize, k),
                Place::Grave(k) => (graves, k),
                Place::SeaBurial(k) => (graves + 1, k),
                _ => continue,
            };
            if row < rows && usize::from(k) < row_len(row) {
                taken[start[row] + usize::from(k)] = true;
            }
        }
        let mut full = [false; Section::ALL.len() + 2];
        for (row, full) in full.iter_mut().enumerate().take(rows) {
            let taken = &taken[start[row]..start[row + 1]];
            let open = || (0..taken.len()).filter(|&k| open_at(row, k));
            let filled = open().take_while(|&k| taken[k]).count();
            *full = filled == open().count();
            if let Some(k) = open().skip(filled).find(|&k| taken[k]) {
                let place = match row {
                    r if r < graves => Place::Chronicle(Section::ALL[r], k as u8),
                    r if r == graves => Place::Grave(k as u8),
                    _ => Place::SeaBurial(k as u8),
                };
                let (i, j) = self.holder(place);
                errs.push(
                    format!("seats[{i}].members[{j}]"),
                    "rests on a space after a free one (the dead take the first free space)",
                );
            }
        }
        let ended = full[..graves].iter().all(|&f| f) || full[graves..rows].contains(&true);
        if self.end.triggered && !ended {
            errs.push(
                "ending",
                "is set, but neither the chronicle, the graves nor the sea burials are full",
            );
        }
        if ended && !self.end.triggered {
            errs.push(
                "ending",
                "is not set, but the chronicle, the graves or the sea burials are full",
            );
        }
    }

    /// The seat and index of the member in a place (one that holds a member).
    fn holder(&self, place: Place) -> (usize, usize) {
        self.seats
            .iter()
            .enumerate()
            .find_map(|(i, s)| {
                s.members
                    .iter()
                    .position(|m| m.place == place)
                    .map(|j| (i, j))
            })
            .unwrap_or_default()
    }

    /// What a decision implies about the rest of the state.
    fn check_decision_links(&self, errs: &mut StateErrors) {
        let Some(top) = self.decision() else {
            return;
        };
        let at = || format!("pending[{}]", self.pending.len() - 1);
        let seat = top.seat();
        let s = &self.seats[usize::from(seat)];
        match top {
            // Nothing has happened in a turn that begins: no time owed.
            Decision::Turn { .. }
            | Decision::ChooseAction { .. }
            | Decision::CompensationCube { .. }
                if self.due > 0 =>
            {
                errs.push(
                    "due",
                    "must be 0 when a turn begins: nothing has passed time yet",
                );
            }
            // The privilege of the stage a member just reached.
            Decision::Privilege { up_to, .. }
                if !s.members.iter().any(|m| m.place == Place::Council(up_to)) =>
            {
                errs.push(
                    at(),
                    format!("offers stage {up_to}'s privileges, but the seat has no member on that stage"),
                );
            }
            // Loading happens in port.
            Decision::Load { .. } if s.ship.at != 0 => {
                errs.push(
                    format!("seats[{seat}].ship"),
                    "is at sea while it loads in port",
                );
            }
            _ => {}
        }
        let owed = &self.end.last_turns;
        if (0..owed.len()).any(|k| owed[..k].contains(&owed[k])) {
            errs.push(
                "last_turns",
                "names a seat twice (each seat takes one last turn)",
            );
        }
        // The seat whose turn it is is owed no last turn, unless another seat ended the game
        // during its market day: then every seat is owed one, it last, and none is taken yet.
        let mass = matches!(
            top,
            Decision::BuyOut { .. } | Decision::Windows { .. } | Decision::LastChance { .. }
        );
        let turn_seat = self
            .pending
            .iter()
            .find_map(|d| match d {
                Decision::MarketDay { trigger, .. } => Some(*trigger),
                _ => None,
            })
            .unwrap_or(seat);
        let its_own = self.end.last_turns.len() == usize::from(self.config.players)
            && self.end.last_turns.last() == Some(&turn_seat);
        if !mass && self.end.last_turns.contains(&turn_seat) && !its_own {
            errs.push(
                "last_turns",
                format!("names seat {turn_seat}, whose turn it is"),
            );
        }
    }

    /// The waiting line's open spaces fill from its front and from the pile, and outside a market
    /// day the open stalls from the line: a gap in the line means the pile ran out, and an empty
    /// stall that the line ran out (a line shorter than the stalls leaves some empty).
    fn check_market_order(&self, errs: &mut StateErrors) {
        let m = &self.market;
        let pile = !m.pile.is_empty();
        let layout = &self.config.components.market;
        let open = |i: usize| layout.waiting_line.open(i, self.config.players);
        let gap = (0..m.waiting.len()).find(|&i| open(i) && m.waiting[i].is_none());
        if let Some(k) = gap {
            if pile || m.waiting[k..].iter().any(Option::is_some) {
                errs.push(
                    format!("market.waiting[{k}]"),
                    "is empty while the line behind it or the pile has a tile (the line fills from its front)",
                );
            }
        }
        let day = self
            .pending
            .iter()
            .any(|d| matches!(d, Decision::MarketDay { .. }));
        if day {
            return;
        }
        // After a day the line moves up into the empty stalls, then refills from the pile. While
        // the pile has tiles the line was full before the day, so at most the stalls beyond the
        // line's length stay empty; once it is empty, a stall stays empty only if the line is.
        let players = self.config.players;
        let stalls = layout.stalls.iter().filter(|l| l.open(players)).count();
        let spaces = (0..m.waiting.len()).filter(|&i| open(i)).count();
        let line = m.waiting.iter().any(Option::is_some);
        let may_be_empty = match (pile, line) {
            (true, _) => stalls.saturating_sub(spaces),
            (false, true) => 0,
            (false, false) => stalls,
        };
        let mut empty = (m.stalls.iter().zip(&layout.stalls).enumerate())
            .filter(|(_, (stall, label))| stall.is_none() && label.open(players))
            .map(|(i, _)| i);
        let first = empty.next();
        if let Some(i) = first.filter(|_| 1 + empty.count() > may_be_empty) {
            errs.push(
                format!("market.stalls[{i}]"),
                "is open and empty outside a market day although the waiting line would have \
                 filled it (the line moves up into the stalls after each day)",
            );
        }
    }

    /// Village Port puts the travel markers back in the box and its ships replace the map.
    fn check_expansion_pieces(&self, errs: &mut StateErrors) {
        for (i, s) in self.seats.iter().enumerate() {
            if self.port() && !s.markers.is_empty() {
                errs.push(
                    format!("seats[{i}].markers"),
                    "must be empty with Village Port (its travel markers stay in the box)",
                );
            }
            if let Some(j) = s
                .members
                .iter()
                .position(|m| self.port() && matches!(m.place, Place::City(_)))
            {
                errs.push(
                    format!("seats[{i}].members[{j}]"),
                    "is in a city of the travel map, which Village Port replaces",
                );
            }
        }
    }
}
