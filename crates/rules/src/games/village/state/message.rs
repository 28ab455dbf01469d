//! The one way into a Village state from outside the game: its state message
//! (`v1::VillageState`, unchecked, as the request spells it), read by [`State::from_parts`],
//! which checks its shape as it reads, then what the game owns (the component set's identity,
//! the player count, the RNG) and then every invariant the state alone shows (`integrity`);
//! [`State::to_parts`] writes it back. Each concept reads and writes its own part (`SeatState`,
//! `Market`, `Harbour`…); here are the whole message and the pending decisions, a core enum that
//! the message spells as one flat message per decision.

use std::sync::Arc;

use referee_proto::v1;
use v1::VillageAutomaticStep as S;
use v1::VillageDecisionKind as K;

use crate::core::message::{ids, list, small, small_list, At};
use crate::core::{GameRng, StateErrors};
use crate::games::village::components::Library;
use crate::games::village::config::{Config, Options, PLAYERS};
use crate::games::village::pieces::{Pool, Space};
use crate::games::village::rules_version::Rules;

use super::family::Building;
use super::sea::Harbour;
use super::{Board, Decision, End, Market, SeatState, State, Step, Supply};

/// The most entries any list of a Village state can have (members, customers, cities…): far
/// above any component set, it bounds the work a hostile state can cause before the checks.
pub(crate) const MAX_LIST: usize = 1_000;

/// A view's count written into a state: the state carries what it counts.
const VIEWS_ONLY: &str =
    "is a view's count and must be 0 in a state, which carries the pieces themselves";

impl crate::games::StateMessage for State {
    type Parts = v1::VillageState;

    /// The state a client's message describes, under a rules version and the component set it
    /// records (one of `library`'s), or every field that no game on that set can have (paths as
    /// the message spells them). Its shape is read first, every field's errors together.
    fn from_parts(
        p: &v1::VillageState,
        rules: Rules,
        library: &Arc<Library>,
    ) -> Result<State, StateErrors> {
        views_only(p)?;
        let root = At::Root;
        let mut errs = StateErrors::default();
        let options = match &p.options {
            Some(o) => Options::from_proto(o).unwrap_or_else(|e| {
                errs.keep(e.under("options."));
                Options::default()
            }),
            None => Options::default(),
        };
        let seats = list(
            &p.seats,
            MAX_LIST,
            &root.field("seats"),
            &mut errs,
            SeatState::from_proto,
        );
        let spaces = list(
            &p.spaces,
            MAX_LIST,
            &root.field("spaces"),
            &mut errs,
            |s, _| Ok(Pool::from_proto(Some(s))),
        );
        let market = Market::from_proto(p.market.as_ref(), &root.field("market"), &mut errs);
        let pending = list(
            &p.pending,
            MAX_LIST,
            &root.field("pending"),
            &mut errs,
            Decision::from_proto,
        );
        let last_turns = small_list(
            &p.last_turns,
            MAX_LIST,
            &root.field("last_turns"),
            &mut errs,
        );
        let harbour = Harbour::from_proto(p.harbour.as_ref(), &root.field("harbour"), &mut errs);
        errs.into_result()?;

        let set = library.find(&p.component_set, &p.component_hash)?;
        let players = seats.len();
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
            options,
        )
        .map_err(|e| e.rebase("players", "seats"))?;
        let mut errs = StateErrors::default();
        let rng = p
            .rng
            .as_ref()
            .map_or((&[][..], 0), |r| (&r.seed[..], r.word_pos));
        let rng = GameRng::check(rng.0, rng.1, &mut errs);
        let spaces = <[Pool; 7]>::try_from(spaces);
        if spaces.is_err() {
            errs.push("spaces", format!("must have {} entries", Space::ALL.len()));
        }
        let (Some(rng), Ok(spaces)) = (rng, spaces) else {
            return Err(errs);
        };
        let mut seats = seats;
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
                supply: Supply::from_proto(p.supply.as_ref()),
                bag: Pool::from_proto(p.bag.as_ref()),
                spaces,
            },
            market,
            monks: p.monks,
            marker: p.marker.map(small),
            starting: small(p.starting_seat),
            round: p.round,
            pending,
            due: p.due,
            end: End {
                triggered: p.ending,
                last_turns,
            },
            harbour,
        };
        state.check_integrity()?;
        Ok(state)
    }

    /// This state as its message: `from_parts` of it gives this state back.
    fn to_parts(&self) -> v1::VillageState {
        let set = &self.config.components;
        v1::VillageState {
            component_set: set.name.clone(),
            component_hash: set.hash().to_owned(),
            options: Some(self.config.options.to_proto()),
            start_seat: u32::from(self.config.start_seat),
            rng: Some(v1::VillageRng {
                seed: self.rng.seed().to_vec(),
                word_pos: self.rng.word_pos(),
            }),
            seats: self.seats.iter().map(SeatState::to_proto).collect(),
            supply: Some(self.board.supply.to_proto()),
            bag: Some(self.board.bag.to_proto()),
            spaces: self.board.spaces.iter().map(Pool::to_proto).collect(),
            market: Some(self.market.to_proto()),
            monks: self.monks,
            marker: self.marker.map(u32::from),
            starting_seat: u32::from(self.starting),
            round: self.round,
            pending: self.pending.iter().map(|d| d.to_proto()).collect(),
            due: self.due,
            ending: self.end.triggered,
            last_turns: ids(&self.end.last_turns),
            // Absent while empty: a game without Village Port keeps the bytes it had before the
            // expansion was served.
            harbour: (self.harbour != Harbour::default()).then(|| self.harbour.to_proto()),
        }
    }
}

