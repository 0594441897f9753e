//! The page itself: its address's query and fragment, its `<meta>`
//! configuration, and what a key or toggle event says about its target.
//! Each one fails quietly outside a browser.

use wasm_bindgen::JsCast;

/// The value of `name=` in the page's query (`?a=1&name=v`), decoded.
pub fn query_param(name: &str) -> Option<String> {
    let search = web_sys::window()?
        .location()
        .search()
        .ok()
        .unwrap_or_default();
    let prefix = format!("{name}=");
    search
        .trim_start_matches('?')
        .split('&')
        .find_map(|kv| kv.strip_prefix(prefix.as_str()))
        .and_then(|v| js_sys::decode_uri_component(v).ok())
        .and_then(|v| v.as_string())
}

/// The `content` of the page's `<meta name="NAME">` (found by name, as a
/// `<meta>` is read; not a lookup of the page's views).
pub fn meta_content(name: &str) -> Option<String> {
    let meta = web_sys::window()?
        .document()?
        .get_elements_by_name(name)
        .item(0)?;
    meta.unchecked_ref::<web_sys::Element>()
        .get_attribute("content")
}

/// Whether the page came over https, and its host (`name:port`).
pub fn origin() -> Option<(bool, String)> {
    let location = web_sys::window()?.location();
    let https = location.protocol().ok()? == "https:";
    Some((https, location.host().ok()?))
}

/// Puts `fragment` in the address bar without adding to the history.
pub fn replace_fragment(fragment: &str) {
    let Some(w) = web_sys::window() else { return };
    if let (Ok(history), Ok(path), Ok(search)) =
        (w.history(), w.location().pathname(), w.location().search())
    {
        let _ = history.replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&format!("{path}{search}{fragment}")),
        );
    }
}

/// Is the key pressed in a form field (where letters are typed)?
pub fn in_form_field(e: &web_sys::KeyboardEvent) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"))
}

/// Is the `<details>` a toggle event came from open now?
pub fn details_open(e: &web_sys::Event) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlDetailsElement>().ok())
        .is_some_and(|d| d.open())
}
