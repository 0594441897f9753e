//! Fills a [`GameAnalysis`] signal from the web worker: one position per
//! request, the next asked when the last is answered, so the chart grows
//! point by point, the page never waits, and a computer player's request
//! waits behind one position at most. It stops by itself when the signal
//! is given another game (or cleared): every answer carries the
//! generation it was asked in.

use crate::platform::ai_worker::{self, AiWorker};
use crate::state::analysis::GameAnalysis;
use crate::worker::protocol::{chances, chances_request};
use barricade_rules::GameRecord;
use leptos::prelude::*;

/// Analyses `record` into `analysis`, unless that game is already there
/// (under way or done): safe to call from an effect that runs often.
pub fn analyse(worker: AiWorker, analysis: RwSignal<GameAnalysis>, record: &GameRecord) {
    if analysis.with_untracked(|a| a.is_of(record)) {
        return;
    }
    let mut started = None;
    analysis.update(|a| started = a.open(record));
    if let Some(generation) = started {
        ask_next(worker, analysis, generation);
    }
}

/// Stops the analysis and empties the chart (e.g. when the replay viewer
/// closes or a new game starts).
pub fn stop(analysis: RwSignal<GameAnalysis>) {
    analysis.update(GameAnalysis::clear);
}

/// Asks the worker for the next position of `generation`, if it is still
/// the game analysed.
fn ask_next(worker: AiWorker, analysis: RwSignal<GameAnalysis>, generation: u64) {
    let Some((ply, position)) = analysis
        .try_with_untracked(|a| (a.generation() == generation).then(|| a.next()))
        .flatten()
        .flatten()
    else {
        return;
    };
    worker.ask(
        ai_worker::ANALYSIS,
        |id| chances_request(id, &position),
        move |reply| match chances(reply) {
            Ok(scores) => {
                let current = analysis
                    .try_with_untracked(|a| a.generation() == generation)
                    .unwrap_or(false);
                if current {
                    analysis.update(|a| {
                        a.receive(generation, ply, scores);
                    });
                    ask_next(worker, analysis, generation);
                }
            }
            Err(e) => leptos::logging::warn!("analysis: {e}"),
        },
    );
}
