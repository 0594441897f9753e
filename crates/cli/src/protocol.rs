//! The JSON line protocol of `barricade engine` (docs/protocol.md).

use barricade_rules::{
    Board, BoardId, Colour, ColourSet, Move, Origin, Phase, Position, Roll, Rules, Seats, Setup,
    Square,
};
use serde_json::{Map, Value, json};

/// Answers one request line. Never panics; errors become `{"error": ...}`.
pub fn answer(line: &str) -> Value {
    match handle(line) {
        Ok(v) => v,
        Err(e) => json!({ "error": e }),
    }
}

fn handle(line: &str) -> Result<Value, String> {
    let req: Value = serde_json::from_str(line).map_err(|e| format!("bad JSON: {e}"))?;
    let obj = req.as_object().ok_or("a request is a JSON object")?;
    let cmd = obj
        .get("cmd")
        .and_then(Value::as_str)
        .ok_or("missing \"cmd\"")?;
    let position = || -> Result<Position, String> {
        position_from_json(obj.get("position").ok_or("missing \"position\"")?)
    };
    match cmd {
        "legal" => legal(&position()?),
        "play" => {
            let mut pos = position()?;
            let mv = move_from_json(pos.board(), obj.get("move").ok_or("missing \"move\"")?)?;
            pos.play(mv).map_err(|e| e.to_string())?;
            Ok(json!({ "position": position_to_json(&pos) }))
        }
        "bestmove" => bestmove(&position()?, obj),
        "chances" => Ok(chances(&position()?)),
        "review" => {
            let code = obj.get("code").ok_or("missing \"code\"")?;
            crate::review::review_json(str_field(code, "\"code\"")?)
        }
        other => Err(format!(
            "unknown cmd {other:?} (legal, play, bestmove, chances, review)"
        )),
    }
}

/// The decision of the requested level (`medium` by default).
fn bestmove(pos: &Position, obj: &Map<String, Value>) -> Result<Value, String> {
    let level = obj.get("level").and_then(Value::as_str).unwrap_or("medium");
    let level: barricade_ai::Level = level
        .parse()
        .map_err(|_| format!("unknown level {level:?} (easy, medium, hard, master)"))?;
    let seed = obj.get("seed").and_then(Value::as_u64).unwrap_or(0);
    match pos.phase() {
        Phase::Roll => return Err("the position has no roll: give \"roll\" 1..6".into()),
        Phase::Over(w) => return Err(format!("the game is over: {w} won")),
        _ => {}
    }
    let mv = barricade_ai::choose(pos, level, seed).ok_or("no decision to make")?;
    Ok(json!({ "move": move_to_json(pos.board(), mv) }))
}

/// Every seated colour's chance to win, as the chart shows it (the
/// master's learned evaluation and the analysis's short search).
fn chances(pos: &Position) -> Value {
    let chances = barricade_ai::analysis::Analyst::new().chances(pos);
    let mut out = Map::new();
    for &c in pos.seats().colours() {
        let v = (f64::from(chances[c.index()]) * 1e4).round() / 1e4;
        out.insert(c.name().into(), json!(v));
    }
    json!({ "chances": out })
}

fn legal(pos: &Position) -> Result<Value, String> {
    let board = pos.board();
    let name = |s: Square| board.name(s);
    let mut out = Vec::new();
    match pos.phase() {
        Phase::Roll => return Err("the position has no roll: give \"roll\" 1..6".into()),
        Phase::Over(w) => return Err(format!("the game is over: {w} won")),
        Phase::Place => {
            for s in pos.placement_squares() {
                out.push(json!({ "place": name(s) }));
            }
        }
        Phase::ChooseAgain => {
            out.push(json!({ "again": true }));
            out.push(json!({ "pass": true }));
        }
        Phase::Move(_) => {
            let moves = pos.legal_moves();
            for c in &moves {
                let mut m = Map::new();
                m.insert("from".into(), json!(pos.origin_name(c.from())));
                m.insert("to".into(), json!(name(c.to())));
                let path: Vec<String> = c.path().iter().map(name).collect();
                m.insert("path".into(), json!(path));
                if c.takes_barricade() {
                    m.insert("takes".into(), json!(true));
                    if moves.needs_drop() {
                        let drops: Vec<String> = moves.drop_squares(c).iter().map(name).collect();
                        m.insert("barricade".into(), json!(drops));
                    }
                }
                out.push(Value::Object(m));
            }
            if moves.can_pass() {
                out.push(json!({ "pass": true }));
            }
        }
    }
    Ok(json!({ "moves": out }))
}

fn str_field<'a>(v: &'a Value, what: &str) -> Result<&'a str, String> {
    v.as_str().ok_or_else(|| format!("{what} must be a string"))
}

