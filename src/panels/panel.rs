//! The side panel while playing: whose turn, what to do, the die, the
//! actions, the end screen, the move log, the speed picker and the live
//! region for screen readers.
//!
//! The panel is markup text ([`markup`]) kept in step with the game by one
//! effect ([`Panel::update`]); its buttons carry an [`Action`]'s name in
//! `data-action`, found by one delegated click handler (app.rs).

use super::die::pips;
use super::dom::{self, escape, flag, set};
use super::share;
use super::words::{self, Words};
use crate::action::Action;
use crate::ctx::Ctx;
use crate::i18n;
use crate::prerender::guide;
use crate::state::log::stats;
use crate::state::save;
use crate::state::settings::Speed;
use crate::state::{GameState, News};
use crate::text::{
    Prompt, Text, colour_name, die_label, log_line, news, opening, prompt, seat_kind, speed_name,
    t, whose_turn, wins,
};
use crate::web::browser;
use barricade_rules::{Phase, Roll};
use leptos::prelude::*;
use std::fmt::Write;
use web_sys::Element;

/// What the player to move should do now.
fn current_prompt(s: &GameState) -> Option<Prompt> {
    if s.winner().is_some() || s.link_goes_to().is_some() {
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
    } else if s.destinations().iter().any(|c| c.is_bounce()) {
        Some(Prompt::Bounce)
    } else if s.selected().is_some() && s.can_pass() {
        Some(Prompt::ChooseSquareOrPass)
    } else if s.selected().is_some() {
        Some(Prompt::ChooseSquare)
    } else if s.can_pass() {
        Some(Prompt::ChoosePawnOrPass)
    } else {
        Some(Prompt::ChoosePawn)
    }
}

/// The die's markup: a button showing the pips of `data-value`.
pub fn die_markup() -> &'static str {
    r#"<button class="die" data-action="roll" data-die=""><svg viewBox="0 0 30 30" aria-hidden="true"><rect class="die-face" x="1" y="1" width="28" height="28" rx="6"/><g class="pips"></g></svg></button>"#
}

