//! `cargo xtask`: the project's set-up, build and test driver.
//!
//! - `cargo xtask play`: install what is missing, build the site, serve it
//!   with the online rooms (`barricade serve`) on port 8080, at
//!   <http://127.0.0.1:8080> and at the machine's addresses on the local
//!   network, which it prints.
//! - `cargo xtask test`: install what is missing, then run every check:
//!   format, clippy (native and wasm32), the Rust tests, a release build,
//!   the size budget, the browser tests (Chromium), and the cross-browser
//!   suite in Firefox ESR and WebKitGTK (and in Chromium what the browser
//!   tests do not already check); then a table of where the time went,
//!   and last the browser tests that failed (`tests/failures.ts`).
//! - `cargo xtask test --quick`: the inner loop while working: format,
//!   clippy, the Rust tests, a release build (without the rooms build)
//!   and the browser smoke tests
//!   (those tagged `@smoke`).
//! - `cargo xtask bench`: build the site, then measure what a player feels
//!   (computer players, click to highlight, walking pawns) against the
//!   limits, and Lighthouse's scores and metrics (mobile and desktop,
//!   median of five); see `tests/bench/play.mjs` and
//!   `tests/bench/lighthouse.mjs`.
//! - `cargo xtask cross`: only the cross-browser suite, against the site
//!   already built in `dist/`.
//! - `cargo xtask build`: a release build into `dist/` (the static app and,
//!   in `dist/rooms/`, the app with the rooms client), with its size.
//! - `cargo xtask size`: the size of `dist/` against the budget.
//! - `cargo xtask setup`: only install what is missing.
//! - `cargo xtask finish-site`: run by Trunk after each build (CSP and
//!   service worker precache list); see `site.rs`.

mod layer_check;
mod rooms_build;
mod run;
mod setup;
mod site;
mod size;
mod steps;
mod views_check;

use run::{cargo, run};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use steps::Steps;

const USAGE: &str =
    "usage: cargo xtask <play|test [--quick]|bench|cross|build|size|setup|finish-site>";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("play") => play(),
        Some("test") if args.len() == 1 => test(false),
        Some("test") if args.len() == 2 && args[1] == "--quick" => test(true),
        Some("bench") => bench(),
        Some("cross") => cross(),
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

/// Builds the site and serves it with the online rooms (`barricade
/// serve`) on port 8080 of every interface, so that phones on the same
/// network can join; it prints the addresses.
fn play() -> Result<(), String> {
    setup::ensure_web()?;
    build()?;
    run(cargo()
        .args([
            "run",
            "--release",
            "-p",
            "barricade-cli",
            "--",
            "serve",
            "--addr",
            "0.0.0.0:8080",
            "--site",
        ])
        .arg(run::root().join("dist")))
}

/// The release build into `dist/`: the app with the rooms client first
/// (into [`online_site`]), then the static site, which takes the rooms
/// build's glue and wasm into `dist/rooms/` (see `rooms_build.rs`); then
/// the size of both first visits.
fn build() -> Result<(), String> {
    run(setup::trunk()
        .args(["build", "--release", "--features", "online", "--dist"])
        .arg(online_site()))?;
    run(setup::trunk()
        .args(["build", "--release"])
        .env(rooms_build::ENV, online_site()))?;
    size::check()
}

/// The static site alone (no `dist/rooms/`), for the inner loop.
fn build_static() -> Result<(), String> {
    run(setup::trunk().args(["build", "--release"]))?;
    size::check()
}

/// Where the app with the rooms client (the `online` feature) is built
/// before its glue and wasm go into `dist/rooms/`.
fn online_site() -> PathBuf {
    target_dir().join("site-online")
}

/// Every check, or with `quick` the inner loop's; prints where the time
/// went, also when a step fails.
fn test(quick: bool) -> Result<(), String> {
    setup::ensure_all()?;
    let _ = std::fs::remove_file(failures_file());
    let mut steps = Steps::new();
    let result = if quick {
        quick_checks(&mut steps)
    } else {
        all_checks(&mut steps)
    };
    steps.report();
    print_failures();
    result
}

/// Where the browser tests' reporter (tests/failures.ts) writes the tests
/// that failed.
fn failures_file() -> PathBuf {
    run::root()
        .join("tests")
        .join("artifacts")
        .join("failures.txt")
}

