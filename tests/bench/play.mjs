// What a player feels while playing, measured in Chromium against the built
// site, and held to the project's limits. A benchmark, not a test: the
// figures depend on the machine and on what else it is doing, so they are
// printed and compared here, never asserted by the test command.
//
// Usage (from the repository root, after `cargo xtask build`; `cargo xtask
// bench` runs it): node tests/bench/play.mjs [DIST=dist] [ROUNDS=1]
//
// - Computer players: four hard bots and four master bots each play a whole
//   game (seed 5) at the "instant" speed, and four master bots a game on the
//   quick board (where four teams use the learned evaluation, the classic
//   board the tuned one). Per decision, the time from the
//   page's request to the web worker's answer (the page's `ai-move`
//   measures: decisions only; the end screen's chart is measured as
//   `ai-analysis`); on the main thread, every long task (50 ms or more)
//   while they play.
// - Click to highlight: in a game of two people, a click on a pawn until
//   its destinations are lit (15 samples).
// - Walk: a pawn walking its path at the "normal" speed, the time between
//   two animation frames while it walks (12 walks).
// - Language switch: mid-game, English to German in the corner's menu
//   (the German file already loaded once), until the panel and the board's
//   labels read exactly as they do in German (8 samples).
//
// Prints every figure with its limit and "ok" or "OVER"; exits with 1 when
// a figure is over its limit. BENCH_ONLY=computers,highlight,walk,language
// runs only those parts (and holds only their figures to the limits).
import { chromium } from "@playwright/test";
import { spawn } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const [distArg = "dist", roundsArg = "1"] = process.argv.slice(2);
const DIST = resolve(distArg);
const ROUNDS = Number(roundsArg);
const PORT = Number(process.env.BENCH_PORT ?? 4391);
const URL_ = `http://127.0.0.1:${PORT}/`;
const ONLY = process.env.BENCH_ONLY?.split(",");
const runs = (part) => !ONLY || ONLY.includes(part);

/** The limits a figure is held to (milliseconds, or a count). */
const LIMITS = {
  "hard: decision, median": 50,
  "hard: decision, 95th percentile": 150,
  "master: decision, median": 150,
  "master: decision, 95th percentile": 250,
  "hard: long tasks on the main thread": 0,
  "master: long tasks on the main thread": 0,
  "master, quick board: decision, median": 150,
  "master, quick board: decision, 95th percentile": 250,
  "master, quick board: long tasks on the main thread": 0,
  "click to highlight, median": 16.7,
  "click to highlight, worst": 50,
  "walk: frame interval, 95th percentile": 20,
  "walk: frame interval, worst": 50,
  "language switch to every word redrawn, median": 16.7,
  "language switch to every word redrawn, worst": 50,
};

const quantile = (xs, q) => {
  const v = [...xs].sort((a, b) => a - b);
  return v[Math.min(v.length - 1, Math.floor(v.length * q))];
};

/** Opens the app with no saved game and starts a game through the form. */
async function startGame(page, seats, speed, seed, board = "classic") {
  await page.goto(URL_);
  await page.locator("[data-game]").waitFor();
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.locator('[data-screen="setup"]').waitFor();
  for (const colour of ["red", "green", "yellow", "blue"]) {
    await page.selectOption(`[data-setup-seat="${colour}"]`, seats[colour] ?? "-");
  }
  await page.selectOption("[data-setup-board]", board);
  await page.fill("[data-setup-seed]", String(seed));
  await page.selectOption("[data-setup-speed]", speed);
  await page.click('[data-action="start"]');
  await page.locator('[data-screen="play"]').waitFor();
}

/** Four bots of `level` play a whole game on `board`: per-decision times
 * and the long tasks on the main thread while they played. */