/// The pips of a die showing `value` (none for `None`).
pub fn pips_markup(value: Option<Roll>) -> String {
    let mut face = String::new();
    for (x, y) in pips(value.map_or(0, |r| r.get())) {
        let _ = write!(face, r#"<circle class="pip" cx="{x}" cy="{y}" r="3"/>"#);
    }
    face
}

/// The animation speed picker, with `current` chosen.
pub fn speed_picker(current: Speed) -> String {
    let mut m = format!(
        r#"<label class="field speed"><span>{}</span><select data-setting="speed" data-setup-speed="">"#,
        t(Text::Speed)
    );
    for s in Speed::ALL {
        let _ = write!(
            m,
            r#"<option value="{}"{}>{}</option>"#,
            s.code(),
            if s == current { " selected" } else { "" },
            speed_name(s)
        );
    }
    m + "</select></label>"
}

/// The panel's markup; `log_open`: the move log starts unfolded;
/// `words_open`: so does "Play in words".
pub fn markup(speed: Speed, log_open: bool, words_open: bool) -> String {
    let b = |action: Action, class: &str, text: Text| {
        format!(
            r#"<button{class} data-action="{}">{}</button>"#,
            action.name(),
            t(text)
        )
    };
    format!(
        concat!(
            r#"<div class="play"><header class="panel-head"><h1 class="title small">{title}</h1>{new_game}</header>"#,
            r#"<p class="notice" role="alert" data-notice="" hidden></p>"#,
            r#"<div class="turn" data-turn-marker=""><span class="swatch" aria-hidden="true"></span><span class="turn-name"></span><span class="turn-kind"></span></div>"#,
            r#"<div class="controls">{die}<p class="status"></p></div>{words}"#,
            r#"<section class="opening" data-opening="" hidden><h2>{opening}</h2><p></p></section>"#,
            r#"<section class="end" data-end="" role="status" hidden><h2 class="end-title"></h2><table class="stats"><thead><tr><th scope="col">{player}</th><th scope="col">{turns}</th><th scope="col">{captures}</th><th scope="col">{barricades}</th></tr></thead><tbody></tbody></table><div data-chart-slot=""></div>"#,
            r#"<div class="actions">{rematch}{new_game}</div></section>"#,
            r#"<div class="actions">{pass}{again}{cancel}{hint}{undo}{redo}{share}{resume}</div>{share_box}"#,
            r#"<details class="log"{open}><summary>{moves}</summary><p class="muted">{no_moves}</p><ol class="entries" reversed hidden tabindex="0" aria-label="{moves}"></ol></details>"#,
            r#"{speed}<p><a href="how-to-play.html" data-guide="">{guide}</a></p><p class="sr-only" role="status" data-live=""></p></div>"#
        ),
        guide = t(Text::HowToPlay),
        title = t(Text::Title),
        opening = t(Text::Opening),
        die = die_markup(),
        words = words::markup(words_open),
        share = b(Action::Share, "", Text::Share),
        resume = b(Action::Resume, " hidden", Text::Resume),
        share_box = share::markup(),
        new_game = b(Action::NewGame, r#" class="quiet""#, Text::NewGameButton),
        player = t(Text::Player),
        turns = t(Text::Turns),
        captures = t(Text::Captures),
        barricades = t(Text::Barricades),
        rematch = b(Action::Rematch, r#" class="primary""#, Text::Rematch),
        pass = b(Action::Pass, " hidden", Text::Pass),
        again = b(Action::Again, r#" class="primary" hidden"#, Text::Again),
        cancel = b(Action::Cancel, " hidden", Text::Cancel),
        undo = b(Action::Undo, "", Text::Undo),
        hint = b(Action::Hint, " hidden", Text::Hint),
        redo = b(Action::Redo, "", Text::Redo),
        open = if log_open { " open" } else { "" },
        moves = t(Text::Moves),
        no_moves = t(Text::NoMoves),
        speed = speed_picker(speed),
    )
}

/// The selector of the button of `action`.
pub fn selector(action: Action) -> String {
    format!(r#"[data-action="{}"]"#, action.name())
}

/// The rows of the end screen's table: each player's statistics.
fn stats_rows(s: &GameState) -> String {
    let winner = s.winner();
    let mut m = String::new();
    for &c in s.position().seats().colours() {
        let st = stats(s.log(), c);
        let won = winner.is_some_and(|w| w.contains(c));
        let _ = write!(
            m,
            r#"<tr class="{}{}"><th scope="row"><span class="swatch"></span>{}</th><td>{}</td><td>{}</td><td>{}</td></tr>"#,
            c.name(),
            if won { " won" } else { "" },
            colour_name(c),
            st.turns,
            st.captures,
            st.barricades
        );
    }
    m
}

/// The move log, newest first (at most 200 entries), the opening rolls
/// last.
fn log_rows(s: &GameState) -> String {
    let mut m = String::new();
    for (i, e) in s.log().iter().enumerate().rev().take(200) {
        let _ = write!(
            m,
            r#"<li class="entry {}"><span class="ply">{}</span><span class="who" title="{}"></span><span class="what">{}</span></li>"#,
            e.colour.name(),
            i + 1,
            colour_name(e.colour),
            escape(&log_line(s.position().board(), e.roll, e.mv))
        );
    }
    if let Some(o) = s.game().opening().filter(|_| s.log().len() < 200) {
        let _ = write!(
            m,
            r#"<li class="entry opening" data-opening-entry=""><span class="ply"></span><span class="what">{}</span></li>"#,
            escape(&opening(o))
        );
    }
    m
}

/// What the panel last showed, to touch only what changed.
#[derive(Default)]
pub struct Panel {
    /// The revision of the game the log and statistics were written for.
    revision: Option<u64>,
    pips: String,
    stats: String,
    log: String,
    words: Words,
}

impl Panel {
    /// Brings the panel under `root` in step with the game.
    pub fn update(&mut self, root: &Element, ctx: Ctx) {
        let human = ctx.human_turn();
        let tumbling = ctx.tumbling.get();
        let revision = ctx.revision.get();
        let same_record = self.revision.replace(revision) == Some(revision);
        ctx.state.with(|s| {
            let over = s.winner().is_some();
            let turn = s.turn();
            for sel in [".turn", ".controls"] {
                dom::with(root, sel, |el| flag(el, "hidden", over));
            }
            dom::with(root, ".end", |el| flag(el, "hidden", !over));
            dom::with(root, ".turn", |el| {
                set(el, "class", Some(&format!("turn {}", turn.name())));
            });
            dom::text(root, ".turn-name", &whose_turn(turn));
            dom::text(root, ".turn-kind", seat_kind(s.turn_kind()));
            let status = current_prompt(s).map(|p| prompt(turn, p));
            dom::text(root, ".status", status.as_deref().unwrap_or_default());

            let value = s
                .position()
                .roll()
                .or_else(|| s.log().last().and_then(|e| e.roll));
            let can_roll = human && s.phase() == Phase::Roll && s.walk().is_none();
            dom::with(root, ".die", |el| {
                let class = format!(
                    "die{}{}",
                    if tumbling { " tumbling" } else { "" },
                    if can_roll { " ready" } else { "" }
                );
                set(el, "class", Some(&class));
                set(
                    el,
                    "data-value",
                    value.map(|r| r.get().to_string()).as_deref(),
                );
                flag(el, "disabled", !can_roll);
                set(el, "aria-label", Some(&die_label(value, can_roll)));
            });
            dom::html(root, ".pips", &mut self.pips, pips_markup(value));

            if over {
                dom::text(
                    root,
                    ".end-title",
                    &s.winner().map(wins).unwrap_or_default(),
                );
                if !same_record {
                    dom::html(root, ".stats tbody", &mut self.stats, stats_rows(s));
                }
            }
            let shown = [
                (Action::Pass, human && s.can_pass()),
                (Action::Again, human && s.choosing_again()),
                (
                    Action::Cancel,
                    s.selected().is_some() || s.pending().is_some(),
                ),
                (
                    Action::Hint,
                    human && s.hint_question().is_some() && s.hint().is_none(),
                ),
            ];
            for (action, on) in shown {
                dom::with(root, &selector(action), |el| {
                    flag(el, "hidden", !on);
                });
            }
            // After a french 6, passing ends the turn: the button says so.
            let pass = t(if s.choosing_again() {
                Text::EndTurn
            } else {
                Text::Pass
            });
            dom::text(root, &selector(Action::Pass), pass);
            // The opening rolls, shown through the first round of play.
            let opening_text = s.game().opening().map(opening);
            let first_round = s.log().len() < s.position().seats().len();
            dom::with(root, "[data-opening]", |el| {
                flag(el, "hidden", opening_text.is_none() || !first_round || over);
            });
            dom::text(
                root,
                "[data-opening] p",
                opening_text.as_deref().unwrap_or_default(),
            );
            dom::with(root, &selector(Action::Resume), |el| {
                flag(el, "hidden", browser::load(save::PREVIOUS_KEY).is_none());
            });
            let notice = ctx.notice.get();
            dom::with(root, "[data-notice]", |el| {
                flag(el, "hidden", notice.is_none())
            });
            dom::text(root, "[data-notice]", notice.as_deref().unwrap_or_default());
            dom::with(root, &selector(Action::Undo), |el| {
                flag(el, "disabled", !s.can_undo());
            });
            dom::with(root, &selector(Action::Redo), |el| {
                flag(el, "disabled", !s.can_redo());
            });

            let empty = s.log().is_empty() && s.game().opening().is_none();
            dom::with(root, ".log .muted", |el| flag(el, "hidden", !empty));
            dom::with(root, ".entries", |el| flag(el, "hidden", empty));
            // The log changes with the record only (not with a selection
            // or a walking pawn's step).
            if !same_record {
                dom::html(root, ".entries", &mut self.log, log_rows(s));
                let preset = s.position().rules().preset_name().unwrap_or("custom");
                dom::with(root, "[data-guide]", |el| {
                    set(el, "href", Some(&guide::link(i18n::active(), preset)));
                });
            }

            self.words.update(root, s, human);
            if ctx.settings.with_untracked(|s| s.words) {
                // A move button pressed is gone with its list: focus goes
                // on to the next choice, or the die.
                browser::focus_first(&["[data-words] li button", ".die.ready"], true);
            }

            // By link, once this device has played, the link goes on to the
            // next player; otherwise Share shows the replay link.
            share::show(root, ctx.shared());

            // A new game with opening rolls announces them first.
            let mut live = match s.news() {
                // A decision made: then whose turn it is.
                Some(n @ News::Played(_)) if !over => {
                    format!("{}. {}", news(s.position().board(), n), whose_turn(turn))
                }
                Some(n) => news(s.position().board(), n),
                None if s.log().is_empty() => opening_text.unwrap_or_default(),
                None => String::new(),
            };
            if let Some(w) = s.winner() {
                live = format!("{live}. {}", wins(w));
            }
            dom::text(root, "[data-live]", &live);
        });
    }
}

/// Applies a change of the speed picker under `root`, if it is one.
pub fn speed_changed(ctx: Ctx, el: &Element) {
    if el.get_attribute("data-setting").as_deref() == Some("speed")
        && let Some(speed) = Speed::from_code(&dom::value(el))
    {
        ctx.set_speed(speed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_panel_has_every_control() {
        let m = markup(Speed::Normal, true, false);
        use Action::*;
        for action in [
            NewGame, Roll, Rematch, Pass, Again, Cancel, Hint, Undo, Redo, Share, Resume, Copy,
        ] {
            let name = action.name();
            assert!(m.contains(&format!(r#"data-action="{name}""#)), "{name}");
        }
        assert!(m.contains("data-live"));
        assert!(m.contains("data-turn-marker"));
        assert!(m.contains(r#"<details class="log" open>"#));
        assert_eq!(m.matches(" selected").count(), 1);
    }
}
