//! The page: [`App`] lays out the board beside the side panel (the
//! new-game form, the game's panel or the replay viewer, each a Leptos
//! component that calls the intents of [`crate::intents::Ctx`] from its own
//! elements' events), starts the effects of [`crate::app::clock`] and turns
//! keys into intents.

pub mod clock;

use crate::board::Board;
use crate::panels::corner::Corner;
use crate::panels::panel::GamePanel;
use crate::panels::replay_panel::ReplayPanel;
use crate::panels::setup_form::SetupForm;

use crate::intents::action::Action;
use crate::intents::{Ctx, Screen};
use crate::state::GameState;

use crate::platform::browser;
use barricade_rules::{Colour, Square};
use leptos::ev;
use leptos::prelude::*;

/// The whole page.
#[component]
pub fn App() -> impl IntoView {
    let ctx = Ctx::load();
    provide_context(ctx);
    clock::start(ctx);
    ctx.open_link(&browser::fragment());
    // A click on the prerendered page's Quick start, made while the app
    // was loading (see crate::board::shell).
    if crate::board::shell::quick_start_asked()
        && !ctx.has_game.get_untracked()
        && ctx.screen.get_untracked() == Screen::Setup
    {
        ctx.start(ctx.settings.with_untracked(|s| s.choices));
    }
    // A link pasted into the address bar of the open page.
    let _links = window_event_listener(ev::hashchange, move |_| {
        ctx.open_link(&browser::fragment());
    });
    // Sound may start only after a gesture of the player.
    let sound_on = move || ctx.settings.with_untracked(|s| s.sound);
    let _gestures = window_event_listener(ev::pointerdown, move |_| {
        crate::platform::audio::wake(sound_on())
    });
    let on_square = move |s: Square| ctx.click_square(s);
    let focus_asked = RwSignal::new(0u32);
    let on_pawn = move |c: Colour, n: usize| ctx.click_pawn(c, n);
    let _keys = window_event_listener(ev::keydown, move |e| {
        crate::platform::audio::wake(sound_on());
        if e.alt_key() || e.ctrl_key() || e.meta_key() || crate::platform::page::in_form_field(&e) {
            return;
        }
        let key = e.key();
        if let Some(action) = Action::replay_key(&key)
            && ctx.screen.get_untracked() == Screen::Replay
        {
            e.prevent_default();
            return ctx.run(action);
        }
        match key.as_str() {
            "r" | "R" => {
                ctx.run(Action::Roll);
                // The board focuses the first pawn (or square) to choose.
                focus_asked.update(|n| *n += 1);
            }
            "Escape" if ctx.human_turn() => {
                ctx.decide(GameState::cancel);
            }
            _ => {}
        }
    });
    // The page's own attributes: what tests and tools read (the record is
    // encoded once per revision of the game, see Ctx::code).
    let turn = move || ctx.state.with(|s| s.turn().name());
    let winner = move || {
        ctx.state.with(|s| {
            s.winner()
                .map(|team| team.iter().map(|c| c.name()).collect::<Vec<_>>().join(" "))
        })
    };
    let style = move || {
        let speed = ctx.speed_tracked();
        format!("--step:{}ms;--roll:{}ms", speed.step_ms(), speed.roll_ms())
    };
    let sound = move || ctx.settings.with(|s| s.sound).to_string();
    // While a room's seed is secret there is no link code yet: the record
    // is then the room's decisions in order (GameState::log_record).
    let record = Memo::new(move |_| {
        let code = ctx.code.get();
        if code.is_empty() {
            ctx.revision.track();
            ctx.state.with_untracked(GameState::log_record)
        } else {
            code
        }
    });
    let screen = move |shown: Screen| move || ctx.screen.get() == shown;
    view! {
        <main
            class="layout"
            data-game=""
            data-turn=turn
            data-winner=winner
            data-record=move || record.get()
            style=style
            data-screen=move || ctx.screen.get().name()
            data-sound=sound
            data-you=move || ctx.online.in_room().then(|| ctx.online.you())
            data-link=move || ctx.online.in_room().then(|| ctx.online.link.get().name())
            data-seed-commit=move || ctx.online.commit_shown()
            data-seed-reveal=move || ctx.online.reveal_shown()
        >
            <section class="board-area">
                <Board state=ctx.state language=ctx.language on_square on_pawn focus_asked />
            </section>
            <aside class="panel">
                <Corner />
                <Show when=screen(Screen::Setup)>
                    <SetupForm />
                </Show>
                <Show when=screen(Screen::Replay)>
                    <ReplayPanel />
                </Show>
                {room_views(ctx)}
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
fn room_views(ctx: Ctx) -> AnyView {
    #[cfg(feature = "online")]
    {
        use crate::panels::room::{RoomBar, RoomPanel};
        view! {
            <Show when=move || ctx.screen.get() == Screen::Room>
                <RoomPanel />
            </Show>
            <Show when=move || ctx.screen.get() == Screen::Play && ctx.online.in_room()>
                <RoomBar />
            </Show>
        }
        .into_any()
    }
    #[cfg(not(feature = "online"))]
    {
        let _ = ctx;
        ().into_any()
    }
}
