//! Training the learned evaluation ([`crate::learned`]), behind
//! `barricade train`: self-play games give positions and their winners,
//! and a conditional logit model is fitted to them by Newton's method.
//!
//! Everything depends only on the options (the threads only change the
//! wall time): the same command gives the same weights. Native only.

use crate::eval::{Evaluator, Weights};
use crate::learned::{self, FEATURES, Features, Model, SETS};
use crate::{Bot, Level, Rng};
use barricade_rules::{BoardId, Colour, Game, Position, Rules, Seats, Team};

/// A board, a rule set and a seating.
pub type Setup = (BoardId, Rules, Seats);

/// The setups the training games cover, one game each in turn: both
/// boards, two to four players, teams, and every rule set. The default
/// two-player game comes [`TWO_PLAYER_SHARE`] times per board, so that
/// its weights rest on several times the games of the rarer setups (the
/// positions of a game share its winner: the games, not the positions,
/// are what the fit learns from).
///
/// ```
/// use barricade_ai::training::{setups, TWO_PLAYER_SHARE};
/// assert_eq!(setups().len(), 2 * (7 + TWO_PLAYER_SHARE));
/// ```
pub fn setups() -> Vec<Setup> {
    use Colour::*;
    let preset = |name| Rules::preset(name).unwrap_or_default();
    let two = Seats::new(&[Red, Blue]).unwrap_or_default();
    let three = Seats::new(&[Red, Green, Yellow]).unwrap_or_default();
    let four = Seats::default();
    let teams = Seats::two_colours_each();
    let mut out = Vec::new();
    for board in [BoardId::Classic, BoardId::Quick] {
        for (rules, seats, share) in [
            (Rules::default(), two, TWO_PLAYER_SHARE),
            (Rules::default(), three, 1),
            (Rules::default(), four, 1),
            (Rules::default(), teams, 1),
            (preset("french"), two, 1),
            (preset("french"), four, 1),
            (preset("free-pass"), two, 1),
            (preset("start-roll"), four, 1),
        ] {
            out.extend(std::iter::repeat_n((board, rules, seats), share));
        }
    }
    out
}

/// How many times the default two-player game comes in [`setups`] per
/// board.
pub const TWO_PLAYER_SHARE: usize = 6;

/// The setups of the games added for three or four teams
/// ([`Options::multi_team_games`]), one game each in turn: per board,
/// three players, and four players in the default, french and
/// start-roll rules.
///
/// ```
/// assert_eq!(barricade_ai::training::multi_team_setups().len(), 8);
/// ```
pub fn multi_team_setups() -> Vec<Setup> {
    use Colour::*;
    let preset = |name| Rules::preset(name).unwrap_or_default();
    let three = Seats::new(&[Red, Green, Yellow]).unwrap_or_default();
    let four = Seats::default();
    let mut out = Vec::new();
    for board in [BoardId::Classic, BoardId::Quick] {
        out.extend([
            (board, Rules::default(), three),
            (board, Rules::default(), four),
            (board, preset("french"), four),
            (board, preset("start-roll"), four),
        ]);
    }
    out
}

/// The setups of the default two-player games added last
/// ([`Options::two_player_games`]): the classic board and the quick one
/// in turn. They give the two-team sets more games where they matter
/// most (the classic opening terms of [`learned::features`] rest on
/// them).
///
/// ```
/// assert_eq!(barricade_ai::training::two_player_setups().len(), 2);
/// ```
pub fn two_player_setups() -> Vec<Setup> {
    let two = Seats::new(&[Colour::Red, Colour::Blue]).unwrap_or_default();
    [BoardId::Classic, BoardId::Quick]
        .map(|board| (board, Rules::default(), two))
        .to_vec()
}

/// A game's sampled positions and its winner.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// The positions kept (after a ply, before the next roll).
    pub positions: Vec<Position>,
    /// The winning team (`None`: no winner within the decision limit).
    pub winner: Option<Team>,
    /// The seating order of the game.
    pub seats: Seats,
}

