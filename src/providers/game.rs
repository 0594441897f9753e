//! The game shown on the board (a preview, the game being played, or the
//! replay's board at the ply shown) and the intents that change it: every
//! change goes through [`Game::decide`], so a roll can be followed from the
//! button to the board in [`Game::roll`], [`Game::decide`] and `board/`.

use super::analysis::Analysis;
use super::preferences::Preferences;
use super::scheduler;
use super::screens::{Screen, Screens};
use crate::platform::ai_worker::{self, AiWorker};
use crate::state::GameState;
use crate::state::settings::Speed;
use crate::worker::protocol;
use barricade_rules::{Colour, Phase, Square};
use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use std::sync::Arc;

/// What is told after every decision (the online room sends what the
/// person asked for to the server).
type Listener = Arc<dyn Fn() + Send + Sync>;

/// The game's signals.
#[derive(Clone, Copy)]
pub struct Game {
    /// The game shown on the board.
    pub state: RwSignal<GameState>,
    /// Has a game been started (false: the board shows a preview)?
    pub has_game: RwSignal<bool>,
    /// The game's [`GameState::revision`]: changes only when what is
    /// saved and shared changes.
    pub revision: Memo<u64>,
    /// The game's link code, encoded once per revision.
    pub code: Memo<String>,
    /// Is the die tumbling?
    pub tumbling: RwSignal<bool>,
    /// Is the game's clock to look at the game after this task
    /// ([`scheduler::soon`])?
    pub(super) scheduled: StoredValue<bool>,
    /// Told after every decision ([`Game::after_decision`]).
    listener: StoredValue<Option<Listener>>,
    /// The speed the game goes at.
    pub prefs: Preferences,
    /// The panel shown (a game is played only on its own screen).
    pub screens: Screens,
    /// The chances of the finished game.
    pub analysis: Analysis,
    /// Where the computer players think.
    pub worker: AiWorker,
}

impl Game {
    /// The game `state` (`has_game`: a game, not a preview).
    pub fn new(
        state: GameState,
        has_game: bool,
        prefs: Preferences,
        screens: Screens,
        analysis: Analysis,
        worker: AiWorker,
    ) -> Game {
        let state = RwSignal::new(state);
        let (revision, code) = record_code(state);
        let game = Game {
            state,
            has_game: RwSignal::new(has_game),
            revision,
            code,
            tumbling: RwSignal::new(false),
            scheduled: StoredValue::new(false),
            listener: StoredValue::new(None),
            prefs,
            screens,
            analysis,
            worker,
        };
        game.state.update_untracked(|s| game.pace(s));
        game.analyse_if_over();
        game
    }

    /// Has `listener` told after every decision (one listener: the room).
    pub fn after_decision(self, listener: impl Fn() + Send + Sync + 'static) {
        self.listener.set_value(Some(Arc::new(listener)));
    }

    /// Whether pawns walk in `s`, from the speed in effect: the one place
    /// that sets [`GameState::animate`].
    pub fn pace(self, s: &mut GameState) {
        s.animate = self.prefs.speed() != Speed::Instant;
    }

    /// Changes the game being played by `intent` (a person's or the
    /// computer's decision, a roll, a step of a walking pawn); the intent
    /// that ends the game starts its analysis for the end screen's chart.
    pub fn decide<R>(self, intent: impl FnOnce(&mut GameState) -> R) -> R {
        let was_over = self.state.with_untracked(|s| s.winner().is_some());
        let result = self.state.try_update(intent);
        scheduler::soon(self);
        if !was_over {
            self.analyse_if_over();
        }
        if let Some(listener) = self.listener.get_value() {
            listener();
        }
        result.unwrap_or_else(|| unreachable!("the game's signal lives as long as the page"))
    }

    /// A finished game is analysed for the end screen's chart (by the web
    /// worker, one position at a time: nothing waits for it).
    pub fn analyse_if_over(self) {
        if let Some(record) = self
            .state
            .with_untracked(|s| s.winner().is_some().then(|| s.game().record()))
        {
            self.analysis.analyse(&record);
        }
    }

    /// Shows `state` on the board and has the clock look at it.
    pub fn show(self, mut state: GameState) {
        self.pace(&mut state);
        self.state.set(state);
        scheduler::soon(self);
    }

    /// Does a person decide now at this device (the game is shown, not
    /// over, and not waiting for another player's link)?
    pub fn human_turn(self) -> bool {
        self.screens.shows(Screen::Play) && self.state.with(GameState::human_to_play)
    }

