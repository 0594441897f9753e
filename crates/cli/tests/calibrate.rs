//! `barricade calibrate` plays the setups asked for and compares the
//! evaluations on them; a setup that does not exist is a clear error.

use std::process::Command;

fn calibrate(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_barricade"))
        .arg("calibrate")
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn it_measures_the_boards_and_players_asked_for() {
    let out = calibrate(&["--boards", "quick", "--players", "3", "--games", "1"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("quick 3 players:"), "{text}");
    assert!(!text.contains("classic"), "{text}");
    for judge in ["tuned evaluation (before)", "learned evaluation"] {
        assert!(text.contains(judge), "{text}");
    }
}

#[test]
fn a_setup_that_does_not_exist_is_an_error() {
    let out = calibrate(&["--players", "5", "--games", "1"]);
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("it takes 2, 3 or 4"), "{err}");
    let out = calibrate(&["--boards", "huge"]);
    assert!(!out.status.success());
}
