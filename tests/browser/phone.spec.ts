// A phone held upright, played by taps as a new player would: the new-game
// form scrolled down to its Start button, then roll, select, move and drop
// a barricade. At every step the whole board, the turn line and the die
// are on screen at once (issue #20); what is drawn matches the engine's
// replay of the page's record.
import { test, expect, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { ARTIFACTS, collectErrors, expectEngineAgrees, openFresh, pageChanges } from "./helpers-game";

// Two common phones, and the smaller one with its browser's bars and the
// system's shown (where the board gives way to the turn line and the die).
const SIZES = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
  { width: 360, height: 520 },
];

/** The part of the page on screen, as the player sees it. */
async function shot(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

/** Checks that the board (the svg's box), the turn line and the die are
 * wholly inside the viewport; `what` names the step for the message. */
async function expectPlayInView(page: Page, what: string) {
  // Wait for the page to settle (a scroll or a reflow is applied by the
  // next frame).
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
  const boxes = await page.evaluate(() => {
    const box = (selector: string) => {
      const r = document.querySelector(selector)!.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    return {
      board: box("[data-game] svg.board"),
      turn: box("[data-turn-marker]"),
      die: box("[data-die]"),
      width: window.innerWidth,
      height: window.innerHeight,
    };
  });
  for (const part of ["board", "turn", "die"] as const) {
    const r = boxes[part];
    const inside =
      r.top >= 0 && r.left >= 0 && r.bottom <= boxes.height && r.right <= boxes.width;
    expect(inside, `${what}: the ${part} ${JSON.stringify(r)} in ${boxes.width}x${boxes.height}`).toBe(true);
  }
}

/** Waits until the person to move is asked something (not while the die
 * tumbles or a pawn walks): a drop, the die, a square or a pawn to tap. */
async function nextChoice(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        if (document.querySelector("[data-drop]")) return "drop";
        if (document.querySelector(".die.ready")) return "roll";
        if (document.querySelector("[data-legal]")) return "move";
        if (document.querySelector("[data-selectable]")) return "select";
        return "wait";
      }),
    )
    .not.toBe("wait");
}

const record = (page: Page) => page.locator("[data-game]").getAttribute("data-record");

/** Row number of a square name ("i14" -> 14): higher is nearer the goal. */
const row = (square: string) => Number(square.slice(1));

// A phone's browser (isMobile: the page's viewport meta tag, overlay
// scrollbars) and a touch screen's narrow browser window, which keeps the
// page scrolled down as the form gives way to the game.
const DEVICES = [
  { kind: "phone", isMobile: true },
  { kind: "narrow", isMobile: false },
];

for (const size of SIZES) for (const device of DEVICES) {
  const name = `${device.kind === "phone" ? "" : "narrow-"}${size.width}x${size.height}`;
  test.describe(`a ${device.kind === "phone" ? "phone" : "narrow touch window"} of ${size.width}x${size.height}`, () => {
    test.use({ viewport: size, hasTouch: true, isMobile: device.isMobile });

    test(`taps from the form's Start to a barricade dropped, the board and the die always in view (${name})`, async ({
      page,
    }) => {
      const errors = collectErrors(page);
      await openFresh(page);
      await page.selectOption('[data-setup-seat="red"]', "human");
      await page.selectOption('[data-setup-seat="green"]', "-");
      await page.selectOption('[data-setup-seat="yellow"]', "-");
      await page.selectOption('[data-setup-seat="blue"]', "human");
      await page.fill("[data-setup-seed]", "3");
      await page.selectOption("[data-setup-speed]", "fast");
      // As a new player does: down to the bottom of the form, then Start.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const start = page.locator('[data-action="start"]');
      await expect(start).toBeInViewport();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await start.tap();
      await page.locator('[data-screen="play"]').waitFor();
      await expectPlayInView(page, "the game started");
      await shot(page, `phone-${name}-started`);

      // Taps by a simple policy (the first pawn that can be chosen, its
      // legal square nearest the goal) until a barricade has been dropped;
      // every step checked.
      let dropped = false;
      const shots = new Set<string>();
      for (let step = 0; step < 200 && !dropped; step++) {
        await nextChoice(page);
        await expectPlayInView(page, `step ${step}`);
        const drops = page.locator("[data-drop]");
        const legal = page.locator("[data-legal]");
        const selectable = page.locator("[data-selectable]:not([data-selected])");
        const snap = async (what: string) => {
          if (!shots.has(what)) await shot(page, `phone-${name}-${what}`);
          shots.add(what);
        };
        if ((await drops.count()) > 0) {
          await snap("drop");
          const before = await page.locator("[data-barricade]").count();
          await drops.last().tap();
          await expect(page.locator("[data-barricade]")).toHaveCount(before + 1);
          dropped = true;
        } else if (await page.locator(".die.ready").count()) {
          await page.locator("[data-die]").tap();
          await expect(page.locator("[data-die]")).toHaveAttribute("data-value", /^[1-6]$/);
          await snap("rolled");
        } else if ((await legal.count()) > 0) {
          // The chosen pawn's legal square nearest the goal.
          const squares = await legal.evaluateAll((els) =>
            els.map((e) => e.getAttribute("data-square")!),
          );
          const best = squares.reduce((a, b) => (row(b) > row(a) ? b : a));
          await snap("selected");
          const before = await record(page);
          await page.locator(`[data-square="${best}"][data-legal]`).tap();
          // Played (the record grows), or a barricade taken: its drop is
          // part of the same decision.
          await expect
            .poll(async () => (await record(page)) !== before || (await drops.count()) > 0)
            .toBe(true);
        } else if ((await selectable.count()) > 0) {
          const pawn = selectable.first();
          const [colour, n] = await Promise.all([pawn.getAttribute("data-pawn"), pawn.getAttribute("data-n")]);
          await pawn.tap();
          await expect(page.locator(`[data-pawn="${colour}"][data-n="${n}"]`)).toHaveAttribute("data-selected", /.*/);
        } else if (await page.locator('[data-action="pass"]').isVisible()) {
          await page.locator('[data-action="pass"]').tap();
        } else {
          // A stuck turn passes on its own.
          await pageChanges(page);
        }
      }
      expect(dropped).toBe(true);
      await nextChoice(page);
      await expectPlayInView(page, "after the drop");
      await shot(page, `phone-${name}-dropped`);
      await expectEngineAgrees(page, ["red", "blue"]);

      // Coming back to the game, scrolled down: the board from its top.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.reload();
      await page.locator('[data-screen="play"]').waitFor();
      await nextChoice(page);
      await expectPlayInView(page, "the game resumed");
      await shot(page, `phone-${name}-resumed`);
      expect(errors).toEqual([]);
    });
  });
}
