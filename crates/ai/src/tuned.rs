//! Weights fitted by `barricade tune` (written by that command; do not
//! edit by hand). See docs/ai.md, "Tuning".

use crate::eval::Weights;

/// The hard and master bots' evaluation weights.
pub const TUNED: Weights = Weights {
    barricade_steps: 6,
    temperature: 2.5,
    backup_power: 2.0,
    tempo: 1.0,
    threat: 1.0,
    held: 1.5,
};
