// The "How to play" page: reachable from the new-game form and from a game
// (which is still there on the way back), with its pictures drawn from the
// rules crate, every rule set, and no WCAG 2.1 A/AA violation.
import { test, expect } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { DESKTOP, PHONE, collectErrors, openFresh, playStep, shot, startGame } from "./helpers-game";

test("how to play: from the form and from a game, and back to the game", async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize(DESKTOP);
  await openFresh(page);
  await page.getByRole("link", { name: "How to play" }).click();
  await expect(page).toHaveTitle("How to play Barricade");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("How to play Barricade");
  for (const heading of ["The aim", "Your turn", "Passing other pawns", "Barricades", "Sending pawns home", "The goal", "The quick board", "The rule sets"]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  for (const edition of ["Malefiz (Ravensburger)", "Barricade (Jumbo)", "Barricade (rule sheet)", "Barricade (French rules)"]) {
    await expect(page.getByRole("heading", { level: 3, name: edition })).toBeVisible();
  }
  // Five pictures, each a named image with a way of numbered steps.
  const pictures = page.getByRole("img");
  await expect(pictures).toHaveCount(5);
  for (const svg of await pictures.all()) {
    expect((await svg.getAttribute("aria-label"))!.length).toBeGreaterThan(20);
    expect(await svg.locator(".step").count()).toBeGreaterThan(0);
  }
  for (const [name, size] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
    await page.setViewportSize(size);
    const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(result.violations.map((v) => `${name}: ${v.id}`)).toEqual([]);
    await shot(page, `guide-${name}`);
  }

  // From a game: the game is there again on the way back.
  await page.setViewportSize(DESKTOP);
  await startGame(page, { seats: { red: "human", blue: "human" }, seed: 5 });
  for (let i = 0; i < 6; i++) await playStep(page);
  const record = await page.locator("[data-game]").getAttribute("data-record");
  await page.getByRole("link", { name: "How to play" }).click();
  await expect(page).toHaveTitle("How to play Barricade");
  await page.getByRole("link", { name: "Back to the game" }).first().click();
  await expect(page.locator("[data-game]")).toHaveAttribute("data-screen", "play");
  await expect(page.locator("[data-game]")).toHaveAttribute("data-record", record!);
  expect(errors).toEqual([]);
});
