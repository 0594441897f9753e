//! Protocol tests: run `barricade engine` on request lines.

use std::io::Write;
use std::process::{Command, Stdio};

fn engine(input: &str) -> Vec<serde_json::Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_barricade"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

const P: &str = r#"{"rules":"ravensburger","players":["red","blue"],"turn":"red","roll":1,"pawns":{"red":["a2","home","home","home","home"],"blue":["home","home","home","home","home"]},"barricades":["i13","i11","i10","i9","g7","k7","a3","e3","i3","m3","q3"]}"#;

#[test]
fn legal_lists_moves_with_paths_and_drop_squares() {
    let r = engine(&format!("{{\"cmd\":\"legal\",\"position\":{P}}}\n"));
    let moves = r[0]["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3);
    assert_eq!(moves[0]["from"], "home");
    assert_eq!(moves[0]["path"], serde_json::json!(["c1"]));
    let take = moves.iter().find(|m| m["to"] == "a3").unwrap();
    assert_eq!(take["barricade"].as_array().unwrap().len(), 83);
    assert!(moves.iter().all(|m| m.get("pass").is_none()));
}

#[test]
fn play_returns_the_next_position() {
    let r = engine(&format!(
        "{{\"cmd\":\"play\",\"position\":{P},\"move\":{{\"from\":\"a2\",\"to\":\"a3\",\"barricade\":\"a2\"}}}}\n"
    ));
    let p = &r[0]["position"];
    assert_eq!(p["turn"], "blue");
    assert!(p.get("roll").is_none());
    assert!(p["barricades"].as_array().unwrap().contains(&"a2".into()));
}

#[test]
fn winner_appears_when_the_goal_is_reached() {
    let p = r#"{"players":["red","blue"],"turn":"red","roll":2,"pawns":{"red":["h13","home","home","home","home"],"blue":["home","home","home","home","home"]},"barricades":["g8","i11","i10","i9","g7","k7","a3","e3","i3","m3","q3"]}"#;
    let r = engine(&format!(
        "{{\"cmd\":\"play\",\"position\":{p},\"move\":{{\"from\":\"h13\",\"to\":\"i14\"}}}}\n"
    ));
    assert_eq!(r[0]["position"]["winner"], serde_json::json!(["red"]));
}

#[test]
fn garbage_gets_errors_and_the_engine_keeps_serving() {
    let bad_positions = [
        r#"{"players":["red","blue"],"pawns":{"red":["a1","a1","home","home","home"],"blue":["home","home","home","home","home"]},"barricades":["i13","i11","i10","i9","g7","k7","a3","e3","i3","m3","q3"],"roll":1}"#,
        r#"{"players":["red","blue"],"pawns":{"red":["home","home","home","home","home"],"blue":["home","home","home","home","home"]},"barricades":["a1","i11","i10","i9","g7","k7","a3","e3","i3","m3","q3"],"roll":1}"#,
        r#"{"players":["red","blue"],"pawns":{"red":["home","home","home","home"],"blue":["home","home","home","home","home"]},"barricades":["i13","i11","i10","i9","g7","k7","a3","e3","i3","m3","q3"],"roll":1}"#,
        r#"{"players":["red","purple"],"pawns":{},"barricades":[]}"#,
        r#"{"players":["red","blue"],"pawns":{"red":["zz9","home","home","home","home"],"blue":["home","home","home","home","home"]},"barricades":["i13","i11","i10","i9","g7","k7","a3","e3","i3","m3","q3"],"roll":1}"#,
        r#"{"players":["red","blue"],"roll":9,"pawns":{"red":["home","home","home","home","home"],"blue":["home","home","home","home","home"]},"barricades":["i13","i11","i10","i9","g7","k7","a3","e3","i3","m3","q3"]}"#,
        r#"[1,2,3]"#,
    ];
    let mut input = String::from("garbage\n{\"cmd\":42}\n{}\n\u{0}\u{ff}\n[]\n");
    for p in bad_positions {
        input.push_str(&format!("{{\"cmd\":\"legal\",\"position\":{p}}}\n"));
    }
    input.push_str(&format!(
        "{{\"cmd\":\"play\",\"position\":{P},\"move\":{{\"from\":\"a2\",\"to\":\"a3\"}}}}\n"
    ));
    input.push_str(&format!("{{\"cmd\":\"legal\",\"position\":{P}}}\n"));
    let r = engine(&input);
    assert_eq!(r.len(), 5 + bad_positions.len() + 2);
    for reply in &r[..r.len() - 1] {
        assert!(reply["error"].is_string(), "{reply}");
    }
    assert!(r.last().unwrap()["moves"].is_array());
}

#[test]
fn replay_prints_the_final_position() {
    let out = Command::new(env!("CARGO_BIN_EXE_barricade"))
        .args(["selfplay", "--games", "1", "--seed", "4"])
        .output()
        .unwrap();
    let first: serde_json::Value = serde_json::from_str(
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap();
    let code = first["code"].as_str().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_barricade"))
        .args(["replay", code])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains(&format!("winner: {}", first["winner"].as_str().unwrap())));
    let bad = Command::new(env!("CARGO_BIN_EXE_barricade"))
        .args(["replay", "Zzz"])
        .output()
        .unwrap();
    assert!(!bad.status.success());

    let at = |plies: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_barricade"))
            .args(["replay", code, "--plies", plies])
            .output()
            .unwrap();
        (out.status.success(), String::from_utf8(out.stdout).unwrap())
    };
    let (ok, start) = at("0");
    assert!(ok);
    assert!(start.contains("plies: 0") && start.contains("winner: none yet"));
    let (ok, two) = at("2");
    assert!(ok && two.contains("plies: 2"));
    assert_ne!(start, two);
    // The code of the first two plies replays to the same position.
    let code_line = |text: &str| {
        let line = text.lines().find_map(|l| l.strip_prefix("code: "));
        line.unwrap().to_string()
    };
    let two_code = code_line(&two);
    let again = Command::new(env!("CARGO_BIN_EXE_barricade"))
        .args(["replay", &two_code])
        .output()
        .unwrap();
    let again = String::from_utf8(again.stdout).unwrap();
    let position = |text: &str| {
        text.lines()
            .find(|l| l.starts_with("position: "))
            .map(str::to_string)
    };
    assert_eq!(position(&again), position(&two));
    assert_eq!(code_line(&again), two_code);
    assert!(!at("100000").0);
    assert!(!at("x").0);
}

