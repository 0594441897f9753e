//! The share box: a link to copy or send with the system share sheet, its
//! QR code for a phone at the table (drawn by the web worker), and the
//! dice seed for another table.

use super::dom::{self, flag};
use super::{tr, words};
use crate::action::Action;
use crate::ai_protocol;
use crate::ctx::{Ctx, Shared};
use crate::link::Link;
use crate::text::{Text, dice_seed, t};
use crate::web::{ai_worker, browser};
use leptos::prelude::*;
use web_sys::Element;

/// A QR code drawn by the worker: the link it encodes, its side in
/// modules with the quiet zone, and its SVG path.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Qr {
    url: String,
    side: u32,
    path: String,
}

/// Reads the worker's answer to a QR request (`"SIZE PATH"`).
fn qr_of(url: String, body: Result<String, String>) -> Option<Qr> {
    let body = body.ok()?;
    let (size, path) = body.split_once(' ')?;
    Some(Qr {
        url,
        side: size.parse::<u32>().unwrap_or(21) + 8,
        path: path.to_string(),
    })
}

/// The share box (the replay viewer's; the game's panel still writes its
/// own as markup, [`markup`]): open while `Ctx::shared` says so.
#[component]
pub fn ShareBox() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let shared = Memo::new(move |_| ctx.shared());
    let url = Memo::new(move |_| shared.with(|s| s.as_ref().map(|s| s.url.clone())));
    // What Copy said, for the link it copied.
    let status = RwSignal::new(None::<(String, Text)>);
    let qr = RwSignal::new(None::<Qr>);
    // The worker draws the QR code of each new link.
    Effect::new(move |_| {
        let Some(url) = url.get() else { return };
        if qr.with_untracked(|q| q.as_ref().is_some_and(|q| q.url == url)) {
            return;
        }
        let text = url.clone();
        ai_worker::ask(
            move |id| ai_protocol::qr_request(id, &text),
            move |body| {
                if let Some(drawn) = qr_of(url, body) {
                    qr.set(Some(drawn));
                }
            },
        );
    });
    let input = NodeRef::<leptos::html::Input>::new();
    let copy = move |_| {
        let Some(link) = url.get_untracked() else {
            return;
        };
        // Selected either way, so that the link can also be copied by hand.
        if let Some(input) = input.get_untracked() {
            input.select();
        }
        let copied = link.clone();
        browser::copy(&link, move |ok| {
            let said = if ok { Text::Copied } else { Text::CopyFailed };
            status.set(Some((copied.clone(), said)));
        });
    };
    let send = move |_| {
        if let Some(link) = url.get_untracked() {
            browser::send(&link, t(Text::Title));
        }
    };
    let note = move || shared.with(|s| s.as_ref().map(|s| s.note.clone()).unwrap_or_default());
    let seed = move || shared.with(|s| s.as_ref().map_or(0, |s| s.seed));
    let said = move || {
        ctx.language.track();
        let now = url.get();
        status.with(|s| {
            s.as_ref()
                .filter(|(link, _)| Some(link) == now.as_ref())
                .map(|(_, text)| t(*text))
        })
    };
    let drawn = move || {
        let now = url.get();
        qr.get().filter(|q| Some(&q.url) == now.as_ref())
    };
    view! {
        <section class="share" data-share="" hidden=move || shared.with(Option::is_none)>
            <p class="share-note">{note}</p>
            <input
                type="text"
                readonly
                data-share-link=""
                node_ref=input
                aria-label=tr(ctx, Text::Share)
                prop:value=move || url.get().unwrap_or_default()
            />
            <div class="actions">
                <button class="primary" data-action=Action::Copy.name() on:click=copy>
                    {tr(ctx, Text::Copy)}
                </button>
                <button data-action=Action::Send.name() hidden=!browser::can_send() on:click=send>
                    {tr(ctx, Text::Send)}
                </button>
            </div>
            <p class="muted share-status" aria-live="polite">{said}</p>
            <div class="qr" data-qr=move || drawn().map(|q| q.url).unwrap_or_default()>
                {move || {
                    drawn()
                        .map(|q| {
                            let side = q.side;
                            view! {
                                <svg
                                    viewBox=format!("-4 -4 {side} {side}")
                                    role="img"
                                    aria-label=tr(ctx, Text::QrCode)
                                >
                                    <rect x="-4" y="-4" width=side height=side fill="#fff" />
                                    <path d=q.path />
                                </svg>
                            }
                        })
                }}
            </div>
            <p class="muted">
                <a class="share-seed" href=move || Link::Seed(seed()).fragment()>
                    {words(ctx, move || dice_seed(seed()))}
                </a>
            </p>
        </section>
    }
}

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
