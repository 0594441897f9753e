//! The app's state and its intents: the one game being shown, which
//! screen is up, the new-game choices, the replay being watched, the
//! settings. Views read these signals and call the intents; nothing here
//! draws. Every change made by a click or a key goes through a method
//! here, so a roll can be followed from the button to the board in
//! [`Ctx::run`], [`Ctx::roll`] and `board/`.

pub mod action;
pub mod scheduler;

use crate::i18n::Language;
use crate::i18n::text::{Text, link_problem, link_unknown, save_damaged, send_link, t};
use crate::platform::{ai_worker, analysis_driver, browser};
use crate::state::analysis::GameAnalysis;
use crate::state::link::Link;
use crate::state::replay::Replay;
use crate::state::settings::{Settings, Speed};
use crate::state::setup::SetupChoices;
use crate::state::{GameState, save};
use crate::worker::protocol;
use action::Action;
use barricade_rules::{Colour, GameRecord, Phase, Square};
use gloo_timers::callback::Timeout;
use leptos::prelude::*;

/// Which panel is shown next to the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The new-game form.
    Setup,
    /// The game's controls.
    Play,
    /// The replay viewer of a shared game.
    Replay,
    /// An online room before its game.
    Room,
}

impl Screen {
    /// Its `data-screen` name.
    pub fn name(self) -> &'static str {
        match self {
            Screen::Setup => "setup",
            Screen::Play => "play",
            Screen::Replay => "replay",
            Screen::Room => "room",
        }
    }
}

/// What the share box shows: the link, a note above it, the game's seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shared {
    /// The whole address to open.
    pub url: String,
    /// What to do with it (by link: who gets it next); may be empty.
    pub note: String,
    /// The dice seed of the game.
    pub seed: u64,
}

/// The app's signals, shared by every view (as a context) and copied into
/// every handler.
#[derive(Clone, Copy)]
pub struct Ctx {
    /// The game shown on the board (a preview, the game, or the replay's
    /// board at the ply shown).
    pub state: RwSignal<GameState>,
    /// Which panel is shown.
    pub screen: RwSignal<Screen>,
    /// Has a game been started (false: the board shows a preview)?
    pub has_game: RwSignal<bool>,
    /// Speed and remembered choices.
    pub settings: RwSignal<Settings>,
    /// A message for the player (e.g. a damaged save).
    pub notice: RwSignal<Option<String>>,
    /// Is the die tumbling?
    pub tumbling: RwSignal<bool>,
    /// The new-game form's choices.
    pub form: RwSignal<SetupChoices>,
    /// The game watched in the replay viewer.
    pub replay: RwSignal<Option<Replay>>,
    /// Is the share box open?
    pub sharing: RwSignal<bool>,
    /// The game's [`GameState::revision`]: changes only when what is
    /// saved and shared changes.
    pub revision: Memo<u64>,
    /// The win chances of the game analysed (the replay's, or the game
    /// just finished), as the worker sends them.
    pub analysis: RwSignal<GameAnalysis>,
    /// The plies marked on the chart and in the replay's move list.
    pub marked: Memo<Vec<usize>>,
    /// The game's link code, encoded once per revision.
    pub code: Memo<String>,
    /// The language the page is in (changes once its file is loaded).
    pub language: RwSignal<Language>,
    /// Online rooms (see [`crate::online`]).
    pub online: crate::online::Online,
    /// Is the game's clock to look at the game after this task
    /// ([`scheduler::soon`])?
    pub scheduled: StoredValue<bool>,
}

impl Ctx {
    /// The app at its start: the saved game if there is one (a damaged
    /// save is kept aside and reported), else the new-game form.
    pub fn load() -> Ctx {
        let (settings, saved, notice) = load();
        let has_game = saved.is_some();
        let state = saved.unwrap_or_else(|| preview(settings.choices));
        let state = RwSignal::new(state);
        let (revision, code) = record_code(state);
        let analysis = RwSignal::new(GameAnalysis::default());
        let language = RwSignal::new(crate::i18n::active());
        let ctx = Ctx {
            state,
            screen: RwSignal::new(if has_game {
                Screen::Play
            } else {
                Screen::Setup
            }),
            has_game: RwSignal::new(has_game),
            settings: RwSignal::new(settings),
            notice: RwSignal::new(notice),
            tumbling: RwSignal::new(false),
            form: RwSignal::new(settings.choices),
            replay: RwSignal::new(None),
            sharing: RwSignal::new(false),
            revision,
            analysis,
            marked: Memo::new(move |_| analysis.with(GameAnalysis::marked_plies)),
            code,
            language,
            online: crate::online::Online::new(),
            scheduled: StoredValue::new(false),
        };
        ctx.state.update_untracked(|s| ctx.pace(s));
        ctx.analyse_if_over();
        ctx
    }

