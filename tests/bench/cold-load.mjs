// Cold loads of two builds of the site, interleaved: how soon the board is
// drawn, and how soon Quick start starts a game. A benchmark, not a test.
//
// Usage (from the repository root, after `cargo xtask build`):
//   node tests/bench/cold-load.mjs [BEFORE=/work/before-dist] [AFTER=dist] [RUNS=9]
//
// QUERY=... (e.g. QUERY='?rooms=ws://127.0.0.1:9/rooms') is added to each
// site's address: with `?rooms=` the page loads the rooms build, so that
// is a first visit that opens a room (no room server needs to answer).
//
// Each run loads each site once, in alternating order, in a fresh browser
// context (empty cache, no service worker) with the network throttled
// through CDP to a "fast 3G" line (1.6 Mbps down, 750 kbps up, 150 ms
// latency) and the CPU slowed 4x. In the page, from before its first
// script (an init script):
// - board: the first animation frame in which an <svg class="board"> with
//   112 squares has a size on screen (that frame paints the board);
// - quick: the first frame in which a Quick start button can be clicked
//   (the prerendered page's once boot.js has enabled it, or the app's);
//   it is clicked at once;
// - play: the first frame showing main[data-screen=play], the game the
//   click started.
// Times are milliseconds since navigation start; prints every run, then
// median and range per site.
import { chromium } from "@playwright/test";
import { spawn } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const [before = "/work/before-dist", after = "dist", runsArg = "9"] = process.argv.slice(2);
const RUNS = Number(runsArg);
const QUERY = process.env.QUERY ?? "";
const sites = [
  { name: "before", dir: resolve(before), port: 4291 },
  { name: "after", dir: resolve(after), port: 4292 },
];

const probe = () => {
  const w = window;
  w.__bench = {};
  const mark = (k) => {
    if (w.__bench[k] === undefined) w.__bench[k] = performance.now();
  };
  const tick = () => {
    const svg = document.querySelector("svg.board");
    if (svg && svg.querySelectorAll("[data-square]").length === 112) {
      const r = svg.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) mark("board");
    }
    if (w.__bench.quick === undefined) {
      const b =
        document.querySelector("[data-shell-quick]:not([disabled])") ||
        document.querySelector('[data-action="quick-start"]');
      if (b && b.getBoundingClientRect().width > 0) {
        mark("quick");
        b.click();
      }
    }
    if (document.querySelector('main[data-screen="play"]')) mark("play");
    if (w.__bench.play === undefined) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
};

async function load(browser, site) {
  const context = await browser.newContext({
    serviceWorkers: "block",
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1000 * 1000) / 8,
    uploadThroughput: (750 * 1000) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.addInitScript(probe);
  await page.goto(`http://127.0.0.1:${site.port}/${QUERY}`, { waitUntil: "commit" });
  await page.waitForFunction(() => window.__bench && window.__bench.play !== undefined, null, {
    timeout: 60_000,
  });
  const result = await page.evaluate(() => window.__bench);
  await context.close();
  return result;
}

const servers = sites.map((s) =>
  spawn("node", [join(here, "..", "serve.mjs"), s.dir, String(s.port), "/"], { stdio: "ignore" }),
);
await new Promise((r) => setTimeout(r, 800));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const results = Object.fromEntries(sites.map((s) => [s.name, []]));
try {
  for (let i = 0; i < RUNS; i++) {
    const order = i % 2 === 0 ? sites : [...sites].reverse();
    for (const site of order) {
      const r = await load(browser, site);
      results[site.name].push(r);
      const f = (v) => (v === undefined ? "-" : v.toFixed(0).padStart(5));
      console.log(`run ${i + 1} ${site.name.padEnd(6)} board ${f(r.board)} ms  quick ${f(r.quick)} ms  play ${f(r.play)} ms`);
    }
  }
} finally {
  await browser.close();
  for (const s of servers) s.kill();
}

const stats = (xs) => {
  const v = [...xs].sort((a, b) => a - b);
  return `median ${v[Math.floor(v.length / 2)].toFixed(0)} ms (range ${v[0].toFixed(0)}-${v[v.length - 1].toFixed(0)}, n=${v.length})`;
};
console.log("");
for (const s of sites) {
  for (const k of ["board", "quick", "play"]) {
    console.log(`${s.name.padEnd(6)} ${k.padEnd(5)} ${stats(results[s.name].map((r) => r[k]))}`);
  }
}
