//! The game review: a move that throws away a win is graded a blunder
//! with the winning move named; every rule set, both boards and every
//! seating review without error, with costs, grades and luck that add up.
//! Small budgets: debug builds are slow (the real ones are measured by
//! `crates/coach/examples/review_stats.rs`).

use barricade_ai::review::{self, Grade, PlyReview, Review, Reviewer, Turn};
use barricade_ai::{Bot, Evaluator, Level, Limits, drops};
use barricade_rules::{BoardId, Colour, Game, GameRecord, Move, Phase, Position, Rules, Seats};

fn small() -> Reviewer {
    Reviewer::with_limits(
        Limits {
            nodes: 1_000,
            four_teams_nodes: 0,
            ..Limits::REVIEW
        },
        Limits {
            nodes: 300,
            ..Limits::ANALYSIS
        },
    )
}

/// Whether `mv` puts a pawn on the goal.
fn wins(pos: &Position, mv: Move) -> bool {
    let mut child = *pos;
    child.play_unchecked(mv);
    child.winner().is_some()
}

/// A game of medium bots from `seed` until its first roll that lets the
/// mover reach the goal; there the mover plays instead the decision the
/// evaluation likes least. Returns the record and that ply, or `None`
/// when the game never offered a winning roll with a choice.
fn thrown_win(seed: u64) -> Option<(GameRecord, usize)> {
    let seats = Seats::new(&[Colour::Red, Colour::Blue]).unwrap();
    let mut game = Game::new(Rules::default(), seats, seed);
    let mut bot = Bot::new(Level::Medium, seed);
    let ev = Evaluator::learned();
    while game.position().winner().is_none() && game.history().len() < 400 {
        game.roll_if_due();
        let pos = *game.position();
        let choices = drops::decisions(&pos, &ev, 2);
        if choices.iter().any(|&m| wins(&pos, m)) && choices.len() > 2 {
            let me = pos.turn().index();
            let worst = choices
                .iter()
                .filter(|&&m| !wins(&pos, m))
                .min_by(|&&a, &&b| {
                    let score = |m: Move| {
                        let mut child = pos;
                        child.play_unchecked(m);
                        ev.scores(&child)[me]
                    };
                    score(a).total_cmp(&score(b))
                })
                .copied()?;
            game.play(worst).unwrap();
            return Some((game.record(), game.history().len()));
        }
        game.play(bot.choose(&pos)?).unwrap();
    }
    None
}

#[test]
fn throwing_away_a_win_is_a_blunder_and_the_winning_move_is_named() {
    let (record, ply) = (1..20).find_map(thrown_win).expect("a winning roll");
    let turns = review::turns(&record).unwrap();
    let turn = turns[ply - 1];
    let reviewed = small().review(&turn);
    assert_eq!(reviewed.ply, ply);
    assert_eq!(reviewed.decider, turn.decision.turn());
    assert!(!reviewed.forced);
    assert_eq!(reviewed.grade(), Some(Grade::Blunder), "{reviewed:?}");
    assert!(reviewed.cost() >= Grade::Blunder.threshold());
    // The better move is the one that reaches the goal: a sure win.
    let better = reviewed.better().expect("a better move");
    assert!(wins(&turn.decision, better), "{better}");
    assert_eq!(reviewed.best_chance, review::CERTAIN);
    // The page rebuilds the turn from its worker request: the same review.
    let rebuilt = Turn::new(ply, turn.before, turn.roll, turn.played).unwrap();
    assert_eq!(small().review(&rebuilt), reviewed);
    let mover = review::totals(&[reviewed])[reviewed.decider.index()];
    assert_eq!(
        (mover.blunders, mover.cost),
        (1, u64::from(reviewed.cost()))
    );
}

/// Checks what every reviewed ply must satisfy.
fn check(turn: &Turn, p: &PlyReview) {
    let what = format!("ply {} {:?}", p.ply, p);
    assert_eq!(p.ply, turn.ply);
    assert_eq!(p.played, turn.played);
    assert_eq!(p.decider, turn.decision.turn());
    assert!(turn.decision.check(p.best).is_ok(), "{what}");
    assert!(p.best_chance >= p.played_chance, "{what}");
    assert!(p.best_chance <= review::CERTAIN, "{what}");
    assert_eq!(p.better().is_some(), p.cost() > 0, "{what}");
    if p.forced {
        assert_eq!((p.grade(), p.better()), (None, None), "{what}");
    }
    let rolled = turn.before.phase() == Phase::Roll;
    assert_eq!(p.luck.is_some(), rolled, "{what}");
    if let Some(l) = p.luck {
        assert_eq!(Some(l.roll), turn.decision.roll(), "{what}");
        let sum: i64 = l
            .faces
            .iter()
            .map(|&f| i64::from(f) - i64::from(l.mean()))
            .sum();
        assert!(sum.abs() <= 6, "{what}: the faces' luck sums to zero");
    }
}

