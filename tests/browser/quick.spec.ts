// The quick board ("Das schnelle Malefiz"): drawn from the rules crate's
// data, played to the end by four computers and by a person, and carried
// by a link into a fresh browser. Every check compares the page with the
// rules engine (`barricade replay` of the page's own record).
import { test, expect, type Page } from "@playwright/test";
import {
  DESKTOP,
  openFresh,
  askHint,
  PHONE,
  collectErrors,
  engineBoard,
  engineBoardAt,
  enginePlies,
  expectBoardSoon,
  expectEngineAgrees,
  expectSameBoard,
  nearEndCode,
  playToEnd,
  playUntil,
  readSnapshot,
  resumeWithCode,
  shot,
  startGame,
} from "./helpers-game";

const game = (page: Page) => page.locator("[data-game]");
const ALL = ["red", "green", "yellow", "blue"];

/** What the board draws, counted. */
async function drawn(page: Page) {
  return page.evaluate(() => {
    const n = (selector: string) => document.querySelectorAll(selector).length;
    const svg = document.querySelector("svg.board")!;
    return {
      viewBox: svg.getAttribute("viewBox"),
      squares: n("svg.board [data-square]"),
      rest: n("svg.board .square.rest"),
      start: n("svg.board .square.start"),
      village: n("svg.board ellipse.village"),
      forest: n("svg.board ellipse.forest"),
      homes: n("svg.board [data-home]"),
      pawns: n("svg.board [data-pawn]"),
      barricades: n("svg.board [data-barricade]"),
      goal: document.querySelector("svg.board .cell.goal")?.getAttribute("data-square"),
    };
  });
}

test("the form offers the quick board and the board beside it changes at once", async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.setViewportSize(DESKTOP);
  await openFresh(page);
  const picker = page.locator("[data-setup-board]");
  await expect(picker).toHaveValue("classic");
  expect(await picker.locator("option").evaluateAll((o) => o.map((e) => (e as HTMLOptionElement).value))).toEqual([
    "classic",
    "quick",
  ]);
  expect((await drawn(page)).squares).toBe(112);
  await picker.selectOption("quick");
  await expect.poll(async () => (await drawn(page)).squares).toBe(66);
  expect(await drawn(page)).toEqual({
    viewBox: "-8 -9 176 138",
    squares: 66,
    rest: 7,
    start: 6,
    village: 1,
    forest: 1,
    homes: 4,
    pawns: 16,
    barricades: 6,
    goal: "i10",
  });
  // The board is as wide as before and lower: nothing overflows.
  const box = (await page.locator("svg.board").boundingBox())!;
  expect(box.width / box.height).toBeCloseTo(176 / 138, 1);
  // Every rule set can be chosen with it.
  for (const preset of ["ravensburger", "start-roll", "barricade", "french"]) {
    await page.selectOption("[data-setup-preset]", preset);
    await expect(picker).toHaveValue("quick");
  }
  // A game on it, two people: a reload resumes it on the quick board, and
  // the next new game offers the quick board again.
  await page.selectOption("[data-setup-seat=\"green\"]", "-");
  await page.selectOption("[data-setup-seat=\"yellow\"]", "-");
  await page.selectOption("[data-setup-seat=\"blue\"]", "human");
  await page.selectOption("[data-setup-preset]", "ravensburger");
  await page.click('[data-action="start"]');
  await expect(game(page)).toHaveAttribute("data-screen", "play");
  await page.click('[data-action="roll"]');
  await page.locator("[data-selectable]").first().click();
  await page.locator("[data-legal]").first().click();
  const code = await game(page).getAttribute("data-record");
  await page.reload();
  await expect(game(page)).toHaveAttribute("data-screen", "play");
  await expect(game(page)).toHaveAttribute("data-record", code!);
  expect((await drawn(page)).squares).toBe(66);
  await expectEngineAgrees(page, ["red", "blue"]);
  await page.click('[data-action="new-game"]');
  await expect(page.locator("[data-setup-board]")).toHaveValue("quick");
  await page.selectOption("[data-setup-board]", "classic");
  await page.click('[data-action="start"]');
  await expect.poll(async () => (await drawn(page)).squares).toBe(112);
  expect((await drawn(page)).viewBox).toBe("-8 -9 176 178");
  expect(errors).toEqual([]);
});

test("four computers play a quick-board game to the end: the page shows the engine's game", async ({
  page,
}) => {
  const errors = collectErrors(page);
  // The same seed's game near its end, to go on from after the opening.
  const nearEnd = nearEndCode({ seed: 12, board: "quick" });
  await page.setViewportSize(DESKTOP);
  await startGame(page, {
    board: "quick",
    // Every level; the master's evaluation with four teams is the
    // learned model's (Evaluator::learned).
    seats: { red: "medium", green: "easy", yellow: "hard", blue: "master" },
    seed: 12,
    speed: "instant",
  });
  expect((await drawn(page)).squares).toBe(66);
  // Midway: a screenshot at phone size.
  await expect
    .poll(() => page.locator(".log .entries li").count(), { timeout: 60_000 })
    .toBeGreaterThan(40);
  await page.setViewportSize(PHONE);
  await shot(page, "quick-play-phone");
  await page.setViewportSize(DESKTOP);
  const midway = await readSnapshot(page);
  expectSameBoard(midway.board, engineBoard(midway.code, ALL));
  // The rest: the same seed's game near its end, resumed with these
  // players, to the winner.
  await resumeWithCode(page, nearEnd);
  expect((await drawn(page)).squares).toBe(66);
  await expect(game(page)).toHaveAttribute("data-winner", /\w/, { timeout: 200_000 });
  await expectEngineAgrees(page, ALL);
  const code = (await game(page).getAttribute("data-record"))!;
  expect(code.startsWith("D")).toBe(true);
  // The game is shorter than a classic one (the selfplay figures are in
  // docs/ai.md); here it only has to end, with one winner.
  const plies = enginePlies(code);
  expect(plies).toBeGreaterThan(20);
  await expect(page.locator("[data-end]")).toBeVisible();
  await shot(page, "quick-end-desktop");
  expect(errors).toEqual([]);
});