#[test]
fn bestmove_answers_a_legal_move_for_every_level() {
    for level in ["easy", "medium", "hard", "master"] {
        let r = engine(&format!(
            "{{\"cmd\":\"bestmove\",\"position\":{P},\"level\":\"{level}\",\"seed\":3}}\n"
        ));
        let mv = &r[0]["move"];
        assert!(mv.is_object(), "{level}: {}", r[0]);
        // The answer is accepted by play.
        let played = engine(&format!(
            "{{\"cmd\":\"play\",\"position\":{P},\"move\":{mv}}}\n"
        ));
        assert!(
            played[0].get("position").is_some(),
            "{level}: {}",
            played[0]
        );
    }
    let r = engine(&format!(
        "{{\"cmd\":\"bestmove\",\"position\":{P},\"level\":\"expert\"}}\n"
    ));
    assert!(r[0]["error"].as_str().unwrap().contains("expert"));
}

/// Red's pawn one step before the goal, blue still at home, blue to move.
const NEAR_GOAL: &str = r#"{"rules":"ravensburger","players":["red","blue"],"turn":"blue","roll":1,"pawns":{"red":["i13","home","home","home","home"],"blue":["home","home","home","home","home"]},"barricades":["c13","i11","i10","i9","g7","k7","a3","e3","i3","m3","q3"]}"#;

#[test]
fn chances_gives_every_seated_colour_a_chance_that_sums_to_one() {
    let r = engine(&format!(
        "{{\"cmd\":\"chances\",\"position\":{P}}}\n{{\"cmd\":\"chances\",\"position\":{QUICK}}}\n{{\"cmd\":\"chances\"}}\n{{\"cmd\":\"chances\",\"position\":{NEAR_GOAL}}}\n"
    ));
    for reply in &r[..2] {
        let chances = reply["chances"].as_object().unwrap();
        let total: f64 = chances.values().map(|v| v.as_f64().unwrap()).sum();
        assert!((total - 1.0).abs() < 1e-3, "{reply}");
    }
    let two = r[0]["chances"].as_object().unwrap();
    assert_eq!(two.keys().collect::<Vec<_>>(), ["blue", "red"]);
    assert!(r[2]["error"].as_str().unwrap().contains("position"));
    // A pawn about to reach the goal: nearly sure to win.
    assert!(r[3]["chances"]["red"].as_f64().unwrap() > 0.95, "{}", r[3]);
}

#[test]
fn selfplay_levels_runs_a_deterministic_tournament() {
    let run = || {
        let out = Command::new(env!("CARGO_BIN_EXE_barricade"))
            .args([
                "selfplay",
                "--levels",
                "medium,easy",
                "--games",
                "4",
                "--seed",
                "5",
                "--threads",
                "2",
            ])
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        // Win counts and lengths, without the times.
        text.lines()
            .filter(|l| l.starts_with("games") || l.contains('%'))
            .map(|l| l.split_whitespace().take(5).collect::<Vec<_>>().join(" "))
            .collect::<Vec<_>>()
    };
    let a = run();
    assert_eq!(a.len(), 4, "{a:?}");
    assert_eq!(a, run());
    let bad = Command::new(env!("CARGO_BIN_EXE_barricade"))
        .args([
            "selfplay",
            "--levels",
            "hard,medium,easy",
            "--players",
            "red,blue",
        ])
        .output()
        .unwrap();
    assert!(!bad.status.success());
}

