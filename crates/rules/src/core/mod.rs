//! Machinery shared by every game: the pinned RNG, piles of cards, seats, violations, state
//! errors, the status of a game and what a position is worth to each seat ([`value`]). Nothing here knows a rule of any particular game.

pub mod error;
pub mod fair_shuffle;
pub mod message;
pub mod pile;
pub mod rng;
pub mod seat;
pub mod status;
pub mod text;
pub mod value;
pub mod violation;

pub use error::{StateError, StateErrors};
pub use message::At;
pub use rng::GameRng;
pub use seat::Seat;
pub use status::{Cooperative, SeatResult, Status};
pub use violation::{EnvelopeCode, Violation, ViolationCode};