fn square(board: &Board, v: &Value, what: &str) -> Result<Square, String> {
    let text = str_field(v, what)?;
    board.square(text).ok_or_else(|| {
        let short: String = text.chars().take(16).collect();
        format!("{what}: '{short}' is not a square of the board")
    })
}

fn colour(v: &Value) -> Result<Colour, String> {
    str_field(v, "a colour")?
        .parse()
        .map_err(|e| format!("{e}"))
}

fn move_from_json(board: &Board, v: &Value) -> Result<Move, String> {
    let o = v.as_object().ok_or("\"move\" must be an object")?;
    if o.get("pass") == Some(&Value::Bool(true)) {
        return Ok(Move::Pass);
    }
    if o.get("again") == Some(&Value::Bool(true)) {
        return Ok(Move::Again);
    }
    if let Some(p) = o.get("place") {
        return Ok(Move::Place(square(board, p, "\"place\"")?));
    }
    let from = o
        .get("from")
        .ok_or("a move needs \"from\" (or \"pass\": true)")?;
    let from: Origin = board
        .parse_origin(str_field(from, "\"from\"")?)
        .map_err(|e| format!("\"from\": {e}"))?;
    let to = square(board, o.get("to").ok_or("a move needs \"to\"")?, "\"to\"")?;
    let drop = match o.get("barricade") {
        None | Some(Value::Null) => None,
        Some(b) => Some(square(board, b, "\"barricade\"")?),
    };
    Ok(Move::Step { from, to, drop })
}

/// Writes a decision in the form `play` accepts.
fn move_to_json(board: &Board, mv: Move) -> Value {
    let origin = |o: Origin| match o {
        Origin::Square(s) => board.name(s),
        other => other.to_string(),
    };
    match mv {
        Move::Pass => json!({ "pass": true }),
        Move::Again => json!({ "again": true }),
        Move::Place(s) => json!({ "place": board.name(s) }),
        Move::Step { from, to, drop } => {
            let mut m = Map::new();
            m.insert("from".into(), json!(origin(from)));
            m.insert("to".into(), json!(board.name(to)));
            if let Some(d) = drop {
                m.insert("barricade".into(), json!(board.name(d)));
            }
            Value::Object(m)
        }
    }
}

fn list<'a>(v: &'a Value, what: &str) -> Result<&'a Vec<Value>, String> {
    v.as_array().ok_or_else(|| format!("{what} must be a list"))
}

/// Reads a protocol position (see docs/protocol.md) and checks it.
pub fn position_from_json(v: &Value) -> Result<Position, String> {
    let o = v.as_object().ok_or("\"position\" must be an object")?;
    let mut setup = seating_from_json(o)?;
    setup.pawns = pawns_from_json(o, &setup.seats, setup.board.board())?;
    barricades_from_json(o, &mut setup)?;
    Position::from_setup(&setup).map_err(|e| e.to_string())
}

/// The board, rules, players, teams, turn and roll of a position.
fn seating_from_json(o: &Map<String, Value>) -> Result<Setup, String> {
    let board: BoardId = match o.get("board") {
        None | Some(Value::Null) => BoardId::Classic,
        Some(b) => str_field(b, "\"board\"")?
            .parse()
            .map_err(|e| format!("{e}"))?,
    };
    let rules: Rules = match o.get("rules") {
        None => Rules::default(),
        Some(r) => str_field(r, "\"rules\"")?
            .parse()
            .map_err(|e| format!("{e}"))?,
    };
    let players: Vec<Colour> = match o.get("players") {
        None => Colour::ALL.to_vec(),
        Some(p) => list(p, "\"players\"")?
            .iter()
            .map(colour)
            .collect::<Result<_, _>>()?,
    };
    let teams: Vec<ColourSet> = match o.get("teams") {
        None | Some(Value::Null) => Vec::new(),
        Some(t) => list(t, "\"teams\"")?
            .iter()
            .map(|team| -> Result<ColourSet, String> {
                list(team, "a team")?.iter().map(colour).collect()
            })
            .collect::<Result<_, _>>()?,
    };
    let seats = Seats::with_teams(&players, &teams).map_err(|e| e.to_string())?;
    let roll = match o.get("roll") {
        None | Some(Value::Null) => None,
        Some(r) => Some(
            r.as_u64()
                .and_then(|n| u8::try_from(n).ok())
                .and_then(Roll::new)
                .ok_or("\"roll\" must be 1..6")?,
        ),
    };
    Ok(Setup {
        board,
        rules,
        seats,
        turn: match o.get("turn") {
            Some(t) => colour(t)?,
            None => players.first().copied().unwrap_or(Colour::Red),
        },
        roll,
        ..Setup::default()
    })
}

