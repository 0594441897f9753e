//! `barricade calibrate`: plays held-out self-play games (master against
//! master by default), samples positions through them and compares each
//! evaluation's win chances with the actual winners: reliability tables in
//! ten bins, expected calibration error, Brier score; optionally an SVG
//! reliability plot (docs/calibration.svg).

use barricade_ai::analysis::Analyst;
use barricade_ai::eval::{Scores, Weights};
use barricade_ai::{Bot, Evaluator, Rng};
use barricade_coach::calibration::{Reliability, ece_interval};
use barricade_coach::tournament::{Entry, wilson};
use barricade_coach::training::{self, PlayedGame, Setup};
use barricade_rules::{BoardId, Colour, Position, Rules, Seats};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;

/// Options of `barricade calibrate`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Games per setup (a board and a number of players).
    #[arg(long, value_name = "N", default_value_t = 50)]
    games: u64,
    /// The numbers of players of the setups (2, 3 or 4), e.g. `2` for
    /// the two-player setups only.
    #[arg(long, value_name = "N,…", value_delimiter = ',', default_values_t = [2, 4])]
    players: Vec<usize>,
    /// The boards of the setups, e.g. `quick` for the quick board only.
    #[arg(long, value_name = "BOARD,…", value_delimiter = ',', default_values_t = [BoardId::Classic, BoardId::Quick])]
    boards: Vec<BoardId>,
    /// Seed of the dice deals (the training uses seed 1 by default).
    #[arg(long, value_name = "S", default_value_t = 1001)]
    seed: u64,
    /// Keep one position in this many decisions.
    #[arg(long, value_name = "N", default_value_t = 7)]
    every: usize,
    /// The players (a `selfplay --levels` name, e.g. master or
    /// master-tuned).
    #[arg(long, value_name = "LEVEL", default_value = "master")]
    player: String,
    /// Also measure the analysis's chances (a short search over the die,
    /// what the chart shows), not only the static evaluations.
    #[arg(long)]
    analysis: bool,
    /// Threads for the games (the result does not depend on them).
    #[arg(long, value_name = "N", default_value_t = 1)]
    threads: usize,
    /// Write a reliability plot as SVG here (e.g. docs/calibration.svg).
    #[arg(long, value_name = "PATH")]
    svg: Option<PathBuf>,
}

/// The held-out setups: those of `boards` and `players`, default rules,
/// each player a team of its own.
fn setups(boards: &[BoardId], players: &[usize]) -> Vec<Setup> {
    use Colour::{Blue, Green, Red, Yellow};
    let two = Seats::new(&[Red, Blue]).unwrap_or_default();
    let three = Seats::new(&[Red, Green, Yellow]).unwrap_or_default();
    let four = Seats::default();
    let mut out = Vec::new();
    for board in [BoardId::Classic, BoardId::Quick] {
        for seats in [two, three, four] {
            if boards.contains(&board) && players.contains(&seats.len()) {
                out.push((board, Rules::default(), seats));
            }
        }
    }
    out
}

fn setup_name(setup: &Setup) -> String {
    format!("{} {} players", setup.0, setup.2.len())
}

/// One way of turning a position into chances.
struct Judge {
    name: &'static str,
    chances: Box<dyn Fn(&Position) -> Scores + Sync>,
}

fn judges(analysis: bool) -> Vec<Judge> {
    let tuned = Evaluator::hand_made(Weights::TUNED);
    let learned = Evaluator::learned();
    let mut out = vec![
        Judge {
            name: "tuned evaluation (before)",
            chances: Box::new(move |p| tuned.scores(p)),
        },
        Judge {
            name: "learned evaluation",
            chances: Box::new(move |p| learned.scores(p)),
        },
    ];
    if analysis {
        let old = Analyst::with_evaluator(Evaluator::hand_made(Weights::TUNED));
        let new = Analyst::new();
        out.push(Judge {
            name: "analysis, tuned (before)",
            chances: Box::new(move |p| old.chances(p)),
        });
        out.push(Judge {
            name: "analysis, learned (the chart)",
            chances: Box::new(move |p| new.chances(p)),
        });
    }
    out
}

