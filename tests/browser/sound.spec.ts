// Sound: no audio context exists before the player's first gesture; the
// game's moments play their synthesized notes; the switch on the page
// turns them off and on, and is remembered.
import { test, expect, type Page } from "@playwright/test";
import { collectErrors, startGame, twoFrames } from "./helpers-game";

/** Counts the audio contexts the page makes and the notes it starts. */
async function listen(page: Page) {
  await page.addInitScript(() => {
    const counts = { contexts: 0, notes: 0 };
    (window as any).__audio = counts;
    const Real = window.AudioContext;
    (window as any).AudioContext = class extends Real {
      constructor(options?: AudioContextOptions) {
        super(options);
        counts.contexts++;
      }
      createOscillator() {
        const osc = super.createOscillator();
        const start = osc.start.bind(osc);
        osc.start = (when?: number) => {
          counts.notes++;
          start(when);
        };
        return osc;
      }
    };
  });
}

const audio = (page: Page) =>
  page.evaluate(() => ({ ...(window as any).__audio }) as { contexts: number; notes: number });

test("no sound before a gesture, sounds while playing, and a switch that is remembered", async ({
  page,
}) => {
  const errors = collectErrors(page);
  await listen(page);
  await page.goto("./");
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.locator('[data-screen="setup"]').waitFor();
  const switcher = page.locator('[data-action="sound"]');
  await expect(switcher).toHaveAttribute("aria-pressed", "true");
  await expect(switcher).toHaveAccessibleName("Sound");
  await twoFrames(page);
  expect(await audio(page)).toEqual({ contexts: 0, notes: 0 });

  // The clicks that start a game are gestures: one context, and the roll
  // sounds.
  await startGame(page, { seats: { red: "human", blue: "human" }, seed: 4, speed: "instant" });
  await page.click('[data-action="roll"]');
  await expect.poll(async () => (await audio(page)).notes).toBeGreaterThan(0);
  expect((await audio(page)).contexts).toBe(1);

  // Off: the next roll is silent.
  await switcher.click();
  await expect(switcher).toHaveAttribute("aria-pressed", "false");
  const before = (await audio(page)).notes;
  await page.locator("[data-selectable]").first().click();
  await page.locator("[data-legal]").first().click();
  await expect(page.locator('[data-action="roll"]')).toBeEnabled();
  await page.click('[data-action="roll"]');
  // Its sound would have played before the next frames are drawn.
  await twoFrames(page);
  expect((await audio(page)).notes).toBe(before);

  // Remembered: after a reload the switch is off and gestures make no
  // audio context.
  await page.reload();
  await expect(page.locator('[data-action="sound"]')).toHaveAttribute("aria-pressed", "false");
  await page.locator("[data-selectable], [data-action='roll']").first().click();
  await twoFrames(page);
  expect((await audio(page)).contexts).toBe(0);
  // On again: the switch's own click is the gesture.
  await page.click('[data-action="sound"]');
  await expect(page.locator('[data-action="sound"]')).toHaveAttribute("aria-pressed", "true");
  expect((await audio(page)).contexts).toBe(1);
  expect(errors).toEqual([]);
});
