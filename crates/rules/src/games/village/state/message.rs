//! The one way into a Village state from outside the game: [`Parts`], the pieces as a client's
//! state delivers them (unchecked), and [`State::from_parts`], which checks what the game owns
//! (the component set's identity, the player count, the RNG) and then every invariant the state
//! alone shows (`integrity`). Field names follow the state message, so one path names both.

use std::sync::Arc;

use crate::core::{RngParts, Seat, StateErrors};
use crate::games::village::components::Components;
use crate::games::village::config::{Config, Options, PLAYERS};
use crate::games::village::pieces::{Pool, Space};
use crate::games::village::rules_version::Rules;

use super::sea::Harbour;
use super::{Board, Decision, Market, SeatState, State, Supply};

/// A Village state's pieces, unchecked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parts {
    /// The name of the component set the state was made with.
    pub component_set: String,
    /// The hash of that set: a state is answered only by a referee running the same set.
    pub component_hash: String,
    /// The options.
    pub options: Options,
    /// The first starting player.
    pub start_seat: u32,
    /// The RNG.
    pub rng: RngParts,
    /// One entry per seat. A member's generation is not part of a client's state: it follows
    /// from the member's index in the component set's family, and `from_parts` sets it.
    pub seats: Vec<SeatState>,
    /// The general supply.
    pub supply: Supply,
    /// The green bag.
    pub bag: Pool,
    /// Cubes on each action space, in the order of [`Space::ALL`].
    pub spaces: Vec<Pool>,
    /// The market.
    pub market: Market,
    /// Monks in the black bag.
    pub monks: u32,
    /// The next-starting-player marker's holder (`None`: in the council chamber).
    pub marker: Option<Seat>,
    /// The round's starting player.
    pub starting_seat: Seat,
    /// The round.
    pub round: u32,
    /// What is being decided, the current decision last.
    pub pending: Vec<Decision>,
    /// Deaths owed at the end of the turn.
    pub due: u32,
    /// The end was triggered.
    pub ending: bool,
    /// Seats still to take a last turn.
    pub last_turns: Vec<Seat>,
    /// Village Port's pieces that are nobody's.
    pub harbour: Harbour,
}

impl State {
    /// The state these parts describe, under a rules version and the component set this referee
    /// runs, or every
    /// field that no game on that set can have.
    pub fn from_parts(p: Parts, rules: Rules, set: &Arc<Components>) -> Result<State, StateErrors> {
        if p.component_set != set.name || p.component_hash != set.hash() {
            return Err(StateErrors::one(
                "component_hash",
                format!(
                    "the state was made with component set {:?} ({}), but this referee runs {:?} \
                     ({})",
                    p.component_set,
                    p.component_hash,
                    set.name,
                    set.hash()
                ),
            )
            .with_reason("COMPONENT_SET_MISMATCH"));
        }
        let players = p.seats.len();
        if !u8::try_from(players).is_ok_and(|n| PLAYERS.contains(&n)) {
            let (low, high) = (PLAYERS.start(), PLAYERS.end());
            return Err(StateErrors::one(
                "seats",
                format!("must have {low} to {high} entries"),
            ));
        }
        let config = Config::new(
            rules,
            Arc::clone(set),
            players as u32,
            p.start_seat,
            p.options,
        )
        .map_err(|e| e.rebase("players", "seats"))?;
        let mut errs = StateErrors::default();
        let rng = p.rng.check(&mut errs);
        let spaces = <[Pool; 7]>::try_from(p.spaces);
        if spaces.is_err() {
            errs.push("spaces", format!("must have {} entries", Space::ALL.len()));
        }
        let (Some(rng), Ok(spaces)) = (rng, spaces) else {
            return Err(errs);
        };
        let mut seats = p.seats;
        for seat in &mut seats {
            let family = set.family.generations.iter().zip(1u8..);
            let mut generations = family.flat_map(|(&n, g)| (0..n).map(move |_| g));
            for m in &mut seat.members {
                m.generation = generations.next().unwrap_or(0);
            }
        }
        let state = State {
            config,
            rng,
            seats,
            board: Board {
                supply: p.supply,
                bag: p.bag,
                spaces,
            },
            market: p.market,
            monks: p.monks,
            marker: p.marker,
            starting: p.starting_seat,
            round: p.round,
            pending: p.pending,
            due: p.due,
            ending: p.ending,
            last_turns: p.last_turns,
            harbour: p.harbour,
        };
        state.check_integrity()?;
        Ok(state)
    }

    /// The parts of this state: `from_parts` of them gives this state back.
    pub fn to_parts(&self) -> Parts {
        let set = &self.config.components;
        Parts {
            component_set: set.name.clone(),
            component_hash: set.hash().to_owned(),
            options: self.config.options,
            start_seat: u32::from(self.config.start_seat),
            rng: self.rng.to_parts(),
            seats: self.seats.clone(),
            supply: self.board.supply.clone(),
            bag: self.board.bag,
            spaces: self.board.spaces.to_vec(),
            market: self.market.clone(),
            monks: self.monks,
            marker: self.marker,
            starting_seat: self.starting,
            round: self.round,
            pending: self.pending.clone(),
            due: self.due,
            ending: self.ending,
            last_turns: self.last_turns.clone(),
            harbour: self.harbour.clone(),
        }
    }
}