/// Adds every team's chance in `pos` and whether it won.
fn add(r: &mut Reliability, pos: &Position, chances: &Scores, game: &PlayedGame) {
    let Some(winner) = game.winner else { return };
    let seats = pos.seats();
    let mut counted = 0u8;
    for &c in seats.colours() {
        let team = seats.team_of(c);
        if counted & team.bits() == 0 {
            counted |= team.bits();
            r.add(f64::from(chances[c.index()]), winner.contains(c));
        }
    }
}

/// Runs `barricade calibrate`.
pub fn run(args: &Args) -> Result<(), String> {
    let start = Instant::now();
    let entry: Entry = args.player.parse().map_err(|e| format!("{e}"))?;
    if let Some(n) = args.players.iter().find(|n| !(2..=4).contains(*n)) {
        return Err(format!("--players: {n}? it takes 2, 3 or 4"));
    }
    let setups = setups(&args.boards, &args.players);
    if setups.is_empty() {
        return Err("no setups: give --players and --boards at least one each".into());
    }
    let n = args.games * setups.len() as u64;
    let judges = judges(args.analysis);
    // Per game: its setup index, the game, and every judge's chances of
    // every kept position.
    let games = training::parallel(n, args.threads, &|g| {
        let setup = setups[(g % setups.len() as u64) as usize];
        let seed = Rng::derive(args.seed, g);
        let game = training::play(setup, seed, args.every, |_| false, &|_, s| {
            entry_bot(&entry, s)
        });
        let chances: Vec<Vec<Scores>> = judges
            .iter()
            .map(|j| game.positions.iter().map(|p| (j.chances)(p)).collect())
            .collect();
        (game, chances)
    });
    say!(
        "{} games of {} ({} per setup), seed {}, every {} decisions, {:.1}s",
        n,
        entry.name(),
        args.games,
        args.seed,
        args.every,
        start.elapsed().as_secs_f64()
    );
    // Per judge, one reliability table per game.
    let per_game: Vec<Vec<Reliability>> = (0..judges.len())
        .map(|j| {
            games
                .iter()
                .map(|(game, chances)| {
                    let mut r = Reliability::default();
                    for (pos, s) in game.positions.iter().zip(&chances[j]) {
                        add(&mut r, pos, s, game);
                    }
                    r
                })
                .collect()
        })
        .collect();
    for (si, setup) in setups.iter().enumerate() {
        say!("\n{}:", setup_name(setup));
        for (j, judge) in judges.iter().enumerate() {
            let mine: Vec<Reliability> = per_game[j]
                .iter()
                .enumerate()
                .filter(|(g, _)| g % setups.len() == si)
                .map(|(_, r)| r.clone())
                .collect();
            let r = summary(judge.name, &mine);
            say!("{}", indent(&r.table()));
        }
    }
    say!("\nall setups:");
    let total: Vec<Reliability> = judges
        .iter()
        .zip(&per_game)
        .map(|(judge, games)| summary(judge.name, games))
        .collect();
    for (j, r) in total.iter().enumerate() {
        say!("\n{}:\n{}", judges[j].name, r.table());
    }
    first_player(&setups, &games, &judges);
    if let Some(path) = &args.svg {
        let svg = plot(
            &judges,
            &total,
            &format!("{} games of {}, seed {}", n, entry.name(), args.seed),
        );
        std::fs::write(path, svg).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        say!("wrote {}", path.display());
    }
    Ok(())
}

/// One line of figures for one judge over `games` (one table each), and
/// their tables together. The ECE's interval resamples the games (1,000
/// times).
fn summary(name: &str, games: &[Reliability]) -> Reliability {
    let r = Reliability::merged(games);
    let (lo, hi) = ece_interval(games, 1_000, 7);
    say!(
        "  {name:<30} ECE {:.4} [{lo:.4}, {hi:.4}]  Brier {:.4}  log loss {:.4}  ({} chances, {} games)",
        r.ece(),
        r.brier(),
        r.log_loss(),
        r.count(),
        games.len()
    );
    r
}

/// `text`'s lines, indented for the per-setup tables.
fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn entry_bot(entry: &Entry, seed: u64) -> Bot {
    let bot = Bot::new(entry.level, seed).with_limits(entry.limits);
    if entry.tuned {
        bot.with_evaluator(Evaluator::hand_made(Weights::TUNED))
    } else {
        bot
    }
}

