//! The page: [`App`] lays out the board beside the side panel, starts the
//! effects of [`crate::clock`] and routes clicks and keys to the intents of
//! [`crate::ctx::Ctx`].

use crate::board::Board;
use crate::panels::corner::Corner;
use crate::panels::replay_panel::ReplayPanel;
use crate::panels::room::{RoomBar, RoomPanel};
use crate::panels::setup_form::SetupForm;
use crate::panels::{chart, dom, panel, share};

use crate::action::Action;
use crate::clock;
use crate::ctx::{Ctx, Screen};

use crate::web::browser;
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
    let _gestures =
        window_event_listener(
            ev::pointerdown,
            move |_| crate::web::audio::wake(sound_on()),
        );
    let on_square = move |s: Square| ctx.click_square(s);
    let on_pawn = move |c: Colour, n: usize| ctx.click_pawn(c, n);
    let _keys = window_event_listener(ev::keydown, move |e| {
        crate::web::audio::wake(sound_on());
        if e.alt_key() || e.ctrl_key() || e.meta_key() || in_form_field(&e) {
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
                browser::focus_first(&["[data-selectable],[data-legal]"], false);
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
    // The page's own attributes: what tests and tools read (the record is
    // encoded once per revision of the game, see Ctx::code).
    Effect::new(move |_| {
        let Some(el) = main.get() else { return };
        let speed = ctx.speed_tracked();
        let style = format!("--step:{}ms;--roll:{}ms", speed.step_ms(), speed.roll_ms());
        let (turn, winner) = ctx.state.with(|s| {
            let winner = s
                .winner()
                .map(|team| team.iter().map(|c| c.name()).collect::<Vec<_>>().join(" "));
            (s.turn().name(), winner)
        });
        dom::set(&el, "data-turn", Some(turn));
        dom::set(&el, "data-winner", winner.as_deref());
        dom::set(&el, "data-record", Some(&ctx.code.get()));
        dom::set(&el, "style", Some(&style));
        dom::set(&el, "data-screen", Some(ctx.screen.get().name()));
        let sound = if ctx.settings.with(|s| s.sound) {
            "true"
        } else {
            "false"
        };
        dom::set(&el, "data-sound", Some(sound));
    });

    // The side panel: the new-game form or the game's panel, as markup
    // kept in step by one effect, with delegated events (in a box of its
    // own, `display: contents`, after the corner's views).
    let aside = NodeRef::<leptos::html::Div>::new();
    let mut shown = None;
    let mut play = panel::Panel::default();
    // The win-chance chart in the panel's slot, as last drawn.
    let mut chart = String::new();
    Effect::new(move |_| {
        let screen = ctx.screen.get();
        // A new language redraws the panel in its words.
        let language = ctx.language.get();
        let Some(el) = aside.get() else { return };
        if shown != Some((screen, language)) {
            shown = Some((screen, language));
            let speed = ctx.settings.with_untracked(|s| s.speed);
            let markup = match screen {
                // The form is a view of its own (see below).
                Screen::Setup => String::new(),
                // So are the replay viewer and the online room.
                Screen::Replay | Screen::Room => String::new(),
                Screen::Play => {
                    play = panel::Panel::default();
                    // Open beside the board; folded away below it on a phone.
                    let words = ctx.settings.with_untracked(|s| s.words);
                    panel::markup(speed, browser::wide(), words)
                }
            };
            chart.clear();
            el.set_inner_html(&markup);
        }
        match screen {
            Screen::Setup | Screen::Room => {}
            Screen::Play => play.update(&el, ctx),
            Screen::Replay => {}
        }
        // The chart is rewritten only as chances arrive; the line of the
        // move shown moves on its own (a focused mark keeps its focus).
        if let Some((markup, x)) = chart_markup(ctx, screen) {
            dom::html(&el, "[data-chart-slot]", &mut chart, markup);
            dom::with(&el, "[data-chart-slot] .now", |line| {
                dom::set(line, "x1", Some(&x));
                dom::set(line, "x2", Some(&x));
            });
        }
    });
    // A marked move on the end screen's chart: the replay of the game
    // opens there.
    let jump = move |ply: usize| ctx.review(ply);
    let on_click = move |e: ev::MouseEvent| {
        let Some(root) = aside.get_untracked() else {
            return;
        };
        if let Some(ply) = marked_ply(&e) {
            return jump(ply);
        }
        if dom::closest(&e, "[data-words] > summary").is_some() {
            return ctx.settings.update(|s| s.words = !s.words);
        }
        if let Some(i) = attribute(&e, "data-move").and_then(|i| i.parse().ok()) {
            return ctx.play_listed(i);
        }
        if let Some(name) = attribute(&e, "data-square") {
            let square = ctx
                .state
                .with_untracked(|s| s.position().board().square(&name));
            return square.into_iter().for_each(|s| ctx.click_square(s));
        }
        let action = dom::closest(&e, "[data-action]")
            .and_then(|el| el.get_attribute("data-action"))
            .and_then(|name| Action::ALL.into_iter().find(|a| a.name() == name));
        match action {
            Some(Action::Copy | Action::Send) => share::action(&root, action),
            Some(action) => ctx.run(action),
            None => {}
        }
    };
    let on_change = move |e: ev::Event| {
        if let Some(el) = dom::closest(&e, "select,input") {
            panel::speed_changed(ctx, &el);
        }
    };
    view! {
        <main
            node_ref=main
            class="layout"
            data-game=""
            data-you=move || ctx.online.in_room().then(|| ctx.online.you())
            data-seed-commit=move || ctx.online.commit_shown()
            data-seed-reveal=move || ctx.online.reveal_shown()
        >
            <section class="board-area">
                <Board state=ctx.state language=ctx.language on_square on_pawn />

            </section>
            <aside class="panel">
                <Corner />
                <Show when=move || ctx.screen.get() == Screen::Setup>
                    <SetupForm />
                </Show>
                <Show when=move || ctx.screen.get() == Screen::Replay>
                    <ReplayPanel />
                </Show>
                <Show when=move || ctx.screen.get() == Screen::Room>
                    <RoomPanel />
                </Show>
                <Show when=move || {
                    ctx.screen.get() == Screen::Play && ctx.online.in_room()
                }>
                    <RoomBar />
                </Show>
                <div
                    node_ref=aside
                    class="panel-body"
                    on:click=on_click
                    on:change=on_change
                    on:submit=|e| e.prevent_default()
                    on:keydown=move |e| {
                        if matches!(e.key().as_str(), "Enter" | " ")
                            && let Some(ply) = marked_ply(&e)
                        {
                            e.prevent_default();
                            jump(ply);
                        }
                    }
                ></div>
            </aside>
        </main>
    }
}

/// The chart of the game analysed for the panel's `[data-chart-slot]`,
/// and the x of the move shown (the replay's ply, or the end of the game).
fn chart_markup(ctx: Ctx, screen: Screen) -> Option<(String, String)> {
    let ply = match screen {
        // The form has no chart; the replay viewer draws its own.
        Screen::Setup | Screen::Replay | Screen::Room => return None,
        Screen::Play => ctx.analysis.with(|a| a.plies()),
    };
    Some(
        ctx.chart
            .with(|d| (chart::markup(d), crate::chart_data::now_x(d, ply))),
    )
}

/// What a click or key on a chart's mark asks for: the ply it marks.
fn marked_ply(e: &web_sys::Event) -> Option<usize> {
    dom::closest(e, "[data-mark]")?
        .get_attribute("data-mark")?
        .parse()
        .ok()
}

/// The attribute `name` of the "Play in words" button clicked (a move's
/// `data-move` or a drop square's `data-square`).
fn attribute(e: &web_sys::Event, name: &str) -> Option<String> {
    dom::closest(e, "[data-move],[data-square]")?.get_attribute(name)
}

/// Is the key pressed in a form field (where letters are typed)?
fn in_form_field(e: &ev::KeyboardEvent) -> bool {
    use wasm_bindgen::JsCast;
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"))
}
