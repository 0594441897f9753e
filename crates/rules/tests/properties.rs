//! Property tests over random games in every rule set and seating, on
//! both boards.
//!
//! Debug builds (what CI's `cargo test --workspace` runs) play fewer games
//! so that the whole rules suite stays under about 30 s; the full counts
//! run with `cargo test --release -p barricade-rules` (see
//! docs/performance.md, "Test suite run time").

/// Whether this is an optimised build (`--release`): full game counts.
const FULL: bool = !cfg!(debug_assertions);

/// Random games per rule set and seating in the proptest below.
const PROPTEST_GAMES: u32 = if FULL { 256 } else { 24 };

/// Games in [`thousands_of_random_games`].
const MANY_GAMES: u64 = if FULL { 2000 } else { 224 };

use barricade_rules::code::{self, CodeErrorKind};
use barricade_rules::{
    BoardId, Colour, Game, GameRecord, Move, Phase, Position, Rules, Seats, SquareSet,
};
use proptest::prelude::*;

/// A small deterministic generator for the random policy.
struct Xorshift(u64);
impl Xorshift {
    fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

fn seats_for(k: u8) -> Seats {
    use Colour::*;
    match k % 7 {
        0 => Seats::default(),
        1 => Seats::new(&[Red, Blue]).unwrap(),
        2 => Seats::new(&[Yellow, Green, Red]).unwrap(),
        3 => Seats::two_colours_each(),
        4 => Seats::with_teams(
            &[Red, Green, Yellow, Blue],
            &[
                [Red].into_iter().collect(),
                [Green, Yellow, Blue].into_iter().collect(),
            ],
        )
        .unwrap(),
        5 => Seats::with_teams(
            &[Blue, Green, Yellow, Red],
            &[
                [Blue].into_iter().collect(),
                [Green].into_iter().collect(),
                [Yellow, Red].into_iter().collect(),
            ],
        )
        .unwrap(),
        _ => Seats::new(&[Green, Yellow]).unwrap(),
    }
}

fn check_invariants(pos: &Position, text_too: bool) {
    let mut seen = SquareSet::EMPTY;
    let board = pos.board();
    for c in Colour::ALL {
        let on = pos.pawns(c);
        assert!((on - board.all()).is_empty(), "pawn off the board: {pos}");
        if pos.seats().contains(c) {
            assert_eq!(
                on.len() + pos.at_home(c) + pos.in_forest(c),
                board.pawns_per_colour(),
                "{pos}"
            );
        } else {
            assert!(on.is_empty() && pos.in_forest(c) == 0);
        }
        if board.forest().is_none() {
            assert_eq!(pos.in_forest(c), 0);
        }
        assert!((seen & on).is_empty(), "pawns share a square: {pos}");
        seen |= on;
    }
    assert!(
        (seen & pos.barricades()).is_empty(),
        "pawn on a barricade: {pos}"
    );
    assert!(
        (pos.barricades() & !pos.barricade_squares()).is_empty(),
        "{pos}"
    );
    assert!(
        (pos.barricades() & board.rest_squares()).is_empty(),
        "a barricade on a rest square: {pos}"
    );
    assert_eq!(
        pos.barricades().len() + pos.held().len() + pos.to_place(),
        board.barricade_count(),
        "{pos}"
    );
    // The text notation round-trips.
    if text_too {
        assert_eq!(pos.to_string().parse::<Position>().as_ref(), Ok(pos));
    }
}

/// Plays a random game; checks every listed move is accepted by `play`.
fn random_game(rules: Rules, seats: Seats, seed: u64, max_plies: usize, thorough: bool) -> Game {
    random_game_on(BoardId::Classic, rules, seats, seed, max_plies, thorough)
}

/// [`random_game`] on any board.
fn random_game_on(
    board: BoardId,
    rules: Rules,
    seats: Seats,
    seed: u64,
    max_plies: usize,
    thorough: bool,
) -> Game {
    let mut game = Game::new_on(board, rules, seats, seed);
    let mut rng = Xorshift(seed | 1);
    while game.history().len() < max_plies && !game.position().is_over() {
        game.roll_if_due();
        let pos = *game.position();
        check_invariants(&pos, thorough);
        let moves = pos.all_moves();
        assert!(!moves.is_empty(), "no decision in {pos}");
        if thorough {
            for &m in moves.iter().step_by(7) {
                let mut p = pos;
                p.play(m).unwrap_or_else(|e| panic!("{e} in {pos}"));
                let mut q = pos;
                q.play_unchecked(m);
                assert_eq!(p, q);
            }
            if let Phase::Move(_) = pos.phase() {
                let list = pos.legal_moves();
                for c in &list {
                    assert_eq!(c.path().last(), Some(c.to()));
                    assert_eq!(pos.path(c.to_move(None)), Some(c.path()));
                }
            }
        }
        let m = moves[rng.next(moves.len())];
        game.play(m).unwrap();
    }
    check_invariants(game.position(), true);
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(PROPTEST_GAMES))]

    #[test]
    fn random_games_keep_the_invariants_and_round_trip(seed: u64, rules in 0u8..16, seating in 0u8..7, board in 0u8..2) {
        let rules = Rules::from_bits(rules).unwrap();
        let board = BoardId::from_number(board).unwrap();
        let game = random_game_on(board, rules, seats_for(seating), seed, 600, true);
        let record = game.record();
        let replayed = record.replay().unwrap();
        prop_assert_eq!(replayed.position(), game.position());
        let text = code::encode(&record).unwrap();
        let back = code::decode(&text).unwrap();
        prop_assert_eq!(&back, &record);
        let again = back.replay().unwrap();
        prop_assert_eq!(again.position(), game.position());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn decoding_any_text_never_panics(text in "\\PC{0,80}") {
        let _ = code::decode(&text);
    }

    #[test]
    fn decoding_base64ish_text_never_panics(text in "[BCD][A-Za-z0-9_-]{0,200}") {
        if let Err(e) = code::decode(&text)
            && let Some(prefix) = e.prefix
        {
            prefix.replay().unwrap();
        }
    }

    #[test]
    fn damaged_codes_give_an_error_or_a_valid_record(seed: u64, cut in 0usize..400, flip in 0usize..400, ch in 0usize..64) {
        let board = if seed % 2 == 0 { BoardId::Classic } else { BoardId::Quick };
        let game = random_game_on(board, Rules::default(), Seats::default(), seed, 120, false);
        let text = code::encode(&game.record()).unwrap();
        let alphabet: Vec<char> = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".chars().collect();
        let mut damaged: Vec<char> = text.chars().collect();
        let i = 1 + flip % (damaged.len() - 1);
        damaged[i] = alphabet[ch];
        let damaged: String = damaged.into_iter().collect();
        for t in [damaged, text.chars().take(cut % text.len()).collect::<String>()] {
            match code::decode(&t) {
                Ok(r) => { r.replay().unwrap(); }
                Err(e) => {
                    if let Some(p) = e.prefix { p.replay().unwrap(); }
                }
            }
        }
    }
}

