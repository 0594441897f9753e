// What a player does on a phone or a laptop, in every engine (Chromium,
// Firefox ESR, WebKitGTK): the first visit; a whole game against the
// computer by clicks, with a barricade drop, checked against the rules
// engine and replayed from its share link in a new window; undo and redo;
// a reload in the middle of a turn; the keyboard alone; and, after one
// visit, the game with no network.
import { engineBoard, expectSameBoard } from "../browser/helpers-game";
import { DIST, expect, test } from "./fixtures";
import {
  DESKTOP,
  PHONE,
  attr,
  boardDrawn,
  count,
  playStep,
  playUntil,
  readBoard,
  record,
  screen,
  shot,
  shown,
  startGame,
  text,
  turn,
} from "./game";
import type { Tab } from "./engines";
import { serveSite } from "./site";

const RED_BLUE = ["red", "blue"];
/** The play screen's panel (the replay viewer has its own). */
const PLAY = ".play:not(.replay)";

/** Checks that the page shows the rules engine's position for its record. */
async function expectEngineAgrees(tab: Tab, colours: string[]) {
  const code = await record(tab);
  expect(code).toBeTruthy();
  expectSameBoard(await readBoard(tab, colours), engineBoard(code!, colours));
}

test("first visit: the board and the new-game form, at laptop and phone size", async ({
  tab,
  site,
}) => {
  for (const [name, size] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
    await tab.setSize(size);
    await tab.goto(site.url);
    await boardDrawn(tab);
    // Every piece in its start place, and the form beside the board.
    expect(await count(tab, "[data-pawn]")).toBe(20);
    expect(await count(tab, '[data-pawn][data-at="home"]')).toBe(20);
    expect(await count(tab, "[data-barricade]")).toBe(11);
    expect(await screen(tab)).toBe("setup");
    expect(await shown(tab, '[data-screen="setup"]')).toBe(true);
    expect(await shown(tab, '[data-action="quick-start"]')).toBe(true);
    expect(await shown(tab, '[data-action="start"]')).toBe(true);
    // The board fills the width it is given and stays inside the viewport.
    const box = await tab.run(() => {
      const r = document.querySelector("svg.board")!.getBoundingClientRect();
      const page = document.documentElement.clientWidth; // less a scroll bar, if any
      return { x: r.x, width: r.width, viewport: innerWidth, page };
    });
    expect(box.viewport).toBe(size.width);
    expect(box.width).toBeGreaterThan(size.width * 0.5);
    expect(box.x + box.width).toBeLessThanOrEqual(box.page + 1);
    await shot(tab, `setup-${name}`);
  }
  expect(await tab.errors()).toEqual([]);
});

