//! How often the first player of a default two-player classic game wins
//! after each first roll, master against master, beside what the
//! analysis chart gives after that roll (docs/ai-journal.md, "The classic start
//! by the first roll", issue #23):
//!
//! ```sh
//! cargo run --profile bench -p barricade-coach --example first_roll -- --games 300 --seed 880000
//! ```
//!
//! Every roll gets `--games` games whose first roll is forced and whose
//! other rolls come from the seed (`--rolls 5,1` for some rolls only).
//! The last line is the first player's share over the rolls played,
//! each weighing alike (as at the table, when all six are played), with
//! its 95% interval.

use barricade_ai::analysis::Analyst;
use barricade_ai::{Bot, Level, Rng};
use barricade_coach::training::parallel;
use barricade_rules::{BoardId, Colour, Game, Roll, Rules, Seats};

struct Args {
    games: u64,
    seed: u64,
    rolls: Vec<Roll>,
    threads: usize,
}

fn args() -> Result<Args, String> {
    let mut out = Args {
        games: 300,
        seed: 880_000,
        rolls: Roll::ALL.to_vec(),
        threads: 2,
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
            "--rolls" => {
                out.rolls = value
                    .split(',')
                    .map(|v| v.parse().ok().and_then(Roll::new))
                    .collect::<Option<_>>()
                    .ok_or_else(|| format!("--rolls {value}: rolls are 1 to 6"))?
            }
            _ => return Err(format!("{name}: --games, --seed, --rolls or --threads")),
        }
    }
    Ok(out)
}

/// Whether the first player (red) won a game whose first roll is `roll`
/// (`None`: no winner within 5,000 decisions).
fn red_wins(roll: Roll, seed: u64) -> Option<bool> {
    let seats = Seats::new(&[Colour::Red, Colour::Blue]).ok()?;
    let mut game = Game::new_on(BoardId::Classic, Rules::default(), seats, seed);
    game.set_roll(roll).ok()?;
    let mut bots = [1, 2].map(|s| Bot::new(Level::Master, Rng::derive(seed, s)));
    for _ in 0..5_000 {
        if let Some(team) = game.position().winner() {
            return Some(team.contains(Colour::Red));
        }
        game.roll_if_due();
        let pos = *game.position();
        let mv = bots[pos.turn_seat().min(1)].choose(&pos)?;
        game.play(mv).ok()?;
    }
    None
}

fn main() {
    let args = match args() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("first_roll: {e}");
            std::process::exit(2);
        }
    };
    let seats = Seats::new(&[Colour::Red, Colour::Blue]).unwrap_or_default();
    let start = *Game::new_on(BoardId::Classic, Rules::default(), seats, 1).position();
    let analyst = Analyst::new();
    let (mut share, mut variance) = (0.0f64, 0.0f64);
    for &roll in &args.rolls {
        let results = parallel(args.games, args.threads, &|i| {
            red_wins(roll, Rng::derive(args.seed + u64::from(roll.get()), i))
        });
        let won = results.iter().filter(|r| **r == Some(true)).count() as f64;
        let finished = results.iter().filter(|r| r.is_some()).count() as f64;
        let p = won / finished.max(1.0);
        let half = 1.96 * (p * (1.0 - p) / finished.max(1.0)).sqrt();
        let chart = analyst.chances(&start.with_roll(roll))[Colour::Red.index()];
        println!(
            "roll {}: the first player won {won} of {finished} ({:.1}% [{:.1}, {:.1}]); the chart gives {:.1}%",
            roll.get(),
            100.0 * p,
            100.0 * (p - half),
            100.0 * (p + half),
            100.0 * chart
        );
        let n = args.rolls.len() as f64;
        share += p / n;
        variance += p * (1.0 - p) / finished.max(1.0) / (n * n);
    }
    let half = 1.96 * variance.sqrt();
    println!(
        "over the rolls played: the first player's share {:.1}% [{:.1}, {:.1}]; the chart's start {:.1}%",
        100.0 * share,
        100.0 * (share - half),
        100.0 * (share + half),
        100.0 * analyst.chances(&start)[Colour::Red.index()]
    );
}
