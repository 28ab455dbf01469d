//! Fair shuffles and undo over gRPC: a fair game of each game played end to end, the seeds
//! revealed only at the end and checked by hand, Replay from the revealed server seed, and the
//! requests and states a fair shuffle refuses.

use prost::Message;
use referee::config::Config;
use referee::core::fair_shuffle;
use referee::pb::v1::{
    self, apply_response::Outcome, referee_service_client::RefereeServiceClient,
};
use referee::service::wire::Wire;
use sha2::{Digest, Sha256};
use tonic::transport::Channel;
use tonic::Code;

use crate::calls::Calls;
use crate::grpc::{client, fields_of, start};

type Client = RefereeServiceClient<Channel>;

/// A fair game of `G`: its last variant (the one with the most of the game in it), at 3 players
/// or the nearest count it seats.
fn fair_setup<G: Wire>() -> v1::NewGameRequest {
    let variant = G::variants().pop().expect("a game has a variant");
    let players = 3.clamp(*variant.players.start(), *variant.players.end());
    v1::NewGameRequest {
        game: G::ID.into(),
        players: players.into(),
        seed: None,
        start_seat: Some(1),
        rules_version: None,
        options: Some(G::options_to_proto(&variant.options)),
        fair_shuffle: true,
    }
}

/// A fair game of every game served (the first is Port Royal's).
fn setups() -> Vec<v1::NewGameRequest> {
    referee::each_game!(fair_setup()).to_vec()
}

async fn view(c: &mut Client, state: &v1::GameState, seat: Option<u32>) -> v1::GameView {
    let request = v1::ViewRequest {
        state: Some(state.clone()),
        seat,
    };
    c.view(request).await.unwrap().into_inner().view.unwrap()
}

async fn apply(c: &mut Client, state: &v1::GameState, action: &v1::Action) -> v1::Applied {
    let request = v1::ApplyRequest {
        state: Some(state.clone()),
        action: Some(action.clone()),
    };
    match c
        .apply(request)
        .await
        .unwrap()
        .into_inner()
        .outcome
        .unwrap()
    {
        Outcome::Applied(a) => a,
        Outcome::Violation(v) => panic!("refused: {v:?}"),
    }
}

/// Plays a fair game to its end: contributions in reverse seat order, then the game. Every view
/// on the way shows the commitment and neither seed. Returns the final state and the log.
async fn play_fair(c: &mut Client, setup: &v1::NewGameRequest) -> (v1::GameState, Vec<v1::Action>) {
    let started = c.new_game(setup.clone()).await.unwrap().into_inner();
    let mut state = started.state.unwrap();
    let status = started.status.unwrap();
    assert_eq!(status.phase, "fair_shuffle");
    assert_eq!(status.to_act, (0..setup.players).collect::<Vec<_>>());
    assert!(
        state.game.is_none(),
        "nothing is dealt before the contributions"
    );
    let secret = state.fair_shuffle.as_ref().unwrap().server_seed.clone();
    let commitment = view(c, &state, Some(0))
        .await
        .fair_shuffle
        .unwrap()
        .commitment;
    assert_eq!(
        commitment,
        fair_shuffle::commitment(&secret.clone().try_into().unwrap()).to_vec()
    );
    let mut log = Vec::new();
    for step in 0..5_000u64 {
        for seat in (0..setup.players).map(Some).chain([None]) {
            let v = view(c, &state, seat).await;
            let fair = v
                .fair_shuffle
                .clone()
                .expect("every view shows the shuffle");
            assert_eq!(fair.commitment, commitment);
            if !v.status.as_ref().unwrap().finished {
                assert!(fair.server_seed.is_empty() && fair.game_seed.is_none());
                let bytes = v.encode_to_vec();
                assert!(!bytes.windows(32).any(|w| w == secret.as_slice()));
            }
        }
        let legal = c.legal_on(&state).await;
        if legal.status.unwrap().finished {
            return (state, log);
        }
        let mut action = match &legal.actions[0].game {
            // The last seat that owes one contributes first.
            Some(v1::action::Game::Contribution(_)) => legal.actions.last().unwrap().clone(),
            _ => legal.actions[(step as usize * 7) % legal.actions.len()].clone(),
        };
        if let Some(v1::action::Game::Contribution(c)) = &mut action.game {
            assert!(c.randomness.is_empty(), "listed empty");
            c.randomness = format!("seat {} step {step}", action.seat.unwrap()).into_bytes();
        }
        let applied = apply(c, &state, &action).await;
        if let Some(v1::action::Game::Contribution(_)) = &action.game {
            let Some(v1::event::Game::FairShuffle(e)) = &applied.events[0].game else {
                panic!("a contribution's event: {:?}", applied.events);
            };
            assert_eq!(Some(e.seat), action.seat);
            assert_eq!(
                applied.undoable, !e.dealt,
                "only the dealing contribution is final"
            );
        }
        state = applied.state.unwrap();
        log.push(action);
    }
    panic!("no end");
}

