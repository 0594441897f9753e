//! Finishing the built site, run by Trunk after every build (a
//! `post_build` hook in Trunk.toml) on its staging folder:
//!
//! - a strict Content-Security-Policy meta tag goes into `index.html`,
//!   allowing exactly the inline loader script Trunk emitted, by its
//!   SHA-256 hash;
//! - the app's JavaScript glue and `boot.js` are minified with terser
//!   (Trunk's own JS minifier cannot read wasm-bindgen's module), and the
//!   glue's integrity hash in `index.html` follows;
//! - the page shell goes into `<main data-shell>`: the board in its start
//!   position and the top of the new-game panel, drawn by the app's own
//!   markup builder (`barricade_web::prerender::shell::page`), so the board shows
//!   before the WebAssembly has loaded;
//! - the "How to play" page is written in every language
//!   (`barricade_web::prerender::guide::page`, from `src/prerender/guide/CODE.txt`), with the
//!   app's style sheet, its own and `guide.js`;
//! - the language files (`lang/*.txt`) lose their keys: the page reads
//!   the texts by their order (`barricade_web::i18n::parse`), and the
//!   keys are a third of a file's download;
//! - with the rooms build named (`cargo xtask build`), its glue and wasm
//!   go into `rooms/` and the page picks the build it loads
//!   ([`crate::rooms_build`]);
//! - `sw.js` gets the list of files to precache and a build id that
//!   changes whenever any file changes.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use sha2::{Digest, Sha256, Sha384};
use std::path::{Path, PathBuf};