/// Plays one game of `setup` with dice from `seed`, every seat a bot
/// made by `bot(seat, seed)`, and keeps the start and every `every`-th
/// position after it (the first one at a seed-chosen offset), and every
/// position for which `also` says so. Games are stopped after 5,000
/// decisions.
pub fn play(
    setup: Setup,
    seed: u64,
    every: usize,
    also: fn(&Position) -> bool,
    bot: &dyn Fn(usize, u64) -> Bot,
) -> PlayedGame {
    let (board, rules, seats) = setup;
    let mut game = Game::new_on(board, rules, seats, seed);
    let mut bots: Vec<Bot> = (0..seats.len())
        .map(|s| bot(s, Rng::derive(seed ^ 0x5eed, s as u64)))
        .collect();
    let every = every.max(1);
    let offset = (Rng::derive(seed, 77) % every as u64) as usize;
    let mut positions = vec![*game.position()];
    let mut decisions = 0;
    while game.position().winner().is_none() && decisions < 5_000 {
        game.roll_if_due();
        let pos = *game.position();
        let seat = pos.turn_seat().min(bots.len() - 1);
        let Some(mv) = bots[seat].choose(&pos) else {
            break;
        };
        if game.play(mv).is_err() {
            break;
        }
        decisions += 1;
        let kept = decisions % every == offset || also(game.position());
        if kept && game.position().winner().is_none() {
            positions.push(*game.position());
        }
    }
    PlayedGame {
        positions,
        winner: game.position().winner(),
        seats,
    }
}

/// Runs `f(0..n)` on `threads` threads; the results come in index order.
/// Each thread takes the next index when it is free, so a thread that
/// drew long games does not leave the others idle at the end.
///
/// ```
/// use barricade_ai::training::parallel;
/// assert_eq!(parallel(5, 2, &|i| i * i), [0, 1, 4, 9, 16]);
/// ```
pub fn parallel<T: Send>(n: u64, threads: usize, f: &(dyn Fn(u64) -> T + Sync)) -> Vec<T> {
    use std::sync::atomic::{AtomicU64, Ordering};
    let next = AtomicU64::new(0);
    let mut all: Vec<(u64, T)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut out = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= n {
                            return out;
                        }
                        out.push((i, f(i)));
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    });
    all.sort_by_key(|(i, _)| *i);
    all.into_iter().map(|(_, v)| v).collect()
}

/// A training position: its weight set, its teams' features (in team
/// order, see [`learned::team_leads`]) and the winning team's index.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The weight set ([`learned::set_index`]).
    pub set: usize,
    /// Number of teams.
    pub teams: usize,
    /// Features per team.
    pub features: [Features; 4],
    /// Index of the winning team.
    pub winner: usize,
    /// Each team's chance by the tuned hand-made evaluation
    /// ([`Weights::TUNED`], the master's before), to compare.
    pub tuned: [f32; 4],
}

/// The sample of `pos` in a game won by `winner` (`None` when the
/// winner is not seated, which cannot happen in a real game).
pub fn sample(pos: &Position, winner: Team) -> Option<Sample> {
    let ev = Evaluator::new(learned::INGREDIENTS);
    let all = learned::features(&ev, pos, &ev.field(pos));
    let (leads, teams) = learned::team_leads(pos);
    let old = Evaluator::new(Weights::TUNED).scores(pos);
    let mut features = [[0.0; FEATURES]; 4];
    let mut tuned = [0.0; 4];
    let mut won = None;
    for (i, lead) in leads[..teams].iter().enumerate() {
        features[i] = all[lead.index()];
        tuned[i] = old[lead.index()];
        if winner.contains(*lead) {
            won = Some(i);
        }
    }
    Some(Sample {
        set: learned::set_index(pos.board().id(), teams),
        teams,
        features,
        winner: won?,
        tuned,
    })
}