/// Every seated colour's pawns, as the board's number of origins each.
fn pawns_from_json(
    o: &Map<String, Value>,
    seats: &Seats,
    board: &Board,
) -> Result<[Vec<Origin>; 4], String> {
    let pawns = o.get("pawns").ok_or("missing \"pawns\"")?;
    let pawns = pawns.as_object().ok_or("\"pawns\" must be an object")?;
    let mut out: [Vec<Origin>; 4] = Default::default();
    for (name, entries) in pawns {
        let c: Colour = name.parse().map_err(|e| format!("{e}"))?;
        let entries = list(entries, "a pawn list")?;
        let ppc = board.pawns_per_colour();
        if entries.len() != ppc {
            return Err(format!(
                "{c} must have {ppc} pawn entries, found {}",
                entries.len()
            ));
        }
        out[c.index()] = entries
            .iter()
            .map(|e| -> Result<Origin, String> {
                board
                    .parse_origin(str_field(e, "a pawn")?)
                    .map_err(|e| format!("{e}"))
            })
            .collect::<Result<_, _>>()?;
    }
    for &c in seats.colours() {
        if out[c.index()].is_empty() {
            return Err(format!("\"pawns\" has no entry for {c}"));
        }
    }
    Ok(out)
}

/// The barricades, and the french state: held barricades, barricades to
/// put down, the bound pawn and what follows.
fn barricades_from_json(o: &Map<String, Value>, setup: &mut Setup) -> Result<(), String> {
    let board = setup.board.board();
    setup.barricades = match o.get("barricades") {
        None => return Err("missing \"barricades\"".into()),
        Some(b) => list(b, "\"barricades\"")?
            .iter()
            .map(|s| square(board, s, "a barricade"))
            .collect::<Result<_, _>>()?,
    };
    if let Some(h) = o.get("held") {
        setup.held = list(h, "\"held\"")?
            .iter()
            .map(|s| square(board, s, "a holder"))
            .collect::<Result<_, _>>()?;
    }
    if let Some(n) = o.get("place") {
        setup.to_place = n
            .as_u64()
            .and_then(|n| u8::try_from(n).ok())
            .filter(|&n| n <= 11)
            .ok_or("\"place\" must be 0..11")?;
    }
    if let Some(b) = o.get("bound") {
        setup.bound = Some(square(board, b, "\"bound\"")?);
    }
    match o
        .get("then")
        .map(|t| str_field(t, "\"then\""))
        .transpose()?
    {
        None => {}
        Some("again") => setup.choosing = true,
        Some("end") => setup.end_after_place = true,
        Some(other) => return Err(format!("unknown \"then\" value {other:?}")),
    }
    if let Some(w) = o.get("winner") {
        // Accepted for convenience; the winner follows from the pawns.
        list(w, "\"winner\"")?;
    }
    Ok(())
}

/// Writes a position in the protocol's JSON form.
pub fn position_to_json(pos: &Position) -> Value {
    let s = pos.to_setup();
    let board = pos.board();
    let name = |sq: &Square| board.name(*sq);
    let mut o = Map::new();
    if board.id() != BoardId::Classic {
        o.insert("board".into(), json!(board.id().name()));
    }
    o.insert("rules".into(), json!(pos.rules().name()));
    let players: Vec<&str> = pos.seats().colours().iter().map(|c| c.name()).collect();
    o.insert("players".into(), json!(players));
    if pos.seats().has_teams() {
        let teams: Vec<Vec<&str>> = pos
            .seats()
            .teams()
            .iter()
            .map(|t| t.iter().map(|c| c.name()).collect())
            .collect();
        o.insert("teams".into(), json!(teams));
    }
    o.insert("turn".into(), json!(pos.turn().name()));
    if let Some(r) = pos.roll() {
        o.insert("roll".into(), json!(r.get()));
    }
    let mut pawns = Map::new();
    for &c in pos.seats().colours() {
        let entries: Vec<String> = s.pawns[c.index()]
            .iter()
            .map(|&p| pos.origin_name(p))
            .collect();
        pawns.insert(c.name().into(), json!(entries));
    }
    o.insert("pawns".into(), Value::Object(pawns));
    let bars: Vec<String> = pos.barricades().iter().map(|b| board.name(b)).collect();
    o.insert("barricades".into(), json!(bars));
    if !s.held.is_empty() {
        let held: Vec<String> = s.held.iter().map(name).collect();
        o.insert("held".into(), json!(held));
    }
    if s.to_place > 0 {
        o.insert("place".into(), json!(s.to_place));
    }
    if let Some(b) = s.bound {
        o.insert("bound".into(), json!(board.name(b)));
    }
    if s.choosing {
        o.insert("then".into(), json!("again"));
    } else if s.end_after_place {
        o.insert("then".into(), json!("end"));
    }
    if let Some(w) = pos.winner() {
        let names: Vec<&str> = w.iter().map(|c| c.name()).collect();
        o.insert("winner".into(), json!(names));
    }
    Value::Object(o)
}
