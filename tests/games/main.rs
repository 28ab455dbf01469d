//! The games' own tests, in one binary (one link instead of one per file): every rule as a
//! named scenario, golden setups and recorded playthroughs, hostile states, state sizes, the
//! invariants every game and mode keeps (`harness`), and the documents' completeness.

#[path = "../common/mod.rs"]
mod common;

mod contracts_rules;
mod docs;
mod fair_shuffle;
mod golden;
mod harness;
mod playthroughs;
mod port_royal_rules;
mod state_size;
mod stored;
mod village_components;
mod village_goals;
mod village_golden;
mod village_port;
mod village_rules;
mod village_setup;
