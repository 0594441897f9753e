//! Tournaments between bots: deterministic games for a seed, win rates
//! with 95% confidence intervals, game lengths and time per move.
//!
//! Game `g` of a tournament with `n` seats uses the dice of deal `g / n`
//! and rotates the entries over the seats by `g % n`, so every deal is
//! played once from every seat (seats swapped in 2-player games), which
//! cancels most of the luck of the dice. Games are independent: the
//! command line runs them on several threads with [`play_game`] and
//! combines them with [`Summary::new`] in game order, so the numbers do
//! not depend on the threads (the times do, of course).
//!
//! It reads the clock to report time per move (the bots themselves never
//! do).

use barricade_ai::eval::Weights;
use barricade_ai::{Bot, Level, Limits, Rng};
use barricade_rules::{BoardId, Colour, Game, Rules, Seats};
use core::fmt;
use std::time::Instant;

/// One participant: a level and its search limits (by default the
/// level's own, [`Level::limits`]).
///
/// ```
/// use barricade_ai::Level;
/// use barricade_coach::tournament::Entry;
/// assert_eq!(Entry::from(Level::Hard).name(), "hard");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The level.
    pub level: Level,
    /// Search limits (hard only).
    pub limits: Limits,
    /// Plays with the tuned hand-made weights ([`Weights::TUNED`]) instead
    /// of the level's own evaluation: `master-tuned` is the master before
    /// the learned evaluation.
    pub tuned: bool,
}

impl From<Level> for Entry {
    fn from(level: Level) -> Entry {
        Entry {
            level,
            limits: level.limits(),
            tuned: false,
        }
    }
}

impl core::str::FromStr for Entry {
    type Err = barricade_ai::ParseLevelError;

    /// A level name, or a level name and `-tuned`.
    ///
    /// ```
    /// use barricade_ai::Level;
    /// use barricade_coach::tournament::Entry;
    /// let e: Entry = "master-tuned".parse().unwrap();
    /// assert!(e.tuned && e.level == Level::Master);
    /// assert_eq!(e.name(), "master-tuned");
    /// assert!("master-x".parse::<Entry>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Entry, barricade_ai::ParseLevelError> {
        let (name, tuned) = match s.strip_suffix("-tuned") {
            Some(name) => (name, true),
            None => (s, false),
        };
        let level: Level = name
            .parse()
            .map_err(|_| barricade_ai::ParseLevelError { text: s.into() })?;
        let entry = Entry {
            tuned,
            ..Entry::from(level)
        };
        Ok(Entry {
            limits: entry.own_limits(),
            ..entry
        })
    }
}

impl Entry {
    /// The level's name, with the node budget when it is not the level's
    /// own.
    ///
    /// ```
    /// use barricade_ai::{Level, Limits};
    /// use barricade_coach::tournament::Entry;
    /// let e = Entry { level: Level::Hard, limits: Limits { nodes: 99, ..Limits::HARD }, tuned: false };
    /// assert_eq!(e.name(), "hard(nodes=99)");
    /// assert_eq!(Entry::from(Level::Master).name(), "master");
    /// ```
    pub fn name(&self) -> String {
        let searches = matches!(self.level, Level::Hard | Level::Master);
        let name = if self.tuned {
            format!("{}-tuned", self.level)
        } else {
            self.level.name().to_string()
        };
        if searches && self.limits != self.own_limits() {
            format!("{name}(nodes={})", self.limits.nodes)
        } else {
            name
        }
    }

    /// The limits the entry plays with by default: the level's own, and
    /// for `master-tuned` the master's before ([`Limits::MASTER_BEFORE`]).
    ///
    /// ```
    /// use barricade_ai::Limits;
    /// use barricade_coach::tournament::Entry;
    /// let e: Entry = "master-tuned".parse().unwrap();
    /// assert_eq!(e.limits, Limits::MASTER_BEFORE);
    /// ```
    pub fn own_limits(&self) -> Limits {
        match self.level {
            Level::Master if self.tuned => Limits::MASTER_BEFORE,
            level => level.limits(),
        }
    }

    fn bot(&self, seed: u64) -> Bot {
        let bot = Bot::new(self.level, seed).with_limits(self.limits);
        if self.tuned {
            bot.with_evaluator(barricade_ai::Evaluator::hand_made(Weights::TUNED))
        } else {
            bot
        }
    }
}

