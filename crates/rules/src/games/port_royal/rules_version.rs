//! The rules versions this release plays. A state carries the version it was set up under and is
//! answered under that version's rules to its end (docs/versioning.md), so a correction never
//! changes a game in flight. Each difference between versions is one named query here, so every
//! version-dependent rule is easy to find.

/// A Port Royal rules version.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Rules {
    /// `port-royal/1`, the first release.
    V1,
    /// `port-royal/2`: the expedition variant's winners (R17) and when contracts may be
    /// completed (X6), as the rulebooks have them.
    #[default]
    V2,
}

impl Rules {
    /// Every version this release plays, oldest first.
    pub const ALL: [Rules; 2] = [Rules::V1, Rules::V2];
    /// The version new games are set up under.
    pub const NEWEST: Rules = Rules::V2;

    /// The spelling in `GameState.rules_version`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Rules::V1 => "port-royal/1",
            Rules::V2 => "port-royal/2",
        }
    }

    /// The version with this spelling, if this release plays it.
    pub fn parse(s: &str) -> Option<Rules> {
        Rules::ALL.into_iter().find(|r| r.as_str() == s)
    }

    /// R17: in the expedition variant only players with an expedition can win (English rulebook,
    /// page 3). `port-royal/1` ranked everyone by VP alone.
    pub fn expedition_needed_to_win(self) -> bool {
        self >= Rules::V2
    }

    /// X6: the active player may complete standing contracts in phase 1 too (before its first
    /// draw and between draws), not only in its chance; and so a cooperative game is lost only
    /// when the first card cannot come from the time pile, not already when the turn begins.
    /// `port-royal/1` allowed completion only in the taker's chance.
    pub fn contracts_in_discover(self) -> bool {
        self >= Rules::V2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_are_spelled_and_parsed_as_on_the_wire() {
        let names: Vec<&str> = Rules::ALL.iter().map(|r| r.as_str()).collect();
        assert_eq!(names, ["port-royal/1", "port-royal/2"]);
        for r in Rules::ALL {
            assert_eq!(Rules::parse(r.as_str()), Some(r));
        }
        assert_eq!(Rules::parse("port-royal/3"), None);
        assert_eq!(Rules::NEWEST, *Rules::ALL.last().unwrap());
        assert_eq!(Rules::default(), Rules::NEWEST);
    }

    #[test]
    fn what_each_version_changed() {
        assert!(!Rules::V1.expedition_needed_to_win() && Rules::V2.expedition_needed_to_win());
        assert!(!Rules::V1.contracts_in_discover() && Rules::V2.contracts_in_discover());
    }
}
