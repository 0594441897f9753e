//! Leptos components. Each one draws part of the page from plain data;
//! [`App`] holds the one game state and drives time (walks, the
//! computer's turns, passing a stuck turn, autosave).

pub mod board;
mod dom;
mod panel;
mod replay_panel;
mod setup_form;
mod share;

pub use board::Board;
pub use dom::escape;

use crate::link::Link;
use crate::state::replay::Replay;
use crate::state::settings::{Settings, Speed};
use crate::state::setup::SetupChoices;
use crate::state::{GameState, save};
use crate::text::{Text, link_unknown, save_damaged, t};
use crate::{ai_protocol, ai_worker, browser};
use barricade_rules::{Colour, GameRecord, Phase, Square};
use gloo_timers::callback::Timeout;
use leptos::ev;
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
}

/// What every part of the page works with: the one game state and the app's own
/// small state.
#[derive(Clone, Copy)]
pub struct Ctx {
    /// The game.
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
}

impl Ctx {
    /// The animation speed in effect (instant when motion is reduced).
    pub fn speed(&self) -> Speed {
        if browser::prefers_reduced_motion() {
            Speed::Instant
        } else {
            self.settings.with(|s| s.speed)
        }
    }

    /// Starts a game with `choices` (a random seed unless they fix one).
    pub fn start(&self, choices: SetupChoices) {
        let seed = choices.seed.unwrap_or_else(browser::random_seed);
        let Ok(mut state) = GameState::new(choices, seed) else {
            return;
        };
        state.animate = self.speed() != Speed::Instant;
        self.settings.update(|s| {
            s.choices = SetupChoices {
                seed: None,
                ..choices
            }
        });
        self.play(state);
    }

    /// Shows `state` as the game being played (and saved).
    fn play(&self, state: GameState) {
        self.state.set(state);
        self.has_game.set(true);
        self.sharing.set(false);
        self.screen.set(Screen::Play);
        self.notice.set(None);
        self.form.update(|c| c.seed = None);
        browser::clear_fragment();
    }

