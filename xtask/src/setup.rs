//! Installs what the build and the tests need, once: each step checks first
//! and does nothing when the tool is already there. Everything comes from
//! the package registries (crates.io, npm, Debian); nothing else is
//! downloaded.

use crate::run::{cargo, output, root, run};
use std::path::{Path, PathBuf};
use std::process::Command;

const TRUNK_VERSION: &str = "0.21.14";
/// The browsers of the tests and the Debian package of each: Chromium,
/// Firefox ESR, WebKitGTK's WebDriver (which brings MiniBrowser, the engine
/// Safari uses) and the virtual display WebKitGTK's window needs.
const BROWSERS: [(&str, &str); 4] = [
    ("/usr/bin/chromium", "chromium"),
    ("/usr/bin/firefox-esr", "firefox-esr"),
    ("/usr/bin/WebKitWebDriver", "webkit2gtk-driver"),
    ("/usr/bin/Xvfb", "xvfb"),
];

/// Everything: the web build tools and the browsers for the tests.
pub fn ensure_all() -> Result<(), String> {
    ensure_web()?;
    ensure_browsers()
}

/// What building the site needs: the wasm target, trunk, wasm-bindgen and
/// the npm packages (wasm-opt, terser, and the browser tests' Playwright,
/// puppeteer-core and selenium-webdriver).
pub fn ensure_web() -> Result<(), String> {
    ensure_wasm_target()?;
    ensure_cargo_tool("trunk", "trunk", TRUNK_VERSION, &["--locked"])?;
    let bindgen = wasm_bindgen_version()?;
    // Not --locked: the locked install asks for a dependency version that
    // the registry no longer serves.
    ensure_cargo_tool("wasm-bindgen", "wasm-bindgen-cli", &bindgen, &[])?;
    ensure_npm_packages()
}

fn ensure_wasm_target() -> Result<(), String> {
    let installed = output(Command::new("rustup").args(["target", "list", "--installed"]));
    match installed {
        Some(list) if list.lines().any(|l| l.trim() == "wasm32-unknown-unknown") => Ok(()),
        Some(_) => run(Command::new("rustup").args(["target", "add", "wasm32-unknown-unknown"])),
        None => Err("rustup is needed to add the wasm32-unknown-unknown target".into()),
    }
}

fn ensure_cargo_tool(
    bin: &str,
    package: &str,
    version: &str,
    extra: &[&str],
) -> Result<(), String> {
    let found = output(Command::new(bin).arg("--version"));
    if found.is_some_and(|v| v.split_whitespace().any(|w| w == version)) {
        return Ok(());
    }
    println!("xtask: installing {package} {version} (once)");
    run(cargo()
        .args(["install", package, "--version", version])
        .args(extra))
}

/// The wasm-bindgen version in Cargo.lock: the CLI must match it exactly.
fn wasm_bindgen_version() -> Result<String, String> {
    let lock = std::fs::read_to_string(root().join("Cargo.lock"))
        .map_err(|e| format!("cannot read Cargo.lock: {e}"))?;
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line == "name = \"wasm-bindgen\""
            && let Some(v) = lines.next().and_then(|l| l.strip_prefix("version = \""))
        {
            return Ok(v.trim_end_matches('"').to_string());
        }
    }
    Err("Cargo.lock names no wasm-bindgen version".into())
}

fn ensure_npm_packages() -> Result<(), String> {
    let modules = root().join("node_modules");
    let stamp = modules.join(".package-lock.json");
    if is_newer(&stamp, &root().join("package-lock.json")) {
        return Ok(());
    }
    if output(Command::new("npm").arg("--version")).is_none() {
        return Err("npm is needed (Debian package: npm, or Node.js 20+)".into());
    }
    println!("xtask: installing npm dev dependencies (once)");
    run(Command::new("npm")
        .current_dir(root())
        .args(["ci", "--no-audit", "--no-fund"])
        .env("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
        .env("PUPPETEER_SKIP_DOWNLOAD", "1"))
}

fn is_newer(a: &Path, b: &Path) -> bool {
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    match (modified(a), modified(b)) {
        (Some(a), Some(b)) => a >= b,
        _ => false,
    }
}

/// Installs the browsers that are missing, from Debian, in one apt-get call.
fn ensure_browsers() -> Result<(), String> {
    let missing: Vec<&str> = BROWSERS
        .iter()
        .filter(|(path, _)| !Path::new(path).exists())
        .map(|(_, package)| *package)
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let list = missing.join(" ");
    let is_root = output(Command::new("id").arg("-u")).is_some_and(|id| id.trim() == "0");
    if !is_root {
        return Err(format!(
            "the browser tests need the Debian packages {list}: install them \
             (sudo apt-get install {list}) and run this again"
        ));
    }
    println!("xtask: installing {list} from Debian (once)");
    run(Command::new("apt-get").arg("update"))?;
    run(Command::new("apt-get")
        .args(["install", "-y", "--no-install-recommends"])
        .args(&missing)
        .env("DEBIAN_FRONTEND", "noninteractive"))
}

/// The npm packages' programs (wasm-opt, playwright) first on PATH.
fn path_with_node_bin() -> std::ffi::OsString {
    let mut paths: Vec<PathBuf> = vec![root().join("node_modules").join(".bin")];
    if let Some(home) = std::env::var_os("CARGO_HOME").or_else(|| {
        std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo").into_os_string())
    }) {
        paths.push(PathBuf::from(home).join("bin"));
    }
    if let Some(path) = std::env::var_os("PATH") {
        paths.extend(std::env::split_paths(&path));
    }
    std::env::join_paths(paths).unwrap_or_default()
}

/// A `trunk` command that finds the pinned wasm-opt from npm.
pub fn trunk() -> Command {
    let mut command = Command::new("trunk");
    command
        .current_dir(root())
        .env("PATH", path_with_node_bin());
    command
}

/// An `npx` command run from the root, using the project's npm packages.
pub fn npx() -> Command {
    let mut command = Command::new("npx");
    command
        .current_dir(root())
        .env("PATH", path_with_node_bin())
        .env("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
        .env("PUPPETEER_SKIP_DOWNLOAD", "1");
    command
}
