// Computer players think in a web worker: a game of four hard bots, and
// one of four master bots, runs to the end while the page never blocks for
// 50 ms or more (no long tasks), and each decision is timed (printed: the
// figures are in docs/ai.md, not asserted).
import { test, expect } from "@playwright/test";
import { startGame, collectErrors, askHint, ARTIFACTS } from "./helpers-game";
import { join } from "node:path";

for (const level of ["hard", "master"] as const) {
  test(`four ${level} bots play a game without freezing the page`, async ({ page }) => {
    test.setTimeout(300_000);
    const errors = collectErrors(page);
    // Count long tasks (50 ms or more on the main thread) on every page load.
    await page.addInitScript(() => {
      (window as any).__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          (window as any).__longTasks.push({ start: e.startTime, duration: e.duration });
        }
      }).observe({ type: "longtask", buffered: true });
    });
    await startGame(page, {
      seats: { red: level, green: level, yellow: level, blue: level },
      seed: 5,
      speed: "instant",
    });
    // From here on the bots play; the page's own start-up is not counted.
    const playStarted: number = await page.evaluate(() => performance.now());
    await expect(page.locator("[data-game]")).toHaveAttribute("data-winner", /\w/, {
      timeout: 200_000,
    });

    const longTasks: number[] = await page.evaluate(
      (t0) =>
        (window as any).__longTasks
          .filter((e: { start: number }) => e.start >= t0)
          .map((e: { duration: number }) => e.duration),
      playStarted,
    );
    const moves: number[] = await page.evaluate(() =>
      performance.getEntriesByName("ai-move").map((e) => e.duration),
    );
    moves.sort((a, b) => a - b);
    const median = moves[Math.floor(moves.length / 2)];
    const p95 = moves[Math.floor(moves.length * 0.95)];
    const worst = moves[moves.length - 1];
    console.log(
      `${level} bot in the browser: ${moves.length} decisions, median ${median.toFixed(1)} ms, ` +
        `95th percentile ${p95.toFixed(1)} ms, worst ${worst.toFixed(1)} ms; ` +
        `long tasks on the main thread: ${longTasks.length}` +
        (longTasks.length ? ` (${longTasks.map((d) => d.toFixed(0)).join(", ")} ms)` : ""),
    );
    expect(moves.length).toBeGreaterThan(20);
    expect(longTasks).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test("a hint shows the master bot's suggestion on the board without playing it", async ({
  page,
}) => {
  const errors = collectErrors(page);
  await startGame(page, { seats: { red: "human", blue: "human" }, seed: 9 });
  const hint = page.locator('[data-action="hint"]');
  await expect(hint).toBeHidden(); // nothing to suggest before the roll
  await page.click('[data-action="roll"]');
  const game = page.locator("[data-game]");
  const record = await game.getAttribute("data-record");
  // The suggestion's destination is one of the squares a pawn can reach.
  await askHint(page);
  await page.screenshot({ path: join(ARTIFACTS, "hint-desktop.png") });
  expect(await game.getAttribute("data-record")).toBe(record);
  await expect(hint).toBeHidden();
  expect(errors).toEqual([]);
});
