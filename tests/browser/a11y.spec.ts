// Accessibility, checked with axe-core: no WCAG 2.1 A or AA violation on
// any screen of the game (the new-game form, play with a pawn selected, a
// barricade drop, the end, the replay viewer, the share box), on both
// boards, at phone and desktop size.
import { test, expect, type Page } from "@playwright/test";
import {
  collectErrors,
  nearEndCode,
  openFresh,
  playToEnd,
  playUntil,
  resumeWithCode,
  startGame,
  violations,
} from "./helpers-game";

for (const board of ["classic", "quick"]) {
  test(`every screen of a game on the ${board} board has no WCAG 2.1 A/AA violation`, async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const found: string[] = [];
    await openFresh(page);
    await page.selectOption("[data-setup-board]", board);
    found.push(...(await violations(page, "setup")));

    await startGame(page, {
      board,
      seats: { red: "human", blue: "human" },
      seed: 3,
      speed: "instant",
    });
    // A pawn selected, its destinations marked.
    await page.click('[data-action="roll"]');
    await page.locator("[data-selectable]").first().click();
    await expect(page.locator("[data-legal]").first()).toBeAttached();
    found.push(...(await violations(page, "play, a pawn selected")));

    // A barricade being dropped.
    await playUntil(page, async () => (await page.locator("[data-drop]").count()) > 0);
    found.push(...(await violations(page, "barricade drop")));

    // The end, with its chart, and the share box: the same seed's game
    // near its end, resumed and played to the end by clicks.
    await resumeWithCode(page, nearEndCode({ seed: 3, board, players: ["red", "blue"], before: 10 }));
    await playToEnd(page, ["red", "blue"]);
    await expect(page.locator("[data-end]")).toBeVisible();
    await expect(page.locator("[data-chart-slot] svg")).toBeAttached();
    found.push(...(await violations(page, "end")));
    await page.locator('[data-action="share"]:visible').click();
    await expect(page.locator("[data-qr] svg")).toBeVisible();
    found.push(...(await violations(page, "share")));

    // The replay viewer of that game.
    const code = await page.locator("[data-game]").getAttribute("data-record");
    await page.goto(`./#replay=${code}`);
    await expect(page.locator("[data-game]")).toHaveAttribute("data-screen", "replay");
    await page.keyboard.press("ArrowRight");
    found.push(...(await violations(page, "replay")));

    expect(found).toEqual([]);
    expect(errors).toEqual([]);
  });
}
