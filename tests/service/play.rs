//! One end-to-end game loop over gRPC, written once for every game: NewGame, then LegalActions,
//! Validate, Apply (and now and then View) until the game is finished, with every check either
//! game needs — each listed action is complete (its seat one that must act, its
//! `expected_sequence` the state's), Validate agrees with the list, Apply applies, sequences
//! count up, each seat to act has a listed default action, a finished game lists nothing and
//! ranks every seat with a score sheet that sums to its score. What
//! is a game's own (how to pick, its result's shape, what its views hide) is its [`Hooks`].

use referee::pb::v1::{
    self, apply_response::Outcome, referee_service_client::RefereeServiceClient,
};
use tonic::transport::Channel;

use crate::calls::Calls;

/// What a game adds to the loop.
pub struct Hooks {
    /// Which of `n` listed actions to take at `step` (spread over the list so games see every
    /// kind of action).
    pub pick: fn(step: usize, n: usize) -> usize,
    /// Checks on each decision's status (e.g. how many seats decide at once).
    pub status: fn(&v1::Status),
    /// Checks on the finished game's result.
    pub result: fn(&v1::GameResult),
    /// Checks on the view of the seat to act (every 50 steps): what it must not see.
    pub view: fn(&v1::GameView, u32),
    /// Whether every action has an event (Village's do; a Port Royal `Stop` says nothing new).
    pub every_action_announced: bool,
}

/// The loop's checks alone, for any game: actions picked spread over each list.
pub const ANY_GAME: Hooks = Hooks {
    pick: |step, n| (step * 7) % n,
    status: |_| {},
    result: |_| {},
    view: |_, _| {},
    every_action_announced: false,
};

/// Replay of `actions` from `setup`, with no server seed and no stop.
pub async fn replay_of(
    c: &mut RefereeServiceClient<Channel>,
    setup: v1::NewGameRequest,
    actions: Vec<v1::Action>,
) -> v1::ReplayResponse {
    let request = v1::ReplayRequest {
        stop_after: None,
        server_seed: Vec::new(),
        setup: Some(setup),
        actions,
    };
    c.replay(request).await.unwrap().into_inner()
}

/// Plays the game `setup` sets up to its end; returns the final state and the log.
pub async fn play(
    c: &mut RefereeServiceClient<Channel>,
    setup: v1::NewGameRequest,
    hooks: &Hooks,
) -> (v1::GameState, Vec<v1::Action>) {
    let players = setup.players;
    let mut state = c.new_game(setup).await.unwrap().into_inner().state.unwrap();
    let mut log = Vec::new();
    for step in 0..5_000usize {
        let legal = c.legal_on(&state).await;
        let status = legal.status.unwrap();
        if status.finished {
            assert!(legal.actions.is_empty(), "a finished game lists nothing");
            let result = status.result.unwrap();
            assert_eq!(result.seats.len(), players as usize, "every seat ranked");
            assert!(legal.default_actions.is_empty(), "nobody to default for");
            for seat in &result.seats {
                let sheet: i64 = seat.breakdown.iter().map(|i| i.points).sum();
                assert_eq!(
                    sheet,
                    i64::from(seat.score),
                    "the score sheet sums to the score"
                );
                assert_eq!(seat.tie_breaker_names.len(), seat.tie_breakers.len());
            }
            (hooks.result)(&result);
            return (state, log);
        }
        (hooks.status)(&status);
        let defaulted: Vec<u32> = legal
            .default_actions
            .iter()
            .filter_map(|a| a.seat)
            .collect();
        assert_eq!(
            defaulted, status.to_act,
            "a default action per seat to act, in order"
        );
        for default in &legal.default_actions {
            assert!(
                legal.actions.contains(default),
                "a default action is a listed one"
            );
        }
        let action = legal.actions[(hooks.pick)(step, legal.actions.len())].clone();
        assert_eq!(action.expected_sequence, Some(state.sequence));
        let seat = action.seat.expect("a listed action names its seat");
        assert!(
            status.to_act.contains(&seat) || status.free_to_act.contains(&seat),
            "a seat that must act, or one with a free action"
        );
        if step % 50 == 0 {
            let view = c.view_on(&state, Some(seat)).await.view.unwrap();
            (hooks.view)(&view, seat);
        }
        let validated = c.validate_on(&state, &action).await;
        assert_eq!(validated.violation, None, "Validate agrees with the list");
        let applied = c.apply_on(&state, &action).await;
        match applied.outcome.unwrap() {
            Outcome::Applied(a) => {
                if hooks.every_action_announced {
                    assert!(!a.events.is_empty(), "every action is announced");
                }
                let next = a.state.unwrap();
                assert_eq!(next.sequence, state.sequence + 1);
                state = next;
            }
            Outcome::Violation(v) => panic!("listed action refused: {v:?}"),
        }
        log.push(action);
    }
    panic!("game did not end");
}
