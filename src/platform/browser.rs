//! The few browser services the app uses: localStorage, a random seed,
//! reduced-motion preference. Each one fails quietly outside a browser.

/// The page's localStorage, if it is available.
fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The stored text under `key`.
pub fn load(key: &str) -> Option<String> {
    storage()?.get_item(key).ok()?
}

/// Stores `text` under `key` (quietly does nothing when storage is full
/// or blocked).
pub fn store(key: &str, text: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(key, text);
    }
}

/// Removes `key`.
pub fn remove(key: &str) {
    if let Some(s) = storage() {
        let _ = s.remove_item(key);
    }
}

/// The fragment of the page's address (`#...`), or "".
pub fn fragment() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// The page's address.
pub fn address() -> String {
    web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default()
}

/// Drops the fragment from the address bar, without reloading or adding
/// to the history (a reload then opens the saved game, not the link).
pub fn clear_fragment() {
    let Some(w) = web_sys::window() else { return };
    if w.location().hash().is_ok_and(|h| !h.is_empty())
        && let (Ok(history), Ok(path), Ok(search)) =
            (w.history(), w.location().pathname(), w.location().search())
    {
        let _ = history.replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&(path + &search)),
        );
    }
}

/// A fresh random dice seed from the browser's crypto (or the clock).
pub fn random_seed() -> u64 {
    let mut bytes = [0u8; 8];
    let crypto = web_sys::window().and_then(|w| w.crypto().ok());
    match crypto.map(|c| c.get_random_values_with_u8_array(&mut bytes)) {
        Some(Ok(_)) => u64::from_le_bytes(bytes) >> 12,
        _ => js_sys_now(),
    }
}

fn js_sys_now() -> u64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(1, |p| (p.now() * 1000.0) as u64)
}

/// Does the user prefer reduced motion?
pub fn prefers_reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(prefers-reduced-motion: reduce)").ok())
        .flatten()
        .is_some_and(|m| m.matches())
}

/// After the page has been brought up to date, focuses the element
/// `pick` gives (without scrolling); `if_lost`: only if nothing has the
/// focus (the focused element was removed).
pub fn focus_later(if_lost: bool, pick: impl FnOnce() -> Option<web_sys::Element> + 'static) {
    gloo_timers::callback::Timeout::new(0, move || {
        let Some(d) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        let lost = d.active_element().is_none_or(|a| a.tag_name() == "BODY");
        if (lost || !if_lost)
            && let Some(el) = pick()
        {
            focus(&el);
        }
    })
    .forget();
}

/// Focuses `el` (an HTML or SVG element) without scrolling the page, so
/// that the board stays where it is.
pub fn focus(el: &web_sys::Element) {
    use wasm_bindgen::JsCast;
    let options = web_sys::FocusOptions::new();
    options.set_prevent_scroll(true);
    if let Some(el) = el.dyn_ref::<web_sys::HtmlElement>() {
        let _ = el.focus_with_options(&options);
    } else if let Some(el) = el.dyn_ref::<web_sys::SvgElement>() {
        let _ = el.focus_with_options(&options);
    }
}

/// `navigator[name]` when the browser has it.
fn navigator_method(name: &str) -> Option<js_sys::Function> {
    use wasm_bindgen::JsCast;
    let navigator = web_sys::window()?.navigator();
    js_sys::Reflect::get(&navigator, &name.into())
        .ok()?
        .dyn_into()
        .ok()
}

/// Calls `ok` or `failed` when `promise` settles.
fn settle(promise: &js_sys::Promise, ok: impl FnOnce() + 'static, failed: impl FnOnce() + 'static) {
    use wasm_bindgen::prelude::Closure;
    let ok = Closure::once(move |_: wasm_bindgen::JsValue| ok());
    let failed = Closure::once(move |_: wasm_bindgen::JsValue| failed());
    let _ = promise.then2(&ok, &failed);
    ok.forget();
    failed.forget();
}

