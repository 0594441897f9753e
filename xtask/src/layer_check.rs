//! The layer check (issue #49): the web app's folders in `src/` are its
//! layers, and a folder may use only the folders [`LAYERS`] lets it use
//! (by `use crate::X`, a `crate::X::` path, or `super::` paths that leave
//! the folder). The allowed graph itself has no cycle, so neither has the
//! app. And only the browser's own layers ([`BROWSER`]) call the browser
//! through `web_sys` or `js_sys`.

use crate::run::root;
use std::collections::BTreeSet;

/// Each top-level folder of `src/` and the folders it may use, from the
/// top of the app to its bottom (docs/architecture.md draws it).
pub const LAYERS: [(&str, &[&str]); 11] = [
    (
        "app",
        &[
            "panels",
            "intents",
            "online",
            "providers",
            "prerender",
            "board",
            "platform",
            "i18n",
            "worker",
            "state",
        ],
    ),
    (
        "panels",
        &[
            "intents",
            "online",
            "providers",
            "prerender",
            "board",
            "platform",
            "i18n",
            "worker",
            "state",
        ],
    ),
    (
        "intents",
        &["online", "providers", "platform", "i18n", "worker", "state"],
    ),
    ("online", &["providers", "platform", "i18n", "state"]),
    ("providers", &["platform", "i18n", "worker", "state"]),
    ("prerender", &["board", "i18n", "state"]),
    ("board", &["platform", "i18n", "state"]),
    ("platform", &["i18n", "worker", "state"]),
    ("i18n", &["state"]),
    ("worker", &["state"]),
    ("state", &[]),
];

/// Where `web_sys` and `js_sys` may be used: the platform layer and the
/// hand-drawn board.
const BROWSER: [&str; 2] = ["src/platform/", "src/board/"];

/// The folders `from` may use, or `None` if it is no layer.
fn allowed(layers: &[(&str, &[&str])], from: &str) -> Option<Vec<String>> {
    layers
        .iter()
        .find(|(name, _)| *name == from)
        .map(|(_, uses)| uses.iter().map(|u| u.to_string()).collect())
}

