//! What the game sounds like, as plain data: the short sounds of the die,
//! a step, a capture, a barricade taken and put down, and a win, each a
//! few synthesized notes ([`Cue::notes`]), and which of them a change of
//! the game makes heard ([`Ear::hear`]). `crate::platform::audio` plays them with
//! Web Audio; nothing here touches the browser, so it is tested natively.

use crate::state::{GameState, News};
use barricade_rules::Move;

/// A sound of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    /// The die rolls.
    Die,
    /// A pawn steps onto a square.
    Step,
    /// A pawn is captured.
    Capture,
    /// A barricade is taken off the board.
    Take,
    /// A barricade is put down.
    Put,
    /// The game is won.
    Win,
}

/// The shape of a note's wave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wave {
    /// Soft and round.
    Sine,
    /// Hollow, like wood.
    Triangle,
    /// Bright and clicky.
    Square,
}

/// One synthesized note: a tone gliding from `hz` to `to_hz`, starting
/// `at_ms` after the cue and fading out over `ms`, at `volume` percent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Note {
    /// Start frequency in hertz.
    pub hz: u16,
    /// End frequency in hertz (the same for a steady tone).
    pub to_hz: u16,
    /// Delay from the cue's start, in milliseconds.
    pub at_ms: u16,
    /// Length in milliseconds.
    pub ms: u16,
    /// The wave.
    pub wave: Wave,
    /// Loudness in percent of the loudest.
    pub volume: u8,
}

const fn note(hz: u16, to_hz: u16, at_ms: u16, ms: u16, wave: Wave, volume: u8) -> Note {
    Note {
        hz,
        to_hz,
        at_ms,
        ms,
        wave,
        volume,
    }
}

/// The die: five quick clicks, like a cube tumbling on wood.
const DIE: [Note; 5] = [
    note(1400, 900, 0, 25, Wave::Square, 18),
    note(1150, 800, 55, 25, Wave::Square, 16),
    note(1600, 1000, 115, 25, Wave::Square, 15),
    note(1250, 850, 185, 25, Wave::Square, 13),
    note(1500, 950, 270, 30, Wave::Square, 12),
];
/// A step: one short knock.
const STEP: [Note; 1] = [note(660, 520, 0, 45, Wave::Triangle, 45)];
/// A capture: a falling slide.
const CAPTURE: [Note; 2] = [
    note(620, 180, 0, 260, Wave::Triangle, 60),
    note(310, 90, 40, 260, Wave::Sine, 40),
];
/// A barricade taken: two rising notes.
const TAKE: [Note; 2] = [
    note(392, 392, 0, 90, Wave::Triangle, 45),
    note(523, 523, 80, 120, Wave::Triangle, 45),
];
/// A barricade put down: a low thud.
const PUT: [Note; 2] = [
    note(170, 90, 0, 140, Wave::Sine, 80),
    note(90, 60, 10, 160, Wave::Triangle, 40),
];
/// A win: a rising major arpeggio.
const WIN: [Note; 5] = [
    note(523, 523, 0, 140, Wave::Triangle, 50),
    note(659, 659, 120, 140, Wave::Triangle, 50),
    note(784, 784, 240, 140, Wave::Triangle, 50),
    note(1047, 1047, 360, 420, Wave::Triangle, 55),
    note(523, 523, 360, 420, Wave::Sine, 35),
];

impl Cue {
    /// The notes of this sound.
    ///
    /// ```
    /// use barricade_web::state::sound::Cue;
    /// assert_eq!(Cue::Step.notes().len(), 1);
    /// ```
    pub fn notes(self) -> &'static [Note] {
        match self {
            Cue::Die => &DIE,
            Cue::Step => &STEP,
            Cue::Capture => &CAPTURE,
            Cue::Take => &TAKE,
            Cue::Put => &PUT,
            Cue::Win => &WIN,
        }
    }
}

/// Which sounds changes of the game make: it remembers the moment it last
/// heard (the state's revision and the walking pawn's step) so that a
/// moment is heard once, however often the page looks at it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ear {
    last: Option<(u64, Option<usize>)>,
}