test("a whole game against the computer by clicks on a phone, with a barricade drop, is the engine's game, and its link replays it in a new window", async ({
  tab,
  site,
}) => {
  await tab.setSize(PHONE);
  await startGame(tab, site.url, { seats: { red: "human", blue: "medium" }, seed: 31 });
  expect(await turn(tab)).toBe("red");
  await tab.click('[data-action="roll"]');
  await expect.poll(() => attr(tab, "[data-die]", "data-value")).toMatch(/^[1-6]$/);
  await shot(tab, "play-phone");
  await tab.setSize(DESKTOP);
  await shot(tab, "play-desktop");
  await tab.setSize(PHONE);

  // Red by clicks (taps on a phone), blue by the computer, to the end.
  const steps = await playUntil(tab, ["red"]);
  expect(steps).toContain("drop");
  await expect.poll(() => shown(tab, "[data-end]")).toBe(true);
  const winner = await attr(tab, "[data-game]", "data-winner");
  expect(RED_BLUE).toContain(winner);
  expect(await text(tab, ".end-title")).toMatch(/wins/);
  await shot(tab, "end-phone");
  await expectEngineAgrees(tab, RED_BLUE);
  const code = (await record(tab))!;

  // Share shows the game's link; Copy puts it on the clipboard.
  await tab.click(`${PLAY} [data-action="share"]`);
  await expect.poll(() => shown(tab, `${PLAY} [data-share]`)).toBe(true);
  const link = await tab.run(
    (s) => (document.querySelector(s) as HTMLInputElement).value,
    `${PLAY} [data-share-link]`,
  );
  expect(link).toBe(`${site.url}#replay=${code}`);
  await tab.click(`${PLAY} [data-action="copy"]`);
  await expect.poll(() => text(tab, `${PLAY} .share-status`)).toBe("Link copied.");
  expect(await tab.errors()).toEqual([]);

  // The link in a new window: the replay viewer, at the end the same game.
  const viewer = await tab.newWindow();
  await viewer.setSize(DESKTOP);
  await viewer.goto(link);
  await boardDrawn(viewer);
  await expect.poll(() => screen(viewer)).toBe("replay");
  await viewer.press("End");
  await expect
    .poll(() => text(viewer, "[data-replay-at]"))
    .toMatch(new RegExp(`^Move (\\d+) of \\1: .*${winner === "red" ? "Red" : "Blue"} wins!$`));
  expect(await record(viewer)).toBe(code);
  await expect
    .poll(async () => JSON.stringify(await readBoard(viewer, RED_BLUE)))
    .toBe(JSON.stringify(await readBoard(tab, RED_BLUE)));
  await expectEngineAgrees(viewer, RED_BLUE);
  await shot(viewer, "replay-desktop");
  expect(await viewer.errors()).toEqual([]);
});

test("undo and redo", async ({ tab, site }) => {
  await tab.setSize(DESKTOP);
  await startGame(tab, site.url, { seats: { red: "human", yellow: "human" }, seed: 5 });
  for (let i = 0; i < 12; i++) await playStep(tab);
  // At the start of a turn: the roll button is there to press.
  await playUntil(tab, ["red", "yellow"], async () => {
    const roll = '[data-action="roll"]:not([disabled])';
    return (await count(tab, roll)) > 0;
  });
  const before = await record(tab);
  const who = await turn(tab);
  await tab.click('[data-action="undo"]');
  // The last move is taken back: another record, the other player to move.
  await expect.poll(() => record(tab)).not.toBe(before);
  await expect.poll(() => turn(tab)).not.toBe(who);
  await expectEngineAgrees(tab, ["red", "yellow"]);
  await tab.click('[data-action="redo"]');
  await expect.poll(() => record(tab)).toBe(before);
  expect(await turn(tab)).toBe(who);
  expect(await tab.run(() => (document.querySelector('[data-action="redo"]') as HTMLButtonElement).disabled)).toBe(true);
  await expectEngineAgrees(tab, ["red", "yellow"]);
  expect(await tab.errors()).toEqual([]);
});

test("a reload in the middle of a barricade drop resumes the game", async ({ tab, site }) => {
  await tab.setSize(DESKTOP);
  await startGame(tab, site.url, { seats: { red: "human", blue: "human" }, seed: 3 });
  await playUntil(tab, RED_BLUE, async () => (await count(tab, "[data-drop]")) > 0);
  const drops = await count(tab, "[data-drop]");
  expect(drops).toBeGreaterThan(0);
  const code = await record(tab);
  const board = await readBoard(tab, RED_BLUE);
  await tab.reload();
  await boardDrawn(tab);
  // The same game, still waiting for the barricade to be put down.
  await expect.poll(() => count(tab, "[data-drop]")).toBe(drops);
  expect(await record(tab)).toBe(code);
  expect(await readBoard(tab, RED_BLUE)).toEqual(board);
  expect(await count(tab, "[data-barricade]")).toBe(10);
  await playStep(tab);
  await expect.poll(() => count(tab, "[data-barricade]")).toBe(11);
  expect(await count(tab, "[data-drop]")).toBe(0);
  await expectEngineAgrees(tab, RED_BLUE);
  expect(await tab.errors()).toEqual([]);
});

/** Presses Tab until the focused element matches `selector` (at most
 * `limit` presses); returns whether it got there. */
