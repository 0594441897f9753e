// "Play in words": a whole game against the computer played the way a
// screen reader user plays it, through the accessibility tree only
// (getByRole / getByText: no CSS selector, no click on the board), with
// every announcement of the live region checked, the position in words
// compared with the rules engine's replay of the game's own link, and
// axe-core on the screens of the mode; and a capture in the quick board's
// village, which sends the pawn to the forest.
import { test, expect, type Page } from "@playwright/test";
import { DESKTOP, collectErrors, engineBoard, pageChanges, shot, violations } from "./helpers-game";

const WORDS = "Play in words (for screen readers)";

/** Opens the app with nothing stored, by its words only. */
async function openClean(page: Page) {
  await page.goto("./");
  await expect(page.getByRole("button", { name: "Quick start" })).toBeVisible();
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.getByRole("button", { name: "Start game" })).toBeVisible();
}

/** Starts red (a person) against blue (`blue`) from the form. */
async function startAgainst(page: Page, blue: string, seed: number, board = "Classic") {
  await page.getByRole("combobox", { name: "Red" }).selectOption({ label: "Person" });
  await page.getByRole("combobox", { name: "Green" }).selectOption({ label: "Not playing" });
  await page.getByRole("combobox", { name: "Yellow" }).selectOption({ label: "Not playing" });
  await page.getByRole("combobox", { name: "Blue" }).selectOption({ label: blue });
  await page.getByRole("combobox", { name: "Board" }).selectOption({ label: board });
  await page.getByRole("textbox", { name: "Dice seed" }).fill(String(seed));
  await page.getByRole("combobox", { name: "Speed" }).selectOption({ label: "Instant" });
  await page.getByRole("button", { name: "Start game" }).click();
}

/** Records every text the live region says, in order, in the page. */
async function listen(page: Page) {
  await page
    .getByRole("status")
    .last()
    .evaluate((live) => {
      const said: string[] = ((window as any).said = []);
      new MutationObserver(() => {
        const text = live.textContent ?? "";
        if (text) said.push(text);
      }).observe(live, { childList: true, characterData: true, subtree: true });
    });
}

async function said(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as any).said as string[]);
}

/** The position in words, as each colour's squares (sorted). */
async function shownPawns(page: Page, colours: string[]): Promise<Record<string, string[]>> {
  const lines = await page.getByRole("group", { name: WORDS }).getByRole("listitem").allTextContents();
  const pawns: Record<string, string[]> = {};
  for (const c of colours) {
    const line = lines.find((l) => l.toLowerCase().startsWith(`${c}: `))!;
    expect(line, `a line for ${c} in ${lines.join(" | ")}`).toBeTruthy();
    const first = line.slice(c.length + 2).split("; ")[0];
    pawns[c] = first.includes("pawn") ? [] : first.split(", ").sort();
  }
  return pawns;
}

