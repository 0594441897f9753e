//! The new-game form: seats (person or computer), teams, rules, seed, and
//! quick start. The board beside it previews the seats chosen.

use super::panel::SpeedPicker;
use super::{Ctx, Screen};
use crate::state::GameState;
use crate::state::setup::SeatKind;
use crate::text::{Text, colour_name, preset_name, seat_kind, t};
use barricade_ai::Level;
use barricade_rules::{Colour, Rules};
use leptos::prelude::*;

/// The seat kinds offered, in the order shown.
const KINDS: [SeatKind; 4] = [
    SeatKind::Human,
    SeatKind::Computer(Level::Easy),
    SeatKind::Computer(Level::Medium),
    SeatKind::Computer(Level::Hard),
];

/// The form.
#[component]
pub fn SetupForm() -> impl IntoView {
    let ctx = Ctx::get();
    let choices = RwSignal::new(ctx.settings.with_untracked(|s| s.choices));
    let seed = RwSignal::new(String::new());
    // Without a game, the board previews the chosen seats.
    Effect::new(move |_| {
        let c = choices.get();
        if !ctx.has_game.get_untracked()
            && let Ok(preview) = GameState::new(c, 0)
        {
            ctx.state.set(preview);
        }
    });
    let valid = move || choices.with(|c| c.seats().is_ok());
    let start = move |_| {
        let mut c = choices.get_untracked();
        c.seed = seed.with_untracked(|s| s.trim().parse().ok());
        ctx.start(c);
    };
    let quick = move |_| ctx.start(ctx.settings.with_untracked(|s| s.choices));
    let seats = Colour::ALL
        .into_iter()
        .map(|colour| {
            let value = move || {
                choices.with(|c| c.seats[colour.index()].map_or("-", SeatKind::code))
            };
            view! {
                <label class=format!("field seat {}", colour.name())>
                    <span class="swatch" aria-hidden="true"></span>
                    <span class="seat-name">{colour_name(colour)}</span>
                    <select
                        data-setup-seat=colour.name()
                        prop:value=value
                        on:change=move |e| {
                            let v = event_target_value(&e);
                            choices.update(|c| c.seats[colour.index()] = SeatKind::from_code(&v));
                        }
                    >
                        <option value="-" selected=move || value() == "-">{t(Text::SeatOff)}</option>
                        {KINDS
                            .into_iter()
                            .map(|k| {
                                view! {
                                    <option value=k.code() selected=move || value() == k.code()>
                                        {seat_kind(k)}
                                    </option>
                                }
                            })
                            .collect_view()}
                    </select>
                </label>
            }
        })
        .collect_view();
    let preset = move || {
        let r = choices.with(|c| c.rules);
        Rules::PRESETS
            .into_iter()
            .find(|p| Rules::preset(p) == Some(r))
            .unwrap_or("custom")
    };
    let toggle = move |name: &'static str,
                       label: Text,
                       get: fn(&Rules) -> bool,
                       set: fn(&mut Rules, bool)| {
        view! {
            <label class="check">
                <input
                    type="checkbox"
                    data-setup-rule=name
                    prop:checked=move || choices.with(|c| get(&c.rules))
                    on:change=move |e| {
                        let on = event_target_checked(&e);
                        choices.update(|c| set(&mut c.rules, on));
                    }
                />
                <span>{t(label)}</span>
            </label>
        }
    };
    view! {
        <form class="setup" on:submit=move |e| e.prevent_default()>
            <h1 class="title">{t(Text::Title)}</h1>
            <p class="tagline">{t(Text::Tagline)}</p>
            {move || ctx.notice.get().map(|n| view! { <p class="notice" role="alert" data-notice="">{n}</p> })}
            <button type="button" class="primary wide" data-action="quick-start" on:click=quick>
                {t(Text::QuickStart)}
            </button>
            <h2>{t(Text::NewGame)}</h2>
            <fieldset>
                <legend>{t(Text::Players)}</legend>
                {seats}
                <label class="check">
                    <input
                        type="checkbox"
                        data-setup-teams=""
                        prop:checked=move || choices.with(|c| c.teams)
                        disabled=move || choices.with(|c| c.colours().len() != 4)
                        on:change=move |e| {
                            let on = event_target_checked(&e);
                            choices.update(|c| c.teams = on);
                        }
                    />
                    <span>{t(Text::Teams)}</span>
                </label>
            </fieldset>
            <fieldset>
                <legend>{t(Text::Rules)}</legend>
                <label class="field">
                    <span>{t(Text::Preset)}</span>
                    <select
                        data-setup-preset=""
                        prop:value=preset
                        on:change=move |e| {
                            if let Some(r) = Rules::preset(&event_target_value(&e)) {
                                choices.update(|c| c.rules = r);
                            }
                        }
                    >
                        {Rules::PRESETS
                            .into_iter()
                            .chain(["custom"])
                            .map(|p| {
                                view! {
                                    <option value=p selected=move || preset() == p hidden=p == "custom">
                                        {preset_name(p)}
                                    </option>
                                }
                            })
                            .collect_view()}
                    </select>
                </label>
                {toggle("free-pass", Text::FreePass, |r| r.free_pass, |r, on| r.free_pass = on)}
                {toggle("start-roll", Text::StartRoll, |r| r.start_roll, |r, on| r.start_roll = on)}
                {toggle("french", Text::French, |r| r.french, |r, on| r.french = on)}
            </fieldset>
            <label class="field">
                <span>{t(Text::Seed)}</span>
                <input
                    type="text"
                    inputmode="numeric"
                    data-setup-seed=""
                    placeholder=t(Text::SeedHint)
                    prop:value=move || seed.get()
                    on:input=move |e| seed.set(event_target_value(&e))
                />
            </label>
            <SpeedPicker />
            <div class="actions">
                <button type="submit" class="primary" data-action="start" disabled=move || !valid() on:click=start>
                    {t(Text::Start)}
                </button>
                <Show when=move || ctx.has_game.get()>
                    <button type="button" data-action="back" on:click=move |_| ctx.screen.set(Screen::Play)>
                        {t(Text::BackToGame)}
                    </button>
                </Show>
            </div>
        </form>
    }
}
