//! What is written at build time (native code, called by `cargo xtask
//! finish-site`): the prerendered shell in `index.html` and the "How to
//! play" pages. The app uses only [`guide::link`] from here.

pub mod guide;
pub mod shell;

/// `text` escaped for use inside markup.
///
/// ```
/// assert_eq!(barricade_web::prerender::escape("a<b & c"), "a&lt;b &amp; c");
/// ```
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
