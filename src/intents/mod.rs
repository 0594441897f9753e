//! The intents that go from one concern to another: a game started, a
//! link opened, the replay closed, a game put aside and resumed, and every
//! button of the page ([`Intents::run`]). The state they change is the
//! contexts of [`crate::providers`] and the room's ([`crate::online`]);
//! [`provide`] makes them all at the page's start.

pub mod action;

use crate::i18n::text::Text;
use crate::i18n::{Language, Words};
use crate::online::Online;
use crate::platform::ai_worker::AiWorker;
use crate::platform::browser;
use crate::providers::analysis::Analysis;
use crate::providers::game::Game;
use crate::providers::new_game::{NewGame, preview};
use crate::providers::preferences::Preferences;
use crate::providers::replays::Replays;
use crate::providers::scheduler;
use crate::providers::screens::{Screen, Screens};
use crate::state::link::Link;
use crate::state::replay::Replay;
use crate::state::settings::Settings;
use crate::state::setup::SetupChoices;
use crate::state::{GameState, save};
use action::Action;
use barricade_rules::GameRecord;
use leptos::prelude::*;

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

/// The concerns the app's intents go between (handles: copies are the
/// same contexts).
#[derive(Clone, Copy)]
pub struct Intents {
    /// The game on the board.
    pub game: Game,
    /// The new-game form.
    pub new_game: NewGame,
    /// The replay viewer.
    pub replays: Replays,
    /// The online room.
    pub online: Online,
    /// The page's words.
    pub words: Words,
}

/// Makes the app's contexts at its start, in `words`: the saved game if
/// there is one (a damaged save is kept aside and reported), else the
/// new-game form; and provides each (for `expect_context`).
pub fn provide(words: Words) -> Intents {
    let (settings, saved, notice) = load(words);
    let has_game = saved.is_some();
    let state = saved.unwrap_or_else(|| preview(settings.choices));
    let screen = if has_game {
        Screen::Play
    } else {
        Screen::Setup
    };
    let screens = Screens::new(screen, notice);
    let prefs = Preferences::new(settings);
    let worker = AiWorker::new();
    let analysis = Analysis::new(worker);
    let game = Game::new(state, has_game, prefs, screens, analysis, worker);
    let new_game = NewGame::new(settings.choices, game);
    let replays = Replays::new(game);
    let online = Online::new(game, new_game, words);
    let intents = Intents {
        game,
        new_game,
        replays,
        online,
        words,
    };
    provide_context(words);
    provide_context(worker);
    provide_context(screens);
    provide_context(prefs);
    provide_context(analysis);
    provide_context(game);
    provide_context(new_game);
    provide_context(replays);
    provide_context(online);
    provide_context(intents);
    intents
}

impl Intents {
    /// The panel's signals.
    fn screens(self) -> Screens {
        self.game.screens
    }

    /// Runs the button `action`.
    pub fn run(self, action: Action) {
        let (game, replays) = (self.game, self.replays);
        match action {
            Action::Roll => game.roll(),
            Action::Pass => game.act(GameState::pass),
            Action::Again => game.act(GameState::again),
            Action::Cancel => game.act(GameState::cancel),
            Action::Undo => game.act(GameState::undo),
            Action::Redo => game.act(GameState::redo),
            Action::Hint => game.ask_hint(),
            Action::Sound => game.prefs.toggle_sound(),
            Action::Share => self.screens().sharing.update(|on| *on = !*on),
            // The share box's own buttons (see panels/share.rs).
            Action::Copy | Action::Send => {}
            Action::Resume => self.resume(),
            Action::NewGame => self.new_game.show(),
            Action::Rematch if self.online.in_room() => self.online.start_room(),
            Action::Rematch => {
                let choices = game.state.with_untracked(|s| *s.choices());
                self.start(SetupChoices {
                    seed: None,
                    ..choices
                });
            }
            Action::QuickStart => self.start(game.prefs.settings.with_untracked(|s| s.choices)),
            Action::Start => {
                let choices = self.new_game.form.get_untracked();
                if choices.seats().is_ok() && self.online.wanted.get_untracked() {
                    self.online.open_room(choices);
                } else if choices.seats().is_ok() {
                    self.start(choices);
                }
            }
            Action::BackToGame => {
                self.screens().screen.set(Screen::Play);
                scheduler::soon(game);
            }
            Action::Close => self.close_replay(),
            Action::PlayFromHere => self.play_from_here(),
            Action::First => replays.go(|_, _| 0),
            Action::Back => replays.go(|ply, _| ply.saturating_sub(1)),
            Action::Forward => replays.go(|ply, _| ply + 1),
            Action::Last => replays.go(|_, len| len),
            Action::Autoplay => replays.toggle_autoplay(),
        }
    }

    /// Starts a game with `choices` (a random seed unless they fix one).
    pub fn start(self, choices: SetupChoices) {
        let seed = choices.seed.unwrap_or_else(browser::random_seed);
        let Ok(state) = GameState::new(choices, seed) else {
            return;
        };
        self.game.prefs.settings.update(|s| {
            s.choices = SetupChoices {
                seed: None,
                ..choices
            }
        });
        self.play(state);
    }

