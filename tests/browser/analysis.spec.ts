// The analysis chart (issue #14): a finished game's #replay= link draws
// every colour's chance to win after every move, as the web worker works
// them out; the chart has one point per move and colour, the same values
// as `barricade analyse`, marks on the moves that changed the chances
// most (and on the deciding one), the same moves marked in the move list,
// and a click (or Enter) on a mark shows that move. The end screen of a
// game played to the end has the same chart.
//
// DOM contract (src/panels/chart.rs): figure[data-chart] with
// data-points (received) and data-total (plies + 1); polyline[data-colour]
// with data-values ("0.512 0.498 ..."); marks [data-mark=K]; p[data-decided]
// (its value the deciding ply). The move list marks K as [data-ply=K][data-swing].
import { test, expect, type Page } from "@playwright/test";
import { join } from "node:path";
import {
  ARTIFACTS,
  DESKTOP,
  PHONE,
  cli,
  collectErrors,
  engineBoardAt,
  enginePlies,
  expectBoardSoon,
  nearEndCode,
  playToEnd,
  resumeWithCode,
  startGame,
} from "./helpers-game";

const game = (page: Page) => page.locator("[data-game]");
const replayAt = (page: Page) => page.locator("[data-replay-at]");
/** The chart on the screen shown. */
const chart = (page: Page) => page.locator("[data-chart]:visible");
/** The chart is worked out one position per worker message; a long game
 * in a busy test machine takes a while. */
const ANALYSIS_TIMEOUT = 150_000;
/** How many swings the page marks (state::analysis::MARKS). */
const MARKS = 3;

/** A finished game from the engine's self-play: by default two players
 * (red and blue) on the classic board. */
function selfplayCode(args: string[] = ["--players", "red,blue"]): string {
  const first = cli(["selfplay", "--games", "1", "--seed", "5", ...args]).split("\n")[0];
  return JSON.parse(first).code as string;
}

interface EngineAnalysis {
  /** Per ply: colour -> chance. */
  chances: Record<string, number>[];
  /** The plies of the MARKS biggest swings. */
  swings: number[];
  decider: number | null;
}

/** `barricade analyse CODE --json`: one line per ply, then the swings. */
function engineAnalysis(code: string): EngineAnalysis {
  const lines = cli(["analyse", code, "--json", "--swings", String(MARKS)])
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  const last = lines.pop();
  lines.forEach((l, i) => expect(l.ply).toBe(i));
  return {
    chances: lines.map((l) => l.chances as Record<string, number>),
    swings: (last.swings as { ply: number }[]).map((s) => s.ply),
    decider: last.decider ? (last.decider.ply as number) : null,
  };
}

const byNumber = (a: number, b: number) => a - b;

/** Waits for the complete chart of `code` and checks it against the
 * engine; returns the marked plies in order. */
async function expectChart(page: Page, code: string, colours: string[]): Promise<number[]> {
  const plies = enginePlies(code);
  const figure = chart(page);
  await expect(figure).toHaveAttribute("data-total", String(plies + 1));
  await expect(figure).toHaveAttribute("data-points", String(plies + 1), {
    timeout: ANALYSIS_TIMEOUT,
  });
  await expect(figure).toHaveAttribute("aria-busy", "false");
  // One line per colour in play, one point per ply and the start.
  await expect(figure.locator("polyline[data-colour]")).toHaveCount(colours.length);
  const engine = engineAnalysis(code);
  expect(engine.chances.length).toBe(plies + 1);
  for (const colour of colours) {
    const line = figure.locator(`polyline[data-colour="${colour}"]`);
    const values = ((await line.getAttribute("data-values")) ?? "").split(" ").map(Number);
    const points = ((await line.getAttribute("points")) ?? "").trim().split(/\s+/);
    expect(values.length, colour).toBe(plies + 1);
    expect(points.length, colour).toBe(plies + 1);
    const off = values
      .map((v, ply) => ({ ply, page: v, engine: engine.chances[ply][colour] }))
      .filter((d) => !(Math.abs(d.page - d.engine) <= 0.002));
    expect(off, `${colour}: plies where the page and the CLI differ`).toEqual([]);
  }
  // The marks: the engine's biggest swings, and its deciding ply.
  const marks = (
    await figure
      .locator("[data-mark]")
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-mark"))))
  ).sort(byNumber);
  const expected = [...new Set([...engine.swings, ...(engine.decider ? [engine.decider] : [])])];
  expect(marks).toEqual(expected.sort(byNumber));
  expect(marks.length).toBeGreaterThanOrEqual(MARKS);
  // The line under the chart names the deciding move.
  const decided = figure.locator("[data-decided]");
  await expect(decided).not.toBeEmpty();
  expect(engine.decider).not.toBeNull();
  await expect(decided).toHaveAttribute("data-decided", String(engine.decider));
  await expect(decided).toHaveText(new RegExp(`^Move ${engine.decider} decided the game`));
  return marks;
}