/// Prints the browser tests that failed, if any, last of all: a long log is
/// often read from its end.
fn print_failures() {
    if let Ok(text) = std::fs::read_to_string(failures_file())
        && !text.is_empty()
    {
        println!("\n==> the browser tests that failed (tests/artifacts/failures.txt)\n{text}");
    }
}

/// The Rust checks: clippy (native, and the app on wasm32) and the tests.
fn rust_checks() -> Vec<(&'static str, Vec<&'static str>)> {
    let clippy = |target: &[&'static str]| {
        let mut args = vec!["clippy"];
        args.extend(target);
        args.extend(["--", "-D", "warnings"]);
        args
    };
    vec![
        ("clippy, native", clippy(&["--workspace", "--all-targets"])),
        (
            "clippy, the app on wasm32",
            clippy(&["-p", "barricade-web", "--target", "wasm32-unknown-unknown"]),
        ),
        (
            "clippy, the app with rooms on wasm32",
            clippy(&[
                "-p",
                "barricade-web",
                "--target",
                "wasm32-unknown-unknown",
                "--features",
                "online",
            ]),
        ),
        // Every member, xtask too (no default member, but `--workspace`
        // names them all): the views and layer checks' tests run here.
        ("Rust tests", vec!["test", "--workspace"]),
    ]
}

/// The inner loop: one check after the other, then the smoke tests.
fn quick_checks(steps: &mut Steps) -> Result<(), String> {
    steps.run("format", cargo().args(["fmt", "--all", "--check"]))?;
    steps.time("views check", views_check::check)?;
    steps.time("layer check", layer_check::check)?;
    for (name, args) in rust_checks() {
        steps.run(name, cargo().args(args))?;
    }
    steps.time("release build (static) and size budget", build_static)?;
    let cli = steps.time_value("the CLI for the browser tests", cli_for_tests)?;
    steps.run(
        "browser smoke tests",
        &mut playwright(
            &cli,
            &["-c", "tests/playwright.config.ts", "--grep", "@smoke"],
        ),
    )
}

/// Everything, in three lanes once the site is built: the browser tests
/// in Chromium; beside them the cross-browser suite in Firefox and then
/// WebKitGTK; and beside both, at a lower priority, the Rust checks. The
/// browsers mostly wait for pages (walking pawns, a computer's pause) and
/// the compiler mostly computes, so the Rust checks use the time the
/// browsers leave, and the browsers get the processor when they need it.
/// The two browser lanes use different ports (the cross-browser suite
/// takes free ones), and each lane's output follows when it ends.
fn all_checks(steps: &mut Steps) -> Result<(), String> {
    steps.run("format", cargo().args(["fmt", "--all", "--check"]))?;
    steps.time("views check", views_check::check)?;
    steps.time("layer check", layer_check::check)?;
    steps.time("release builds (with rooms, static) and size budget", build)?;
    let cli = steps.time_value("the CLI for the browser tests", cli_for_tests)?;
    let rust_log = target_dir().join("xtask-rust-checks.log");
    let rust_lane = lane(&rust_log, |lane| {
        rust_checks()
            .into_iter()
            .try_for_each(|(name, args)| lane.run(name, &mut nice_cargo(&args)))
    });
    let cross_log = target_dir().join("xtask-cross-browser.log");
    let cross_cli = cli.clone();
    // Chromium runs the browser tests, which check everything the
    // cross-browser suite checks (docs/testing.md, "The other commands").
    let cross_lane = lane(&cross_log, move |lane| {
        cross_browser(lane, &cross_cli, &["firefox", "webkit"])
    });
    println!(
        "xtask: the cross-browser suite and the Rust checks run beside the browser tests; \
         their output is in {} and {}, and follows when they end",
        cross_log.display(),
        rust_log.display()
    );
    let chromium = steps.run(
        "browser tests",
        &mut playwright(&cli, &["-c", "tests/playwright.config.ts"]),
    );
    let cross = finish_lane(steps, cross_lane, "the cross-browser suite", &cross_log);
    let rust = finish_lane(steps, rust_lane, "the Rust checks", &rust_log);
    rust.and(chromium).and(cross)
}

/// A lane beside the main one: its steps and their verdict.
type Lane = std::thread::JoinHandle<(Steps, Result<(), String>)>;

