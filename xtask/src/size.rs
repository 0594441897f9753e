//! The size budget: everything the page downloads before the board is drawn
//! (HTML, JavaScript, WebAssembly, CSS and the file of the language in use)
//! must stay under [`BUDGET`] bytes gzip-compressed, with the largest of
//! the language files (`dist/lang/*.txt`, one is downloaded).

use crate::run::root;
use flate2::Compression;
use flate2::write::GzEncoder;
use std::io::Write;

/// 256 KB (of 1,000 bytes), gzip: the guard since the board is prerendered
/// and no longer waits for the wasm (issue #20; it was 120 KB while the
/// page was written as markup text, then 150 KB).
pub const BUDGET: usize = 256_000;

/// What the rooms client (the app's `online` feature, about 75 KB) may add
/// to a first visit that opens a room; only such a visit downloads it. It
/// was 32,000 until the page read the server's messages with serde and the
/// shared types of barricade-protocol (issue #49), which cost 38,982 bytes
/// gzip more than reading them key by key.
pub const ROOMS_CLIENT: usize = 32_000 + 38_982;

/// The kinds of file the first paint needs.
const COUNTED: [&str; 4] = ["html", "js", "wasm", "css"];

/// Files the page fetches only after the board is drawn: the AI web worker
/// (started when a computer player first has to decide) and the service
/// worker (registered on the `load` event); and the "How to play" page
/// with its style sheet, opened only when the player asks for it; and the
/// message of a failed start in other languages than English, fetched only
/// when the app could not start. Shown, but not counted.
const LATER: [&str; 5] = ["ai_worker", "sw.js", "how-to-play", "guide", "boot-failed"];

/// Prints the size of every counted file in `dist/` and fails past the
/// budget.
pub fn check() -> Result<(), String> {
    let dist = root().join("dist");
    let entries = std::fs::read_dir(&dist).map_err(|e| {
        format!(
            "cannot read {}: {e} (build first: cargo xtask build)",
            dist.display()
        )
    })?;
    let mut rows = Vec::new();
    let mut later = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        let counted = path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| COUNTED.contains(&e));
        if !counted || !path.is_file() {
            continue;
        }
        let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let row = (name, bytes.len(), gzip_len(&bytes));
        if LATER.iter().any(|l| row.0.starts_with(l)) {
            later.push(row);
        } else {
            rows.push(row);
        }
    }
    rows.sort();
    later.sort();
    println!("{:<44} {:>10} {:>10}", "file", "raw", "gzip");
    for (name, raw, gz) in &rows {
        println!("{name:<44} {raw:>10} {gz:>10}");
    }
    let languages = language_files(&dist.join("lang"))?;
    for (name, raw, gz) in &languages {
        println!("{name:<44} {raw:>10} {gz:>10}   (the language in use)");
    }
    let largest = languages
        .iter()
        .max_by_key(|l| l.2)
        .ok_or("dist/lang holds no language file")?;
    let raw: usize = rows.iter().map(|r| r.1).sum::<usize>() + largest.1;
    let gz: usize = rows.iter().map(|r| r.2).sum::<usize>() + largest.2;
    println!(
        "{:<44} {raw:>10} {gz:>10}",
        format!("total before the board is drawn, in {}", largest.0)
    );
    for (name, raw, gz) in &later {
        println!("{name:<44} {raw:>10} {gz:>10}   (loaded later, not counted)");
    }
    within("budget", "the site", gz, BUDGET)?;
    rooms_visit(&dist, &rows, gz)
}

/// Prints `gz` against `limit` under `label`; an error naming `what` past it.
fn within(label: &str, what: &str, gz: usize, limit: usize) -> Result<(), String> {
    println!(
        "{label}: {gz} of {limit} bytes gzip ({:.0}%)",
        100.0 * gz as f64 / limit as f64
    );
    if gz > limit {
        return Err(format!(
            "{what} is {gz} bytes gzip, over the budget of {limit}"
        ));
    }
    Ok(())
}

/// A visit that opens a room (`?rooms=`, or a page `barricade serve`
/// serves) downloads the app with the rooms client from `dist/rooms/`
/// instead of the static app: the same files otherwise. Its own guard is
/// [`BUDGET`] plus [`ROOMS_CLIENT`].
fn rooms_visit(
    dist: &std::path::Path,
    rows: &[(String, usize, usize)],
    gz: usize,
) -> Result<(), String> {
    let folder = dist.join(crate::rooms_build::FOLDER);
    let Ok(entries) = std::fs::read_dir(&folder) else {
        println!(
            "no rooms build in {} (a static build only)",
            folder.display()
        );
        return Ok(());
    };
    let is_app = |name: &str| name.starts_with("barricade-web-");
    let static_app: usize = rows.iter().filter(|r| is_app(&r.0)).map(|r| r.2).sum();
    let mut rooms_app = 0;
    for entry in entries.flatten() {
        let bytes =
            std::fs::read(entry.path()).map_err(|e| format!("{}: {e}", entry.path().display()))?;
        let name = format!("rooms/{}", entry.file_name().to_string_lossy());
        let packed = gzip_len(&bytes);
        println!(
            "{name:<44} {:>10} {packed:>10}   (instead of the static app, when a room server is known)",
            bytes.len()
        );
        rooms_app += packed;
    }
    within(
        "a first visit that opens a room",
        "a first visit with rooms",
        gz - static_app + rooms_app,
        BUDGET + ROOMS_CLIENT,
    )
}

/// Size after gzip at the default level, as a web server would send it.
fn gzip_len(bytes: &[u8]) -> usize {
    let mut encoder = GzEncoder::new(Vec::new(), Compression::default());
    // Writing to a Vec cannot fail.
    let _ = encoder.write_all(bytes);
    encoder.finish().map(|v| v.len()).unwrap_or(usize::MAX)
}

/// Every language file in `dir` as (name, raw bytes, gzip bytes).
fn language_files(dir: &std::path::Path) -> Result<Vec<(String, usize, usize)>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut rows = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let name = format!("lang/{}", entry.file_name().to_string_lossy());
        rows.push((name, bytes.len(), gzip_len(&bytes)));
    }
    rows.sort();
    Ok(rows)
}
