//! Village's own tests: setup, every rule as a named scenario (`rules`, Life Goals' in `goals`,
//! Village Port's in `port`), the component sets, golden games and recorded playthroughs.

mod components;
mod goals;
mod golden;
mod harness;
mod port;
mod reachable;
mod refusals;
mod rules;
mod setup;
