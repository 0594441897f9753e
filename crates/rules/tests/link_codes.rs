//! Link codes made by earlier versions keep opening and replaying exactly
//! as they did: `tests/data/link-codes-b.txt` holds version-1 codes of
//! every rule set then, each with the position its replay ended in.

use barricade_rules::{GameRecord, Rules, code};

const DATA: &str = include_str!("data/link-codes-b.txt");

fn cases() -> Vec<(&'static str, &'static str)> {
    DATA.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split_once(' ').expect("a code, a space, a position"))
        .collect()
}

#[test]
fn version_1_codes_replay_to_the_same_position() {
    let cases = cases();
    assert!(cases.len() >= 15, "{} cases", cases.len());
    for (text, expected) in cases {
        assert!(text.starts_with(code::VERSION_1));
        let record = GameRecord::from_code(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let game = record.replay().unwrap_or_else(|e| panic!("{text}: {e}"));
        // The same pieces, turn and state; the rules as version 1 meant
        // them (its `french` is `french+start-roll` now).
        let shown = game.position().to_string();
        let (rules_now, rest_now) = shown.split_once(' ').unwrap();
        let (rules_then, rest_then) = expected.split_once(' ').unwrap();
        assert_eq!(rest_now, rest_then, "{text}");
        let mut meant: Rules = rules_then.trim_start_matches("rules=").parse().unwrap();
        meant.start_roll |= meant.french;
        assert_eq!(rules_now, format!("rules={meant}"), "{text}");
    }
}

#[test]
fn version_1_french_is_french_with_the_start_roll_now() {
    let french: Vec<GameRecord> = cases()
        .into_iter()
        .filter(|(_, p)| p.starts_with("rules=french") || p.contains("+french"))
        .map(|(c, _)| GameRecord::from_code(c).unwrap())
        .collect();
    assert!(!french.is_empty());
    for record in french {
        assert!(record.rules.french && record.rules.start_roll);
        // Written again, the record is a version-2 code of the same game.
        let again = record.to_code().unwrap();
        assert!(again.starts_with(code::VERSION_2));
        assert_eq!(GameRecord::from_code(&again).unwrap(), record);
    }
}
