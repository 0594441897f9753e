//! `barricade selfplay`: baseline policies against each other (one JSON
//! line per game), or with `--levels` a tournament of the computer
//! players ([`crate::tournament`]).

use crate::tournament;
use barricade_coach::tournament::Entry;
use barricade_rules::{BoardId, Colour, Game, Rules, Seats, Team, code, policy};

/// The baseline policies.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// The rules crate's greedy policy.
    Greedy,
    /// A uniformly random legal decision.
    Random,
}

/// Options of `barricade selfplay`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Number of games.
    #[arg(long, value_name = "N", default_value_t = 10)]
    games: u64,
    /// First seed (baseline game i uses S + i; tournaments derive every
    /// deal from it).
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Rule set: ravensburger, free-pass, start-roll, french, or toggles
    /// joined by + (french+free-pass).
    #[arg(long, value_name = "NAME", default_value = "ravensburger", value_parser = parse_rules)]
    rules: Rules,
    /// Board: classic or quick ("Das schnelle Malefiz").
    #[arg(long, value_name = "NAME", default_value = "classic", value_parser = parse_board)]
    board: BoardId,
    /// Colours in playing order, e.g. red,blue (default: all four, or as
    /// many as --levels names).
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = parse_colour)]
    players: Option<Vec<Colour>>,
    /// Teams, e.g. red+yellow/green+blue.
    #[arg(long, value_name = "SPEC", value_delimiter = '/', value_parser = parse_team)]
    teams: Vec<Team>,
    /// Baseline policy for every seat.
    #[arg(long, value_enum, default_value_t = Policy::Greedy)]
    policy: Policy,
    /// Stop a game after N plies (a draw).
    #[arg(long, value_name = "N", default_value_t = 5000)]
    max_plies: usize,
    /// A tournament of computer players instead, one level per player
    /// (easy, medium, hard, master; `-tuned` after a level plays it with
    /// the tuned hand-made weights, so master-tuned is the master before
    /// the learned evaluation), e.g. master,hard: prints win rates with
    /// 95% confidence intervals and the time per decision.
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = parse_level)]
    levels: Option<Vec<Entry>>,
    /// Tournament threads (default: all cores).
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// Node budget of the hard bot per decision.
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Node budget of the master bot per decision.
    #[arg(long, value_name = "N")]
    master_nodes: Option<u64>,
}

fn parse_rules(text: &str) -> Result<Rules, String> {
    text.parse().map_err(|e| format!("{e}"))
}

fn parse_board(text: &str) -> Result<BoardId, String> {
    text.parse().map_err(|e| format!("{e}"))
}

fn parse_colour(text: &str) -> Result<Colour, String> {
    text.trim().parse().map_err(|e| format!("{e}"))
}

fn parse_team(text: &str) -> Result<Team, String> {
    text.parse()
        .map_err(|e: barricade_rules::colour::ParseColourError| e.to_string())
}

fn parse_level(text: &str) -> Result<Entry, String> {
    text.trim().parse().map_err(|e| format!("{e}"))
}

/// Runs `barricade selfplay`.
pub fn run(args: Args) -> Result<(), String> {
    if let Some(levels) = args.levels {
        return tournament::run(tournament::Options {
            levels,
            players: args.players,
            teams: args.teams,
            rules: args.rules,
            board: args.board,
            games: args.games,
            seed: args.seed,
            threads: args
                .threads
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
            nodes: args.nodes,
            master_nodes: args.master_nodes,
            max_plies: args.max_plies,
        });
    }
    let players = args.players.unwrap_or_else(|| Colour::ALL.to_vec());
    let seats = Seats::with_teams(&players, &args.teams).map_err(|e| e.to_string())?;
    let mut wins: Vec<(String, u64)> = Vec::new();
    for i in 0..args.games {
        let s = args.seed.wrapping_add(i);
        let mut game = Game::new_on(args.board, args.rules, seats, s);
        let mut rng = s | 1;
        while !game.position().is_over() && game.history().len() < args.max_plies {
            game.roll_if_due();
            let pos = *game.position();
            let mv = match args.policy {
                Policy::Greedy => policy::greedy(&pos),
                Policy::Random => policy::random(&pos, |n| {
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    (rng % n as u64) as usize
                }),
            };
            let Some(mv) = mv else { break };
            game.play(mv).map_err(|e| format!("internal error: {e}"))?;
        }
        let winner = game.position().winner().map(|w| w.to_string());
        let code = code::encode(&game.record()).map_err(|e| e.to_string())?;
        say!(
            "{}",
            serde_json::json!({
                "game": i + 1, "seed": s, "plies": game.history().len(),
                "winner": winner, "code": code,
            })
        );
        let key = winner.unwrap_or_else(|| "none".into());
        match wins.iter_mut().find(|(k, _)| *k == key) {
            Some((_, n)) => *n += 1,
            None => wins.push((key, 1)),
        }
    }
    wins.sort();
    let summary: serde_json::Map<String, serde_json::Value> = wins
        .into_iter()
        .map(|(k, n)| (k, serde_json::json!(n)))
        .collect();
    say!("{}", serde_json::json!({ "summary": summary }));
    Ok(())
}