#[tokio::test]
async fn fair_games_are_played_end_to_end_and_anyone_can_check_them() {
    let server = start(Config::for_tests()).await;
    let mut c = client(&server).await;
    for setup in setups() {
        let (last, log) = play_fair(&mut c, &setup).await;
        let end = view(&mut c, &last, Some(0)).await.fair_shuffle.unwrap();
        // The revealed seed opens the commitment (SHA-256 under the documented separator) …
        let opened = Sha256::new()
            .chain_update(b"referee.v1/fair-shuffle/commitment\0")
            .chain_update(&end.server_seed)
            .finalize();
        assert_eq!(opened.as_slice(), end.commitment.as_slice());
        // … the game seed follows from it and every contribution, in seat order …
        let mut hash = Sha256::new()
            .chain_update(b"referee.v1/fair-shuffle/game-seed\0")
            .chain_update(&end.server_seed);
        for contribution in &end.contributions {
            hash.update([contribution.randomness.len() as u8]);
            hash.update(&contribution.randomness);
        }
        let derived = u64::from_be_bytes(hash.finalize()[..8].try_into().unwrap());
        assert_eq!(end.game_seed, Some(derived));
        // … and Replay of the setup and the log from the revealed seed gives the same game.
        let replay = |server_seed: Vec<u8>, actions: Vec<v1::Action>| v1::ReplayRequest {
            stop_after: None,
            setup: Some(setup.clone()),
            actions,
            server_seed,
        };
        let replayed = c
            .replay(replay(end.server_seed.clone(), log.clone()))
            .await
            .unwrap()
            .into_inner();
        assert_eq!(replayed.violation, None);
        assert_eq!(replayed.state.unwrap(), last);
        // Another server seed deals another game: the same log no longer fits it.
        let mut other = end.server_seed.clone();
        other[0] ^= 1;
        let forged = c
            .replay(replay(other, log.clone()))
            .await
            .unwrap()
            .into_inner();
        assert!(forged.violation.is_some() || forged.state.unwrap() != last);
        // The plain game of the game seed, without the contributions, is the same game.
        let players = setup.players as usize;
        let plain = v1::NewGameRequest {
            seed: Some(derived),
            fair_shuffle: false,
            ..setup.clone()
        };
        let renumbered = log[players..]
            .iter()
            .map(|a| v1::Action {
                expected_sequence: a.expected_sequence.map(|s| s - players as u64),
                ..a.clone()
            })
            .collect();
        let plain = c
            .replay(v1::ReplayRequest {
                stop_after: None,
                setup: Some(plain),
                actions: renumbered,
                server_seed: Vec::new(),
            })
            .await
            .unwrap()
            .into_inner();
        assert_eq!(plain.violation, None);
        assert_eq!(plain.state.unwrap().game, last.game);
    }
}

#[tokio::test]
async fn fair_shuffle_requests_and_states_are_checked() {
    let server = start(Config::for_tests()).await;
    let mut c = client(&server).await;
    let setup = setups().remove(0);
    let refused = |status: tonic::Status, request: &str, field: &str| {
        assert_eq!(status.code(), Code::InvalidArgument, "{status:?}");
        assert_eq!(fields_of(request, &status), [field]);
    };
    let both = v1::NewGameRequest {
        seed: Some(1),
        ..setup.clone()
    };
    refused(
        c.new_game(both).await.unwrap_err(),
        "NewGameRequest",
        "seed",
    );
    let replay = |setup: v1::NewGameRequest, server_seed: Vec<u8>| v1::ReplayRequest {
        stop_after: None,
        setup: Some(setup),
        actions: Vec::new(),
        server_seed,
    };
    let status = c
        .replay(replay(setup.clone(), Vec::new()))
        .await
        .unwrap_err();
    refused(status, "ReplayRequest", "server_seed");
    let plain = v1::NewGameRequest {
        seed: Some(1),
        fair_shuffle: false,
        ..setup.clone()
    };
    let status = c.replay(replay(plain, vec![0; 32])).await.unwrap_err();
    refused(status, "ReplayRequest", "server_seed");

    let state = c
        .new_game(setup.clone())
        .await
        .unwrap()
        .into_inner()
        .state
        .unwrap();
    let bad = |edit: &dyn Fn(&mut v1::FairShuffleState)| {
        let mut s = state.clone();
        edit(s.fair_shuffle.as_mut().unwrap());
        v1::LegalActionsRequest {
            state: Some(s),
            seat: None,
        }
    };
    type Edit = dyn Fn(&mut v1::FairShuffleState);
    let cases: [(&Edit, &str); 5] = [
        (&|f| f.commitment[0] ^= 1, "state.fair_shuffle.commitment"),
        (
            &|f| f.server_seed.truncate(31),
            "state.fair_shuffle.server_seed",
        ),
        (&|f| f.setup = None, "state"),
        (
            &|f| f.setup.as_mut().unwrap().seed = Some(3),
            "state.fair_shuffle.setup.seed",
        ),
        (
            &|f| {
                f.contributions = (0..3)
                    .map(|seat| v1::SeatContribution {
                        seat,
                        randomness: Vec::new(),
                    })
                    .collect()
            },
            "state.fair_shuffle.contributions",
        ),
    ];
    for (edit, field) in cases {
        let status = c.legal_actions(bad(edit)).await.unwrap_err();
        refused(status, "LegalActionsRequest", field);
    }

    // A dealt game whose deal was swapped for another seed's is refused.
    let mut dealt = state.clone();
    for seat in 0..3 {
        let action = v1::Action {
            seat: Some(seat),
            expected_sequence: None,
            game: Some(v1::action::Game::Contribution(v1::Contribution::default())),
        };
        dealt = apply(&mut c, &dealt, &action).await.state.unwrap();
    }
    let other = c
        .new_game(v1::NewGameRequest {
            seed: Some(5),
            fair_shuffle: false,
            ..setup.clone()
        })
        .await
        .unwrap()
        .into_inner()
        .state
        .unwrap();
    let swapped = v1::GameState {
        game: other.game,
        ..dealt.clone()
    };
    let request = v1::LegalActionsRequest {
        state: Some(swapped),
        seat: None,
    };
    let status = c.legal_actions(request).await.unwrap_err();
    refused(status, "LegalActionsRequest", "state.fair_shuffle");
}