async function computers(browser, level, board) {
  const page = await browser.newPage();
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  });
  await startGame(page, { red: level, green: level, yellow: level, blue: level }, "instant", 5, board);
  const t0 = await page.evaluate(() => performance.now());
  await page.locator("[data-game][data-winner]").waitFor({ timeout: 600_000 });
  const result = await page.evaluate((t0) => ({
    decisions: performance.getEntriesByName("ai-move").map((e) => e.duration),
    longTasks: window.__longTasks.filter((e) => e.start >= t0).map((e) => e.duration),
  }), t0);
  await page.close();
  return result;
}

/** Click-to-highlight samples in a game of two people. */
async function highlight(browser) {
  const page = await browser.newPage();
  await startGame(page, { red: "human", blue: "human" }, "instant", 12);
  const samples = [];
  for (let i = 0; i < 600 && samples.length < 15; i++) {
    const state = await page.evaluate(() => ({
      winner: document.querySelector("[data-game]").hasAttribute("data-winner"),
      selectable: document.querySelectorAll("[data-selectable]").length,
      selected: document.querySelectorAll("[data-selected]").length,
    }));
    if (state.winner) break;
    if (state.selectable >= 2 && state.selected === 0) {
      samples.push(await page.evaluate(async () => {
        const pawn = document.querySelector("[data-selectable]");
        const t0 = performance.now();
        pawn.dispatchEvent(new MouseEvent("click", { bubbles: true }));
        while (!document.querySelector("[data-legal]")) await new Promise((r) => setTimeout(r, 0));
        return performance.now() - t0;
      }));
      await page.keyboard.press("Escape");
    }
    await step(page);
  }
  await page.close();
  return samples;
}

/** One decision of a person: drop, roll, or the move that goes farthest
 * up the board, or pass. */
async function step(page) {
  const drops = page.locator("[data-drop]");
  if ((await drops.count()) > 0) return drops.last().click();
  const roll = page.locator('[data-action="roll"]');
  if (await roll.isEnabled()) return roll.click();
  const legal = page.locator("[data-legal]");
  if ((await legal.count()) === 0 && (await page.locator("[data-selectable]").count()) > 0) {
    await page.locator("[data-selectable]").first().click();
  }
  if ((await legal.count()) > 0) return legal.last().click();
  const pass = page.locator('[data-action="pass"]');
  if (await pass.isVisible()) return pass.click();
  await page.waitForTimeout(20);
}

