//! `barricade train`: fits the learned evaluation to self-play games
//! (barricade_coach::training) and writes its weights file
//! (crates/ai/data/learned.txt).

use barricade_ai::Level;
use barricade_ai::analysis::Analyst;
use barricade_ai::learned::{self, FEATURES, Learned, Model, NAMES};
use barricade_coach::training::{self, DEFAULT_PLAYERS_SETS, Kept, Options, Players, Sample};
use barricade_rules::{BoardId, Game};
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
    /// Default two-player games on the classic board alone, played after
    /// all others: more games for the classic two-team set's opening,
    /// where its first player's share is what the chart's start should
    /// say (docs/ai.md).
    #[arg(long, value_name = "N", default_value_t = Options::default().classic_two_player_games)]
    classic_two_player_games: u64,
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
    /// crates/ai/data/learned-players.txt) on the sets of
    /// --players-sets, instead of the tuned weights everywhere.
    #[arg(long, value_name = "PATH")]
    players_weights: Option<PathBuf>,
    /// The sets on which the players use --players-weights: `all`, or
    /// names from the weights file, comma-separated (classic-2,quick-3).
    /// Without it: classic-2,quick-2,quick-3,quick-4, where the master
    /// used the model when the checked-in weights' players did.
    #[arg(long, value_name = "SETS", requires = "players_weights", value_parser = parse_sets)]
    players_sets: Option<[bool; learned::SETS]>,
    /// Hold the classic sets' weight of a team's expected turns at a
    /// game's start at this value or above (per turn; fitted freely it
    /// came out negative, and masters that all play by such weights
    /// stall in the opening: docs/ai.md). Without it, the free fit.
    #[arg(long, value_name = "W")]
    start_turns_floor: Option<f64>,
    /// Threads for the games (the result does not depend on them).
    #[arg(long, value_name = "N", default_value_t = 1)]
    threads: usize,
    /// Also write the games' positions to this file, to fit them again
    /// with --positions (the games take an hour, a fit seconds).
    #[arg(long, value_name = "PATH")]
    save_positions: Option<PathBuf>,
    /// Fit the positions of this file (written by --save-positions)
    /// instead of playing games; the weights file's header names the
    /// command that played them.
    #[arg(long, value_name = "PATH", conflicts_with_all = [
        "games", "multi_team_games", "two_player_games",
        "classic_two_player_games", "seed", "every",
        "level", "nodes", "players_weights", "players_sets", "save_positions",
    ])]
    positions: Option<PathBuf>,
    /// Play only the games this command asks for beyond those saved in
    /// this file (by --save-positions, with the same options but fewer
    /// --classic-two-player-games), and fit them all: the same
    /// positions and weights as playing every game at once.
    #[arg(long, value_name = "PATH", conflicts_with = "positions")]
    extend: Option<PathBuf>,
    /// Write the weights file here (e.g. crates/ai/data/learned.txt).
    #[arg(long, value_name = "PATH")]
    write: Option<PathBuf>,
}

/// The first line of a positions file, before the command that played
/// its games.
const GAMES: &str = "# Games: ";

/// Runs `barricade train`.
pub fn run(args: &Args) -> Result<(), String> {
    let start = Instant::now();
    if let Some(w) = args.start_turns_floor
        && !(-1000.0..=1000.0).contains(&w)
    {
        return Err(format!(
            "--start-turns-floor: {w} is not a weight (-1000 to 1000)"
        ));
    }
    let (kept, games_command) = match (&args.positions, &args.extend) {
        (Some(path), _) => read_positions(path)?,
        (None, Some(path)) => extend(args, path)?,
        (None, None) => play_games(args, 0)?,
    };
    if let Some(path) = &args.save_positions {
        let text = format!(
            "{GAMES}{games_command}\n{}",
            training::write_positions(&kept)
        );
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        say!("wrote {}", path.display());
    }
    let data = training::samples(&kept);
    say!(
        "{} positions ({:.1}s)",
        data.len(),
        start.elapsed().as_secs_f64()
    );
    // Feature sets compared on the games left out (every fifth).
    let (train, held): (Vec<_>, Vec<_>) = data.iter().partition(|(g, _)| g % 5 != 4);
    let train: Vec<Sample> = train.into_iter().map(|(_, s)| s).collect();
    let held: Vec<Sample> = held.into_iter().map(|(_, s)| s).collect();
    let only = |names: &[&str]| -> [bool; FEATURES] {
        core::array::from_fn(|k| names.contains(&NAMES[k]))
    };
    let floor = args.start_turns_floor;
    let mut models: Vec<(&str, Model)> = [
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
        ("learned, without first-rounds*wait", only(&NAMES[..7])),
        ("learned, all", [true; FEATURES]),
    ]
    .into_iter()
    .map(|(name, mask)| (name, training::fit(&train, &mask, floor)))
    .collect();
    if floor.is_some() {
        // What the floor costs.
        let free = training::fit(&train, &[true; FEATURES], None);
        models.push(("learned, all, without the floor", free));
    }
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
        let (l, b) = training::tuned_scores(&held);
        say!("  {:<34} {l:.4}  {b:.4}", "tuned hand-made evaluation");
        for (name, model) in &models {
            let (l, b) = training::scores(&held, model);
            say!("  {name:<34} {l:.4}  {b:.4}");
        }
    }
    let all: Vec<Sample> = data.iter().map(|(_, s)| *s).collect();
    let model = training::fit(&all, &[true; FEATURES], floor);
    let (l, b) = training::scores(&all, &model);
    say!(
        "fitted on all {} positions: {l:.4}  {b:.4} ({:.1}s)",
        all.len(),
        start.elapsed().as_secs_f64()
    );
    let mut command = games_command;
    if let Some(w) = floor {
        command.push_str(&format!(" --start-turns-floor {w}"));
    }
    let header = format!(
        "The learned evaluation's weights, written by `barricade train`; do not edit.\n\
         Command: {command}\nPositions: {}; see docs/ai.md, \"The learned evaluation\".",
        all.len()
    );
    let text = model.to_text(&header);
    say!("{text}");
    chart_start(model);
    if let Some(path) = &args.write {
        std::fs::write(path, &text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        say!("wrote {}", path.display());
    }
    debug_assert_eq!(Model::parse(&text), Ok(model));
    Ok(())
}

