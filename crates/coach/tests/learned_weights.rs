//! The checked-in learned weights and the training that makes them: each
//! weights file's header names the `barricade train` command (with this
//! crate's defaults) that makes it, and the training's default players use
//! the model on the sets of `DEFAULT_PLAYERS_SETS` only.

use barricade_ai::Evaluator;
use barricade_ai::learned::{INGREDIENTS, Model, WEIGHTS_TEXT};
use barricade_coach::training::{DEFAULT_PLAYERS_SETS, Options, Players};
use barricade_rules::Position;

/// The first run's weights, which the defaults alone make: the
/// players (`--players-weights`) of the second run.
const PLAYERS_TEXT: &str = include_str!("../../ai/data/learned-players.txt");
/// The second run's weights, the floored fit of games of masters
/// that use the first's: the players of the run that made the
/// checked-in file, on every set (docs/ai-journal.md, "Games of masters that use the model with three and four teams").
const PLAYERS_2_TEXT: &str = include_str!("../../ai/data/learned-players-2.txt");

/// The command `barricade train`'s defaults spell in a file's header.
fn default_command() -> String {
    let o = Options::default();
    format!(
        "# Command: barricade train --games {} --multi-team-games {} --two-player-games {} --seed {} --every {} --level {} --nodes {}",
        o.games, o.multi_team_games, o.two_player_games, o.seed, o.every, o.level, o.nodes
    )
}

#[test]
fn the_checked_in_weights_name_the_commands_that_make_them() {
    // Three runs, each fitted to the games of the last one's master
    // (docs/ai.md, Training): the defaults alone make
    // learned-players.txt; with its players and the floor,
    // learned-players-2.txt; with those players on every set, 3,000
    // more default classic two-player games and the floor, the file.
    // crates/cli/tests/train.rs checks a small run's output.
    let first = default_command();
    assert!(PLAYERS_TEXT.lines().any(|l| l == first), "{first}");
    let second = format!(
        "{first} --players-weights crates/ai/data/learned-players.txt --start-turns-floor 0.1"
    );
    assert!(PLAYERS_2_TEXT.lines().any(|l| l == second), "{second}");
    let third = format!(
        "{first} --classic-two-player-games 3000 --players-weights crates/ai/data/learned-players-2.txt --players-sets all --start-turns-floor 0.1"
    );
    assert!(WEIGHTS_TEXT.lines().any(|l| l == third), "{third}");
    assert!(Model::parse(PLAYERS_TEXT).is_ok() && Model::parse(PLAYERS_2_TEXT).is_ok());
}

#[test]
fn the_model_gives_the_chances_on_every_set_and_the_default_players_on_theirs() {
    let learned = Evaluator::learned();
    let players = Players::Learned(Model::checked_in().unwrap(), DEFAULT_PLAYERS_SETS).evaluator();
    let tuned = Evaluator::hand_made(INGREDIENTS);
    for (text, players_use_model) in [
        ("seats=red,blue red=a12", true),
        ("board=quick seats=red,blue", true),
        ("board=quick seats=red,green,yellow", true),
        ("board=quick", true),
        ("seats=red,green,yellow red=a12", false),
        ("red=f3 green=k9 yellow=o1 blue=c5", false),
    ] {
        let pos: Position = text.parse().unwrap();
        assert_ne!(learned.scores(&pos), tuned.scores(&pos), "{text}");
        let same = players.scores(&pos) == tuned.scores(&pos);
        assert_eq!(same, !players_use_model, "{text}");
    }
}
