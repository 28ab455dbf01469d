//! # referee-rules
//!
//! The referee's rules as plain Rust: state, actions, `legal_actions`, `apply` as pure functions
//! with no I/O, no clock and no global state. Nothing here knows of RPCs or the server (this
//! crate depends on none of them, so an import upwards does not compile); each game reads and
//! writes its own messages, the plain data `referee-proto` generates (`core::message`).
//!
//! - [`core`]: what every game shares and no game's rules: the pinned RNG ([`core::rng`]), piles,
//!   seats, violations with their envelope codes, state errors with field paths, status and
//!   ranking, the fair shuffle's record.
//! - [`games`]: the [`games::Game`] traits (one per concern) and [`games::RulesVersion`], one
//!   folder per game, and the table every game is served on ([`games::table`]: a plain game, or a
//!   fair shuffle's setup step before it).
//! - [`bot`]: bots for any seat of any game, written once over [`games::Game`]: they start from
//!   the seat's view and search only worlds the game deals from it ([`games::Bots::sample`]).
//!
//! ```
//! use referee_rules::games::port_royal::{self, Action, Options};
//! use referee_rules::games::Play; // status, legal_actions, check: the rules of play
//!
//! let state = port_royal::new_game(3, 0, 42, Options::default()).unwrap();
//! let seat = state.status().to_act[0];
//! let (next, events) = state.apply(seat, &Action::Draw).unwrap();
//! assert!(!events.is_empty());
//! assert_eq!(next.turn().drawn, 1);
//! // Stopping before the first draw is refused with a stable code.
//! let refused = state.apply(seat, &Action::Stop).unwrap_err();
//! assert_eq!(refused.code, "MUST_DRAW_FIRST");
//! ```

pub mod bot;
pub mod core;
pub mod games;
