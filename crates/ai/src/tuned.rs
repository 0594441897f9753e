//! Weights fitted by `barricade tune` (written by that command; do not
//! edit by hand). See docs/ai.md, "Tuning".
//!
//! Command: `barricade tune --games 300 --seed 1 --passes 1 --max-steps 0 --calibration-games 2800`
//! Play score against the medium weights: +0.2567 (mean win rate
//! above an equal player's over the four tuning setups).
//! Calibration samples: 381836; loss (mean -ln p(winner)) 0.87304 -> 0.86989.

use crate::eval::Weights;

/// The master bot's evaluation weights.
pub const TUNED: Weights = Weights {
    barricade_steps: 6,
    temperature: 2.9375,
    backup_power: 4.0,
    tempo: 0.5,
    threat: 0.5,
    held: 0.5,
};
