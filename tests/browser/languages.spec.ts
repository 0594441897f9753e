// Languages: a first visit follows the browser's language, the menu
// changes every word mid-game without touching the game, and a language
// never opened before still loads with no network (precached).
import { test, expect, type Page, type Browser } from "@playwright/test";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  collectErrors,
  fillSetupAndStart,
  openFresh,
  playStep,
  shotBoth,
  startGame,
} from "./helpers-game";

const LANG = resolve(__dirname, "../../public/lang");

/** A language file as [key, text] pairs. */
function table(code: string): [string, string][] {
  return readFileSync(`${LANG}/${code}.txt`, "utf8")
    .split("\n")
    .filter((l) => l.includes(" = "))
    .map((l) => {
      const at = l.indexOf(" = ");
      return [l.slice(0, at), l.slice(at + 3)];
    });
}

/** An English text as a pattern that matches it with any values filled in. */
function pattern(text: string): RegExp {
  const parts = text.split(/(\{[^}]*\})/);
  const source = parts
    .map((part) => {
      const m = /^\{\d+\?(.*)\}$/.exec(part);
      if (m) return `(?:${m[1].split("|").map(escape).join("|")})`;
      if (/^\{\d+(:\d+)?\}$/.test(part)) return ".+?";
      return escape(part);
    })
    .join("");
  return new RegExp(`^${source}$`);
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The English texts a page in `code` must not show: those that differ
 *  from every text of that language. Colour lines give each form. */
function englishOnly(code: string): { key: string; text: string; re: RegExp }[] {
  const own = new Set(table(code).flatMap(([, t]) => t.split("|")));
  return table("en")
    .filter(([key, text]) => !own.has(text) && key !== "language")
    .map(([key, text]) => ({ key, text, re: pattern(text) }));
}

/** Every piece of text the page shows or names: text of elements that are
 *  not hidden, accessible names, titles, and the document's title. */
async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = new Set<string>([document.title]);
    const hidden = (el: Element | null): boolean => {
      for (let e = el; e; e = e.parentElement) {
        if (e.hasAttribute("hidden") || e.getAttribute("aria-hidden") === "true") return true;
      }
      return false;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = (n.textContent ?? "").trim();
      const parent = n.parentElement;
      if (!text || !parent || hidden(parent)) continue;
      if (parent.closest("[data-language]")) continue; // each language names itself
      out.add(text);
    }
    for (const el of document.querySelectorAll("[aria-label],[title],[placeholder]")) {
      if (hidden(el)) continue;
      for (const name of ["aria-label", "title", "placeholder"]) {
        const v = el.getAttribute(name);
        if (v) out.add(v.trim());
      }
    }
    return [...out];
  });
}

/** The texts on the page that are English where `code` has its own. */
async function englishFound(page: Page, code: string): Promise<string[]> {
  const english = englishOnly(code);
  return (await shownTexts(page)).flatMap((shown) =>
    english.filter((e) => e.re.test(shown)).map((e) => `${e.key}: "${shown}"`),
  );
}

/** Fails with the English texts found on the page. */
async function expectNoEnglish(page: Page, code: string, where: string) {
  expect(await englishFound(page, code), `English left on the ${where} in ${code}`).toEqual([]);
}

async function openIn(browser: Browser, locale: string) {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  return { context, page };
}

for (const [locale, code] of [
  ["de-DE", "de"],
  ["pl-PL", "pl"],
  ["ru-RU", "ru"],
] as const) {
  test(`a first visit from a browser in ${locale} is in ${code}, on the form and in play`, async ({
    browser,
  }) => {
    const { context, page } = await openIn(browser, locale);
    const errors = collectErrors(page);
    await openFresh(page);
    await expect(page.locator("html")).toHaveAttribute("lang", code);
    await expect(page.locator("[data-language]")).toHaveValue(code);
    await expectNoEnglish(page, code, "new-game form");
    await shotBoth(page, `language-${code}-setup`);
    // A game of two people: rolls, choices, moves.
    await fillSetupAndStart(page, { seats: { red: "human", blue: "human" }, seed: 5 });
    await expectNoEnglish(page, code, "game before the first roll");
    for (let i = 0; i < 12; i++) {
      await playStep(page);
      await expectNoEnglish(page, code, `game, step ${i + 1}`);
    }
    await shotBoth(page, `language-${code}-play`);
    expect(errors).toEqual([]);
    await context.close();
  });
}