/// A tournament: board, rules, seats (colours and teams, in order), one
/// entry per seat, the number of games and the seed.
///
/// ```
/// use barricade_ai::Level;
/// use barricade_coach::tournament::Config;
/// use barricade_rules::{Colour, Rules, Seats};
/// let seats = Seats::new(&[Colour::Red, Colour::Blue]).unwrap();
/// let cfg = Config::new(Rules::default(), seats, &[Level::Medium, Level::Easy], 4, 1);
/// let summary = barricade_coach::tournament::run(&cfg);
/// assert_eq!(summary.games, 4);
/// ```
#[derive(Clone, Debug)]
pub struct Config {
    /// The board (classic unless set).
    pub board: BoardId,
    /// The rules.
    pub rules: Rules,
    /// The seats: colours in order and teams.
    pub seats: Seats,
    /// One entry per seat (before rotation).
    pub entries: Vec<Entry>,
    /// Number of games.
    pub games: u64,
    /// The tournament seed: dice and bot seeds derive from it.
    pub seed: u64,
    /// A game still running after this many decisions is a draw.
    pub max_decisions: usize,
}

impl Config {
    /// A tournament of `levels` (one per seat, default limits).
    pub fn new(rules: Rules, seats: Seats, levels: &[Level], games: u64, seed: u64) -> Config {
        Config {
            board: BoardId::Classic,
            rules,
            seats,
            entries: levels.iter().map(|&l| Entry::from(l)).collect(),
            games,
            seed,
            max_decisions: 5_000,
        }
    }

    fn seats_len(&self) -> usize {
        self.seats.len().min(self.entries.len()).max(1)
    }
}

/// The outcome of one game.
#[derive(Clone, Debug, Default)]
pub struct GameResult {
    /// The game number.
    pub index: u64,
    /// The entries (by index in [`Config::entries`]) on the winning team;
    /// empty for a draw (the game hit [`Config::max_decisions`]).
    pub winners: Vec<usize>,
    /// Decisions played (pawn moves, passes, placements, choices).
    pub decisions: usize,
    /// Pawn moves and passes only (one per turn and roll).
    pub turns: usize,
    /// Microseconds per decision, per entry.
    pub micros: Vec<Vec<u32>>,
}

/// Plays game `index` of `cfg`.
///
/// ```
/// use barricade_ai::Level;
/// use barricade_coach::tournament::{play_game, Config};
/// use barricade_rules::{Rules, Seats};
/// let cfg = Config::new(Rules::default(), Seats::default(), &[Level::Easy; 4], 1, 3);
/// let a = play_game(&cfg, 0);
/// let b = play_game(&cfg, 0);
/// assert_eq!((a.winners, a.decisions), (b.winners, b.decisions));
/// ```
pub fn play_game(cfg: &Config, index: u64) -> GameResult {
    let n = cfg.seats_len();
    let deal = index / n as u64;
    let rotation = (index % n as u64) as usize;
    let dice_seed = Rng::derive(cfg.seed, deal);
    // The entry playing each colour, and its bot.
    let mut entry_of = [usize::MAX; 4];
    let mut bots: Vec<Option<Bot>> = vec![None; 4];
    for (seat, &c) in cfg.seats.colours().iter().enumerate().take(n) {
        let e = (seat + rotation) % n;
        entry_of[c.index()] = e;
        let bot_seed = Rng::derive(dice_seed ^ 0x5eed, (seat as u64) << 32 | e as u64);
        bots[c.index()] = Some(cfg.entries[e].bot(bot_seed));
    }
    let mut result = GameResult {
        index,
        micros: vec![Vec::new(); cfg.entries.len()],
        ..GameResult::default()
    };
    let mut game = Game::new_on(cfg.board, cfg.rules, cfg.seats, dice_seed);
    while game.position().winner().is_none() && result.decisions < cfg.max_decisions {
        game.roll_if_due();
        let pos = *game.position();
        let colour = pos.turn();
        let Some(bot) = bots[colour.index()].as_mut() else {
            break;
        };
        let start = Instant::now();
        let mv = bot.choose(&pos);
        let took = start.elapsed().as_micros().min(u128::from(u32::MAX)) as u32;
        let Some(mv) = mv else { break };
        if game.play(mv).is_err() {
            break;
        }
        if let Some(times) = result.micros.get_mut(entry_of[colour.index()]) {
            times.push(took);
        }
        result.decisions += 1;
        if matches!(pos.phase(), barricade_rules::Phase::Move(_)) {
            result.turns += 1;
        }
    }
    if let Some(team) = game.position().winner() {
        result.winners = team
            .iter()
            .map(|c: Colour| entry_of[c.index()])
            .filter(|&e| e < cfg.entries.len())
            .collect();
    }
    result
}