    /// Whether pawns walk in `s`, from the speed in effect: the one place
    /// that sets [`GameState::animate`].
    fn pace(&self, s: &mut GameState) {
        s.animate = self.speed() != Speed::Instant;
    }

    /// Changes the game being played by `intent` (a person's or the
    /// computer's decision, a roll, a step of a walking pawn); the intent
    /// that ends the game starts its analysis for the end screen's chart.
    pub fn decide<R>(&self, intent: impl FnOnce(&mut GameState) -> R) -> R {
        let was_over = self.state.with_untracked(|s| s.winner().is_some());
        let result = self.state.try_update(intent);
        scheduler::soon(*self);
        if !was_over {
            self.analyse_if_over();
        }
        // In a room, what the person asked for goes to the server.
        self.send_outgoing();
        result.unwrap_or_else(|| unreachable!("the game's signal lives as long as the page"))
    }

    /// A finished game is analysed for the end screen's chart (by the web
    /// worker, one position at a time: nothing waits for it).
    fn analyse_if_over(&self) {
        if let Some(record) = self
            .state
            .with_untracked(|s| s.winner().is_some().then(|| s.game().record()))
        {
            analysis_driver::analyse(self.analysis, &record);
        }
    }

    /// The animation speed in effect (instant when motion is reduced).
    pub fn speed(&self) -> Speed {
        if browser::prefers_reduced_motion() {
            Speed::Instant
        } else {
            self.settings.with_untracked(|s| s.speed)
        }
    }

    /// The animation speed in effect, as a dependency of the caller.
    pub fn speed_tracked(&self) -> Speed {
        self.settings.track();
        self.speed()
    }

    /// Does a person decide now at this device (the game is shown, not
    /// over, and not waiting for another player's link)?
    pub fn human_turn(&self) -> bool {
        self.screen.get() == Screen::Play && self.state.with(GameState::human_to_play)
    }

    /// Runs the button `action`.
    pub fn run(&self, action: Action) {
        match action {
            Action::Roll => self.roll(),
            Action::Pass => self.act(GameState::pass),
            Action::Again => self.act(GameState::again),
            Action::Cancel => self.act(GameState::cancel),
            Action::Undo => self.act(GameState::undo),
            Action::Redo => self.act(GameState::redo),
            Action::Hint => self.ask_hint(),
            Action::Sound => self.settings.update(|s| s.sound = !s.sound),
            Action::Share => self.sharing.update(|on| *on = !*on),
            // The share box's own buttons (see panels/share.rs).
            Action::Copy | Action::Send => {}
            Action::Resume => self.resume(),
            Action::NewGame => self.show_setup(),
            Action::Rematch if self.online.in_room() => self.start_room(),
            Action::Rematch => {
                let choices = self.state.with_untracked(|s| *s.choices());
                self.start(SetupChoices {
                    seed: None,
                    ..choices
                });
            }
            Action::QuickStart => self.start(self.settings.with_untracked(|s| s.choices)),
            Action::Start => {
                let choices = self.form.get_untracked();
                if choices.seats().is_ok() && self.online.wanted.get_untracked() {
                    self.open_room(choices);
                } else if choices.seats().is_ok() {
                    self.start(choices);
                }
            }
            Action::BackToGame => {
                self.screen.set(Screen::Play);
                scheduler::soon(*self);
            }
            Action::Close => self.close_replay(),
            Action::PlayFromHere => self.play_from_here(),
            Action::First => self.replay_go(|_, _| 0),
            Action::Back => self.replay_go(|ply, _| ply.saturating_sub(1)),
            Action::Forward => self.replay_go(|ply, _| ply + 1),
            Action::Last => self.replay_go(|_, len| len),
            Action::Autoplay => {
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
                // Played again from the end: the board goes to the start.
                self.show_replay_ply(from);
            }
        }
    }