async function tabTo(tab: Tab, selector: string, limit = 250): Promise<boolean> {
  for (let i = 0; i < limit; i++) {
    if (await tab.run((s) => document.activeElement?.matches(s) ?? false, selector)) return true;
    await tab.press("Tab");
  }
  return false;
}

test("keyboard only: Tab, Enter and Escape play turns", async ({ tab, site }) => {
  await tab.setSize(DESKTOP);
  await startGame(tab, site.url, { seats: { red: "human", blue: "human" }, seed: 9 });
  // From here on only keys are pressed: no clicks, no focus set by script.
  for (let turns = 0; turns < 4; turns++) {
    await tab.press("r");
    await expect.poll(() => attr(tab, "[data-die]", "data-value")).toMatch(/^[1-6]$/);
    const code = await record(tab);
    // Pawn, then destination, then (if a barricade was taken) its new
    // square: each reached with Tab and chosen with Enter.
    for (let step = 0; step < 6 && (await record(tab)) === code; step++) {
      const want = (await count(tab, "[data-drop]"))
        ? "[data-drop]"
        : (await count(tab, "[data-legal]"))
          ? "[data-legal]"
          : "[data-selectable]";
      if ((await count(tab, want)) === 0) break;
      expect(await tabTo(tab, want)).toBe(true);
      await tab.press("Enter");
    }
    // A turn with no legal move passes by itself.
    await expect.poll(() => record(tab)).not.toBe(code);
    await expect.poll(() => count(tab, '[data-action="roll"]:not([disabled])')).toBe(1);
  }
  // Four decisions in the move log, each a pawn move or a pass.
  expect(await count(tab, ".log .entries li")).toBe(4);
  const moves = await tab.run(() =>
    [...document.querySelectorAll(".log .entries .what")].map((e) => e.textContent ?? ""),
  );
  for (const m of moves) expect(m).toMatch(/(home|[a-q]\d+)-[a-q]\d+|pass/);
  await expectEngineAgrees(tab, RED_BLUE);
  // Escape cancels a selection made with the keyboard.
  await tab.press("r");
  await expect.poll(() => attr(tab, "[data-die]", "data-value")).toMatch(/^[1-6]$/);
  await expect.poll(() => count(tab, "[data-selectable]")).toBeGreaterThan(0);
  expect(await tabTo(tab, "[data-selectable]")).toBe(true);
  await tab.press("Enter");
  await expect.poll(() => count(tab, "[data-legal]")).toBeGreaterThan(0);
  await tab.press("Escape");
  await expect.poll(() => count(tab, "[data-legal]")).toBe(0);
  expect(await count(tab, "[data-selected]")).toBe(0);
  expect(await text(tab, "[data-live]")).toMatch(/rolled/);
  await shot(tab, "keyboard-desktop");
  expect(await tab.errors()).toEqual([]);
});

test("after one visit the game loads and plays against the computer with no network", async ({
  tab,
}) => {
  // A server of its own, stopped after the first visit: the site is then
  // unreachable, as on a phone with no network. (WebDriver classic has no
  // "offline" switch, so this is how every engine is tested alike.)
  const site = await serveSite(DIST);
  try {
    await tab.setSize(DESKTOP);
    await tab.goto(site.url);
    await boardDrawn(tab);
    await expect
      .poll(() => tab.run(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined))
      .toBe(true);
  } finally {
    await site.close();
  }
  await expect(async () => {
    const res = await fetch(site.url).catch(() => null);
    expect(res).toBeNull();
  }).toPass();
  // The page, the game and the computer player (a web worker) all come
  // from the service worker's cache.
  await startGame(tab, site.url, { seats: { red: "human", blue: "medium" }, seed: 8 });
  await playUntil(tab, ["red"]);
  await expect.poll(() => shown(tab, "[data-end]")).toBe(true);
  expect(RED_BLUE).toContain(await attr(tab, "[data-game]", "data-winner"));
  await expectEngineAgrees(tab, RED_BLUE);
  expect(await tab.errors()).toEqual([]);
});
