//! `cargo xtask`: the project's set-up, build and test driver.
//!
//! - `cargo xtask play`: install what is missing, build the site, serve it
//!   on <http://127.0.0.1:8080>.
//! - `cargo xtask test`: install what is missing, then run every check:
//!   format, clippy (native and wasm32), the Rust tests, a release build,
//!   the size budget, the browser tests (Chromium), and the cross-browser
//!   suite in Chromium, Firefox ESR and WebKitGTK.
//! - `cargo xtask cross`: only the cross-browser suite, against the site
//!   already built in `dist/`.
//! - `cargo xtask build`: a release build into `dist/`, with its size.
//! - `cargo xtask size`: the size of `dist/` against the budget.
//! - `cargo xtask setup`: only install what is missing.
//! - `cargo xtask finish-site`: run by Trunk after each build (CSP and
//!   service worker precache list); see `site.rs`.

mod run;
mod setup;
mod site;
mod size;
mod views_check;

use run::{cargo, run};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: cargo xtask <play|test|cross|build|size|setup|finish-site>";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("play") => play(),
        Some("test") => test(),
        Some("cross") => setup::ensure_all().and_then(|()| cross_browser()),
        Some("build") => setup::ensure_web().and_then(|()| build()),
        Some("size") => size::check(),
        Some("setup") => setup::ensure_all(),
        Some("finish-site") => site::finish(),
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

fn play() -> Result<(), String> {
    setup::ensure_web()?;
    println!("xtask: serving the game at http://127.0.0.1:8080 (Ctrl+C stops it)");
    run(setup::trunk().args(["serve", "--release"]))
}

fn build() -> Result<(), String> {
    run(setup::trunk().args(["build", "--release"]))?;
    size::check()
}

fn test() -> Result<(), String> {
    setup::ensure_all()?;
    step("format");
    run(cargo().args(["fmt", "--all", "--check"]))?;
    step("clippy, native");
    run(cargo().args([
        "clippy",
        "--workspace",
        "--all-targets",
        "--",
        "-D",
        "warnings",
    ]))?;
    step("clippy, the app on wasm32");
    run(cargo().args([
        "clippy",
        "-p",
        "barricade-web",
        "--target",
        "wasm32-unknown-unknown",
        "--",
        "-D",
        "warnings",
    ]))?;
    views_check::check()?;
    step("Rust tests");
    run(cargo().args(["test", "--workspace"]))?;
    step("release build and size budget");
    build()?;
    step("browser tests");
    run(setup::npx().args(["playwright", "test", "-c", "tests/playwright.config.ts"]))?;
    cross_browser()
}

/// The cross-browser suite (tests/cross/) in each engine, one after the
/// other, with the time each took; every engine runs even if one fails.
fn cross_browser() -> Result<(), String> {
    let mut times = Vec::new();
    let mut failed = Vec::new();
    for engine in ["chromium", "firefox", "webkit"] {
        step(&format!("cross-browser suite, {engine}"));
        let start = Instant::now();
        let result = run(setup::npx().args([
            "playwright",
            "test",
            "-c",
            "tests/cross/cross.config.ts",
            "--project",
            engine,
        ]));
        let verdict = if result.is_ok() { "passed" } else { "FAILED" };
        let seconds = start.elapsed().as_secs();
        times.push(format!("{engine} {verdict} in {seconds} s"));
        if result.is_err() {
            failed.push(engine);
        }
    }
    println!("xtask: cross-browser suite: {}", times.join(", "));
    if failed.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "the cross-browser suite failed in {}",
            failed.join(", ")
        ))
    }
}

fn step(name: &str) {
    println!("\n==> {name}");
}