    /// Opens the link in the page address's `fragment`, if there is one.
    /// A link that cannot be used says why and leaves the current game
    /// alone; a damaged game link shows the replay of its valid part.
    pub fn open_link(&self, fragment: &str) {
        let problem = match Link::parse(fragment) {
            None => return,
            Some(Err(())) => Some(link_unknown()),
            Some(Ok(Link::Seed(seed))) => {
                self.form.update(|c| c.seed = Some(seed));
                None
            }
            Some(Ok(Link::Replay(code))) => match Replay::open(&code) {
                Ok(replay) => return self.watch(replay),
                Err(why) => Some(why),
            },
            Some(Ok(Link::Play(code))) => match GameRecord::from_code(&code) {
                Ok(record) => {
                    let choices = SetupChoices::for_record(&record, true);
                    match GameState::from_record(choices, &record) {
                        Ok(mut state) => {
                            state.animate = self.speed() != Speed::Instant;
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
                    Err(why) => Some(why),
                },
            },
        };
        if problem.is_some() {
            // A bad link fills nothing in: no seed from an earlier link.
            self.form.update(|c| c.seed = None);
        }
        self.notice.set(problem);
        self.screen.set(Screen::Setup);
        browser::clear_fragment();
    }

    /// Opens the replay viewer on `replay`, playing from the start.
    fn watch(&self, mut replay: Replay) {
        replay.playing = replay.problem.is_none() && !replay.is_empty();
        self.state.set(replay.state());
        self.replay.set(Some(replay));
        self.sharing.set(false);
        self.screen.set(Screen::Replay);
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
        browser::clear_fragment();
        let (_, saved, _) = load();
        match saved {
            Some(state) => self.play(state),
            None => {
                // The board previews the new-game choices again.
                if let Ok(preview) = GameState::new(self.form.get_untracked(), 0) {
                    self.state.set(preview);
                }
                self.has_game.set(false);
                self.screen.set(Screen::Setup);
            }
        }
    }

    /// Rolls for a person, with the die tumbling.
    pub fn roll(&self) {
        let human = self
            .state
            .with(|s| s.human_to_play() && s.phase() == Phase::Roll);
        if human && self.screen.get_untracked() == Screen::Play {
            if self.notice.with_untracked(Option::is_some) {
                self.notice.set(None);
            }
            self.state.update(|s| {
                s.roll();
            });
            self.tumble();
        }
    }

    /// Asks the master bot (in the web worker) for a suggestion for the
    /// person to play; it is shown on the board, not played.
    pub fn ask_hint(&self) {
        let Some(question) = self.state.with_untracked(|s| s.hint_question()) else {
            return;
        };
        let state = self.state;
        ai_worker::ask(
            |id| ai_protocol::request(id, &question.position, question.level, question.seed),
            move |answer| match ai_protocol::decision(answer) {
                Ok(mv) => state.update(|s| {
                    s.show_hint(question.position, mv);
                }),
                Err(e) => leptos::logging::warn!("hint: {e}"),
            },
        );
    }

    /// Lets the die tumble for a moment.
    pub fn tumble(&self) {
        let ms = self.speed().roll_ms();
        if ms == 0 {
            return;
        }
        self.tumbling.set(true);
        let tumbling = self.tumbling;
        Timeout::new(ms, move || tumbling.set(false)).forget();
    }

    /// Does a person decide now at this device (the game is shown, not
    /// over, and not waiting for another player's link)?
    pub fn human_turn(&self) -> bool {
        self.screen.get() == Screen::Play && self.state.with(GameState::human_to_play)
    }
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

/// The whole page.
#[component]
pub fn App() -> impl IntoView {
    let (settings, saved, notice) = load();
    let has_game = saved.is_some();
    let state = saved.unwrap_or_else(|| {
        GameState::new(settings.choices, 0)
            .or_else(|_| GameState::new(SetupChoices::default(), 0))
            .unwrap_or_else(|_| unreachable!("the default choices are a game"))
    });
    let ctx = Ctx {
        state: RwSignal::new(state),
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
    };
    drive(ctx);
    ctx.open_link(&browser::fragment());
    // A click on the prerendered page's Quick start, made while the app
    // was loading (see crate::shell).
    if crate::shell::quick_start_asked() && !has_game && ctx.screen.get_untracked() == Screen::Setup
    {
        ctx.start(ctx.settings.with_untracked(|s| s.choices));
    }
    // A link pasted into the address bar of the open page.
    let _links = window_event_listener(ev::hashchange, move |_| {
        ctx.open_link(&browser::fragment());
    });

    let on_square = move |s: Square| {
        if ctx.human_turn() {
            ctx.state.update(|st| {
                st.click_square(s);
            });
        }
    };
    let on_pawn = move |c: Colour, n: usize| {
        if ctx.human_turn() {
            ctx.state.update(|st| {
                st.click_pawn(c, n);
            });
        }
    };
    let _keys = window_event_listener(ev::keydown, move |e| {
        if e.alt_key() || e.ctrl_key() || e.meta_key() || in_form_field(&e) {
            return;
        }
        if replay_panel::key(ctx, &e.key()) {
            e.prevent_default();
            return;
        }
        match e.key().as_str() {
            "r" | "R" => {
                ctx.roll();
                browser::focus_first("[data-selectable],[data-legal]");
            }
            "Escape" if ctx.human_turn() => {
                ctx.state.update(|s| {
                    s.cancel();
                });
            }
            _ => {}
        }
    });
    let main = NodeRef::<leptos::html::Main>::new();
    Effect::new(move |_| {
        let Some(el) = main.get() else { return };
        let speed = ctx.speed();
        let style = format!("--step:{}ms;--roll:{}ms", speed.step_ms(), speed.roll_ms());
        let screen = match ctx.screen.get() {
            Screen::Setup => "setup",
            Screen::Play => "play",
            Screen::Replay => "replay",
        };
        ctx.state.with(|s| {
            let winner = s
                .winner()
                .map(|team| team.iter().map(|c| c.name()).collect::<Vec<_>>().join(" "));
            dom::set(&el, "data-turn", Some(s.turn().name()));
            dom::set(&el, "data-winner", winner.as_deref());
            dom::set(&el, "data-record", Some(&s.code()));
        });
        dom::set(&el, "style", Some(&style));
        dom::set(&el, "data-screen", Some(screen));
    });

    // The side panel: the new-game form or the game's panel, as markup
    // kept in step by one effect, with delegated events.
    let aside = NodeRef::<leptos::html::Aside>::new();
    let choices = ctx.form;
    Effect::new(move |_| {
        // Without a game, the new-game form's board previews the chosen
        // seats (not over a replay opened by a link).
        let c = choices.get();
        if !ctx.has_game.get_untracked()
            && ctx.screen.get_untracked() == Screen::Setup
            && let Ok(preview) = GameState::new(c, 0)
        {
            ctx.state.set(preview);
        }
    });
    let mut shown = None;
    let mut play = panel::Panel::default();
    let mut watch = replay_panel::ReplayPanel::default();
    Effect::new(move |_| {
        let screen = ctx.screen.get();
        let Some(el) = aside.get() else { return };
        if shown != Some(screen) {
            shown = Some(screen);
            let speed = ctx.settings.with_untracked(|s| s.speed);
            let markup = match screen {
                Screen::Setup => {
                    // A seed from a link stays; the rest is remembered.
                    let remembered = ctx.settings.with_untracked(|s| s.choices);
                    choices.update(|c| {
                        *c = SetupChoices {
                            seed: c.seed,
                            ..remembered
                        }
                    });
                    setup_form::markup(speed)
                }
                Screen::Replay => {
                    watch = replay_panel::ReplayPanel::default();
                    replay_panel::markup(speed)
                }
                Screen::Play => {
                    play = panel::Panel::default();
                    // Open beside the board; folded away below it on a phone.
                    let wide = web_sys::window()
                        .and_then(|w| w.inner_width().ok())
                        .and_then(|v| v.as_f64())
                        .is_none_or(|w| w > 760.0);
                    panel::markup(speed, wide)
                }
            };
            el.set_inner_html(&markup);
        }
        match screen {
            Screen::Setup => setup_form::update(&el, ctx, choices),
            Screen::Play => play.update(&el, ctx),
            Screen::Replay => watch.update(&el, ctx),
        }
    });
    let on_click = move |e: ev::MouseEvent| {
        let Some(root) = aside.get_untracked() else {
            return;
        };
        let ply = dom::closest(&e, "[data-ply]")
            .and_then(|el| el.get_attribute("data-ply")?.parse().ok());
        let action = dom::closest(&e, "[data-action]")
            .and_then(|el| el.get_attribute("data-action"))
            .unwrap_or_default();
        if action.is_empty() && ply.is_none() {
            return;
        }
        let done = match ctx.screen.get_untracked() {
            Screen::Setup => setup_form::action(&root, ctx, choices, &action),
            Screen::Play => panel::action(ctx, &action),
            Screen::Replay => replay_panel::action(ctx, &root, &action, ply),
        };
        if !done {
            share::action(&root, &action);
        }
    };
    let on_change = move |e: ev::Event| {
        if let Some(el) = dom::closest(&e, "select,input") {
            setup_form::changed(&el, choices);
            panel::speed_changed(ctx, &el);
        }
    };
    view! {
        <main node_ref=main class="layout" data-game="">
            <section class="board-area">
                <Board state=ctx.state on_square on_pawn />
            </section>
            <aside
                node_ref=aside
                class="panel"
                on:click=on_click
                on:change=on_change
                on:submit=|e| e.prevent_default()
            ></aside>
        </main>
    }
}

/// Is the key pressed in a form field (where letters are typed)?
fn in_form_field(e: &ev::KeyboardEvent) -> bool {
    use wasm_bindgen::JsCast;
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"))
}

/// Time: autosave, the speed setting, walking pawns, the computer's turns
/// and passing a stuck turn. Timers carry the state's version and do
/// nothing if the game changed meanwhile.
fn drive(ctx: Ctx) {
    let state = ctx.state;
    // Autosave: the game (not the replay viewer's boards: they are not the
    // player's game) and the settings, each written when its text changes.
    let mut saved = (String::new(), String::new());
    Effect::new(move |_| {
        if ctx.has_game.get() && ctx.screen.get() != Screen::Replay {
            let text = state.with(save::encode);
            if text != saved.0 {
                browser::store(save::KEY, &text);
                saved.0 = text;
            }
        }
        let text = ctx.settings.with(Settings::encode);
        if text != saved.1 {
            browser::store(save::SETTINGS_KEY, &text);
            saved.1 = text;
        }
    });
    // The replay viewer: the board follows the ply shown (a step forward
    // walks the pawn there); autoplay steps on.
    let mut shown_ply = None;
    Effect::new(move |_| {
        let Some((ply, playing)) = ctx
            .replay
            .with(|r| r.as_ref().map(|r| (r.ply(), r.playing)))
        else {
            shown_ply = None;
            return;
        };
        let step = shown_ply.is_some_and(|p: usize| p + 1 == ply);
        shown_ply = Some(ply);
        let animate = step && ctx.speed() != Speed::Instant;
        if ctx.screen.get_untracked() == Screen::Replay
            && let Some(shown) = ctx
                .replay
                .with_untracked(|r| r.as_ref().map(|r| r.state_walking(animate)))
        {
            state.set(shown);
        }
        if playing {
            // The chosen speed, even with reduced motion: nothing slides.
            let ms = ctx.settings.with_untracked(|s| s.speed).replay_ms();
            Timeout::new(ms, move || {
                ctx.replay.update(|r| {
                    if let Some(r) = r
                        && r.playing
                        && r.ply() == ply
                    {
                        r.go(ply + 1);
                    }
                })
            })
            .forget();
        }
    });
    // One clock for the game: the speed setting, walking pawns, the
    // computer's turns and passing a stuck turn. Every timer is guarded by
    // the state's version, so a timer set twice acts once.
    Effect::new(move |_| {
        let animate = ctx.speed() != Speed::Instant;
        if state.with_untracked(|s| s.animate) != animate {
            state.update(|s| s.animate = animate);
        }
        walk_on(ctx);
        play_for_computer(ctx);
    });
}

/// Sets the timer for the next step of a walking pawn.
fn walk_on(ctx: Ctx) {
    let state = ctx.state;
    let (version, walking) = state.with(|s| (s.version(), s.walk().is_some()));
    if walking {
        let ms = ctx.speed().step_ms();
        Timeout::new(ms, move || {
            state.update(|s| {
                if s.version() == version {
                    s.advance_walk();
                }
            })
        })
        .forget();
    }
}

/// Sets the timer for the computer's roll or decision, or for passing a
/// person's turn that cannot move.
fn play_for_computer(ctx: Ctx) {
    let state = ctx.state;
    if ctx.screen.get() != Screen::Play || ctx.tumbling.get() {
        return;
    }
    let (version, computer, stuck, busy, rolling) = state.with(|s| {
        (
            s.version(),
            s.turn_kind().is_computer(),
            s.stuck(),
            s.walk().is_some() || s.winner().is_some(),
            s.phase() == Phase::Roll,
        )
    });
    if busy || !(computer || stuck) {
        return;
    }
    let speed = ctx.speed();
    let ms = if stuck && !computer {
        speed.pause_ms() * 3
    } else {
        speed.pause_ms()
    };
    Timeout::new(ms, move || {
        if state.with_untracked(|s| s.version()) != version
            || ctx.screen.get_untracked() != Screen::Play
        {
            return;
        }
        if !computer {
            state.update(|s| {
                s.pass();
            });
        } else if rolling {
            state.update(|s| {
                s.roll();
            });
        } else if let Some(question) = state.with_untracked(|s| s.computer_question()) {
            // The bot thinks in the web worker; the page stays responsive.
            let version = question.version;
            ai_worker::ask(
                |id| ai_protocol::request(id, &question.position, question.level, question.seed),
                move |answer| match ai_protocol::decision(answer) {
                    Ok(mv) => state.update(|s| {
                        s.play_computer_answer(version, mv);
                    }),
                    Err(e) => leptos::logging::warn!("computer player: {e}"),
                },
            );
        }
        if computer && rolling {
            ctx.tumble();
        }
    })
    .forget();
}
