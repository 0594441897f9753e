// Online rooms (issue #21, docs/online.md): two people in two browser
// contexts (desktop and phone size) and a spectator play a room game by
// clicks against `barricade serve` (started by the config on PORT+3); the
// guest's page is closed and reopened and keeps its seat; the guest's
// socket is dropped mid-turn and the board catches up; every page shows
// the same board, and at the end the same record, says "dice verified",
// and the record is the rules engine's.
import { expect, test, type BrowserContext, type Page, type WebSocketRoute } from "@playwright/test";
import { createHash } from "node:crypto";
import {
  DESKTOP,
  PHONE,
  cli,
  collectErrors,
  expectEngineAgrees,
  openFresh,
  playPersonStep,
  readBoard,
  shot,
} from "./helpers-game";

const port = Number(process.env.PORT ?? 4173);
const ROOMS = `http://127.0.0.1:${port + 3}/`;
const COLOURS = ["red", "green", "yellow"];

// A step that cannot happen fails at once, not at the end of the long test.
test.use({ actionTimeout: 20_000 });

/** Waits until `page` shows the same board as `like`. */
async function sameBoard(page: Page, like: Page) {
  const want = await readBoard(like);
  await expect.poll(async () => readBoard(page), { timeout: 20_000 }).toEqual(want);
}

/** A fresh page in `context` at the rooms server. */
async function fresh(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await openFresh(page, ROOMS);
  return page;
}

