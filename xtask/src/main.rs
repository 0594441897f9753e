//! `cargo xtask`: the project's set-up, build and test driver.
//!
//! - `cargo xtask play`: install what is missing, build the site, serve it
//!   on <http://127.0.0.1:8080>.
//! - `cargo xtask test`: install what is missing, then run every check:
//!   format, clippy (native and wasm32), the Rust tests, a release build,
//!   the size budget and the browser tests.
//! - `cargo xtask build`: a release build into `dist/`, with its size.
//! - `cargo xtask size`: the size of `dist/` against the budget.
//! - `cargo xtask setup`: only install what is missing.
//! - `cargo xtask finish-site`: run by Trunk after each build (CSP and
//!   service worker precache list); see `site.rs`.

mod run;
mod setup;
mod site;
mod size;

use run::{cargo, run};
use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask <play|test|build|size|setup|finish-site>";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("play") => play(),
        Some("test") => test(),
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
    step("Rust tests");
    run(cargo().args(["test", "--workspace"]))?;
    step("release build and size budget");
    build()?;
    step("browser tests");
    run(setup::npx().args(["playwright", "test", "-c", "tests/playwright.config.ts"]))
}

fn step(name: &str) {
    println!("\n==> {name}");
}