/// Copies `text` to the clipboard; `done` hears whether it worked.
pub fn copy(text: &str, done: impl Fn(bool) + Clone + 'static) {
    let clipboard = web_sys::window()
        .map(|w| w.navigator().clipboard())
        .filter(|c| !c.is_undefined());
    match clipboard {
        Some(clipboard) => {
            let failed = done.clone();
            let promise = clipboard.write_text(text);
            settle(&promise, move || done(true), move || failed(false));
        }
        None => done(false),
    }
}

/// Can the system share sheet be opened?
pub fn can_send() -> bool {
    navigator_method("share").is_some()
}

/// Opens the system share sheet with `url` and `title` (a dismissed sheet
/// is no error).
pub fn send(url: &str, title: &str) {
    if !can_send() {
        return;
    }
    if let Some(navigator) = web_sys::window().map(|w| w.navigator()) {
        let data = web_sys::ShareData::new();
        data.set_url(url);
        data.set_title(title);
        settle(&navigator.share_with_data(&data), || {}, || {});
    }
}

/// Shows the page from its top, where the board is, once the page has
/// been brought up to date: a game started or resumed on a phone after the
/// new-game form was scrolled down opens with the whole board in view.
pub fn show_board_top() {
    gloo_timers::callback::Timeout::new(0, || {
        if let Some(w) = web_sys::window() {
            w.scroll_to_with_x_and_y(0.0, 0.0);
        }
    })
    .forget();
}

/// Scrolls the nearest scrolling box (not the page) to show `el`.
pub fn scroll_into_view(el: &web_sys::Element) {
    let options = web_sys::ScrollIntoViewOptions::new();
    options.set_block(web_sys::ScrollLogicalPosition::Nearest);
    el.scroll_into_view_with_scroll_into_view_options(&options);
}

/// Is the page wide enough for the panel beside the board?
pub fn wide() -> bool {
    web_sys::window()
        .and_then(|w| w.inner_width().ok())
        .and_then(|v| v.as_f64())
        .is_none_or(|w| w > 760.0)
}

/// Fetches the text of the file at `path` (relative to the page; through
/// the service worker, so offline too once precached) and calls `done`
/// with it, or with `None` if it does not load. Promise callbacks, not
/// futures: an executor for one download would cost the page 2 KB.
pub fn fetch_text(path: &str, done: impl FnOnce(Option<String>) + 'static) {
    use std::{cell::Cell, rc::Rc};
    use wasm_bindgen::{JsCast, JsValue, closure::Closure};
    let Some(window) = web_sys::window() else {
        return;
    };
    let done = Rc::new(Cell::new(Some(done)));
    let answer = move |text: Option<String>| {
        if let Some(done) = done.take() {
            done(text);
        }
    };
    let failed = answer.clone();
    let on_response = move |response: JsValue| {
        let response: web_sys::Response = response.unchecked_into();
        let Some(text) = response.ok().then(|| response.text().ok()).flatten() else {
            return answer(None);
        };
        let failed = answer.clone();
        then(
            &text,
            Closure::once(move |text: JsValue| answer(text.as_string())),
            Closure::once(move |_: JsValue| failed(None)),
        );
    };
    then(
        &window.fetch_with_str(path),
        Closure::once(on_response),
        Closure::once(move |_: JsValue| failed(None)),
    );
}

/// `promise.then(ok, err)`; the callbacks live until the page closes
/// (a download is made at most once per language and visit).
fn then(
    promise: &js_sys::Promise,
    ok: wasm_bindgen::closure::Closure<dyn FnMut(wasm_bindgen::JsValue)>,
    err: wasm_bindgen::closure::Closure<dyn FnMut(wasm_bindgen::JsValue)>,
) {
    let _ = promise.then2(&ok, &err);
    ok.forget();
    err.forget();
}

/// The browser's languages, best first (`navigator.languages`).
pub fn preferred_languages() -> Vec<String> {
    web_sys::window()
        .map(|w| w.navigator().languages())
        .map(|list| list.iter().filter_map(|l| l.as_string()).collect())
        .unwrap_or_default()
}

/// Sets `<html lang>` and the page's title.
pub fn set_document_language(code: &str, title: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Some(html) = document.document_element() {
        let _ = html.set_attribute("lang", code);
    }
    document.set_title(title);
}