    /// A game intent for the person at this device; undo stays open after
    /// the end, and by link until the link is sent.
    fn act(&self, intent: fn(&mut GameState) -> bool) {
        let done = self
            .state
            .with_untracked(|s| s.winner().is_some() || s.link_goes_to().is_some());
        if self.human_turn() || done {
            self.decide(intent);
        }
    }

    /// A click on square `s` of the board.
    pub fn click_square(&self, s: Square) {
        if self.human_turn() {
            self.decide(|st| st.click_square(s));
        }
    }

    /// Plays legal move number `i` (a button of "Play in words").
    pub fn play_listed(&self, i: usize) {
        if self.human_turn() {
            self.decide(|st| {
                if let Some(c) = st.moves().iter().nth(i).copied() {
                    st.move_to(c);
                }
            });
            self.send_outgoing();
        }
    }

    /// A click on pawn `n` of `colour`.
    pub fn click_pawn(&self, colour: Colour, n: usize) {
        if self.human_turn() {
            self.decide(|st| st.click_pawn(colour, n));
        }
    }

    /// Starts a game with `choices` (a random seed unless they fix one).
    pub fn start(&self, choices: SetupChoices) {
        let seed = choices.seed.unwrap_or_else(browser::random_seed);
        let Ok(state) = GameState::new(choices, seed) else {
            return;
        };
        self.settings.update(|s| {
            s.choices = SetupChoices {
                seed: None,
                ..choices
            }
        });
        self.play(state);
    }

    /// Shows `state` as the game being played (and saved); a finished
    /// game is analysed.
    fn play(&self, mut state: GameState) {
        analysis_driver::stop(self.analysis);
        self.pace(&mut state);
        self.state.set(state);
        self.analyse_if_over();
        self.has_game.set(true);
        self.sharing.set(false);
        self.screen.set(Screen::Play);
        scheduler::soon(*self);
        self.notice.set(None);
        self.form.update(|c| c.seed = None);
        browser::clear_fragment();
        browser::show_board_top();
    }

    /// Opens the new-game form: the remembered choices (a seed from a link
    /// stays); without a game the board previews them.
    pub fn show_setup(&self) {
        let remembered = self.settings.with_untracked(|s| s.choices);
        self.form.update(|c| {
            *c = SetupChoices {
                seed: c.seed,
                ..remembered
            }
        });
        self.screen.set(Screen::Setup);
        scheduler::soon(*self);
        self.preview();
    }

    /// Changes the new-game choices; without a game, the board previews
    /// the seats chosen.
    pub fn choose(&self, change: impl FnOnce(&mut SetupChoices)) {
        self.form.update(change);
        self.preview();
    }

    /// Without a game, shows the form's choices on the board.
    fn preview(&self) {
        if !self.has_game.get_untracked()
            && self.screen.get_untracked() == Screen::Setup
            && let Ok(preview) = GameState::new(self.form.get_untracked(), 0)
        {
            self.state.set(preview);
            scheduler::soon(*self);
        }
    }

    /// Changes the page's language (remembered), once its file is loaded;
    /// the game and every screen stay as they are.
    pub fn choose_language(&self, language: Language) {
        self.settings.update(|s| s.language = Some(language));
        let ctx = *self;
        crate::platform::language_files::switch(language, move |loaded| {
            // Not loaded (offline before its file was kept): the menu is
            // drawn again with the language still in use.
            ctx.language.set(if loaded {
                language
            } else {
                ctx.language.get_untracked()
            });
        });
    }

    /// Sets the animation speed (and whether pawns walk).
    pub fn set_speed(&self, speed: Speed) {
        self.settings.update(|s| s.speed = speed);
        let animate = self.speed() != Speed::Instant;
        if self.state.with_untracked(|s| s.animate) != animate {
            self.state.update(|s| self.pace(s));
            scheduler::soon(*self);
        }
    }

