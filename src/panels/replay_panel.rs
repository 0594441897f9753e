//! The side panel of the replay viewer: where the replay is, the die,
//! step and autoplay buttons, "Play from here", Share, and the move list
//! (each move can be clicked). Markup kept in step by one effect, like
//! the game's panel; the buttons run [`Action`]s through
//! [`Ctx::run`].

use super::dom::{self, escape, flag, set};
use super::panel::{self, selector};
use super::share;
use crate::action::Action;
use crate::ctx::Ctx;
use crate::state::replay::Replay;
use crate::state::settings::Speed;
use crate::text::{Text, colour_name, die_label, log_line, opening, replay_at, t, wins};
use crate::web::browser;
use leptos::prelude::*;
use std::fmt::Write;
use web_sys::Element;

/// The replay panel's markup.
pub fn markup(speed: Speed) -> String {
    let b = |action: Action, text: Text, symbol: &str| {
        format!(
            r#"<button data-action="{}" aria-label="{1}" title="{1}">{symbol}</button>"#,
            action.name(),
            t(text)
        )
    };
    format!(
        concat!(
            r#"<div class="play replay"><header class="panel-head"><h1 class="title small">{title}</h1><button class="quiet" data-action="close">{close}</button></header>"#,
            r#"<h2>{replay}</h2><p class="notice" role="alert" data-replay-problem="" hidden></p>"#,
            r#"<div class="controls">{die}<p class="status" data-replay-at=""></p></div>"#,
            r#"<div class="replay-controls" role="group" aria-label="{replay}">{first}{back}<button class="primary" data-action="autoplay">{play}</button>{forward}{last}</div>"#,
            r#"<div class="actions"><button class="primary" data-action="play-from-here">{here}</button><button data-action="share">{share}</button></div>{share_box}<div data-chart-slot=""></div>"#,
            r#"<details class="log" open><summary>{moves}</summary><ol class="entries moves"></ol></details>"#,
            r#"{speed}<p class="sr-only" aria-live="polite" data-live=""></p></div>"#
        ),
        title = t(Text::Title),
        close = t(Text::Close),
        replay = t(Text::Replay),
        die = panel::die_markup(),
        first = b(Action::First, Text::First, "«"),
        back = b(Action::Back, Text::Back, "◀"),
        play = t(Text::Autoplay),
        forward = b(Action::Forward, Text::Forward, "▶"),
        last = b(Action::Last, Text::Last, "»"),
        here = t(Text::PlayFromHere),
        share = t(Text::Share),
        share_box = share::markup(),
        moves = t(Text::Moves),
        speed = panel::speed_picker(speed),
    )
}

/// The move list: the opening rolls (a button to the start), then every
/// decision as a button to jump after it; the `marked` plies (the moves
/// that changed the chances most) carry `data-swing`.
fn move_list(replay: &Replay, opening_rolls: Option<&str>, marked: &[usize]) -> String {
    let mut m = String::new();
    if let Some(text) = opening_rolls {
        let _ = write!(
            m,
            r#"<li class="entry opening" data-opening-entry=""><button type="button" data-ply="0"><span class="ply"></span><span class="what">{}</span></button></li>"#,
            escape(text)
        );
    }
    let board = replay.record().board.board();
    for (i, e) in replay.entries().iter().enumerate() {
        let _ = write!(
            m,
            r#"<li class="entry {}"><button type="button" data-ply="{}"{}><span class="ply">{}</span><span class="who" title="{}"></span><span class="what">{}</span></button></li>"#,
            e.colour.name(),
            i + 1,
            if marked.contains(&(i + 1)) {
                r#" data-swing="""#
            } else {
                ""
            },
            i + 1,
            colour_name(e.colour),
            escape(&log_line(board, e.roll, e.mv))
        );
    }
    m
}

/// What the replay panel last showed.
#[derive(Default)]
pub struct ReplayPanel {
    list: String,
    /// The replay and the marked plies the move list was written for.
    list_of: Option<(u64, Vec<usize>)>,
    pips: String,
}

impl ReplayPanel {
    /// Brings the panel under `root` in step with the replay.
    pub fn update(&mut self, root: &Element, ctx: Ctx) {
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
                    log_line(r.record().board.board(), e.roll, e.mv)
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
                (Action::First, ply == 0),
                (Action::Back, ply == 0),
                (Action::Forward, ply == len),
                (Action::Last, ply == len),
                (Action::Autoplay, len == 0),
            ] {
                dom::with(root, &selector(action), |el| {
                    flag(el, "disabled", off);
                });
            }
            dom::text(
                root,
                &selector(Action::Autoplay),
                t(if r.playing {
                    Text::Pause
                } else {
                    Text::Autoplay
                }),
            );
            // The list changes with the replay and its marks only (not
            // with the ply shown, nor with each chance that arrives).
            let list_of = Some((r.id(), ctx.marked.get()));
            if self.list_of != list_of {
                let marked = list_of.as_ref().map(|l| l.1.as_slice()).unwrap_or_default();
                let list = move_list(r, opening_rolls.as_deref(), marked);
                dom::html(root, ".moves", &mut self.list, list);
                self.list_of = list_of;
            }
            for el in dom::all(root, "[aria-current]") {
                set(&el, "aria-current", None);
            }
            if let Some(el) = dom::find(root, &format!(r#"[data-ply="{ply}"]"#)) {
                set(&el, "aria-current", Some("step"));
                browser::scroll_into_view(&el);
            }
        });
        share::show(root, ctx.shared());
    }
}
