//! Calibration of win chances: predicted chances against what happened,
//! in ten bins (a reliability table), with the expected calibration error
//! and the Brier score. Behind `barricade calibrate`.

/// One bin of a reliability table.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Bin {
    /// Predictions in the bin.
    pub count: u64,
    /// Sum of the predicted chances.
    pub predicted: f64,
    /// Number of them that came true.
    pub happened: u64,
}

impl Bin {
    /// Mean predicted chance (0 for an empty bin).
    pub fn mean_predicted(&self) -> f64 {
        self.predicted / self.count.max(1) as f64
    }

    /// How often the predicted event happened (0 for an empty bin).
    pub fn frequency(&self) -> f64 {
        self.happened as f64 / self.count.max(1) as f64
    }
}

/// Predictions and outcomes, binned as they are added.
///
/// ```
/// use barricade_coach::calibration::Reliability;
/// let mut r = Reliability::default();
/// r.add(0.25, false);
/// r.add(0.75, true);
/// assert_eq!(r.count(), 2);
/// assert!((r.brier() - 0.0625).abs() < 1e-12);
/// assert!((r.ece() - 0.25).abs() < 1e-12);
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Reliability {
    /// Ten bins: [0, 0.1), [0.1, 0.2), …, [0.9, 1].
    pub bins: [Bin; 10],
    squared: f64,
    log_loss: f64,
}

impl Reliability {
    /// Adds a predicted chance `p` of something that `happened` or not.
    pub fn add(&mut self, p: f64, happened: bool) {
        let p = p.clamp(0.0, 1.0);
        let bin = &mut self.bins[((p * 10.0) as usize).min(9)];
        bin.count += 1;
        bin.predicted += p;
        bin.happened += u64::from(happened);
        let y = if happened { 1.0 } else { 0.0 };
        self.squared += (p - y) * (p - y);
        let q = if happened { p } else { 1.0 - p };
        self.log_loss -= q.max(1e-9).ln();
    }

    /// Number of predictions.
    pub fn count(&self) -> u64 {
        self.bins.iter().map(|b| b.count).sum()
    }

    /// Expected calibration error: the mean over predictions of the gap
    /// between the bin's mean prediction and its frequency.
    pub fn ece(&self) -> f64 {
        let n = self.count().max(1) as f64;
        self.bins
            .iter()
            .map(|b| b.count as f64 / n * (b.mean_predicted() - b.frequency()).abs())
            .sum()
    }

    /// Brier score: the mean of `(p − outcome)²`.
    pub fn brier(&self) -> f64 {
        self.squared / self.count().max(1) as f64
    }

    /// Mean binary log loss.
    pub fn log_loss(&self) -> f64 {
        self.log_loss / self.count().max(1) as f64
    }

    /// Adds every prediction of `other`.
    pub fn merge(&mut self, other: &Reliability) {
        for (a, b) in self.bins.iter_mut().zip(&other.bins) {
            a.count += b.count;
            a.predicted += b.predicted;
            a.happened += b.happened;
        }
        self.squared += other.squared;
        self.log_loss += other.log_loss;
    }

    /// All the predictions of `parts` together.
    pub fn merged<'a>(parts: impl IntoIterator<Item = &'a Reliability>) -> Reliability {
        let mut out = Reliability::default();
        parts.into_iter().for_each(|p| out.merge(p));
        out
    }

    /// The table in Markdown: bin, predictions, mean chance, frequency.
    pub fn table(&self) -> String {
        let mut out =
            String::from("| chance | positions | mean chance | won |\n|---|---:|---:|---:|\n");
        for (i, b) in self.bins.iter().enumerate() {
            out.push_str(&format!(
                "| {:.1}–{:.1} | {} | {:.3} | {:.3} |\n",
                i as f64 / 10.0,
                (i + 1) as f64 / 10.0,
                b.count,
                b.mean_predicted(),
                b.frequency()
            ));
        }
        out
    }
}

/// The 95% bootstrap interval of the ECE over games: `per_game` holds one
/// game's predictions each (the positions of a game share its outcome,
/// so games, not positions, are the independent draws); `rounds`
/// resamplings with replacement from `seed`.
///
/// ```
/// use barricade_coach::calibration::{Reliability, ece_interval};
/// let games: Vec<Reliability> = (0..40)
///     .map(|g| {
///         let mut r = Reliability::default();
///         r.add(0.7, g % 10 < 7);
///         r.add(0.3, g % 10 >= 7);
///         r
///     })
///     .collect();
/// let (lo, hi) = ece_interval(&games, 200, 1);
/// assert!(lo <= hi && hi < 0.3);
/// ```
pub fn ece_interval(per_game: &[Reliability], rounds: usize, seed: u64) -> (f64, f64) {
    if per_game.is_empty() {
        return (0.0, 0.0);
    }
    let mut rng = barricade_ai::Rng::new(seed);
    let n = per_game.len() as u64;
    let mut eces: Vec<f64> = (0..rounds.max(1))
        .map(|_| {
            Reliability::merged((0..n).map(|_| &per_game[(rng.next_u64() % n) as usize])).ece()
        })
        .collect();
    eces.sort_by(f64::total_cmp);
    let at = |q: f64| eces[((eces.len() - 1) as f64 * q).round() as usize];
    (at(0.025), at(0.975))
}
