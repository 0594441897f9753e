//! The `barricade` command: a JSON line-protocol engine, replays of link
//! codes, and self-play. See docs/protocol.md.

/// Prints a line to standard output; a closed output (say, piped into
/// `head`) ends the printing quietly instead of panicking like `println!`.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($arg)*);
    }};
}

mod protocol;
mod tournament;

use barricade_rules::{Colour, Game, Rules, Seats, code, policy};
use std::io::{BufRead, Write};
use std::process::ExitCode;

const USAGE: &str = "usage:
  barricade engine                 JSON requests on stdin, one reply per line (docs/protocol.md)
  barricade replay CODE [--plies N]
                                   print the final position and the winner of a link code
                                   (with --plies: the position after its first N plies)
  barricade selfplay [options]     play baseline bots against each other
      --games N      number of games (default 10)
      --seed S       first seed (default 1; game i uses S + i)
      --rules NAME   rule set (default ravensburger)
      --players LIST colours in order, e.g. red,blue (default all four)
      --teams SPEC   e.g. red+yellow/green+blue
      --policy P     greedy or random (default greedy)
      --max-plies N  stop a game after N plies (default 5000)
      --levels LIST  a tournament of barricade-ai bots instead, one level per
                     player (easy, medium, hard), e.g. hard,medium; prints win
                     rates with 95% confidence intervals and time per move
      --threads N    tournament threads (default: all cores)
      --nodes N      node budget of the hard bot per move";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("engine") => engine(),
        Some("replay") => match (args.get(1), args.get(2).map(String::as_str), args.get(3)) {
            (Some(c), None, None) => replay(c, None),
            (Some(c), Some("--plies"), Some(n)) => match n.parse() {
                Ok(n) => replay(c, Some(n)),
                Err(_) => Err(format!("--plies needs a number, not {n:?}")),
            },
            (None, ..) => Err("replay needs a game code".into()),
            _ => Err(USAGE.into()),
        },
        Some("selfplay") => selfplay(&args[1..]),
        Some("-h" | "--help" | "help") => {
            say!("{USAGE}");
            Ok(())
        }
        _ => Err(USAGE.into()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("barricade: {e}");
            ExitCode::from(2)
        }
    }
}

fn engine() -> Result<(), String> {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().split(b'\n') {
        let line = line.map_err(|e| e.to_string())?;
        let text = String::from_utf8_lossy(&line);
        if text.trim().is_empty() {
            continue;
        }
        let reply = protocol::answer(&text);
        writeln!(out, "{reply}").map_err(|e| e.to_string())?;
        out.flush().map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Prints the position of the record in `text`, after its first `plies`
/// plies when given (then the die is not yet rolled for the next one).
fn replay(text: &str, plies: Option<usize>) -> Result<(), String> {
    let (mut record, error) = match code::decode(text) {
        Ok(r) => (r, None),
        Err(e) => match e.prefix.clone() {
            Some(p) => (p, Some(e.to_string())),
            None => return Err(e.to_string()),
        },
    };
    if let Some(n) = plies {
        if n > record.moves.len() {
            return Err(format!("the record has only {} plies", record.moves.len()));
        }
        record.moves.truncate(n);
        record.rolled = false;
    }
    let game = record.replay().map_err(|e| e.to_string())?;
    let pos = game.position();
    say!("rules: {}", record.rules);
    say!("seed: {}", record.seed);
    say!("plies: {}", record.moves.len());
    say!("position: {pos}");
    say!("json: {}", protocol::position_to_json(pos));
    match pos.winner() {
        Some(w) => say!("winner: {w}"),
        None => say!("winner: none yet"),
    }
    match error {
        Some(e) => Err(format!("{e}; showing the valid part")),
        None => Ok(()),
    }
}

fn selfplay(args: &[String]) -> Result<(), String> {
    let mut games = 10u64;
    let mut seed = 1u64;
    let mut rules = Rules::default();
    let mut players: Vec<Colour> = Colour::ALL.to_vec();
    let mut teams = Vec::new();
    let mut policy_name = "greedy".to_string();
    let mut max_plies = 5000usize;
    let mut levels = None;
    let mut players_given = false;
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut nodes = None;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let num = |v: &str| {
            v.parse::<u64>()
                .map_err(|_| format!("{flag}: not a number: {v}"))
        };
        match flag.as_str() {
            "--games" => games = num(value)?,
            "--seed" => seed = num(value)?,
            "--rules" => rules = value.parse().map_err(|e| format!("{e}"))?,
            "--levels" => levels = Some(tournament::parse_levels(value)?),
            "--threads" => threads = num(value)? as usize,
            "--nodes" => nodes = Some(num(value)?),
            "--players" => {
                players_given = true;
                players = value
                    .split(',')
                    .map(|c| c.parse::<Colour>().map_err(|e| e.to_string()))
                    .collect::<Result<_, _>>()?
            }
            "--teams" => {
                teams = value
                    .split('/')
                    .map(|t| {
                        t.parse()
                            .map_err(|e: barricade_rules::colour::ParseColourError| e.to_string())
                    })
                    .collect::<Result<_, _>>()?
            }
            "--policy" => policy_name = value.clone(),
            "--max-plies" => max_plies = num(value)? as usize,
            _ => return Err(format!("unknown option {flag}\n{USAGE}")),
        }
    }
    if let Some(levels) = levels {
        return tournament::run(tournament::Options {
            levels,
            players: players_given.then_some(players),
            teams,
            rules,
            games,
            seed,
            threads,
            nodes,
            max_plies,
        });
    }
    if !["greedy", "random"].contains(&policy_name.as_str()) {
        return Err(format!("unknown policy {policy_name} (greedy, random)"));
    }
    let seats = Seats::with_teams(&players, &teams).map_err(|e| e.to_string())?;
    let mut wins: Vec<(String, u64)> = Vec::new();
    for i in 0..games {
        let s = seed.wrapping_add(i);
        let mut game = Game::new(rules, seats, s);
        let mut rng = s | 1;
        while !game.position().is_over() && game.history().len() < max_plies {
            game.roll_if_due();
            let pos = *game.position();
            let mv = if policy_name == "greedy" {
                policy::greedy(&pos)
            } else {
                policy::random(&pos, |n| {
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    (rng % n as u64) as usize
                })
            };
            let Some(mv) = mv else { break };
            game.play(mv).map_err(|e| format!("internal error: {e}"))?;
        }
        let winner = game.position().winner().map(|w| w.to_string());
        let code = code::encode(&game.record()).map_err(|e| e.to_string())?;
        say!(
            "{}",
            serde_json::json!({
                "game": i + 1, "seed": s, "plies": game.history().len(),
                "winner": winner, "code": code,
            })
        );
        let key = winner.unwrap_or_else(|| "none".into());
        match wins.iter_mut().find(|(k, _)| *k == key) {
            Some((_, n)) => *n += 1,
            None => wins.push((key, 1)),
        }
    }
    wins.sort();
    let summary: serde_json::Map<String, serde_json::Value> = wins
        .into_iter()
        .map(|(k, n)| (k, serde_json::json!(n)))
        .collect();
    say!("{}", serde_json::json!({ "summary": summary }));
    Ok(())
}
