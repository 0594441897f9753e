//! One site, two builds of the app (docs/online.md, "Two builds, one
//! site"). The rooms client (the app's `online` feature) costs about 36 KB
//! gzip of WebAssembly, which players who never join a room should not
//! download. So the site holds both builds: the static one at the top, and
//! the one with the rooms client in `rooms/`, and the page picks one before
//! it downloads either:
//!
//! - a small inline script in the head, before the style sheet (an inline
//!   script after a style sheet waits for it), in place of Trunk's preload
//!   links, asks for the rooms build when the page knows a room server (`?rooms=` in its
//!   address, or the `<meta name="barricade-rooms">` that `barricade serve`
//!   writes, which comes earlier in the head), else for the static one,
//!   and preloads that build's glue and wasm with their integrity hashes;
//! - Trunk's loader imports the chosen build's glue instead of the static
//!   one's.
//!
//! A site built with `BARRICADE_ROOMS=wss://…` ([`ADDRESS_ENV`]) names
//! that room server in the page, so every visit offers rooms on it.
//!
//! `cargo xtask build` makes the rooms build first (into
//! `target/site-online/`) and names it in [`ENV`] for Trunk's hook,
//! which then calls [`add`]. Without it (a bare `trunk build`) the site
//! has the static build only, as before.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use sha2::{Digest, Sha384};
use std::path::Path;

/// The variable naming the folder of the rooms build for Trunk's hook.
pub const ENV: &str = "BARRICADE_ROOMS_BUILD";

/// The variable giving the site a room server's address (`ws://…` or
/// `wss://…`), written into the page as its `barricade-rooms` meta tag, so
/// that every visit offers rooms on that server.
pub const ADDRESS_ENV: &str = "BARRICADE_ROOMS";

/// The folder of the site that holds the rooms build.
pub const FOLDER: &str = "rooms";

/// The app's two files in one build: glue and wasm, relative to the site.
struct Build {
    glue: String,
    wasm: String,
    glue_sri: String,
    wasm_sri: String,
}

/// Copies the rooms build named by [`ENV`] (if any) into `site/rooms/` and
/// returns `html` loading the build the page picks.
pub fn add(site: &Path, html: &str) -> Result<String, String> {
    let Some(rooms) = std::env::var_os(ENV) else {
        return Ok(html.to_string());
    };
    let rooms = Path::new(&rooms);
    let folder = site.join(FOLDER);
    std::fs::create_dir_all(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    let glue = app_glue(rooms)?;
    for name in [glue.clone(), wasm_of(&glue)] {
        std::fs::copy(rooms.join(&name), folder.join(&name))
            .map_err(|e| format!("cannot copy {name} of the rooms build: {e}"))?;
    }
    let own = build(site, "", &app_glue(site)?)?;
    let with_rooms = build(site, &format!("{FOLDER}/"), &glue)?;
    let html = pick_in_page(html, &own, &with_rooms)?;
    match std::env::var(ADDRESS_ENV) {
        Ok(address) => with_address(&html, &address),
        Err(_) => Ok(html),
    }
}

/// `html` with the room server's `address` in a `barricade-rooms` meta
/// tag right after `<meta charset…>`, before the script that picks the
/// build reads it (`barricade serve` puts its own before it, which wins).
fn with_address(html: &str, address: &str) -> Result<String, String> {
    let valid = (address.starts_with("ws://") || address.starts_with("wss://"))
        && !address.contains(['"', '<', '>', ' ']);
    if !valid {
        return Err(format!(
            "{ADDRESS_ENV} must be a WebSocket address such as wss://rooms.example.org/rooms, not {address:?}"
        ));
    }
    let at = html
        .find("<meta charset")
        .ok_or("index.html has no <meta charset>")?;
    let at = at + html[at..].find('>').ok_or("<meta charset is not closed")? + 1;
    let mut page = html.to_string();
    page.insert_str(
        at,
        &format!("<meta name=barricade-rooms content=\"{address}\">"),
    );
    Ok(page)
}

/// The app's glue in `dir`: `barricade-web-HASH.js`.
fn app_glue(dir: &Path) -> Result<String, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    entries
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .find(|n| n.starts_with("barricade-web-") && n.ends_with(".js"))
        .ok_or_else(|| format!("{} holds no barricade-web-*.js", dir.display()))
}

fn wasm_of(glue: &str) -> String {
    format!("{}_bg.wasm", glue.trim_end_matches(".js"))
}

fn build(site: &Path, prefix: &str, glue: &str) -> Result<Build, String> {
    let sri = |name: &str| {
        let path = site.join(name);
        std::fs::read(&path)
            .map(|bytes| format!("sha384-{}", STANDARD.encode(Sha384::digest(bytes))))
            .map_err(|e| format!("{}: {e}", path.display()))
    };
    let glue = format!("{prefix}{glue}");
    let wasm = wasm_of(&glue);
    Ok(Build {
        glue_sri: sri(&glue)?,
        wasm_sri: sri(&wasm)?,
        glue,
        wasm,
    })
}

/// Replaces Trunk's preload links of the app by the chooser and Trunk's
/// loader by one that imports the chosen build.
fn pick_in_page(html: &str, own: &Build, rooms: &Build) -> Result<String, String> {
    let mut html = html.to_string();
    let mut links_at = None;
    for file in [&own.glue, &own.wasm] {
        let link = find_tag(&html, "<link", file)
            .ok_or_else(|| format!("index.html has no preload link of {file}"))?;
        links_at = Some(link.start);
        html.replace_range(link, "");
    }
    // Before the style sheet if there is one: an inline script after a
    // style sheet waits for it to load, and the preloads with it.
    let at = find_tag(&html, "<link", "stylesheet")
        .map(|r| r.start)
        .or(links_at)
        .ok_or("no preload link")?;
    html.insert_str(at, &format!("<script>{}</script>", chooser(own, rooms)));
    let loader = find_tag(&html, "<script type=module>", "TrunkApplicationStarted")
        .ok_or("index.html has no Trunk loader script")?;
    html.replace_range(loader, &format!("<script type=module>{LOADER}</script>"));
    Ok(html)
}

