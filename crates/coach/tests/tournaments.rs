//! Tournaments between the levels: deterministic for a seed; medium
//! beats easy, hard beats medium, master beats hard. The long ones are
//! ignored in debug builds (see docs/ai.md).

use barricade_ai::{Level, Limits};
use barricade_coach::tournament::{Config, Entry, play_game, run};
use barricade_rules::{Colour, Rules, Seats};

/// A small budget for the hard bot, so that debug builds stay quick.
const TEST_LIMITS: Limits = Limits {
    nodes: 300,
    max_depth: 2,
    root_drops: 6,
    inner_drops: 2,
    beam: 0,
    deep_moves: 0,
    deeper_moves: 0,
    deep_beam: 0,
    inner_places: 1,
    extensions: 1,
    root_eval_drops: 0,
    four_teams_depth: 0,
    four_teams_nodes: 0,
};

#[test]
fn tournaments_are_deterministic() {
    let mut cfg = Config::new(
        Rules::default(),
        Seats::new(&[Colour::Red, Colour::Blue]).unwrap(),
        &[Level::Hard, Level::Easy],
        2,
        77,
    );
    cfg.entries[0] = Entry {
        level: Level::Hard,
        limits: TEST_LIMITS,
        tuned: false,
    };
    for i in 0..2 {
        let a = play_game(&cfg, i);
        let b = play_game(&cfg, i);
        assert_eq!((a.winners, a.decisions), (b.winners, b.decisions));
    }
}

#[test]
fn medium_beats_easy_in_most_games() {
    let cfg = Config::new(
        Rules::default(),
        Seats::new(&[Colour::Red, Colour::Blue]).unwrap(),
        &[Level::Medium, Level::Easy],
        30,
        2024,
    );
    let s = run(&cfg);
    assert!(s.entries[0].wins >= 24, "{s}");
}

/// Long: hard against medium, 2 players, seats swapped. Run with
/// `cargo test --release -p barricade-coach -- --ignored` (see docs/ai.md).
#[test]
#[cfg_attr(debug_assertions, ignore)]
fn hard_beats_medium() {
    let cfg = Config::new(
        Rules::default(),
        Seats::new(&[Colour::Red, Colour::Blue]).unwrap(),
        &[Level::Hard, Level::Medium],
        200,
        1,
    );
    let s = run(&cfg);
    println!("{s}");
    assert!(s.entries[0].rate >= 0.6, "{s}");
}

/// Long: master against hard, 2 players, seats swapped. Run with
/// `cargo test --profile bench -p barricade-coach -- --include-ignored`.
#[test]
#[cfg_attr(debug_assertions, ignore)]
fn master_beats_hard() {
    let cfg = Config::new(
        Rules::default(),
        Seats::new(&[Colour::Red, Colour::Blue]).unwrap(),
        &[Level::Master, Level::Hard],
        100,
        3,
    );
    let s = run(&cfg);
    println!("{s}");
    assert!(s.entries[0].rate >= 0.5, "{s}");
}
