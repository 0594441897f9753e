//! `barricade train`: fits the learned evaluation to self-play games
//! (barricade_ai::training) and writes its weights file
//! (crates/ai/data/learned.txt).

use barricade_ai::Level;
use barricade_ai::learned::{self, FEATURES, Model, NAMES};
use barricade_ai::training::{self, Options, Sample};
use barricade_rules::BoardId;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Options of `barricade train`. The defaults reproduce the checked-in
/// weights.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Self-play games, one in turn per entry of the training setups
    /// (boards, seatings, rules; the default two-player game several
    /// times per board, see docs/ai.md).
    #[arg(long, value_name = "N", default_value_t = Options::default().games)]
    games: u64,
    /// Games of three or four teams played after those, one in turn per
    /// entry of their setups (three players, four players in three rule
    /// sets, per board): they give the three- and four-team weights.
    #[arg(long, value_name = "N", default_value_t = Options::default().multi_team_games)]
    multi_team_games: u64,
    /// Default two-player games played after those, on the classic board
    /// and the quick one in turn: the classic two-team weights' opening terms
    /// rest on them.
    #[arg(long, value_name = "N", default_value_t = Options::default().two_player_games)]
    two_player_games: u64,
    /// Seed of the dice deals.
    #[arg(long, value_name = "S", default_value_t = Options::default().seed)]
    seed: u64,
    /// Keep one position in this many decisions.
    #[arg(long, value_name = "N", default_value_t = Options::default().every)]
    every: usize,
    /// The players' level (they play with the tuned hand-made weights
    /// unless --players-weights says otherwise).
    #[arg(long, value_name = "LEVEL", default_value_t = Options::default().level)]
    level: Level,
    /// Node budget of the players' search (0: the level's own).
    #[arg(long, value_name = "N", default_value_t = Options::default().nodes)]
    nodes: u64,
    /// The players use the learned model of this weights file (e.g.
    /// crates/ai/data/learned-players.txt) where the master uses one,
    /// instead of the tuned weights everywhere.
    #[arg(long, value_name = "PATH")]
    players_weights: Option<PathBuf>,
    /// Threads for the games (the result does not depend on them).
    #[arg(long, value_name = "N", default_value_t = 1)]
    threads: usize,
    /// Write the weights file here (e.g. crates/ai/data/learned.txt).
    #[arg(long, value_name = "PATH")]
    write: Option<PathBuf>,
}

/// Runs `barricade train`.
pub fn run(args: &Args) -> Result<(), String> {
    let start = Instant::now();
    let players_model = match &args.players_weights {
        Some(path) => Some(players_model(path)?),
        None => None,
    };
    let options = Options {
        games: args.games,
        multi_team_games: args.multi_team_games,
        two_player_games: args.two_player_games,
        seed: args.seed,
        every: args.every,
        level: args.level,
        nodes: args.nodes,
        players_model,
        threads: args.threads.max(1),
    };
    let data = training::collect(&options);
    say!(
        "{} positions from {} games ({:.1}s)",
        data.len(),
        options.games + options.multi_team_games + options.two_player_games,
        start.elapsed().as_secs_f64()
    );
    // Feature sets compared on the games left out (every fifth).
    let (train, held): (Vec<_>, Vec<_>) = data.iter().partition(|(g, _)| g % 5 != 4);
    let train: Vec<Sample> = train.into_iter().map(|(_, s)| s).collect();
    let held: Vec<Sample> = held.into_iter().map(|(_, s)| s).collect();
    let only = |names: &[&str]| -> [bool; FEATURES] {
        core::array::from_fn(|k| names.contains(&NAMES[k]))
    };
    let models: Vec<(&str, Model)> = [
        ("learned, plain features", only(&["turns", "wait"])),
        (
            "learned, features / sqrt(turns)",
            only(&["turns/s", "wait/s"]),
        ),
        (
            "learned, both, without home",
            only(&["turns/s", "turns", "wait/s", "wait"]),
        ),
        ("learned, without the opening terms", only(&NAMES[..5])),
        ("learned, all", [true; FEATURES]),
    ]
    .into_iter()
    .map(|(name, mask)| (name, training::fit(&train, &mask)))
    .collect();
    first_player_wins(&data);
    // Per board, two teams and three or four apart: the second group's
    // sets rest on fewer games, and a table of all together would hide
    // them.
    for (group, board, two) in [
        ("classic, two teams", BoardId::Classic, true),
        ("quick, two teams", BoardId::Quick, true),
        ("classic, three or four teams", BoardId::Classic, false),
        ("quick, three or four teams", BoardId::Quick, false),
    ] {
        let held: Vec<Sample> = held
            .iter()
            .filter(|s| learned::set_board(s.set) == board && (s.teams == 2) == two)
            .copied()
            .collect();
        say!(
            "held-out games' positions, {group} ({}): mean -ln p(winner), Brier",
            held.len()
        );
        let (l, b) = training::scores(&held, None);
        say!("  {:<34} {l:.4}  {b:.4}", "tuned hand-made evaluation");
        for (name, model) in &models {
            let (l, b) = training::scores(&held, Some(model));
            say!("  {name:<34} {l:.4}  {b:.4}");
        }
    }
    let all: Vec<Sample> = data.iter().map(|(_, s)| *s).collect();
    let model = training::fit(&all, &[true; FEATURES]);
    let (l, b) = training::scores(&all, Some(&model));
    say!(
        "fitted on all {} positions: {l:.4}  {b:.4} ({:.1}s)",
        all.len(),
        start.elapsed().as_secs_f64()
    );
    let mut command = format!(
        "barricade train --games {} --multi-team-games {} --two-player-games {} --seed {} --every {} --level {} --nodes {}",
        args.games,
        args.multi_team_games,
        args.two_player_games,
        args.seed,
        args.every,
        args.level,
        args.nodes
    );
    if let Some(path) = &args.players_weights {
        command.push_str(&format!(" --players-weights {}", path.display()));
    }
    let header = format!(
        "The learned evaluation's weights, written by `barricade train`; do not edit.\n\
         Command: {command}\nPositions: {}; see docs/ai.md, \"The learned evaluation\".",
        all.len()
    );
    let text = model.to_text(&header);
    say!("{text}");
    if let Some(path) = &args.write {
        std::fs::write(path, &text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        say!("wrote {}", path.display());
    }
    debug_assert_eq!(Model::parse(&text), Ok(model));
    Ok(())
}

/// Says how often the first player's team won the games of two teams,
/// per board: what the model should give it at the start. A game's first
/// sample is its start.
fn first_player_wins(data: &[(u64, Sample)]) {
    for board in [BoardId::Classic, BoardId::Quick] {
        let (mut first, mut lost) = (0u32, 0u32);
        let mut last = None;
        for (g, s) in data {
            if last != Some(*g) && s.teams == 2 && learned::set_board(s.set) == board {
                if s.winner == 0 {
                    first += 1;
                } else {
                    lost += 1;
                }
            }
            last = Some(*g);
        }
        say!(
            "games of two teams on {board}: the first player's team won {first} of {}",
            first + lost
        );
    }
}

/// The model of the weights file at `path`, kept for the whole run (the
/// players' evaluators borrow it).
fn players_model(path: &Path) -> Result<&'static Model, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("--players-weights: cannot read {}: {e}", path.display()))?;
    let model =
        Model::parse(&text).map_err(|e| format!("--players-weights: {}: {e}", path.display()))?;
    Ok(Box::leak(Box::new(model)))
}
