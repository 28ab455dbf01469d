//! Suggest over gRPC: bots play whole games of every game to their end, the same request gets
//! the same bytes, a seat with nothing to decide gets a violation, malformed requests name
//! their field, and bot requests have limits of their own that leave Apply answering.

use std::time::{Duration, Instant};

use prost::Message;
use referee::pb::v1::{
    self, apply_response::Outcome, referee_service_client::RefereeServiceClient,
};
use tonic::transport::Channel;
use tonic::Code;

use crate::calls::Calls;
use crate::grpc::{client, fields_of, scrape, start};
use crate::village::config;

fn new_game(game: &str, players: u32, seed: u64) -> v1::NewGameRequest {
    v1::NewGameRequest {
        game: game.into(),
        players,
        seed: Some(seed),
        ..Default::default()
    }
}

fn suggest(state: &v1::GameState, seat: u32, level: v1::BotLevel, n: u32) -> v1::SuggestRequest {
    v1::SuggestRequest {
        state: Some(state.clone()),
        seat: Some(seat),
        level: level as i32,
        max_iterations: n,
        seed: 7,
    }
}

/// Every game the server serves, as ListGames names them.
async fn served(c: &mut RefereeServiceClient<Channel>) -> Vec<String> {
    let games = c.list_games(v1::ListGamesRequest {}).await.unwrap();
    games
        .into_inner()
        .games
        .into_iter()
        .map(|g| g.game)
        .collect()
}

async fn new_state(
    c: &mut RefereeServiceClient<Channel>,
    game: &str,
    players: u32,
) -> v1::GameState {
    let answer = c.new_game(new_game(game, players, 11)).await.unwrap();
    answer.into_inner().state.unwrap()
}

/// Every seat played by a bot (SEARCH on a small budget, GREEDY, RANDOM in turn) to the end of
/// a game of each game: each suggestion is one of the seat's listed actions, complete, applies,
/// and heads its candidates.
#[tokio::test]
async fn bots_play_every_game_to_its_end() {
    let server = start(config(&[])).await;
    let mut c = client(&server).await;
    let levels = [
        v1::BotLevel::Search,
        v1::BotLevel::Greedy,
        v1::BotLevel::Random,
    ];
    for game in served(&mut c).await {
        let game = game.as_str();
        let mut state = new_state(&mut c, game, 3).await;
        for step in 0..2_000 {
            let legal = c.legal_on(&state).await;
            let status = legal.status.unwrap();
            if status.finished {
                break;
            }
            assert!(step < 1_999, "{game}: no end");
            let seat = status.to_act[0];
            let level = levels[usize::try_from(seat).unwrap() % 3];
            let s = c
                .suggest(suggest(&state, seat, level, 8))
                .await
                .unwrap()
                .into_inner();
            assert!(s.violation.is_none(), "{game}: {:?}", s.violation);
            let action = s.action.unwrap();
            assert!(
                legal.actions.contains(&action),
                "{game}: an unlisted suggestion"
            );
            assert_eq!(s.candidates[0].action.as_ref(), Some(&action));
            assert_eq!(s.candidates[0].description, s.description);
            assert!(!s.description.is_empty());
            if level == v1::BotLevel::Search {
                assert_eq!((s.iterations, s.worlds), (8, 8), "{game}");
            }
            match c.apply_on(&state, &action).await.outcome.unwrap() {
                Outcome::Applied(a) => state = a.state.unwrap(),
                Outcome::Violation(v) => panic!("{game}: a suggestion refused: {v:?}"),
            }
        }
    }
    let metrics = scrape(server.metrics).await;
    for line in [
        "referee_bot_requests_total{game=\"village\",level=\"search\",outcome=\"ok\"}",
        "referee_bot_iterations_total{game=\"port-royal\",level=\"search\"}",
        "referee_requests_total{method=\"Suggest\",game=\"village\",outcome=\"ok\",protocol=\"grpc\"}",
    ] {
        assert!(metrics.contains(line), "{line} missing from\n{metrics}");
    }
}