/// Reviews `plies` of `record`'s turns (chosen by `pick`) and checks them.
fn review_some(record: &GameRecord, pick: impl Fn(&Turn) -> bool) -> Vec<PlyReview> {
    let reviewer = small();
    let turns = review::turns(record).unwrap();
    let mut out = Vec::new();
    for t in turns.iter().filter(|t| pick(t)) {
        let p = reviewer.review(t);
        check(t, &p);
        out.push(p);
    }
    out
}

fn medium_game(board: BoardId, rules: Rules, seats: Seats, seed: u64, plies: usize) -> GameRecord {
    let mut game = Game::new_on(board, rules, seats, seed);
    let mut bot = Bot::new(Level::Medium, seed);
    while game.position().winner().is_none() && game.history().len() < plies {
        game.roll_if_due();
        let mv = bot.choose(game.position()).unwrap();
        game.play(mv).unwrap();
    }
    game.record()
}

#[test]
fn every_rule_set_board_and_seating_reviews() {
    use Colour::*;
    let seatings = [
        Seats::new(&[Red, Blue]).unwrap(),
        Seats::new(&[Green, Yellow, Blue]).unwrap(),
        Seats::default(),
        Seats::two_colours_each(),
    ];
    for board in [BoardId::Classic, BoardId::Quick] {
        for name in Rules::PRESETS {
            let rules = Rules::preset(name).unwrap();
            for (i, &seats) in seatings.iter().enumerate() {
                let record = medium_game(board, rules, seats, 11 + i as u64, 4);
                let plies = review_some(&record, |_| true);
                assert_eq!(plies.len(), record.moves.len(), "{board} {name} {i}");
                // The opening's roll (start-roll) is no luck of a ply.
                let opening_roll = rules.start_roll;
                assert_eq!(plies[0].luck.is_none(), opening_roll, "{board} {name} {i}");
            }
        }
    }
}

#[test]
fn french_placements_and_roll_again_choices_are_reviewed() {
    let seats = Seats::new(&[Colour::Red, Colour::Blue]).unwrap();
    let french = Rules::preset("french").unwrap();
    for board in [BoardId::Classic, BoardId::Quick] {
        let record = medium_game(board, french, seats, 3, 400);
        let kinds = |t: &Turn| match t.decision.phase() {
            Phase::Place => 1,
            Phase::ChooseAgain => 2,
            _ => 0,
        };
        let turns = review::turns(&record).unwrap();
        let mut picked: Vec<usize> = Vec::new();
        for kind in 1..=2 {
            let of_kind = turns.iter().filter(|t| kinds(t) == kind);
            picked.extend(of_kind.take(2).map(|t| t.ply));
        }
        // The bound pawn's move after "again".
        picked.extend(
            turns
                .iter()
                .filter(|t| t.decision.bound_pawn().is_some())
                .take(1)
                .map(|t| t.ply),
        );
        assert!(picked.len() >= 4, "{board}: {picked:?}");
        let plies = review_some(&record, |t| picked.contains(&t.ply));
        for p in &plies {
            let t = turns[p.ply - 1];
            match t.decision.phase() {
                // Placing and choosing follow a move: no roll of their own.
                Phase::Place | Phase::ChooseAgain => assert!(p.luck.is_none(), "{p:?}"),
                _ => {}
            }
        }
    }
}

#[test]
fn a_review_is_deterministic_and_rejects_illegal_records() {
    let seats = Seats::new(&[Colour::Red, Colour::Yellow, Colour::Blue]).unwrap();
    let record = medium_game(BoardId::Classic, Rules::default(), seats, 2, 8);
    let a = Review::with_reviewer(&record, small())
        .unwrap()
        .finish()
        .to_vec();
    let b = Review::with_reviewer(&record, small())
        .unwrap()
        .finish()
        .to_vec();
    assert_eq!(a, b);
    let mut bad = record.clone();
    bad.moves.insert(3, "i9-i10".parse().unwrap());
    let err = Review::new(&bad).unwrap_err();
    assert_eq!(err.ply, 4);
    // The totals add the plies up.
    let totals = review::totals(&a);
    let cost: u64 = a.iter().map(|p| u64::from(p.cost())).sum();
    assert_eq!(totals.iter().map(|t| t.cost).sum::<u64>(), cost);
    let rolls = a.iter().filter(|p| p.luck.is_some()).count();
    assert_eq!(totals.iter().map(|t| t.rolls).sum::<usize>(), rolls);
}
