//! Native tests of the game state and its autosave.

use super::setup::{SeatKind, SetupChoices};
use super::*;
use barricade_ai::Level;

fn two_humans() -> SetupChoices {
    SetupChoices {
        seats: [Some(SeatKind::Human), None, None, Some(SeatKind::Human)],
        ..SetupChoices::default()
    }
}

/// Plays one turn through the intents only: roll, the topmost legal
/// destination, the last allowed drop square.
fn play_turn(state: &mut GameState) {
    if state.phase() == Phase::Roll {
        state.roll().unwrap();
    }
    if state.dropping() {
        let drop = state.drop_squares().last().unwrap();
        assert!(state.click_square(drop));
        return;
    }
    if state.choosing_again() {
        assert!(state.pass());
        return;
    }
    if state.stuck() {
        assert!(state.pass());
        return;
    }
    let board = state.position().board();
    let best = state
        .moves()
        .iter()
        .min_by_key(|c| board.to_goal(c.to()))
        .copied()
        .unwrap();
    assert!(state.select(best.from()));
    assert!(state.destinations().contains(&best));
    assert!(state.click_square(best.to()));
    if state.dropping() {
        let drop = state.drop_squares().last().unwrap();
        assert!(state.drop_barricade(drop));
    }
}

#[test]
fn a_whole_game_through_the_intents_matches_the_engine() {
    let mut state = GameState::new(two_humans(), 11).unwrap();
    let mut turns = 0;
    while state.winner().is_none() && turns < 3000 {
        play_turn(&mut state);
        turns += 1;
    }
    assert!(state.winner().is_some());
    let record = GameRecord::from_code(&state.code()).unwrap();
    let replayed = record.replay().unwrap();
    assert_eq!(replayed.position(), state.position());
    assert!(state.log().iter().any(|e| e.took_barricade));
    // Every pawn the pieces track is where the engine has one.
    for colour in [Colour::Red, Colour::Blue] {
        let on_board: SquareSet = (0..5)
            .filter_map(|n| state.pieces().at(colour, n).square())
            .collect();
        assert_eq!(on_board, state.position().pawns(colour));
    }
}

#[test]
fn a_whole_quick_board_game_through_the_intents_matches_the_engine_and_saves() {
    let choices = SetupChoices {
        board: barricade_rules::BoardId::Quick,
        seats: [Some(SeatKind::Human); 4],
        ..SetupChoices::default()
    };
    let mut state = GameState::new(choices, 5).unwrap();
    let mut turns = 0;
    let mut saw_forest = false;
    while state.winner().is_none() && turns < 3000 {
        play_turn(&mut state);
        turns += 1;
        // The pieces follow the engine: on the squares, and in the forest.
        for colour in Colour::ALL {
            let pieces: Vec<Origin> = (0..4).map(|n| state.pieces().at(colour, n)).collect();
            let on_board: SquareSet = pieces.iter().filter_map(|o| o.square()).collect();
            assert_eq!(on_board, state.position().pawns(colour));
            let in_forest = pieces.iter().filter(|&&o| o == Origin::Forest).count();
            assert_eq!(in_forest, state.position().in_forest(colour));
            saw_forest |= in_forest > 0;
        }
        if turns == 40 {
            let saved = save::decode(&save::encode(&state)).unwrap();
            assert_eq!(saved.position(), state.position());
            assert_eq!(saved.choices().board, barricade_rules::BoardId::Quick);
        }
    }
    assert!(state.winner().is_some());
    assert!(saw_forest, "no pawn was captured in the village");
    let record = GameRecord::from_code(&state.code()).unwrap();
    assert_eq!(record.board, barricade_rules::BoardId::Quick);
    assert_eq!(record.replay().unwrap().position(), state.position());
}

#[test]
fn undo_and_redo_walk_the_history() {
    let mut state = GameState::new(two_humans(), 3).unwrap();
    for _ in 0..6 {
        play_turn(&mut state);
    }
    let code = state.code();
    let before = *state.position();
    assert!(state.undo());
    assert_eq!(state.log().len(), 5);
    assert!(matches!(state.phase(), Phase::Move(_)));
    assert!(state.redo());
    assert_eq!(*state.position(), before);
    assert_eq!(state.code(), code);
    assert!(!state.can_redo());
}

#[test]
fn undo_takes_back_the_computer_replies_too() {
    let choices = SetupChoices {
        seats: [
            Some(SeatKind::Human),
            None,
            Some(SeatKind::Computer(Level::Easy)),
            None,
        ],
        ..SetupChoices::default()
    };
    let mut state = GameState::new(choices, 5).unwrap();
    play_turn(&mut state);
    while state.turn() == Colour::Yellow {
        assert!(state.play_computer());
    }
    assert!(state.log().len() >= 2);
    assert!(state.undo());
    assert!(state.log().is_empty());
    assert_eq!(state.turn(), Colour::Red);
}

#[test]
fn a_save_in_the_middle_of_a_drop_resumes_there() {
    let mut state = GameState::new(two_humans(), 1).unwrap();
    let mut guard = 0;
    while state.pending().is_none() && guard < 2000 {
        guard += 1;
        if state.phase() == Phase::Roll {
            state.roll();
        }
        if let Some(c) = state.moves().iter().find(|c| c.takes_barricade()).copied() {
            assert!(state.move_to(c));
        } else {
            play_turn(&mut state);
        }
    }
    let pending = state.pending().unwrap();
    let text = save::encode(&state);
    let back = save::decode(&text).unwrap();
    assert_eq!(back.pending(), Some(pending));
    assert_eq!(back.drop_squares(), state.drop_squares());
    assert_eq!(back.code(), state.code());
}

