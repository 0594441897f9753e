//! The share box: a link to copy or send with the system share sheet, its
//! QR code for a phone at the table (drawn by the web worker), and the
//! dice seed for another table.

use super::dom::{self, flag};
use crate::action::Action;
use crate::ai_protocol;
use crate::ctx::Shared;
use crate::link::Link;
use crate::text::{Text, dice_seed, t};
use crate::web::{ai_worker, browser};
use web_sys::Element;

/// The box's markup, hidden until [`show`].
pub fn markup() -> String {
    format!(
        concat!(
            r#"<section class="share" data-share="" hidden><p class="share-note"></p>"#,
            r#"<input type="text" readonly data-share-link="" aria-label="{link}"/>"#,
            r#"<div class="actions"><button class="primary" data-action="{copy_action}">{copy}</button><button data-action="{send_action}" hidden>{send}</button></div>"#,
            r#"<p class="muted share-status" aria-live="polite"></p><div class="qr" data-qr=""></div><p class="muted"><a class="share-seed" href=""></a></p></section>"#
        ),
        link = t(Text::Share),
        copy_action = Action::Copy.name(),
        send_action = Action::Send.name(),
        copy = t(Text::Copy),
        send = t(Text::Send),
    )
}

/// Shows the box under `root` with the link of `shown` (the QR code
/// follows when the link changed), its note and the game's seed; `None`
/// hides it.
pub fn show(root: &Element, shown: Option<Shared>) {
    let Some(el) = dom::find(root, "[data-share]") else {
        return;
    };
    flag(&el, "hidden", shown.is_none());
    let Some(Shared { url, note, seed }) = shown else {
        return;
    };
    let (url, note) = (url.as_str(), note.as_str());
    dom::text(&el, ".share-note", note);
    // The seed as a link: a new game with the same dice, here or at
    // another table.
    dom::text(&el, ".share-seed", &dice_seed(seed));
    dom::with(&el, ".share-seed", |a| {
        dom::set(a, "href", Some(&Link::Seed(seed).fragment()))
    });
    dom::with(&el, "[data-action=send]", |b| {
        flag(b, "hidden", !browser::can_send())
    });
    let Some(input) = dom::find(&el, "[data-share-link]") else {
        return;
    };
    if input.get_attribute("value").as_deref() == Some(url) {
        return;
    }
    dom::set(&input, "value", Some(url));
    dom::set_value(&input, url);
    dom::text(&el, ".share-status", "");
    let (text, url) = (url.to_string(), url.to_string());
    ai_worker::ask(
        move |id| ai_protocol::qr_request(id, &text),
        move |body| draw_qr(&url, body),
    );
}

/// Puts the worker's QR code for `url` into the box (if it still shows
/// that link).
fn draw_qr(url: &str, body: Result<String, String>) {
    let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("[data-qr]").ok().flatten())
    else {
        return;
    };
    let shown = dom::find(&el, "svg").and_then(|_| el.get_attribute("data-qr"));
    let current = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("[data-share-link]").ok().flatten())
        .and_then(|i| i.get_attribute("value"));
    if current.as_deref() != Some(url) || shown.as_deref() == Some(url) {
        return;
    }
    let markup = match body.as_deref().map(|b| b.split_once(' ')) {
        Ok(Some((size, path))) => {
            let side = size.parse::<u32>().unwrap_or(21) + 8;
            format!(
                r##"<svg viewBox="-4 -4 {side} {side}" role="img" aria-label="{}"><rect x="-4" y="-4" width="{side}" height="{side}" fill="#fff"/><path d="{path}"/></svg>"##,
                t(Text::QrCode)
            )
        }
        _ => String::new(),
    };
    el.set_inner_html(&markup);
    dom::set(&el, "data-qr", Some(url));
}

/// Runs the box's button `action` (Copy, Send) under `root`.
pub fn action(root: &Element, action: Option<Action>) {
    let Some(input) = dom::find(root, "[data-share-link]") else {
        return;
    };
    let url = input.get_attribute("value").unwrap_or_default();
    match action {
        Some(Action::Copy) => {
            // Selected either way, so that the link can also be copied by hand.
            if let Some(input) = wasm_bindgen::JsCast::dyn_ref::<web_sys::HtmlInputElement>(&input)
            {
                input.select();
            }
            let status = root.clone();
            browser::copy(&url, move |ok| {
                let said = t(if ok { Text::Copied } else { Text::CopyFailed });
                dom::text(&status, ".share-status", said);
            });
        }
        Some(Action::Send) => browser::send(&url, t(Text::Title)),
        _ => {}
    }
}