test("a whole game in words against the computer, through the accessibility tree only", async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize(DESKTOP);
  await openClean(page);
  await startAgainst(page, "Computer, easy", 21);
  const words = page.getByRole("group", { name: WORDS });
  // Folded away until asked for.
  await expect(words.getByRole("heading", { name: "Where everything stands" })).toBeHidden();
  await page.getByText(WORDS).click();
  await expect(words.getByRole("heading", { name: "Where everything stands" })).toBeVisible();
  await expect(words.getByRole("listitem").filter({ hasText: /^Red: 5 pawns at home$/ })).toHaveCount(1);
  await listen(page);

  const die = page.getByRole("button", { name: /^(Roll the die|Die showing \d\. Roll)$/ });
  const over = page.getByRole("heading", { name: /wins!$/ });
  let rolls = 0;
  let moves = 0;
  let drops = 0;
  let checkedDrop = false;
  for (let step = 0; step < 3000 && !(await over.isVisible()); step++) {
    const buttons = words.getByRole("list").first().getByRole("button");
    if (await die.isVisible()) {
      const before = (await said(page)).length;
      await die.click();
      rolls++;
      // The roll is announced, once.
      await expect.poll(async () => (await said(page)).slice(before)[0]).toMatch(/^Red rolled \d( and cannot move)?$/);
      continue;
    }
    const count = await buttons.count().catch(() => 0);
    if (count === 0) {
      await pageChanges(page);
      continue;
    }
    const first = buttons.first();
    const name = (await first.textContent().catch(() => null)) ?? "";
    if (!name) continue;
    const before = (await said(page)).length;
    if (name.startsWith("Put the barricade on ")) {
      if (!checkedDrop) {
        checkedDrop = true;
        expect(await violations(page, "drop in words")).toEqual([]);
        await shot(page, "words-drop");
      }
      const square = name.slice("Put the barricade on ".length);
      await first.click().catch(() => {});
      drops++;
      await expect.poll(async () => (await said(page)).slice(before)[0]).toMatch(new RegExp(`^Red moved to \\w+ and put the barricade on ${square}\\. Blue's turn$`));
    } else {
      // "Red pawn on c5 to g5", "Red pawn at home to c2, takes the barricade", "…, sends Blue home"
      const m = /^Red pawn (?:on \w+|at home) to (\w+)(, takes the barricade|, sends Blue home)?$/.exec(name);
      expect(m, name).not.toBeNull();
      if (moves === 3) {
        expect(await violations(page, "moves in words")).toEqual([]);
        await shot(page, "words-moves");
      }
      await first.click().catch(() => {});
      moves++;
      if (m![2] === ", sends Blue home") {
        await expect.poll(async () => (await said(page)).slice(before)[0]).toBe(`Red captured Blue on ${m![1]}. Blue's turn`);
      } else if (!m![2]) {
        await expect.poll(async () => (await said(page)).slice(before)[0]).toMatch(new RegExp(`^Red moved to ${m![1]}\\. (Blue's turn|Red wins!)$`));
      }
    }
  }
  await expect(over).toBeVisible();
  expect(rolls).toBeGreaterThan(10);
  expect(moves).toBeGreaterThan(10);

  // Every event was announced, each once: no text twice in a row, the
  // computer's rolls and moves too, and the winner last.
  const all = await said(page);
  for (let i = 1; i < all.length; i++) expect(all[i], `announced twice: ${all[i]}`).not.toBe(all[i - 1]);
  expect(all.some((s) => /^Blue rolled \d/.test(s))).toBe(true);
  expect(all.some((s) => /^Blue (moved to|captured)/.test(s))).toBe(true);
  expect(all.at(-1)).toMatch(/(Red|Blue) wins!$/);
  const winner = /(Red|Blue) wins!$/.exec(all.at(-1)!)![1].toLowerCase();

  // The position in words is the engine's replay of the game's link.
  await page.getByRole("button", { name: "Share" }).click();
  const link = await page.getByRole("textbox", { name: "Share" }).inputValue();
  const code = decodeURIComponent(/#replay=(.*)$/.exec(link)![1]);
  const engine = engineBoard(code, ["red", "blue"]);
  expect(engine.winner).toBe(winner);
  const shown = await shownPawns(page, ["red", "blue"]);
  for (const c of ["red", "blue"]) expect(shown[c], c).toEqual(engine.pawns[c]);
  const barricades = (await words.getByRole("listitem").filter({ hasText: /^Barricades: / }).textContent())!;
  expect(barricades.slice("Barricades: ".length).split(", ").sort()).toEqual(engine.barricades);
  expect(await violations(page, "end in words")).toEqual([]);
  expect(errors).toEqual([]);
});

