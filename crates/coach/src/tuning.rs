//! Tuning the evaluation weights by self-play, behind `barricade tune`.
//!
//! Two steps, because the weights do two jobs:
//!
//! 1. **Playing strength** ([`fit_by_play`]): the weights that decide
//!    moves (barricade cost, backup power, tempo, threat, held
//!    barricades) are tuned by coordinate descent on match results: a
//!    one-move bot with the candidate weights plays the medium bot (the
//!    reference weights) on the same dice deals, seats rotated, in four
//!    setups ([`play_setups`]: 2 players, 2 players french, 4 players, two
//!    colours each). A step is kept when it raises the mean score over
//!    the setups by at least [`PlayOptions::min_gain`]. Fitting those
//!    weights to outcomes instead (Texel) predicts results better but
//!    plays worse; see docs/ai.md.
//! 2. **Calibration** ([`fit`] over the temperature only): the softmax
//!    temperature that turns expected turns into win chances is fitted to
//!    game outcomes, the mean negative log-likelihood `-ln p(winner)`
//!    ([`loss`]) of positions [`collect`]ed from self-play games. This is
//!    Texel tuning: the win chances the analysis shows, and that the
//!    search averages over the die, are then honest probabilities.
//!
//! Everything depends only on the options: rerunning the command gives the
//! same weights, which [`tuned_source`] writes as the Rust source of
//! `crates/ai/src/tuned.rs`.

use barricade_ai::Evaluator;
use barricade_ai::eval::{HandMade, Weights};
use barricade_ai::{Bot, Level, Rng};
use barricade_rules::{Colour, Game, Position, Rules, Seats, Team};

/// Where the play tuning starts: the hand-set weights with the
/// held-barricade term at its hand-set value (1.5 turns).
///
/// ```
/// use barricade_ai::eval::Weights;
/// use barricade_coach::tuning::START;
/// assert_eq!(Weights { held: 0.0, ..START }, Weights::HAND);
/// ```
pub const START: Weights = Weights {
    held: 1.5,
    ..Weights::HAND
};

/// What to collect.
///
/// ```
/// use barricade_coach::tuning::DataOptions;
/// assert!(DataOptions::default().games > 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DataOptions {
    /// Games to play (spread evenly over [`setups`]).
    pub games: u64,
    /// Seed of the first game's dice; the rest derive from it.
    pub seed: u64,
    /// Keep one position in this many decisions.
    pub every: usize,
}

impl Default for DataOptions {
    fn default() -> DataOptions {
        DataOptions {
            games: 2_800,
            seed: 1,
            every: 6,
        }
    }
}

/// A position and the team that went on to win its game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The position (any phase).
    pub position: Position,
    /// The winning team.
    pub winner: Team,
}

/// The rule sets and seatings the data covers, one game each in turn.
///
/// ```
/// assert_eq!(barricade_coach::tuning::setups().len(), 7);
/// ```
pub fn setups() -> Vec<(Rules, Seats)> {
    use Colour::*;
    let french = Rules {
        french: true,
        ..Rules::default()
    };
    let two = Seats::new(&[Red, Blue]).unwrap_or_default();
    let three = Seats::new(&[Red, Green, Yellow]).unwrap_or_default();
    let four = Seats::default();
    let teams = Seats::two_colours_each();
    vec![
        (Rules::default(), two),
        (Rules::default(), three),
        (Rules::default(), four),
        (Rules::default(), teams),
        (french, two),
        (french, four),
        (french, teams),
    ]
}

/// Plays the games of `options` (medium bots on every seat) and keeps
/// every `options.every`-th position with its winner. Games without a
/// winner after 5,000 decisions are dropped.
///
/// ```
/// use barricade_coach::tuning::{collect, DataOptions};
/// let data = collect(&DataOptions { games: 2, seed: 1, every: 10 });
/// assert!(data.len() > 10);
/// assert!(data.iter().all(|s| s.position.winner().is_none()));
/// ```
pub fn collect(options: &DataOptions) -> Vec<Sample> {
    let setups = setups();
    let mut out = Vec::new();
    for g in 0..options.games {
        let (rules, seats) = setups[(g % setups.len() as u64) as usize];
        let seed = Rng::derive(options.seed, g);
        let mut bot = Bot::new(Level::Medium, seed);
        let mut game = Game::new(rules, seats, seed);
        let mut kept = Vec::new();
        let mut decisions = 0;
        while game.position().winner().is_none() && decisions < 5_000 {
            game.roll_if_due();
            let pos = *game.position();
            if decisions % options.every.max(1) == 0 {
                kept.push(pos);
            }
            let Some(mv) = bot.choose(&pos) else { break };
            if game.play(mv).is_err() {
                break;
            }
            decisions += 1;
        }
        if let Some(winner) = game.position().winner() {
            out.extend(kept.into_iter().map(|position| Sample { position, winner }));
        }
    }
    out
}

