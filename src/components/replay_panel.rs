//! The side panel of the replay viewer: where the replay is, the die,
//! step and autoplay buttons, "Play from here", Share, and the move list
//! (each move can be clicked). Markup kept in step by one effect, like
//! the game's panel.

use super::dom::{self, escape, flag, set};
use super::{Ctx, Screen, panel, share};
use crate::link::Link;
use crate::state::replay::Replay;
use crate::state::settings::Speed;
use crate::text::{Text, colour_name, die_label, log_line, opening, replay_at, t, wins};
use leptos::prelude::*;
use std::fmt::Write;
use web_sys::Element;

/// The replay panel's markup.
pub fn markup(speed: Speed) -> String {
    let b = |action: &str, text: Text, symbol: &str| {
        format!(
            r#"<button data-action="{action}" aria-label="{0}" title="{0}">{symbol}</button>"#,
            t(text)
        )
    };
    format!(
        concat!(
            r#"<div class="play replay"><header class="panel-head"><h1 class="title small">{title}</h1><button class="quiet" data-action="close">{close}</button></header>"#,
            r#"<h2>{replay}</h2><p class="notice" role="alert" data-replay-problem="" hidden></p>"#,
            r#"<div class="controls">{die}<p class="status" data-replay-at=""></p></div>"#,
            r#"<div class="replay-controls" role="group" aria-label="{replay}">{first}{back}<button class="primary" data-action="autoplay">{play}</button>{forward}{last}</div>"#,
            r#"<div class="actions"><button class="primary" data-action="play-from-here">{here}</button><button data-action="share">{share}</button></div>{share_box}"#,
            r#"<details class="log" open><summary>{moves}</summary><ol class="entries moves"></ol></details>"#,
            r#"{speed}<p class="sr-only" aria-live="polite" data-live=""></p></div>"#
        ),
        title = t(Text::Title),
        close = t(Text::Close),
        replay = t(Text::Replay),
        die = panel::die_markup(),
        first = b("first", Text::First, "«"),
        back = b("back", Text::Back, "◀"),
        play = t(Text::Autoplay),
        forward = b("forward", Text::Forward, "▶"),
        last = b("last", Text::Last, "»"),
        here = t(Text::PlayFromHere),
        share = t(Text::Share),
        share_box = share::markup(),
        moves = t(Text::Moves),
        speed = panel::speed_picker(speed),
    )
}

/// The move list: the opening rolls (a button to the start), then every
/// decision as a button to jump after it.
fn move_list(replay: &Replay, opening_rolls: Option<&str>) -> String {
    let mut m = String::new();
    if let Some(text) = opening_rolls {
        let _ = write!(
            m,
            r#"<li class="entry opening" data-opening-entry=""><button type="button" data-ply="0"><span class="ply"></span><span class="what">{}</span></button></li>"#,
            escape(text)
        );
    }
    for (i, e) in replay.entries().iter().enumerate() {
        let _ = write!(
            m,
            r#"<li class="entry {}"><button type="button" data-ply="{}"><span class="ply">{}</span><span class="who" title="{}"></span><span class="what">{}</span></button></li>"#,
            e.colour.name(),
            i + 1,
            i + 1,
            colour_name(e.colour),
            escape(&log_line(e.roll, e.mv))
        );
    }
    m
}

/// What the replay panel last showed.
#[derive(Default)]
pub struct ReplayPanel {
    list: String,
    pips: String,
}

