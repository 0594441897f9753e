//! `barricade tune`: tunes the master's evaluation weights by self-play
//! (barricade_coach::tuning) and writes them as crates/ai/src/tuned.rs.

use barricade_ai::eval::Weights;
use barricade_coach::tuning::{self, DataOptions, PlayOptions};
use std::path::PathBuf;
use std::time::Instant;

/// Options of `barricade tune`. The defaults reproduce the checked-in
/// weights.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Games per setup for each candidate of the play tuning.
    #[arg(long, value_name = "N", default_value_t = PlayOptions::default().games)]
    games: u64,
    /// Seed of the dice deals.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Halvings of the steps in the play tuning.
    #[arg(long, value_name = "N", default_value_t = PlayOptions::default().passes)]
    passes: u32,
    /// Stop the play tuning after N kept steps (0: when no step helps).
    #[arg(long, value_name = "N", default_value_t = 0)]
    max_steps: u32,
    /// Self-play games whose positions calibrate the temperature.
    #[arg(long, value_name = "N", default_value_t = DataOptions::default().games)]
    calibration_games: u64,
    /// Threads for the play tuning (the result does not depend on them).
    #[arg(long, value_name = "N", default_value_t = 1)]
    threads: usize,
    /// Write the weights as Rust source to this file (e.g.
    /// crates/ai/src/tuned.rs) instead of only printing them.
    #[arg(long, value_name = "PATH")]
    write: Option<PathBuf>,
}

/// Runs `barricade tune`.
pub fn run(args: &Args) -> Result<(), String> {
    let start = Instant::now();
    let play = PlayOptions {
        games: args.games,
        seed: args.seed,
        passes: args.passes,
        max_steps: args.max_steps,
        threads: args.threads.max(1),
        ..PlayOptions::default()
    };
    say!(
        "play tuning: {} games per setup and candidate, against the medium weights",
        play.games
    );
    let (weights, score) = tuning::fit_by_play(tuning::START, &Weights::HAND, &play, |w, s| {
        say!(
            "  {:>7.1}s  score {s:+.4}  {}",
            start.elapsed().as_secs_f64(),
            tuning::describe(w)
        )
    });
    let data = DataOptions {
        games: args.calibration_games,
        seed: args.seed,
        ..DataOptions::default()
    };
    let samples = tuning::collect(&data);
    say!(
        "calibration: {} positions from {} games",
        samples.len(),
        data.games
    );
    let fit = tuning::fit(&samples, weights, 4, |w, l| {
        say!("  loss {l:.5}  temperature {}", w.temperature)
    });
    say!(
        "weights: {}  (play score {score:+.4}, loss {:.5} -> {:.5}, {:.1}s)",
        tuning::describe(&fit.weights),
        fit.start_loss,
        fit.loss,
        start.elapsed().as_secs_f64()
    );
    if let Some(path) = &args.write {
        let command = format!(
            "barricade tune --games {} --seed {} --passes {} --max-steps {} --calibration-games {}",
            args.games, args.seed, args.passes, args.max_steps, args.calibration_games
        );
        let source = tuning::tuned_source(&fit, score, &command, samples.len());
        std::fs::write(path, source)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        say!("wrote {}", path.display());
    }
    Ok(())
}