/// 2,000 quick random games on each board in release builds (224 in
/// debug builds: every one of the 16 rule sets still meets all 7 seatings,
/// see `seats_for`).
#[test]
fn thousands_of_random_games() {
    let mut wins = 0;
    for board in BoardId::ALL {
        for seed in 0..MANY_GAMES {
            let rules = Rules::from_bits((seed % 16) as u8).unwrap();
            let seats = seats_for((seed / 16 % 7) as u8);
            let game = random_game_on(board, rules, seats, seed, 3000, false);
            wins += usize::from(game.position().is_over());
        }
    }
    assert!(
        wins as u64 > MANY_GAMES / 10,
        "random games should sometimes finish ({wins})"
    );
}

#[test]
fn a_400_ply_four_player_game_fits_in_2000_characters() {
    for seed in 0..50 {
        let game = random_game(Rules::default(), Seats::default(), seed, 400, false);
        let text = code::encode(&game.record()).unwrap();
        assert!(
            text.len() <= 2000,
            "{} plies -> {} chars",
            game.history().len(),
            text.len()
        );
    }
    let game = random_game(
        Rules::preset("french").unwrap(),
        Seats::default(),
        3,
        400,
        false,
    );
    assert!(code::encode(&game.record()).unwrap().len() <= 2000);
}

#[test]
fn a_truncated_code_returns_the_valid_prefix() {
    let game = random_game(Rules::default(), Seats::default(), 11, 200, false);
    let record = game.record();
    let text = code::encode(&record).unwrap();
    let short: String = text.chars().take(text.len() / 2).collect();
    let e = code::decode(&short).unwrap_err();
    assert!(matches!(
        e.kind,
        CodeErrorKind::Corrupted | CodeErrorKind::Truncated(_)
    ));
    let prefix = e.prefix.expect("a prefix");
    assert!(!prefix.moves.is_empty());
    assert_eq!(prefix.moves[..], record.moves[..prefix.moves.len()]);
}

#[test]
fn replay_names_the_bad_ply() {
    let game = random_game(Rules::default(), Seats::default(), 5, 30, false);
    let mut record: GameRecord = game.record();
    record.moves.insert(10, Move::Again);
    let e = record.replay().unwrap_err();
    assert_eq!(e.ply, 11);
    assert_eq!(e.game.history().len(), 10);
}
