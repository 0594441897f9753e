// Whole games through the UI alone (clicks and keys, fixed seeds), checked
// against the rules engine; reload in the middle of a drop; undo/redo;
// keyboard play; click-to-highlight timing; screenshots of every screen.
import { test, expect, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import {
  ARTIFACTS,
  collectErrors,
  expectEngineAgrees,
  nearEndCode,
  playStep,
  playUntil,
  resumeWithCode,
  startGame,
} from "./helpers-game";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function shot(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

const record = (page: Page) => page.locator("[data-game]").getAttribute("data-record");

test("first visit: the board and the new-game form, at both sizes", { tag: "@smoke" }, async ({ page }) => {
  const errors = collectErrors(page);
  for (const [name, size] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
    await page.setViewportSize(size);
    await page.goto("./");
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await expect(page.locator('[data-screen="setup"]')).toBeVisible();
    await expect(page.locator("[data-pawn]")).toHaveCount(20);
    await expect(page.locator('[data-action="quick-start"]')).toBeVisible();
    await shot(page, `setup-${name}`);
  }
  expect(errors).toEqual([]);
});

test("a two-player game to the win, with captures and drops, matches the engine", async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize(DESKTOP);
  await startGame(page, { seats: { red: "human", blue: "human" }, seed: 7 });
  await expect(page.locator("[data-game]")).toHaveAttribute("data-turn", "red");
  await page.click('[data-action="roll"]');
  await expect(page.locator("[data-die]")).toHaveAttribute("data-value", /^[1-6]$/);
  await shot(page, "play-desktop");
  // By clicks until a pawn has been taken and a barricade dropped, the
  // page then checked against the engine; then from the same seed's game
  // near its end to the win. Whole games are the rules crate's, played
  // natively (crates/rules/tests/properties.rs).
  const home = () => page.locator('[data-pawn][data-at="home"]').count();
  let atHome = await home();
  let captured = false;
  let dropped = false;
  for (let i = 0; !(captured && dropped); i++) {
    if (i > 5000) throw new Error("no capture and drop in 5000 steps");
    if ((await page.locator("[data-drop]").count()) > 0) dropped = true;
    // Taking a pawn whenever a roll allows it.
    if (!(await playStep(page, true))) throw new Error("the game ended before a capture and a drop");
    // Only a capture puts a pawn back in its home.
    const now = await home();
    if (now > atHome) captured = true;
    atHome = now;
  }
  await expectEngineAgrees(page, ["red", "blue"]);
  await resumeWithCode(page, nearEndCode({ seed: 7, players: ["red", "blue"], before: 12 }));
  await playUntil(page, async () => false);
  await expect(page.locator("[data-end]")).toBeVisible();
  const winner = await page.locator("[data-game]").getAttribute("data-winner");
  expect(["red", "blue"]).toContain(winner);
  const stats = await page.locator(".stats tbody td").allTextContents();
  const captures = stats.filter((_, i) => i % 3 === 1).reduce((a, b) => a + Number(b), 0);
  const moved = stats.filter((_, i) => i % 3 === 2).reduce((a, b) => a + Number(b), 0);
  expect(captures).toBeGreaterThan(0);
  expect(moved).toBeGreaterThan(0);
  await shot(page, "end-desktop");
  await expectEngineAgrees(page, ["red", "blue"]);
  expect(errors).toEqual([]);
});

test("a four-player team game to the win on a phone matches the engine", async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize(PHONE);
  await startGame(page, {
    seats: { red: "human", green: "human", yellow: "human", blue: "human" },
    teams: true,
    seed: 21,
  });
  await page.click('[data-action="roll"]');
  await shot(page, "play-phone");
  // A few turns by clicks, then the same seed's game near its end, to the win.
  for (let i = 0; i < 12; i++) await playStep(page);
  const teams = "red+yellow/green+blue";
  await resumeWithCode(page, nearEndCode({ seed: 21, teams, before: 20 }));
  await playUntil(page, async () => false);
  const winner = (await page.locator("[data-game]").getAttribute("data-winner"))!;
  expect(["red yellow", "green blue"]).toContain(winner);
  await shot(page, "end-phone");
  await expectEngineAgrees(page, ["red", "green", "yellow", "blue"]);
  expect(errors).toEqual([]);
});