    /// Opens the link in the page address's `fragment`, if there is one.
    /// A link that cannot be used says why and leaves the current game
    /// alone; a damaged game link shows the replay of its valid part.
    pub fn open_link(&self, fragment: &str) {
        let problem = match Link::parse(fragment) {
            None => return,
            Some(Err(())) => Some(link_unknown()),
            Some(Ok(Link::Room(id))) => {
                self.join_room(&id);
                return;
            }
            Some(Ok(Link::Seed(seed))) => {
                self.form.update(|c| c.seed = Some(seed));
                None
            }
            Some(Ok(Link::Replay(code))) => match Replay::open(&code) {
                Ok(replay) => return self.watch(replay),
                Err(why) => Some(link_problem(&why)),
            },
            Some(Ok(Link::Play(code))) => match GameRecord::from_code(&code) {
                Ok(record) => {
                    let choices = SetupChoices::for_record(&record, true);
                    match GameState::from_record(choices, &record) {
                        Ok(state) => {
                            let aside = self.put_aside();
                            self.play(state);
                            return self.notice.set(aside);
                        }
                        Err(why) => Some(why),
                    }
                }
                // A damaged game: its valid part in the replay viewer.
                Err(_) => match Replay::open(&code) {
                    Ok(replay) => return self.watch(replay),
                    Err(why) => Some(link_problem(&why)),
                },
            },
        };
        if problem.is_some() {
            // A bad link fills nothing in: no seed from an earlier link.
            self.form.update(|c| c.seed = None);
        }
        self.notice.set(problem);
        self.show_setup();
        browser::clear_fragment();
    }

    /// Opens the replay viewer on `replay`, playing from the start.
    fn watch(&self, mut replay: Replay) {
        replay.playing = replay.problem.is_none() && !replay.is_empty();
        self.state.set(replay.state());
        analysis_driver::analyse(self.analysis, replay.record());
        self.replay.set(Some(replay));
        self.sharing.set(false);
        self.screen.set(Screen::Replay);
        scheduler::soon(*self);
    }

    /// Opens the replay viewer on the game shown, at `ply` (from the end
    /// screen's chart); Close comes back to the game.
    pub fn review(&self, ply: usize) {
        let record = self.state.with_untracked(|s| s.game().record());
        if let Ok(mut replay) = Replay::new(record, None) {
            replay.go(ply);
            self.state.set(replay.state());
            self.replay.set(Some(replay));
            self.sharing.set(false);
            self.screen.set(Screen::Replay);
            scheduler::soon(*self);
        }
    }

    /// Moves the replay to the ply `to(ply, len)` and stops autoplay.
    pub fn replay_go(&self, to: impl FnOnce(usize, usize) -> usize) {
        let mut from = None;
        self.replay.update(|r| {
            if let Some(r) = r {
                from = Some(r.ply());
                r.playing = false;
                r.go(to(r.ply(), r.len()));
            }
        });
        self.show_replay_ply(from);
    }

