//! The win chances of the game analysed (the replay's, or the game just
//! finished), as the web worker sends them, and the moves the chart marks.

use crate::platform::{ai_worker::AiWorker, analysis_driver};
use crate::state::analysis::GameAnalysis;
use barricade_rules::GameRecord;
use leptos::prelude::*;

/// The analysis's signals.
#[derive(Clone, Copy)]
pub struct Analysis {
    /// The chances, position by position.
    pub chances: RwSignal<GameAnalysis>,
    /// The plies marked on the chart and in the replay's move list.
    pub marked: Memo<Vec<usize>>,
    /// The worker that works them out.
    worker: AiWorker,
}

impl Analysis {
    /// No game analysed yet; `worker` will do the work.
    pub fn new(worker: AiWorker) -> Analysis {
        let chances = RwSignal::new(GameAnalysis::default());
        Analysis {
            chances,
            marked: Memo::new(move |_| chances.with(GameAnalysis::marked_plies)),
            worker,
        }
    }

    /// Analyses `record` (nothing new if it is the game analysed).
    pub fn analyse(self, record: &GameRecord) {
        analysis_driver::analyse(self.worker, self.chances, record);
    }

    /// Stops the analysis and empties the chart.
    pub fn stop(self) {
        analysis_driver::stop(self.chances);
    }
}