/// The positions of the games saved at `path` and of the games `args`
/// asks for beyond them, and the command that plays them all.
fn extend(args: &Args, path: &Path) -> Result<(Vec<Kept>, String), String> {
    let (mut kept, saved) = read_positions(path)?;
    let classic = saved
        .split_whitespace()
        .skip_while(|w| *w != "--classic-two-player-games")
        .nth(1)
        .map_or(Ok(0), str::parse::<u64>)
        .map_err(|e| format!("--extend: {}: {e}", path.display()))?;
    let same = games_command(args, classic.min(args.classic_two_player_games));
    if classic > args.classic_two_player_games || saved != same {
        return Err(format!(
            "--extend: {} holds the games of `{saved}`, not those of this command with \
             fewer --classic-two-player-games (`{same}`)",
            path.display()
        ));
    }
    let first = args.games + args.multi_team_games + args.two_player_games + classic;
    say!(
        "{} positions of {first} games read from {}",
        kept.len(),
        path.display()
    );
    let (more, command) = play_games(args, first)?;
    kept.extend(more);
    Ok((kept, command))
}

/// Plays the games of `args` from game number `first_game` on: their
/// positions, and the command that plays all of them again.
fn play_games(args: &Args, first_game: u64) -> Result<(Vec<Kept>, String), String> {
    let players = match &args.players_weights {
        Some(path) => Players::Learned(
            players_model(path)?,
            args.players_sets.unwrap_or(DEFAULT_PLAYERS_SETS),
        ),
        None => Players::Tuned,
    };
    let options = Options {
        games: args.games,
        multi_team_games: args.multi_team_games,
        two_player_games: args.two_player_games,
        classic_two_player_games: args.classic_two_player_games,
        seed: args.seed,
        every: args.every,
        level: args.level,
        nodes: args.nodes,
        players,
        threads: args.threads.max(1),
        first_game,
    };
    let command = games_command(args, args.classic_two_player_games);
    Ok((training::collect_positions(&options), command))
}

/// The command that plays the games of `args`, with `classic` default
/// two-player games on the classic board.
fn games_command(args: &Args, classic: u64) -> String {
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
    // Spelled only when asked for, so that the files made before the
    // option still name the command that makes them.
    if classic > 0 {
        command.push_str(&format!(" --classic-two-player-games {classic}"));
    }
    if let Some(path) = &args.players_weights {
        command.push_str(&format!(" --players-weights {}", path.display()));
    }
    let sets = args.players_sets.unwrap_or(DEFAULT_PLAYERS_SETS);
    if sets != DEFAULT_PLAYERS_SETS {
        command.push_str(&format!(" --players-sets {}", sets_text(sets)));
    }
    command
}

/// `--players-sets`: `all`, or set names separated by commas.
fn parse_sets(text: &str) -> Result<[bool; learned::SETS], String> {
    if text == "all" {
        return Ok([true; learned::SETS]);
    }
    let mut sets = [false; learned::SETS];
    for name in text.split(',') {
        let set = learned::set_by_name(name.trim()).ok_or_else(|| {
            format!(
                "{name:?} is not a weight set (classic-2 to classic-4, quick-2 to quick-4, or all)"
            )
        })?;
        sets[set] = true;
    }
    Ok(sets)
}

/// `--players-sets` as [`parse_sets`] reads it back.
fn sets_text(sets: [bool; learned::SETS]) -> String {
    if sets == [true; learned::SETS] {
        return "all".to_string();
    }
    (0..learned::SETS)
        .filter(|&s| sets[s])
        .map(learned::set_name)
        .collect::<Vec<_>>()
        .join(",")
}

/// The positions of a file written by --save-positions, and the command
/// that played their games.
fn read_positions(path: &Path) -> Result<(Vec<Kept>, String), String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("--positions: cannot read {}: {e}", path.display()))?;
    let command = text
        .lines()
        .next()
        .and_then(|l| l.strip_prefix(GAMES))
        .ok_or_else(|| format!("--positions: {}: no {GAMES:?} line first", path.display()))?;
    let data = training::read_positions(&text)
        .map_err(|e| format!("--positions: {}: {e}", path.display()))?;
    Ok((data, command.to_string()))
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

/// Says what the analysis chart of `model` gives the first player at the
/// start of a default two-player game, per board: to set beside the
/// first player's share of the games (above) and of held-out games
/// (`barricade calibrate`).
fn chart_start(model: Model) {
    let learned = Learned::new(Box::leak(Box::new(model)));
    let analyst = Analyst::with_evaluator(learned.into());
    for (board, rules, seats) in training::two_player_setups() {
        let Some(first) = seats.colour(0) else {
            continue;
        };
        let game = Game::new_on(board, rules, seats, 1);
        let chances = analyst.chances(game.position());
        say!(
            "the chart's start, default two-player game on {board}: the first player's team {:.1}%",
            100.0 * chances[first.index()]
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
