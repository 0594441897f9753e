import { chromium } from "@playwright/test";
import { spawn } from "node:child_process";
const dir = process.argv[2], port = 4391;
const srv = spawn("node", ["tests/serve.mjs", dir, String(port), "/"], { stdio: "ignore" });
await new Promise((r) => setTimeout(r, 800));
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
for (let i = 0; i < 3; i++) {
  const context = await browser.newContext({ serviceWorkers: "block", viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: 200000, uploadThroughput: 93750 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.addInitScript(() => {
    window.__b = {};
    addEventListener("TrunkApplicationStarted", () => { window.__b.started = performance.now(); });
    const tick = () => {
      const b = document.querySelector("[data-shell-quick]:not([disabled])") || document.querySelector('[data-action="quick-start"]');
      if (b && window.__b.quick === undefined) { window.__b.quick = performance.now(); b.click(); }
      if (document.querySelector('main[data-screen="play"]')) window.__b.play = performance.now();
      if (window.__b.play === undefined) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: "commit" });
  await page.waitForFunction(() => window.__b.play !== undefined, null, { timeout: 60000 });
  const r = await page.evaluate(() => ({ ...window.__b, res: performance.getEntriesByType("resource").map((e) => [e.name.split("/").pop().slice(0, 30), Math.round(e.startTime), Math.round(e.responseEnd), e.encodedBodySize]) }));
  console.log(JSON.stringify(r));
  await context.close();
}
await browser.close(); srv.kill();
