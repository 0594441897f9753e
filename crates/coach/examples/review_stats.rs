//! The game review over many self-play games (docs/ai.md, "Review",
//! issue #48): how much each level's decisions cost and how often they
//! are graded, how the luck of the rolls averages, and how long a review
//! takes per ply.
//!
//! ```sh
//! cargo run --profile bench -p barricade-coach --example review_stats -- --levels master,master --games 200 --seed 4800
//! cargo run --profile bench -p barricade-coach --example review_stats -- --levels easy,master --games 200 --seed 4800
//! ```
//!
//! Game `g` has the dice of deal `g / n` (`n` the number of levels, one
//! seat each, red, blue, then green and yellow) and rotates the levels
//! over the seats by `g % n`, as the tournaments do. Every game is
//! played to its end (or `--max-plies`) and then reviewed with
//! `Reviewer::new()`, the budgets the page and `barricade review` use.
//! Intervals are 95%, from the spread over games (a player's luck summed
//! over a game is one sample).

use barricade_ai::review::{Grade, Review, Reviewer, Totals};
use barricade_ai::{Bot, Level, Limits, Rng};
use barricade_coach::training::parallel;
use barricade_rules::{BoardId, Colour, Game, Seats};
use std::time::Instant;

struct Args {
    games: u64,
    seed: u64,
    levels: Vec<Level>,
    board: BoardId,
    max_plies: usize,
    threads: usize,
    /// The review search's node budget instead of `Limits::REVIEW`'s.
    nodes: Option<u64>,
}

fn args() -> Result<Args, String> {
    let mut out = Args {
        games: 200,
        seed: 4_800,
        levels: vec![Level::Master, Level::Master],
        board: BoardId::Classic,
        max_plies: 2_000,
        threads: 2,
        nodes: None,
    };
    let words: Vec<String> = std::env::args().skip(1).collect();
    for pair in words.chunks(2) {
        let [name, value] = pair else {
            return Err(format!("{pair:?}: a value is missing"));
        };
        let number = || {
            value
                .parse::<u64>()
                .map_err(|e| format!("{name} {value}: {e}"))
        };
        match name.as_str() {
            "--games" => out.games = number()?,
            "--seed" => out.seed = number()?,
            "--threads" => out.threads = number()?.max(1) as usize,
            "--nodes" => out.nodes = Some(number()?),
            "--max-plies" => out.max_plies = number()? as usize,
            "--board" => out.board = value.parse().map_err(|e| format!("{e}"))?,
            "--levels" => {
                out.levels = value
                    .split(',')
                    .map(|v| v.parse().map_err(|e| format!("{e}")))
                    .collect::<Result<_, _>>()?;
                if !(2..=4).contains(&out.levels.len()) {
                    return Err("--levels: two to four levels".into());
                }
            }
            _ => {
                return Err(format!(
                    "{name}: --games, --seed, --levels, --board, --max-plies, --nodes or --threads"
                ));
            }
        }
    }
    Ok(out)
}

/// One game's review: each seat's level and totals, the plies and the
/// review's time.
struct Reviewed {
    /// Every roll's roller level and luck.
    lucks: Vec<(Level, i32)>,
    players: Vec<(Level, Totals)>,
    /// Every graded decision's level and cost.
    costs: Vec<(Level, u32)>,
    plies: usize,
    micros: u128,
}

fn play_and_review(a: &Args, g: u64) -> Reviewed {
    use Colour::*;
    let n = a.levels.len();
    let colours = [Red, Blue, Green, Yellow];
    let seats = Seats::new(&colours[..n]).expect("two to four colours");
    let deal = g / n as u64;
    let rotation = (g % n as u64) as usize;
    let dice = Rng::derive(a.seed, deal);
    let level_of = |seat: usize| a.levels[(seat + rotation) % n];
    let mut bots: Vec<Bot> = (0..n)
        .map(|seat| Bot::new(level_of(seat), Rng::derive(dice ^ 0x5eed, seat as u64)))
        .collect();
    let mut game = Game::new_on(a.board, Default::default(), seats, dice);
    while game.position().winner().is_none() && game.history().len() < a.max_plies {
        game.roll_if_due();
        let seat = game.position().turn_seat();
        let Some(mv) = bots[seat].choose(game.position()) else {
            break;
        };
        if game.play(mv).is_err() {
            break;
        }
    }
    let record = game.record();
    let reviewer = match a.nodes {
        Some(nodes) => Reviewer::with_limits(
            Limits {
                nodes,
                four_teams_nodes: nodes * 4 / 3,
                ..Limits::REVIEW
            },
            Limits::ANALYSIS,
        ),
        None => Reviewer::new(),
    };
    let start = cpu_micros();
    let mut review =
        Review::with_reviewer(&record, reviewer).expect("a game the rules played replays");
    review.finish();
    let micros = cpu_micros() - start;
    let totals = review.totals();
    let seat_of = |c: Colour| record.seats.seat_of(c).unwrap_or(0);
    let costs = review
        .plies()
        .iter()
        .filter(|p| !p.forced)
        .map(|p| (level_of(seat_of(p.decider)), p.cost()))
        .collect();
    let lucks = review
        .plies()
        .iter()
        .filter_map(|p| Some((level_of(seat_of(p.decider)), p.luck?.luck())))
        .collect();
    Reviewed {
        lucks,
        costs,
        players: (0..n)
            .map(|seat| (level_of(seat), totals[record.seats.colours()[seat].index()]))
            .collect(),
        plies: record.moves.len(),
        micros,
    }
}