/// Mean `-ln p(winner)` of `samples` under `weights` (lower is better).
///
/// ```
/// use barricade_ai::eval::Weights;
/// use barricade_coach::tuning::{collect, loss, DataOptions};
/// let data = collect(&DataOptions { games: 2, seed: 1, every: 10 });
/// let l = loss(&data, &Weights::HAND);
/// assert!(l > 0.0 && l < 2.0);
/// ```
pub fn loss(samples: &[Sample], weights: &Weights) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let ev = HandMade::new(*weights);
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = s
                .winner
                .iter()
                .next()
                .map_or(0.0, |c| ev.scores(&s.position)[c.index()]);
            -f64::from(p.max(1e-6)).ln()
        })
        .sum();
    total / samples.len() as f64
}

/// One tunable weight: its name, its step and its range.
struct Knob {
    name: &'static str,
    step: f32,
    min: f32,
    max: f32,
    get: fn(&Weights) -> f32,
    set: fn(&mut Weights, f32),
}

/// The knob of the softmax temperature (index in [`KNOBS`]).
const TEMPERATURE: usize = 1;

const KNOBS: [Knob; 6] = [
    Knob {
        name: "barricade_steps",
        step: 2.0,
        min: 0.0,
        max: 30.0,
        get: |w| f32::from(w.barricade_steps),
        set: |w, v| w.barricade_steps = v.round() as u16,
    },
    Knob {
        name: "temperature",
        step: 0.5,
        min: 0.25,
        max: 10.0,
        get: |w| w.temperature,
        set: |w, v| w.temperature = v,
    },
    Knob {
        name: "backup_power",
        step: 0.5,
        min: 0.5,
        max: 8.0,
        get: |w| w.backup_power,
        set: |w, v| w.backup_power = v,
    },
    Knob {
        name: "tempo",
        step: 0.5,
        min: 0.0,
        max: 4.0,
        get: |w| w.tempo,
        set: |w, v| w.tempo = v,
    },
    Knob {
        name: "threat",
        step: 0.5,
        min: 0.0,
        max: 4.0,
        get: |w| w.threat,
        set: |w, v| w.threat = v,
    },
    Knob {
        name: "held",
        step: 0.5,
        min: 0.0,
        max: 6.0,
        get: |w| w.held,
        set: |w, v| w.held = v,
    },
];

/// The result of [`fit`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    /// The fitted weights.
    pub weights: Weights,
    /// The loss of the starting weights.
    pub start_loss: f64,
    /// The loss of the fitted weights.
    pub loss: f64,
    /// Loss evaluations made.
    pub evaluations: u32,
}

/// Texel calibration: coordinate descent on [`loss`] from `start` over
/// the temperature only (the other weights are kept); the step halves
/// when neither direction helps, `passes` times. `report` sees every
/// improvement.
///
/// ```
/// use barricade_ai::eval::Weights;
/// use barricade_coach::tuning::{collect, fit, DataOptions};
/// let data = collect(&DataOptions { games: 3, seed: 1, every: 10 });
/// let f = fit(&data, Weights::HAND, 1, |_, _| {});
/// assert!(f.loss <= f.start_loss);
/// assert_eq!(f.weights.barricade_steps, Weights::HAND.barricade_steps);
/// ```
pub fn fit(
    samples: &[Sample],
    start: Weights,
    passes: u32,
    mut report: impl FnMut(&Weights, f64),
) -> Fit {
    let mut best = start;
    let start_loss = loss(samples, &best);
    let mut best_loss = start_loss;
    let mut evaluations = 1;
    let mut scale = 1.0f32;
    for _ in 0..passes {
        loop {
            let mut improved = false;
            for k in &KNOBS[TEMPERATURE..=TEMPERATURE] {
                let step = k.step * scale;
                if k.name == "barricade_steps" && step < 1.0 {
                    continue;
                }
                for dir in [1.0f32, -1.0] {
                    let v = ((k.get)(&best) + dir * step).clamp(k.min, k.max);
                    if v == (k.get)(&best) {
                        continue;
                    }
                    let mut w = best;
                    (k.set)(&mut w, v);
                    let l = loss(samples, &w);
                    evaluations += 1;
                    if l < best_loss - 1e-7 {
                        best = w;
                        best_loss = l;
                        improved = true;
                        report(&best, best_loss);
                        break;
                    }
                }
            }
            if !improved {
                break;
            }
        }
        scale /= 2.0;
    }
    Fit {
        weights: best,
        start_loss,
        loss: best_loss,
        evaluations,
    }
}