/// A view's counts must be 0 in a state, which carries what they count.
fn views_only(p: &v1::VillageState) -> Result<(), StateErrors> {
    let mut errs = StateErrors::default();
    for (i, s) in p.seats.iter().enumerate() {
        for (field, count) in [
            ("customer_count", s.customer_count),
            ("hidden_goals", s.hidden_goals),
            ("chest_count", s.chest_count),
        ] {
            if count != 0 {
                errs.push(format!("seats[{i}].{field}"), VIEWS_ONLY);
            }
        }
    }
    let market = p.market.as_ref().map_or(0, |m| m.pile_count);
    let harbour = p.harbour.as_ref().map_or(0, |h| h.chest_count);
    for (field, count) in [
        ("market.pile_count", market),
        ("harbour.chest_count", harbour),
    ] {
        if count != 0 {
            errs.push(field, VIEWS_ONLY);
        }
    }
    errs.into_result()
}

/// A count of what is left to do (`at`: its field): 1 to 255.
fn count(n: u32, at: &At) -> Result<u8, StateErrors> {
    u8::try_from(n)
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| at.error("must be 1 to 255"))
}

impl Decision {
    /// The decision a flat message spells: its kind names the variant, whose fields are the
    /// message's fields of the same names (the others left at 0); `at` is its place.
    pub fn from_proto(d: &v1::VillageDecision, at: &At) -> Result<Decision, StateErrors> {
        let seat = small(d.seat);
        Ok(match K::try_from(d.kind) {
            Ok(K::CompensationCube) => Decision::CompensationCube { seat },
            Ok(K::Turn) => Decision::Turn { seat },
            Ok(K::ChooseAction) => Decision::ChooseAction { seat },
            Ok(K::Action) => Decision::Act {
                seat,
                space: Space::from_proto(d.space, &at.field("space"))?,
            },
            Ok(K::Produce) => Decision::Produce {
                seat,
                building: Building::from_proto(d.building, &at.field("building"))?,
            },
            Ok(K::Privilege) => Decision::Privilege {
                seat,
                up_to: small(d.up_to),
            },
            Ok(K::RewardCubes) => Decision::RewardCubes {
                seat,
                left: count(d.left, &at.field("left"))?,
            },
            Ok(K::MarketDay) => Decision::MarketDay {
                trigger: small(d.trigger),
                seat,
                passed: small(d.passed),
                free: d.free,
            },
            Ok(K::Dying) => Decision::Dying {
                seat,
                left: count(d.left, &at.field("left"))?,
            },
            Ok(K::MassBuyOut) => Decision::BuyOut {
                seat,
                bought: small(d.bought),
            },
            Ok(K::MassWindows) => Decision::Windows { seat },
            Ok(K::LastChance) => Decision::LastChance { seat },
            Ok(K::GoalAtStake) => Decision::GoalAtStake {
                seat,
                step: match S::try_from(d.step) {
                    Ok(S::Death) => Step::Death {
                        left: count(d.left, &at.field("left"))?,
                    },
                    Ok(S::MarkerReturn) => Step::MarkerReturn,
                    Ok(S::Unspecified) | Err(_) => {
                        return Err(at.field("step").error("must name a step that waits"))
                    }
                },
            },
            Ok(K::Load) => Decision::Load { seat },
            Ok(K::Sail) => Decision::Sail {
                seat,
                free: small(d.free_steps),
                credit: small(d.credit),
                moved: d.moved,
            },
            Ok(K::Island) => Decision::Island { seat, took: d.took },
            Ok(K::Unspecified) | Err(_) => {
                return Err(at.field("kind").error("must name a decision"))
            }
        })
    }

