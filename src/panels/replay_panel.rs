//! The side panel of the replay viewer: where the replay is, the die,
//! step and autoplay buttons, "Play from here", Share, the chart and the
//! move list (each move can be clicked), as Leptos views. The move list is
//! keyed by the replay and the ply, so stepping through the replay only
//! moves `aria-current` from one button to the next.

use super::chart::Chart;
use super::die::Die;
use super::share::ShareBox;
use super::speed::SpeedPicker;
use super::tr;
use crate::i18n::Words;
use crate::i18n::text::Text;
use crate::intents::Intents;
use crate::intents::action::Action;
use crate::platform::browser;
use crate::providers::analysis::Analysis;
use crate::providers::context;
use crate::providers::game::Game;
use crate::providers::replays::Replays;
use crate::state::replay::Replay;
use leptos::prelude::*;
use std::fmt::Write;

/// The line that says where the replay is: "Move 12 of 40: …", with the
/// opening rolls at the start and the winner.
fn status(
    w: Words,
    replay: &Replay,
    opening_rolls: Option<String>,
    winner: Option<String>,
) -> String {
    let (ply, len) = (replay.ply(), replay.len());
    let mut status = w.replay_at(ply, len);
    if let Some(e) = ply.checked_sub(1).and_then(|i| replay.entries().get(i)) {
        let _ = write!(
            status,
            ": {} {}",
            w.colour_name(e.colour),
            w.log_line(replay.record().board.board(), e.roll, e.mv)
        );
    }
    if let (0, Some(text)) = (ply, opening_rolls) {
        let _ = write!(status, ". {text}");
    }
    if let Some(winner) = winner {
        let _ = write!(status, ". {winner}");
    }
    status
}