/// The first player's measured share of the two-player games and every
/// judge's chance for it at the start.
fn first_player(setups: &[Setup], games: &[(PlayedGame, Vec<Vec<Scores>>)], judges: &[Judge]) {
    for (si, setup) in setups.iter().enumerate() {
        if setup.2.len() != 2 {
            continue;
        }
        let first = setup.2.colours()[0];
        let mine = games
            .iter()
            .enumerate()
            .filter(|(g, _)| g % setups.len() == si);
        let (mut won, mut played) = (0u64, 0u64);
        for (_, (game, _)) in mine {
            if let Some(w) = game.winner {
                played += 1;
                won += u64::from(w.contains(first));
            }
        }
        let (lo, hi) = wilson(won, played);
        let start = barricade_rules::Position::new_on(setup.0, setup.1, setup.2);
        let at_start: Vec<String> = judges
            .iter()
            .map(|j| format!("{} {:.3}", j.name, (j.chances)(&start)[first.index()]))
            .collect();
        say!(
            "\n{}: first player won {won} of {played} ({:.1}% [{:.1}, {:.1}]); at the start: {}",
            setup_name(setup),
            100.0 * won as f64 / played.max(1) as f64,
            100.0 * lo,
            100.0 * hi,
            at_start.join(", ")
        );
    }
}

/// A reliability plot: mean chance against frequency per bin, one line
/// per judge, and the diagonal.
fn plot(judges: &[Judge], all: &[Reliability], caption: &str) -> String {
    const COLOURS: [&str; 4] = ["#b0603a", "#2e6fb0", "#c9a227", "#3a8f4e"];
    let (w, h, m) = (480.0, 480.0, 56.0);
    let x = |v: f64| m + v * (w - 2.0 * m);
    let y = |v: f64| h - m - v * (h - 2.0 * m);
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"#fffdf7\"/>\n",
        h + 20.0 * judges.len() as f64
    );
    for i in 0..=10 {
        let v = i as f64 / 10.0;
        let _ = writeln!(
            s,
            "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#ddd\"/>\
             <line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#ddd\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{v:.1}</text>\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{v:.1}</text>",
            x(v),
            y(0.0),
            x(v),
            y(1.0),
            x(0.0),
            y(v),
            x(1.0),
            y(v),
            x(v),
            y(0.0) + 16.0,
            x(0.0) - 6.0,
            y(v) + 4.0
        );
    }
    let _ = writeln!(
        s,
        "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#888\" stroke-dasharray=\"4 4\"/>\n\
         <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">predicted chance (bin mean)</text>\n\
         <text transform=\"translate(16 {:.1}) rotate(-90)\" text-anchor=\"middle\">share of those positions won</text>\n\
         <text x=\"{:.1}\" y=\"20\" text-anchor=\"middle\">{caption}</text>",
        x(0.0),
        y(0.0),
        x(1.0),
        y(1.0),
        w / 2.0,
        h - 14.0,
        h / 2.0,
        w / 2.0
    );
    for (j, (judge, r)) in judges.iter().zip(all).enumerate() {
        let colour = COLOURS[j % COLOURS.len()];
        let points: Vec<String> = r
            .bins
            .iter()
            .filter(|b| b.count > 0)
            .map(|b| format!("{:.1},{:.1}", x(b.mean_predicted()), y(b.frequency())))
            .collect();
        let _ = writeln!(
            s,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\"/>",
            points.join(" ")
        );
        for p in &points {
            let (px, py) = p.split_once(',').unwrap_or(("0", "0"));
            let _ = writeln!(
                s,
                "<circle cx=\"{px}\" cy=\"{py}\" r=\"3\" fill=\"{colour}\"/>"
            );
        }
        let ly = h + 20.0 * j as f64;
        let _ = writeln!(
            s,
            "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{colour}\" stroke-width=\"2\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\">{}: ECE {:.3}, Brier {:.4}</text>",
            x(0.0),
            ly - 4.0,
            x(0.0) + 24.0,
            ly - 4.0,
            x(0.0) + 30.0,
            ly,
            judge.name,
            r.ece(),
            r.brier()
        );
    }
    s.push_str("</svg>\n");
    s
}
