//! `barricade train` makes the same weights from the same options: a
//! small run (26 medium games, one per entry of the setups, 8 of three
//! or four teams, one per entry of theirs, and 4 default two-player
//! games, two per board) against its recorded output. The full run that
//! made crates/ai/data/learned.txt is the same code with the defaults (the
//! file's header names the command; docs/ai.md its time).

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
