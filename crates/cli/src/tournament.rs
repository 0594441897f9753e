//! `barricade selfplay --levels ...`: tournaments between the bots of
//! barricade-ai (barricade-coach's `tournament`), games spread over
//! threads (the bots themselves never use threads). The numbers depend
//! only on the seed; times depend on the machine.

use barricade_ai::{Level, Limits};
use barricade_coach::tournament::{Config, Entry, GameResult, Summary, play_game};
use barricade_rules::{BoardId, Colour, Rules, Seats};
use std::time::Instant;

/// Tournament options collected by `selfplay`.
pub struct Options {
    pub levels: Vec<Entry>,
    pub players: Option<Vec<Colour>>,
    pub teams: Vec<barricade_rules::Team>,
    pub rules: Rules,
    pub board: BoardId,
    pub games: u64,
    pub seed: u64,
    pub threads: usize,
    pub nodes: Option<u64>,
    pub master_nodes: Option<u64>,
    pub max_plies: usize,
}

pub fn run(o: Options) -> Result<(), String> {
    let players = match o.players {
        Some(p) => p,
        None => match o.levels.len() {
            2 => vec![Colour::Red, Colour::Blue],
            3 => vec![Colour::Red, Colour::Green, Colour::Yellow],
            _ => Colour::ALL.to_vec(),
        },
    };
    if players.len() != o.levels.len() {
        return Err(format!(
            "--levels gives {} bots for {} players",
            o.levels.len(),
            players.len()
        ));
    }
    let seats = Seats::with_teams(&players, &o.teams).map_err(|e| e.to_string())?;
    let mut cfg = Config::new(o.rules, seats, &[], o.games, o.seed);
    cfg.entries = o.levels;
    cfg.board = o.board;
    cfg.max_decisions = o.max_plies;
    for e in &mut cfg.entries {
        let budget = match e.level {
            Level::Hard => o.nodes,
            Level::Master => o.master_nodes,
            _ => None,
        };
        if let Some(nodes) = budget {
            e.limits = Limits {
                nodes,
                four_teams_nodes: 0,
                ..e.limits
            };
        }
    }
    let threads = o.threads.max(1);
    let start = Instant::now();
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
            .map(|h| {
                h.join()
                    .map_err(|_| "a tournament thread failed".to_string())
            })
            .collect::<Result<Vec<_>, _>>()
            .map(|v| v.into_iter().flatten().collect())
    })?;
    results.sort_by_key(|r| r.index);
    let summary = Summary::new(&cfg, &results);
    let colours: Vec<&str> = players.iter().map(|c| c.name()).collect();
    say!(
        "board {}  rules {}  players {}{}  seed {}  threads {}  wall {:.1}s",
        o.board,
        o.rules.name(),
        colours.join(","),
        if o.teams.is_empty() { "" } else { " (teams)" },
        o.seed,
        threads,
        start.elapsed().as_secs_f64()
    );
    say!("entries rotate over the seats game by game; every deal is played from every seat");
    print!("{summary}");
    Ok(())
}
