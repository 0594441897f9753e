//! `barricade train` makes the same weights from the same options: a
//! small run (26 medium games, one per entry of the setups, 8 of three
//! or four teams, one per entry of theirs, and 4 default two-player
//! games, two per board) against its recorded output. The full run that
//! made crates/ai/data/learned.txt is the same code with the defaults and
//! `--classic-two-player-games 3000 --players-weights
//! crates/ai/data/learned-players-2.txt --players-sets all
//! --start-turns-floor 0.1`, whose players' file came from the same
//! defaults with the players of `learned-players.txt`, the file the
//! defaults alone make (each file's header names its command; docs/ai.md
//! the time).

use std::process::Command;

#[test]
fn a_small_training_run_gives_the_recorded_weights() {
    let out = Command::new(env!("CARGO_BIN_EXE_barricade"))
        .args(["train", "--games", "26", "--multi-team-games", "8"])
        .args(["--two-player-games", "4"])
        .args(["--seed", "1", "--every", "4"])
        .args(["--level", "medium", "--threads", "2"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let weights: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("classic-") || l.starts_with("quick-"))
        .collect();
    let recorded = include_str!("data/train-small.txt");
    assert_eq!(weights, recorded.lines().collect::<Vec<_>>());
}

/// The small run's command with the players' weights from `path` and
/// `more` options.
fn small_run_with_players_and(path: &std::path::Path, more: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_barricade"))
        .args(["train", "--games", "26", "--multi-team-games", "8"])
        .args(["--two-player-games", "4"])
        .args(["--seed", "1", "--every", "4"])
        .args(["--level", "medium", "--threads", "2", "--players-weights"])
        .arg(path)
        .args(more)
        .output()
        .unwrap()
}

/// The small run's command with the players' weights from `path`.
fn small_run_with_players(path: &std::path::Path) -> std::process::Output {
    small_run_with_players_and(path, &[])
}

#[test]
fn players_with_the_learned_model_play_their_own_games() {
    let weights = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../ai/data/learned.txt");
    let out = small_run_with_players(&weights);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let command = text.lines().find(|l| l.starts_with("# Command:")).unwrap();
    assert!(command.contains("--players-weights"), "{command}");
    assert!(!command.contains("--players-sets"), "{command}");
    // Other players, other games: other weights than the tuned players'.
    let first = text.lines().find(|l| l.starts_with("classic-2")).unwrap();
    let recorded = include_str!("data/train-small.txt");
    assert!(!recorded.lines().any(|l| l == first), "{first}");
}

#[test]
fn players_that_use_the_model_on_every_set_play_other_multi_team_games() {
    let weights = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../ai/data/learned.txt");
    let sets = ["classic-", "quick-", "# Command:"];
    let default = lines(&small_run_with_players(&weights), &sets);
    let named = ["--players-sets", "classic-2,quick-2,quick-4,quick-3"];
    assert_eq!(
        lines(&small_run_with_players_and(&weights, &named), &sets),
        default
    );
    let all = lines(
        &small_run_with_players_and(&weights, &["--players-sets", "all"]),
        &sets,
    );
    assert!(all[0].ends_with(" --players-sets all"), "{}", all[0]);
    // The same two-team games; with three or four teams on classic the
    // players now use the model: other games, other weights.
    assert_eq!(all[1], default[1]);
    assert_ne!(all[2], default[2]);
    assert_ne!(all[3], default[3]);
    assert_eq!(all[4..], default[4..]);
    let bad = small_run_with_players_and(&weights, &["--players-sets", "classic-2,quick-5"]);
    assert!(!bad.status.success());
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(
        err.contains("--players-sets") && err.contains("quick-5"),
        "{err}"
    );
}

#[test]
fn a_damaged_players_weights_file_is_named_in_the_error() {
    let path = std::env::temp_dir().join(format!("barricade-players-{}.txt", std::process::id()));
    std::fs::write(&path, "classic-2 1 2 3\n").unwrap();
    let out = small_run_with_players(&path);
    let _ = std::fs::remove_file(&path);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--players-weights") && err.contains("classic-2"),
        "{err}"
    );
}

/// Runs `barricade train` with `args`.
fn train(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_barricade"))
        .arg("train")
        .args(args)
        .output()
        .unwrap()
}

/// The small run's options (see the file's first test).
const SMALL: [&str; 14] = [
    "--games",
    "26",
    "--multi-team-games",
    "8",
    "--two-player-games",
    "4",
    "--seed",
    "1",
    "--every",
    "4",
    "--level",
    "medium",
    "--threads",
    "2",
];

/// The lines of a run's output that start with `prefixes`.
fn lines(out: &std::process::Output, prefixes: &[&str]) -> Vec<String> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| prefixes.iter().any(|p| l.starts_with(p)))
        .map(str::to_string)
        .collect()
}

