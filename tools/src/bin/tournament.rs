//! The bots' tournament (`tools/tournament`): bots play each other over seeded games, seats
//! rotated, in every variant of every game served (`referee::each_game!`), and the table gives
//! each pairing's win rate with its 95 % interval.
//!
//! A competitive game seats the two bots alternately (A, B, A, B…, the first seat rotating with
//! the seed); each game scores every pair of an A seat and a B seat: 1 when A finishes ahead, ½
//! for a tie, 0 behind. A cooperative game is played by a team of A alone and, on the same
//! seeds, a team of B alone: A's team scores 1 when it did better (won where B's lost, else more
//! points: the seats' victory points), ½ as well, 0 worse; the teams' wins are counted beside.
//! Every bot sees only its seat's view, except SEEING, the measure of the ceiling; every
//! suggestion is seeded from the game's seed and its step, so a run repeats exactly.
//!
//! Usage: tournament [--games N] [--players 2,4] [--only GAME/MODE] [--pairs A-B,…] [--curve]
//!        [--time] [--teams T,…]
//!   A bot: random, greedy, default (the game's default action), search (the default budget of
//!   the game and mode), searchKx (K times it), searchN (N iterations), or seeing, seeingKx,
//!   seeingN: the same search on the true state, every hidden card in sight (never served; what
//!   an honest search could reach at best).
//!   --curve: SEARCH at 25, 50, 100, 200 and 400 iterations against GREEDY (CSV lines); in a
//!            cooperative mode, a team of SEARCH alone at 50 to 1,600 iterations, its wins.
//!   --time: milliseconds per SEARCH suggestion at the default budget, by game and players.
//!   --teams: the cooperative modes only, each team on the same seeds (spread over the cores):
//!            its wins with their 95 % interval, the team's victory points and the ratings of
//!            its wins. A team is `A` (every seat) or `A+B` (seat 0, the first to act, is A and
//!            every other seat B), e.g. `search,search+default,default`.
// A tool's items need no documentation beyond the module's.
#![allow(missing_docs)]

use std::time::Instant;

use referee::bot::{self, Level};
use referee::core::Seat;
use referee::games::{Bots, RulesVersion};
use referee::service::wire::Wire;
use referee::service::Contexts;

/// A player of the tournament.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Bot {
    Random,
    Greedy,
    Search(Budget),
    Default,
    /// SEARCH on the true state (`bot::suggest_seeing_all`): the ceiling, never served.
    Seeing(Budget),
}

/// A search's budget: a multiple of the default of the game and mode, or so many iterations.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Budget {
    Times(u32),
    Iterations(u32),
}

impl Budget {
    /// `""` (the default), `"4x"` (four times it) or `"N"` (N iterations).
    fn parse(s: &str) -> Budget {
        match s.strip_suffix('x') {
            _ if s.is_empty() => Budget::Times(1),
            Some(k) => Budget::Times(k.parse().expect("searchKx: K a number")),
            None => Budget::Iterations(s.parse().expect("searchN: N a number")),
        }
    }

    fn iterations<G: Bots>(self, game: &G) -> u32 {
        match self {
            Budget::Times(k) => k * game.default_iterations(),
            Budget::Iterations(n) => n,
        }
    }

    fn name(self) -> String {
        match self {
            Budget::Times(1) => String::new(),
            Budget::Times(k) => format!(" {k}×"),
            Budget::Iterations(n) => format!("({n})"),
        }
    }
}

impl Bot {
    fn parse(s: &str) -> Bot {
        match s {
            "random" => Bot::Random,
            "greedy" => Bot::Greedy,
            "default" => Bot::Default,
            n if n.starts_with("search") => Bot::Search(Budget::parse(&n[6..])),
            n if n.starts_with("seeing") => Bot::Seeing(Budget::parse(&n[6..])),
            other => panic!("unknown bot {other}"),
        }
    }

    fn name(self) -> String {
        match self {
            Bot::Random => "RANDOM".into(),
            Bot::Greedy => "GREEDY".into(),
            Bot::Search(b) => format!("SEARCH{}", b.name()),
            Bot::Default => "DEFAULT".into(),
            Bot::Seeing(b) => format!("SEEING{}", b.name()),
        }
    }

    /// The bot's move for `seat`, from the seat's view (SEEING: from the true state).
    fn play<G: Bots>(self, game: &G, seat: Seat, seed: u64) -> G::Action {
        let suggest = |level, n| {
            bot::suggest::<G>(&game.view(Some(seat)), seat, level, n, seed)
                .expect("a seat to act gets a suggestion")
                .action
        };
        match self {
            Bot::Default => game.default_for(seat).expect("a seat to act has a default"),
            Bot::Random => suggest(Level::Random, 0),
            Bot::Greedy => suggest(Level::Greedy, 0),
            Bot::Search(b) => suggest(Level::Search, b.iterations(game)),
            Bot::Seeing(b) => {
                bot::suggest_seeing_all(game, seat, b.iterations(game), seed)
                    .expect("a seat to act gets a suggestion")
                    .action
            }
        }
    }
}

/// A cooperative team: seat 0 (the first to act) played by `lead`, every other seat by `mates`.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Team {
    lead: Bot,
    mates: Bot,
}

impl Team {
    /// `a` (every seat), or `a+b` (seat 0 `a`, the others `b`).
    fn parse(s: &str) -> Team {
        let (lead, mates) = s.split_once('+').unwrap_or((s, s));
        Team {
            lead: Bot::parse(lead),
            mates: Bot::parse(mates),
        }
    }