/// Plays every game of `cfg` on this thread and sums them up.
pub fn run(cfg: &Config) -> Summary {
    let results: Vec<GameResult> = (0..cfg.games).map(|i| play_game(cfg, i)).collect();
    Summary::new(cfg, &results)
}

/// Statistics of one entry.
#[derive(Clone, Debug, PartialEq)]
pub struct EntryStats {
    /// Its name.
    pub name: String,
    /// Games won (its team won).
    pub wins: u64,
    /// Win rate.
    pub rate: f64,
    /// 95% Wilson confidence interval of the win rate.
    pub ci: (f64, f64),
    /// Decisions it made.
    pub decisions: u64,
    /// Median, mean and worst time per decision, in milliseconds.
    pub median_ms: f64,
    /// Mean time per decision, in milliseconds.
    pub mean_ms: f64,
    /// Worst time for one decision, in milliseconds.
    pub max_ms: f64,
}

/// Everything a tournament measured.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Games played.
    pub games: u64,
    /// Games that hit the decision limit.
    pub draws: u64,
    /// Average decisions per game.
    pub avg_decisions: f64,
    /// Average turns (pawn moves and passes) per game.
    pub avg_turns: f64,
    /// Per entry, in [`Config::entries`] order.
    pub entries: Vec<EntryStats>,
}

/// The 95% Wilson score interval for `wins` out of `n`.
///
/// ```
/// let (lo, hi) = barricade_coach::tournament::wilson(50, 100);
/// assert!(lo < 0.5 && hi > 0.5 && (hi - lo) < 0.2);
/// ```
pub fn wilson(wins: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.96f64;
    let n = n as f64;
    let p = wins as f64 / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z / denom * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

impl Summary {
    /// Sums up `results` (in any order) of `cfg`.
    pub fn new(cfg: &Config, results: &[GameResult]) -> Summary {
        let games = results.len() as u64;
        let mut wins = vec![0u64; cfg.entries.len()];
        let mut times: Vec<Vec<u32>> = vec![Vec::new(); cfg.entries.len()];
        let mut draws = 0;
        let (mut decisions, mut turns) = (0usize, 0usize);
        for r in results {
            if r.winners.is_empty() {
                draws += 1;
            }
            for &w in &r.winners {
                if let Some(x) = wins.get_mut(w) {
                    *x += 1;
                }
            }
            for (t, m) in times.iter_mut().zip(&r.micros) {
                t.extend_from_slice(m);
            }
            decisions += r.decisions;
            turns += r.turns;
        }
        let per_game = |x: usize| {
            if games == 0 {
                0.0
            } else {
                x as f64 / games as f64
            }
        };
        let entries = cfg
            .entries
            .iter()
            .zip(wins.iter().zip(times.iter_mut()))
            .map(|(e, (&w, t))| {
                t.sort_unstable();
                let ms = |us: u32| f64::from(us) / 1000.0;
                let sum: u64 = t.iter().map(|&x| u64::from(x)).sum();
                EntryStats {
                    name: e.name(),
                    wins: w,
                    rate: if games == 0 {
                        0.0
                    } else {
                        w as f64 / games as f64
                    },
                    ci: wilson(w, games),
                    decisions: t.len() as u64,
                    median_ms: t.get(t.len() / 2).map_or(0.0, |&x| ms(x)),
                    mean_ms: if t.is_empty() {
                        0.0
                    } else {
                        sum as f64 / t.len() as f64 / 1000.0
                    },
                    max_ms: t.last().map_or(0.0, |&x| ms(x)),
                }
            })
            .collect();
        Summary {
            games,
            draws,
            avg_decisions: per_game(decisions),
            avg_turns: per_game(turns),
            entries,
        }
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "games {}  draws {}  avg turns/game {:.1}  avg decisions/game {:.1}",
            self.games, self.draws, self.avg_turns, self.avg_decisions
        )?;
        writeln!(
            f,
            "{:<4} {:<18} {:>6} {:>7}  {:<17} {:>9} {:>9} {:>9}",
            "#", "entry", "wins", "rate", "95% CI", "median ms", "mean ms", "max ms"
        )?;
        for (i, e) in self.entries.iter().enumerate() {
            writeln!(
                f,
                "{:<4} {:<18} {:>6} {:>6.1}%  [{:>5.1}%, {:>5.1}%] {:>9.3} {:>9.3} {:>9.3}",
                i,
                e.name,
                e.wins,
                100.0 * e.rate,
                100.0 * e.ci.0,
                100.0 * e.ci.1,
                e.median_ms,
                e.mean_ms,
                e.max_ms
            )?;
        }
        Ok(())
    }
}
