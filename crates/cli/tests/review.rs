//! `barricade review CODE` (text and `--json`) and the engine's `review`
//! request: the same numbers three ways, the chart's chance after each
//! move, and clear errors for bad codes. A few plies only: the review's
//! search is the real one, and debug builds are slow.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn barricade(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_barricade"))
        .args(args)
        .output()
        .unwrap()
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// The link code of the first `plies` plies of a greedy three-player
/// self-play game.
fn short_game(plies: &str) -> String {
    let out = barricade(&[
        "selfplay",
        "--games",
        "1",
        "--seed",
        "6",
        "--players",
        "red,green,blue",
    ]);
    let first: Value = serde_json::from_str(stdout(&out).lines().next().unwrap()).unwrap();
    let code = first["code"].as_str().unwrap();
    let out = barricade(&["replay", code, "--plies", plies]);
    let text = stdout(&out);
    let line = text.lines().find_map(|l| l.strip_prefix("code: "));
    line.unwrap().to_string()
}

#[test]
fn review_prints_every_ply_and_the_totals_as_text_and_json_alike() {
    let code = short_game("4");
    let out = barricade(&["review", &code, "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // One object per ply, then the totals.
    assert_eq!(lines.len(), 5);
    let players = ["red", "green", "blue", "red"];
    for (i, ply) in lines[..4].iter().enumerate() {
        assert_eq!(ply["ply"], i + 1);
        assert_eq!(ply["player"], players[i]);
        let (chance, best) = (
            ply["chance"].as_f64().unwrap(),
            ply["best_chance"].as_f64().unwrap(),
        );
        assert!((0.0..=1.0).contains(&chance) && best >= chance, "{ply}");
        assert!(
            (best - chance - ply["cost"].as_f64().unwrap()).abs() < 2e-4,
            "{ply}"
        );
        // Every ply of this game follows a roll: its luck against the mean face.
        let roll = &ply["roll"];
        let faces: Vec<f64> = roll["faces"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f.as_f64().unwrap())
            .collect();
        let face = roll["face"].as_u64().unwrap() as usize;
        assert_eq!(roll["chance"].as_f64().unwrap(), faces[face - 1]);
        let mean = faces.iter().sum::<f64>() / 6.0;
        assert!(
            (roll["mean"].as_f64().unwrap() - mean).abs() < 2e-4,
            "{ply}"
        );
        let luck = roll["luck"].as_f64().unwrap();
        assert!((luck - (faces[face - 1] - roll["mean"].as_f64().unwrap())).abs() < 2e-4);
    }
    let summary = &lines[4];
    let totals = summary["players"].as_array().unwrap();
    let names: Vec<&str> = totals
        .iter()
        .map(|t| t["player"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["red", "green", "blue"]);
    // Red made plies 1 and 4, each after a roll (a decision with one
    // legal move, such as home-c1 with a 1, is forced and not counted).
    assert_eq!(totals[0]["rolls"], 2);
    assert!(totals[0]["decisions"].as_u64().unwrap() <= 2);
    assert_eq!(summary["thresholds"]["blunder"], 0.12);

    // The chance after each move is the chart's chance after that ply.
    let analysed: Vec<Value> = stdout(&barricade(&["analyse", &code, "--json"]))
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for (i, ply) in lines[..4].iter().enumerate() {
        let player = ply["player"].as_str().unwrap();
        assert_eq!(
            ply["chance"],
            analysed[i + 1]["chances"][player],
            "ply {}",
            i + 1
        );
    }

    // The table: a header, a row per ply with the same numbers, the totals.
    let text = stdout(&barricade(&["review", &code]));
    assert!(
        text.contains("plies: 4") && text.contains("winner: none yet"),
        "{text}"
    );
    assert!(
        text.contains("inaccuracy 3.0, mistake 6.0, blunder 12.0"),
        "{text}"
    );
    for ply in &lines[..4] {
        let row = text
            .lines()
            .find(|l| l.split_whitespace().next() == Some(&ply["ply"].to_string()))
            .unwrap_or_else(|| panic!("no row for {ply} in {text}"));
        // Percent with one decimal (the JSON's four decimals rounded again).
        let near = |x: f64, token: &str| token.parse::<f64>().is_ok_and(|t| (t - x).abs() < 0.051);
        let chance = 100.0 * ply["chance"].as_f64().unwrap();
        let luck = 100.0 * ply["roll"]["luck"].as_f64().unwrap();
        assert!(row.contains(ply["move"].as_str().unwrap()), "{row}");
        assert!(row.split_whitespace().any(|t| near(chance, t)), "{row}");
        let luck_column = row.split_whitespace().nth(3).unwrap();
        assert!(
            luck_column.starts_with(['+', '-']) && near(luck, luck_column),
            "{row}"
        );
        if let Some(g) = ply["grade"].as_str() {
            assert!(row.ends_with(g), "{row}");
        }
    }
    for (t, name) in totals.iter().zip(names) {
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("{name}: ")))
            .unwrap();
        assert!(
            line.contains(&format!("{} inaccurac", t["inaccuracies"])),
            "{line}"
        );
        assert!(
            line.contains(&format!("over {} decision", t["decisions"])),
            "{line}"
        );
    }

    // The engine answers the same review in one line.
    let mut child = Command::new(env!("CARGO_BIN_EXE_barricade"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let input = format!(
        "{{\"cmd\":\"review\",\"code\":\"{code}\"}}\n{{\"cmd\":\"review\",\"code\":\"Zzz\"}}\n{{\"cmd\":\"review\"}}\n{{\"cmd\":\"chances\"}}\n"
    );
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let replies: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(replies.len(), 4);
    assert_eq!(replies[0]["plies"].as_array().unwrap()[..], lines[..4]);
    assert_eq!(replies[0]["players"], summary["players"]);
    assert!(
        replies[1]["error"]
            .as_str()
            .unwrap()
            .contains("not a valid game code")
    );
    assert!(replies[2]["error"].as_str().unwrap().contains("code"));
    assert!(replies[3]["error"].is_string(), "the engine keeps serving");
}

#[test]
fn review_of_a_bad_code_is_a_clear_error() {
    for bad in ["Zzz", "", "1!!!"] {
        let out = barricade(&["review", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains("barricade: not a valid game code"),
            "{bad:?}: {err}"
        );
    }
    let help = stdout(&barricade(&["review", "--help"]));
    assert!(help.contains("Usage: barricade review"), "{help}");
}
