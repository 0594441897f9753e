//! The rule sets of the printed editions (`Rules::PRESETS`), one test per
//! way an edition differs from the default Ravensburger rules. The french
//! rules have their own file (`tests/french.rs`).

use barricade_rules::{Game, Move, Phase, Position, Roll, Rules, Seats, Square};

fn pos(text: &str) -> Position {
    text.parse()
        .unwrap_or_else(|e| panic!("bad test position {text:?}: {e}"))
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

#[test]
fn every_printed_edition_is_a_preset_with_a_stable_name() {
    assert_eq!(
        Rules::PRESETS,
        ["ravensburger", "start-roll", "barricade", "french"]
    );
    for name in Rules::PRESETS {
        let rules = Rules::preset(name).unwrap();
        assert_eq!(rules.name(), name);
        assert_eq!(rules.preset_name(), Some(name));
        assert_eq!(name.parse::<Rules>(), Ok(rules));
    }
    // The toggles still combine freely, and free-pass keeps its meaning.
    let pass = Rules::preset("free-pass").unwrap();
    assert!(pass.free_pass && !pass.bottom_row);
    assert_eq!(pass.name(), "free-pass");
}

#[test]
fn the_english_sheet_lets_a_player_pass_with_a_move_available() {
    // "a player may decide to pass his turn": pass is listed beside moves.
    let p = pos("rules=barricade seats=red,blue roll=3");
    let moves = p.legal_moves();
    assert!(!moves.is_empty() && moves.can_pass());
    let mut after = p;
    after.play(Move::Pass).unwrap();
    assert_eq!(after.turn(), barricade_rules::Colour::Blue);
}

#[test]
fn the_english_sheet_allows_a_taken_barricade_on_the_bottom_row() {
    // "on any empty square of the board, but a home base square": the
    // bottom row (entries included) is allowed, the goal is not.
    let sheet = pos("rules=barricade seats=red,blue red=a2 roll=1");
    for drop in ["a2-a3 x b1", "a2-a3 x c1", "a2-a3 x a1"] {
        let mut p = sheet;
        p.play(mv(drop)).unwrap_or_else(|e| panic!("{drop}: {e}"));
        assert!(p.barricades().contains(sq(&drop[drop.len() - 2..])));
    }
    assert!(sheet.clone().play(mv("a2-a3 x i14")).is_err());
    // Ravensburger and Jumbo keep the bottom row free.
    for rules in ["ravensburger", "start-roll", "free-pass"] {
        let p = pos(&format!("rules={rules} seats=red,blue red=a2 roll=1"));
        assert!(p.clone().play(mv("a2-a3 x b1")).is_err(), "{rules}");
        let take = p
            .legal_moves()
            .iter()
            .find(|c| c.takes_barricade())
            .copied();
        let drops = p.legal_moves().drop_squares(&take.unwrap());
        assert!(drops.iter().all(|s| s.rank() > 1), "{rules}");
    }
}

#[test]
fn a_barricade_on_an_entry_lets_the_home_pawns_out_only_with_a_one() {
    let p = pos("rules=barricade seats=red,blue barricades=c1,i11,i10,i9,g7,k7,a3,e3,i3,m3,q3");
    // With a 1 the pawn lands on it and takes it.
    let one = p.with_roll(Roll::new(1).unwrap());
    let moves = one.legal_moves();
    assert_eq!(moves.len(), 1);
    assert!(moves[0].takes_barricade());
    // Any other roll would pass over it: no way out of home.
    for r in 2..=6 {
        let p = p.with_roll(Roll::new(r).unwrap());
        assert!(p.legal_moves().is_empty(), "roll {r}");
    }
}

#[test]
fn the_notation_accepts_bottom_row_barricades_only_when_allowed() {
    let board = "barricades=b1,i11,i10,i9,g7,k7,a3,e3,i3,m3,q3";
    assert!(
        format!("rules=barricade {board}")
            .parse::<Position>()
            .is_ok()
    );
    assert!(
        format!("rules=bottom-row {board}")
            .parse::<Position>()
            .is_ok()
    );
    assert!(
        format!("rules=free-pass {board}")
            .parse::<Position>()
            .is_err()
    );
    assert!(board.parse::<Position>().is_err());
}

#[test]
fn french_with_bottom_row_puts_a_held_barricade_down_there() {
    // Red takes the a3 barricade and holds it (french); at the start of
    // red's next turn it may go on the bottom row, as the toggle allows.
    let mut p = pos("rules=french+bottom-row seats=red,blue red=a2");
    p.set_roll(Roll::new(1).unwrap()).unwrap();
    p.play(mv("a2-a3")).unwrap();
    assert_eq!(p.held(), [sq("a3")]);
    p.set_roll(Roll::new(1).unwrap()).unwrap();
    p.play(mv("home-o1")).unwrap();
    assert_eq!(p.phase(), Phase::Place);
    assert!(p.placement_squares().contains(sq("b1")));
    p.play(Move::Place(sq("b1"))).unwrap();
    assert!(p.barricades().contains(sq("b1")));
    // Without the toggle the bottom row stays free.
    let plain =
        pos("rules=french seats=red,blue place=1 barricades=i13,i11,i10,i9,g7,k7,e3,i3,m3,q3");
    assert!(!plain.placement_squares().contains(sq("b1")));
}

#[test]
fn the_jumbo_start_roll_moves_with_the_winning_opening_roll() {
    let game = Game::new(Rules::preset("start-roll").unwrap(), Seats::default(), 3);
    let opening = game.opening().unwrap();
    assert_eq!(game.position().roll(), opening.roll);
    assert!(matches!(game.phase(), Phase::Move(_)));
}