/// Options of [`fit_by_play`].
///
/// ```
/// use barricade_coach::tuning::PlayOptions;
/// assert!(PlayOptions::default().games > 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayOptions {
    /// Games per setup and candidate.
    pub games: u64,
    /// Seed of the dice deals (the same deals for every candidate).
    pub seed: u64,
    /// Halvings of the steps.
    pub passes: u32,
    /// Smallest gain of the mean score that counts as better.
    pub min_gain: f64,
    /// Stop after this many kept steps (0: no limit).
    pub max_steps: u32,
    /// Threads to play on (the result does not depend on them).
    pub threads: usize,
}

impl Default for PlayOptions {
    fn default() -> PlayOptions {
        PlayOptions {
            games: 300,
            seed: 1,
            passes: 1,
            min_gain: 0.005,
            max_steps: 0,
            threads: 1,
        }
    }
}

/// The setups of the play tuning: 2 players, 2 players french, 4 players
/// (the candidate on one seat), two colours each (the candidate plays one
/// team).
///
/// ```
/// assert_eq!(barricade_coach::tuning::play_setups().len(), 4);
/// ```
pub fn play_setups() -> Vec<(Rules, Seats)> {
    use Colour::*;
    let two = Seats::new(&[Red, Blue]).unwrap_or_default();
    let french = Rules {
        french: true,
        ..Rules::default()
    };
    vec![
        (Rules::default(), two),
        (french, two),
        (Rules::default(), Seats::default()),
        (Rules::default(), Seats::two_colours_each()),
    ]
}

/// One game of the play tuning: `candidate` (one-move bot) plays the team
/// of the seat `game % seats` against `reference` bots, dice of deal
/// `game / seats`. Whether the candidate's team won.
fn play_one(
    rules: Rules,
    seats: Seats,
    candidate: &Evaluator,
    reference: &Evaluator,
    seed: u64,
    game: u64,
) -> bool {
    let n = seats.len().max(1) as u64;
    let dice = Rng::derive(seed, game / n);
    let Some(&lead) = seats.colours().get((game % n) as usize) else {
        return false;
    };
    let mine = seats.team_of(lead);
    let mut g = Game::new(rules, seats, dice);
    let mut decisions = 0;
    while g.position().winner().is_none() && decisions < 5_000 {
        g.roll_if_due();
        let pos = *g.position();
        let ev = if mine.contains(pos.turn()) {
            candidate
        } else {
            reference
        };
        let Some(mv) = barricade_ai::heuristic::choose(&pos, ev) else {
            break;
        };
        if g.play(mv).is_err() {
            break;
        }
        decisions += 1;
    }
    g.position().winner().is_some_and(|w| w.contains(lead))
}

/// The candidate's mean score over [`play_setups`]: per setup its win
/// rate minus the rate of an equal player (1/2, or 1/4 in the 4-player
/// game), averaged. 0 means as good as the reference.
///
/// ```
/// use barricade_ai::eval::Weights;
/// use barricade_coach::tuning::{play_score, PlayOptions};
/// let o = PlayOptions { games: 4, ..PlayOptions::default() };
/// let s = play_score(&Weights::HAND, &Weights::HAND, &o);
/// assert!(s.abs() <= 0.5);
/// ```
pub fn play_score(candidate: &Weights, reference: &Weights, options: &PlayOptions) -> f64 {
    let cand = Evaluator::hand_made(*candidate);
    let refe = Evaluator::hand_made(*reference);
    let setups = play_setups();
    let jobs: Vec<(usize, u64)> = (0..setups.len())
        .flat_map(|s| (0..options.games).map(move |g| (s, g)))
        .collect();
    let threads = options.threads.max(1);
    let wins_per_setup = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (jobs, setups, cand, refe) = (&jobs, &setups, &cand, &refe);
                scope.spawn(move || {
                    let mut wins = vec![0u64; setups.len()];
                    for &(s, g) in jobs.iter().skip(t).step_by(threads) {
                        let (rules, seats) = setups[s];
                        if play_one(rules, seats, cand, refe, options.seed, g) {
                            wins[s] += 1;
                        }
                    }
                    wins
                })
            })
            .collect();
        let mut total = vec![0u64; setups.len()];
        for h in handles {
            // A panicking game thread counts as no wins.
            for (t, w) in total.iter_mut().zip(h.join().unwrap_or_default()) {
                *t += w;
            }
        }
        total
    });
    let games = options.games.max(1) as f64;
    let score: f64 = setups
        .iter()
        .zip(&wins_per_setup)
        .map(|((_, seats), &w)| w as f64 / games - 1.0 / seats.teams().len().max(1) as f64)
        .sum();
    score / setups.len() as f64
}

