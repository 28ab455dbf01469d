//! What the games read besides the request, built once at start from each game's own part of the
//! configuration (only Village has one: its component set). Reading the file is I/O, so it happens
//! here, at the edge; parsing and validating it is the game's (`Components::parse`).

use std::path::Path;
use std::sync::Arc;

use crate::config::Config;
use crate::games::village::components::Components;

/// Every game's context.
#[derive(Debug, Clone)]
pub struct Contexts {
    /// Village's component set (`--village-components`; the embedded provisional set by
    /// default).
    pub village: Arc<Components>,
}

impl Default for Contexts {
    fn default() -> Self {
        Contexts {
            village: Arc::new(Components::provisional()),
        }
    }
}

impl Contexts {
    /// The contexts `config` names; an error names the file and what is wrong with it.
    pub fn load(config: &Config) -> Result<Contexts, String> {
        Ok(Contexts {
            village: match &config.village_components {
                None => Contexts::default().village,
                Some(path) => Arc::new(village_components(path)?),
            },
        })
    }

    /// One line per context, for `--check-config`.
    pub fn summary(&self) -> Vec<String> {
        let set = &self.village;
        vec![format!(
            "Village component set: {}{} (sha256 {})",
            set.name,
            if set.provisional { ", provisional" } else { "" },
            set.hash()
        )]
    }
}

/// Reads and validates a Village component file.
fn village_components(path: &Path) -> Result<Components, String> {
    let shown = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    Components::parse(&text)
        .map_err(|e| format!("{shown} is not a valid Village component set: {e}"))
}