/// What `barricade train` does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    /// Self-play games (spread evenly over [`setups`]).
    pub games: u64,
    /// Games of three or four teams played after those (spread evenly
    /// over [`multi_team_setups`]).
    pub multi_team_games: u64,
    /// Default two-player games played after those (spread evenly over
    /// [`two_player_setups`]).
    pub two_player_games: u64,
    /// Seed of the first game's dice; the rest derive from it.
    pub seed: u64,
    /// Keep one position in this many decisions.
    pub every: usize,
    /// The level of the players.
    pub level: Level,
    /// Node budget of the players' search (hard and master; 0: theirs).
    pub nodes: u64,
    /// The players' learned model (`None`: the tuned evaluation, as for
    /// the checked-in weights). A model's own master plays differently
    /// from the tuned one (on the quick board its first player wins less
    /// often), so a fit to its games is one step of an iteration that
    /// starts from the tuned players (docs/ai.md).
    pub players_model: Option<&'static Model>,
    /// Threads for the games (the result does not depend on them).
    pub threads: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            games: 520,
            multi_team_games: 320,
            two_player_games: 2000,
            seed: 1,
            every: 3,
            level: Level::Master,
            nodes: 0,
            players_model: None,
            threads: 1,
        }
    }
}

/// The player of the training games: `level` (its own search, the
/// master's evaluated drop squares included) with the tuned weights, so
/// that the players do not depend on the weights being fitted and the
/// command gives the same file again, or with `model` where
/// [`learned::in_use`] says so (the tuned weights elsewhere); `nodes` > 0
/// replaces the level's node budget. With four teams it searches three
/// pawn moves deep, as the master did when the checked-in weights were
/// made (the fourth came later, docs/ai.md).
pub fn trainer_bot(level: Level, nodes: u64, model: Option<&'static Model>, seed: u64) -> Bot {
    let limits = level.limits();
    let limits = crate::Limits {
        nodes: if nodes > 0 { nodes } else { limits.nodes },
        four_teams_depth: 0,
        four_teams_nodes: 0,
        ..limits
    };
    // No model: the tuned weights everywhere (`learned::INGREDIENTS`).
    Bot::new(level, seed)
        .with_evaluator(Evaluator::with_model(model))
        .with_limits(limits)
}

/// Plays the games of `options` and returns every sample with the game it
/// came from (games are numbered on from the first of [`setups`] through
/// [`multi_team_setups`] to the last of [`two_player_setups`]; game `g`
/// has the dice of seed `Rng::derive(options.seed, g)`). Besides every
/// `every`-th position, the games keep every
/// position in which some team has no pawn out (a game's opening, or
/// after every pawn of a team was sent home): only there is the `home`
/// feature not 0, and every third of them would leave its weight to a
/// few dozen positions per set.
pub fn collect(options: &Options) -> Vec<(u64, Sample)> {
    let groups = [
        (options.games, setups()),
        (options.multi_team_games, multi_team_setups()),
        (options.two_player_games, two_player_setups()),
    ];
    // Every game's setup, by game number.
    let plan: Vec<Setup> = groups
        .iter()
        .flat_map(|(n, setups)| (0..*n as usize).map(|g| setups[g % setups.len()]))
        .collect();
    let games = parallel(plan.len() as u64, options.threads, &|g| {
        let setup = plan[g as usize];
        let seed = Rng::derive(options.seed, g);
        let (level, nodes, model) = (options.level, options.nodes, options.players_model);
        play(
            setup,
            seed,
            options.every,
            someone_without_pawn_out,
            &|_, s| trainer_bot(level, nodes, model, s),
        )
    });
    let mut out = Vec::new();
    for (g, game) in games.into_iter().enumerate() {
        let Some(winner) = game.winner else { continue };
        out.extend(
            game.positions
                .iter()
                .filter_map(|p| sample(p, winner))
                .map(|s| (g as u64, s)),
        );
    }
    out
}

/// Whether a team of `pos` has no pawn on the board (see
/// [`learned::no_pawn_out`]).
pub fn someone_without_pawn_out(pos: &Position) -> bool {
    let (leads, teams) = learned::team_leads(pos);
    leads[..teams]
        .iter()
        .any(|&c| learned::no_pawn_out(pos, pos.seats().team_of(c)))
}