/** Checks that the replay viewer shows move `ply` of `total`. */
async function expectShown(page: Page, code: string, colours: string[], ply: number, total: number) {
  await expect(page.locator(`[data-ply="${ply}"]`)).toHaveAttribute("aria-current", "step");
  await expect(replayAt(page)).toHaveText(new RegExp(`^Move ${ply} of ${total}\\b`));
  await expectBoardSoon(page, engineBoardAt(code, colours, ply));
}

test("a replay link charts every colour's chances and a mark jumps to its move", async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.setViewportSize(DESKTOP);
  const code = selfplayCode();
  const colours = ["red", "blue"];
  const plies = enginePlies(code);
  await page.goto("./");
  await page.evaluate(() => localStorage.clear());
  await page.goto(`./#replay=${code}`);
  await expect(game(page)).toHaveAttribute("data-screen", "replay");
  // The page does not wait for the chart: the viewer is usable at once.
  await expect(chart(page)).toBeVisible();
  await page.locator('[data-ply="3"]').click();
  await expect(replayAt(page)).toHaveText(new RegExp(`^Move 3 of ${plies}\\b`));

  const marks = await expectChart(page, code, colours);
  await page.screenshot({ path: join(ARTIFACTS, "chart-replay-desktop.png"), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: join(ARTIFACTS, "chart-replay-phone.png"), fullPage: true });
  await page.setViewportSize(DESKTOP);
  // The move list marks the same moves.
  const listed = (
    await page
      .locator("[data-ply][data-swing]")
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-ply"))))
  ).sort(byNumber);
  expect(listed).toEqual(marks);

  // A click on a mark shows that move (the last mark: drawn on top of any
  // neighbour it overlaps).
  const last = marks[marks.length - 1];
  await chart(page).locator(`[data-mark="${last}"]`).click();
  await expectShown(page, code, colours, last, plies);
  // The keyboard: Enter on another mark.
  const first = marks[0];
  await chart(page).locator(`[data-mark="${first}"]`).focus();
  await page.keyboard.press("Enter");
  await expectShown(page, code, colours, first, plies);
  // The line of the move shown follows.
  const now = chart(page).locator("line.now");
  const x = Number(await now.getAttribute("x1"));
  const mark = chart(page).locator(`[data-mark="${first}"] circle:not(.hit)`);
  expect(Number(await mark.getAttribute("cx"))).toBe(x);
  expect(errors).toEqual([]);
});

test("the end screen of a game played to the end has its chart", async ({ page }) => {
  test.setTimeout(ANALYSIS_TIMEOUT + 180_000);
  const errors = collectErrors(page);
  await page.setViewportSize(DESKTOP);
  await startGame(page, { seats: { red: "human", blue: "medium" }, seed: 31, speed: "instant" });
  // The same seed's game near its end, played to the end by clicks.
  await resumeWithCode(page, nearEndCode({ seed: 31, players: ["red", "blue"], before: 16 }));
  await playToEnd(page, ["red"]);
  await expect(page.locator("[data-end]")).toBeVisible();
  const code = (await game(page).getAttribute("data-record"))!;
  await expect(page.locator("[data-end] [data-chart]")).toBeVisible();
  await expectChart(page, code, ["red", "blue"]);
  await page.screenshot({ path: join(ARTIFACTS, "chart-end-desktop.png"), fullPage: true });
  expect(errors).toEqual([]);
});

// Four teams on either board: the chart's chances come from the learned
// model's four-team set of that board (on classic since issue #23's
// eighteenth step; the tuned evaluation before), as the CLI's do.
for (const board of ["quick", "classic"]) {
  test(`a four-player game on the ${board} board charts the engine's chances`, async ({ page }) => {
    const errors = collectErrors(page);
    await page.setViewportSize(DESKTOP);
    const code = selfplayCode(["--board", board]);
    await page.goto("./");
    await page.evaluate(() => localStorage.clear());
    await page.goto(`./#replay=${code}`);
    await expect(game(page)).toHaveAttribute("data-screen", "replay");
    await expectChart(page, code, ["red", "green", "yellow", "blue"]);
    await page.screenshot({ path: join(ARTIFACTS, `chart-replay-${board}-four.png`), fullPage: true });
    expect(errors).toEqual([]);
  });
}