test("a reload in the middle of a barricade drop resumes it", async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize(DESKTOP);
  await startGame(page, { seats: { red: "human", blue: "human" }, seed: 3 });
  await playUntil(page, async () => (await page.locator("[data-drop]").count()) > 0);
  const drops = await page.locator("[data-drop]").count();
  const code = await record(page);
  await shot(page, "drop-desktop");
  await page.reload();
  await expect(page.locator("[data-drop]")).toHaveCount(drops);
  expect(await record(page)).toBe(code);
  await expect(page.locator("[data-barricade]")).toHaveCount(10);
  await page.setViewportSize(PHONE);
  await shot(page, "drop-phone");
  await page.locator("[data-drop]").last().click();
  await expect(page.locator("[data-drop]")).toHaveCount(0);
  await expect(page.locator("[data-barricade]")).toHaveCount(11);
  await expectEngineAgrees(page, ["red", "blue"]);
  expect(errors).toEqual([]);
});

test("undo and redo", { tag: "@smoke" }, async ({ page }) => {
  const errors = collectErrors(page);
  await startGame(page, { seats: { red: "human", yellow: "human" }, seed: 5 });
  for (let i = 0; i < 12; i++) await playStep(page);
  await playUntil(page, async () => page.locator('[data-action="roll"]').isEnabled());
  const before = await record(page);
  const turn = await page.locator("[data-game]").getAttribute("data-turn");
  await page.click('[data-action="undo"]');
  await expect(page.locator("[data-game]")).not.toHaveAttribute("data-record", before!);
  await expect(page.locator("[data-game]")).not.toHaveAttribute("data-turn", turn!);
  await page.click('[data-action="redo"]');
  await expect(page.locator("[data-game]")).toHaveAttribute("data-record", before!);
  await expect(page.locator('[data-action="redo"]')).toBeDisabled();
  expect(errors).toEqual([]);
});

/** Presses Tab until the focused element matches `selector` (at most
 * `limit` presses); returns whether it got there. Keyboard only. */
async function tabTo(page: Page, selector: string, limit = 250): Promise<boolean> {
  for (let i = 0; i < limit; i++) {
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) {
      return true;
    }
    await page.keyboard.press("Tab");
  }
  return false;
}

test("keyboard only: a few turns", async ({ page }) => {
  const errors = collectErrors(page);
  await startGame(page, { seats: { red: "human", blue: "human" }, seed: 9 });
  // From here on only keys are pressed: no clicks, no focus set by script.
  for (let turn = 0; turn < 4; turn++) {
    await page.keyboard.press("r");
    await expect(page.locator("[data-die]")).toHaveAttribute("data-value", /^[1-6]$/);
    // The record after the roll; it changes again when the move is made.
    const code = await record(page);
    // Pawn, then destination, then (if a barricade was taken) its new square:
    // each reached with Tab and chosen with Enter, until the turn is over.
    for (let step = 0; step < 6 && (await record(page)) === code; step++) {
      const want = (await page.locator("[data-drop]").count())
        ? "[data-drop]"
        : (await page.locator("[data-legal]").count())
          ? "[data-legal]"
          : "[data-selectable]";
      if ((await page.locator(want).count()) === 0) break;
      expect(await tabTo(page, want)).toBe(true);
      await page.keyboard.press("Enter");
    }
    // A turn with no legal move passes by itself.
    await expect.poll(() => record(page)).not.toBe(code);
    await expect(page.locator('[data-action="roll"]')).toBeEnabled();
  }
  // Four decisions are in the move log, each a pawn move or a pass.
  await expect(page.locator(".log .entries li")).toHaveCount(4);
  const moves = await page.locator(".log .entries .what").allTextContents();
  for (const m of moves) expect(m).toMatch(/(home|[a-q]\d+)-[a-q]\d+|pass/);
  // Escape cancels a selection made with the keyboard.
  await page.keyboard.press("r");
  if ((await page.locator("[data-selectable]").count()) > 0) {
    expect(await tabTo(page, "[data-selectable]")).toBe(true);
    await page.keyboard.press("Enter");
    await expect(page.locator("[data-legal]").first()).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.locator("[data-legal]")).toHaveCount(0);
    await expect(page.locator("[data-selected]")).toHaveCount(0);
  }
  await expect(page.locator("[data-live]")).toContainText(/rolled/);
  expect(errors).toEqual([]);
});

