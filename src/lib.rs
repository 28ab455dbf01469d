//! # referee
//!
//! A stateless rules referee for board and card games. Platforms send a game state and a
//! player's action; the referee says whether the move is legal (and why not), applies it, and
//! returns the new state and what happened. The rules live in [`games`] as pure functions; the
//! gRPC service in [`service`] converts protobuf at the edge.
//!
//! Where things live:
//!
//! - [`core`]: what every game shares and no game's rules — the pinned RNG ([`core::rng`]),
//!   piles, seats, violations with their envelope codes, state errors with field paths, status
//!   and ranking.
//! - [`games`]: the [`games::Game`] traits (one per concern), [`games::RulesVersion`], and one
//!   folder per game; `games::port_royal` holds cards, contracts, setup, the state (`state/`, one module per
//!   concept, each reading and writing its part of the state's message, with its checks),
//!   actions and events, the rules (`rules/`, one module per part of a turn), views, its
//!   violation codes and the rules versions it plays. A state comes in from outside one way for
//!   every game: its state message, read and checked by [`games::StateMessage::from_parts`].
//! - [`pb`]: the protobuf types generated from `proto/` (package `referee.v1`) and the
//!   descriptor set served by reflection.
//! - [`service`]: the transport ([`service::transport`]: server, edge limits, Connect and
//!   gRPC-Web, codec, playground), the RPC handlers ([`service::rpc`]: the one list of RPCs,
//!   each body written once over the game, the games served and the dispatch on them, the bots'
//!   limits, state tags), and the wire ([`service::wire`]: the proto side of the seam,
//!   [`service::wire::Wire`], each game's place in the oneofs of `referee.v1`, the envelope and
//!   the status); metrics and health.
//! - [`served`]: the one list of the games this referee serves ([`each_game!`]).
//! - [`bot`]: bots for any seat of any game, written once over [`games::Game`]: they start from
//!   the seat's view and search only worlds the game deals from it ([`games::Bots::sample`]).
//! - [`config`], [`secret`] and [`telemetry`]: flags and environment variables (naming no game:
//!   each game's context is built from its part by `service::contexts`); key material; logging
//!   and tracing.
//!
//! The documents in `docs/` give the architecture and the steps to add a game
//! (`architecture.md`), the API contract (`api.md`), every error (`errors.md`), the versioning
//! policy, each game's rules as played and every ruling (`rules.md`).
//!
//! ```
//! use referee::games::port_royal::{self, Action, Options};
//! use referee::games::Play; // status, legal_actions, check: the rules of play
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

// The layers below, each a crate of its own so that nothing in them can import upwards; their
// paths here (`referee::games`, `referee::pb`, …) are the ones every test, bench and tool uses.
pub use referee_proto as pb;
pub use referee_rules::{bot, core, games};

pub mod config;
pub mod secret;
pub mod served;
pub mod service;
pub mod telemetry;
