//! The Village rules versions this release plays (docs/versioning.md): a state is answered under
//! the version it was set up under to its end, so a correction never changes a game in flight.
//! Each difference between versions is one named query here, so every version-dependent rule is
//! easy to find.

/// A Village rules version.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Rules {
    /// `village/1`, the first release.
    V1,
    /// `village/2`: the rulebooks' words read in full (docs/rules.md, "Rules versions").
    V2,
    /// `village/3`: a goal at stake in an automatic step is asked for, and no decision is asked
    /// by what only its seat may know (docs/rules.md, V-R41, V-R42).
    #[default]
    V3,
}

impl Rules {
    /// Every version this release plays, oldest first.
    pub const ALL: [Rules; 3] = [Rules::V1, Rules::V2, Rules::V3];
    /// The version new games are set up under.
    pub const NEWEST: Rules = Rules::V3;

    /// V-R36: the well's second step offers only actions the seat can perform — harvest needs a
    /// member on the farmyard (base rulebook, "Harvest": "If you do not have any family members
    /// on your farmyard, then you cannot perform this action!"). `village/1` offered every space.
    pub fn well_offers_what_can_be_done(self) -> bool {
        self >= Rules::V2
    }

    /// V-R37: cocoa, tea and treasure chests are loaded at islands only (Village Port,
    /// "Loading": "The last 3 can only be picked up at islands."). `village/1` let a seat load
    /// what it had brought home back aboard in port.
    pub fn island_goods_at_islands_only(self) -> bool {
        self >= Rules::V2
    }

    /// V-R38: life goals are dealt "after you have finished the setup" (Life Goals, "Setup"),
    /// so after the 4th seat's compensation cube. `village/1` dealt them before that choice.
    pub fn goals_after_compensation(self) -> bool {
        self >= Rules::V2
    }

    /// V-R39: revealing a life goal and cashing a treasure chest are free actions, open to their
    /// owner at any moment, out of turn (Life Goals: "At any point during the game … you can turn
    /// it face up"; Village Port: chests may be cashed "at any point during the game").
    /// `village/1` opened them only to the seat deciding.
    pub fn free_actions(self) -> bool {
        self >= Rules::V2
    }

    /// V-R40: cubes of choice may be named in any order (`[GREEN, PINK]` is `[PINK, GREEN]`).
    /// `village/1` accepted only the listed (colour) order.
    pub fn cubes_in_any_order(self) -> bool {
        self >= Rules::V2
    }

    /// V-R41: before an automatic step (a death nobody chooses, the marker's return) that could
    /// take a face-down goal from its seat, that seat is asked (Life Goals: "At any point during
    /// the game … you can turn it face up"). Before, such a goal was lost unasked.
    pub fn pauses_for_goals_at_stake(self) -> bool {
        self >= Rules::V3
    }

    /// V-R42: who is asked follows from what every seat sees: the last chance asks each seat
    /// holding a face-down goal, and a seat holding chests is asked by what they could be worth.
    /// Before, the last chance asked only a seat meeting a goal, and chests were judged by their
    /// values, which told the other seats what only their owner may know.
    pub fn asks_from_public_facts(self) -> bool {
        self >= Rules::V3
    }
}

impl crate::games::RulesVersion for Rules {
    const VERSIONS: &'static [Rules] = &Rules::ALL;

    fn name(self) -> &'static str {
        match self {
            Rules::V1 => "village/1",
            Rules::V2 => "village/2",
            Rules::V3 => "village/3",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::RulesVersion;

    #[test]
    fn versions_are_spelled_as_on_the_wire_and_the_newest_is_the_default() {
        let names: Vec<&str> = Rules::ALL.iter().map(|r| r.name()).collect();
        assert_eq!(names, ["village/1", "village/2", "village/3"]);
        assert_eq!(Rules::NEWEST, *Rules::ALL.last().unwrap());
        assert_eq!(Rules::default(), Rules::NEWEST);
    }

    #[test]
    fn what_village_2_changed() {
        for (v1, v2) in [
            (
                Rules::V1.well_offers_what_can_be_done(),
                Rules::V2.well_offers_what_can_be_done(),
            ),
            (
                Rules::V1.island_goods_at_islands_only(),
                Rules::V2.island_goods_at_islands_only(),
            ),
            (
                Rules::V1.goals_after_compensation(),
                Rules::V2.goals_after_compensation(),
            ),
            (Rules::V1.free_actions(), Rules::V2.free_actions()),
            (
                Rules::V1.cubes_in_any_order(),
                Rules::V2.cubes_in_any_order(),
            ),
        ] {
            assert!(!v1 && v2);
        }
    }

    #[test]
    fn what_village_3_changed() {
        for rules in [Rules::V1, Rules::V2] {
            assert!(!rules.pauses_for_goals_at_stake() && !rules.asks_from_public_facts());
        }
        assert!(Rules::V3.pauses_for_goals_at_stake() && Rules::V3.asks_from_public_facts());
        assert!(Rules::V3.free_actions() && Rules::V3.cubes_in_any_order());
    }
}
