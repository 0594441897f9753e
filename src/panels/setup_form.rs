//! The new-game form: seats (person or computer), teams, rules, seed, and
//! quick start. The board beside it previews the seats chosen.
//!
//! The form is markup text ([`markup`]); its controls are kept in step
//! with the choices by [`update`], and their changes come in through one
//! delegated handler ([`changed`]) as [`Ctx::choose`] intents.

use super::dom::{self, flag, set};
use super::panel::{self, selector};
use crate::action::Action;
use crate::ctx::Ctx;
use crate::i18n;
use crate::prerender::guide;
use crate::state::settings::Speed;
use crate::state::setup::SeatKind;
use crate::text::{Text, colour_name, preset_name, preset_summary, seat_kind, t};
use barricade_ai::Level;
use barricade_rules::{BoardId, Colour, Rules};
use leptos::prelude::*;
use std::fmt::Write;
use web_sys::Element;

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

/// The form's markup, the speed picker showing `speed`.
pub fn markup(speed: Speed) -> String {
    let mut m = format!(
        concat!(
            r#"<form class="setup"><h1 class="title">{}</h1><p class="tagline">{}</p>"#,
            r#"<p class="notice" role="alert" data-notice="" hidden></p>"#,
            r#"<button type="button" class="primary wide" data-action="{}">{}</button>"#,
            r#"<p><a href="how-to-play.html" data-guide="">{}</a></p>"#,
            r#"<h2>{}</h2><fieldset><legend>{}</legend>"#
        ),
        t(Text::Title),
        t(Text::Tagline),
        Action::QuickStart.name(),
        t(Text::QuickStart),
        t(Text::HowToPlay),
        t(Text::NewGame),
        t(Text::Players)
    );
    for c in Colour::ALL {
        let _ = write!(
            m,
            r#"<label class="field seat {0}"><span class="swatch" aria-hidden="true"></span><span class="seat-name">{1}</span><select data-setup-seat="{0}"><option value="-">{2}</option>"#,
            c.name(),
            colour_name(c),
            t(Text::SeatOff)
        );
        for k in KINDS {
            let _ = write!(
                m,
                r#"<option value="{}">{}</option>"#,
                k.code(),
                seat_kind(k)
            );
        }
        m.push_str("</select></label>");
    }
    let _ = write!(
        m,
        r#"<label class="check"><input type="checkbox" data-setup-teams=""/><span>{}</span></label><label class="check"><input type="checkbox" data-setup-by-link=""/><span>{}</span></label></fieldset><fieldset><legend>{}</legend><label class="field"><span>{}</span><select data-setup-board="">"#,
        t(Text::Teams),
        t(Text::ByLink),
        t(Text::Rules),
        t(Text::BoardChoice)
    );
    for (board, name) in [
        (BoardId::Classic, Text::BoardClassic),
        (BoardId::Quick, Text::BoardQuick),
    ] {
        let _ = write!(
            m,
            r#"<option value="{}">{}</option>"#,
            board.name(),
            t(name)
        );
    }
    let _ = write!(
        m,
        r#"</select></label><label class="field"><span>{}</span><select data-setup-preset="">"#,
        t(Text::Preset)
    );
    for p in Rules::PRESETS.into_iter().chain(["custom"]) {
        let hidden = if p == "custom" { " hidden" } else { "" };
        let _ = write!(
            m,
            r#"<option value="{p}"{hidden}>{}</option>"#,
            preset_name(p)
        );
    }
    m.push_str(r#"</select></label><p class="muted summary" data-setup-summary=""></p>"#);
    for (name, label, _, _) in TOGGLES {
        let _ = write!(
            m,
            r#"<label class="check"><input type="checkbox" data-setup-rule="{name}"/><span>{}</span></label>"#,
            t(label)
        );
    }
    let _ = write!(
        m,
        concat!(
            r#"</fieldset><label class="field"><span>{}</span><input type="text" inputmode="numeric" data-setup-seed="" placeholder="{}"/></label>{}"#,
            r#"<div class="actions"><button type="submit" class="primary" data-action="{}">{}</button><button type="button" data-action="{}" hidden>{}</button></div></form>"#
        ),
        t(Text::Seed),
        t(Text::SeedHint),
        panel::speed_picker(speed),
        Action::Start.name(),
        t(Text::Start),
        Action::BackToGame.name(),
        t(Text::BackToGame)
    );
    m
}

/// The preset the rules are, or "custom".
fn preset(rules: Rules) -> &'static str {
    rules.preset_name().unwrap_or("custom")
}

