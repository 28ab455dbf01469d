//! The rules versions this release plays (docs/versioning.md): a state is answered under the
//! version it was set up under to its end.

/// A Goofspiel rules version.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Rules {
    /// `goofspiel/1`, the first release.
    #[default]
    V1,
}

impl crate::games::RulesVersion for Rules {
    const VERSIONS: &'static [Rules] = &[Rules::V1];

    fn name(self) -> &'static str {
        match self {
            Rules::V1 => "goofspiel/1",
        }
    }
}