/// Coordinate descent on [`play_score`] against `reference`, starting
/// from `start`: every weight but the temperature is tried a step up and
/// down; the better side is kept when it gains at least
/// [`PlayOptions::min_gain`]; the steps halve when a pass keeps nothing;
/// the search stops after [`PlayOptions::max_steps`] kept steps.
/// `report` sees every kept step with its score. Returns the weights and
/// their score.
///
/// ```
/// use barricade_ai::eval::Weights;
/// use barricade_coach::tuning::{fit_by_play, PlayOptions};
/// let o = PlayOptions { games: 2, passes: 1, min_gain: 0.9, ..PlayOptions::default() };
/// let (w, _) = fit_by_play(Weights::HAND, &Weights::HAND, &o, |_, _| {});
/// assert_eq!(w, Weights::HAND); // nothing gains 0.9
/// ```
pub fn fit_by_play(
    start: Weights,
    reference: &Weights,
    options: &PlayOptions,
    mut report: impl FnMut(&Weights, f64),
) -> (Weights, f64) {
    let mut best = start;
    let mut best_score = play_score(&best, reference, options);
    report(&best, best_score);
    let mut scale = 1.0f32;
    let mut steps = 0;
    let out_of_steps = |steps: u32| options.max_steps > 0 && steps >= options.max_steps;
    for _ in 0..options.passes.max(1) {
        loop {
            let mut improved = false;
            for (i, k) in KNOBS.iter().enumerate() {
                let step = k.step * scale;
                if i == TEMPERATURE
                    || (k.name == "barricade_steps" && step < 1.0)
                    || out_of_steps(steps)
                {
                    continue;
                }
                let mut side: Option<(Weights, f64)> = None;
                for dir in [1.0f32, -1.0] {
                    let v = ((k.get)(&best) + dir * step).clamp(k.min, k.max);
                    if v == (k.get)(&best) {
                        continue;
                    }
                    let mut w = best;
                    (k.set)(&mut w, v);
                    let s = play_score(&w, reference, options);
                    if side.is_none_or(|(_, b)| s > b) {
                        side = Some((w, s));
                    }
                }
                if let Some((w, s)) = side
                    && s >= best_score + options.min_gain
                {
                    best = w;
                    best_score = s;
                    improved = true;
                    steps += 1;
                    report(&best, best_score);
                }
            }
            if !improved {
                break;
            }
        }
        scale /= 2.0;
    }
    (best, best_score)
}

/// The weights as text, `name=value` pairs.
///
/// ```
/// let text = barricade_coach::tuning::describe(&barricade_ai::eval::Weights::HAND);
/// assert!(text.starts_with("barricade_steps=6 "));
/// ```
pub fn describe(w: &Weights) -> String {
    KNOBS
        .iter()
        .map(|k| format!("{}={}", k.name, (k.get)(w)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The Rust source of `crates/ai/src/tuned.rs` for the calibrated `fit`,
/// with the command that produced it and the play score.
///
/// ```
/// use barricade_ai::eval::Weights;
/// use barricade_coach::tuning::{tuned_source, Fit};
/// let fit = Fit { weights: Weights::HAND, start_loss: 1.0, loss: 0.9, evaluations: 3 };
/// let src = tuned_source(&fit, 0.05, "barricade tune", 100);
/// assert!(src.contains("pub const TUNED: Weights"));
/// ```
pub fn tuned_source(fit: &Fit, play_score: f64, command: &str, samples: usize) -> String {
    let w = &fit.weights;
    format!(
        "//! Weights fitted by `barricade tune` (written by that command; do not\n\
         //! edit by hand). See docs/ai.md, \"Tuning\".\n\
         //!\n\
         //! Command: `{command}`\n\
         //! Play score against the medium weights: {play_score:+.4} (mean win rate\n\
         //! above an equal player's over the four tuning setups).\n\
         //! Calibration samples: {samples}; loss (mean -ln p(winner)) {:.5} -> {:.5}.\n\
         \n\
         use crate::eval::Weights;\n\
         \n\
         /// The master bot's evaluation weights.\n\
         pub const TUNED: Weights = Weights {{\n    \
         barricade_steps: {},\n    \
         temperature: {:?},\n    \
         backup_power: {:?},\n    \
         tempo: {:?},\n    \
         threat: {:?},\n    \
         held: {:?},\n\
         }};\n",
        fit.start_loss,
        fit.loss,
        w.barricade_steps,
        w.temperature,
        w.backup_power,
        w.tempo,
        w.threat,
        w.held
    )
}
