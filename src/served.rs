//! The games this referee serves: the one list of them, in ListGames order.
//!
//! `each_game!(f(args…))` is the array `[f::<G>(args…), …]` with one element per game served.
//! `f` is any generic function, so every caller states the bound it needs (`G: Wire` in the
//! service, a test's own trait in the tests): a game that lacks it does not compile, and the
//! compiler names the game and the trait. Dispatch, ListGames, the metrics' labels, the generic
//! test layer, the checklist of what a served game must have, the benches and the tools iterate
//! this list; nothing else names the games together. Adding a game is one line here.

/// Calls a generic function once per game served, in ListGames order, and gives the results as
/// an array (see the module's documentation).
#[macro_export]
macro_rules! each_game {
    ($($f:ident)::+ ($($arg:expr),* $(,)?)) => {
        [
            $($f)::+::<$crate::games::port_royal::State>($($arg),*),
            $($f)::+::<$crate::games::village::State>($($arg),*),
            $($f)::+::<$crate::games::goofspiel::State>($($arg),*),
        ]
    };
}
