import { chromium } from "@playwright/test";
import { spawn } from "node:child_process";
const dirs = process.argv.slice(2, 4), runs = Number(process.argv[4] ?? 8);
const srv = dirs.map((d, i) => spawn("node", ["tests/serve.mjs", d, String(4381 + i), "/"], { stdio: "ignore" }));
await new Promise((r) => setTimeout(r, 800));
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const out = [[], []];
for (let i = 0; i < runs; i++) for (const k of i % 2 ? [1, 0] : [0, 1]) {
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.addInitScript(() => {
    window.__b = {};
    addEventListener("TrunkApplicationStarted", () => { window.__b.started = performance.now(); });
    const tick = () => {
      const b = document.querySelector("[data-shell-quick]:not([disabled])");
      if (b && window.__b.quick === undefined) { window.__b.quick = performance.now(); b.click(); }
      if (document.querySelector('main[data-screen="play"]')) window.__b.play = performance.now();
      if (window.__b.play === undefined) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.goto(`http://127.0.0.1:${4381 + k}/`, { waitUntil: "commit" });
  await page.waitForFunction(() => window.__b.play !== undefined, null, { timeout: 60000 });
  const r = await page.evaluate(() => window.__b);
  out[k].push(r.play - r.started);
  await context.close();
}
await browser.close(); srv.forEach((s) => s.kill());
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
dirs.forEach((d, k) => console.log(d, "started→play median", med(out[k]).toFixed(0), "all", out[k].map((x) => x.toFixed(0)).join(" ")));
