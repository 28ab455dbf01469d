//! The games' own tests, in one binary (one link instead of one per file): every rule as a
//! named scenario, golden setups and recorded playthroughs, hostile states, state sizes, the
//! invariants every game and mode keeps (`harness`), and the documents' completeness.

#[path = "../common/mod.rs"]
mod common;

mod bots;
mod checklist;
mod docs;
mod fair_shuffle;
mod goofspiel;
mod harness;
mod port_royal;
mod sentences;
mod state_size;
mod stored;
mod village;
