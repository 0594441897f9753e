// Lighthouse (12.2.3, pinned in package.json) against the built site served
// with gzip on 127.0.0.1, held to the limits of issue #46. A benchmark, not
// a test: `cargo xtask bench` runs it; the test command never does.
//
// Usage (from the repository root, after `cargo xtask build`):
//   node tests/bench/lighthouse.mjs [DIST=dist] [MORE_DISTS...]
//
// Each round runs, for every site in turn (several sites: interleaved, the
// order alternating from round to round), Lighthouse's default mobile
// profile (simulated: 4x CPU, 150 ms, 1.6 Mbps), its desktop profile, and
// the mobile profile with `--throttling-method=devtools` (real throttling,
// for the largest paint). Each in a fresh Chromium (CHROME_PATH, Debian's
// /usr/bin/chromium by default; nothing is downloaded). Prints every run,
// then the median of the rounds (LH_RUNS, 5 by default) against the
// limits; exits with 1 when a median of the last site given is over.
// LH_ONLY=mobile,desktop,devtools runs only those profiles.
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import * as chromeLauncher from "chrome-launcher";
import { spawn } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadavg } from "node:os";

const here = dirname(fileURLToPath(import.meta.url));
const dists = process.argv.slice(2);
if (dists.length === 0) dists.push("dist");
const RUNS = Number(process.env.LH_RUNS ?? 5);
const ONLY = process.env.LH_ONLY?.split(",");
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu"];

const sites = dists.map((d, i) => ({ name: d, dir: resolve(d), port: 4491 + i }));

/** The profiles: their Lighthouse settings and what each is held to. */
const PROFILES = {
  mobile: {
    config: undefined,
    flags: {},
    limits: {
      performance: [">=", 97],
      accessibility: [">=", 100],
      "best-practices": [">=", 100],
      seo: [">=", 100],
      "total-blocking-time": ["<=", 100],
      interactive: ["<=", 1800],
      "cumulative-layout-shift": ["<=", 0],
    },
  },
  desktop: {
    config: desktopConfig,
    flags: {},
    limits: {
      performance: [">=", 100],
      accessibility: [">=", 100],
      "best-practices": [">=", 100],
      seo: [">=", 100],
      "total-blocking-time": ["<=", 0],
      "cumulative-layout-shift": ["<=", 0],
    },
  },
  devtools: {
    config: undefined,
    flags: { throttlingMethod: "devtools" },
    limits: { "largest-contentful-paint": ["<=", 1300] },
  },
};
const profiles = Object.keys(PROFILES).filter((p) => !ONLY || ONLY.includes(p));

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "interactive",
  "cumulative-layout-shift",
  "speed-index",
  "total-byte-weight",
];
const SHORT = {
  "first-contentful-paint": "FCP",
  "largest-contentful-paint": "LCP",
  "total-blocking-time": "TBT",
  interactive: "TTI",
  "cumulative-layout-shift": "CLS",
  "speed-index": "SI",
  "total-byte-weight": "bytes",
};

async function run(site, profile) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS });
  try {
    const { config, flags } = PROFILES[profile];
    const result = await lighthouse(
      `http://127.0.0.1:${site.port}/`,
      { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES, ...flags },
      config,
    );
    const lhr = result.lhr;
    const figures = {};
    for (const c of CATEGORIES) figures[c] = Math.round((lhr.categories[c]?.score ?? 0) * 100);
    for (const m of METRICS) figures[m] = lhr.audits[m]?.numericValue;
    figures.lcpElement = lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet;
    return figures;
  } finally {
    await chrome.kill();
  }
}

const show = (key, v) => {
  if (v === undefined) return "-";
  if (CATEGORIES.includes(key)) return String(v);
  if (key === "cumulative-layout-shift") return v.toFixed(3);
  if (key === "total-byte-weight") return `${(v / 1024).toFixed(0)} KiB`;
  return `${v.toFixed(0)} ms`;
};
const median = (xs) => {
  const v = xs.filter((x) => x !== undefined).sort((a, b) => a - b);
  return v.length ? v[Math.floor(v.length / 2)] : undefined;
};

const servers = sites.map((s) =>
  spawn("node", [join(here, "..", "serve.mjs"), s.dir, String(s.port), "/"], { stdio: "ignore" }),
);
await new Promise((r) => setTimeout(r, 800));
const results = {};
try {
  for (let i = 0; i < RUNS; i++) {
    const order = i % 2 === 0 ? sites : [...sites].reverse();
    for (const profile of profiles) {
      for (const site of order) {
        const f = await run(site, profile);
        (results[`${site.name} ${profile}`] ??= []).push(f);
        const line = [...CATEGORIES, ...METRICS].map((k) => `${SHORT[k] ?? k} ${show(k, f[k])}`).join("  ");
        console.log(`run ${i + 1} ${site.name} ${profile}: ${line}  (load ${loadavg()[0].toFixed(1)})`);
        if (f.lcpElement) console.log(`    largest paint: ${f.lcpElement.slice(0, 100)}`);
      }
    }
  }
} finally {
  for (const s of servers) s.kill();
}

console.log("");
let over = 0;
for (const site of sites) {
  for (const profile of profiles) {
    const runs = results[`${site.name} ${profile}`];
    console.log(`${site.name}, ${profile}, median of ${runs.length}:`);
    const limits = PROFILES[profile].limits;
    for (const k of [...CATEGORIES, ...METRICS]) {
      const v = median(runs.map((r) => r[k]));
      const limit = limits[k];
      let verdict = "";
      if (limit) {
        const [op, bound] = limit;
        const ok = v !== undefined && (op === ">=" ? v >= bound : v <= bound);
        verdict = `  (limit ${op} ${show(k, bound)}) ${ok ? "ok" : "OVER"}`;
        if (!ok && site === sites[sites.length - 1]) over++;
      }
      console.log(`  ${(SHORT[k] ?? k).padEnd(16)} ${show(k, v).padStart(9)}${verdict}`);
    }
  }
}
if (over > 0) {
  console.log(`\n${over} figure(s) over their limits`);
  process.exit(1);
}