/// Ridge penalty of the two-team sets, per feature (per sample weight,
/// see [`fit`]). The pair `turns/s`, `turns` is nearly collinear and
/// needs the penalty of 1e-3 to stay a monotone function of the turns
/// (without it the quick board's opening valued being behind). `home` is
/// not 0 in only a few percent of the positions (a game's first plies),
/// and 1e-3 held its weight back so far that red's first move still
/// looked like a lead of several points (docs/ai.md, "The ridge and
/// `home`"), so its penalty is 1e-5, as is that of the two opening
/// terms, which are not 0 only in the first third of a classic race.
pub const RIDGE: [f64; FEATURES] = [1e-3, 1e-3, 1e-3, 1e-3, 1e-5, 1e-5, 1e-5];

/// Ridge penalty that holds a three- or four-team set near its board's
/// two-team set (see [`fit`]).
pub const MULTI_TEAM_RIDGE: f64 = 1.0;

/// Fits the model to `samples` by Newton's method (20 steps per set) on
/// the mean `-ln p(winner)` plus a ridge penalty; features not in `mask`
/// keep the weight 0 (to compare feature sets).
///
/// The two-team sets are fitted first, with the penalty
/// `Σ RIDGEₖ/2·wₖ²`.
/// A three- or four-team set rests on fewer games, and alone it fits
/// their noise (docs/ai.md): its penalty is
/// `MULTI_TEAM_RIDGE/2·|w − w₂|²`, `w₂` being the board's two-team set,
/// so it moves away from that only as far as its games ask.
pub fn fit(samples: &[Sample], mask: &[bool; FEATURES]) -> Model {
    let mut model = Model {
        weights: [[0.0; FEATURES]; SETS],
    };
    let data = |set: usize| -> Vec<&Sample> { samples.iter().filter(|s| s.set == set).collect() };
    for two in (0..SETS).filter(|s| s % 3 == 0) {
        model.weights[two] = fit_set(&data(two), mask, &[0.0; FEATURES], &RIDGE);
        for set in two + 1..two + 3 {
            let centre = model.weights[two].map(f64::from);
            let ridge = [MULTI_TEAM_RIDGE; FEATURES];
            model.weights[set] = fit_set(&data(set), mask, &centre, &ridge);
        }
    }
    model
}

/// Fits one set: the penalty is `Σ ridgeₖ/2·(wₖ − centreₖ)²` (over the
/// masked features), and Newton's method starts at `centre`.
fn fit_set(
    data: &[&Sample],
    mask: &[bool; FEATURES],
    centre: &[f64; FEATURES],
    ridge: &[f64; FEATURES],
) -> Features {
    let centre: [f64; FEATURES] = core::array::from_fn(|k| if mask[k] { centre[k] } else { 0.0 });
    let mut w = centre;
    if data.is_empty() {
        return w.map(|v| v as f32);
    }
    let n = data.len() as f64;
    for _ in 0..20 {
        let mut grad = [0.0f64; FEATURES];
        let mut hess = [[0.0f64; FEATURES]; FEATURES];
        for s in data {
            let p = probabilities(s, &w);
            let mut mean = [0.0f64; FEATURES];
            for (t, pt) in p.iter().enumerate().take(s.teams) {
                for (mk, f) in mean.iter_mut().zip(&s.features[t]) {
                    *mk += pt * f64::from(*f);
                }
            }
            for k in 0..FEATURES {
                grad[k] += f64::from(s.features[s.winner][k]) - mean[k];
            }
            for (t, pt) in p.iter().enumerate().take(s.teams) {
                let f = &s.features[t];
                for a in 0..FEATURES {
                    let da = f64::from(f[a]) - mean[a];
                    for b in 0..FEATURES {
                        hess[a][b] += pt * da * (f64::from(f[b]) - mean[b]);
                    }
                }
            }
        }
        // Solve (H/n + diag(ridge)) Δ = g/n − ridge·(w − centre) over
        // the masked features.
        let idx: Vec<usize> = (0..FEATURES).filter(|&k| mask[k]).collect();
        let m = idx.len();
        let mut a = vec![vec![0.0f64; m + 1]; m];
        for (i, &ki) in idx.iter().enumerate() {
            for (j, &kj) in idx.iter().enumerate() {
                a[i][j] = hess[ki][kj] / n + if i == j { ridge[ki] } else { 0.0 };
            }
            a[i][m] = grad[ki] / n - ridge[ki] * (w[ki] - centre[ki]);
        }
        let Some(delta) = solve(a) else { break };
        for (i, &k) in idx.iter().enumerate() {
            w[k] += delta[i];
        }
    }
    // Rounded to what the weights file holds.
    w.map(|v| learned::from_millionths(learned::millionths(v as f32)))
}

