//! Recorded playthroughs, written once for every game: a setup request, the action log and the
//! hash of the final state message, replayed through the service's `Replay` (the path a platform
//! that stores only setups and logs takes), must accept every action and end in that state. Each
//! game reads its own fixture file into [`Recorded`] (`port_royal/playthroughs.rs`, `village/golden.rs`).

use prost::Message;
use referee::core::Seat;
use referee::pb::v1;
use referee::pb::v1::referee_service_server::RefereeService;
use referee::service::metrics::Metrics;
use referee::service::wire;
use referee::service::Referee;

use super::Harness;
use crate::common::hash::fnv1a_hex;

/// One recorded game.
pub struct Recorded<G: Harness> {
    /// For messages.
    pub name: String,
    /// What the server provides besides the request (Village: the component set).
    pub context: G::Context,
    /// The setup, as a platform stores it.
    pub setup: v1::NewGameRequest,
    /// Every action, in order, with its seat.
    pub actions: Vec<(Seat, G::Action)>,
    /// FNV-1a of the final state's game message.
    pub final_state_fnv1a: String,
}

/// Replays every recorded game through the service.
pub fn replay_through_the_service<G: Harness>(recorded: Vec<Recorded<G>>) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    for r in recorded {
        let referee = Referee::new(Metrics::new(&[])).with_contexts(G::contexts(&r.context));
        let actions = (0u64..)
            .zip(&r.actions)
            .map(|(sequence, (seat, action))| wire::action_to_proto::<G>(sequence, *seat, action))
            .collect();
        let request = v1::ReplayRequest {
            stop_after: None,
            setup: Some(r.setup),
            actions,
            server_seed: Vec::new(),
        };
        let response = runtime
            .block_on(referee.replay(tonic::Request::new(request)))
            .unwrap_or_else(|e| panic!("{}: Replay refused: {e}", r.name))
            .into_inner();
        assert_eq!(response.violation, None, "{}", r.name);
        assert!(
            response.status.unwrap().finished,
            "{}: not finished",
            r.name
        );
        let game = response.state.and_then(|s| s.game).expect("a dealt game");
        let end = super::message::<G>(game).encode_to_vec();
        assert_eq!(
            fnv1a_hex(&end),
            r.final_state_fnv1a,
            "{}: another end",
            r.name
        );
    }
}