/// The replay viewer's panel.
#[component]
pub fn ReplayPanel() -> impl IntoView {
    let game = context::<Game>();
    let replays = context::<Replays>();
    let intents = context::<Intents>();
    let w = context::<Words>();
    // (ply shown, plies, playing)
    let at = Memo::new(move |_| {
        replays
            .replay
            .with(|r| r.as_ref().map(|r| (r.ply(), r.len(), r.playing)))
            .unwrap_or_default()
    });
    let ply = Signal::derive(move || at.get().0);
    // In words of the page's language, redrawn when it changes.
    let problem = move || {
        replays.replay.with(|r| {
            r.as_ref()
                .and_then(|r| r.problem.as_ref().map(|p| w.link_problem(p)))
        })
    };
    let opening_rolls = move || {
        game.state
            .with(|s| s.game().opening().map(|o| w.opening(o)))
    };
    let line = Memo::new(move |_| {
        let winner = game.state.with(|s| s.winner().map(|t| w.wins(t)));
        replays
            .replay
            .with(|r| r.as_ref().map(|r| status(w, r, opening_rolls(), winner)))
            .unwrap_or_default()
    });
    let roll = Signal::derive(move || {
        replays.replay.with(|r| {
            let r = r.as_ref()?;
            r.entries().get(r.ply().checked_sub(1)?)?.roll
        })
    });
    let run = move |action: Action| move |_| intents.run(action);
    let step = move |action: Action,
                     text: Text,
                     symbol: &'static str,
                     off: fn((usize, usize, bool)) -> bool| {
        view! {
            <button
                data-action=action.name()
                aria-label=tr(w, text)
                title=tr(w, text)
                disabled=move || off(at.get())
                on:click=run(action)
            >
                {symbol}
            </button>
        }
    };
    // The list is written once per replay (keyed by it and the ply).
    let list = Memo::new(move |_| {
        replays
            .replay
            .with(|r| r.as_ref().map(|r| (r.id(), r.len())))
    });
    let entries = move || {
        list.get()
            .map(|(id, len)| (1..=len).map(|i| (id, i)).collect::<Vec<_>>())
            .unwrap_or_default()
    };
    let entry = move |(_, i): (u64, usize)| {
        let (colour, what) = replays
            .replay
            .with_untracked(|r| {
                let r = r.as_ref()?;
                let e = r.entries().get(i - 1)?;
                Some((e.colour, w.log_line(r.record().board.board(), e.roll, e.mv)))
            })
            .unwrap_or((barricade_rules::Colour::Red, String::new()));
        view! {
            <li class=format!("entry {}", colour.name())>
                <MoveButton ply=i>
                    <span class="ply">{i}</span>
                    <span class="who" title=w.colour_name(colour)></span>
                    <span class="what">{what}</span>
                </MoveButton>
            </li>
        }
    };
    view! {
        <div class="play replay">
            <header class="panel-head">
                <h1 class="title small">{tr(w, Text::Title)}</h1>
                <button class="quiet" data-action=Action::Close.name() on:click=run(Action::Close)>
                    {tr(w, Text::Close)}
                </button>
            </header>
            <h2>{tr(w, Text::Replay)}</h2>
            <p class="notice" role="alert" data-replay-problem="" hidden=move || problem().is_none()>
                {problem}
            </p>
            <div class="controls">
                <Die value=roll ready=false tumbling=false />
                <p class="status" data-replay-at="">{line}</p>
            </div>
            <div class="replay-controls" role="group" aria-label=tr(w, Text::Replay)>
                {step(Action::First, Text::First, "«", |(p, _, _)| p == 0)}
                {step(Action::Back, Text::Back, "◀", |(p, _, _)| p == 0)}
                <button
                    class="primary"
                    data-action=Action::Autoplay.name()
                    disabled=move || at.get().1 == 0
                    on:click=run(Action::Autoplay)
                >
                    {move || {
                        w.t(if at.get().2 { Text::Pause } else { Text::Autoplay })
                    }}
                </button>
                {step(Action::Forward, Text::Forward, "▶", |(p, len, _)| p == len)}
                {step(Action::Last, Text::Last, "»", |(p, len, _)| p == len)}
            </div>
            <div class="actions">
                <button
                    class="primary"
                    data-action=Action::PlayFromHere.name()
                    on:click=run(Action::PlayFromHere)
                >
                    {tr(w, Text::PlayFromHere)}
                </button>
                <button data-action=Action::Share.name() on:click=run(Action::Share)>
                    {tr(w, Text::Share)}
                </button>
            </div>
            <ShareBox />
            <div data-chart-slot="">
                <Chart ply on_mark=Callback::new(move |p| replays.go(|_, _| p)) />
            </div>
            <details class="log" open>
                <summary>{tr(w, Text::Moves)}</summary>
                <ol class="entries moves">
                    {move || {
                        list.track();
                        opening_rolls()
                            .map(|text| {
                                view! {
                                    <li class="entry opening" data-opening-entry="">
                                        <MoveButton ply=0>
                                            <span class="ply"></span>
                                            <span class="what">{text}</span>
                                        </MoveButton>
                                    </li>
                                }
                            })
                    }}
                    <For each=entries key=|k| *k children=entry />
                </ol>
            </details>
            <SpeedPicker />
            <p class="sr-only" aria-live="polite" data-live="">{line}</p>
        </div>
    }
}

/// A button of the move list: the board after ply `ply` on a click;
/// marked `aria-current` (and scrolled into view) while it is shown, and
/// `data-swing` when the analysis marks it.
#[component]
fn MoveButton(ply: usize, children: Children) -> impl IntoView {
    let replays = context::<Replays>();
    let analysis = context::<Analysis>();
    let current = Memo::new(move |_| {
        replays
            .replay
            .with(|r| r.as_ref().is_some_and(|r| r.ply() == ply))
    });
    let swing = Memo::new(move |_| analysis.marked.with(|m| m.contains(&ply)));
    let button = NodeRef::<leptos::html::Button>::new();
    // Keeps the move shown in sight in the list's own scrolling box.
    Effect::new(move |_| {
        if current.get()
            && let Some(b) = button.get()
        {
            browser::scroll_into_view(&b);
        }
    });
    view! {
        <button
            type="button"
            node_ref=button
            data-ply=ply
            data-swing=move || swing.get().then_some("")
            aria-current=move || current.get().then_some("step")
            on:click=move |_| replays.go(|_, _| ply)
        >
            {children()}
        </button>
    }
}