/// Finishes the site in `$TRUNK_STAGING_DIR` (or `dist/` when run by hand).
pub fn finish() -> Result<(), String> {
    let dir = std::env::var_os("TRUNK_STAGING_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| crate::run::root().join("dist"));
    let index = dir.join("index.html");
    let mut html = read(&index)?;
    for file in list_files(&dir)? {
        let module = file.starts_with("barricade-web-") && file.ends_with(".js");
        if module || file == "boot.js" {
            html = minify(&dir.join(&file), module, &html)?;
        }
    }
    let html = crate::rooms_build::add(&dir, &html)?;
    let html = add_shell(&html, &barricade_web::prerender::shell::page(english()))?;
    let html = add_csp(&html)?;
    write(&index, &html)?;
    let main_css = main_style_sheet(&html).ok_or("index.html links no main-*.css")?;
    let icon = icon_link(&html).ok_or("index.html links no icon")?;
    let head = format!(
        r#"<link rel="stylesheet" href="{main_css}"/><link rel="stylesheet" href="guide.css"/>{icon}<script src="guide.js" defer></script>"#
    );
    write_guides(&dir, &head)?;

    for file in list_files(&dir)? {
        if file.starts_with("lang/") && file.ends_with(".txt") {
            let path = dir.join(&file);
            write(&path, &language_texts(&read(&path)?))?;
        }
    }

    let files = list_files(&dir)?;
    let mut build = Sha256::new();
    for file in &files {
        build.update(file.as_bytes());
        build.update(std::fs::read(dir.join(file)).map_err(|e| format!("{file}: {e}"))?);
    }
    let build_id: String = build.finalize()[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let precache: Vec<String> = std::iter::once("./".to_string())
        // The rooms build is fetched when a room is opened, not at install.
        .chain(
            files
                .iter()
                .filter(|f| *f != "sw.js" && !f.starts_with(crate::rooms_build::FOLDER))
                .cloned(),
        )
        .collect();
    let sw_path = dir.join("sw.js");
    let sw = read(&sw_path)?;
    let list = precache
        .iter()
        .map(|f| format!("\"{f}\""))
        .collect::<Vec<_>>()
        .join(", ");
    let sw = sw
        .replacen("\"__BUILD__\"", &format!("\"{build_id}\""), 1)
        .replacen("[\"__PRECACHE__\"]", &format!("[{list}]"), 1);
    write(&sw_path, &sw)?;
    println!(
        "xtask: site finished: CSP set, {} files precached, build {build_id}",
        precache.len()
    );
    Ok(())
}

/// Minifies the script at `path` in place with terser (`module`: an ES
/// module) and returns `html` with the script's integrity hash updated.
fn minify(path: &Path, module: bool, html: &str) -> Result<String, String> {
    let sri = |bytes: &[u8]| format!("sha384-{}", STANDARD.encode(Sha384::digest(bytes)));
    let before = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let terser = crate::run::root().join("node_modules/.bin/terser");
    let mut command = std::process::Command::new(&terser);
    command.arg(path).args(["-c", "-m", "-o"]).arg(path);
    if module {
        command.arg("--module");
    }
    crate::run::run(&mut command)
        .map_err(|e| format!("{e} (is terser installed? run `cargo xtask setup`)"))?;
    let after = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(html.replace(&sri(&before), &sri(&after)))
}

/// The policy: only this origin, wasm compilation allowed, inline scripts
/// only by hash, styles from files (plus style attributes), no plug-ins,
/// no framing of other sites, no form posts; WebSockets to any room server
/// (`?rooms=wss://…`, docs/online.md), which the page opens only when asked.
fn policy(script_hashes: &[String]) -> String {
    let hashes: String = script_hashes
        .iter()
        .map(|h| format!(" 'sha256-{h}'"))
        .collect();
    format!(
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'{hashes}; \
         style-src 'self'; style-src-attr 'unsafe-inline'; img-src 'self' data:; \
         connect-src 'self' ws: wss:; worker-src 'self'; manifest-src 'self'; object-src 'none'; \
         base-uri 'self'; form-action 'none'"
    )
}

/// Adds the CSP meta tag right after `<meta charset>`, hashing every inline
/// script in `html`.
fn add_csp(html: &str) -> Result<String, String> {
    if html.contains("Content-Security-Policy")
        && !html.contains("<!-- The Content-Security-Policy")
    {
        return Ok(html.to_string());
    }
    let hashes: Vec<String> = inline_scripts(html)
        .map(|body| STANDARD.encode(Sha256::digest(body.as_bytes())))
        .collect();
    let meta = format!(
        "\n    <meta http-equiv=\"Content-Security-Policy\" content=\"{}\" />",
        policy(&hashes)
    );
    // The tag may be minified (`<meta charset=utf-8>`).
    let at = html
        .find("<meta charset")
        .and_then(|start| html[start..].find('>').map(|end| start + end + 1))
        .ok_or("index.html has no <meta charset>")?;
    Ok(format!("{}{meta}{}", &html[..at], &html[at..]))
}

/// The app's words in English, built in natively.
fn english() -> barricade_web::i18n::Words {
    barricade_web::i18n::Words::english()
}

/// The app's hashed style sheet (`main-HASH.css`) that `html` links.
fn main_style_sheet(html: &str) -> Option<&str> {
    let start = html.find("main-")?;
    let end = start + html[start..].find(".css")? + 4;
    Some(&html[start..end])
}

/// The "How to play" page in every language, its head holding `head`.
fn write_guides(dir: &Path, head: &str) -> Result<(), String> {
    use barricade_web::i18n;
    use barricade_web::prerender::guide;
    let src = crate::run::root().join("src/prerender/guide");
    for language in i18n::Language::ALL {
        let code = language.code();
        let file = read(&dir.join(format!("lang/{code}.txt")))?;
        let words = i18n::Words::new(language, file)
            .ok_or(format!("lang/{code}.txt is not a language file"))?;
        let file = read(&src.join(format!("{code}.txt")))?;
        let texts = guide::Texts::parse(&file).ok_or(format!(
            "src/prerender/guide/{code}.txt: a line is not `key = text`"
        ))?;
        write(
            &dir.join(guide::file_name(language)),
            &guide::page(language, words, &texts, head),
        )?;
    }
    Ok(())
}

/// A language file's texts, one a line, without their keys.
fn language_texts(file: &str) -> String {
    let mut texts = String::with_capacity(file.len());
    for line in file.lines() {
        texts += line.split_once(" = ").map_or(line, |(_, text)| text);
        texts.push('\n');
    }
    texts
}

/// The `<link rel="icon">` tag of `html` (minified or not: the minifier
/// may reorder the attributes and drop the quotes).
fn icon_link(html: &str) -> Option<&str> {
    html.match_indices("<link").find_map(|(start, _)| {
        let tag = &html[start..start + html[start..].find('>')? + 1];
        (tag.contains(" rel=icon") || tag.contains(r#" rel="icon""#)).then_some(tag)
    })
}

/// Puts `shell` into the `<main>` marked `data-shell` (minified or not),
/// replacing whatever it held.
fn add_shell(html: &str, shell: &str) -> Result<String, String> {
    let missing = "index.html has no <main data-shell>...</main>";
    let mark = html.find("data-shell").ok_or(missing)?;
    let open_end = mark + html[mark..].find('>').ok_or(missing)? + 1;
    let close = open_end + html[open_end..].find("</main>").ok_or(missing)?;
    Ok(format!("{}{shell}{}", &html[..open_end], &html[close..]))
}

/// The text of every `<script>` element without a `src`.
fn inline_scripts(html: &str) -> impl Iterator<Item = &str> {
    html.split("<script").skip(1).filter_map(|rest| {
        let open_end = rest.find('>')?;
        if rest[..open_end].contains("src=") {
            return None;
        }
        let body = &rest[open_end + 1..];
        body.find("</script>").map(|end| &body[..end])
    })
}

/// Every file below `dir`, as `/`-separated paths relative to it, sorted.
fn list_files(dir: &Path) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        let entries =
            std::fs::read_dir(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if let Ok(relative) = path.strip_prefix(dir) {
                let parts: Vec<String> = relative
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                out.push(parts.join("/"));
            }
        }
    }
    out.sort();
    Ok(out)
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_only_inline_scripts() {
        let html = "<head><meta charset=\"utf-8\" /><script src=\"a.js\"></script>\
                    <script type=\"module\">go()</script></head>";
        let bodies: Vec<&str> = inline_scripts(html).collect();
        assert_eq!(bodies, ["go()"]);
        let out = add_csp(html).unwrap();
        let expected = STANDARD.encode(Sha256::digest(b"go()"));
        assert!(out.contains(&format!("'sha256-{expected}'")));
        assert!(out.find("Content-Security-Policy").unwrap() < out.find("<script").unwrap());
        let minified = add_csp("<meta charset=utf-8><script>go()</script>").unwrap();
        assert!(minified.starts_with("<meta charset=utf-8>\n    <meta http-equiv"));
    }

    #[test]
    fn language_files_are_served_without_keys() {
        assert_eq!(
            language_texts("title = Malefiz\nred = Rot|Roten\n"),
            "Malefiz\nRot|Roten\n"
        );
    }

    #[test]
    fn the_main_style_sheet_is_found() {
        let html = r#"<link rel="stylesheet" href="./main-0a1b.css" integrity="x"/>"#;
        assert_eq!(main_style_sheet(html), Some("main-0a1b.css"));
        assert_eq!(main_style_sheet("<p>no sheet</p>"), None);
        let icon = r#"<link href="data:image/svg+xml,%3Csvg%3E" rel=icon type=image/svg+xml>"#;
        let html = format!("<head><link href=a.png rel=apple-touch-icon>{icon}<title>");
        assert_eq!(icon_link(&html), Some(icon));
    }

    #[test]
    fn the_shell_fills_its_main_once() {
        let html = "<body><main class=layout data-shell></main><script>x</script></body>";
        let once = add_shell(html, "<svg></svg>").unwrap();
        assert_eq!(
            once,
            "<body><main class=layout data-shell><svg></svg></main><script>x</script></body>"
        );
        assert_eq!(add_shell(&once, "<svg></svg>").unwrap(), once);
        assert!(add_shell("<body></body>", "x").is_err());
        let page = add_shell(html, &barricade_web::prerender::shell::page(english())).unwrap();
        assert_eq!(page.matches("data-square=").count(), 112);
    }
}
