//! What the games read besides the request: one field per game that has a context (only
//! Village: its component sets), built once at start by the server, which reads the files (I/O
//! stays at the edge; the game parses and validates them).

use std::sync::Arc;

use crate::games::village::components::{Components, Library};

/// Every game's context.
#[derive(Debug, Clone)]
pub struct Contexts {
    /// Village's component sets (`--village-components`, the first for new games; the embedded
    /// provisional set is always served, and is the one new games use by default).
    pub village: Arc<Library>,
}

impl Default for Contexts {
    fn default() -> Self {
        Contexts {
            village: Arc::new(Library::one(Arc::new(Components::provisional()))),
        }
    }
}
