//! Port Royal's own tests: every rule as a named scenario (`rules`, and Just One More Contract's
//! in `contracts`), golden random games, and recorded playthroughs.

mod contracts;
mod golden;
mod harness;
mod playthroughs;
mod rules;
