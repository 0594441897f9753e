// The "How to play" page: reachable from the new-game form and from a game
// (which is still there on the way back), with its pictures drawn from the
// rules crate, every rule set, and no WCAG 2.1 A/AA violation.
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
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
  // Six pictures, each a named image with a way of numbered steps.
  const pictures = page.getByRole("img");
  await expect(pictures).toHaveCount(6);
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

/** A guide file's texts by key (src/prerender/guide/CODE.txt). */
function guideTexts(code: string): Map<string, string> {
  const file = readFileSync(join(__dirname, "..", "..", "src", "prerender", "guide", `${code}.txt`), "utf8");
  return new Map(file.trim().split("\n").map((line) => line.split(" = ", 2) as [string, string]));
}

const LANGUAGES = ["de", "en", "fr", "es", "it", "nl", "da", "sv", "pl", "ru"];

// One test per language, so that the two workers share them.
for (const code of LANGUAGES) {
  test(`how to play in ${code}: its own words, its pictures, no WCAG 2.1 A/AA violation`, async ({ page }) => {
    const errors = collectErrors(page);
    const english = [...guideTexts("en").values()];
    const texts = guideTexts(code);
    await page.setViewportSize(DESKTOP);
    await page.goto(code === "en" ? "how-to-play.html" : `how-to-play-${code}.html`);
    await expect(page.locator("html")).toHaveAttribute("lang", code);
    await expect(page).toHaveTitle(texts.get("title")!);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.get("title")!);
    for (const key of ["aim", "move", "pass", "barricade", "capture", "goal", "quick_board", "rule_sets"]) {
      await expect(page.getByRole("heading", { level: 2, name: texts.get(key)!, exact: true })).toBeVisible();
    }
    // Six pictures drawn from the rules crate, named in this language.
    const pictures = page.getByRole("img");
    await expect(pictures).toHaveCount(6);
    for (const key of ["move", "pass", "barricade", "capture", "goal", "bottom_row"]) {
      await expect(page.getByRole("img", { name: texts.get(`picture_${key}`)!, exact: true })).toHaveCount(1);
    }
    // No English sentence is left in another language's page.
    if (code !== "en") {
      const shown = await page.locator("main").innerText();
      for (const sentence of english.filter((t) => t.length > 25)) expect(shown, code).not.toContain(sentence);
    }
    for (const [name, size] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
      await page.setViewportSize(size);
      const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      expect(result.violations.map((v) => `${code} ${name}: ${v.id}`)).toEqual([]);
      if (code === "de" || code === "ru") await shot(page, `guide-${code}-${name}`);
    }
    expect(errors).toEqual([]);
  });
}

test("how to play from a German game of the French rules: German, that rule set first, and back", async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize(DESKTOP);
  await startGame(page, { seats: { red: "human", blue: "human" }, seed: 9, preset: "french" });
  await page.getByRole("combobox", { name: "Language" }).selectOption({ label: "Deutsch" });
  for (let i = 0; i < 4; i++) await playStep(page);
  const record = await page.locator("[data-game]").getAttribute("data-record");
  const de = guideTexts("de");
  await page.getByRole("link", { name: "Spielanleitung" }).click();
  await expect(page).toHaveURL(/how-to-play-de\.html#play-french$/);
  // The rule set played comes first, right after the contents.
  const chosen = page.getByRole("region", { name: de.get("chosen")! });
  await expect(chosen).toBeVisible();
  await expect(chosen.getByRole("heading", { level: 3 })).toHaveText("Barricade (französische Regeln)");
  await expect(chosen).toContainText(de.get("details_french")!);
  const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
  expect(headings[0]).toBe(de.get("chosen"));
  await page.getByRole("link", { name: de.get("back")! }).first().click();
  await expect(page.locator("[data-game]")).toHaveAttribute("data-record", record!);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  expect(errors).toEqual([]);
});
