//! The french preset and the opening rolls, one rule per test. Every test
//! starts from readable text: the one-line position notation, or a game
//! with scripted dice (`ScriptedDice`) played through its public API.

use barricade_rules::{
    Colour, Game, Move, Phase, Position, Roll, Rules, ScriptedDice, Seats, Square,
};

fn pos(text: &str) -> Position {
    text.parse()
        .unwrap_or_else(|e| panic!("bad test position {text:?}: {e}"))
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

fn roll(n: u8) -> Roll {
    Roll::new(n).unwrap()
}

/// Sets the roll (checked: only when a roll is due) and plays `text`.
fn roll_and_play(p: &mut Position, n: u8, text: &str) {
    p.set_roll(roll(n))
        .unwrap_or_else(|e| panic!("cannot roll in {p}: {e}"));
    p.play(mv(text)).unwrap_or_else(|e| panic!("{e} in {p}"));
}

/// Every legal decision, as text.
fn decisions(p: &Position) -> Vec<String> {
    p.all_moves().iter().map(|m| m.to_string()).collect()
}

// --- Held barricades -----------------------------------------------------

#[test]
fn a_taken_barricade_is_held_and_put_down_before_the_next_roll() {
    let mut p = pos("rules=french seats=red,blue red=a2 roll=1");
    // No drop square in the french rules: the pawn holds the barricade.
    assert!(p.play(mv("a2-a3 x a2")).is_err());
    p.play(mv("a2-a3")).unwrap();
    assert_eq!(p.held(), [sq("a3")]);
    assert_eq!(p.barricades().len(), 10);
    // Blue's turn is normal: blue holds nothing.
    assert_eq!((p.turn(), p.phase()), (Colour::Blue, Phase::Roll));
    roll_and_play(&mut p, 1, "home-o1");
    // Red's next turn starts with putting the barricade down, before rolling.
    assert_eq!((p.turn(), p.phase()), (Colour::Red, Phase::Place));
    assert_eq!(p.to_place(), 1);
    assert!(p.held().is_empty());
    assert!(p.set_roll(roll(3)).is_err(), "rolling before placing");
    assert!(p.legal_moves().is_empty());
    // Any free allowed square: not rank 1, not the goal, not a pawn, not a
    // barricade.
    for bad in ["a1", "i14", "a3", "e3"] {
        assert!(p.check(Move::Place(sq(bad))).is_err(), "placed on {bad}");
    }
    assert_eq!(p.all_moves().len(), 94 - 10 - 1);
    p.play(Move::Place(sq("k9"))).unwrap();
    assert!(p.barricades().contains(sq("k9")));
    assert_eq!(p.barricades().len(), 11);
    // Still red's turn, now rolling.
    assert_eq!((p.turn(), p.phase()), (Colour::Red, Phase::Roll));
}

#[test]
fn a_held_barricade_may_go_back_where_it_stood() {
    // b3 holds a barricade (a3 does not): from home a 6 reaches it through
    // c1 b1 a1 a2 a3 b3; h1 is the other way.
    let mut p =
        pos("rules=french seats=red,blue roll=6 barricades=i13,i11,i10,i9,g7,k7,b3,e3,i3,m3,q3");
    assert_eq!(decisions(&p), ["home-b3", "home-h1"]);
    p.play(mv("home-b3")).unwrap();
    // After a 6: roll again (moving the same pawn) or pass.
    assert_eq!(p.phase(), Phase::ChooseAgain);
    p.play(Move::Again).unwrap();
    roll_and_play(&mut p, 1, "b3-c3");
    // The barricade moves with its holder.
    assert_eq!(p.held(), [sq("c3")]);
    assert_eq!(p.turn(), Colour::Blue);
    roll_and_play(&mut p, 2, "home-n1");
    assert_eq!(p.phase(), Phase::Place);
    // b3, where the barricade stood, is free again and allowed.
    assert!(p.placement_squares().contains(sq("b3")));
    p.play(Move::Place(sq("b3"))).unwrap();
    assert!(p.barricades().contains(sq("b3")));
    assert_eq!((p.turn(), p.phase()), (Colour::Red, Phase::Roll));
}

#[test]
fn the_capturer_takes_over_a_held_barricade_and_puts_it_down_at_once() {
    // Red's pawn on c3 holds the barricade taken from e3; blue captures it.
    let mut p = pos(
        "rules=french seats=red,blue turn=blue roll=2 red=c3 held=c3 blue=e3 barricades=i13,i11,i10,i9,g7,k7,a3,i3,m3,q3",
    );
    p.play(mv("e3-c3")).unwrap();
    assert_eq!(p.at_home(Colour::Red), 5);
    assert!(p.held().is_empty());
    // Blue puts it down now, before the turn ends.
    assert_eq!(
        (p.turn(), p.phase(), p.to_place()),
        (Colour::Blue, Phase::Place, 1)
    );
    // The square blue just left is free.
    assert!(p.placement_squares().contains(sq("e3")));
    p.play(Move::Place(sq("e3"))).unwrap();
    assert_eq!(p.barricades().len(), 11);
    assert_eq!((p.turn(), p.phase()), (Colour::Red, Phase::Roll));
}

#[test]
fn after_a_capture_with_a_six_the_barricade_goes_down_before_choosing() {
    // g5 to c3 in six steps (g4 g3 f3 e3 d3 c3).
    let mut p = pos(
        "rules=french seats=red,blue turn=blue roll=6 red=c3 held=c3 blue=g5 barricades=i13,i11,i10,i9,g7,k7,a3,i3,m3,q3",
    );
    p.play(mv("g5-c3")).unwrap();
    assert_eq!(p.phase(), Phase::Place);
    assert!(p.play(Move::Again).is_err(), "choosing before placing");
    p.play(Move::Place(sq("g5"))).unwrap();
    assert_eq!((p.turn(), p.phase()), (Colour::Blue, Phase::ChooseAgain));
    p.play(Move::Again).unwrap();
    assert_eq!(p.bound_pawn(), Some(sq("c3")));
}

// --- Rolling again after a 6 ---------------------------------------------

#[test]
fn after_a_six_the_player_rolls_again_with_the_same_pawn_or_passes() {
    let mut p = pos("rules=french seats=red,blue red=c5 roll=6");
    p.play(mv("home-h1")).unwrap();
    assert_eq!((p.turn(), p.phase()), (Colour::Red, Phase::ChooseAgain));
    assert_eq!(decisions(&p), ["again", "pass"]);
    // Passing ends the turn.
    let mut passed = p;
    passed.play(Move::Pass).unwrap();
    assert_eq!((passed.turn(), passed.phase()), (Colour::Blue, Phase::Roll));
    // Rolling again: only the pawn that moved (h1) may move; not c5, not
    // the pawns at home.
    p.play(Move::Again).unwrap();
    assert_eq!(p.bound_pawn(), Some(sq("h1")));
    p.set_roll(roll(2)).unwrap();
    assert_eq!(decisions(&p), ["h1-f1", "h1-i2", "h1-j1"]);
    p.play(mv("h1-j1")).unwrap();
    assert_eq!((p.turn(), p.bound_pawn()), (Colour::Blue, None));
}

#[test]
fn a_second_six_offers_the_choice_again() {
    let mut p = pos("rules=french seats=red,blue roll=6");
    p.play(mv("home-h1")).unwrap();
    p.play(Move::Again).unwrap();
    p.set_roll(roll(6)).unwrap();
    let first = p.legal_moves()[0].to_move(None);
    p.play(first).unwrap();
    assert_eq!((p.turn(), p.phase()), (Colour::Red, Phase::ChooseAgain));
}

#[test]
fn the_turn_is_lost_when_the_bound_pawn_cannot_move() {
    // a2 may not move with a 2 (a3 is a barricade in the way, b1 is red's
    // own), although b1 and the pawns at home could.
    let mut p = pos("rules=french seats=red,blue red=a2,b1 bound=a2 roll=2");
    assert!(p.legal_moves().is_empty());
    assert_eq!(decisions(&p), ["pass"]);
    p.play(Move::Pass).unwrap();
    assert_eq!((p.turn(), p.phase()), (Colour::Blue, Phase::Roll));
}

#[test]
fn the_default_rules_give_no_second_roll() {
    let mut p = pos("seats=red,blue roll=6");
    p.play(mv("home-h1")).unwrap();
    assert_eq!(p.turn(), Colour::Blue);
    assert!(p.check(Move::Again).is_err());
}

// --- Bounce at the goal --------------------------------------------------

/// Red has one pawn on i13 (its barricade moved to g8); the others are at
/// home, where teammate yellow blocks every way out with this roll (for a
/// 2: b1 d1; a 3: a1 e1; a 4: a2 e2 f1).
fn bounce(roll: u8) -> Position {
    let yellow = match roll {
        2 => "b1,d1",
        3 => "a1,e1",
        4 => "a2,e2,f1",
        _ => "",
    };
    pos(&format!(
        "rules=french teams=red+yellow/green+blue red=i13 yellow={yellow} roll={roll} barricades=g8,i11,i10,i9,g7,k7,a3,e3,i3,m3,q3"
    ))
}

#[test]
fn a_pawn_on_i13_bounces_when_no_other_pawn_can_move() {
    let p = bounce(3);
    // i13 - i14 - i13 and one step away; the ordinary moves (f13, l13)
    // are replaced.
    assert_eq!(decisions(&p), ["i13-h13", "i13-j13"]);
    let c = p.legal_moves()[0];
    assert!(c.is_bounce());
    let path: Vec<String> = c.path().iter().map(|s| s.to_string()).collect();
    assert_eq!(path, ["i14", "i13", "h13"]);
    let p4 = bounce(4);
    assert_eq!(decisions(&p4), ["i13-g13", "i13-k13"]);
}

#[test]
fn a_bounce_with_a_two_ends_where_it_started_and_does_not_win() {
    let mut p = bounce(2);
    assert_eq!(decisions(&p), ["i13-i13"]);
    p.play(mv("i13-i13")).unwrap();
    assert_eq!(p.winner(), None);
    assert_eq!(p.pawn_at(sq("i13")), Some(Colour::Red));
    assert_eq!(p.turn(), Colour::Green);
}

#[test]
fn with_a_one_the_pawn_on_i13_simply_wins() {
    let mut p = bounce(1);
    assert!(decisions(&p).contains(&"i13-i14".to_string()));
    p.play(mv("i13-i14")).unwrap();
    assert_eq!(p.winner().map(|t| t.to_string()), Some("red+yellow".into()));
}

#[test]
fn no_bounce_when_another_pawn_can_move() {
    // Only a1 is blocked now: home-e1 is possible, so i13 moves normally.
    let p = pos(
        "rules=french teams=red+yellow/green+blue red=i13 yellow=a1 roll=3 barricades=g8,i11,i10,i9,g7,k7,a3,e3,i3,m3,q3",
    );
    assert_eq!(decisions(&p), ["home-e1", "i13-f13", "i13-l13"]);
    assert!(p.legal_moves().iter().all(|c| !c.is_bounce()));
}

#[test]
fn the_turn_is_lost_when_even_the_bounce_is_blocked() {
    // Teammates on h13 and j13: the bounce with a 3 has nowhere to land.
    let mut p = pos(
        "rules=french teams=red+yellow/green+blue red=i13 yellow=a1,e1,h13,j13 roll=3 barricades=g8,i11,i10,i9,g7,k7,a3,e3,i3,m3,q3",
    );
    assert!(p.legal_moves().is_empty());
    assert_eq!(decisions(&p), ["pass"]);
    p.play(Move::Pass).unwrap();
    assert_eq!(p.turn(), Colour::Green);
}

#[test]
fn the_default_rules_have_no_bounce() {
    let p = pos(
        "teams=red+yellow/green+blue red=i13 yellow=a1,e1 roll=3 barricades=g8,i11,i10,i9,g7,k7,a3,e3,i3,m3,q3",
    );
    assert_eq!(decisions(&p), ["i13-f13", "i13-l13"]);
}

// --- Opening rolls -------------------------------------------------------

fn opening_game(preset: &str, seats: Seats, dice: &[u8]) -> Game<ScriptedDice> {
    Game::with_dice(preset.parse().unwrap(), seats, ScriptedDice::new(dice))
}

fn colours(seats: &Seats) -> Vec<Colour> {
    seats.colours().to_vec()
}

#[test]
fn start_roll_the_highest_starts_and_moves_with_that_roll() {
    use Colour::*;
    // red 2, green 5, yellow 3, blue 1; then the game's own rolls.
    let mut g = opening_game("start-roll", Seats::default(), &[2, 5, 3, 1, 4]);
    let o = g.opening().unwrap().clone();
    assert_eq!((o.first, o.roll.map(Roll::get)), (1, Some(5)));
    assert_eq!(o.rounds.len(), 1);
    // The seats keep their order; green moves now, with its 5.
    assert_eq!(colours(&o.seats), [Red, Green, Yellow, Blue]);
    assert_eq!(g.position().turn(), Green);
    assert_eq!(g.phase(), Phase::Move(roll(5)));
    let first = g.position().legal_moves().expanded().next().unwrap();
    g.play(first).unwrap();
    // Then play goes on in seat order from the starter.
    assert_eq!(g.position().turn(), Yellow);
    assert_eq!(g.roll().unwrap().get(), 4);
}

#[test]
fn start_roll_ties_for_highest_roll_again() {
    use Colour::*;
    // red 6, green 2, yellow 6, blue 1: red and yellow roll again, 3 and 4.
    let g = opening_game("start-roll", Seats::default(), &[6, 2, 6, 1, 3, 4]);
    let o = g.opening().unwrap();
    assert_eq!(o.rounds.len(), 2);
    let second: Vec<(Colour, u8)> = o.rounds[1].iter().map(|&(c, r)| (c, r.get())).collect();
    assert_eq!(second, [(Red, 3), (Yellow, 4)]);
    assert_eq!(
        (g.position().turn(), g.position().roll()),
        (Yellow, Some(roll(4)))
    );
    // Ties again: three rounds.
    let g = opening_game("start-roll", Seats::default(), &[5, 5, 1, 1, 2, 2, 6, 1]);
    let o = g.opening().unwrap();
    assert_eq!(o.rounds.len(), 3);
    assert_eq!((g.position().turn(), o.roll.map(Roll::get)), (Red, Some(6)));
}

#[test]
fn french_orders_the_seats_by_their_rolls_high_to_low() {
    use Colour::*;
    // red 2, green 5, yellow 3, blue 1; then green rolls again (4) to
    // begin: its opening 5 is not moved.
    let mut g = opening_game("french", Seats::default(), &[2, 5, 3, 1, 4]);
    let o = g.opening().unwrap().clone();
    assert_eq!(colours(&o.seats), [Green, Yellow, Red, Blue]);
    assert_eq!((o.first, o.roll), (0, None));
    assert_eq!(g.position().turn(), Green);
    assert_eq!(g.phase(), Phase::Roll);
    assert_eq!(g.roll().unwrap().get(), 4);
    let first = g.position().legal_moves().expanded().next().unwrap();
    g.play(first).unwrap();
    assert_eq!(g.position().turn(), Yellow);
    g.roll().unwrap();
}

#[test]
fn french_tied_seats_roll_again_to_order_themselves() {
    use Colour::*;
    // red 4, green 6, yellow 4, blue 1; red and yellow roll again: 2, 5.
    let g = opening_game("french", Seats::default(), &[4, 6, 4, 1, 2, 5]);
    let o = g.opening().unwrap();
    assert_eq!(colours(&o.seats), [Green, Yellow, Red, Blue]);
    assert_eq!(o.rounds.len(), 2);
    // Green starts, rolling again.
    assert_eq!(g.phase(), Phase::Roll);
    // A tie for the top: red and green 6, then 3 and 4. Green starts.
    let g = opening_game("french", Seats::default(), &[6, 6, 1, 2, 3, 4]);
    let o = g.opening().unwrap();
    assert_eq!(colours(&o.seats), [Green, Red, Blue, Yellow]);
    assert_eq!((g.position().turn(), o.roll), (Green, None));
}

#[test]
fn french_with_start_roll_moves_with_the_opening_roll() {
    use Colour::*;
    // The combination that version-1 link codes call `french`: the french
    // order, and the first moves with its (last) opening roll.
    let rules = "french+start-roll";
    let g = opening_game(rules, Seats::default(), &[2, 5, 3, 1]);
    assert_eq!(colours(g.position().seats()), [Green, Yellow, Red, Blue]);
    assert_eq!(g.phase(), Phase::Move(roll(5)));
    let g = opening_game(rules, Seats::default(), &[6, 6, 1, 2, 3, 4]);
    assert_eq!(
        (g.position().turn(), g.phase()),
        (Green, Phase::Move(roll(4)))
    );
}

#[test]
fn french_opening_keeps_the_teams() {
    use Colour::*;
    // red 6, green 1, yellow 5, blue 2: teammates red and yellow now sit
    // next to each other.
    let g = opening_game("french", Seats::two_colours_each(), &[6, 1, 5, 2]);
    let seats = g.position().seats();
    assert_eq!(colours(seats), [Red, Yellow, Blue, Green]);
    assert!(seats.are_teammates(Red, Yellow));
    assert!(seats.are_teammates(Green, Blue));
    assert!(!seats.are_teammates(Red, Blue));
}

#[test]
fn the_first_french_roll_is_part_of_the_record() {
    // The opening roll is not a roll of the game: `rolled` says whether the
    // first seat has rolled again to begin, and a replay rolls it again.
    for name in ["french", "start-roll", "french+start-roll"] {
        let mut g = Game::new(name.parse().unwrap(), Seats::default(), 5);
        let opening_moves = g.opening().unwrap().roll.is_some();
        assert_eq!(opening_moves, name.contains("start-roll"), "{name}");
        assert!(!g.record().rolled, "{name}");
        // With start-roll the first seat moves with its opening roll: no
        // roll is due. Under french alone it rolls now.
        assert_eq!(g.roll_if_due().is_some(), !opening_moves, "{name}");
        assert_eq!(g.record().rolled, !opening_moves, "{name}");
        let replayed = g.record().replay().unwrap();
        assert_eq!(replayed.position(), g.position(), "{name}");
    }
}

#[test]
fn the_opening_is_part_of_the_record() {
    // Replaying the record (seed-based dice) gives the same opening.
    let g = Game::new(Rules::preset("french").unwrap(), Seats::default(), 99);
    let replayed = g.record().replay().unwrap();
    assert_eq!(replayed.position(), g.position());
    assert_eq!(replayed.opening(), g.opening());
}
