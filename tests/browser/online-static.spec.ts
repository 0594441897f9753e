// A room server beside a static copy of the site (issue #21, docs/online.md
// "Two builds, one site"): the static copy (served by tests/serve.mjs on
// PORT, as any static host would) opened with `?rooms=` loads the app with
// the rooms client from rooms/ and plays in a room on `barricade serve`
// (PORT+3), a different origin; without `?rooms=` it loads the static app
// and offers no online play.
import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, PHONE, collectErrors, openFresh, readBoard, shot } from "./helpers-game";
import { openRoom } from "./helpers-room";

const port = Number(process.env.PORT ?? 4173);
const SERVER = `ws://127.0.0.1:${port + 3}/rooms`;

/** The app's wasm files the page fetched. */
function appDownloads(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (/barricade-web-[0-9a-f]+(_bg\.wasm|\.js)$/.test(r.url())) seen.push(new URL(r.url()).pathname);
  });
  return seen;
}

test("a static copy loads the static app and offers no rooms", async ({ page }) => {
  const fetched = appDownloads(page);
  await openFresh(page);
  await expect(page.locator("[data-setup-by-link]")).toBeVisible();
  await expect(page.locator("[data-setup-online]")).toHaveCount(0);
  expect(fetched.length).toBeGreaterThan(0);
  expect(fetched.filter((p) => p.includes("/rooms/"))).toEqual([]);
});

test("a static copy with ?rooms= plays a room game on a server elsewhere", async ({ browser }) => {
  const hostCtx = await browser.newContext({ viewport: DESKTOP });
  const guestCtx = await browser.newContext({ viewport: PHONE });
  const host = await hostCtx.newPage();
  const hostErrors = collectErrors(host);
  const fetched = appDownloads(host);
  await openFresh(host, `./?rooms=${encodeURIComponent(SERVER)}`);
  // Only the app with the rooms client was downloaded, not both.
  expect(fetched.length).toBeGreaterThan(0);
  expect(fetched.filter((p) => !p.includes("/rooms/"))).toEqual([]);

  await host.selectOption('[data-setup-seat="red"]', "human");
  await host.selectOption('[data-setup-seat="green"]', "-");
  await host.selectOption('[data-setup-seat="yellow"]', "human");
  await host.selectOption('[data-setup-seat="blue"]', "-");
  await host.selectOption("[data-setup-speed]", "instant");
  const invite = await openRoom(host, "Ann", "red");
  // The invite names the static copy and the room server.
  expect(invite.startsWith(`http://127.0.0.1:${port}/?rooms=`)).toBe(true);

  const guest = await guestCtx.newPage();
  const guestErrors = collectErrors(guest);
  await guest.goto(invite);
  await guest.locator('[data-screen="room"]').waitFor();
  await guest.fill("[data-room-name]", "Bob");
  await guest.click('[data-action="take-seat"][data-colour="yellow"]');
  await expect(host.locator('[data-room-seat="yellow"] [data-seat-player]')).toHaveText("Bob");
  await host.click('[data-action="start-room"]');
  await host.locator('[data-screen="play"]').waitFor();
  await guest.locator('[data-screen="play"]').waitFor();
  await expect(host.locator("[data-game]")).toHaveAttribute("data-seed-commit", /^[0-9a-f]{64}$/);

  // Red rolls on the host's page; the roll shows on both pages.
  const die = host.locator('[data-action="roll"]');
  await expect(die).toBeEnabled();
  await die.click();
  const value = host.locator("[data-die]");
  await expect(value).toHaveAttribute("data-value", /^[1-6]$/);
  const rolled = await value.getAttribute("data-value");
  await expect(guest.locator("[data-die]")).toHaveAttribute("data-value", rolled!);
  await expect.poll(async () => readBoard(guest)).toEqual(await readBoard(host));
  await shot(host, "online-static-copy-desktop");
  expect(hostErrors).toEqual([]);
  expect(guestErrors).toEqual([]);
  await hostCtx.close();
  await guestCtx.close();
});