/** Frame intervals while pawns walk at the normal speed. */
async function walk(browser) {
  const page = await browser.newPage();
  await startGame(page, { red: "human", blue: "human" }, "normal", 12);
  const intervals = [];
  for (let walks = 0, i = 0; walks < 12 && i < 400; i++) {
    const roll = page.locator('[data-action="roll"]');
    if (!(await roll.isEnabled())) {
      await step(page);
      continue;
    }
    await roll.click();
    await page.locator('[data-action="roll"]:disabled').waitFor();
    const legal = page.locator("[data-legal]");
    if ((await legal.count()) === 0 && (await page.locator("[data-selectable]").count()) > 0) {
      await page.locator("[data-selectable]").first().click();
    }
    if ((await legal.count()) === 0) continue;
    const target = await legal.last().getAttribute("data-square");
    const colour = await page.locator("[data-game]").getAttribute("data-turn");
    // Count frames from the click until the walking pawn has arrived (a
    // walking pawn's data-at follows it step by step).
    const frames = page.evaluate(([target, colour]) => new Promise((done) => {
      const times = [];
      const tick = (t) => {
        times.push(t);
        const arrived = document.querySelector(`[data-pawn="${colour}"][data-at="${target}"]`);
        if (arrived && times.length > 3) {
          done(times.slice(1).map((x, k) => x - times[k]));
        } else if (times.length > 600) done([]);
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    }), [target, colour]);
    await legal.last().click();
    intervals.push(...(await frames));
    walks++;
    if ((await page.locator("[data-drop]").count()) > 0) await page.locator("[data-drop]").last().click();
  }
  await page.close();
  return intervals;
}

/** Puts into the page `__words()`: the panel's text and every label of
 * the board. */
const wordsInPage = () => {
  window.__words = () =>
    [document.querySelector("aside")?.innerText ?? "",
      ...[...document.querySelectorAll("[aria-label]")].map((e) => e.getAttribute("aria-label"))].join("\n");
};

/** Mid-game language switches: from the change in the menu until the
 * page reads as it does in German. */
async function languageSwitch(browser) {
  const page = await browser.newPage();
  await page.addInitScript(wordsInPage);
  await startGame(page, { red: "human", blue: "human" }, "instant", 12);
  for (let i = 0; i < 6; i++) await step(page);
  const choose = (code) => page.selectOption("[data-language]", code);
  const settled = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await choose("de");
  await page.waitForFunction(() => document.documentElement.lang === "de");
  await settled();
  const german = await page.evaluate(() => window.__words());
  const samples = [];
  for (let i = 0; i < 8; i++) {
    await choose("en");
    await page.waitForFunction(() => document.documentElement.lang === "en");
    await settled();
    samples.push(await page.evaluate(async (german) => {
      const select = document.querySelector("[data-language]");
      const t0 = performance.now();
      select.value = "de";
      select.dispatchEvent(new Event("change", { bubbles: true }));
      for (let frames = 0; frames < 600; frames++) {
        const t = await new Promise((r) => requestAnimationFrame(r));
        if (window.__words() === german) return t - t0;
      }
      return Infinity;
    }, german));
  }
  await page.close();
  return samples;
}

const server = spawn("node", [join(here, "..", "serve.mjs"), DIST, String(PORT), "/"], { stdio: "ignore" });
await new Promise((r) => setTimeout(r, 800));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const figures = {};
const keep = (name, value) => (figures[name] = Math.max(figures[name] ?? -Infinity, value));
try {
  for (let round = 0; round < ROUNDS; round++) {
    const games = [["hard", "classic", "hard"], ["master", "classic", "master"], ["master", "quick", "master, quick board"]];
    for (const [level, board, name] of runs("computers") ? games : []) {
      const { decisions, longTasks } = await computers(browser, level, board);
      console.log(`${name}: ${decisions.length} decisions; long tasks: ${longTasks.map((d) => d.toFixed(0)).join(", ") || "none"}`);
      keep(`${name}: decision, median`, quantile(decisions, 0.5));
      keep(`${name}: decision, 95th percentile`, quantile(decisions, 0.95));
      keep(`${name}: long tasks on the main thread`, longTasks.length);
    }
    if (runs("highlight")) {
      const clicks = await highlight(browser);
      console.log(`click to highlight: ${clicks.length} samples`);
      keep("click to highlight, median", quantile(clicks, 0.5));
      keep("click to highlight, worst", Math.max(...clicks));
    }
    if (runs("walk")) {
      const frames = await walk(browser);
      console.log(`walk: ${frames.length} frames`);
      keep("walk: frame interval, 95th percentile", quantile(frames, 0.95));
      keep("walk: frame interval, worst", Math.max(...frames));
    }
    if (runs("language")) {
      const switches = await languageSwitch(browser);
      console.log(`language switch: ${switches.map((d) => d.toFixed(1)).join(", ")} ms`);
      keep("language switch to every word redrawn, median", quantile(switches, 0.5));
      keep("language switch to every word redrawn, worst", Math.max(...switches));
    }
  }
} finally {
  await browser.close();
  server.kill();
}

console.log("");
let over = 0;
for (const [name, limit] of Object.entries(LIMITS)) {
  if (ONLY && !(name in figures)) continue;
  const value = figures[name];
  const ok = value !== undefined && Number.isFinite(value) && value <= limit;
  if (!ok) over++;
  const shown = value === undefined || !Number.isFinite(value) ? "-" : value.toFixed(1);
  console.log(`${name.padEnd(42)} ${shown.padStart(8)}  limit ${String(limit).padStart(5)}  ${ok ? "ok" : "OVER"}`);
}
process.exit(over ? 1 : 0);
