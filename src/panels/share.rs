//! The share box: a link to copy or send with the system share sheet, its
//! QR code for a phone at the table (drawn by the web worker), and the
//! dice seed for another table.

use super::tr;
use crate::i18n::Words;
use crate::i18n::text::Text;
use crate::intents::Intents;
use crate::intents::action::Action;
use crate::platform::ai_worker::{self, AiWorker};
use crate::platform::browser;
use crate::providers::context;
use crate::state::link::Link;
use crate::worker::protocol;
use leptos::prelude::*;

/// A QR code drawn by the worker: the link it encodes, its side in
/// modules with the quiet zone, and its SVG path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Qr {
    pub url: String,
    side: u32,
    path: String,
}

/// Reads the worker's answer to a QR request (`"SIZE PATH"`).
pub fn qr_of(url: String, body: Result<String, String>) -> Option<Qr> {
    let body = body.ok()?;
    let (size, path) = body.split_once(' ')?;
    Some(Qr {
        url,
        side: size.parse::<u32>().unwrap_or(21) + 8,
        path: path.to_string(),
    })
}

/// The share box (the game's panel's and the replay viewer's): open while
/// `Intents::shared` says so.
#[component]
pub fn ShareBox() -> impl IntoView {
    let intents = context::<Intents>();
    let w = context::<Words>();
    let shared = Memo::new(move |_| intents.shared());
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
        context::<AiWorker>().ask(
            ai_worker::QR,
            move |id| protocol::qr_request(id, &text),
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
            browser::send(&link, w.t(Text::Title));
        }
    };
    let note = move || shared.with(|s| s.as_ref().map(|s| s.note.clone()).unwrap_or_default());
    let seed = move || shared.with(|s| s.as_ref().map_or(0, |s| s.seed));
    let said = move || {
        let now = url.get();
        status.with(|s| {
            s.as_ref()
                .filter(|(link, _)| Some(link) == now.as_ref())
                .map(|(_, text)| w.t(*text))
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
                aria-label=tr(w, Text::Share)
                prop:value=move || url.get().unwrap_or_default()
            />
            <div class="actions">
                <button class="primary" data-action=Action::Copy.name() on:click=copy>
                    {tr(w, Text::Copy)}
                </button>
                <button data-action=Action::Send.name() hidden=!browser::can_send() on:click=send>
                    {tr(w, Text::Send)}
                </button>
            </div>
            <p class="muted share-status" aria-live="polite">{said}</p>
            <div class="qr" data-qr=move || drawn().map(|q| q.url).unwrap_or_default()>
                {qr_code(w, drawn)}
            </div>
            <p class="muted">
                <a class="share-seed" href=move || Link::Seed(seed()).fragment()>
                    {move || w.dice_seed(seed())}
                </a>
            </p>
        </section>
    }
}

/// A QR code the worker drew (`qr`), or nothing until it has.
pub fn qr_code(w: Words, qr: impl Fn() -> Option<Qr> + Send + Sync + 'static) -> impl IntoView {
    move || {
        qr().map(|q| {
            let side = q.side;
            view! {
                <svg viewBox=format!("-4 -4 {side} {side}") role="img" aria-label=tr(w, Text::QrCode)>
                    <rect x="-4" y="-4" width=side height=side fill="#fff" />
                    <path d=q.path />
                </svg>
            }
        })
    }
}