    fn name(self) -> String {
        if self.lead == self.mates {
            format!("all {}", self.lead.name())
        } else {
            format!("{} + {}", self.lead.name(), self.mates.name())
        }
    }

    fn seats(self, players: u32) -> Vec<Bot> {
        (0..players)
            .map(|s| if s == 0 { self.lead } else { self.mates })
            .collect()
    }
}

/// How a cooperative team did over seeded games.
#[derive(Default)]
struct TeamTally {
    games: u32,
    won: u32,
    /// The seats' scores (victory points), summed over the games.
    points: u32,
    /// How many wins earned each rating, in the order first earned.
    ratings: Vec<(&'static str, u32)>,
}

/// `team`'s cooperative games on seeds `0..games`, spread over the machine's cores (each game is
/// seeded, so the tally does not depend on how they are spread).
fn team_games<G: Bots>(mode: &Mode<'_, G>, team: Team, players: u32, games: u64) -> TeamTally
where
    G::Context: Sync,
    G::Options: Sync,
{
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let mut results: Vec<(u64, referee::core::Status)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (t..games)
                        .step_by(threads as usize)
                        .map(|seed| (seed, play(mode, &team.seats(players), seed)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a worker finishes"))
            .collect()
    });
    results.sort_by_key(|(seed, _)| *seed);
    let mut tally = TeamTally::default();
    for (_, status) in results {
        tally.games += 1;
        tally.points += status.result.iter().map(|r| r.score).sum::<u32>();
        if let Some(c) = status.cooperative.filter(|c| c.won) {
            tally.won += 1;
            match tally.ratings.iter_mut().find(|(r, _)| *r == c.rating) {
                Some((_, n)) => *n += 1,
                None => tally.ratings.push((c.rating, 1)),
            }
        }
    }
    tally
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
        100.0 * (centre - half).max(0.0),
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
        Bot::Search(Budget::Times(1)).play(g, *seat, k as u64);
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
    /// Cooperative teams to play (`--teams`), each on the same seeds.
    teams: Vec<Team>,
}

fn args() -> Args {
    let mut a = Args {
        games: 20,
        players: vec![2, 4],
        only: None,
        pairs: Vec::new(),
        curve: false,
        time: false,
        teams: Vec::new(),
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
            "--teams" => a.teams = value().split(',').map(Team::parse).collect(),
            "--curve" => a.curve = true,
            "--time" => a.time = true,
            other => panic!("unknown flag {other}"),
        }
    }
    if a.pairs.is_empty() {
        let search = Bot::Search(Budget::Times(1));
        a.pairs = vec![
            (Bot::parse("greedy"), Bot::parse("random")),
            (search, Bot::parse("greedy")),
            (search, Bot::Default),
            (Bot::Search(Budget::Times(4)), search),
        ];
    }
    a
}

/// Runs what the arguments ask for one game's modes.
fn run<G: Bots>(args: &Args, modes: &[Mode<'_, G>])
where
    G::Context: Sync,
    G::Options: Sync,
{
    for mode in modes {
        if args.only.as_ref().is_some_and(|o| *o != mode.name) {
            continue;
        }
        let seated = |p: &&u32| u8::try_from(**p).is_ok_and(|p| mode.players.contains(&p));
        for &players in args.players.iter().filter(seated) {
            if !args.teams.is_empty() {
                if mode.cooperative {
                    for &team in &args.teams {
                        let start = Instant::now();
                        let t = team_games(mode, team, players, args.games);
                        println!(
                            "| {} | {players} | {} | {} ({} of {}) | {:.2} | {} | {:.0} s |",
                            mode.name,
                            team.name(),
                            rate(f64::from(t.won), f64::from(t.games)),
                            t.won,
                            t.games,
                            f64::from(t.points) / f64::from(t.games),
                            t.ratings
                                .iter()
                                .map(|(r, n)| format!("{r} {n}"))
                                .collect::<Vec<_>>()
                                .join(", "),
                            start.elapsed().as_secs_f64()
                        );
                    }
                }
                continue;
            }
            if args.time {
                println!(
                    "| {} | {players} | {:.0} ms |",
                    mode.name,
                    time(mode, players)
                );
                continue;
            }
            if args.curve && mode.cooperative {
                // The team's own wins: a cooperative game has no opponent.
                for n in [50, 100, 200, 400, 800, 1600] {
                    let search = Bot::Search(Budget::Iterations(n));
                    let t = team_games(
                        mode,
                        Team {
                            lead: search,
                            mates: search,
                        },
                        players,
                        args.games,
                    );
                    println!(
                        "{},{players},{n},{:.4},{}",
                        mode.name,
                        f64::from(t.won) / f64::from(t.games),
                        t.games
                    );
                }
                continue;
            }
            if args.curve {
                for n in [25, 50, 100, 200, 400] {
                    let t = contest(
                        mode,
                        Bot::Search(Budget::Iterations(n)),
                        Bot::Greedy,
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
    if !args.teams.is_empty() {
        println!(
            "| game/mode | players | team | won [95 % interval] | team VP (mean) | ratings of the wins | time |"
        );
        println!("|---|---|---|---|---|---|---|");
    } else if !args.time && !args.curve {
        println!(
            "| game/mode | players | pairing | A's win rate [95 % interval] | comparisons | time |"
        );
        println!("|---|---|---|---|---|---|");
    }
    referee::each_game!(run_variants(&args));
}

/// Runs what the arguments ask for every variant of game `G`, on the default contexts (Village's
/// provisional set).
fn run_variants<G: Wire>(args: &Args)
where
    G::Context: Sync,
    G::Options: Sync,
{
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
