//! Runs a bot tournament from the command line, before and besides
//! `barricade selfplay`:
//!
//! ```text
//! cargo run --release -p barricade-ai --example tournament -- \
//!     --levels hard,medium --preset ravensburger --games 2000 --seed 1 --threads 2
//! ```
//!
//! Options: `--levels` (one per seat, 2 to 4), `--colours` (default: the
//! board order for 4 seats, red,blue for 2, red,green,yellow for 3),
//! `--teams` (two colours each, 4 seats), `--preset`, `--games`, `--seed`,
//! `--threads`, `--nodes` (the hard bot's node budget).

use barricade_ai::tournament::{Config, Entry, GameResult, Summary, play_game};
use barricade_ai::{Level, Limits};
use barricade_rules::{Colour, Rules, Seats};
use std::time::Instant;

fn main() {
    if let Err(e) = real_main() {
        eprintln!("tournament: {e}");
        std::process::exit(2);
    }
}

fn real_main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |name: &str| -> Option<String> {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1).cloned())
    };
    let levels: Vec<Level> = get("--levels")
        .unwrap_or_else(|| "hard,medium".into())
        .split(',')
        .map(|s| s.parse().map_err(|e| format!("{e}")))
        .collect::<Result<_, _>>()?;
    let rules = Rules::preset(&get("--preset").unwrap_or_else(|| "ravensburger".into()))
        .ok_or("unknown preset")?;
    let games: u64 = get("--games")
        .map_or(Ok(100), |s| s.parse())
        .map_err(|e| format!("{e}"))?;
    let seed: u64 = get("--seed")
        .map_or(Ok(1), |s| s.parse())
        .map_err(|e| format!("{e}"))?;
    let threads: usize = get("--threads")
        .map_or(Ok(2), |s| s.parse())
        .map_err(|e| format!("{e}"))?;
    let teams = args.iter().any(|a| a == "--teams");
    let colours: Vec<Colour> = match get("--colours") {
        Some(s) => s
            .split(',')
            .map(|c| c.parse().map_err(|e| format!("{e:?}")))
            .collect::<Result<_, _>>()?,
        None => match levels.len() {
            2 => vec![Colour::Red, Colour::Blue],
            3 => vec![Colour::Red, Colour::Green, Colour::Yellow],
            _ => Colour::ALL.to_vec(),
        },
    };
    let seats = if teams {
        Seats::two_colours_each()
    } else {
        Seats::new(&colours).map_err(|e| e.to_string())?
    };
    let mut cfg = Config::new(rules, seats, &levels, games, seed);
    if let Some(n) = get("--nodes") {
        let nodes: u64 = n.parse().map_err(|e| format!("{e}"))?;
        for e in &mut cfg.entries {
            *e = Entry {
                limits: Limits {
                    nodes,
                    ..Limits::default()
                },
                ..*e
            };
        }
    }
    let start = Instant::now();
    let threads = threads.max(1);
    let mut results: Vec<GameResult> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let cfg = &cfg;
                scope.spawn(move || {
                    (t as u64..cfg.games)
                        .step_by(threads)
                        .map(|i| play_game(cfg, i))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    });
    results.sort_by_key(|r| r.index);
    let summary = Summary::new(&cfg, &results);
    print!("{summary}");
    println!(
        "rules {}  seed {}  wall {:.1}s",
        rules.name(),
        seed,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
