//! The replay viewer: the game watched, the ply shown and autoplay. Its
//! board is the game's board ([`Game::state`]) at the ply shown. Autoplay
//! is a timer set by the intent that starts it and by each step it makes
//! ([`Replays::tick`]); a timer whose replay moved on meanwhile does
//! nothing. No effect is involved.

use super::game::Game;
use super::scheduler;
use super::screens::Screen;
use crate::state::replay::Replay;
use crate::state::settings::Speed;
use gloo_timers::callback::Timeout;
use leptos::prelude::*;

/// The replay viewer's signal.
#[derive(Clone, Copy)]
pub struct Replays {
    /// The game watched, if the viewer is open.
    pub replay: RwSignal<Option<Replay>>,
    /// The board it is shown on.
    game: Game,
}

impl Replays {
    /// No replay open; replays are shown on `game`'s board.
    pub fn new(game: Game) -> Replays {
        Replays {
            replay: RwSignal::new(None),
            game,
        }
    }

    /// Opens the replay viewer on `replay`, playing from the start.
    pub fn watch(self, mut replay: Replay) {
        replay.playing = replay.problem.is_none() && !replay.is_empty();
        self.game.state.set(replay.state());
        self.game.analysis.analyse(replay.record());
        self.open(replay);
        self.tick_later();
    }

    /// Opens the replay viewer on the game shown, at `ply` (from the end
    /// screen's chart); Close comes back to the game.
    pub fn review(self, ply: usize) {
        let record = self.game.state.with_untracked(|s| s.game().record());
        if let Ok(mut replay) = Replay::new(record, None) {
            replay.go(ply);
            self.game.state.set(replay.state());
            self.open(replay);
        }
    }

    /// Shows `replay` in the viewer.
    fn open(self, replay: Replay) {
        self.replay.set(Some(replay));
        let screens = self.game.screens;
        screens.sharing.set(false);
        screens.screen.set(Screen::Replay);
        scheduler::soon(self.game);
    }

    /// Moves the replay to the ply `to(ply, len)` and stops autoplay.
    pub fn go(self, to: impl FnOnce(usize, usize) -> usize) {
        let mut from = None;
        self.replay.update(|r| {
            if let Some(r) = r {
                from = Some(r.ply());
                r.playing = false;
                r.go(to(r.ply(), r.len()));
            }
        });
        self.show_ply(from);
    }

    /// Starts or stops autoplay (played again from the end: the board
    /// goes to the start).
    pub fn toggle_autoplay(self) {
        let mut from = None;
        self.replay.update(|r| {
            if let Some(r) = r {
                from = Some(r.ply());
                if !r.playing && r.ply() == r.len() {
                    r.go(0);
                }
                r.playing = !r.playing;
            }
        });
        self.show_ply(from);
        self.tick_later();
    }

    /// Moves the replay on by one move during autoplay (`at`: the ply the
    /// timer was set at; a replay moved since is left alone).
    pub fn tick(self, at: usize) {
        let mut moved = false;
        self.replay.update(|r| {
            if let Some(r) = r
                && r.playing
                && r.ply() == at
            {
                r.go(at + 1);
                moved = true;
            }
        });
        if moved {
            self.show_ply(Some(at));
            self.tick_later();
        }
    }

    /// During autoplay, sets the timer of the next move: a pause of the
    /// chosen speed (even with reduced motion: nothing slides then).
    fn tick_later(self) {
        let playing = self
            .replay
            .with_untracked(|r| r.as_ref().filter(|r| r.playing).map(Replay::ply));
        if let Some(ply) = playing {
            let ms = self
                .game
                .prefs
                .settings
                .with_untracked(|s| s.speed)
                .replay_ms();
            Timeout::new(ms, move || self.tick(ply)).forget();
        }
    }

    /// Puts the replay's board at its ply: a step forward from `from`
    /// walks the pawn there, anything else jumps.
    fn show_ply(self, from: Option<usize>) {
        let animate = self.game.prefs.speed() != Speed::Instant;
        let state = self.game.state;
        self.replay.with_untracked(|r| {
            let Some(r) = r else { return };
            if from.is_some_and(|f| f + 1 == r.ply()) {
                state.update(|s| r.step_to(s, animate));
            } else if from != Some(r.ply()) {
                state.set(r.state());
            }
        });
        scheduler::soon(self.game);
    }

    /// Closes the viewer (its chart too).
    pub fn close(self) {
        self.replay.set(None);
        self.game.analysis.stop();
    }
}
