//! The bots' tournament (`tools/tournament`): bots play each other over seeded games, seats
//! rotated, in every variant of every game served (`referee::each_game!`), and the table gives
//! each pairing's win rate with its 95 % interval.
//!
//! A competitive game seats the two bots alternately (A, B, A, B…, the first seat rotating with
//! the seed); each game scores every pair of an A seat and a B seat: 1 when A finishes ahead, ½
//! for a tie, 0 behind. A cooperative game is played by a team of A alone and, on the same
//! seeds, a team of B alone: A's team scores 1 when it did better (won where B's lost, else more
//! points: the contracts completed), ½ as well, 0 worse; the teams' wins are counted beside.
//! Every bot sees only its seat's view; every suggestion is seeded from the game's seed
//! and its step, so a run repeats exactly.
//!
//! Usage: tournament [--games N] [--players 2,4] [--only GAME/MODE] [--pairs A-B,…] [--curve]
//!        [--time]
//!   A bot: random, greedy, default (the game's default action), search (the default budget)
//!   or searchN (N iterations).
//!   --curve: SEARCH at 25, 50, 100, 200 and 400 iterations against GREEDY (CSV lines).
//!   --time: milliseconds per SEARCH suggestion at the default budget, by game and players.
// A tool's items need no documentation beyond the module's.
#![allow(missing_docs)]

use std::time::Instant;

use referee::bot::{self, Level, DEFAULT_ITERATIONS};
use referee::core::Seat;
use referee::games::{Bots, RulesVersion};
use referee::service::wire::Wire;
use referee::service::Contexts;

/// A player of the tournament.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Bot {
    Level(Level, u32),
    Default,
}

impl Bot {
    fn parse(s: &str) -> Bot {
        match s {
            "random" => Bot::Level(Level::Random, 0),
            "greedy" => Bot::Level(Level::Greedy, 0),
            "default" => Bot::Default,
            "search" => Bot::Level(Level::Search, DEFAULT_ITERATIONS),
            n if n.starts_with("search") => {
                Bot::Level(Level::Search, n[6..].parse().expect("searchN: N a number"))
            }
            other => panic!("unknown bot {other}"),
        }
    }

    fn name(self) -> String {
        match self {
            Bot::Level(Level::Random, _) => "RANDOM".into(),
            Bot::Level(Level::Greedy, _) => "GREEDY".into(),
            Bot::Level(Level::Search, n) => format!("SEARCH({n})"),
            Bot::Default => "DEFAULT".into(),
        }
    }

    /// The bot's move for `seat`, from the seat's view.
    fn play<G: Bots>(self, game: &G, seat: Seat, seed: u64) -> G::Action {
        match self {
            Bot::Default => game.default_for(seat).expect("a seat to act has a default"),
            Bot::Level(level, n) => {
                bot::suggest::<G>(&game.view(Some(seat)), seat, level, n, seed)
                    .expect("a seat to act gets a suggestion")
                    .action
            }
        }
    }
}

/// A game and variant to play.
struct Mode<'a, G: Bots> {
    /// `<game>/<variant>`.
    name: String,
    /// The player counts it seats.
    players: std::ops::RangeInclusive<u8>,
    context: &'a G::Context,
    options: G::Options,
    cooperative: bool,
}

/// Plays one game, seat `s` played by `bots[s]`; the final status.
fn play<G: Bots>(mode: &Mode<'_, G>, bots: &[Bot], seed: u64) -> referee::core::Status {
    let players = bots.len() as u32;
    let mut game = G::new_game(
        mode.context,
        G::Rules::newest(),
        players,
        0,
        seed,
        mode.options.clone(),
    )
    .expect("the mode sets up");
    let mut events = Vec::new();
    for step in 0u64.. {
        let status = game.status();
        let Some(&seat) = status.to_act.first() else {
            return status;
        };
        let action = bots[usize::from(seat)].play(&game, seat, seed.wrapping_mul(100_003) ^ step);
        events.clear();
        game.apply_in_place(seat, &action, &mut events)
            .expect("a suggested action applies");
        assert!(step < 5_000, "{}: no end", mode.name);
    }
    unreachable!()
}

/// A rate and its 95 % interval (Wilson's), as text.
fn rate(score: f64, n: f64) -> String {
    if n == 0.0 {
        return "—".into();
    }
    let p = score / n;
    let z = 1.96f64;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    format!(
        "{:5.1} % [{:4.1}, {:5.1}]",
        100.0 * p,
        100.0 * (centre - half),
        100.0 * (centre + half)
    )
}

/// What a pairing scored.
#[derive(Default)]
struct Tally {
    /// A's points against B.
    score: f64,
    /// Comparisons made.
    n: f64,
    /// Cooperative: games won by A's team and by B's.
    teams: Option<(u32, u32)>,
}

/// A's score against B over `games` seeded games at `players` seats.
fn contest<G: Bots>(mode: &Mode<'_, G>, a: Bot, b: Bot, players: u32, games: u64) -> Tally {
    let (mut score, mut n) = (0.0, 0.0);
    let mut teams = mode.cooperative.then_some((0, 0));
    for seed in 0..games {
        if mode.cooperative {
            // A team's result: won, then the seats' points (contracts completed score).
            let result = |bot| {
                let status = play(mode, &vec![bot; players as usize], seed);
                let points: u32 = status.result.iter().map(|r| r.score).sum();
                (status.cooperative.is_some_and(|c| c.won), points)
            };
            let (ra, rb) = (result(a), result(b));
            if let Some((ta, tb)) = teams.as_mut() {
                *ta += u32::from(ra.0);
                *tb += u32::from(rb.0);
            }
            score += match ra.cmp(&rb) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Less => 0.0,
                std::cmp::Ordering::Equal => 0.5,
            };
            n += 1.0;
            continue;
        }
        let first = (seed % u64::from(players)) as usize;
        let bots: Vec<Bot> = (0..players as usize)
            .map(|s| if (s + first).is_multiple_of(2) { a } else { b })
            .collect();
        let status = play(mode, &bots, seed);
        for ra in status
            .result
            .iter()
            .filter(|r| bots[usize::from(r.seat)] == a)
        {
            for rb in status
                .result
                .iter()
                .filter(|r| bots[usize::from(r.seat)] == b)
            {
                score += match ra.rank.cmp(&rb.rank) {
                    std::cmp::Ordering::Less => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Greater => 0.0,
                };
                n += 1.0;
            }
        }
    }
    Tally { score, n, teams }
}