/// The same request gets the same bytes; a seat that is not to decide gets Validate's answer.
#[tokio::test]
async fn suggestions_repeat_and_a_seat_not_to_decide_gets_a_violation() {
    let server = start(config(&[])).await;
    let mut c = client(&server).await;
    for game in served(&mut c).await {
        let game = game.as_str();
        let state = new_state(&mut c, game, 4).await;
        let to_act = c.legal_on(&state).await.status.unwrap().to_act[0];
        let ask = suggest(&state, to_act, v1::BotLevel::Search, 50);
        let first = c.suggest(ask.clone()).await.unwrap().into_inner();
        let again = c.suggest(ask).await.unwrap().into_inner();
        assert_eq!(first.encode_to_vec(), again.encode_to_vec(), "{game}");
        assert_eq!((first.iterations, first.worlds), (50, 50));
        // A seat with nothing to decide: one not to act, or, where every seat decides at once
        // (a simultaneous round), the one that has just acted.
        let status = c.legal_on(&state).await.status.unwrap();
        let (state, other, code) = match (0..4).find(|s| !status.to_act.contains(s)) {
            Some(other) => (state, other, "NOT_YOUR_TURN".to_owned()),
            None => {
                let action = first.action.clone();
                let applied = c
                    .apply(v1::ApplyRequest {
                        state: Some(state),
                        action,
                    })
                    .await
                    .unwrap()
                    .into_inner();
                let Some(Outcome::Applied(applied)) = applied.outcome else {
                    panic!("{game}: the suggestion applies");
                };
                // The same move again, for the state it led to.
                let mut again = first.action.clone().unwrap();
                again.expected_sequence = None;
                let refused = c.validate(v1::ValidateRequest {
                    state: applied.state.clone(),
                    action: Some(again),
                });
                let refused = refused.await.unwrap().into_inner().violation.unwrap();
                (applied.state.unwrap(), to_act, refused.code)
            }
        };
        let s = c
            .suggest(suggest(&state, other, v1::BotLevel::Random, 0))
            .await
            .unwrap();
        let s = s.into_inner();
        assert_eq!(s.violation.unwrap().code, code, "{game}");
        assert!(s.action.is_none() && s.candidates.is_empty());
    }
}

/// A missing seat or level, a seat the game has not, and more iterations than the server allows
/// are INVALID_ARGUMENT naming the field.
#[tokio::test]
async fn malformed_suggest_requests_name_the_field() {
    let server = start(config(&["--max-bot-iterations", "100"])).await;
    let mut c = client(&server).await;
    let state = new_state(&mut c, "port-royal", 2).await;
    let good = suggest(&state, 0, v1::BotLevel::Search, 100);
    c.suggest(good.clone()).await.unwrap();
    let cases = [
        (
            "seat",
            v1::SuggestRequest {
                seat: None,
                ..good.clone()
            },
        ),
        (
            "seat",
            v1::SuggestRequest {
                seat: Some(2),
                ..good.clone()
            },
        ),
        (
            "level",
            v1::SuggestRequest {
                level: 0,
                ..good.clone()
            },
        ),
        (
            "level",
            v1::SuggestRequest {
                level: 99,
                ..good.clone()
            },
        ),
        (
            "max_iterations",
            v1::SuggestRequest {
                max_iterations: 101,
                ..good.clone()
            },
        ),
        (
            "state",
            v1::SuggestRequest {
                state: None,
                ..good.clone()
            },
        ),
    ];
    for (field, request) in cases {
        let err = c.suggest(request).await.unwrap_err();
        assert_eq!(err.code(), Code::InvalidArgument, "{field}: {err:?}");
        assert_eq!(fields_of("SuggestRequest", &err), [field]);
    }
}

/// The nice values of this process's threads named `referee-bot-…` (Linux's /proc).
fn bot_thread_niceness() -> Vec<i64> {
    let mut out = Vec::new();
    for task in std::fs::read_dir("/proc/self/task").unwrap().flatten() {
        let comm = std::fs::read_to_string(task.path().join("comm")).unwrap_or_default();
        if !comm.starts_with("referee-bot-") {
            continue;
        }
        let stat = std::fs::read_to_string(task.path().join("stat")).unwrap_or_default();
        // The fields after the command's closing parenthesis; the nice value is field 19.
        let after = &stat[stat.rfind(')').map_or(0, |i| i + 2)..];
        out.push(after.split(' ').nth(16).unwrap().parse().unwrap());
    }
    out
}