test("play in words is remembered, speaks the page's language and works on the quick board", async ({ page }) => {
  const errors = collectErrors(page);
  await openClean(page);
  await startAgainst(page, "Person", 3, "Quick (four pawns, six barricades)");
  await page.getByText(WORDS).click();
  const words = page.getByRole("group", { name: WORDS });
  await expect(words.getByRole("listitem").filter({ hasText: /^Red: 4 pawns at home$/ })).toHaveCount(1);
  await page.getByRole("button", { name: /^(Roll the die|Die showing \d\. Roll)$/ }).click();
  const moves = words.getByRole("list").first().getByRole("button");
  await expect(moves.first()).toHaveText(/^Red pawn at home to \w+/);
  // The language changes every word of the list, the game stays.
  await page.getByRole("combobox", { name: "Language" }).selectOption({ label: "Deutsch" });
  const german = page.getByRole("group", { name: "Mit Worten spielen (für Screenreader)" });
  await expect(german.getByRole("list").first().getByRole("button").first()).toHaveText(/^Rote Figur zu Hause nach \w+/);
  await expect(german.getByRole("listitem").filter({ hasText: /^Blau: 4 Figuren zu Hause$/ })).toHaveCount(1);
  // Remembered over a reload, open as it was left.
  await page.reload();
  await expect(german.getByRole("heading", { name: "Wo alles steht" })).toBeVisible();
  await expect(german.getByRole("list").first().getByRole("button").first()).toHaveText(/^Rote Figur zu Hause nach \w+/);
  // Playing a move from the list moves the pawn; focus goes on (to the
  // next choice or the die), not to the page's start.
  await german.getByRole("list").first().getByRole("button").first().click();
  await expect(page.getByRole("status").last()).toHaveText(/^Rot (ist nach|hat)/);
  expect(await violations(page, "quick board in words, German")).toEqual([]);
  await page.getByRole("combobox", { name: "Sprache" }).selectOption({ label: "English" });
  expect(errors).toEqual([]);
});

test("on the quick board a capture in the village says the pawn goes to the forest, and it does", async ({ page }) => {
  const errors = collectErrors(page);
  const colours = ["red", "green", "yellow", "blue"];
  // A quick-board game of four people after 87 decisions (seed 3, found
  // with the rules crate): blue rolls a 2 next, two steps from yellow's
  // pawn on g7, in the village.
  const code = "DsbYAIbkBAAAAAAAAAFcApygCISGRRBCBRAQEFCAAABEAIIBIhJRIQEgIiJCIgCIAIAKQAgAQAAA";
  await openClean(page);
  await page.goto(`./#play=${code}`);
  await page.getByText(WORDS).click();
  const words = page.getByRole("group", { name: WORDS });
  await expect(words.getByRole("listitem").filter({ hasText: /^Yellow: / })).toHaveText(/^Yellow: [a-z0-9, ]+$/);
  await page.getByRole("button", { name: /^(Roll the die|Die showing \d\. Roll)$/ }).click();
  await words.getByRole("button", { name: "Blue pawn on e7 to g7, sends Yellow to the forest" }).click();
  await expect(page.getByRole("status").last()).toHaveText(/^Blue captured Yellow on g7/);
  await expect(words.getByRole("listitem").filter({ hasText: /^Yellow: / })).toHaveText(/; 1 pawn in the forest$/);
  const record = await page.locator("[data-game]").getAttribute("data-record");
  const engine = engineBoard(record!, colours);
  const shown = await shownPawns(page, colours);
  for (const c of colours) {
    expect(shown[c], c).toEqual(engine.pawns[c].filter((p) => p !== "forest"));
  }
  expect(engine.pawns.yellow.filter((p) => p === "forest")).toEqual(["forest"]);
  // The same in German.
  await page.getByRole("combobox", { name: "Language" }).selectOption({ label: "Deutsch" });
  const german = page.getByRole("group", { name: "Mit Worten spielen (für Screenreader)" });
  await expect(german.getByRole("listitem").filter({ hasText: /^Gelb: / })).toHaveText(/; 1 Figur im Wald$/);
  await page.getByRole("combobox", { name: "Sprache" }).selectOption({ label: "English" });
  expect(errors).toEqual([]);
});
