//! The views check (issue #20): the app writes its page as Leptos views,
//! so no `innerHTML`, no HTML assembled as text and no selector lookup may
//! appear in `src/` outside the hand-drawn board (`src/board/`) and the
//! pages written at build time (`src/prerender/`).
//!
//! The panels not yet turned into views are listed in [`PENDING`]; the
//! list only shrinks: a file in it that has become clean fails the check
//! too, so that it leaves the list.

use crate::run::root;
use std::path::Path;

/// Where markup text and selector lookups are allowed.
const ALLOWED: [&str; 2] = ["src/board/", "src/prerender/"];

/// Files still written as markup text, to be turned into views (none
/// left: every panel is Leptos views since issue #20).
const PENDING: [&str; 0] = [];

/// What may not be written: DOM calls that parse or find markup.
const CALLS: [&str; 7] = [
    "inner_html",
    "innerHTML",
    "outer_html",
    "insert_adjacent_html",
    "query_selector",
    ".closest(",
    "dom::closest(",
];

/// The first forbidden thing on `line`, if any: a DOM call from
/// [`CALLS`], or a string literal that opens an HTML or SVG tag.
pub fn offence(line: &str) -> Option<String> {
    let code = line.trim_start();
    if code.starts_with("//") {
        return None;
    }
    if let Some(call) = CALLS.iter().find(|c| code.contains(*c)) {
        return Some(format!(
            "`{}`",
            call.trim_matches('.').trim_end_matches('(')
        ));
    }
    markup_in_string(code).map(|tag| format!("HTML as text (`<{tag}`)"))
}

/// A tag opened inside a string literal on `code`: `"<div`, `r#"<svg`,
/// `"</p`, … (a `<` followed by a letter or `/` and a letter, after a
/// quote on the same line).
fn markup_in_string(code: &str) -> Option<String> {
    let bytes = code.as_bytes();
    let mut in_string = false;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'"' && (i == 0 || bytes[i - 1] != b'\\') {
            in_string = !in_string;
        } else if in_string && b == b'<' {
            let rest = &code[i + 1..];
            let rest = rest.strip_prefix('/').unwrap_or(rest);
            let tag: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            if tag.chars().next().is_some_and(|c| c.is_ascii_alphabetic()) {
                return Some(tag);
            }
        }
        i += 1;
    }
    None
}

/// Every offence in the text of one file, as `path:line: what`.
pub fn offences(path: &str, text: &str) -> Vec<String> {
    text.lines()
        .enumerate()
        .filter_map(|(i, line)| offence(line).map(|o| format!("{path}:{}: {o}", i + 1)))
        .collect()
}

/// Checks every `.rs` file of `src/`.
pub fn check() -> Result<(), String> {
    let base = root();
    let mut files = Vec::new();
    collect(&base.join("src"), &mut files);
    files.sort();
    let mut problems = Vec::new();
    for file in files {
        let rel = file
            .strip_prefix(&base)
            .unwrap_or(&file)
            .to_string_lossy()
            .replace('\\', "/");
        if ALLOWED.iter().any(|a| rel.starts_with(a)) {
            continue;
        }
        let text = std::fs::read_to_string(&file).map_err(|e| format!("{rel}: {e}"))?;
        let found = offences(&rel, &text);
        match (PENDING.contains(&rel.as_str()), found.is_empty()) {
            (false, false) => problems.extend(found),
            (true, true) => problems.push(format!(
                "{rel} has no markup text any more: take it off views_check::PENDING"
            )),
            _ => {}
        }
    }
    println!(
        "views check: {} files still markup text (xtask/src/views_check.rs, PENDING)",
        PENDING.len()
    );
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "markup text or a selector lookup outside src/board and src/prerender:\n{}",
            problems.join("\n")
        ))
    }
}

/// Every `.rs` file below `dir` (the views and the layer check read them).
pub fn collect(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_line_fails() {
        for bad in [
            r#"el.set_inner_html(&markup);"#,
            r##"let m = format!(r#"<button data-action="{}">"#, name);"##,
            r#"s.push_str("</li>");"#,
            r#"let b = root.query_selector("[data-die]");"#,
            r#"dom::closest(&e, "[data-ply]")"#,
        ] {
            assert!(offence(bad).is_some(), "{bad}");
        }
        let file = "fn a() {}\nfn b() { el.set_inner_html(\"<p>\"); }\n";
        assert_eq!(offences("src/x.rs", file).len(), 1);
        assert!(offences("src/x.rs", file)[0].starts_with("src/x.rs:2: "));
    }

    #[test]
    fn views_and_comparisons_pass() {
        for good in [
            r#"view! { <div class="corner"> }"#,
            r#"if a < b && c <= d { }"#,
            r#"// el.set_inner_html(&markup) was here"#,
            r#"let s = "a < b";"#,
            r#"<svg viewBox="0 0 24 24" aria-hidden="true">"#,
        ] {
            assert_eq!(offence(good), None, "{good}");
        }
    }

    #[test]
    fn the_app_passes_today() {
        check().unwrap();
    }
}