#[test]
fn a_damaged_save_says_why() {
    assert!(save::decode("").is_err());
    assert!(save::decode("barricade-save 1\ncode ???").is_err());
    let state = GameState::new(two_humans(), 1).unwrap();
    let text = save::encode(&state).replace("code C", "code X");
    assert!(save::decode(&text).is_err());
    assert!(save::decode(&save::encode(&state)).is_ok());
}

#[test]
fn a_french_game_saved_before_the_printed_opening_resumes_as_it_was() {
    // A version-1 french code, saved with the choices of then (`french`).
    let data = include_str!("../../crates/rules/tests/data/link-codes-b.txt");
    let (code, position) = data
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once(' '))
        .find(|(_, p)| p.starts_with("rules=french "))
        .unwrap();
    let text = format!(
        "barricade-save 1\nchoices red=human green=human yellow=human blue=human teams=0 rules=french\ncode {code}\n"
    );
    let state = save::decode(&text).unwrap();
    assert_eq!(state.choices().rules.name(), "start-roll+french");
    let (_, pieces) = position.split_once(' ').unwrap();
    assert!(state.position().to_string().ends_with(pieces));
}

#[test]
fn the_only_pawn_that_can_reach_a_square_moves_with_one_click() {
    let mut state = GameState::new(two_humans(), 2).unwrap();
    state.roll().unwrap();
    // At the start only home pawns move: the origin is selected already.
    assert_eq!(state.selected(), Some(Origin::Home));
    let target = state.destinations()[0].to();
    state.cancel();
    assert!(state.click_square(target));
    assert_eq!(state.log().len(), 1);
}

#[test]
fn a_hint_is_shown_not_played_and_goes_with_the_position() {
    let mut state = GameState::new(two_humans(), 11).unwrap();
    assert!(state.hint_question().is_none(), "no hint before the roll");
    state.roll().unwrap();
    let question = state.hint_question().unwrap();
    assert_eq!(question.level, Level::Master);
    let mv = barricade_ai::choose(&question.position, question.level, question.seed).unwrap();
    let record = state.code();
    assert!(state.show_hint(question.position, mv));
    assert_eq!(state.hint(), Some(mv));
    assert_eq!(state.code(), record, "a hint is not played");
    let scene = crate::state::scene::Scene::of(&state);
    if let Move::Step { to, .. } = mv {
        assert!(scene.hint.contains(to));
    }
    // Selecting and cancelling keep it; playing a move ends it.
    let origin = state.origins()[0];
    assert!(state.select(origin));
    assert_eq!(state.hint(), Some(mv));
    state.cancel();
    assert_eq!(state.hint(), Some(mv));
    play_turn(&mut state);
    assert_eq!(state.hint(), None);
    // A late answer for an old position is ignored.
    assert!(!state.show_hint(question.position, mv));
}

#[test]
fn a_game_by_link_plays_one_turn_per_device_and_saves_its_place() {
    let choices = SetupChoices {
        by_link: true,
        ..two_humans()
    };
    let mut state = GameState::new(choices, 21).unwrap();
    let first = state.turn();
    assert_eq!(state.link(), Some((first, 0)));
    assert!(state.human_to_play());
    while state.turn() == first {
        play_turn(&mut state);
    }
    // This device has played: the link goes to the next colour.
    let next = state.turn();
    assert_eq!(state.link_goes_to(), Some(next));
    assert!(!state.human_to_play());
    // Until the link is sent, the turn can be taken back, but no further.
    let saved = save::decode(&save::encode(&state)).unwrap();
    assert_eq!(saved.link(), state.link());
    assert_eq!(saved.link_goes_to(), Some(next));
    assert!(state.undo());
    assert_eq!(state.turn(), first);
    assert!(state.human_to_play());
    assert!(!state.undo());

    // The next player opens the link: they play the colour to move.
    while state.turn() == first {
        play_turn(&mut state);
    }
    let record = GameRecord::from_code(&state.code()).unwrap();
    let mut theirs = GameState::from_record(choices, &record).unwrap();
    assert_eq!(theirs.link(), Some((next, record.moves.len())));
    assert!(theirs.human_to_play());
    assert!(!theirs.can_undo());
    assert_eq!(theirs.position(), state.position());
    play_turn(&mut theirs);
    assert_eq!(theirs.log().len(), record.moves.len() + 1);
}

#[test]
fn a_save_of_a_game_by_link_with_undone_moves_reads_and_writes_as_before() {
    // What a returning player has in localStorage: the text must read
    // back to the same game and be written again byte for byte.
    let text = "barricade-save 1\n\
        choices red=human green=- yellow=- blue=human teams=0 rules=ravensburger link=1\n\
        code CUIMAsAoAAAAAAACAAQAA\n\
        redo home-j1\n\
        link red 0\n";
    let state = save::decode(text).unwrap();
    assert_eq!(state.link(), Some((Colour::Red, 0)));
    assert_eq!(state.redo_moves().len(), 1);
    assert_eq!(state.link_goes_to(), Some(Colour::Blue));
    assert_eq!(save::encode(&state), text);
}