    /// Shows `state` as the game being played (and saved); a finished
    /// game is analysed.
    fn play(self, state: GameState) {
        let game = self.game;
        game.analysis.stop();
        game.show(state);
        game.analyse_if_over();
        game.has_game.set(true);
        let screens = self.screens();
        screens.sharing.set(false);
        screens.screen.set(Screen::Play);
        screens.notice.set(None);
        self.new_game.form.update(|c| c.seed = None);
        browser::clear_fragment();
        browser::show_board_top();
    }

    /// Changes the page's language (remembered), once its file is loaded;
    /// the game and every screen stay as they are. A language that does
    /// not load (offline before its file was kept) leaves the page in the
    /// language it was in.
    pub fn choose_language(self, language: Language) {
        self.game
            .prefs
            .settings
            .update(|s| s.language = Some(language));
        let words = self.words;
        crate::platform::language_files::switch(words, language, move |loaded| {
            if !loaded {
                // The menu is drawn again with the language still in use.
                words.redraw();
            }
        });
    }

    /// Opens the link in the page address's `fragment`, if there is one.
    /// A link that cannot be used says why and leaves the current game
    /// alone; a damaged game link shows the replay of its valid part.
    pub fn open_link(self, fragment: &str) {
        let words = self.words;
        let notice = self.screens().notice;
        let problem = match Link::parse(fragment) {
            None => return,
            Some(Err(())) => Some(words.link_unknown()),
            Some(Ok(Link::Room(id))) => {
                self.online.join_room(&id);
                return;
            }
            Some(Ok(Link::Seed(seed))) => {
                self.new_game.form.update(|c| c.seed = Some(seed));
                None
            }
            Some(Ok(Link::Replay(code))) => match Replay::open(&code) {
                Ok(replay) => return self.replays.watch(replay),
                Err(why) => Some(words.link_problem(&why)),
            },
            Some(Ok(Link::Play(code))) => match GameRecord::from_code(&code) {
                Ok(record) => {
                    let choices = SetupChoices::for_record(&record, true);
                    match GameState::from_record(choices, &record) {
                        Ok(state) => {
                            let aside = self.put_aside();
                            self.play(state);
                            return notice.set(aside);
                        }
                        Err(why) => Some(why),
                    }
                }
                // A damaged game: its valid part in the replay viewer.
                Err(_) => match Replay::open(&code) {
                    Ok(replay) => return self.replays.watch(replay),
                    Err(why) => Some(words.link_problem(&why)),
                },
            },
        };
        if problem.is_some() {
            // A bad link fills nothing in: no seed from an earlier link.
            self.new_game.form.update(|c| c.seed = None);
        }
        notice.set(problem);
        self.new_game.show();
        browser::clear_fragment();
    }

    /// Starts a live game at the replay's ply (all seats played here); the
    /// link that was watched stays as it was.
    pub fn play_from_here(self) {
        let Some(state) = self
            .replays
            .replay
            .with_untracked(|r| r.as_ref().map(Replay::state))
        else {
            return;
        };
        self.replays.replay.set(None);
        let aside = self.put_aside();
        self.play(state);
        self.screens().notice.set(aside);
    }

    /// Keeps the saved game, if it is unfinished, under
    /// [`save::PREVIOUS_KEY`] before another game replaces it; returns
    /// the message that says so.
    fn put_aside(self) -> Option<String> {
        let text = browser::load(save::KEY)?;
        let unfinished = save::decode(&text).is_ok_and(|s| s.winner().is_none());
        (self.game.has_game.get_untracked() && unfinished).then(|| {
            browser::store(save::PREVIOUS_KEY, &text);
            self.words.t(Text::PutAside).to_string()
        })
    }

    /// Swaps the game for the one put aside.
    pub fn resume(self) {
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
    pub fn close_replay(self) {
        self.replays.close();
        browser::clear_fragment();
        let (_, saved, _) = load(self.words);
        match saved {
            Some(state) => self.play(state),
            None => {
                self.game.has_game.set(false);
                self.new_game.show();
            }
        }
    }

    /// What the share box shows now, if it is open: the replay's link in
    /// the replay viewer; in a game by link, once this device has played,
    /// the link for the next player (open by itself); otherwise the
    /// game's replay link.
    pub fn shared(self) -> Option<Shared> {
        let sharing = self.screens().sharing.get();
        let page = browser::address();
        if self.screens().shows(Screen::Replay) {
            return self.replays.replay.with(|r| {
                let r = r.as_ref().filter(|_| sharing)?;
                Some(Shared {
                    url: Link::Replay(r.code().to_string()).address(&page),
                    note: String::new(),
                    seed: r.record().seed,
                })
            });
        }
        let (next, over, seed) = self
            .game
            .state
            .with(|s| (s.link_goes_to(), s.winner().is_some(), s.game().seed()));
        let code = self.game.code.get();
        match next {
            Some(next) => Some(Shared {
                url: Link::Play(code).address(&page),
                note: self.words.send_link(next, over),
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

/// Loads the settings and the saved game. A save that cannot be read is
/// kept under the backup key and reported (in `words`).
#[inline(never)]
fn load(words: Words) -> (Settings, Option<GameState>, Option<String>) {
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
                (settings, None, Some(words.save_damaged(&reason)))
            }
        },
    }
}