test("the language changed mid-game keeps the game and changes every word", async ({ page }) => {
  const errors = collectErrors(page);
  await startGame(page, { seats: { red: "human", blue: "human" }, seed: 5 });
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  for (let i = 0; i < 6; i++) await playStep(page);
  const record = await page.locator("[data-game]").getAttribute("data-record");
  const board = await page.locator("[data-pawn]").evaluateAll((els) =>
    els.map((el) => `${el.getAttribute("data-pawn")}${el.getAttribute("data-n")}@${el.getAttribute("style")}`),
  );
  // The check sees English where there is English: the prompt, the log,
  // the buttons, the pawns' names.
  const before = await englishFound(page, "fr");
  for (const key of ["undo", "moves", "pawn_on", "pawn_at_home"]) {
    expect(before.some((f) => f.startsWith(`${key}:`)), `${key} in ${before}`).toBe(true);
  }
  await page.locator("[data-language]").selectOption("fr");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.locator("[data-game]")).toHaveAttribute("data-record", record ?? "");
  expect(
    await page.locator("[data-pawn]").evaluateAll((els) =>
      els.map((el) => `${el.getAttribute("data-pawn")}${el.getAttribute("data-n")}@${el.getAttribute("style")}`),
    ),
  ).toEqual(board);
  await expectNoEnglish(page, "fr", "game after the switch");
  // The game plays on in French, and the choice is remembered.
  for (let i = 0; i < 4; i++) {
    await playStep(page);
    await expectNoEnglish(page, "fr", `game, step ${i + 1} after the switch`);
  }
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.locator("[data-language]")).toHaveValue("fr");
  await expectNoEnglish(page, "fr", "game after a reload");
  expect(errors).toEqual([]);
});

test("with no network, a language never opened before still switches (precached)", async ({
  page,
  context,
}) => {
  const errors = collectErrors(page);
  await openFresh(page);
  // The service worker is installed; a page loaded while it was being
  // activated may stay uncontrolled until its next load.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (await page.evaluate(() => navigator.serviceWorker.controller === null)) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 30_000,
  });
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator("[data-language]")).toBeVisible();
  await page.locator("[data-language]").selectOption("it");
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
  await expectNoEnglish(page, "it", "new-game form, offline");
  await context.setOffline(false);
  expect(errors).toEqual([]);
});

for (const [locale, code] of [
  ["pl-PL", "pl"],
  ["nl-NL", "nl"],
] as const) {
  test(`in ${code}: the end screen, its chart, the share box, the replay viewer and play in words have no English`, async ({
    browser,
  }) => {
    const { context, page } = await openIn(browser, locale);
    const errors = collectErrors(page);
    await openFresh(page);
    await expect(page.locator("html")).toHaveAttribute("lang", code);
    // Two computer players to the end, as fast as the page goes.
    await fillSetupAndStart(page, { seats: { red: "easy", blue: "easy" }, seed: 12 });
    await expect(page.locator("[data-game]")).toHaveAttribute("data-winner", /\w/, { timeout: 200_000 });
    // The end screen, with the chart's chances worked out.
    await expect(page.locator(".chart")).toHaveAttribute("aria-busy", "false", { timeout: 60_000 });
    await expectNoEnglish(page, code, "end screen");
    // Play in words, opened: the position in words.
    await page.locator("[data-words] > summary").click();
    await expect(page.locator("[data-word-position] li").first()).toBeVisible();
    await expectNoEnglish(page, code, "end screen with play in words");
    // The share box.
    await page.locator('[data-action="share"]').click();
    await expect(page.locator("[data-share]")).toBeVisible();
    await expectNoEnglish(page, code, "share box");
    await shotBoth(page, `language-${code}-end`);
    // The replay viewer from the game's link, a few moves in.
    const link = await page.locator("[data-share-link]").inputValue();
    await page.goto(link);
    await expect(page.locator("[data-game]")).toHaveAttribute("data-screen", "replay");
    for (let i = 0; i < 5; i++) await page.locator('[data-action="forward"]').click();
    await expectNoEnglish(page, code, "replay viewer");
    await shotBoth(page, `language-${code}-replay`);
    expect(errors).toEqual([]);
    await context.close();
  });
}