#[test]
fn saved_positions_fit_again_to_the_same_weights_and_name_their_games() {
    let path = std::env::temp_dir().join(format!("barricade-positions-{}.txt", std::process::id()));
    let file = path.to_str().unwrap();
    let small = SMALL;
    let played = train(&[&small[..], &["--save-positions", file]].concat());
    assert!(played.status.success());
    let again = train(&["--positions", file]);
    let floored = train(&["--positions", file, "--start-turns-floor", "0.05"]);
    // Playing is no option beside fitting saved positions.
    let both = train(&["--positions", file, "--games", "3"]);
    let _ = std::fs::remove_file(&path);
    let weights = ["# Command:", "classic-", "quick-"];
    assert_eq!(lines(&again, &weights), lines(&played, &weights));
    assert!(!both.status.success());
    // The floor is named in the header and changes the classic sets only.
    let command = &lines(&floored, &["# Command:"])[0];
    assert!(
        command.ends_with("--nodes 0 --start-turns-floor 0.05"),
        "{command}"
    );
    let classic = lines(&floored, &["classic-"]);
    assert!(
        classic
            .iter()
            .all(|l| !lines(&played, &["classic-"]).contains(l))
    );
    assert_eq!(lines(&floored, &["quick-"]), lines(&played, &["quick-"]));
}

#[test]
fn a_saved_run_extended_by_classic_games_is_the_longer_run() {
    let path = std::env::temp_dir().join(format!("barricade-extend-{}.txt", std::process::id()));
    let file = path.to_str().unwrap();
    let saved = train(&[&SMALL[..], &["--save-positions", file]].concat());
    assert!(saved.status.success());
    let classic = ["--classic-two-player-games", "2"];
    let extended = train(&[&SMALL[..], &classic, &["--extend", file]].concat());
    let at_once = train(&[&SMALL[..], &classic].concat());
    // Other games than the saved ones' are no extension of them.
    let other = train(&[&SMALL[..], &classic, &["--nodes", "100", "--extend", file]].concat());
    let _ = std::fs::remove_file(&path);
    assert!(extended.status.success() && at_once.status.success());
    let weights = ["# Command:", "# Positions:", "classic-", "quick-"];
    assert_eq!(lines(&extended, &weights), lines(&at_once, &weights));
    assert!(lines(&extended, &weights)[0].ends_with("--classic-two-player-games 2"));
    assert!(!other.status.success());
    let err = String::from_utf8_lossy(&other.stderr);
    assert!(
        err.contains("--extend") && err.contains("--nodes 0"),
        "{err}"
    );
}

#[test]
fn a_damaged_positions_file_is_named_with_its_line() {
    let path = std::env::temp_dir().join(format!("barricade-damaged-{}.txt", std::process::id()));
    let damaged = "# Games: barricade train\n0 blue rules=ravensburger seats=red,blue red=zz9\n";
    std::fs::write(&path, damaged).unwrap();
    let out = train(&["--positions", path.to_str().unwrap()]);
    std::fs::write(&path, "0 blue rules=ravensburger seats=red,blue\n").unwrap();
    let headless = train(&["--positions", path.to_str().unwrap()]);
    let _ = std::fs::remove_file(&path);
    assert!(!out.status.success() && !headless.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--positions") && err.contains("line 2") && err.contains("position"),
        "{err}"
    );
    let err = String::from_utf8_lossy(&headless.stderr);
    assert!(err.contains("# Games:"), "{err}");
}

#[test]
fn more_classic_two_player_games_change_the_classic_sets_only() {
    let small = SMALL;
    let base = train(&small);
    let more = train(&[&small[..], &["--classic-two-player-games", "3"]].concat());
    assert!(base.status.success() && more.status.success());
    // The games before are the same; the new ones are classic two-player
    // games, so the quick sets stay as they were.
    assert_eq!(lines(&more, &["quick-"]), lines(&base, &["quick-"]));
    assert_ne!(lines(&more, &["classic-2"]), lines(&base, &["classic-2"]));
    let command = &lines(&more, &["# Command:"])[0];
    assert!(
        command.ends_with("--nodes 0 --classic-two-player-games 3"),
        "{command}"
    );
    let said = |out: &std::process::Output, what: &str| {
        lines(out, &[what]).first().cloned().unwrap_or_default()
    };
    let games = "games of two teams on classic";
    assert_ne!(said(&more, games), said(&base, games));
    // Every run says what its chart gives the first player at the start.
    for board in ["classic", "quick"] {
        let start = format!("the chart's start, default two-player game on {board}");
        assert!(said(&base, &start).ends_with('%'), "{board}");
    }
}
