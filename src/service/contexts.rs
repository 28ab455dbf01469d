//! What the games read besides the request, built once at start from each game's own part of the
//! configuration (only Village has one: its component sets). Reading the file is I/O, so it happens
//! here, at the edge; parsing and validating it is the game's (`Components::parse`).

use std::path::Path;
use std::sync::Arc;

use crate::config::Config;
use crate::games::village::components::{Components, Library};
pub use crate::games::Contexts;

/// The contexts `config` names; an error names the file and what is wrong with it.
pub fn load(config: &Config) -> Result<Contexts, String> {
    let embedded = Arc::new(Components::provisional());
    let mut given = Vec::new();
    for path in &config.village_components {
        given.push(Arc::new(village_components(path)?));
    }
    let current = given
        .first()
        .cloned()
        .unwrap_or_else(|| Arc::clone(&embedded));
    let others = given.into_iter().chain(std::iter::once(embedded));
    Ok(Contexts {
        village: Arc::new(Library::new(current, others)),
    })
}

/// One line per context, for `--check-config`.
pub fn summary(contexts: &Contexts) -> Vec<String> {
    contexts
        .village
        .sets()
        .iter()
        .enumerate()
        .map(|(i, set)| {
            format!(
                "Village component set: {}{} (sha256 {}){}",
                set.name,
                if set.provisional { ", provisional" } else { "" },
                set.hash(),
                if i == 0 {
                    ", for new games"
                } else {
                    ", for stored games"
                }
            )
        })
        .collect()
}

/// Reads and validates a Village component file.
fn village_components(path: &Path) -> Result<Components, String> {
    let shown = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    Components::parse(&text)
        .map_err(|e| format!("{shown} is not a valid Village component set: {e}"))
}
