//! The side panel while playing: whose turn, what to do, the die, the
//! actions, the move log, and the live region for screen readers.

use super::die::Die;
use super::end_screen::EndScreen;
use super::log::MoveLog;
use super::{Ctx, Screen};
use crate::state::settings::Speed;
use crate::text::{Prompt, Text, news, prompt, seat_kind, speed_name, t, whose_turn};
use barricade_rules::Phase;
use leptos::prelude::*;

/// What the player to move should do now.
fn current_prompt(ctx: Ctx) -> Option<Prompt> {
    ctx.state.with(|s| {
        if s.winner().is_some() {
            None
        } else if s.walk().is_some() {
            Some(Prompt::Walking)
        } else if s.turn_kind().is_computer() {
            Some(Prompt::Thinking)
        } else if s.dropping() {
            Some(Prompt::Drop)
        } else if s.choosing_again() {
            Some(Prompt::Again)
        } else if s.stuck() {
            Some(Prompt::Stuck)
        } else if s.phase() == Phase::Roll {
            Some(Prompt::Roll)
        } else if s.selected().is_some() {
            Some(Prompt::ChooseSquare)
        } else {
            Some(Prompt::ChoosePawn)
        }
    })
}

/// The panel shown during a game.
#[component]
pub fn Panel() -> impl IntoView {
    let ctx = Ctx::get();
    let over = move || ctx.state.with(|s| s.winner().is_some());
    let turn = move || ctx.state.with(|s| s.turn());
    let status = move || {
        current_prompt(ctx)
            .map(|p| prompt(turn(), p))
            .unwrap_or_default()
    };
    let kind = move || ctx.state.with(|s| seat_kind(s.turn_kind()));
    let live = move || {
        ctx.state.with(|s| {
            let mut text = s.news().map(news).unwrap_or_default();
            if let Some(w) = s.winner() {
                text = format!("{text}. {}", crate::text::wins(w));
            }
            text
        })
    };
    let act = move |f: fn(&mut crate::state::GameState) -> bool| {
        move |_| {
            if ctx.human_turn() || ctx.state.with(|s| s.winner().is_some()) {
                ctx.state.update(|s| {
                    f(s);
                });
            }
        }
    };
    let can = move |f: fn(&crate::state::GameState) -> bool| {
        move || ctx.human_turn() && ctx.state.with(f)
    };
    let can_undo = move || ctx.state.with(|s| s.can_undo());
    let can_redo = move || ctx.state.with(|s| s.can_redo());
    let selecting = move || {
        ctx.state
            .with(|s| s.selected().is_some() || s.pending().is_some())
    };
    view! {
        <div class="play">
            <header class="panel-head">
                <h1 class="title small">{t(Text::Title)}</h1>
                <button
                    class="quiet"
                    data-action="new-game"
                    on:click=move |_| ctx.screen.set(Screen::Setup)
                >
                    {t(Text::NewGameButton)}
                </button>
            </header>
            <Show when=over fallback=move || view! {
                <div class=move || format!("turn {}", turn().name()) data-turn-marker="">
                    <span class="swatch" aria-hidden="true"></span>
                    <span class="turn-name">{move || whose_turn(turn())}</span>
                    <span class="turn-kind">{kind}</span>
                </div>
                <div class="controls">
                    <Die />
                    <p class="status">{status}</p>
                </div>
            }>
                <EndScreen />
            </Show>
            <div class="actions">
                <Show when=can(|s| s.can_pass())>
                    <button data-action="pass" on:click=act(|s| s.pass())>{t(Text::Pass)}</button>
                </Show>
                <Show when=can(|s| s.choosing_again())>
                    <button class="primary" data-action="again" on:click=act(|s| s.again())>
                        {t(Text::Again)}
                    </button>
                </Show>
                <Show when=selecting>
                    <button data-action="cancel" on:click=act(|s| s.cancel())>{t(Text::Cancel)}</button>
                </Show>
                <button data-action="undo" disabled=move || !can_undo() on:click=act(|s| s.undo())>
                    {t(Text::Undo)}
                </button>
                <button data-action="redo" disabled=move || !can_redo() on:click=act(|s| s.redo())>
                    {t(Text::Redo)}
                </button>
            </div>
            <MoveLog />
            <SpeedPicker />
            <p class="sr-only" aria-live="polite" data-live="">{live}</p>
        </div>
    }
}

/// The animation speed picker.
#[component]
pub fn SpeedPicker() -> impl IntoView {
    let ctx = Ctx::get();
    let current = move || ctx.settings.with(|s| s.speed.code());
    view! {
        <label class="field speed">
            <span>{t(Text::Speed)}</span>
            <select
                data-setting="speed"
                data-setup-speed=""
                prop:value=current
                on:change=move |e| {
                    if let Some(speed) = Speed::from_code(&event_target_value(&e)) {
                        ctx.settings.update(|s| s.speed = speed);
                    }
                }
            >
                {Speed::ALL
                    .into_iter()
                    .map(|s| {
                        view! {
                            <option value=s.code() selected=move || current() == s.code()>
                                {speed_name(s)}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}