/// A cycle in the allowed graph `layers`, as its folders in order, if
/// there is one.
pub fn cycle(layers: &[(&str, &[&str])]) -> Option<Vec<String>> {
    fn visit(
        layers: &[(&str, &[&str])],
        at: &str,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == at) {
            let mut found = path[i..].to_vec();
            found.push(at.to_string());
            return Some(found);
        }
        if done.contains(at) {
            return None;
        }
        path.push(at.to_string());
        for next in allowed(layers, at).unwrap_or_default() {
            if let Some(found) = visit(layers, &next, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(at.to_string());
        None
    }
    let mut done = BTreeSet::new();
    layers
        .iter()
        .find_map(|(name, _)| visit(layers, name, &mut Vec::new(), &mut done))
}

/// The text of `source` with its comments, strings and character
/// literals blanked out (lines kept), so that only code is searched.
pub fn code_only(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    // Keeps line breaks of what is blanked.
    let blank = |c: char, out: &mut String| out.push(if c == '\n' { '\n' } else { ' ' });
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                blank(chars[i], &mut out);
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    blank(chars[i], &mut out);
                    i += 1;
                }
            }
        } else if c == 'r'
            && (next == Some('"') || next == Some('#'))
            && (i == 0 || !is_ident(chars[i - 1]))
        {
            // A raw string: r"…", r#"…"#, …
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            let close: String = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            let body: String = chars[j + 1..].iter().collect();
            let end = body.find(&close).map_or(chars.len(), |k| {
                j + 1 + body[..k].chars().count() + close.len()
            });
            for &b in &chars[i..end] {
                blank(b, &mut out);
            }
            i = end;
        } else if c == '"' {
            blank(c, &mut out);
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    blank(chars[i], &mut out);
                    i += 1;
                }
                if i < chars.len() {
                    blank(chars[i], &mut out);
                    i += 1;
                }
            }
            if i < chars.len() {
                blank(chars[i], &mut out);
                i += 1;
            }
        } else if c == '\'' {
            // A character literal ('x', '\n', '{'), or a lifetime ('a).
            let len = if next == Some('\\') {
                chars
                    .get(i + 3..)
                    .and_then(|rest| rest.iter().position(|&d| d == '\''))
                    .map(|k| k + 4)
            } else if chars.get(i + 2) == Some(&'\'') {
                Some(3)
            } else {
                None
            };
            match len {
                Some(n) => {
                    for _ in 0..n.min(chars.len() - i) {
                        out.push(' ');
                    }
                    i += n;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The top-level folders the code of the file at `rel` (a path like
/// `src/board/taps.rs`) uses, each with its line number.
pub fn uses(rel: &str, source: &str) -> Vec<(usize, String)> {
    let code = code_only(source);
    // The file's module path below the crate root: src/board/taps.rs is
    // [board, taps]; src/board/mod.rs is [board].
    let module: Vec<&str> = {
        let inner = rel.trim_start_matches("src/").trim_end_matches(".rs");
        let mut parts: Vec<&str> = inner.split('/').collect();
        if parts.last() == Some(&"mod") {
            parts.pop();
        }
        parts
    };
    let mut found = Vec::new();
    // Inline modules (`mod tests { … }`) open below the file's module:
    // their brace depths.
    let mut inline: Vec<usize> = Vec::new();
    let mut depth = 0usize;
    let mut pending_mod = false;
    for (n, line) in code.lines().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if let Some(k) = words.iter().position(|w| *w == "mod")
            && words.get(k + 1).is_some_and(|w| !w.ends_with(';'))
            && words[..k]
                .iter()
                .all(|w| w.starts_with("pub") || w.starts_with("#["))
        {
            pending_mod = true;
        }
        for (i, c) in line.char_indices() {
            match c {
                '{' => {
                    if pending_mod {
                        inline.push(depth);
                        pending_mod = false;
                    }
                    depth += 1;
                }
                '}' => {
                    depth = depth.saturating_sub(1);
                    if inline.last() == Some(&depth) {
                        inline.pop();
                    }
                }
                _ => {}
            }
            let before = line[..i].chars().last();
            if before.is_some_and(|b| is_ident(b) || b == ':') {
                continue;
            }
            let rest = &line[i..];
            if let Some(path) = rest.strip_prefix("crate::") {
                for folder in first_names(path, &code, n) {
                    found.push((n + 1, folder));
                }
            } else if rest.starts_with("super::") {
                let mut path = rest;
                let mut ups = 0;
                while let Some(after) = path.strip_prefix("super::") {
                    ups += 1;
                    path = after;
                }
                // Where the path starts: the module `ups` levels up.
                let here = module.len() + inline.len();
                if ups >= here {
                    // At the crate root (or above, which does not compile).
                    for folder in first_names(path, &code, n) {
                        found.push((n + 1, folder));
                    }
                }
            }
        }
    }
    found
}

/// The first path segments after `crate::` at the start of `path`: one
/// name, or each name of a `{a, b::c}` group (which may span lines of
/// `code` from line `n`).
fn first_names(path: &str, code: &str, n: usize) -> Vec<String> {
    if let Some(group) = path.strip_prefix('{') {
        // The group's text up to its closing brace.
        let mut text = group.to_string();
        for more in code.lines().skip(n + 1) {
            if text.contains('}') {
                break;
            }
            text.push(' ');
            text.push_str(more);
        }
        let mut names = Vec::new();
        let mut level = 0;
        let mut item = String::new();
        for c in text.chars() {
            match c {
                '{' => level += 1,
                '}' if level == 0 => break,
                '}' => level -= 1,
                ',' if level == 0 => {
                    names.push(std::mem::take(&mut item));
                    continue;
                }
                _ => {}
            }
            if level == 0 {
                item.push(c);
            }
        }
        names.push(item);
        names
            .iter()
            .map(|i| i.trim().chars().take_while(|&c| is_ident(c)).collect())
            .filter(|i: &String| !i.is_empty() && i != "self")
            .collect()
    } else {
        let name: String = path.chars().take_while(|&c| is_ident(c)).collect();
        if name.is_empty() {
            Vec::new()
        } else {
            vec![name]
        }
    }
}

/// The folder of `src/` the file at `rel` is in, if it is in one (the
/// files at the top and in `src/bin/` are the entry points).
fn folder_of(rel: &str) -> Option<&str> {
    let inner = rel.strip_prefix("src/")?;
    let (folder, _) = inner.split_once('/')?;
    (folder != "bin").then_some(folder)
}

/// Every broken rule in one file, as `path:line: what`.
pub fn offences(layers: &[(&str, &[&str])], rel: &str, source: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let Some(from) = folder_of(rel) else {
        return problems;
    };
    let Some(may) = allowed(layers, from) else {
        return vec![format!(
            "{rel}: src/{from}/ is no layer: add it to layer_check::LAYERS"
        )];
    };
    let mut seen = BTreeSet::new();
    for (line, to) in uses(rel, source) {
        if to == from || !layers.iter().any(|(name, _)| *name == to) {
            // Its own folder, or a module at the top (lib.rs's `App`).
            continue;
        }
        if may.contains(&to) {
            continue;
        }
        if seen.insert((line, to.clone())) {
            problems.push(format!(
                "{rel}:{line}: src/{from}/ uses src/{to}/, which it may not (it may use: {})",
                if may.is_empty() {
                    "nothing".to_string()
                } else {
                    may.join(", ")
                }
            ));
        }
    }
    problems
}

/// The lines of `source` that call the browser (`web_sys`, `js_sys`), as
/// `path:line: what`.
pub fn browser_calls(rel: &str, source: &str) -> Vec<String> {
    code_only(source)
        .lines()
        .enumerate()
        .filter_map(|(n, line)| {
            ["web_sys", "js_sys"]
                .into_iter()
                .find(|name| {
                    line.match_indices(name).any(|(i, _)| {
                        let before = line[..i].chars().last();
                        let after = line[i + name.len()..].chars().next();
                        !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
                    })
                })
                .map(|name| {
                    format!(
                        "{rel}:{}: `{name}` outside src/platform/ and src/board/",
                        n + 1
                    )
                })
        })
        .collect()
}

/// Checks every `.rs` file of `src/`.
pub fn check() -> Result<(), String> {
    let mut problems = Vec::new();
    if let Some(found) = cycle(&LAYERS) {
        problems.push(format!(
            "layer_check::LAYERS has a cycle: {}",
            found.join(" -> ")
        ));
    }
    let base = root();
    let mut files = Vec::new();
    crate::views_check::collect(&base.join("src"), &mut files);
    files.sort();
    for file in &files {
        let rel = file
            .strip_prefix(&base)
            .unwrap_or(file)
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(file).map_err(|e| format!("{rel}: {e}"))?;
        problems.extend(offences(&LAYERS, &rel, &text));
        if !BROWSER.iter().any(|b| rel.starts_with(b)) {
            problems.extend(browser_calls(&rel, &text));
        }
    }
    println!(
        "layer check: {} files, {} layers (xtask/src/layer_check.rs)",
        files.len(),
        LAYERS.len(),
    );
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "the layers of src/ are broken (see docs/architecture.md, \"The app's layers\"):\n{}",
            problems.join("\n")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn broken(rel: &str, source: &str) -> Vec<String> {
        offences(&LAYERS, rel, source)
    }

    #[test]
    fn a_bad_import_fails_with_its_line_and_rule() {
        let file = "//! The game's state.\n\nuse crate::state::setup::Seat;\nuse crate::panels::chart::Chart;\n";
        let found = broken("src/state/mod.rs", file);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].starts_with("src/state/mod.rs:4: src/state/ uses src/panels/"),
            "{}",
            found[0]
        );
        assert!(found[0].contains("it may use: nothing"), "{}", found[0]);
        // The ways of naming another folder: a path in code, a group (over
        // lines), and `super::` out of the folder.
        for bad in [
            "fn f() { crate::intents::Ctx::new(); }",
            "use crate::{\n    i18n::Text,\n    board::Board,\n};",
            "use super::super::board::Board;",
        ] {
            assert_eq!(broken("src/platform/audio.rs", bad).len(), 1, "{bad}");
        }
        assert_eq!(broken("src/platform/mod.rs", "use super::board;").len(), 1);
        // Online rooms build on the game, never the reverse.
        assert_eq!(
            broken("src/providers/game.rs", "use crate::online::Online;").len(),
            1
        );
        assert_eq!(
            broken("src/online/mod.rs", "use crate::intents::Intents;").len(),
            1
        );
        assert!(broken("src/online/mod.rs", "use crate::providers::game::Game;").is_empty());
    }

    #[test]
    fn allowed_imports_comments_and_strings_pass() {
        for good in [
            "use crate::state::GameState;\nuse crate::i18n::{Text, t};",
            "//! Drawn by [`crate::board`].\nfn f() {}",
            "let s = \"crate::board::Board\";",
            "let s = r#\"crate::app\"#; let c = '{'; let d = '}';",
            "use super::browser;\nmod tests {\n    use super::*;\n}",
            "/* crate::app */ fn f<'a>(x: &'a str) {}",
        ] {
            assert_eq!(
                broken("src/platform/audio.rs", good),
                Vec::<String>::new(),
                "{good}"
            );
        }
        // The entry points use what they like.
        assert!(broken("src/main.rs", "use crate::app::App;").is_empty());
    }

    #[test]
    fn a_cycle_in_the_table_is_found() {
        assert_eq!(cycle(&LAYERS), None);
        let circle: [(&str, &[&str]); 3] = [("a", &["b"]), ("b", &["c"]), ("c", &["a"])];
        assert_eq!(
            cycle(&circle),
            Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
        );
    }

    #[test]
    fn the_browser_is_called_only_from_its_layers() {
        assert_eq!(
            browser_calls("src/panels/corner.rs", "let x = web_sys::window();").len(),
            1
        );
        assert!(browser_calls("src/panels/corner.rs", "// web_sys::window()").is_empty());
        assert!(browser_calls("src/panels/corner.rs", "let my_web_sys = 1;").is_empty());
    }

    #[test]
    fn the_app_passes_today() {
        check().unwrap();
    }
}
