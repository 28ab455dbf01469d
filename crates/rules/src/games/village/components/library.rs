//! Every component set one referee answers Village states under, so that replacing the set does
//! not strand stored games: new games use the first (the operator's choice), and a state is
//! answered under the set whose name and hash it records.

use std::sync::Arc;

use crate::core::StateErrors;

use super::Components;

/// The component sets served, the one new games use first; no two with one hash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Library {
    sets: Vec<Arc<Components>>,
}

impl Library {
    /// New games use `current`; states of any of `others` are answered too (a set repeated, by
    /// hash, is served once).
    pub fn new(
        current: Arc<Components>,
        others: impl IntoIterator<Item = Arc<Components>>,
    ) -> Self {
        let mut sets = vec![current];
        for set in others {
            if sets.iter().all(|s| s.hash() != set.hash()) {
                sets.push(set);
            }
        }
        Library { sets }
    }

    /// One set, for new games and states alike.
    pub fn one(set: Arc<Components>) -> Self {
        Library { sets: vec![set] }
    }

    /// The set new games are set up with.
    pub fn current(&self) -> &Arc<Components> {
        &self.sets[0]
    }

    /// Every set served, the current one first.
    pub fn sets(&self) -> &[Arc<Components>] {
        &self.sets
    }

    /// The set a state records (by name and hash), or why it cannot be answered here.
    pub fn find(&self, name: &str, hash: &str) -> Result<&Arc<Components>, StateErrors> {
        if let Some(set) = self
            .sets
            .iter()
            .find(|s| s.name == name && s.hash() == hash)
        {
            return Ok(set);
        }
        let served: Vec<String> = self
            .sets
            .iter()
            .map(|s| format!("{:?} ({})", s.name, s.hash()))
            .collect();
        Err(StateErrors::one(
            "component_hash",
            format!(
                "the state was made with component set {name:?} ({hash}), which this referee does \
                 not serve; it serves {}",
                served.join(", ")
            ),
        )
        .with_reason("COMPONENT_SET_MISMATCH"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(text: &str) -> Arc<Components> {
        Arc::new(Components::parse(text).unwrap())
    }

    #[test]
    fn a_state_is_answered_under_the_set_it_records_and_new_games_use_the_first() {
        let provisional = set(super::super::PROVISIONAL);
        let other = set(include_str!(
            "../../../../../../tests/fixtures/village/other-components.toml"
        ));
        let library = Library::new(
            Arc::clone(&other),
            [Arc::clone(&provisional), Arc::clone(&other)],
        );
        assert_eq!(library.current(), &other);
        assert_eq!(library.sets().len(), 2, "a set given twice is served once");
        for s in [&provisional, &other] {
            assert_eq!(library.find(&s.name, s.hash()).unwrap(), s);
        }
        let err = library.find(&provisional.name, other.hash()).unwrap_err();
        assert_eq!(err.errors[0].field, "component_hash");
        assert!(err.errors[0].description.contains(&provisional.name));
        assert!(err.errors[0].description.contains(other.hash()));
    }
}
