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

/// Moves the keyboard focus to the first element matching `selector`,
/// after the next render (SVG elements included).
pub fn focus_first(selector: &'static str) {
    gloo_timers::callback::Timeout::new(0, move || {
        let found = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.query_selector(selector).ok().flatten());
        if let Some(el) = found {
            js_focus(&el);
        }
    })
    .forget();
}

/// Calls `el.focus()` on any element (SVG elements are not HtmlElements).
fn js_focus(el: &web_sys::Element) {
    use wasm_bindgen::JsCast;
    let el: &wasm_bindgen::JsValue = el.as_ref();
    let func = web_sys::js_sys::Reflect::get(el, &"focus".into()).ok();
    if let Some(f) = func.and_then(|f| f.dyn_into::<web_sys::js_sys::Function>().ok()) {
        let _ = f.call0(el);
    }
}
