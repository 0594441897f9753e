//! The share box: a link to copy or send with the system share sheet, its
//! QR code for a phone at the table (drawn by the web worker), and the
//! dice seed for another table.

use super::dom::{self, flag, prop};
use crate::link::Link;
use crate::text::{Text, dice_seed, t};
use crate::{ai_protocol, ai_worker};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::Element;

/// The box's markup, hidden until [`show`].
pub fn markup() -> String {
    format!(
        concat!(
            r#"<section class="share" data-share="" hidden><p class="share-note"></p>"#,
            r#"<input type="text" readonly data-share-link="" aria-label="{link}"/>"#,
            r#"<div class="actions"><button class="primary" data-action="copy">{copy}</button><button data-action="send" hidden>{send}</button></div>"#,
            r#"<p class="muted share-status" aria-live="polite"></p><div class="qr" data-qr=""></div><p class="muted"><a class="share-seed" href=""></a></p></section>"#
        ),
        link = t(Text::Share),
        copy = t(Text::Copy),
        send = t(Text::Send),
    )
}

/// Shows the box under `root` with `url` (the QR code follows when the
/// link changed), a `note` above it and the game's `seed`; `None` hides it.
pub fn show(root: &Element, shown: Option<(&str, &str, u64)>) {
    let Some(el) = dom::find(root, "[data-share]") else {
        return;
    };
    flag(&el, "hidden", shown.is_none());
    let Some((url, note, seed)) = shown else {
        return;
    };
    dom::text(&el, ".share-note", note);
    // The seed as a link: a new game with the same dice, here or at
    // another table.
    dom::text(&el, ".share-seed", &dice_seed(seed));
    dom::with(&el, ".share-seed", |a| {
        dom::set(a, "href", Some(&Link::Seed(seed).fragment()))
    });
    dom::with(&el, "[data-action=send]", |b| {
        flag(b, "hidden", navigator_method("share").is_none())
    });
    let Some(input) = dom::find(&el, "[data-share-link]") else {
        return;
    };
    if input.get_attribute("value").as_deref() == Some(url) {
        return;
    }
    dom::set(&input, "value", Some(url));
    prop(&input, "value", url);
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

/// `navigator[name]` when the browser has it.
fn navigator_method(name: &str) -> Option<js_sys::Function> {
    let navigator = web_sys::window()?.navigator();
    js_sys::Reflect::get(&navigator, &name.into())
        .ok()?
        .dyn_into()
        .ok()
}

/// Calls `ok` or `failed` when `promise` settles.
fn settle(promise: &JsValue, ok: JsValue, failed: JsValue) {
    if let Ok(then) =
        js_sys::Reflect::get(promise, &"then".into()).and_then(|f| f.dyn_into::<js_sys::Function>())
    {
        let _ = then.call2(promise, &ok, &failed);
    }
}

/// Runs the box's button `action` under `root`; false if it is not one of
/// the box's.
pub fn action(root: &Element, action: &str) -> bool {
    let Some(input) = dom::find(root, "[data-share-link]") else {
        return false;
    };
    let url = input.get_attribute("value").unwrap_or_default();
    let status = root.clone();
    let say = move |text: Text| dom::text(&status, ".share-status", t(text));
    match action {
        "copy" => {
            let clipboard = web_sys::window()
                .map(|w| w.navigator())
                .and_then(|n| js_sys::Reflect::get(&n, &"clipboard".into()).ok())
                .filter(|c| !c.is_undefined());
            let write = clipboard.as_ref().and_then(|c| {
                let f: js_sys::Function = js_sys::Reflect::get(c, &"writeText".into())
                    .ok()?
                    .dyn_into()
                    .ok()?;
                f.call1(c, &url.as_str().into()).ok()
            });
            // Selected either way, so that the link can also be copied by hand.
            if let Some(f) = js_sys::Reflect::get(&input, &"select".into())
                .ok()
                .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
            {
                let _ = f.call0(&input);
            }
            match write {
                Some(promise) => {
                    let done = say.clone();
                    settle(
                        &promise,
                        Closure::once_into_js(move |_: JsValue| done(Text::Copied)),
                        Closure::once_into_js(move |_: JsValue| say(Text::CopyFailed)),
                    );
                }
                None => say(Text::CopyFailed),
            }
        }
        "send" => {
            if let (Some(share), Some(navigator)) = (
                navigator_method("share"),
                web_sys::window().map(|w| w.navigator()),
            ) {
                let data = js_sys::Object::new();
                let _ = js_sys::Reflect::set(&data, &"url".into(), &url.into());
                let _ = js_sys::Reflect::set(&data, &"title".into(), &t(Text::Title).into());
                // A dismissed share sheet rejects; that is no error.
                if let Ok(p) = share.call1(&navigator, &data) {
                    let ignore = || Closure::once_into_js(|_: JsValue| {});
                    settle(&p, ignore(), ignore());
                }
            }
        }
        _ => return false,
    }
    true
}
