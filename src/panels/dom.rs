//! Small helpers for the parts of the page that are written as markup text
//! and then kept in step by an effect: set an attribute, a property or a
//! text, find elements, escape text for markup.

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, HtmlSelectElement};

/// Sets (`Some`) or removes (`None`) an attribute.
pub fn set(el: &Element, name: &str, value: Option<&str>) {
    let _ = match value {
        Some(v) => el.set_attribute(name, v),
        None => el.remove_attribute(name),
    };
}

/// Sets a boolean attribute such as `hidden` or `disabled`.
pub fn flag(el: &Element, name: &str, on: bool) {
    set(el, name, on.then_some(""));
}

/// Sets the `value` of a form control (an input or a select).
pub fn set_value(el: &Element, value: &str) {
    if let Some(input) = el.dyn_ref::<HtmlInputElement>() {
        input.set_value(value);
    } else if let Some(select) = el.dyn_ref::<HtmlSelectElement>() {
        select.set_value(value);
    }
}

/// The `value` of a form control (an input or a select).
pub fn value(el: &Element) -> String {
    if let Some(input) = el.dyn_ref::<HtmlInputElement>() {
        input.value()
    } else if let Some(select) = el.dyn_ref::<HtmlSelectElement>() {
        select.value()
    } else {
        String::new()
    }
}

/// Ticks or clears a checkbox.
pub fn set_checked(el: &Element, on: bool) {
    if let Some(input) = el.dyn_ref::<HtmlInputElement>() {
        input.set_checked(on);
    }
}

/// Is the checkbox ticked?
pub fn checked(el: &Element) -> bool {
    el.dyn_ref::<HtmlInputElement>()
        .is_some_and(HtmlInputElement::checked)
}

/// The first element matching `selector` inside `root`.
pub fn find(root: &Element, selector: &str) -> Option<Element> {
    root.query_selector(selector).ok().flatten()
}

/// The elements matching `selector` inside `root`, in document order.
pub fn all(root: &Element, selector: &str) -> Vec<Element> {
    let Ok(list) = root.query_selector_all(selector) else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into().ok())
        .collect()
}

/// Calls `f` with the first element matching `selector` inside `root`.
pub fn with(root: &Element, selector: &str, f: impl FnOnce(&Element)) {
    if let Some(el) = find(root, selector) {
        f(&el);
    }
}

/// Sets the text of the element matching `selector` if it changed (so that
/// live regions announce only news).
pub fn text(root: &Element, selector: &str, text: &str) {
    with(root, selector, |el| {
        if el.text_content().as_deref() != Some(text) {
            el.set_text_content(Some(text));
        }
    });
}

/// Replaces the content of the element matching `selector` when `markup`
/// differs from what `last` says was put there before.
pub fn html(root: &Element, selector: &str, last: &mut String, markup: String) {
    if *last != markup {
        with(root, selector, |el| el.set_inner_html(&markup));
        *last = markup;
    }
}

/// The nearest element around an event's target that matches `selector`.
pub fn closest(e: &web_sys::Event, selector: &str) -> Option<Element> {
    let target: Element = e.target()?.dyn_into().ok()?;
    target.closest(selector).ok()?
}

pub use crate::prerender::escape;
