//! Legal-move counts from `tests/data/movecounts.txt` (the format and what
//! is counted are described at the top of that file).
//!
//! To print regression lines for new mid-game positions:
//! `cargo test -p barricade-rules --test movecounts -- --ignored --nocapture`.

use barricade_rules::{Game, Phase, Position, Roll, Rules, Seats, policy};

const DATA: &str = include_str!("data/movecounts.txt");

/// One parsed line of the data file.
struct Case {
    line: usize,
    text: String,
    position: Position,
    roll: Roll,
    candidates: usize,
    expanded: usize,
}

fn parse(line: usize, text: &str) -> Result<Case, String> {
    let fields: Vec<&str> = text.split(" | ").map(str::trim).collect();
    let [position, roll, candidates, expanded, note] = fields[..] else {
        return Err(format!(
            "expected 5 fields separated by ' | ', found {}",
            fields.len()
        ));
    };
    if !(note.starts_with("hand:") || note.starts_with("regression:")) {
        return Err("the note must start with 'hand:' or 'regression:'".into());
    }
    if position.split_whitespace().any(|w| w.starts_with("roll=")) {
        return Err("the roll goes in the second field, not in the position".into());
    }
    let position: Position = position.parse().map_err(|e| format!("bad position: {e}"))?;
    let roll = roll
        .parse::<u8>()
        .ok()
        .and_then(Roll::new)
        .ok_or_else(|| format!("bad roll {roll:?}"))?;
    let count = |s: &str| s.parse::<usize>().map_err(|_| format!("bad count {s:?}"));
    Ok(Case {
        line,
        text: text.to_string(),
        position,
        roll,
        candidates: count(candidates)?,
        expanded: count(expanded)?,
    })
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for (i, text) in DATA.lines().enumerate() {
        let text = text.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        match parse(i + 1, text) {
            Ok(c) => out.push(c),
            Err(e) => errors.push(format!("movecounts.txt:{}: {e}\n    {text}", i + 1)),
        }
    }
    assert!(
        errors.is_empty(),
        "unreadable lines:\n{}",
        errors.join("\n")
    );
    out
}

#[test]
fn every_line_of_movecounts_txt() {
    let cases = cases();
    assert!(cases.len() >= 30, "only {} cases", cases.len());
    let mut failures = Vec::new();
    for c in &cases {
        let pos = c.position.with_roll(c.roll);
        let moves = pos.legal_moves();
        let (candidates, expanded) = (moves.len(), moves.expanded().count());
        // all_moves is the same list as expanded (it is what `play` accepts).
        let all = pos.all_moves().len();
        if (candidates, expanded, all) != (c.candidates, c.expanded, c.expanded) {
            let list: Vec<String> = moves.iter().map(|m| m.to_move(None).to_string()).collect();
            failures.push(format!(
                "movecounts.txt:{}: expected {} candidates / {} expanded, got {candidates} / {expanded} (all_moves {all})\n    {}\n    candidates: {}",
                c.line,
                c.candidates,
                c.expanded,
                c.text,
                list.join(" ")
            ));
        }
        // Every expanded move is accepted by the checked `play`.
        for m in moves.expanded() {
            let mut p = pos;
            if let Err(e) = p.play(m) {
                failures.push(format!("movecounts.txt:{}: {e}", c.line));
                break;
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn the_file_has_hand_checked_and_regression_cases() {
    let hand = DATA.lines().filter(|l| l.contains("| hand:")).count();
    let regression = DATA.lines().filter(|l| l.contains("| regression:")).count();
    assert!(hand >= 25, "{hand} hand-checked cases");
    assert!(regression >= 10, "{regression} regression cases");
}

/// Prints data lines for mid-game positions of seeded random games (the
/// counts are the engine's: regression values, not hand-checked).
#[test]
#[ignore]
fn print_regression_cases() {
    for (k, preset) in ["ravensburger", "free-pass", "french"].iter().enumerate() {
        for seed in [3u64, 17, 29, 41] {
            let rules = Rules::preset(preset).unwrap();
            let mut game = Game::new(rules, Seats::default(), seed);
            let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let target = 60 + 20 * (seed as usize % 4) + k;
            while game.history().len() < target && !game.position().is_over() {
                game.roll_if_due();
                let mv = policy::random(game.position(), |n| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    (state % n as u64) as usize
                })
                .unwrap();
                game.play(mv).unwrap();
            }
            game.roll_if_due();
            let pos = *game.position();
            let Phase::Move(roll) = pos.phase() else {
                continue;
            };
            let text: Vec<&str> = Box::leak(pos.to_string().into_boxed_str())
                .split_whitespace()
                .filter(|w| !w.starts_with("roll="))
                .collect();
            let moves = pos.legal_moves();
            println!(
                "{} | {roll} | {} | {} | regression: {preset}, seed {seed}, after {} random plies",
                text.join(" "),
                moves.len(),
                moves.expanded().count(),
                game.history().len()
            );
        }
    }
}
