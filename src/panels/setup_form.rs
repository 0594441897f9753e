//! The new-game form: seats (person or computer), teams, rules, seed, and
//! quick start. The board beside it previews the seats chosen.
//!
//! Leptos views: every control shows the form's choices (`NewGame::form`) and
//! sends its changes as [`crate::providers::new_game::NewGame::choose`] intents from its own handler.

use super::speed::SpeedPicker;
use super::tr;
use crate::i18n::Words;
use crate::i18n::text::Text;
use crate::intents::Intents;
use crate::intents::action::Action;
use crate::online::Online;
use crate::prerender::guide;
use crate::providers::context;
use crate::providers::game::Game;
use crate::providers::new_game::NewGame;
use crate::providers::screens::Screens;
use crate::state::setup::SeatKind;
use barricade_ai::Level;
use barricade_rules::{BoardId, Colour, Rules};
use leptos::prelude::*;

/// The seat kinds offered, in the order shown.
const KINDS: [SeatKind; 5] = [
    SeatKind::Human,
    SeatKind::Computer(Level::Easy),
    SeatKind::Computer(Level::Medium),
    SeatKind::Computer(Level::Hard),
    SeatKind::Computer(Level::Master),
];

/// The rule toggles: name, label, read and write.
type Toggle = (&'static str, Text, fn(&Rules) -> bool, fn(&mut Rules, bool));
const TOGGLES: [Toggle; 4] = [
    (
        "free-pass",
        Text::FreePass,
        |r| r.free_pass,
        |r, on| r.free_pass = on,
    ),
    (
        "start-roll",
        Text::StartRoll,
        |r| r.start_roll,
        |r, on| r.start_roll = on,
    ),
    ("french", Text::French, |r| r.french, |r, on| r.french = on),
    (
        "bottom-row",
        Text::BottomRow,
        |r| r.bottom_row,
        |r, on| r.bottom_row = on,
    ),
];

/// The new-game form.
#[component]
pub fn SetupForm() -> impl IntoView {
    let game = context::<Game>();
    let new_game = context::<NewGame>();
    let screens = context::<Screens>();
    let online = context::<Online>();
    let intents = context::<Intents>();
    let w = context::<Words>();
    let seed_field = NodeRef::<leptos::html::Input>::new();
    // Starts a game with the form's choices and the seed typed into it.
    let start = move |e: leptos::ev::SubmitEvent| {
        e.prevent_default();
        let seed = seed_field
            .get_untracked()
            .and_then(|i| i.value().trim().parse().ok());
        new_game.form.update(|c| c.seed = seed);
        intents.run(Action::Start);
    };
    let rules = move || new_game.form.with(|c| preset(c.rules));
    let notice = move || screens.notice.get();
    let seats = Colour::ALL.map(|colour| view! { <SeatPicker colour /> });
    let boards = [
        (BoardId::Classic, Text::BoardClassic),
        (BoardId::Quick, Text::BoardQuick),
    ]
    .map(|(board, name)| {
        view! {
            <option
                value=board.name()
                prop:selected=move || new_game.form.with(|c| c.board) == board
            >
                {tr(w, name)}
            </option>
        }
    });
    let presets = Rules::PRESETS.map(|p| {
        view! {
            <option value=p prop:selected=move || rules() == p>
                {move || w.preset_name(p)}
            </option>
        }
    });
    let toggles = TOGGLES.map(|(name, label, get, set)| {
        view! {
            <label class="check">
                <input
                    type="checkbox"
                    data-setup-rule=name
                    prop:checked=move || new_game.form.with(|c| get(&c.rules))
                    on:change=move |e| {
                        let on = event_target_checked(&e);
                        new_game.choose(|c| set(&mut c.rules, on));
                    }
                />
                <span>{tr(w, label)}</span>
            </label>
        }
    });
    view! {
        <form class="setup" on:submit=start>
            <h1 class="title">{tr(w, Text::Title)}</h1>
            <p class="tagline">{tr(w, Text::Tagline)}</p>
            <p class="notice" role="alert" data-notice="" hidden=move || notice().is_none()>
                {notice}
            </p>
            <button
                type="button"
                class="primary wide"
                data-action=Action::QuickStart.name()
                on:click=move |_| intents.run(Action::QuickStart)
            >
                {tr(w, Text::QuickStart)}
            </button>
            <p>
                <a
                    href=move || {
                        guide::link(w.language(), rules())
                    }
                    data-guide=""
                >
                    {tr(w, Text::HowToPlay)}
                </a>
            </p>
            <h2>{tr(w, Text::NewGame)}</h2>
            <fieldset>
                <legend>{tr(w, Text::Players)}</legend>
                {seats}
                <label class="check">
                    <input
                        type="checkbox"
                        data-setup-teams=""
                        prop:checked=move || new_game.form.with(|c| c.teams)
                        disabled=move || new_game.form.with(|c| c.colours().len() != 4)
                        on:change=move |e| {
                            let on = event_target_checked(&e);
                            new_game.choose(|c| c.teams = on);
                        }
                    />
                    <span>{tr(w, Text::Teams)}</span>
                </label>
                <label class="check">
                    <input
                        type="checkbox"
                        data-setup-by-link=""
                        prop:checked=move || new_game.form.with(|c| c.by_link)
                        on:change=move |e| {
                            let on = event_target_checked(&e);
                            if on {
                                online.wanted.set(false);
                            }
                            new_game.choose(|c| {
                                c.by_link = on;
                                if on {
                                    for seat in c.seats.iter_mut().flatten() {
                                        *seat = SeatKind::Human;
                                    }
                                }
                            });
                        }
                    />
                    <span>{tr(w, Text::ByLink)}</span>
                </label>
                // Offered only when the page knows a room server.
                {online
                    .server
                    .map(|_| {
                        view! {
                            <label class="check">
                                <input
                                    type="checkbox"
                                    data-setup-online=""
                                    prop:checked=move || online.wanted.get()
                                    on:change=move |e| {
                                        let on = event_target_checked(&e);
                                        online.wanted.set(on);
                                        if on {
                                            new_game.choose(|c| c.by_link = false);
                                        }
                                    }
                                />
                                <span>{tr(w, Text::PlayOnline)}</span>
                            </label>
                            {room_choices(online)}
                        }
                    })}
            </fieldset>
            <fieldset>
                <legend>{tr(w, Text::Rules)}</legend>
                <label class="field">
                    <span>{tr(w, Text::BoardChoice)}</span>
                    <select
                        data-setup-board=""
                        on:change=move |e| {
                            if let Ok(board) = event_target_value(&e).parse() {
                                new_game.choose(|c| c.board = board);
                            }
                        }
                    >
                        {boards}
                    </select>
                </label>
                <label class="field">
                    <span>{tr(w, Text::Preset)}</span>
                    <select
                        data-setup-preset=""
                        on:change=move |e| {
                            if let Some(r) = Rules::preset(&event_target_value(&e)) {
                                new_game.choose(|c| c.rules = r);
                            }
                        }
                    >
                        {presets}
                        <option value="custom" hidden="" prop:selected=move || rules() == "custom">
                            {move || w.preset_name("custom")}
                        </option>
                    </select>
                </label>
                <p class="muted summary" data-setup-summary="">
                    {move || {
                        w.preset_summary(rules())
                    }}
                </p>
                {toggles}
            </fieldset>
            <label class="field">
                <span>{tr(w, Text::Seed)}</span>
                <input
                    type="text"
                    inputmode="numeric"
                    data-setup-seed=""
                    node_ref=seed_field
                    placeholder=tr(w, Text::SeedHint)
                    prop:value=move || {
                        new_game.form.with(|c| c.seed.map(|s| s.to_string()).unwrap_or_default())
                    }
                    on:change=move |e| {
                        let seed = event_target_value(&e).trim().parse().ok();
                        new_game.choose(|c| c.seed = seed);
                    }
                />
            </label>
            <SpeedPicker />
            <div class="actions">
                <button
                    type="submit"
                    class="primary"
                    data-action=Action::Start.name()
                    disabled=move || new_game.form.with(|c| c.seats().is_err())
                >
                    {tr(w, Text::Start)}
                </button>
                <button
                    type="button"
                    data-action=Action::BackToGame.name()
                    hidden=move || !game.has_game.get()
                    on:click=move |_| intents.run(Action::BackToGame)
                >
                    {tr(w, Text::BackToGame)}
                </button>
            </div>
        </form>
    }
}

/// The seat of `colour`: off, a person, or a computer player of a level
/// (by link, every seat is a person: the levels are off).
#[component]
fn SeatPicker(colour: Colour) -> impl IntoView {
    let new_game = context::<NewGame>();
    let w = context::<Words>();
    let i = colour.index();
    let seat = move || {
        new_game
            .form
            .with(|c| c.seats[i].map_or("-", SeatKind::code))
    };
    let kinds = KINDS.map(|k| {
        view! {
            <option
                value=k.code()
                prop:selected=move || seat() == k.code()
                disabled=move || k.is_computer() && new_game.form.with(|c| c.by_link)
            >
                {move || w.seat_kind(k)}
            </option>
        }
    });
    view! {
        <label class=format!("field seat {}", colour.name())>
            <span class="swatch" aria-hidden="true"></span>
            <span class="seat-name">{move || w.colour_name(colour)}</span>
            <select
                data-setup-seat=colour.name()
                on:change=move |e| {
                    let kind = SeatKind::from_code(&event_target_value(&e));
                    new_game.choose(|c| c.seats[i] = kind);
                }
            >
                <option value="-" prop:selected=move || seat() == "-">
                    {tr(w, Text::SeatOff)}
                </option>
                {kinds}
            </select>
        </label>
    }
}

/// The turn timers offered for a room, in seconds (`None`: off).
#[cfg(feature = "online")]
const TIMERS: [Option<u32>; 4] = [None, Some(30), Some(60), Some(120)];

/// The host's room choices while "Play online" is checked, in a build
/// with the rooms client (the `online` feature); nothing in the static
/// site's, which never offers "Play online".
fn room_choices(online: Online) -> AnyView {
    #[cfg(feature = "online")]
    {
        view! {
            <Show when=move || online.wanted.get()>
                <RoomChoices />
            </Show>
        }
        .into_any()
    }
    #[cfg(not(feature = "online"))]
    {
        let _ = online;
        ().into_any()
    }
}

/// The host's choices for an online room: may others watch, and the
/// turn timer.
#[cfg(feature = "online")]
#[component]
fn RoomChoices() -> impl IntoView {
    let online = context::<Online>();
    let w = context::<Words>();
    let options = online.options;
    let timers = TIMERS.map(|seconds| {
        let value = seconds.map_or(String::new(), |n| n.to_string());
        view! {
            <option
                value=value
                prop:selected=move || options.with(|o| o.turn_seconds) == seconds
            >
                {move || {
                    seconds.map_or_else(|| w.t(Text::RoomTimerOff).to_string(), |s| w.timer_words(s))
                }}
            </option>
        }
    });
    view! {
        <label class="check">
            <input
                type="checkbox"
                data-setup-spectators=""
                prop:checked=move || options.with(|o| o.spectators)
                on:change=move |e| {
                    let on = event_target_checked(&e);
                    options.update(|o| o.spectators = on);
                }
            />
            <span>{tr(w, Text::RoomSpectators)}</span>
        </label>
        <label class="field">
            <span>{tr(w, Text::RoomTimer)}</span>
            <select
                data-setup-timer=""
                on:change=move |e| {
                    let seconds = event_target_value(&e).parse().ok();
                    options.update(|o| o.turn_seconds = seconds);
                }
            >
                {timers}
            </select>
        </label>
    }
}

/// The preset the rules are, or "custom".
fn preset(rules: Rules) -> &'static str {
    rules.preset_name().unwrap_or("custom")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn custom_rules_are_no_preset() {
        let mut r = Rules::preset("french").unwrap();
        assert_eq!(preset(r), "french");
        r.free_pass = !r.free_pass;
        assert_eq!(preset(r), "custom");
    }
}
