//! Goofspiel's own tests: every rule as a named scenario (`rules`) and its harness.

mod harness;
mod rules;
