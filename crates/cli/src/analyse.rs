//! `barricade analyse CODE`: every colour's chance to win after every ply
//! of a link code (barricade_ai::analysis), the plies that changed the
//! chances most, and the one that decided the game.

use barricade_ai::analysis::{Analysis, Swing};
use barricade_ai::eval::Scores;
use barricade_rules::{Board, BoardId, Colour, GameRecord, code};
use serde_json::{Map, Value, json};

/// Options of `barricade analyse`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game's link code (the part after `#play=` or `#replay=`).
    code: String,
    /// How many of the biggest swings to mark.
    #[arg(long, value_name = "N", default_value_t = 5)]
    swings: usize,
    /// One JSON object per ply, then one with the swings and the deciding
    /// ply, instead of a table.
    #[arg(long)]
    json: bool,
}

/// Runs `barricade analyse`.
pub fn run(args: &Args) -> Result<(), String> {
    let record = code::decode(&args.code).map_err(|e| format!("not a valid game code: {e}"))?;
    let mut analysis = Analysis::new(&record).map_err(|e| e.to_string())?;
    analysis.finish();
    let colours: Vec<Colour> = record.seats.colours().to_vec();
    let swings = analysis.swings(args.swings);
    let decider = analysis.decider();
    if args.json {
        print_json(
            record.board.board(),
            &analysis,
            &colours,
            &swings,
            decider.as_ref(),
        );
    } else {
        print_table(&record, &analysis, &colours, &swings, decider.as_ref());
    }
    Ok(())
}

fn chances_json(colours: &[Colour], s: &Scores) -> Value {
    let m: Map<String, Value> = colours
        .iter()
        .map(|c| (c.name().to_string(), json!(round4(s[c.index()]))))
        .collect();
    Value::Object(m)
}

/// Four decimals: stable text for comparisons, enough for a chart.
fn round4(x: f32) -> f64 {
    (f64::from(x) * 10_000.0).round() / 10_000.0
}

fn swing_json(board: &Board, s: &Swing) -> Value {
    json!({
        "ply": s.ply,
        "mover": s.mover.name(),
        "move": board.move_name(s.decision),
        "size": round4(s.size()),
    })
}

fn print_json(
    board: &Board,
    analysis: &Analysis,
    colours: &[Colour],
    swings: &[Swing],
    decider: Option<&Swing>,
) {
    let all = analysis.all_swings();
    for (ply, s) in analysis.chances().iter().enumerate() {
        let mut line = json!({ "ply": ply, "chances": chances_json(colours, s) });
        if let Some(sw) = ply.checked_sub(1).and_then(|i| all.get(i)) {
            line["mover"] = json!(sw.mover.name());
            line["move"] = json!(board.move_name(sw.decision));
        }
        say!("{line}");
    }
    say!(
        "{}",
        json!({
            "swings": swings.iter().map(|s| swing_json(board, s)).collect::<Vec<_>>(),
            "decider": decider.map(|s| swing_json(board, s)),
        })
    );
}

fn percent(x: f32) -> String {
    format!("{:.1}", 100.0 * x)
}

fn print_table(
    record: &GameRecord,
    analysis: &Analysis,
    colours: &[Colour],
    swings: &[Swing],
    decider: Option<&Swing>,
) {
    let board = record.board.board();
    let winner = analysis.positions().last().and_then(|p| p.winner());
    if record.board != BoardId::Classic {
        say!("board: {}", record.board);
    }
    say!("rules: {}", record.rules);
    say!("plies: {}", record.moves.len());
    match winner {
        Some(w) => say!("winner: {w}"),
        None => say!("winner: none yet"),
    }
    say!("win chances in percent after each ply (* = one of the biggest swings):");
    let head: Vec<String> = colours.iter().map(|c| format!("{:>7}", c.name())).collect();
    say!(
        "{:>5}  {:<7} {:<16} {}",
        "ply",
        "mover",
        "move",
        head.join("")
    );
    let all = analysis.all_swings();
    for (ply, s) in analysis.chances().iter().enumerate() {
        let (mover, mv) = match ply.checked_sub(1).and_then(|i| all.get(i)) {
            Some(sw) => (sw.mover.name().to_string(), board.move_name(sw.decision)),
            None => ("".into(), "start".into()),
        };
        let cells: Vec<String> = colours
            .iter()
            .map(|c| format!("{:>7}", percent(s[c.index()])))
            .collect();
        let mark = if swings.iter().any(|sw| sw.ply == ply) {
            " *"
        } else {
            ""
        };
        say!("{ply:>5}  {mover:<7} {mv:<16} {}{mark}", cells.join(""));
    }
    for sw in swings {
        say!("swing: {}", describe(board, sw, colours));
    }
    match (decider, winner) {
        (Some(d), Some(w)) => say!(
            "decided by: {} ({w} favourite from then on)",
            describe(board, d, colours)
        ),
        _ => say!("decided by: the game is not over"),
    }
}

/// "ply 57, red a3-a7: red 42.0 -> 63.0, blue 58.0 -> 37.0".
fn describe(board: &Board, s: &Swing, colours: &[Colour]) -> String {
    let changes: Vec<String> = colours
        .iter()
        .map(|c| {
            format!(
                "{} {} -> {}",
                c.name(),
                percent(s.before[c.index()]),
                percent(s.after[c.index()])
            )
        })
        .collect();
    format!(
        "ply {}, {} {}: {}",
        s.ply,
        s.mover.name(),
        board.move_name(s.decision),
        changes.join(", ")
    )
}