impl Ear {
    /// The sounds of `state` that were not heard yet. The first state an
    /// ear sees (the page opening, a saved game) makes no sound.
    pub fn hear(&mut self, state: &GameState) -> Vec<Cue> {
        let now = (state.revision(), state.walk().map(|w| w.step));
        let Some(last) = self.last.replace(now) else {
            return Vec::new();
        };
        if last == now {
            return Vec::new();
        }
        let new_moment = last.0 != now.0;
        if new_moment && state.pending().is_some() {
            // A pawn took a barricade and waits for its drop square.
            return vec![Cue::Take];
        }
        match state.news() {
            Some(News::Rolled(..) | News::Stuck(..)) if new_moment => vec![Cue::Die],
            Some(News::Played(_)) if state.walk().is_some() => vec![Cue::Step],
            Some(News::Played(entry)) => {
                // The walk is over (or there was none): where it ends.
                let mut cues = Vec::new();
                if new_moment && matches!(entry.mv, Move::Step { .. }) {
                    cues.push(Cue::Step);
                }
                if entry.captured.is_some() {
                    cues.push(Cue::Capture);
                }
                if entry.took_barricade {
                    cues.push(Cue::Put);
                }
                if state.winner().is_some() {
                    cues.push(Cue::Win);
                }
                cues
            }
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::setup::{SeatKind, SetupChoices};
    use barricade_rules::Phase;

    #[test]
    fn every_note_is_short_and_audible() {
        for cue in [
            Cue::Die,
            Cue::Step,
            Cue::Capture,
            Cue::Take,
            Cue::Put,
            Cue::Win,
        ] {
            let end = cue.notes().iter().map(|n| n.at_ms + n.ms).max().unwrap();
            assert!(end <= 800, "{cue:?} lasts {end} ms");
            for n in cue.notes() {
                assert!((50..=2000).contains(&n.hz) && (50..=2000).contains(&n.to_hz));
                assert!(n.volume > 0 && n.volume <= 100 && n.ms > 0);
            }
        }
    }

    /// The legal move that lands nearest the goal.
    fn nearest_the_goal(state: &GameState) -> Option<barricade_rules::Candidate> {
        let board = state.position().board();
        let moves = state.moves();
        moves.iter().min_by_key(|c| board.to_goal(c.to())).copied()
    }

    #[test]
    fn a_game_sounds_once_per_moment() {
        let choices = SetupChoices {
            seats: [Some(SeatKind::Human), None, None, Some(SeatKind::Human)],
            ..SetupChoices::default()
        };
        let mut state = GameState::new(choices, 11).unwrap();
        let mut ear = Ear::default();
        assert_eq!(ear.hear(&state), []);
        state.roll().unwrap();
        assert_eq!(ear.hear(&state), [Cue::Die]);
        assert_eq!(ear.hear(&state), []);
        let (mut captures, mut takes, mut puts, mut wins) = (0, 0, 0, 0);
        for _ in 0..3000 {
            if state.winner().is_some() {
                break;
            }
            if state.phase() == Phase::Roll {
                state.roll().unwrap();
                assert_eq!(ear.hear(&state), [Cue::Die]);
                continue;
            }
            if state.dropping() {
                let drop = state.drop_squares().last().unwrap();
                assert!(state.click_square(drop));
            } else if let Some(c) = nearest_the_goal(&state) {
                assert!(state.move_to(c));
            } else {
                assert!(state.pass());
            }
            let cues = ear.hear(&state);
            captures += cues.iter().filter(|&&c| c == Cue::Capture).count();
            takes += cues.iter().filter(|&&c| c == Cue::Take).count();
            puts += cues.iter().filter(|&&c| c == Cue::Put).count();
            wins += cues.iter().filter(|&&c| c == Cue::Win).count();
        }
        assert!(state.winner().is_some());
        let stats: Vec<_> = state.log().to_vec();
        assert_eq!(
            captures,
            stats.iter().filter(|e| e.captured.is_some()).count()
        );
        assert_eq!(puts, stats.iter().filter(|e| e.took_barricade).count());
        assert_eq!(takes, puts);
        assert_eq!(wins, 1);
    }
}