    /// Moves the replay on by one move during autoplay (`at`: the ply the
    /// timer was set at; a replay moved since is left alone).
    pub fn replay_tick(&self, at: usize) {
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
            self.show_replay_ply(Some(at));
        }
    }

    /// Puts the replay's board at its ply: a step forward from `from`
    /// walks the pawn there, anything else jumps.
    fn show_replay_ply(&self, from: Option<usize>) {
        let animate = self.speed() != Speed::Instant;
        self.replay.with_untracked(|r| {
            let Some(r) = r else { return };
            if from.is_some_and(|f| f + 1 == r.ply()) {
                self.state.update(|s| r.step_to(s, animate));
            } else if from != Some(r.ply()) {
                self.state.set(r.state());
            }
        });
        scheduler::soon(*self);
    }

    /// Starts a live game at the replay's ply (all seats played here); the
    /// link that was watched stays as it was.
    pub fn play_from_here(&self) {
        let Some(state) = self
            .replay
            .with_untracked(|r| r.as_ref().map(Replay::state))
        else {
            return;
        };
        self.replay.set(None);
        let aside = self.put_aside();
        self.play(state);
        self.notice.set(aside);
    }

    /// Keeps the saved game, if it is unfinished, under
    /// [`save::PREVIOUS_KEY`] before another game replaces it; returns
    /// the message that says so.
    fn put_aside(&self) -> Option<String> {
        let text = browser::load(save::KEY)?;
        let unfinished = save::decode(&text).is_ok_and(|s| s.winner().is_none());
        (self.has_game.get_untracked() && unfinished).then(|| {
            browser::store(save::PREVIOUS_KEY, &text);
            t(Text::PutAside).to_string()
        })
    }

    /// Swaps the game for the one put aside.
    pub fn resume(&self) {
        let Some(text) = browser::load(save::PREVIOUS_KEY) else {
            return;
        };
        match save::decode(&text) {
            Ok(state) => {
                if let Some(current) = browser::load(save::KEY) {
                    browser::store(save::PREVIOUS_KEY, &current);
                }
                self.play(state);
            }
            Err(_) => browser::remove(save::PREVIOUS_KEY),
        }
    }

    /// Leaves the replay viewer: back to the saved game, or to a new one.
    pub fn close_replay(&self) {
        self.replay.set(None);
        analysis_driver::stop(self.analysis);
        browser::clear_fragment();
        let (_, saved, _) = load();
        match saved {
            Some(state) => self.play(state),
            None => {
                self.has_game.set(false);
                self.show_setup();
            }
        }
    }

    /// Rolls for a person, with the die tumbling.
    pub fn roll(&self) {
        let human = self
            .state
            .with_untracked(|s| s.human_to_play() && s.phase() == Phase::Roll);
        if human && self.screen.get_untracked() == Screen::Play {
            if self.notice.with_untracked(Option::is_some) {
                self.notice.set(None);
            }
            self.decide(GameState::roll);
            if self.online.in_room() {
                // The die tumbles when the server's roll arrives.
                return;
            }
            self.tumble();
        }
    }

    /// Lets the die tumble for a moment.
    pub fn tumble(&self) {
        let ms = self.speed().roll_ms();
        if ms == 0 {
            return;
        }
        self.tumbling.set(true);
        let ctx = *self;
        Timeout::new(ms, move || {
            ctx.tumbling.set(false);
            // The computer rolled: now it decides.
            scheduler::soon(ctx);
        })
        .forget();
    }

    /// Asks the master bot (in the web worker) for a suggestion for the
    /// person to play; it is shown on the board, not played.
    pub fn ask_hint(&self) {
        let Some(question) = self.state.with_untracked(|s| s.hint_question()) else {
            return;
        };
        let ctx = *self;
        ai_worker::ask(
            ai_worker::HINT,
            |id| protocol::request(id, &question.position, question.level, question.seed),
            move |answer| match protocol::decision(answer) {
                Ok(mv) => {
                    ctx.decide(|s| s.show_hint(question.position, mv));
                }
                Err(e) => leptos::logging::warn!("hint: {e}"),
            },
        );
    }

    /// What the share box shows now, if it is open: the replay's link in
    /// the replay viewer; in a game by link, once this device has played,
    /// the link for the next player (open by itself); otherwise the
    /// game's replay link.
    pub fn shared(&self) -> Option<Shared> {
        let sharing = self.sharing.get();
        let page = browser::address();
        if self.screen.get() == Screen::Replay {
            return self.replay.with(|r| {
                let r = r.as_ref().filter(|_| sharing)?;
                Some(Shared {
                    url: Link::Replay(r.code().to_string()).address(&page),
                    note: String::new(),
                    seed: r.record().seed,
                })
            });
        }
        let (next, over, seed) = self
            .state
            .with(|s| (s.link_goes_to(), s.winner().is_some(), s.game().seed()));
        let code = self.code.get();
        match next {
            Some(next) => Some(Shared {
                url: Link::Play(code).address(&page),
                note: send_link(next, over),
                seed,
            }),
            None if sharing => Some(Shared {
                url: Link::Replay(code).address(&page),
                note: String::new(),
                seed,
            }),
            None => None,
        }
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

/// The board shown without a game: the choices' seats at their start.
fn preview(choices: SetupChoices) -> GameState {
    GameState::new(choices, 0)
        .or_else(|_| GameState::new(SetupChoices::default(), 0))
        .unwrap_or_else(|_| unreachable!("the default choices are a game"))
}

/// Loads the settings and the saved game. A save that cannot be read is
/// kept under the backup key and reported.
#[inline(never)]
fn load() -> (Settings, Option<GameState>, Option<String>) {
    let settings = browser::load(save::SETTINGS_KEY)
        .map(|t| Settings::decode(&t))
        .unwrap_or_default();
    match browser::load(save::KEY) {
        None => (settings, None, None),
        Some(text) => match save::decode(&text) {
            Ok(state) => (settings, Some(state), None),
            Err(reason) => {
                browser::store(save::BACKUP_KEY, &text);
                browser::remove(save::KEY);
                (settings, None, Some(save_damaged(&reason)))
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
