//! The `barricade` command: a JSON line-protocol engine, replays,
//! analyses and reviews of link codes, self-play, the tuning of the master's
//! evaluation, and the server of online rooms. See docs/protocol.md;
//! `barricade help` lists the commands.

/// Prints a line to standard output; a closed output (say, piped into
/// `head`) ends the printing quietly instead of panicking like `println!`.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($arg)*);
    }};
}

mod analyse;
mod calibrate;
mod protocol;
mod review;
mod selfplay;
mod serve;
mod tournament;
mod train;
mod tune;

use barricade_rules::code;
use clap::{Parser, Subcommand};
use std::io::{BufRead, Write};
use std::process::ExitCode;

/// Barricade (Malefiz): a rules engine, computer players and tools.
#[derive(Parser, Debug)]
#[command(name = "barricade", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// JSON requests on stdin, one JSON reply per line (docs/protocol.md).
    Engine,
    /// Print the final position and the winner of a link code, and the
    /// link code of what is shown.
    Replay {
        /// The game's link code (the part after `#play=` or `#replay=`).
        code: String,
        /// Show the position after the first N plies instead (before the
        /// die is rolled for the next one); its `code:` line is then the
        /// link code of those plies, a game to go on from.
        #[arg(long, value_name = "N")]
        plies: Option<usize>,
    },
    /// Print every colour's chance to win after every ply of a link code,
    /// from the master's evaluation, with the moves that changed the
    /// chances most and the one that decided the game.
    Analyse(analyse::Args),
    /// Grade every decision of a link code against the master's (its
    /// cost in chance to win, inaccuracies, mistakes and blunders) and
    /// measure every roll's luck, with each player's totals.
    Review(review::Args),
    /// Play bots against each other: baseline policies, or with --levels
    /// a tournament of the computer players.
    Selfplay(selfplay::Args),
    /// Tune the master's evaluation weights by self-play and write them
    /// (crates/ai/src/tuned.rs); see docs/ai.md.
    Tune(tune::Args),
    /// Fit the learned evaluation to self-play games and write its
    /// weights (crates/ai/data/learned.txt); see docs/ai.md.
    Train(train::Args),
    /// Measure how well the win chances are calibrated on held-out
    /// self-play games: reliability tables, ECE, Brier, and an SVG plot.
    Calibrate(calibrate::Args),
    /// Serve the built site and the online rooms on one address, until
    /// Ctrl-C (docs/online.md).
    Serve(serve::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Engine => engine(),
        Command::Replay { code, plies } => replay(&code, plies),
        Command::Analyse(args) => analyse::run(&args),
        Command::Review(args) => review::run(&args),
        Command::Selfplay(args) => selfplay::run(args),
        Command::Tune(args) => tune::run(&args),
        Command::Train(args) => train::run(&args),
        Command::Calibrate(args) => calibrate::run(&args),
        Command::Serve(args) => serve::run(args),
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
/// plies when given (then the die is not yet rolled for the next one), and
/// the link code of the record shown.
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
    if record.board != barricade_rules::BoardId::Classic {
        say!("board: {}", record.board);
    }
    say!("rules: {}", record.rules);
    say!("seed: {}", record.seed);
    say!("plies: {}", record.moves.len());
    say!("position: {pos}");
    say!("json: {}", protocol::position_to_json(pos));
    match pos.winner() {
        Some(w) => say!("winner: {w}"),
        None => say!("winner: none yet"),
    }
    say!(
        "code: {}",
        code::encode(&record).map_err(|e| e.to_string())?
    );
    match error {
        Some(e) => Err(format!("{e}; showing the valid part")),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }
}
