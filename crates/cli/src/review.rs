//! `barricade review CODE`: every decision of a link code graded against
//! the master and every roll's luck (barricade_ai::review), as a table
//! or as JSON lines; the engine protocol's `review` request gives the
//! same JSON in one reply.

use barricade_ai::review::{CERTAIN, Chance, Grade, PlyReview, Review, Totals};
use barricade_rules::{Board, BoardId, Colour, GameRecord, code};
use serde_json::{Value, json};

/// Options of `barricade review`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game's link code (the part after `#play=` or `#replay=`).
    code: String,
    /// One JSON object per ply, then one with every player's totals,
    /// instead of a table.
    #[arg(long)]
    json: bool,
}

/// Runs `barricade review`: prints each ply as soon as it is reviewed.
pub fn run(args: &Args) -> Result<(), String> {
    let record = decode(&args.code)?;
    let mut review = Review::new(&record).map_err(|e| e.to_string())?;
    let board = record.board.board();
    let colours = record.seats.colours().to_vec();
    if !args.json {
        print_header(&record, &review);
    }
    while let Some(ply) = review.step() {
        if args.json {
            say!("{}", ply_json(board, ply));
        } else {
            say!("{}", ply_line(board, ply));
        }
    }
    let totals = review.totals();
    if args.json {
        say!("{}", summary_json(&colours, &totals));
    } else {
        say!("totals (chance in percentage points):");
        for &c in &colours {
            say!("{}", totals_line(&totals[c.index()]));
        }
    }
    Ok(())
}

/// The review of the game of `text` as one JSON object: `plies` (one
/// object per ply as `--json` prints them) and the summary's fields.
pub fn review_json(text: &str) -> Result<Value, String> {
    let record = decode(text)?;
    let mut review = Review::new(&record).map_err(|e| e.to_string())?;
    let board = record.board.board();
    let plies: Vec<Value> = review.finish().iter().map(|p| ply_json(board, p)).collect();
    let mut out = summary_json(record.seats.colours(), &review.totals());
    out["plies"] = Value::Array(plies);
    Ok(out)
}

fn decode(text: &str) -> Result<GameRecord, String> {
    code::decode(text).map_err(|e| format!("not a valid game code: {e}"))
}

/// A chance in millionths with four decimals, as `analyse` writes them.
fn chance_json(c: Chance) -> f64 {
    (f64::from(c) / 100.0).round() / 10_000.0
}

/// A signed amount of millionths with four decimals.
fn signed_json(x: i64) -> f64 {
    (x as f64 / 100.0).round() / 10_000.0
}

/// One ply: `{"ply","player","move","chance","best","best_chance","cost",
/// "grade","forced","roll"}`, `roll` null or `{"face","chance","mean",
/// "luck","faces"}`.
pub fn ply_json(board: &Board, p: &PlyReview) -> Value {
    let roll = p.luck.map(|l| {
        json!({
            "face": l.roll.get(),
            "chance": chance_json(l.chance()),
            "mean": chance_json(l.mean()),
            "luck": signed_json(l.luck().into()),
            "faces": l.faces.map(chance_json),
        })
    });
    json!({
        "ply": p.ply,
        "player": p.decider.name(),
        "move": board.move_name(p.played),
        "chance": chance_json(p.played_chance),
        "best": board.move_name(p.best),
        "best_chance": chance_json(p.best_chance),
        "cost": chance_json(p.cost()),
        "grade": p.grade().map(Grade::name),
        "forced": p.forced,
        "roll": roll,
    })
}

fn totals_json(t: &Totals) -> Value {
    json!({
        "player": t.colour.name(),
        "decisions": t.decisions,
        "cost": signed_json(t.cost as i64),
        "inaccuracies": t.inaccuracies,
        "mistakes": t.mistakes,
        "blunders": t.blunders,
        "rolls": t.rolls,
        "luck": signed_json(t.luck),
    })
}

