//! The page: [`App`] makes the app's contexts ([`crate::intents::provide`]),
//! lays out the board beside the side panel (the new-game form, the
//! game's panel or the replay viewer, each a Leptos component that reads
//! the contexts it needs and calls their intents from its own elements'
//! events), starts the effects of [`crate::app::clock`] and turns keys
//! into intents.

pub mod clock;

use crate::board::Board;
use crate::panels::corner::Corner;
use crate::panels::panel::GamePanel;
use crate::panels::replay_panel::ReplayPanel;
use crate::panels::setup_form::SetupForm;

use crate::i18n::Words;
use crate::intents::action::Action;
use crate::intents::{Intents, provide};
use crate::online::Online;
use crate::platform::audio::Audio;
use crate::platform::browser;
use crate::providers::screens::Screen;
use crate::state::GameState;
use barricade_rules::{Colour, Square};
use leptos::ev;
use leptos::prelude::*;

/// The whole page, in `words` (the language file loaded first).
#[component]
pub fn App(words: Words) -> impl IntoView {
    let intents = provide(words);
    let Intents { game, online, .. } = intents;
    let screens = game.screens;
    let prefs = game.prefs;
    let audio = Audio::new();
    clock::start(intents, audio);
    intents.open_link(&browser::fragment());
    // A click on the prerendered page's Quick start, made while the app
    // was loading (see crate::board::shell).
    if crate::board::shell::quick_start_asked()
        && !game.has_game.get_untracked()
        && screens.shows_untracked(Screen::Setup)
    {
        intents.start(prefs.settings.with_untracked(|s| s.choices));
    }
    // A link pasted into the address bar of the open page.
    let _links = window_event_listener(ev::hashchange, move |_| {
        intents.open_link(&browser::fragment());
    });
    // Sound may start only after a gesture of the player.
    let _gestures = window_event_listener(ev::pointerdown, move |_| audio.wake(prefs.sound_on()));
    let on_square = move |s: Square| game.click_square(s);
    let focus_asked = RwSignal::new(0u32);
    let on_pawn = move |c: Colour, n: usize| game.click_pawn(c, n);
    let _keys = window_event_listener(ev::keydown, move |e| {
        audio.wake(prefs.sound_on());
        if e.alt_key() || e.ctrl_key() || e.meta_key() || crate::platform::page::in_form_field(&e) {
            return;
        }
        let key = e.key();
        if let Some(action) = Action::replay_key(&key)
            && screens.shows_untracked(Screen::Replay)
        {
            e.prevent_default();
            return intents.run(action);
        }
        match key.as_str() {
            "r" | "R" => {
                intents.run(Action::Roll);
                // The board focuses the first pawn (or square) to choose.
                focus_asked.update(|n| *n += 1);
            }
            "Escape" if game.human_turn() => {
                game.decide(GameState::cancel);
            }
            _ => {}
        }
    });
    // The page's own attributes: what tests and tools read (the record is
    // encoded once per revision of the game, see Game::code).
    let turn = move || game.state.with(|s| s.turn().name());
    let winner = move || {
        game.state.with(|s| {
            s.winner()
                .map(|team| team.iter().map(|c| c.name()).collect::<Vec<_>>().join(" "))
        })
    };
    let style = move || {
        let speed = prefs.speed_tracked();
        format!("--step:{}ms;--roll:{}ms", speed.step_ms(), speed.roll_ms())
    };
    let sound = move || prefs.settings.with(|s| s.sound).to_string();
    // While a room's seed is secret there is no link code yet: the record
    // is then the room's decisions in order (GameState::log_record).
    let record = Memo::new(move |_| {
        let code = game.code.get();
        if code.is_empty() {
            game.revision.track();
            game.state.with_untracked(GameState::log_record)
        } else {
            code
        }
    });
    let screen = move |shown: Screen| move || screens.shows(shown);
    view! {
        <main
            class="layout"
            data-game=""
            data-turn=turn
            data-winner=winner
            data-record=move || record.get()
            style=style
            data-screen=move || screens.screen.get().name()
            data-sound=sound
            data-you=move || online.in_room().then(|| online.you())
            data-link=move || online.in_room().then(|| online.link.get().name())
            data-seed-commit=move || online.commit_shown()
            data-seed-reveal=move || online.reveal_shown()
        >
            <section class="board-area">
                <Board state=game.state words on_square on_pawn focus_asked />
            </section>
            <aside class="panel">
                <Corner />
                <Show when=screen(Screen::Setup)>
                    <SetupForm />
                </Show>
                <Show when=screen(Screen::Replay)>
                    <ReplayPanel />
                </Show>
                {room_views(screens, online)}
                <div class="panel-body">
                    <Show when=screen(Screen::Play)>
                        <GamePanel />
                    </Show>
                </div>
            </aside>
        </main>
    }
}

/// The online room's screen and the bar beside a room's game, in a build
/// with the rooms client (the `online` feature); nothing in the static
/// site's.
fn room_views(screens: crate::providers::screens::Screens, online: Online) -> AnyView {
    #[cfg(feature = "online")]
    {
        use crate::panels::room::{RoomBar, RoomPanel};
        view! {
            <Show when=move || screens.shows(Screen::Room)>
                <RoomPanel />
            </Show>
            <Show when=move || screens.shows(Screen::Play) && online.in_room()>
                <RoomBar />
            </Show>
        }
        .into_any()
    }
    #[cfg(not(feature = "online"))]
    {
        let _ = (screens, online);
        ().into_any()
    }
}