impl ReplayPanel {
    /// Brings the panel under `root` in step with the replay.
    pub fn update(&mut self, root: &Element, ctx: Ctx) {
        let sharing = ctx.sharing.get();
        ctx.replay.with(|r| {
            let Some(r) = r else { return };
            let problem = r.problem.as_deref();
            dom::with(root, "[data-replay-problem]", |el| {
                flag(el, "hidden", problem.is_none())
            });
            dom::text(root, "[data-replay-problem]", problem.unwrap_or_default());
            let (ply, len) = (r.ply(), r.len());
            let entry = ply.checked_sub(1).and_then(|i| r.entries().get(i));
            let mut status = replay_at(ply, len);
            if let Some(e) = entry {
                let _ = write!(
                    status,
                    ": {} {}",
                    colour_name(e.colour),
                    log_line(e.roll, e.mv)
                );
            }
            let (winner, opening_rolls) = ctx
                .state
                .with(|s| (s.winner(), s.game().opening().map(opening)));
            if let (0, Some(text)) = (ply, &opening_rolls) {
                let _ = write!(status, ". {text}");
            }
            if let Some(w) = winner {
                let _ = write!(status, ". {}", wins(w));
            }
            dom::text(root, "[data-replay-at]", &status);
            dom::text(root, "[data-live]", &status);
            let roll = entry.and_then(|e| e.roll);
            dom::with(root, ".die", |el| {
                set(
                    el,
                    "data-value",
                    roll.map(|v| v.get().to_string()).as_deref(),
                );
                set(el, "aria-label", Some(&die_label(roll, false)));
                flag(el, "disabled", true);
            });
            dom::html(root, ".pips", &mut self.pips, panel::pips_markup(roll));
            for (action, off) in [
                ("first", ply == 0),
                ("back", ply == 0),
                ("forward", ply == len),
                ("last", ply == len),
                ("autoplay", len == 0),
            ] {
                dom::with(root, &format!(r#"[data-action="{action}"]"#), |el| {
                    flag(el, "disabled", off);
                });
            }
            dom::text(
                root,
                r#"[data-action="autoplay"]"#,
                t(if r.playing {
                    Text::Pause
                } else {
                    Text::Autoplay
                }),
            );
            dom::html(
                root,
                ".moves",
                &mut self.list,
                move_list(r, opening_rolls.as_deref()),
            );
            for el in dom::all(root, "[aria-current]") {
                set(&el, "aria-current", None);
            }
            if let Some(el) = dom::find(root, &format!(r#"[data-ply="{ply}"]"#)) {
                set(&el, "aria-current", Some("step"));
                scroll_into_view(&el);
            }
            let url = Link::Replay(r.record().to_code().unwrap_or_default())
                .address(&crate::browser::address());
            share::show(root, sharing.then_some((&url, "", r.record().seed)));
        });
    }
}

/// Scrolls the move list (not the page) to show `el`.
fn scroll_into_view(el: &Element) {
    use wasm_bindgen::JsCast;
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"block".into(), &"nearest".into());
    if let Some(f) = js_sys::Reflect::get(el, &"scrollIntoView".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
    {
        let _ = f.call1(el, &options);
    }
}

/// Moves the replay by a step `action` (`first`, `back`, `forward`,
/// `last`, `autoplay`) or to just after move `ply`; false if it is none.
fn step(ctx: Ctx, action: &str, ply: Option<usize>) -> bool {
    let known =
        ply.is_some() || matches!(action, "first" | "back" | "forward" | "last" | "autoplay");
    if known {
        ctx.replay.update(|r| {
            let Some(r) = r else { return };
            let playing = r.playing;
            r.playing = false;
            match (action, ply) {
                (_, Some(ply)) => r.go(ply),
                ("first", _) => r.go(0),
                ("back", _) => r.go(r.ply().saturating_sub(1)),
                ("forward", _) => r.go(r.ply() + 1),
                ("last", _) => r.go(r.len()),
                _ => {
                    if r.ply() == r.len() {
                        r.go(0);
                    }
                    r.playing = !playing;
                }
            }
        });
    }
    known
}

/// Runs the replay panel's button `action` (or a click on move `ply` of
/// the list); false if it is not one of its.
pub fn action(ctx: Ctx, root: &Element, action: &str, ply: Option<usize>) -> bool {
    match action {
        "play-from-here" => ctx.play_from_here(),
        "close" => ctx.close_replay(),
        "share" => ctx.sharing.update(|on| *on = !*on),
        _ => return step(ctx, action, ply) || share::action(root, action),
    }
    true
}

/// The arrow keys (and Home, End) of the replay viewer; true if `key` was
/// one of them.
pub fn key(ctx: Ctx, key: &str) -> bool {
    let action = match key {
        "ArrowLeft" => "back",
        "ArrowRight" => "forward",
        "Home" => "first",
        "End" => "last",
        _ => return false,
    };
    ctx.screen.get_untracked() == Screen::Replay && step(ctx, action, None)
}