/// `{"players":[totals of each seated colour],"thresholds":{grade: cost}}`.
fn summary_json(colours: &[Colour], totals: &[Totals; 4]) -> Value {
    let thresholds: serde_json::Map<String, Value> = Grade::ALL
        .iter()
        .map(|g| (g.name().to_string(), json!(chance_json(g.threshold()))))
        .collect();
    json!({
        "players": colours.iter().map(|c| totals_json(&totals[c.index()])).collect::<Vec<_>>(),
        "thresholds": thresholds,
    })
}

/// Percentage points with one decimal.
fn points(x: i64) -> String {
    format!("{:.1}", x as f64 * 100.0 / f64::from(CERTAIN))
}

fn signed_points(x: i64) -> String {
    let p = points(x);
    if x >= 0 { format!("+{p}") } else { p }
}

fn print_header(record: &GameRecord, review: &Review) {
    if record.board != BoardId::Classic {
        say!("board: {}", record.board);
    }
    say!("rules: {}", record.rules);
    say!("plies: {}", record.moves.len());
    let last = review.turns().last().map(|t| {
        let mut after = t.decision;
        after.play_unchecked(t.played);
        after
    });
    match last.and_then(|p| p.winner()) {
        Some(w) => say!("winner: {w}"),
        None => say!("winner: none yet"),
    }
    let grades: Vec<String> = Grade::ALL
        .iter()
        .map(|g| format!("{} {}", g.name(), points(g.threshold().into())))
        .collect();
    say!(
        "grades by chance lost, in points: {}; luck: the chance after the roll minus the mean of the six faces",
        grades.join(", ")
    );
    say!(
        "{:>5}  {:<7} {:>4} {:>6}  {:<16} {:>6}  {:<16} {:>6} {:>6}  grade",
        "ply",
        "player",
        "roll",
        "luck",
        "move",
        "chance",
        "best",
        "chance",
        "cost"
    );
}

/// One ply of the table; `=` in the best column: the move played was the
/// best found.
fn ply_line(board: &Board, p: &PlyReview) -> String {
    let (roll, luck) = match p.luck {
        Some(l) => (l.roll.get().to_string(), signed_points(l.luck().into())),
        None => ("-".into(), String::new()),
    };
    let (best, best_chance) = match p.better() {
        Some(b) => (board.move_name(b), points(p.best_chance.into())),
        None => ("=".into(), String::new()),
    };
    let grade = match (p.forced, p.grade()) {
        (true, _) => "forced",
        (false, Some(g)) => g.name(),
        (false, None) => "",
    };
    format!(
        "{:>5}  {:<7} {roll:>4} {luck:>6}  {:<16} {:>6}  {best:<16} {best_chance:>6} {:>6}  {grade}",
        p.ply,
        p.decider.name(),
        board.move_name(p.played),
        points(p.played_chance.into()),
        points(p.cost().into()),
    )
    .trim_end()
    .to_string()
}

/// "red: 2 inaccuracies, 1 mistake, 0 blunders; cost 23.1 over 40
/// decisions; luck +18.0 over 41 rolls" (chance in percentage points).
fn totals_line(t: &Totals) -> String {
    let counts: Vec<String> = Grade::ALL
        .iter()
        .map(|&g| {
            let n = t.count(g);
            let name = match (g, n) {
                (_, 1) => g.name().to_string(),
                (Grade::Inaccuracy, _) => "inaccuracies".to_string(),
                _ => format!("{}s", g.name()),
            };
            format!("{n} {name}")
        })
        .collect();
    let plural = |n: usize, what: &str| match n {
        1 => format!("1 {what}"),
        n => format!("{n} {what}s"),
    };
    format!(
        "{}: {}; cost {} over {}; luck {} over {}",
        t.colour.name(),
        counts.join(", "),
        points(t.cost as i64),
        plural(t.decisions, "decision"),
        signed_points(t.luck),
        plural(t.rolls, "roll")
    )
}
