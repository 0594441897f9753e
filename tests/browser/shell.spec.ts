// The page before the app: the board in its start position is in
// index.html (written at build time by `cargo xtask finish-site`), so it
// shows without JavaScript and while the WebAssembly loads; the app takes
// those very elements over without moving anything, and a saved game
// replaces the start position as soon as the app runs.
import { test, expect, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { ARTIFACTS, PHONE, collectErrors, playStep, startGame } from "./helpers-game";

// No service worker: every load comes from the network, through page.route.
test.use({ serviceWorkers: "block" });

const SIZES = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
];

/** Holds the page's wasm download until `release` is called. */
async function holdWasm(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/barricade-web-*_bg.wasm", async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

async function shot(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

for (const size of SIZES) {
  test(`without JavaScript the board is drawn in its start position (${size.name})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: size.width, height: size.height },
    });
    const page = await context.newPage();
    await page.goto("./");
    const board = page.locator("svg.board");
    await expect(board).toBeVisible();
    const box = (await board.boundingBox())!;
    expect(box.width).toBeGreaterThan(size.width * 0.5);
    expect(box.x + box.width).toBeLessThanOrEqual(size.width + 1);
    expect(Math.abs(box.width / box.height - 176 / 178)).toBeLessThan(0.01);

    // Every piece is there, visible, inside the board and of its size.
    const boxes = async (selector: string) =>
      page.locator(selector).evaluateAll((els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          return { x: r.x, y: r.y, w: r.width, h: r.height };
        }),
      );
    const unit = box.width / 176; // CSS pixels per SVG unit
    for (const [selector, count, size] of [
      ["[data-square]", 112, 9.8], // the hit circle, 4.9 units
      ["[data-pawn]", 20, 8.2], // the pawn's ring, 4.1 units
      ["[data-barricade]", 11, 6.6], // 3.3 units, its shadow a little more
    ] as const) {
      const all = await boxes(selector);
      expect(all).toHaveLength(count);
      for (const b of all) {
        expect(b.w).toBeGreaterThan(size * unit * 0.9);
        expect(b.w).toBeLessThan(size * unit * 1.5);
        expect(b.x).toBeGreaterThanOrEqual(box.x - 1);
        expect(b.y).toBeGreaterThanOrEqual(box.y - 1);
        expect(b.x + b.w).toBeLessThanOrEqual(box.x + box.width + 1);
        expect(b.y + b.h).toBeLessThanOrEqual(box.y + box.height + 1);
      }
      await expect(page.locator(selector).first()).toBeVisible();
      await expect(page.locator(selector).last()).toBeVisible();
    }
    await expect(page.locator('[data-pawn][data-at="home"]')).toHaveCount(20);
    // The panel says what is missing (in a <noscript>, which a browser
    // with scripting off shows; Playwright only stops scripts from
    // running, so here it is checked in the markup); Quick start cannot
    // work, so it is off.
    expect(await page.locator(".panel noscript").innerHTML()).toContain("needs JavaScript");
    await expect(page.locator("[data-shell-quick]")).toBeDisabled();
    await shot(page, `shell-nojs-${size.name}`);
    await context.close();
  });

  test(`the app takes the board over without moving anything (${size.name})`, async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.setViewportSize({ width: size.width, height: size.height });
    // Before any script of the page: count layout shifts, and note the
    // prerendered board's place and one of its pawns.
    await page.addInitScript(() => {
      const w = window as any;
      w.__shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as any[]) w.__shifts.push(e.value);
      }).observe({ type: "layout-shift", buffered: true });
      document.addEventListener("DOMContentLoaded", () => {
        const svg = document.querySelector("[data-shell] svg.board");
        if (!svg) return;
        const r = svg.getBoundingClientRect();
        w.__shellBox = [r.x, r.y, r.width, r.height];
        const pawn = document.querySelector('[data-pawn="blue"][data-n="3"]') as any;
        pawn.__prerendered = true;
        w.__shellPaintedWithGame = !!document.querySelector("[data-game]");
      });
    });
    await page.goto("./");
    await page.locator("[data-game]").waitFor();
    await expect(page.locator('[data-screen="setup"]')).toBeVisible();
    // Two frames after the take-over.
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    const after = await page.evaluate(() => {
      const w = window as any;
      const svg = document.querySelector("[data-game] svg.board")!;
      const r = svg.getBoundingClientRect();
      const pawn = document.querySelector('[data-pawn="blue"][data-n="3"]') as any;
      return {
        shifts: w.__shifts as number[],
        shellBox: w.__shellBox as number[],
        appBox: [r.x, r.y, r.width, r.height],
        shells: document.querySelectorAll("[data-shell]").length,
        boards: document.querySelectorAll("svg.board").length,
        samePawn: pawn.__prerendered === true && svg.contains(pawn),
        squares: svg.querySelectorAll("[data-square]").length,
      };
    });
    expect(after.shellBox).toBeDefined();
    const total = after.shifts.reduce((a, b) => a + b, 0);
    console.log(`layout shift while taking over (${size.name}): ${total}`);
    expect(total).toBe(0);
    for (let i = 0; i < 4; i++) expect(Math.abs(after.appBox[i] - after.shellBox[i])).toBeLessThan(0.5);
    expect(after.shells).toBe(0);
    expect(after.boards).toBe(1);
    expect(after.squares).toBe(112);
    // The app's board is made of the prerendered elements themselves.
    expect(after.samePawn).toBe(true);
    await shot(page, `shell-taken-over-${size.name}`);
    expect(errors).toEqual([]);
  });
}

test("a saved game in progress replaces the start position when the app runs", async ({
  page,
}) => {
  const errors = collectErrors(page);
  await startGame(page, { seats: { red: "human", blue: "human" }, seed: 9 });
  // Play until a pawn stands on the board.
  for (let i = 0; i < 60; i++) {
    if ((await page.locator('[data-pawn]:not([data-at="home"])').count()) > 0) break;
    await playStep(page);
  }
  const placed = await page
    .locator("[data-pawn]")
    .evaluateAll((els) => els.map((e) => `${e.getAttribute("data-pawn")}${e.getAttribute("data-n")}@${e.getAttribute("data-at")}`).sort());
  expect(placed.some((p) => !p.endsWith("@home"))).toBe(true);
  const record = await page.locator("[data-game]").getAttribute("data-record");

  // Reload: the page first shows the start position (20 pawns at home),
  // and the app replaces it with the saved game as soon as it runs.
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      (window as any).__shellPawns = document.querySelectorAll("[data-shell] [data-pawn]").length;
    });
  });
  await page.reload();
  await page.waitForFunction(() => document.querySelector("[data-game]"), null, { polling: "raf" });
  const first = await page.evaluate(() => ({
    shellPawns: (window as any).__shellPawns,
    shells: document.querySelectorAll("[data-shell]").length,
    pawns: [...document.querySelectorAll("[data-pawn]")]
      .map((e) => `${e.getAttribute("data-pawn")}${e.getAttribute("data-n")}@${e.getAttribute("data-at")}`)
      .sort(),
  }));
  expect(first.shellPawns).toBe(20);
  expect(first.shells).toBe(0);
  expect(first.pawns).toEqual(placed);
  await expect(page.locator("[data-game]")).toHaveAttribute("data-record", record!);
  await expect(page.locator('[data-screen="play"]')).toBeVisible();
  expect(errors).toEqual([]);
});

test("Quick start clicked while the app loads starts the game when it runs", async ({ page }) => {
  const errors = collectErrors(page);
  const release = await holdWasm(page);
  await page.goto("./");
  const quick = page.locator("[data-shell-quick]");
  await expect(quick).toBeEnabled();
  await quick.click();
  await expect(quick).toHaveText("Starting…");
  await expect(quick).toBeDisabled();
  await expect(page.locator("[data-shell]")).toHaveAttribute("data-quick", "");
  release();
  await expect(page.locator('[data-screen="play"]')).toBeVisible();
  await expect(page.locator("[data-shell]")).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("with a saved game the shell offers no Quick start that would replace it", async ({
  page,
}) => {
  await page.goto("./");
  await page.locator("[data-game]").waitFor();
  await page.evaluate(() => localStorage.setItem("barricade.game", "barricade-save 1\n"));
  const release = await holdWasm(page);
  await page.reload();
  await expect(page.locator("[data-shell-quick]")).toBeDisabled();
  await expect(page.locator("#boot")).toHaveText("Loading your game…");
  release();
  await page.locator("[data-game]").waitFor();
});

test("a saved quick-board game: the page has the quick board's shape from the first frame", async ({
  page,
}) => {
  const errors = collectErrors(page);
  // At phone size, where a board changing its height would push the
  // panel below it down.
  await page.setViewportSize(PHONE);
  await startGame(page, { board: "quick", seats: { red: "human", blue: "human" }, seed: 9 });
  await playStep(page);
  const record = await page.locator("[data-game]").getAttribute("data-record");
  await page.addInitScript(() => {
    const w = window as any;
    document.addEventListener("DOMContentLoaded", () => {
      const svg = document.querySelector("[data-shell] svg.board");
      w.__shellClass = svg?.getAttribute("class");
      const r = svg?.getBoundingClientRect();
      w.__shellBox = r && [r.x, r.y, r.width, r.height];
    });
  });
  await page.reload();
  await expect(page.locator("[data-game]")).toHaveAttribute("data-record", record!);
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
  const seen = await page.evaluate(() => {
    const w = window as any;
    const r = document.querySelector("[data-game] svg.board")!.getBoundingClientRect();
    return {
      shellClass: w.__shellClass,
      shellBox: w.__shellBox as number[],
      appBox: [r.x, r.y, r.width, r.height],
      squares: document.querySelectorAll("svg.board [data-square]").length,
    };
  });
  expect(seen.shellClass).toBe("board quick waiting");
  expect(seen.squares).toBe(66);
  // The board the app draws has the box the page had from the start (the
  // panel's own content changes, as with any saved game).
  for (let i = 0; i < 4; i++) expect(Math.abs(seen.appBox[i] - seen.shellBox[i])).toBeLessThan(0.5);
  expect(errors).toEqual([]);
});

test("in another language the shell shows the board but none of its English words", async ({ browser }) => {
  for (const [locale, code, shown] of [
    ["de-DE", "de", false],
    ["en-GB", "en", true],
  ] as const) {
    const context = await browser.newContext({ locale, serviceWorkers: "block" });
    const page = await context.newPage();
    const release = await holdWasm(page);
    await page.goto("./");
    await expect(page.locator("html")).toHaveAttribute("lang", code);
    await expect(page.locator("[data-shell] svg.board")).toBeVisible();
    for (const selector of ["[data-shell] .title", "[data-shell] .tagline", "[data-shell-quick]"]) {
      if (shown) await expect(page.locator(selector)).toBeVisible();
      else await expect(page.locator(selector)).toBeHidden();
    }
    release();
    // The app's panel, in the page's language.
    await expect(page.locator("[data-shell]")).toHaveCount(0);
    await expect(page.locator(".setup .title")).toHaveText(code === "de" ? "Malefiz" : "Barricade");
    await expect(page.locator(".setup .title")).toBeVisible();
    await context.close();
  }
});
