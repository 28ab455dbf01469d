//! The bots' answers are pinned: the same request (view, seat, level, budget, seed) gives the
//! same suggestion on every replica of a release, so a change to the search, a game's sampler or
//! its evaluation shows here first, and a release that changes one says so in the changelog
//! (docs/versioning.md). Pinned by the FNV-1a of the action and every candidate's visits and
//! value (its bits).

use referee::bot::{self, Level, Suggestion};
use referee::games::{Bots, Play};

use crate::common::hash::fnv1a_hex;
use crate::common::samples::{mid_game, mode};
use crate::common::village::{provisional, states_with};

/// The hash of a suggestion: its action and candidates, values by their bits.
fn pin<A: std::fmt::Debug>(s: &Suggestion<A>) -> String {
    let candidates: Vec<_> = s
        .candidates
        .iter()
        .map(|c| (format!("{:?}", c.action), c.visits, c.value.to_bits()))
        .collect();
    let text = format!(
        "{:?} {candidates:?} {} {}",
        s.action, s.iterations, s.worlds
    );
    fnv1a_hex(text.as_bytes())
}

/// Each level's suggestion for the seat to act in `state`.
fn pins<G: Bots>(state: &G) -> Vec<String> {
    let seat = state.status().to_act[0];
    let view = state.view(Some(seat));
    [Level::Random, Level::Greedy, Level::Search]
        .into_iter()
        .map(|level| pin(&bot::suggest::<G>(&view, seat, level, 60, 7).unwrap()))
        .collect()
}

#[test]
fn suggestions_are_pinned() {
    let port_royal = mid_game(4, 7, mode("contracts"));
    let options = referee::games::village::Options {
        port: true,
        life_goals: true,
        ..Default::default()
    };
    let village = states_with(&provisional(), 4, 7, options);
    let village = &village[village.len() / 2];
    let pr = ["8b1495127866f8c1", "691dcf5973143358", "5537474b81dc36a9"];
    assert_eq!(pins(&port_royal), pr, "Port Royal");
    let vg = ["4ad60f9081a96315", "09b27642e0e044ce", "71a067b28b62f162"];
    assert_eq!(pins(village), vg, "Village");
}

/// The cooperative game's suggestions are pinned as well: the team's value (progress toward
/// the contracts) and its search without random playouts are its own.
#[test]
fn cooperative_suggestions_are_pinned() {
    let coop = mid_game(3, 7, mode("cooperative"));
    let pinned = ["d0253c1f028058c5", "9837f0ecdc2d9de8", "1009081307789313"];
    assert_eq!(pins(&coop), pinned, "Port Royal, cooperative");
}

/// The ceiling's search, which sees the true state (measurement only, never served), suggests
/// an action the seat could take, and candidates that are the seat's own.
#[test]
fn the_all_seeing_search_suggests_a_listed_action() {
    let coop = mid_game(3, 7, mode("cooperative"));
    let seat = coop.status().to_act[0];
    let listed: Vec<_> = coop
        .legal_actions(Some(seat))
        .into_iter()
        .map(|(_, a)| a)
        .collect();
    let s = bot::suggest_seeing_all(&coop, seat, 60, 7).expect("a seat to act gets one");
    assert!(
        listed.contains(&s.action),
        "{:?} among {listed:?}",
        s.action
    );
    assert!(s.candidates.iter().all(|c| listed.contains(&c.action)));
    assert_eq!(s.worlds, 60, "one world per iteration, each the true state");
}