test("a person's quick-board game is shared as a link and replays in a fresh browser", async ({
  page,
  browser,
}) => {
  const errors = collectErrors(page);
  await page.setViewportSize(PHONE);
  await startGame(page, {
    board: "quick",
    seats: { red: "human", green: "medium", blue: "easy" },
    seed: 21,
    speed: "instant",
  });
  // Red by clicks on the board; the computers play the others.
  await playToEnd(page, ["red"]);
  await expect(page.locator("[data-end]")).toBeVisible();
  const colours = ["red", "green", "blue"];
  await expectEngineAgrees(page, colours);
  await shot(page, "quick-person-end-phone");
  const code = (await game(page).getAttribute("data-record"))!;
  const winner = (await game(page).getAttribute("data-winner"))!;
  // The link in the share box.
  await page.locator('[data-action="share"]:visible').click();
  const link = await page.locator("[data-share-link]").inputValue();
  expect(link.endsWith(`#replay=${code}`)).toBe(true);
  expect(errors).toEqual([]);

  const other = await browser.newContext();
  try {
    const viewer = await other.newPage();
    const viewerErrors = collectErrors(viewer);
    await viewer.setViewportSize(DESKTOP);
    await viewer.goto(link);
    await expect(game(viewer)).toHaveAttribute("data-screen", "replay");
    await expect.poll(async () => (await drawn(viewer)).squares).toBe(66);
    await viewer.keyboard.press("End");
    await expect(game(viewer)).toHaveAttribute("data-winner", winner);
    await expectBoardSoon(viewer, engineBoard(code, colours));
    // Halfway through, the board is the engine's at that ply.
    const total = enginePlies(code);
    const at = Math.floor(total / 2);
    await viewer.locator(`[data-ply="${at}"]`).click();
    await expectBoardSoon(viewer, engineBoardAt(code, colours, at));
    await shot(viewer, "quick-replay-desktop");
    // Move by move from the start to the first position with a pawn in
    // the forest (a capture in the village): every board is the engine's.
    await viewer.keyboard.press("Home");
    let forest = 0;
    for (let ply = 1; ply <= total && forest === 0; ply++) {
      await viewer.keyboard.press("ArrowRight");
      await expect(viewer.locator("[data-replay-at]")).toHaveText(new RegExp(`^Move ${ply} of `));
      const engine = engineBoardAt(code, colours, ply);
      await expectBoardSoon(viewer, engine);
      forest = Object.values(engine.pawns).flat().filter((at) => at === "forest").length;
    }
    expect(forest).toBeGreaterThan(0);
    await expect(viewer.locator('[data-pawn][data-at="forest"]')).toHaveCount(forest);
    await expect(viewer.locator('[data-pawn][data-at="forest"]').first()).toHaveAttribute(
      "aria-label",
      / pawn in the forest$/,
    );
    await shot(viewer, "quick-forest-desktop");
    expect(viewerErrors).toEqual([]);
  } finally {
    await other.close();
  }
});

test("a quick-board game by link goes from one browser to the other, with a hint on the way", async ({
  browser,
}) => {
  const a = await browser.newContext();
  const b = await browser.newContext();
  try {
    const pageA = await a.newPage();
    const pageB = await b.newPage();
    const errors = [...[pageA, pageB].map(collectErrors)];
    await startGame(pageA, {
      board: "quick",
      seats: { red: "human", blue: "human" },
      byLink: true,
      seed: 23,
      speed: "instant",
    });
    // Red's turn on A, by clicks, until the link for blue is offered.
    const box = pageA.locator("[data-share]");
    await playUntil(pageA, () => box.isVisible(), 50);
    const link = await pageA.locator("[data-share-link]").inputValue();
    expect(link).toMatch(/#play=D[A-Za-z0-9_-]+$/);

    // B opens it: the quick board, blue to play, the same game.
    await pageB.goto(link);
    await expect(game(pageB)).toHaveAttribute("data-turn", "blue");
    await expect(game(pageB)).toHaveAttribute("data-record", link.split("#play=")[1]);
    expect((await drawn(pageB)).squares).toBe(66);
    await expectEngineAgrees(pageB, ["red", "blue"]);
    // The master's hint marks squares of this board that blue can reach,
    // and plays nothing.
    await pageB.click('[data-action="roll"]');
    await askHint(pageB);
    // Blue plays; the link back to red is the engine's game.
    await playUntil(pageB, () => pageB.locator("[data-share]").isVisible(), 50);
    const back = await pageB.locator("[data-share-link]").inputValue();
    await pageA.goto(back);
    await expect(game(pageA)).toHaveAttribute("data-turn", "red");
    expect((await drawn(pageA)).squares).toBe(66);
    await expectEngineAgrees(pageA, ["red", "blue"]);
    expect(errors.flat()).toEqual([]);
  } finally {
    await a.close();
    await b.close();
  }
});