/// Milliseconds per SEARCH suggestion at the default budget on the states of a game played by
/// defaults, from its middle third.
fn time<G: Bots>(mode: &Mode<'_, G>, players: u32) -> f64 {
    let mut game = G::new_game(
        mode.context,
        G::Rules::newest(),
        players,
        0,
        7,
        mode.options.clone(),
    )
    .expect("the mode sets up");
    let mut states = Vec::new();
    let mut events = Vec::new();
    while let Some(&seat) = game.status().to_act.first() {
        states.push((game.clone(), seat));
        let action = game.default_for(seat).expect("a default");
        events.clear();
        game.apply_in_place(seat, &action, &mut events)
            .expect("applies");
    }
    let third = states.len() / 3;
    let sample: Vec<_> = states[third..2 * third]
        .iter()
        .step_by((third / 10).max(1))
        .collect();
    let start = Instant::now();
    for (k, (g, seat)) in sample.iter().enumerate() {
        Bot::Level(Level::Search, DEFAULT_ITERATIONS).play(g, *seat, k as u64);
    }
    start.elapsed().as_secs_f64() * 1000.0 / sample.len() as f64
}

struct Args {
    games: u64,
    players: Vec<u32>,
    only: Option<String>,
    pairs: Vec<(Bot, Bot)>,
    curve: bool,
    time: bool,
}

fn args() -> Args {
    let mut a = Args {
        games: 20,
        players: vec![2, 4],
        only: None,
        pairs: Vec::new(),
        curve: false,
        time: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().expect("a flag's value");
        match flag.as_str() {
            "--games" => a.games = value().parse().expect("--games N"),
            "--players" => {
                a.players = value()
                    .split(',')
                    .map(|p| p.parse().expect("players"))
                    .collect()
            }
            "--only" => a.only = Some(value()),
            "--pairs" => {
                a.pairs = value()
                    .split(',')
                    .map(|p| {
                        let (x, y) = p.split_once('-').expect("A-B");
                        (Bot::parse(x), Bot::parse(y))
                    })
                    .collect()
            }
            "--curve" => a.curve = true,
            "--time" => a.time = true,
            other => panic!("unknown flag {other}"),
        }
    }
    if a.pairs.is_empty() {
        let search = Bot::Level(Level::Search, DEFAULT_ITERATIONS);
        a.pairs = vec![
            (Bot::parse("greedy"), Bot::parse("random")),
            (search, Bot::parse("greedy")),
            (search, Bot::Default),
            (Bot::Level(Level::Search, 4 * DEFAULT_ITERATIONS), search),
        ];
    }
    a
}

/// Runs what the arguments ask for one game's modes.
fn run<G: Bots>(args: &Args, modes: &[Mode<'_, G>]) {
    for mode in modes {
        if args.only.as_ref().is_some_and(|o| *o != mode.name) {
            continue;
        }
        let seated = |p: &&u32| u8::try_from(**p).is_ok_and(|p| mode.players.contains(&p));
        for &players in args.players.iter().filter(seated) {
            if args.time {
                println!(
                    "| {} | {players} | {:.0} ms |",
                    mode.name,
                    time(mode, players)
                );
                continue;
            }
            if args.curve {
                for n in [25, 50, 100, 200, 400] {
                    let t = contest(
                        mode,
                        Bot::Level(Level::Search, n),
                        Bot::Level(Level::Greedy, 0),
                        players,
                        args.games,
                    );
                    println!("{},{players},{n},{:.4},{}", mode.name, t.score / t.n, t.n);
                }
                continue;
            }
            for &(a, b) in &args.pairs {
                let start = Instant::now();
                let t = contest(mode, a, b, players, args.games);
                let teams = t.teams.map_or(String::new(), |(ta, tb)| {
                    format!(" (teams won {ta} and {tb} of {})", args.games)
                });
                println!(
                    "| {} | {players} | {} vs {} | {}{teams} | {} | {:.0} s |",
                    mode.name,
                    a.name(),
                    b.name(),
                    rate(t.score, t.n),
                    t.n,
                    start.elapsed().as_secs_f64()
                );
            }
        }
    }
}

fn main() {
    let args = args();
    if !args.time && !args.curve {
        println!(
            "| game/mode | players | pairing | A's win rate [95 % interval] | comparisons | time |"
        );
        println!("|---|---|---|---|---|---|");
    }
    referee::each_game!(run_variants(&args));
}

/// Runs what the arguments ask for every variant of game `G`, on the default contexts (Village's
/// provisional set).
fn run_variants<G: Wire>(args: &Args) {
    let contexts = Contexts::default();
    let modes: Vec<Mode<'_, G>> = G::variants()
        .into_iter()
        .map(|v| Mode {
            name: format!("{}/{}", G::ID, v.name),
            players: v.players,
            context: G::context(&contexts),
            options: v.options,
            cooperative: v.cooperative,
        })
        .collect();
    run(args, &modes);
}