test("clicking a pawn lights its destinations, and Escape puts them out", async ({ page }) => {
  // How soon they light is a figure of `cargo xtask bench`
  // (tests/bench/highlight.mjs), not asserted here.
  await startGame(page, { seats: { red: "human", blue: "human" }, seed: 12 });
  // Get pawns onto the board so that several can be selected.
  let lit = 0;
  for (let i = 0; i < 400 && lit < 5; i++) {
    const n = await page.locator("[data-selectable]").count();
    if (n >= 2 && (await page.locator("[data-selected]").count()) === 0) {
      await page.locator("[data-selectable]").first().click();
      await expect(page.locator("[data-legal]").first()).toBeAttached();
      await expect(page.locator("[data-selected]")).toHaveCount(1);
      await page.keyboard.press("Escape");
      await expect(page.locator("[data-legal]")).toHaveCount(0);
      lit++;
    }
    await playStep(page);
  }
  expect(lit).toBe(5);
});

test("a damaged save is kept as a backup and reported", async ({ page }) => {
  await page.goto("./");
  // The app runs (it reads the storage when it starts).
  await page.locator("[data-game]").waitFor();
  await page.evaluate(() => localStorage.setItem("barricade.game", "barricade-save 1\ncode nonsense"));
  await page.reload();
  await expect(page.locator("[data-notice]")).toBeVisible();
  const backup = await page.evaluate(() => localStorage.getItem("barricade.game.backup"));
  expect(backup).toContain("nonsense");
  await page.click('[data-action="quick-start"]');
  await expect(page.locator('[data-screen="play"]')).toBeVisible();
});

test("on a phone a tap near a legal square (within 20 px) chooses it", async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize(PHONE);
  await startGame(page, { seats: { red: "human", blue: "human" }, seed: 9 });
  await page.click('[data-action="roll"]');
  // With every pawn at home they are already selected: legal squares shown.
  await expect(page.locator("[data-legal]").first()).toBeAttached();
  const before = await record(page);
  // A point 15 px from a legal square, in the direction farthest from
  // everything else that can be chosen, so that square is the nearest.
  const tap = await page.evaluate(() => {
    const centre = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    };
    const target = document.querySelector("[data-legal]")!;
    const t = centre(target);
    const others = [
      ...document.querySelectorAll("[data-legal],[data-drop],[data-target],[data-selectable]"),
    ]
      .filter((el) => el !== target)
      .map(centre);
    let best = { x: 0, y: 0, gap: -1 };
    for (let a = 0; a < 360; a += 15) {
      const x = t.x + 15 * Math.cos((a * Math.PI) / 180);
      const y = t.y + 15 * Math.sin((a * Math.PI) / 180);
      const gap = Math.min(...others.map((o) => Math.hypot(o.x - x, o.y - y)), 1e9);
      if (gap > best.gap) best = { x, y, gap };
    }
    const hit = document.elementFromPoint(best.x, best.y);
    return {
      x: best.x,
      y: best.y,
      square: target.getAttribute("data-square"),
      onSquare: hit?.closest("[data-square]")?.getAttribute("data-square") ?? null,
      spacing: (() => {
        const a = document.querySelector('[data-square="a1"]')!.getBoundingClientRect();
        const b = document.querySelector('[data-square="b1"]')!.getBoundingClientRect();
        return b.x - a.x;
      })(),
    };
  });
  // Squares are less than 40 px apart here, and the tap misses the square.
  expect(tap.spacing).toBeLessThan(40);
  expect(tap.onSquare).not.toBe(tap.square);
  await page.mouse.click(tap.x, tap.y);
  await expect.poll(() => record(page)).not.toBe(before);
  expect(await page.locator(`[data-pawn="red"][data-at="${tap.square}"]`).count()).toBe(1);
  expect(errors).toEqual([]);
});