/// This thread's processor time so far in microseconds (Linux's
/// schedstat: the machine may be busy with other work), or the wall
/// clock's time where it cannot be read.
fn cpu_micros() -> u128 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u128>().ok())
        .map_or_else(
            || {
                static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
                START.get_or_init(Instant::now).elapsed().as_micros()
            },
            |ns| ns / 1000,
        )
}

/// Mean and the half width of its 95% interval.
fn mean_ci(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    if xs.is_empty() {
        return (0.0, 0.0);
    }
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.96 * (var / n).sqrt())
}

fn main() {
    let a = match args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("review_stats: {e}");
            std::process::exit(2);
        }
    };
    let results = parallel(a.games, a.threads, &|g| play_and_review(&a, g));
    let plies: usize = results.iter().map(|r| r.plies).sum();
    let micros: u128 = results.iter().map(|r| r.micros).sum();
    println!(
        "{} games of {} on the {} board, seed {}: {plies} plies, {:.1} plies a game",
        a.games,
        a.levels
            .iter()
            .map(|l| l.name())
            .collect::<Vec<_>>()
            .join(","),
        a.board,
        a.seed,
        plies as f64 / a.games.max(1) as f64
    );
    println!(
        "review time (processor time of its thread): {:.1} ms a ply, {:.2} s per 100 plies",
        micros as f64 / 1000.0 / plies.max(1) as f64,
        micros as f64 / 10_000.0 / plies.max(1) as f64
    );
    let mut levels = a.levels.clone();
    levels.sort();
    levels.dedup();
    for level in levels {
        let mine: Vec<&Totals> = results
            .iter()
            .flat_map(|r| {
                r.players
                    .iter()
                    .filter(|(l, _)| *l == level)
                    .map(|(_, t)| t)
            })
            .collect();
        let decisions: usize = mine.iter().map(|t| t.decisions).sum();
        let rolls: usize = mine.iter().map(|t| t.rolls).sum();
        let cost: u64 = mine.iter().map(|t| t.cost).sum();
        println!(
            "{level}: {} player-games, {decisions} decisions, {rolls} rolls",
            mine.len()
        );
        let per_game =
            |f: &dyn Fn(&Totals) -> f64| mean_ci(&mine.iter().map(|t| f(t)).collect::<Vec<_>>());
        let (c, ci) = per_game(&|t| t.cost as f64 / 10_000.0);
        println!(
            "  cost: {:.3} points a decision; {c:.1} ± {ci:.1} points a game",
            cost as f64 / 10_000.0 / decisions.max(1) as f64
        );
        for g in Grade::ALL {
            let n: usize = mine.iter().map(|t| t.count(g)).sum();
            let (m, ci) = per_game(&|t| t.count(g) as f64);
            println!(
                "  {}: {n} ({:.2}% of decisions), {m:.2} ± {ci:.2} a game",
                g.name(),
                100.0 * n as f64 / decisions.max(1) as f64
            );
        }
        let costs: Vec<u32> = results
            .iter()
            .flat_map(|r| r.costs.iter().filter(|(l, _)| *l == level).map(|&(_, c)| c))
            .collect();
        let shares: Vec<String> = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32]
            .iter()
            .map(|&p| {
                let n = costs.iter().filter(|&&c| c >= p * 10_000).count();
                format!("{p}: {:.1}%", 100.0 * n as f64 / costs.len().max(1) as f64)
            })
            .collect();
        println!(
            "  decisions that lost at least N points: {}",
            shares.join(", ")
        );
        let (l, ci) = per_game(&|t| t.luck as f64 / 10_000.0);
        let lucks: Vec<f64> = results
            .iter()
            .flat_map(|r| r.lucks.iter().filter(|(l, _)| *l == level))
            .map(|&(_, x)| f64::from(x) / 10_000.0)
            .collect();
        let (per_roll, roll_ci) = mean_ci(&lucks);
        let size = lucks.iter().map(|x| x.abs()).sum::<f64>() / lucks.len().max(1) as f64;
        println!(
            "  luck: {l:+.2} ± {ci:.2} points a game; {per_roll:+.3} ± {roll_ci:.3} points a roll, {size:.2} points a roll in absolute value"
        );
    }
}