/// Softmax of the teams' scores under `w`.
fn probabilities(s: &Sample, w: &[f64; FEATURES]) -> [f64; 4] {
    let mut z = [f64::MIN; 4];
    for (t, zt) in z.iter_mut().enumerate().take(s.teams) {
        *zt = (0..FEATURES)
            .map(|k| w[k] * f64::from(s.features[t][k]))
            .sum();
    }
    let max = z[..s.teams].iter().copied().fold(f64::MIN, f64::max);
    let mut p = [0.0f64; 4];
    let mut total = 0.0;
    for t in 0..s.teams {
        p[t] = (z[t] - max).exp();
        total += p[t];
    }
    for v in &mut p {
        *v /= total;
    }
    p
}

/// Gaussian elimination with partial pivoting on an augmented matrix.
fn solve(mut a: Vec<Vec<f64>>) -> Option<Vec<f64>> {
    let m = a.len();
    for col in 0..m {
        let pivot = (col..m).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        let pivot_row = a[col].clone();
        for (r, row) in a.iter_mut().enumerate() {
            if r != col {
                let f = row[col] / pivot_row[col];
                for (v, p) in row.iter_mut().zip(&pivot_row).skip(col) {
                    *v -= f * p;
                }
            }
        }
    }
    Some((0..m).map(|i| a[i][m] / a[i][i]).collect())
}

/// Mean `-ln p(winner)` and one-vs-rest Brier score (mean over teams of
/// `(p − won)²`) of `model` on `samples` (`None`: of the tuned hand-made
/// evaluation).
pub fn scores(samples: &[Sample], model: Option<&Model>) -> (f64, f64) {
    let mut loss = 0.0;
    let mut brier = 0.0;
    let mut pairs = 0usize;
    for s in samples {
        let p = match model {
            Some(m) => probabilities(s, &m.weights[s.set].map(f64::from)),
            None => s.tuned.map(f64::from),
        };
        loss -= p[s.winner].max(1e-9).ln();
        for (t, pt) in p.iter().enumerate().take(s.teams) {
            let y = if t == s.winner { 1.0 } else { 0.0 };
            brier += (pt - y) * (pt - y);
            pairs += 1;
        }
    }
    let n = samples.len().max(1) as f64;
    (loss / n, brier / pairs.max(1) as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_run_is_reproducible_and_beats_chance() {
        let options = Options {
            games: 16,
            multi_team_games: 4,
            two_player_games: 2,
            seed: 3,
            every: 4,
            level: Level::Medium,
            nodes: 0,
            players_model: None,
            threads: 2,
        };
        let data: Vec<Sample> = collect(&options).into_iter().map(|(_, s)| s).collect();
        let model = fit(&data, &[true; FEATURES]);
        let again: Vec<Sample> = collect(&Options {
            threads: 1,
            ..options
        })
        .into_iter()
        .map(|(_, s)| s)
        .collect();
        assert_eq!(data, again);
        assert_eq!(model, fit(&again, &[true; FEATURES]));
        let uniform = Model {
            weights: [[0.0; FEATURES]; SETS],
        };
        assert!(scores(&data, Some(&model)).0 < scores(&data, Some(&uniform)).0);
    }
}