/// Brings the form under `root` in step with `choices`.
pub fn update(root: &Element, ctx: Ctx) {
    let c = ctx.form.get();
    for colour in Colour::ALL {
        let code = c.seats[colour.index()].map_or("-", SeatKind::code);
        let sel = format!(r#"[data-setup-seat="{}"]"#, colour.name());
        dom::with(root, &sel, |el| dom::set_value(el, code));
    }
    dom::with(root, "[data-setup-teams]", |el| {
        dom::set_checked(el, c.teams);
        flag(el, "disabled", c.colours().len() != 4);
    });
    dom::with(root, "[data-setup-board]", |el| {
        dom::set_value(el, c.board.name());
    });
    dom::with(root, "[data-setup-preset]", |el| {
        dom::set_value(el, preset(c.rules));
    });
    dom::text(
        root,
        "[data-setup-summary]",
        preset_summary(preset(c.rules)),
    );
    dom::with(root, "[data-guide]", |el| {
        let href = guide::link(i18n::active(), preset(c.rules));
        set(el, "href", Some(&href));
    });
    for (name, _, get, _) in TOGGLES {
        let sel = format!(r#"[data-setup-rule="{name}"]"#);
        dom::with(root, &sel, |el| dom::set_checked(el, get(&c.rules)));
    }
    dom::with(root, "[data-setup-by-link]", |el| {
        dom::set_checked(el, c.by_link)
    });
    // By link, every seat is a person: no computer levels to choose.
    for el in dom::all(root, "[data-setup-seat] option") {
        let computer = el
            .get_attribute("value")
            .and_then(|v| SeatKind::from_code(&v))
            .is_some_and(SeatKind::is_computer);
        flag(&el, "disabled", computer && c.by_link);
    }
    // The seed the next game will use, or empty for a random one.
    let seed = c.seed.map(|s| s.to_string()).unwrap_or_default();
    dom::with(root, "[data-setup-seed]", |el| dom::set_value(el, &seed));
    dom::with(root, &selector(Action::Start), |el| {
        flag(el, "disabled", c.seats().is_err());
    });
    dom::with(root, &selector(Action::BackToGame), |el| {
        flag(el, "hidden", !ctx.has_game.get());
    });
    let notice = ctx.notice.get();
    dom::with(root, "[data-notice]", |el| {
        flag(el, "hidden", notice.is_none())
    });
    dom::text(root, "[data-notice]", notice.as_deref().unwrap_or_default());
}

/// Starts a game with the form's choices and the seed typed into it.
pub fn start(root: &Element, ctx: Ctx) {
    let seed =
        dom::find(root, "[data-setup-seed]").and_then(|el| dom::value(&el).trim().parse().ok());
    ctx.form.update(|c| c.seed = seed);
    ctx.run(Action::Start);
}

/// Applies a change of the form control `el`.
pub fn changed(el: &Element, ctx: Ctx) {
    let value = dom::value(el);
    let checked = dom::checked(el);
    if let Some(colour) = el.get_attribute("data-setup-seat") {
        if let Some(colour) = Colour::ALL.into_iter().find(|c| c.name() == colour) {
            ctx.choose(|c| c.seats[colour.index()] = SeatKind::from_code(&value));
        }
    } else if el.has_attribute("data-setup-teams") {
        ctx.choose(|c| c.teams = checked);
    } else if el.has_attribute("data-setup-seed") {
        ctx.choose(|c| c.seed = value.trim().parse().ok());
    } else if el.has_attribute("data-setup-by-link") {
        ctx.choose(|c| {
            c.by_link = checked;
            if checked {
                for seat in c.seats.iter_mut().flatten() {
                    *seat = SeatKind::Human;
                }
            }
        });
    } else if el.has_attribute("data-setup-board") {
        if let Ok(board) = value.parse() {
            ctx.choose(|c| c.board = board);
        }
    } else if el.has_attribute("data-setup-preset") {
        if let Some(r) = Rules::preset(&value) {
            ctx.choose(|c| c.rules = r);
        }
    } else if let Some(name) = el.get_attribute("data-setup-rule")
        && let Some((_, _, _, set)) = TOGGLES.into_iter().find(|t| t.0 == name)
    {
        ctx.choose(|c| set(&mut c.rules, checked));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_form_has_every_control() {
        let m = markup(Speed::Fast);
        for c in Colour::ALL {
            assert!(m.contains(&format!(r#"data-setup-seat="{}""#, c.name())));
        }
        for sel in [
            "data-setup-teams",
            "data-setup-preset",
            "data-setup-seed",
            "data-setup-speed",
            r#"data-action="start""#,
            r#"data-action="quick-start""#,
            r#"data-action="back-to-game""#,
            r#"data-setup-rule="french""#,
            r#"data-setup-rule="bottom-row""#,
            "data-setup-summary",
            "data-setup-by-link",
            "data-setup-board",
        ] {
            assert!(m.contains(sel), "{sel}");
        }
        assert_eq!(m.matches("<option").count(), 4 * 6 + 2 + 5 + 4);
        assert!(m.contains(r#"<option value="quick">"#));
    }

    #[test]
    fn custom_rules_are_no_preset() {
        let mut r = Rules::preset("french").unwrap();
        assert_eq!(preset(r), "french");
        r.free_pass = !r.free_pass;
        assert_eq!(preset(r), "custom");
    }
}