/// With `--max-concurrent-bots 1`, a second bot request while one searches is refused at once
/// with RESOURCE_EXHAUSTED; Apply answers meanwhile, the bot's thread running at nice 19; the
/// search that overruns the request time limit is answered DEADLINE_EXCEEDED at the limit and
/// stops, freeing its slot.
#[tokio::test]
async fn bots_have_limits_of_their_own() {
    let server = start(config(&[
        "--max-concurrent-bots",
        "1",
        "--max-bot-iterations",
        "100000000",
        "--request-timeout-ms",
        "3000",
    ]))
    .await;
    let mut c = client(&server).await;
    let state = new_state(&mut c, "village", 4).await;
    let seat = c.legal_on(&state).await.status.unwrap().to_act[0];
    let heavy = suggest(&state, seat, v1::BotLevel::Search, 100_000_000);
    let other = c.clone();
    let spawn_long = || {
        let mut long = other.clone();
        let heavy = heavy.clone();
        tokio::spawn(async move {
            let started = Instant::now();
            (long.suggest(heavy).await, started.elapsed())
        })
    };
    let mut searching = spawn_long();
    // Until the long search holds the only slot, a quick request may get it first (and the long
    // one is refused and sent again).
    let deadline = Instant::now() + Duration::from_secs(30);
    let quick = suggest(&state, seat, v1::BotLevel::Random, 0);
    loop {
        assert!(
            Instant::now() < deadline,
            "the long search never held the slot"
        );
        if searching.is_finished() {
            let (refused, _) = searching.await.unwrap();
            assert_eq!(refused.unwrap_err().code(), Code::ResourceExhausted);
            searching = spawn_long();
        }
        match c.suggest(quick.clone()).await {
            Err(e) if e.code() == Code::ResourceExhausted => break,
            Err(e) => panic!("{e:?}"),
            Ok(_) => tokio::time::sleep(Duration::from_millis(5)).await,
        }
    }
    assert!(!searching.is_finished(), "refused while the search runs");
    let niceness = bot_thread_niceness();
    assert!(
        !niceness.is_empty() && niceness.iter().all(|&n| n == 19),
        "{niceness:?}"
    );
    let legal = c.legal_on(&state).await;
    let applied = c.apply_on(&state, &legal.actions[0]).await;
    assert!(
        matches!(applied.outcome, Some(Outcome::Applied(_))),
        "Apply answers beside a bot"
    );
    let (answer, took) = searching.await.unwrap();
    assert_eq!(answer.unwrap_err().code(), Code::DeadlineExceeded);
    assert!(
        took < Duration::from_secs(30),
        "cut off at the limit: {took:?}"
    );
    // The abandoned search stops and frees its slot.
    let deadline = Instant::now() + Duration::from_secs(30);
    while c.suggest(quick.clone()).await.is_err() {
        assert!(
            Instant::now() < deadline,
            "the abandoned search kept its slot"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The served bots see only their seat's view: the search on the true state
/// (`bot::suggest_seeing_all`, the tournament's measure of the ceiling) is called nowhere in
/// the service.
#[test]
fn no_served_path_calls_the_all_seeing_search() {
    fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                files(&path, out);
            } else {
                out.push(path);
            }
        }
    }
    let mut sources = Vec::new();
    files(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut sources,
    );
    assert!(
        sources.len() > 20,
        "the service's sources: {}",
        sources.len()
    );
    for path in sources {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            !text.contains("suggest_seeing_all"),
            "{} calls it",
            path.display()
        );
    }
}

/// A request that names no budget gets the default of its game and mode: 200, and 800 in Port
/// Royal's cooperative variant, where more search pays (BENCHMARKS.md); never above the
/// server's limit.
#[tokio::test]
async fn a_request_without_a_budget_gets_its_game_and_modes_default() {
    async fn budget_of(server: &crate::grpc::Server, mode: v1::PortRoyalMode) -> u32 {
        let mut c = client(server).await;
        let options = v1::PortRoyalOptions {
            contracts: true,
            mode: mode as i32,
            ..Default::default()
        };
        let request = v1::NewGameRequest {
            options: Some(v1::new_game_request::Options::PortRoyal(options)),
            ..new_game("port-royal", 2, 11)
        };
        let state = c.new_game(request).await.unwrap().into_inner().state;
        let state = state.unwrap();
        let to_act = c.legal_on(&state).await.status.unwrap().to_act[0];
        let ask = suggest(&state, to_act, v1::BotLevel::Search, 0);
        c.suggest(ask).await.unwrap().into_inner().iterations
    }
    use v1::PortRoyalMode::{Competitive, Cooperative};
    let server = start(config(&[])).await;
    assert_eq!(budget_of(&server, Competitive).await, 200);
    assert_eq!(budget_of(&server, Cooperative).await, 800);
    let limited = start(config(&["--max-bot-iterations", "300"])).await;
    assert_eq!(budget_of(&limited, Cooperative).await, 300);
    assert_eq!(budget_of(&limited, Competitive).await, 200);
}
