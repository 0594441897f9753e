// Offline play and static hosting: the service worker precaches the site,
// a reload with no network still loads the game, the site works from a
// subfolder, and a new build replaces the old one.
import { test, expect, type Page, type BrowserContext } from "@playwright/test";
import {
  collectErrors,
  engineBoard,
  expectBoardSoon,
  expectEngineAgrees,
  nearEndCode,
  playPersonStep,
  playToEnd,
  resumeWithCode,
  startGame,
} from "./helpers-game";
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
    timeout: 30_000,
  });
}

/** Plays red by clicks against the computer's blue until both have a pawn
 * out, then goes on from the same seed's game near its end (a saved game
 * resumed): the middle of a game is the rules crate's, played natively. */
async function openingThenNearEnd(page: Page, seed: number) {
  const out = (colour: string) =>
    page.locator(`[data-pawn="${colour}"]:not([data-at="home"])`).count();
  for (let i = 0; (await out("red")) === 0 || (await out("blue")) === 0; i++) {
    if (i > 500) throw new Error("no pawn out of home for both colours");
    await playPersonStep(page, ["red"]);
  }
  await resumeWithCode(page, nearEndCode({ seed, players: ["red", "blue"], before: 12 }));
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

test("with no network, every icon of the manifest still loads", async ({ page, context }) => {
  // Chromium fetches the favicon and the manifest's icons past the service
  // worker, so the icon it prefers (the SVG) is a data URL; the PNG icons
  // come from the cache.
  await page.goto("./");
  await boardIsDrawn(page);
  await controlled(page);
  await context.setOffline(true);
  const icons = await page.evaluate(async () => {
    const manifest = await (await fetch("manifest.webmanifest")).json();
    const results: { src: string; ok: boolean; type: string }[] = [];
    for (const icon of manifest.icons) {
      const image = new Image();
      image.src = new URL(icon.src, location.href).href;
      const ok = await image.decode().then(
        () => image.naturalWidth > 0,
        () => false,
      );
      results.push({ src: icon.src.slice(0, 30), ok, type: icon.type });
    }
    return results;
  });
  await context.setOffline(false);
  expect(icons.length).toBeGreaterThan(0);
  for (const icon of icons) expect(icon, icon.src).toMatchObject({ ok: true });
  expect(icons.find((icon) => icon.type === "image/svg+xml")?.src).toMatch(/^data:image\/svg\+xml,/);
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

test("offline after one visit, a game is played to the end", async ({ page, context }) => {
  const errors = collectErrors(page);
  await page.goto("./");
  await boardIsDrawn(page);
  await controlled(page);
  await context.setOffline(true);
  try {
    // The page, the game and the computer player (a web worker) all come
    // from the service worker's cache.
    await page.reload();
    await boardIsDrawn(page);
    await startGame(page, { seats: { red: "human", blue: "medium" }, seed: 8, speed: "instant" });
    // The opening by clicks against the computer, then from near the end
    // to the end: every screen of a game, from the cache.
    await openingThenNearEnd(page, 8);
    await playToEnd(page, ["red"]);
    await expect(page.locator("[data-end]")).toBeVisible();
    await expect(page.locator(".end-title")).toContainText(/wins/);
    const winner = await page.locator("[data-game]").getAttribute("data-winner");
    expect(["red", "blue"]).toContain(winner);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  } finally {
    await context.setOffline(false);
  }
  await expectEngineAgrees(page, ["red", "blue"]);
  expect(errors).toEqual([]);
});

test("the site plays from a subfolder", async ({ page }) => {
  const errors = collectErrors(page);
  const port = Number(process.env.PORT ?? 4173) + 1;
  const base = `http://127.0.0.1:${port}/games/barricade/`;
  await startGame(page, {
    seats: { red: "human", blue: "medium" },
    seed: 4,
    speed: "instant",
    url: base,
  });
  await openingThenNearEnd(page, 4);
  await playToEnd(page, ["red"]);
  await expect(page.locator("[data-end]")).toBeVisible();
  const code = await page.locator("[data-game]").getAttribute("data-record");
  await page.click('[data-action="share"]:visible');
  await expect(page.locator("[data-share]")).toBeVisible();
  const link = await page.locator("[data-share-link]").inputValue();
  expect(link).toBe(`${base}#replay=${code}`);
  // And the link opens the replay viewer there.
  await page.goto("about:blank");
  await page.goto(link);
  await expect(page.locator("[data-game]")).toHaveAttribute("data-screen", "replay");
  await expect(page.locator("[data-replay-problem]")).toBeHidden();
  await page.keyboard.press("End");
  await expect(page.locator("[data-game]")).toHaveAttribute("data-record", code!);
  await expectBoardSoon(page, engineBoard(code!, ["red", "blue"]));
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
    }).toPass({ timeout: 30_000 });
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
        timeout: 30_000,
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
  await expect(boot).toHaveText(
    "Barricade could not start in this browser (a file did not load). Please reload the page, or try a current version of Firefox, Chrome, Edge or Safari.",
  );
});

test("a failed start says so in the page's language", async ({ browser }) => {
  for (const [locale, start, end] of [
    ["de-DE", "Malefiz konnte in diesem Browser nicht starten (eine Datei wurde nicht geladen).", "Lade die Seite bitte neu oder nimm eine aktuelle Version von Firefox, Chrome, Edge oder Safari."],
    ["ru-RU", "Barricade не удалось запустить в этом браузере (не загрузился файл).", "Обнови страницу или попробуй свежую версию Firefox, Chrome, Edge или Safari."],
  ] as const) {
    const context = await browser.newContext({ locale, serviceWorkers: "block" });
    const page = await context.newPage();
    await page.route("**/*_bg.wasm", (route) => route.abort());
    await page.goto("./");
    const boot = page.locator("#boot");
    await expect(boot).toBeVisible();
    await expect(boot).toContainText(start);
    await expect(boot).toContainText(end);
    await expect(boot).not.toContainText("Please reload");
    await context.close();
  }
  // And without WebAssembly at all, the reason is in words of the language.
  const context = await browser.newContext({ locale: "pl-PL", serviceWorkers: "block" });
  const page = await context.newPage();
  await page.addInitScript(() => delete (window as any).WebAssembly);
  await page.goto("./");
  await expect(page.locator("#boot")).toContainText(
    "Nie udało się uruchomić gry Barricade w tej przeglądarce (brak WebAssembly).",
  );
  await context.close();
});