fn barricade(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_barricade"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn every_subcommand_has_help() {
    for sub in ["engine", "replay", "analyse", "review", "selfplay", "tune"] {
        let out = barricade(&[sub, "--help"]);
        assert!(out.status.success(), "{sub}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("Usage: barricade"), "{sub}: {text}");
    }
    let top = String::from_utf8(barricade(&["--help"]).stdout).unwrap();
    for sub in ["engine", "replay", "analyse", "review", "selfplay", "tune"] {
        assert!(top.contains(sub), "{top}");
    }
    // Unknown commands and options are usage errors, not panics.
    for bad in [
        &["frobnicate"][..],
        &["selfplay", "--games", "x"],
        &["replay"],
        &[],
    ] {
        let out = barricade(bad);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(!out.stderr.is_empty());
    }
}

/// The first game of a 2-player greedy self-play, as a link code.
fn a_finished_game() -> (String, String) {
    let out = barricade(&[
        "selfplay",
        "--games",
        "1",
        "--seed",
        "6",
        "--players",
        "red,blue",
    ]);
    let first: serde_json::Value = serde_json::from_str(
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap();
    (
        first["code"].as_str().unwrap().to_string(),
        first["winner"].as_str().unwrap().to_string(),
    )
}

#[test]
fn analyse_prints_chances_for_every_ply_and_the_deciding_move() {
    let (code, winner) = a_finished_game();
    let plies = {
        let out = barricade(&["replay", &code]);
        let text = String::from_utf8(out.stdout).unwrap();
        text.lines()
            .find_map(|l| l.strip_prefix("plies: "))
            .unwrap()
            .parse::<usize>()
            .unwrap()
    };
    let out = barricade(&["analyse", &code, "--json"]);
    assert!(out.status.success());
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // One line per position (start and after each ply), then the summary.
    assert_eq!(lines.len(), plies + 2);
    for (ply, line) in lines[..=plies].iter().enumerate() {
        assert_eq!(line["ply"], ply);
        let red = line["chances"]["red"].as_f64().unwrap();
        let blue = line["chances"]["blue"].as_f64().unwrap();
        assert!((red + blue - 1.0).abs() < 1e-3, "{line}");
    }
    assert_eq!(lines[plies]["chances"][&winner], 1.0);
    let summary = &lines[plies + 1];
    assert_eq!(summary["swings"].as_array().unwrap().len(), 5);
    let decider = summary["decider"]["ply"].as_u64().unwrap() as usize;
    assert!((1..=plies).contains(&decider));

    // The table gives the same numbers, marks the swings and names the decider.
    let table = String::from_utf8(barricade(&["analyse", &code]).stdout).unwrap();
    assert!(table.contains(&format!("winner: {winner}")));
    assert_eq!(table.lines().filter(|l| l.ends_with(" *")).count(), 5);
    assert!(table.contains(&format!("decided by: ply {decider},")));
    // Deterministic.
    assert_eq!(
        table,
        String::from_utf8(barricade(&["analyse", &code]).stdout).unwrap()
    );

    // Bad codes: a message and a non-zero status.
    for bad in ["Zzz", "", "1!!!"] {
        let out = barricade(&["analyse", bad]);
        assert!(!out.status.success(), "{bad:?}");
        assert!(
            String::from_utf8(out.stderr)
                .unwrap()
                .contains("barricade:")
        );
    }
}

/// Red with all four pawns in the quick board's forest, rolling a 2.
const QUICK: &str = r#"{"board":"quick","players":["red","blue"],"roll":2,"pawns":{"red":["forest","forest","forest","forest"],"blue":["i5","home","home","home"]},"barricades":["i9","i6","d5","n5","g3","k3"]}"#;

#[test]
fn the_quick_board_in_the_protocol() {
    let r = engine(&format!(
        "{{\"cmd\":\"legal\",\"position\":{QUICK}}}\n{{\"cmd\":\"play\",\"position\":{QUICK},\"move\":{{\"from\":\"forest\",\"to\":\"h5\"}}}}\n{{\"cmd\":\"bestmove\",\"position\":{QUICK},\"level\":\"hard\"}}\n"
    ));
    let moves = r[0]["moves"].as_array().unwrap();
    // Blue rests on the exit i5: red passes over it to i6 (a barricade), h5, j5.
    let to: Vec<&str> = moves.iter().map(|m| m["to"].as_str().unwrap()).collect();
    assert_eq!(to, ["i6", "h5", "j5"]);
    assert_eq!(moves[1]["path"], serde_json::json!(["i5", "h5"]));
    assert_eq!(moves[0]["barricade"].as_array().unwrap().len(), 35);
    let after = &r[1]["position"];
    assert_eq!(after["board"], "quick");
    assert_eq!(
        after["pawns"]["red"],
        serde_json::json!(["h5", "forest", "forest", "forest"])
    );
    assert_eq!(r[2]["move"]["from"], "forest");
}
