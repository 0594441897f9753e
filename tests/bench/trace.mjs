// Where the main thread goes on a cold load: Chrome's performance trace of
// the phone profile (fast 3G: 1.6 Mbps, 150 ms latency; CPU 4x slower),
// from the navigation until the game Quick start started is shown and the
// page has been quiet for a second. A benchmark, not a test.
//
// Usage (from the repository root, after `cargo xtask build`):
//   node tests/bench/trace.mjs [DIST=dist] [RUNS=3]
//
// Quick start is clicked as soon as it can be (as tests/bench/cold-load.mjs
// does). Prints, per run, every task of the page's main thread of 10 ms or
// more (its start since navigation, its length on the slowed CPU, and what
// it spent its time on: script, wasm compile, style, layout, paint, parse),
// then the long tasks (50 ms or more), their total and the blocking time
// (what each long task lasts past 50 ms), as medians over the runs.
import { chromium } from "@playwright/test";
import { spawn } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const [distArg = "dist", runsArg = "3"] = process.argv.slice(2);
const DIST = resolve(distArg);
const RUNS = Number(runsArg);
const PORT = Number(process.env.TRACE_PORT ?? 4591);

const probe = () => {
  const w = window;
  w.__bench = {};
  const mark = (k) => {
    if (w.__bench[k] === undefined) w.__bench[k] = performance.now();
  };
  const tick = () => {
    if (w.__bench.quick === undefined) {
      const b =
        document.querySelector("[data-shell-quick]:not([disabled])") ||
        document.querySelector('[data-action="quick-start"]');
      if (b && b.getBoundingClientRect().width > 0) {
        mark("quick");
        b.click();
      }
    }
    if (document.querySelector('main[data-screen="play"] [data-action="roll"]:not([disabled])')) mark("play");
    if (w.__bench.play === undefined) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
};

/** What a trace event's time is counted as. */
function kind(e) {
  const n = e.name;
  if (n === "v8.wasm.streamFromResponseCallback" || n.startsWith("v8.wasm.compile") || n === "wasm.CompileLazy")
    return "wasm compile";
  if (n === "UpdateLayoutTree" || n === "RecalculateStyles" || n === "ParseAuthorStyleSheet") return "style";
  if (n === "Layout") return "layout";
  if (n === "Paint" || n === "PrePaint" || n === "Layerize" || n === "UpdateLayer" || n === "CompositeLayers")
    return "paint";
  if (n === "ParseHTML") return "parse HTML";
  if (n === "FunctionCall" || n === "EvaluateScript" || n === "v8.compile" || n === "TimerFire" ||
    n === "FireAnimationFrame" || n === "EventDispatch" || n === "v8.evaluateModule" || n === "RunMicrotasks" ||
    n === "FireIdleCallback" || n === "v8.run")
    return "script";
  if (n === "GCEvent" || n === "MinorGC" || n === "MajorGC" || n === "V8.GCScavenger" || n === "V8.GC_MC_BACKGROUND_MARKING")
    return "gc";
  return undefined;
}

/** The main thread's top-level tasks, with their time split by kind. */
function tasks(events, navStart, pid, tid) {
  const main = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === "X" && e.dur !== undefined);
  const top = main
    .filter((e) => e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask")
    .sort((a, b) => a.ts - b.ts);
  // A task counts once: the outermost of nested task events.
  const outer = top.filter((t) => !top.some((o) => o !== t && o.ts <= t.ts && o.ts + o.dur >= t.ts + t.dur && (o.dur > t.dur || o.ts < t.ts || top.indexOf(o) < top.indexOf(t))));
  const out = [];
  for (const t of outer) {
    if (t.dur < 10_000 || t.ts < navStart) continue;
    const inner = main.filter((e) => e !== t && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur);
    // Self time by kind: each counted event's length minus that of the
    // counted events directly inside it (a style recalculation inside a
    // function call is style, not script).
    const counted = inner
      .filter((e) => kind(e))
      .sort((a, b) => a.ts - b.ts || b.dur - a.dur)
      .map((e) => ({ e, k: kind(e), self: e.dur }));
    const stack = [];
    for (const c of counted) {
      while (stack.length && stack[stack.length - 1].e.ts + stack[stack.length - 1].e.dur <= c.e.ts) stack.pop();
      if (stack.length) stack[stack.length - 1].self -= c.e.dur;
      stack.push(c);
    }
    const split = {};
    for (const c of counted) split[c.k] = (split[c.k] ?? 0) + Math.max(0, c.self);
    const what = inner
      .filter((e) => e.name === "FunctionCall" || e.name === "EvaluateScript" || e.name === "TimerFire" ||
        e.name === "EventDispatch" || e.name === "FireAnimationFrame" || e.name === "v8.wasm.streamFromResponseCallback")
      .map((e) => e.args?.data?.functionName || e.args?.data?.url?.split("/").pop() || e.args?.data?.type || e.name)
      .filter((x) => x)
      .slice(0, 2)
      .join(", ");
    out.push({ start: (t.ts - navStart) / 1000, dur: t.dur / 1000, split, what });
  }
  return out;
}

async function traceOnce(browser) {
  const context = await browser.newContext({ serviceWorkers: "block", viewport: { width: 390, height: 844 } });
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
  await browser.startTracing(page, {
    categories: [
      "devtools.timeline",
      "disabled-by-default-devtools.timeline",
      "v8.execute",
      "v8",
      "blink.user_timing",
      "loading",
      "toplevel",
    ],
  });
  await page.goto(`http://127.0.0.1:${PORT}/`, { waitUntil: "commit" });
  await page.waitForFunction(() => window.__bench && window.__bench.play !== undefined, null, { timeout: 60_000 });
  await page.waitForTimeout(1500);
  const marks = await page.evaluate(() => window.__bench);
  const buffer = await browser.stopTracing();
  await context.close();
  const events = JSON.parse(buffer.toString()).traceEvents;
  // The page's renderer main thread: the one with the navigation's marks.
  const nav = events.find((e) => e.name === "navigationStart" && e.args?.data?.isLoadingMainFrame && e.args?.data?.documentLoaderURL?.startsWith("http"))
    ?? events.find((e) => e.name === "navigationStart");
  return { marks, list: tasks(events, nav.ts, nav.pid, nav.tid) };
}

const server = spawn("node", [join(here, "..", "serve.mjs"), DIST, String(PORT), "/"], { stdio: "ignore" });
await new Promise((r) => setTimeout(r, 800));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const summary = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const { marks, list } = await traceOnce(browser);
    console.log(`run ${i + 1}: quick start clicked at ${marks.quick?.toFixed(0)} ms, the game shown and the die ready at ${marks.play?.toFixed(0)} ms`);
    console.log("  start ms   task ms  script  wasm-c   style  layout   paint   parse      gc  what");
    const f = (v) => (v === undefined ? "-" : (v / 1000).toFixed(1)).padStart(7);
    for (const t of list) {
      const s = t.split;
      console.log(
        `  ${t.start.toFixed(0).padStart(8)} ${t.dur.toFixed(1).padStart(9)} ${f(s.script)} ${f(s["wasm compile"])} ${f(s.style)} ${f(s.layout)} ${f(s.paint)} ${f(s["parse HTML"])} ${f(s.gc)}  ${t.what}`,
      );
    }
    const long = list.filter((t) => t.dur >= 50);
    const blocking = long.reduce((s, t) => s + (t.dur - 50), 0);
    summary.push({ long: long.length, longest: Math.max(0, ...list.map((t) => t.dur)), blocking, play: marks.play });
    console.log(`  long tasks ${long.length}, longest ${Math.max(0, ...list.map((t) => t.dur)).toFixed(0)} ms, blocking time ${blocking.toFixed(0)} ms`);
  }
} finally {
  await browser.close();
  server.kill();
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `\nmedian of ${RUNS}: long tasks ${median(summary.map((s) => s.long))}, longest ${median(summary.map((s) => s.longest)).toFixed(0)} ms, ` +
    `blocking time ${median(summary.map((s) => s.blocking)).toFixed(0)} ms, die ready ${median(summary.map((s) => s.play)).toFixed(0)} ms`,
);
