// The walking skeleton: the real board is drawn, with every piece in its
// start place, and the page logs no errors.
import { test, expect } from "@playwright/test";
import { ARTIFACTS, collectErrors } from "./helpers-game";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

const BARRICADE_START = ["i13", "i11", "i10", "i9", "g7", "k7", "a3", "e3", "i3", "m3", "q3"];

for (const size of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`board in its start position (${size.name})`, async ({ page }) => {
    const errors = collectErrors(page);
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto("./");

    await expect(page.locator("[data-square]")).toHaveCount(112);
    await expect(page.locator("[data-pawn]")).toHaveCount(20);
    await expect(page.locator('[data-pawn][data-at="home"]')).toHaveCount(20);
    for (const colour of ["red", "green", "yellow", "blue"]) {
      await expect(page.locator(`[data-pawn="${colour}"]`)).toHaveCount(5);
    }
    await expect(page.locator("[data-barricade]")).toHaveCount(11);
    const at = await page.locator("[data-barricade]").evaluateAll((els) =>
      els.map((e) => e.getAttribute("data-at")),
    );
    expect(at.sort()).toEqual([...BARRICADE_START].sort());
    for (const name of ["i14", "c1", "q1", "a3", "i5"]) {
      await expect(page.locator(`[data-square="${name}"]`)).toHaveCount(1);
    }

    // The board fills the width it is given and stays inside the viewport.
    const box = await page.locator("svg.board").boundingBox();
    expect(box).not.toBeNull();
    expect(box!.width).toBeGreaterThan(size.width * 0.5);
    expect(box!.x + box!.width).toBeLessThanOrEqual(size.width + 1);

    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, `board-${size.name}.png`), fullPage: true });
    expect(errors).toEqual([]);
  });
}
