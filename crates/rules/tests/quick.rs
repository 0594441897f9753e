//! The quick board ("Das schnelle Malefiz"): one test per way it differs
//! from the classic game (docs/rules.md, Quick board).

use barricade_rules::{
    Board, BoardId, Colour, Game, GameRecord, Move, Position, Rules, Seats, code, policy,
};

fn pos(text: &str) -> Position {
    format!("board=quick {text}")
        .parse()
        .unwrap_or_else(|e| panic!("bad test position {text:?}: {e}"))
}

fn mv(text: &str) -> Move {
    Board::quick().parse_move(text).unwrap()
}

fn moves(p: &Position) -> Vec<String> {
    p.legal_moves()
        .iter()
        .map(|c| Board::quick().move_name(c.to_move(None)))
        .collect()
}

fn sq(name: &str) -> barricade_rules::Square {
    Board::quick().square(name).unwrap()
}

#[test]
fn four_pawns_and_six_barricades() {
    let p = Position::new_on(BoardId::Quick, Rules::default(), Seats::default());
    assert_eq!(p.barricades().len(), 6);
    for c in Colour::ALL {
        assert_eq!(p.at_home(c), 4);
    }
    assert!(
        "board=quick red=c1,e1,g1,i1,k1"
            .parse::<Position>()
            .is_err()
    );
}

#[test]
fn the_way_to_the_goal_is_25_steps_from_an_entry() {
    let b = Board::quick();
    for c in Colour::ALL {
        assert_eq!(b.to_goal(b.entry(c)), 25);
    }
    assert_eq!(b.from_home(), 26);
    assert_eq!(b.from_forest(), Some(14));
}

#[test]
fn a_pawn_on_a_rest_square_cannot_be_captured() {
    // Blue rests on e2: red on e1 cannot end there with a 1.
    let p = pos("seats=red,blue red=e1 blue=e2 roll=1");
    assert_eq!(moves(&p), ["home-c1", "e1-d1", "e1-f1"]);
    // It may pass over it.
    let p = pos("seats=red,blue red=e1 blue=e2 roll=2");
    assert!(moves(&p).contains(&"e1-e3".to_string()));
}

#[test]
fn a_rest_square_holds_one_pawn_even_of_a_teammate() {
    let p = pos("seats=red,green,yellow,blue teams=red+yellow/green+blue red=e1 yellow=e2 roll=1");
    assert!(!moves(&p).contains(&"e1-e2".to_string()));
    // An empty rest square can be entered.
    let p = pos("seats=red,blue red=e1 roll=1");
    assert!(moves(&p).contains(&"e1-e2".to_string()));
}

#[test]
fn no_barricade_on_a_rest_square() {
    // Red on f3 takes the barricade on g3; no drop square is a rest square.
    let p = pos("seats=red,blue red=f3 roll=1");
    let list = p.legal_moves();
    let take = list.iter().find(|c| c.takes_barricade()).unwrap();
    assert_eq!(take.to(), sq("g3"));
    let drops = list.drop_squares(take);
    assert!((drops & Board::quick().rest_squares()).is_empty());
    // 41 squares allow barricades (66 - 17 on rank 1 - the goal - 7 rest
    // squares); 6 hold one; f3 is left free, g3 is taken.
    assert_eq!(drops.len(), 41 - 6 + 1 - 1);
    // The position notation refuses one.
    assert!(
        "board=quick barricades=i9,i6,d5,n5,g3,e2"
            .parse::<Position>()
            .is_err()
    );
    // So do the bottom row and the goal, as on the classic board.
    assert!(
        "board=quick barricades=i9,i6,d5,n5,g3,a1"
            .parse::<Position>()
            .is_err()
    );
}

#[test]
fn a_capture_in_the_village_sends_the_pawn_to_the_forest() {
    let mut p = pos("seats=red,blue red=e9 blue=f9 roll=1");
    assert!(Board::quick().village().contains(sq("f9")));
    p.play(mv("e9-f9")).unwrap();
    assert!(p.pawns(Colour::Blue).is_empty());
    assert_eq!(p.in_forest(Colour::Blue), 1);
    assert_eq!(p.at_home(Colour::Blue), 3);
    assert_eq!(
        p.to_string(),
        "board=quick rules=ravensburger seats=red,blue turn=blue red=f9 blue=forest barricades=i9,i6,d5,n5,g3,k3"
    );
}

#[test]
fn a_capture_elsewhere_sends_the_pawn_home() {
    let mut p = pos("seats=red,blue red=c1 blue=e1 roll=2");
    p.play(mv("c1-e1")).unwrap();
    assert_eq!(p.in_forest(Colour::Blue), 0);
    assert_eq!(p.at_home(Colour::Blue), 4);
}

#[test]
fn any_number_of_pawns_stand_in_the_forest() {
    let mut p = pos("seats=red,blue red=e9 blue=forest,forest,forest,f9 green= roll=1");
    p.play(mv("e9-f9")).unwrap();
    assert_eq!(p.in_forest(Colour::Blue), 4);
    assert_eq!(p.at_home(Colour::Blue), 0);
    // Pawns of several colours share it.
    let p = pos("red=forest,forest blue=forest green=forest");
    assert_eq!(p.in_forest(Colour::Red), 2);
    assert_eq!(p.in_forest(Colour::Blue), 1);
    // The classic board has no forest.
    assert!("red=forest".parse::<Position>().is_err());
}

#[test]
fn leaving_the_forest_counts_its_exit_as_step_one() {
    let p = pos("seats=red,blue red=forest,forest,forest,forest roll=1");
    assert_eq!(moves(&p), ["forest-i5"]);
    let p = pos("seats=red,blue red=forest,forest,forest,forest roll=2");
    assert_eq!(moves(&p), ["forest-i6", "forest-h5", "forest-j5"]);
    let path = p.legal_moves()[1].path();
    assert_eq!(path.to_vec(), [sq("i5"), sq("h5")]);
    // Home and forest are two origins.
    let p = pos("seats=red,blue red=forest roll=1");
    assert_eq!(moves(&p), ["home-c1", "forest-i5"]);
    let mut p = pos("seats=red,blue red=forest roll=2");
    p.play(mv("forest-h5")).unwrap();
    assert_eq!(p.in_forest(Colour::Red), 0);
    assert_eq!(p.pawn_at(sq("h5")), Some(Colour::Red));
}

#[test]
fn a_pawn_on_the_forest_exit_blocks_a_1_but_not_a_longer_way_out() {
    let p = pos("seats=red,blue red=forest,c1,e1,g1 blue=i5 roll=1");
    assert!(!moves(&p).iter().any(|m| m.starts_with("forest")));
    let p = pos("seats=red,blue red=forest,c1,e1,g1 blue=i5 roll=3");
    assert!(moves(&p).contains(&"forest-g5".to_string()));
}

#[test]
fn quick_games_round_trip_through_the_link_code() {
    for seed in 0..20 {
        let mut game = Game::new_on(BoardId::Quick, Rules::default(), Seats::default(), seed);
        while !game.position().is_over() && game.history().len() < 2000 {
            game.roll_if_due();
            let m = policy::greedy(game.position()).unwrap();
            game.play(m).unwrap();
        }
        let record = game.record();
        let text = code::encode(&record).unwrap();
        assert!(text.starts_with(code::VERSION_3));
        let back = GameRecord::from_code(&text).unwrap();
        assert_eq!(back, record);
        assert_eq!(back.replay().unwrap().position(), game.position());
    }
}
