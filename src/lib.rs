//! # referee
//!
//! A stateless rules referee for board and card games. Platforms send a game state and a
//! player's action; the referee says whether the move is legal (and why not), applies it, and
//! returns the new state and what happened. The rules live in [`games`] as pure functions; the
//! gRPC service in [`service`] converts protobuf at the edge.
//!
//! ```
//! use referee::games::port_royal::{self, Action, Options};
//!
//! let state = port_royal::new_game(3, 0, 42, Options::default()).unwrap();
//! let seat = state.status().to_act[0];
//! let (next, events) = state.apply(seat, &Action::Draw).unwrap();
//! assert!(!events.is_empty());
//! assert_eq!(next.turn().drawn, 1);
//! // Stopping before the first draw is refused with a stable code.
//! let refused = state.apply(seat, &Action::Stop).unwrap_err();
//! assert_eq!(refused.code.as_str(), "MUST_DRAW_FIRST");
//! ```

pub mod config;
pub mod core;
pub mod games;
pub mod pb;
pub mod service;
pub mod telemetry;