test("two people and a spectator play a room game by clicks, with verified dice", async ({
  browser,
}) => {
  test.setTimeout(900_000);
  const hostCtx = await browser.newContext({ viewport: DESKTOP });
  const guestCtx = await browser.newContext({ viewport: PHONE });
  const specCtx = await browser.newContext({ viewport: DESKTOP });
  // The guest's sockets, to drop one mid-turn.
  const guestSockets: WebSocketRoute[] = [];
  await guestCtx.routeWebSocket(/\/rooms$/, (ws) => {
    ws.connectToServer();
    guestSockets.push(ws);
  });

  const host = await fresh(hostCtx);
  const hostErrors = collectErrors(host);
  await host.selectOption('[data-setup-seat="red"]', "human");
  await host.selectOption('[data-setup-seat="green"]', "easy");
  await host.selectOption('[data-setup-seat="yellow"]', "human");
  await host.selectOption('[data-setup-seat="blue"]', "-");
  await host.selectOption("[data-setup-board]", "quick");
  await host.selectOption("[data-setup-speed]", "instant");
  await host.check("[data-setup-online]");
  await host.click('[data-action="start"]');
  await host.locator('[data-screen="room"]').waitFor();
  const link = host.locator("[data-room-link]");
  await expect(link).toHaveAttribute("data-room-link", /#room=[0-9a-f]{32}$/);
  const invite = (await link.getAttribute("data-room-link"))!;
  await host.fill("[data-room-name]", "Ann");
  await host.click('[data-action="take-seat"][data-colour="red"]');
  await expect(host.locator('[data-room-seat="red"] [data-seat-player]')).toHaveText("Ann");
  // The host cannot start before every person seat is taken.
  await expect(host.locator('[data-action="start-room"]')).toBeDisabled();

  const guest = await guestCtx.newPage();
  const guestErrors = collectErrors(guest);
  await guest.goto(invite);
  await guest.locator('[data-screen="room"]').waitFor();
  await guest.fill("[data-room-name]", "Bob");
  await expect(guest.locator('[data-action="take-seat"][data-colour="red"]')).toHaveCount(0);
  await guest.click('[data-action="take-seat"][data-colour="yellow"]');
  await expect(host.locator('[data-room-seat="yellow"] [data-seat-player]')).toHaveText("Bob");
  await expect(host.locator('[data-room-seat="yellow"] .dot')).toHaveAttribute(
    "data-connected",
    "true",
  );
  await expect(guest.locator('[data-action="start-room"]')).toBeHidden();
  await shot(host, "online-room-desktop");
  await shot(guest, "online-room-phone");
  await host.click('[data-action="start-room"]');
  await host.locator('[data-screen="play"]').waitFor();
  await guest.locator('[data-screen="play"]').waitFor();
  const commit = (await host.locator("[data-game]").getAttribute("data-seed-commit"))!;
  expect(commit).toMatch(/^[0-9a-f]{64}$/);

  // A spectator: the invite opened after the start.
  const spec = await specCtx.newPage();
  const specErrors = collectErrors(spec);
  await spec.goto(invite);
  await spec.locator('[data-screen="play"]').waitFor();
  await expect(spec.locator("[data-game]")).toHaveAttribute("data-you", "");
  await expect(host.locator("[data-game]")).toHaveAttribute("data-you", "red");
  await expect(guest.locator("[data-game]")).toHaveAttribute("data-you", "yellow");
  for (const page of [guest, spec]) {
    await expect(page.locator("[data-game]")).toHaveAttribute("data-seed-commit", commit);
  }

  let guestPage = guest;
  let reopened = false;
  let dropped = false;
  let redTurns = 0;
  for (let i = 0; i < 6000; i++) {
    const hostOn = await playPersonStep(host, ["red"]);
    const guestOn = await playPersonStep(guestPage, ["yellow"]);
    if (!hostOn && !guestOn) break;
    const game = guestPage.locator("[data-game]");
    const turn = await game.getAttribute("data-turn");
    // Mid-turn (rolled, not yet moved): the guest's socket drops.
    if (
      !dropped &&
      redTurns >= 3 &&
      turn === "yellow" &&
      (await guestPage.locator("[data-selectable]").count()) > 0
    ) {
      dropped = true;
      guestSockets[guestSockets.length - 1].close();
      await sameBoard(guestPage, host);
    }
    // The guest's page is closed mid-game and opened again: same seat.
    if (!reopened && dropped && redTurns >= 6) {
      reopened = true;
      await shot(host, "online-game-desktop");
      await shot(guestPage, "online-game-phone");
      await guestPage.close();
      guestPage = await guestCtx.newPage();
      await guestPage.goto(invite);
      await guestPage.locator('[data-screen="play"]').waitFor();
      await expect(guestPage.locator("[data-game]")).toHaveAttribute("data-you", "yellow");
      await sameBoard(guestPage, host);
    }
    // While red is to roll, every page shows the host's board.
    if (await host.locator('[data-action="roll"]').isEnabled()) {
      redTurns++;
      if (redTurns % 5 === 0) {
        await sameBoard(spec, host);
        await sameBoard(guestPage, host);
      }
    }
  }
  expect(reopened && dropped).toBe(true);

  const pages = [host, guestPage, spec];
  for (const page of pages) {
    await expect(page.locator("[data-game]")).toHaveAttribute("data-winner", /./);
    await expect(page.locator('[data-dice-verified="yes"]')).toBeVisible();
    await expect(page.locator("[data-game]")).toHaveAttribute("data-record", /./);
  }
  const code = (await host.locator("[data-game]").getAttribute("data-record"))!;
  for (const page of pages) {
    await expect(page.locator("[data-game]")).toHaveAttribute("data-record", code);
    await expectEngineAgrees(page, COLOURS);
  }
  // The record is the engine's, and the revealed secret is the commitment's.
  expect(/^code: (.*)$/m.exec(cli(["replay", code]))![1]).toBe(code);
  const reveal = (await host.locator("[data-game]").getAttribute("data-seed-reveal"))!;
  expect(reveal).toMatch(/^barricade-seed:[0-9a-f]{64}$/);
  expect(createHash("sha256").update(reveal).digest("hex")).toBe(commit);
  await shot(host, "online-end-desktop");
  await shot(guestPage, "online-end-phone");
  // Rematch in the same room, with the same seats and a new commitment.
  await host.click('[data-action="rematch"]');
  for (const page of pages) {
    await expect(page.locator("[data-game]")).not.toHaveAttribute("data-winner", /./);
    await expect(page.locator("[data-game]")).not.toHaveAttribute("data-seed-commit", commit);
    await expect(page.locator('[data-dice-verified="yes"]')).toHaveCount(0);
  }
  await expect(guestPage.locator("[data-game]")).toHaveAttribute("data-you", "yellow");
  // The dropped socket logs nothing on the page.
  expect(hostErrors).toEqual([]);
  expect(specErrors).toEqual([]);
  expect(guestErrors.filter((e) => !/WebSocket/.test(e))).toEqual([]);
  await hostCtx.close();
  await guestCtx.close();
  await specCtx.close();
});

test("a static copy offers no online play; an unreachable server says so", async ({ page }) => {
  await openFresh(page);
  await expect(page.locator("[data-setup-by-link]")).toBeVisible();
  await expect(page.locator("[data-setup-online]")).toHaveCount(0);
  // An invite opened on a copy without rooms says why.
  await page.goto(`./#room=${"ab".repeat(16)}`);
  await expect(page.locator("[data-notice]")).toBeVisible();
  // A room server given in the address that cannot be reached (the site
  // with the rooms client, as `barricade serve` serves it).
  await page.goto(`${ROOMS}?rooms=ws://127.0.0.1:9/rooms`);
  await page.locator('[data-screen="setup"]').waitFor();
  await page.check("[data-setup-online]");
  await page.click('[data-action="start"]');
  await expect(page.locator("[data-room-status]")).toBeVisible();
  await page.click('[data-action="play-by-link"]');
  await page.locator('[data-screen="setup"]').waitFor();
  await expect(page.locator("[data-setup-by-link]")).toBeChecked();
});