    /// The decision as its flat message.
    pub fn to_proto(self) -> v1::VillageDecision {
        let mut d = v1::VillageDecision {
            seat: self.seat().into(),
            ..v1::VillageDecision::default()
        };
        let kind = match self {
            Decision::CompensationCube { .. } => K::CompensationCube,
            Decision::Turn { .. } => K::Turn,
            Decision::ChooseAction { .. } => K::ChooseAction,
            Decision::Act { space, .. } => {
                d.space = space.to_proto() as i32;
                K::Action
            }
            Decision::Produce { building, .. } => {
                d.building = building.to_proto() as i32;
                K::Produce
            }
            Decision::Privilege { up_to, .. } => {
                d.up_to = up_to.into();
                K::Privilege
            }
            Decision::RewardCubes { left, .. } => {
                d.left = left.into();
                K::RewardCubes
            }
            Decision::MarketDay {
                trigger,
                passed,
                free,
                ..
            } => {
                (d.trigger, d.passed, d.free) = (trigger.into(), passed.into(), free);
                K::MarketDay
            }
            Decision::Dying { left, .. } => {
                d.left = left.into();
                K::Dying
            }
            Decision::BuyOut { bought, .. } => {
                d.bought = bought.into();
                K::MassBuyOut
            }
            Decision::Windows { .. } => K::MassWindows,
            Decision::LastChance { .. } => K::LastChance,
            Decision::GoalAtStake { step, .. } => {
                d.step = match step {
                    Step::Death { left } => {
                        d.left = left.into();
                        S::Death
                    }
                    Step::MarkerReturn => S::MarkerReturn,
                } as i32;
                K::GoalAtStake
            }
            Decision::Load { .. } => K::Load,
            Decision::Sail {
                free,
                credit,
                moved,
                ..
            } => {
                (d.free_steps, d.credit, d.moved) = (free.into(), credit.into(), moved);
                K::Sail
            }
            Decision::Island { took, .. } => {
                d.took = took;
                K::Island
            }
        };
        d.kind = kind as i32;
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One vocabulary: every decision's `Status.phase` is its `VillageDecisionKind` in lower case
    /// without the prefix.
    #[test]
    fn each_decisions_phase_is_its_kinds_name() {
        let seat = 1;
        let decisions = [
            Decision::CompensationCube { seat },
            Decision::Turn { seat },
            Decision::ChooseAction { seat },
            Decision::Act {
                seat,
                space: Space::Crafts,
            },
            Decision::Produce {
                seat,
                building: Building::Wainwright,
            },
            Decision::Privilege { seat, up_to: 2 },
            Decision::RewardCubes { seat, left: 1 },
            Decision::MarketDay {
                trigger: seat,
                seat,
                passed: 0,
                free: true,
            },
            Decision::Dying { seat, left: 1 },
            Decision::BuyOut { seat, bought: 0 },
            Decision::Windows { seat },
            Decision::LastChance { seat },
            Decision::GoalAtStake {
                seat,
                step: Step::MarkerReturn,
            },
            Decision::Load { seat },
            Decision::Sail {
                seat,
                free: 1,
                credit: 0,
                moved: false,
            },
            Decision::Island { seat, took: false },
        ];
        for d in decisions {
            let kind = K::try_from(d.to_proto().kind).unwrap();
            let name = kind.as_str_name();
            let word = name.strip_prefix("VILLAGE_DECISION_KIND_").unwrap();
            assert_eq!(d.phase(), word.to_lowercase(), "{d:?}");
        }
        assert_eq!(decisions.len(), 16, "every kind but UNSPECIFIED");
        for d in decisions {
            let message = d.to_proto();
            assert_eq!(
                Decision::from_proto(&message, &At::Root).unwrap(),
                d,
                "round trip"
            );
        }
    }

    /// A flat message refuses, at its field: a kind it does not name, a count of 0 where one is
    /// left to do, and the step a goal at stake waits on when unnamed.
    #[test]
    fn a_decisions_kind_and_counts_are_checked_at_their_fields() {
        let refusal = |d: v1::VillageDecision| {
            let at = At::Root;
            let pending = at.field("pending");
            let e = Decision::from_proto(&d, &pending.item(2)).unwrap_err();
            (e.errors[0].field.clone(), e.errors[0].description.clone())
        };
        let kind = |k: K| v1::VillageDecision {
            kind: k as i32,
            ..v1::VillageDecision::default()
        };
        assert_eq!(
            refusal(v1::VillageDecision::default()),
            ("pending[2].kind".into(), "must name a decision".into())
        );
        assert_eq!(
            refusal(kind(K::Dying)),
            ("pending[2].left".into(), "must be 1 to 255".into())
        );
        assert_eq!(
            refusal(kind(K::GoalAtStake)),
            (
                "pending[2].step".into(),
                "must name a step that waits".into()
            )
        );
    }
}
