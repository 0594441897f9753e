//! The move log and the statistics of a game, one [`Entry`] per decision.

use barricade_rules::{Colour, Move, Roll};

/// One decision as the log shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// Who decided.
    pub colour: Colour,
    /// The roll it was made with, if any.
    pub roll: Option<Roll>,
    /// The decision.
    pub mv: Move,
    /// The colour of the pawn it sent home.
    pub captured: Option<Colour>,
    /// Did it take (and move) a barricade?
    pub took_barricade: bool,
}

/// What one colour did in a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Turns played (pawn moves and passes).
    pub turns: usize,
    /// Pawns sent home.
    pub captures: usize,
    /// Barricades taken and put elsewhere.
    pub barricades: usize,
}

/// The statistics of `colour` over `log`.
///
/// ```
/// use barricade_rules::Colour;
/// use barricade_web::state::log::{stats, Stats};
/// assert_eq!(stats(&[], Colour::Red), Stats::default());
/// ```
pub fn stats(log: &[Entry], colour: Colour) -> Stats {
    log.iter()
        .filter(|e| e.colour == colour)
        .fold(Stats::default(), |mut s, e| {
            if matches!(e.mv, Move::Step { .. } | Move::Pass) {
                s.turns += 1;
            }
            s.captures += usize::from(e.captured.is_some());
            s.barricades += usize::from(e.took_barricade);
            s
        })
}