    /// A game intent for the person at this device; undo stays open after
    /// the end, and by link until the link is sent.
    pub fn act(self, intent: fn(&mut GameState) -> bool) {
        let done = self
            .state
            .with_untracked(|s| s.winner().is_some() || s.link_goes_to().is_some());
        if self.human_turn() || done {
            self.decide(intent);
        }
    }

    /// A click on square `s` of the board.
    pub fn click_square(self, s: Square) {
        if self.human_turn() {
            self.decide(|st| st.click_square(s));
        }
    }

    /// A click on pawn `n` of `colour`.
    pub fn click_pawn(self, colour: Colour, n: usize) {
        if self.human_turn() {
            self.decide(|st| st.click_pawn(colour, n));
        }
    }

    /// Plays legal move number `i` (a button of "Play in words").
    pub fn play_listed(self, i: usize) {
        if self.human_turn() {
            self.decide(|st| {
                if let Some(c) = st.moves().iter().nth(i).copied() {
                    st.move_to(c);
                }
            });
        }
    }

    /// Sets the animation speed (and whether pawns walk).
    pub fn set_speed(self, speed: Speed) {
        self.prefs.settings.update(|s| s.speed = speed);
        let animate = self.prefs.speed() != Speed::Instant;
        if self.state.with_untracked(|s| s.animate) != animate {
            self.state.update(|s| self.pace(s));
            scheduler::soon(self);
        }
    }

    /// Rolls for a person, with the die tumbling.
    pub fn roll(self) {
        let human = self
            .state
            .with_untracked(|s| s.human_to_play() && s.phase() == Phase::Roll);
        if human && self.screens.shows_untracked(Screen::Play) {
            if self.screens.notice.with_untracked(Option::is_some) {
                self.screens.notice.set(None);
            }
            self.decide(GameState::roll);
            if self.state.with_untracked(|s| s.mode().in_room()) {
                // The die tumbles when the server's roll arrives.
                return;
            }
            self.tumble();
        }
    }

    /// Lets the die tumble for a moment.
    pub fn tumble(self) {
        let ms = self.prefs.speed().roll_ms();
        if ms == 0 {
            return;
        }
        self.tumbling.set(true);
        Timeout::new(ms, move || {
            self.tumbling.set(false);
            // The computer rolled: now it decides.
            scheduler::soon(self);
        })
        .forget();
    }

    /// Asks the master bot (in the web worker) for a suggestion for the
    /// person to play; it is shown on the board, not played.
    pub fn ask_hint(self) {
        let Some(question) = self.state.with_untracked(|s| s.hint_question()) else {
            return;
        };
        self.worker.ask(
            ai_worker::HINT,
            |id| protocol::request(id, &question.position, question.level, question.seed),
            move |answer| match protocol::decision(answer) {
                Ok(mv) => {
                    self.decide(|s| s.show_hint(question.position, mv));
                }
                Err(e) => leptos::logging::warn!("hint: {e}"),
            },
        );
    }
}

/// The revision of the game in `state` and its link code, encoded only
/// when the revision changes.
fn record_code(state: RwSignal<GameState>) -> (Memo<u64>, Memo<String>) {
    let revision = Memo::new(move |_| state.with(GameState::revision));
    let code = Memo::new(move |_| {
        // `get`, not `track`: a memo computes (and so subscribes to the
        // state) only when it is read.
        revision.get();
        state.with_untracked(GameState::code)
    });
    (revision, code)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::setup::SetupChoices;

    #[test]
    fn the_code_follows_the_record_and_not_a_walking_pawn() {
        let mut game = GameState::new(SetupChoices::default(), 3).unwrap();
        game.animate = true;
        let state = RwSignal::new(game);
        let (revision, code) = record_code(state);
        // As the page does: only the code is read.
        let start = code.get();
        assert_eq!(start, state.with_untracked(GameState::code));
        state.update(|s| {
            s.roll();
        });
        let mv = state
            .with_untracked(|s| s.moves().iter().next().copied())
            .unwrap();
        state.update(|s| {
            s.move_to(mv);
        });
        assert_ne!(code.get(), start);
        assert_eq!(code.get(), state.with_untracked(GameState::code));
        // A step of a walking pawn changes nothing that is saved.
        let played = revision.get();
        state.update(|s| {
            s.advance_walk();
        });
        assert_eq!(revision.get(), played);
    }
}
