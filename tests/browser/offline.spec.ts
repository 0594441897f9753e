// Offline play and static hosting: the service worker precaches the site,
// a reload with no network still loads the game, the site works from a
// subfolder, and a new build replaces the old one.
import { test, expect, type Page, type BrowserContext } from "@playwright/test";
import { collectErrors } from "./helpers-game";
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

async function boardIsDrawn(page: Page) {
  await expect(page.locator("[data-square]")).toHaveCount(112);
  await expect(page.locator("[data-pawn]").first()).toBeVisible();
}

/** Waits until a service worker controls the page. */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 15_000,
  });
}

async function cacheNames(page: Page): Promise<string[]> {
  return page.evaluate(() => caches.keys());
}

test("after one visit the game loads with no network", async ({ page, context }) => {
  const errors = collectErrors(page);
  await page.goto("./");
  await boardIsDrawn(page);
  await controlled(page);
  expect((await cacheNames(page)).filter((n) => n.startsWith("barricade-"))).toHaveLength(1);

  await context.setOffline(true);
  await page.reload();
  await boardIsDrawn(page);
  await context.setOffline(false);
  expect(errors).toEqual([]);
});

test("the site loads from a subfolder", async ({ page }) => {
  const errors = collectErrors(page);
  const port = Number(process.env.PORT ?? 4173) + 1;
  await page.goto(`http://127.0.0.1:${port}/games/barricade/`);
  await boardIsDrawn(page);
  await controlled(page);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`http://127.0.0.1:${port}/games/barricade/`);
  expect(errors).toEqual([]);
});

test("the page has a strict Content-Security-Policy", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (msg.text().includes("Content Security Policy")) violations.push(msg.text());
  });
  await page.goto("./");
  await boardIsDrawn(page);
  const csp = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute("content");
  expect(csp).toContain("default-src 'self'");
  expect(csp).not.toContain("'unsafe-eval'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).not.toMatch(/https?:/);
  expect(violations).toEqual([]);
});

test("a new build replaces the old one", async ({ browser }) => {
  const distDir = resolve(join(__dirname, ".."), process.env.DIST ?? "../dist");
  const dir = mkdtempSync(join(tmpdir(), "barricade-site-"));
  cpSync(distDir, dir, { recursive: true });
  const port = Number(process.env.PORT ?? 4173) + 2;
  const server = spawn("node", [join(__dirname, "..", "serve.mjs"), dir, String(port), "/"], {
    stdio: "ignore",
  });
  const context: BrowserContext = await browser.newContext();
  try {
    const page = await context.newPage();
    const url = `http://127.0.0.1:${port}/`;
    await expect(async () => {
      await page.goto(url);
    }).toPass({ timeout: 10_000 });
    await boardIsDrawn(page);
    await controlled(page);
    const [oldCache] = (await cacheNames(page)).filter((n) => n.startsWith("barricade-"));

    // Deploy "a new build": a changed app shell and a service worker with a
    // new build id, as `cargo xtask finish-site` writes after any change.
    const index = join(dir, "index.html");
    writeFileSync(
      index,
      readFileSync(index, "utf8").replace("<title>", '<meta name="build" content="next" /><title>'),
    );
    const sw = join(dir, "sw.js");
    writeFileSync(sw, readFileSync(sw, "utf8").replace(/const BUILD = "[^"]*"/, 'const BUILD = "next"'));

    // Online, the shell comes from the network at once.
    await page.reload();
    await boardIsDrawn(page);
    await expect(page.locator('meta[name="build"]')).toHaveCount(1);
    // The new worker takes over and drops the old build's cache.
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect
      .poll(async () => (await cacheNames(page)).filter((n) => n.startsWith("barricade-")), {
        timeout: 15_000,
      })
      .toEqual(["barricade-next"]);
    expect(oldCache).not.toBe("barricade-next");

    // And offline, the new build is what loads.
    await context.setOffline(true);
    await page.reload();
    await boardIsDrawn(page);
    await expect(page.locator('meta[name="build"]')).toHaveCount(1);
  } finally {
    await context.close();
    server.kill();
  }
});

test("a failed start shows a message, never a blank page", async ({ page }) => {
  await page.route("**/*_bg.wasm", (route) => route.abort());
  await page.goto("./");
  const boot = page.locator("#boot");
  await expect(boot).toBeVisible();
  await expect(boot).toContainText("could not start");
});