/// The byte range of the first element opening with `open` that contains
/// `needle`: a tag up to its `>`, a script up to its `</script>`.
fn find_tag(html: &str, open: &str, needle: &str) -> Option<std::ops::Range<usize>> {
    let close = if open.starts_with("<script") {
        "</script>"
    } else {
        ">"
    };
    let mut from = 0;
    while let Some(i) = html[from..].find(open) {
        let start = from + i;
        let end = start + html[start..].find(close)? + close.len();
        if html[start..end].contains(needle) {
            return Some(start..end);
        }
        from = end;
    }
    None
}

/// The inline script that picks the build and preloads it.
fn chooser(own: &Build, rooms: &Build) -> String {
    let files = |b: &Build| {
        format!(
            "[\"./{}\",\"{}\",\"./{}\",\"{}\"]",
            b.glue, b.glue_sri, b.wasm, b.wasm_sri
        )
    };
    format!(
        "(function(d){{var r=/[?&]rooms=/.test(location.search)||d.getElementsByName(\"barricade-rooms\").length>0;\
var f=r?{}:{};self.barricadeApp=f;\
function p(rel,href,sri,as){{var l=d.createElement(\"link\");l.rel=rel;l.href=href;l.integrity=sri;l.crossOrigin=\"anonymous\";\
if(as){{l.as=as;l.type=\"application/wasm\"}}d.head.appendChild(l)}}\
p(\"modulepreload\",f[0],f[1]);p(\"preload\",f[2],f[3],\"fetch\")}})(document)",
        files(rooms),
        files(own)
    )
}

/// Trunk's loader, importing the build the chooser picked.
const LOADER: &str = "const [glue,,wasm]=self.barricadeApp;const bindings=await import(glue);\
const started=await bindings.default({module_or_path:wasm});window.wasmBindings=bindings;\
dispatchEvent(new CustomEvent(\"TrunkApplicationStarted\",{detail:{wasm:started}}));";

#[cfg(test)]
mod tests {
    use super::*;

    fn build(prefix: &str, hash: &str) -> Build {
        Build {
            glue: format!("{prefix}barricade-web-{hash}.js"),
            wasm: format!("{prefix}barricade-web-{hash}_bg.wasm"),
            glue_sri: format!("sha384-G{hash}"),
            wasm_sri: format!("sha384-W{hash}"),
        }
    }

    #[test]
    fn the_page_loads_the_build_it_picks() {
        let trunk = "<head><meta charset=utf-8><script defer src=boot.js></script>\
<script type=module>import init, * as bindings from './barricade-web-aa.js';\n\
const wasm = await init({ module_or_path: './barricade-web-aa_bg.wasm' });\n\
window.wasmBindings = bindings;\n\
dispatchEvent(new CustomEvent(\"TrunkApplicationStarted\", {detail: {wasm}}));</script>\
<link crossorigin href=./barricade-web-aa.js integrity=sha384-x rel=modulepreload>\
<link as=fetch crossorigin href=./barricade-web-aa_bg.wasm integrity=sha384-y rel=preload type=application/wasm>\
</head><body><main data-shell></main>";
        let page = pick_in_page(trunk, &build("", "aa"), &build("rooms/", "bb")).unwrap();
        assert!(!page.contains("rel=modulepreload"), "{page}");
        assert!(!page.contains("rel=preload"), "{page}");
        assert!(!page.contains("import init"), "{page}");
        assert!(page.contains("\"./rooms/barricade-web-bb.js\",\"sha384-Gbb\""));
        assert!(page.contains("\"./barricade-web-aa_bg.wasm\",\"sha384-Waa\""));
        assert!(page.contains("await import(glue)"));
        // Without a style sheet the chooser comes where the links were.
        let chooser = page.find("self.barricadeApp=f").unwrap();
        assert!(page.find("TrunkApplicationStarted").unwrap() < chooser);
        // With one, before it.
        let styled = trunk.replace(
            "<script defer",
            "<link rel=stylesheet href=./main.css><script defer",
        );
        let page = pick_in_page(&styled, &build("", "aa"), &build("rooms/", "bb")).unwrap();
        assert!(page.find("self.barricadeApp=f").unwrap() < page.find("rel=stylesheet").unwrap());
        assert!(page.ends_with("</head><body><main data-shell></main>"));
    }

    #[test]
    fn a_site_built_with_an_address_names_it_before_the_chooser() {
        let page = "<meta charset=utf-8><title>B</title><script>(chooser)</script>";
        let named = with_address(page, "wss://rooms.example.org/rooms").unwrap();
        assert_eq!(
            named,
            "<meta charset=utf-8><meta name=barricade-rooms content=\"wss://rooms.example.org/rooms\">\
<title>B</title><script>(chooser)</script>"
        );
        for bad in ["https://x.org", "wss://x.org/\"><script>", ""] {
            assert!(with_address(page, bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_page_without_the_links_is_an_error() {
        let err = pick_in_page("<head></head>", &build("", "aa"), &build("rooms/", "bb"))
            .err()
            .unwrap();
        assert!(err.contains("preload link"), "{err}");
    }
}