/// Starts a lane: `work` in a thread, its commands' output into `log`.
fn lane(log: &Path, work: impl FnOnce(&mut Steps) -> Result<(), String> + Send + 'static) -> Lane {
    let log = log.to_path_buf();
    std::thread::spawn(move || {
        let mut lane = Steps::quiet(&log);
        let result = work(&mut lane);
        (lane, result)
    })
}

/// Waits for a lane, prints its output and takes in its steps' times.
fn finish_lane(steps: &mut Steps, lane: Lane, name: &str, log: &Path) -> Result<(), String> {
    let (lane, result) = lane
        .join()
        .unwrap_or_else(|_| (Steps::new(), Err(format!("the thread of {name} panicked"))));
    println!("\n==> the output of {name} ({})", log.display());
    if let Ok(text) = std::fs::read_to_string(log) {
        print!("{text}");
    }
    steps.absorb(lane);
    result
}

/// `cargo ARGS` from the root at a lower priority (`nice`).
fn nice_cargo(args: &[&str]) -> Command {
    let cargo = cargo();
    let mut command = Command::new("nice");
    command
        .args(["-n", "10"])
        .arg(cargo.get_program())
        .args(args)
        .current_dir(run::root());
    command
}

/// Builds the `barricade` CLI and copies it out of cargo's way (the Rust
/// checks may rebuild cargo's copy while the browser tests run it);
/// returns the copy's path.
fn cli_for_tests() -> Result<PathBuf, String> {
    run(cargo().args(["build", "-p", "barricade-cli"]))?;
    let target = target_dir();
    let built = target.join("debug").join("barricade");
    let copy = target.join("xtask").join("barricade");
    std::fs::create_dir_all(target.join("xtask")).map_err(|e| e.to_string())?;
    std::fs::copy(&built, &copy).map_err(|e| format!("cannot copy {}: {e}", built.display()))?;
    Ok(copy)
}

/// Cargo's target folder: `CARGO_TARGET_DIR`, or `target/` in the root.
fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| run::root().join("target"))
}

/// `npx playwright test ARGS` from the root, with the `barricade` CLI at
/// `cli` named for the tests' `cli()` helper, so that they never wait for
/// cargo.
fn playwright(cli: &Path, args: &[&str]) -> Command {
    let mut command = setup::npx();
    command
        .args(["playwright", "test"])
        .args(args)
        .env("BARRICADE_CLI", cli);
    command
}

/// Builds the site and measures it as a player feels it, against the limits
/// (tests/bench/play.mjs), then Lighthouse's scores and metrics, mobile and
/// desktop, median of five (tests/bench/lighthouse.mjs); fails if a figure
/// is over its limit (both parts run either way).
fn bench() -> Result<(), String> {
    setup::ensure_all()?;
    build()?;
    let mut play = Command::new("node");
    play.current_dir(run::root())
        .args(["tests/bench/play.mjs", "dist"]);
    let played = run(&mut play);
    let mut lighthouse = Command::new("node");
    lighthouse
        .current_dir(run::root())
        .args(["tests/bench/lighthouse.mjs", "dist"])
        .env("CHROME_PATH", "/usr/bin/chromium");
    let scored = run(&mut lighthouse);
    played.and(scored)
}

/// Only the cross-browser suite, in every engine.
fn cross() -> Result<(), String> {
    setup::ensure_all()?;
    let _ = std::fs::remove_file(failures_file());
    let mut steps = Steps::new();
    let result = steps
        .time_value("the CLI for the browser tests", cli_for_tests)
        .and_then(|cli| cross_browser(&mut steps, &cli, &ALL));
    steps.report();
    print_failures();
    result
}

/// The engines of the cross-browser suite.
const ALL: [&str; 3] = ["chromium", "firefox", "webkit"];

/// The cross-browser suite (tests/cross/) in each of `engines`, one after
/// the other, each timed; every engine runs even if one fails.
fn cross_browser(steps: &mut Steps, cli: &Path, engines: &[&str]) -> Result<(), String> {
    let mut failed = Vec::new();
    for &engine in engines {
        let args = ["-c", "tests/cross/cross.config.ts", "--project", engine];
        let name = format!("cross-browser suite, {engine}");
        if steps.run(&name, &mut playwright(cli, &args)).is_err() {
            failed.push(engine);
        }
    }
    if failed.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "the cross-browser suite failed in {}",
            failed.join(", ")
        ))
    }
}
