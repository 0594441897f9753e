// Online rooms (issue #21, docs/online.md): two people in two browser
// contexts (desktop and phone size) and a spectator play a room game by
// clicks against `barricade serve` (started by the config on PORT+3); the
// guest's page is closed and reopened and keeps its seat; the guest's
// socket is dropped mid-turn and the board catches up; while the guest's
// page cannot reach the server it says "Reconnecting…" and takes no
// decision; on other players' turns the pages say whom they wait for;
// every page shows the same board and the same record (the decisions
// while the seed is secret, the link code at the end), says "dice
// verified", and the record is the rules engine's. A second test: a room
// without spectators turns a third page away, and its turn timer lets the
// computer stand in for an idle player until they are back.
import { expect, test, type BrowserContext, type Page, type WebSocketRoute } from "@playwright/test";
import { createHash } from "node:crypto";
import {
  DESKTOP,
  PHONE,
  cli,
  collectErrors,
  expectEngineAgrees,
  openFresh,
  pageChanges,
  playPersonStep,
  readBoard,
  shot,
  shotBoth,
} from "./helpers-game";
import { openRoom } from "./helpers-room";

const port = Number(process.env.PORT ?? 4173);
const ROOMS = `http://127.0.0.1:${port + 3}/`;
const COLOURS = ["red", "green", "yellow"];

// A step that cannot happen fails at once, not at the end of the long test.
test.use({ actionTimeout: 20_000 });

/** Waits until `page` shows the same board as `like`. */
async function sameBoard(page: Page, like: Page) {
  const want = await readBoard(like);
  await expect.poll(async () => readBoard(page)).toEqual(want);
}

/** Waits until `page` shows the same record and move log as `like`. */
async function sameRecord(page: Page, like: Page) {
  const record = (p: Page) => p.locator("[data-game]").getAttribute("data-record");
  const log = (p: Page) => p.locator(".log .entries .what").allTextContents();
  const want = await record(like);
  await expect.poll(async () => record(page)).toBe(want);
  expect(await log(page)).toEqual(await log(like));
}

/** Collects every text the status line of `page` shows from now on, each
 * change once (a turn of the computer can be shorter than a look at the
 * page). It watches the whole document, so it can start before the game's
 * screen exists and sees the line however the page redraws it. */
async function watchStatus(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { statuses: string[] }).statuses = seen;
    const look = () => {
      const line = document.querySelector(".controls .status");
      const text = line?.textContent ?? null;
      if (text !== null && text !== seen[seen.length - 1]) seen.push(text);
    };
    look();
    new MutationObserver(look).observe(document.body, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  return () => page.evaluate(() => (window as unknown as { statuses: string[] }).statuses);
}

/** The new-game form at `page` set for a room on the quick board (the
 * host's speed instant), with green a computer or off; "Play online" not
 * yet checked. */
async function roomForm(page: Page, green: "easy" | "-") {
  await page.selectOption('[data-setup-seat="red"]', "human");
  await page.selectOption('[data-setup-seat="green"]', green);
  await page.selectOption('[data-setup-seat="yellow"]', "human");
  await page.selectOption('[data-setup-seat="blue"]', "-");
  await page.selectOption("[data-setup-board]", "quick");
  await page.selectOption("[data-setup-speed]", "instant");
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
  // The guest's sockets, to drop one mid-turn; while `hold` is set a new
  // one reaches no server (what it sends is kept in `heldSent`).
  const guestSockets: WebSocketRoute[] = [];
  let hold = false;
  const heldSent: string[] = [];
  await guestCtx.routeWebSocket(/\/rooms$/, (ws) => {
    if (hold) {
      ws.onMessage((m) => heldSent.push(String(m)));
    } else {
      ws.connectToServer();
    }
    guestSockets.push(ws);
  });

  const host = await fresh(hostCtx);
  const hostErrors = collectErrors(host);
  await roomForm(host, "easy");
  const invite = await openRoom(host, "Ann", "red");
  await expect(host.locator('[data-room-seat="red"] [data-seat-player]')).toHaveText("Ann");
  // The host cannot start before every person seat is taken.
  await expect(host.locator('[data-action="start-room"]')).toBeDisabled();
  // The form's defaults: spectators welcome, no turn timer.
  await expect(host.locator("[data-room-spectators]")).toHaveAttribute("data-room-spectators", "true");
  await expect(host.locator("[data-room-timer]")).toHaveAttribute("data-room-timer", "");
  await expect(host.locator("[data-room-timer]")).toHaveText(
    "No turn timer: the game waits for every player.",
  );

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
  let held = false;
  let waited = false;
  let redTurns = 0;
  for (let i = 0; i < 6000; i++) {
    const hostOn = await playPersonStep(host, ["red"]);
    // Yellow to roll at the guest's page, which then cannot reach the
    // server: it says so, and its die, keys and board take no decision
    // (one would be lost); back, it plays on.
    const guestDie = guestPage.locator('[data-action="roll"]');
    if (!held && dropped && (await guestDie.isEnabled())) {
      held = true;
      hold = true;
      const game = guestPage.locator("[data-game]");
      guestSockets[guestSockets.length - 1].close();
      await expect(game).toHaveAttribute("data-link", "lost");
      await expect.poll(() => heldSent.some((m) => m.includes('"type":"join"'))).toBe(true);
      await expect(guestPage.locator("[data-room-status]")).toHaveText(
        "The connection was lost; reconnecting…",
      );
      await expect(guestPage.locator(".controls .status")).toHaveText(
        "Reconnecting… You can play again once the page is back.",
      );
      await expect(guestDie).toBeDisabled();
      await expect(guestPage.locator("[data-selectable]")).toHaveCount(0);
      await guestPage.keyboard.press("r");
      await shot(guestPage, "online-reconnecting-phone");
      expect(heldSent.filter((m) => /"type":"(roll|move|pass)"/.test(m))).toEqual([]);
      hold = false;
      guestSockets[guestSockets.length - 1].close();
      await expect(game).toHaveAttribute("data-link", "open");
      await expect(guestDie).toBeEnabled();
      await expect(guestPage.locator(".controls .status")).toHaveText("Yellow: roll the die.");
    }
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
    // On another player's turn a page says whom it waits for, and its die
    // is not active (the host and the spectator while yellow, having
    // rolled, is to choose a pawn; the spectator while red is to roll,
    // below).
    if (
      !waited &&
      turn === "yellow" &&
      (await guestPage.locator("[data-selectable]").count()) > 0
    ) {
      waited = true;
      for (const page of [host, spec]) {
        await expect(page.locator(".controls .status")).toHaveText(
          "Waiting for Bob (Yellow) to play.",
        );
        await expect(page.locator('[data-action="roll"]')).toBeDisabled();
      }
    }
    // While red is to roll, every page shows the host's board and record.
    if (await host.locator('[data-action="roll"]').isEnabled()) {
      redTurns++;
      if (redTurns === 1) {
        await expect(spec.locator(".controls .status")).toHaveText("Waiting for Ann (Red) to play.");
        await expect(spec.locator('[data-action="roll"]')).toBeDisabled();
        await expect(host.locator(".controls .status")).toHaveText("Red: roll the die.");
      }
      if (redTurns % 5 === 0) {
        await sameBoard(spec, host);
        await sameBoard(guestPage, host);
        await sameRecord(spec, host);
        await sameRecord(guestPage, host);
        const record = (await host.locator("[data-game]").getAttribute("data-record"))!;
        expect(record).toMatch(/^red \d /);
        for (const ply of record.split("; ")) {
          expect(ply).toMatch(/^(red|green|yellow) \d (pass|[a-z0-9]+-[a-z0-9]+( x [a-q]\d+)?)$/);
        }
      }
    }
  }
  expect(reopened && dropped && held && waited).toBe(true);

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

test("no spectators when the host says so; the turn timer lets the computer stand in", async ({
  browser,
}) => {
  const hostCtx = await browser.newContext({ viewport: DESKTOP });
  const guestCtx = await browser.newContext({ viewport: PHONE });
  const thirdCtx = await browser.newContext({ viewport: PHONE });
  // The form offers 30 s at the least; this room asks the server for its
  // minimum, 5 s, so that the test need not wait long (the page shows the
  // room's settings as the server sends them).
  await hostCtx.routeWebSocket(/\/rooms$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => server.send(String(m).replace('"turn_seconds":30', '"turn_seconds":5')));
  });
  const host = await fresh(hostCtx);
  const hostErrors = collectErrors(host);
  await roomForm(host, "-");
  // The room's choices appear with "Play online".
  await expect(host.locator("[data-setup-spectators]")).toHaveCount(0);
  await host.check("[data-setup-online]");
  await expect(host.locator("[data-setup-spectators]")).toBeChecked();
  await expect(host.locator("[data-setup-timer] option")).toHaveText(["Off", "30 s", "1 min", "2 min"]);
  await expect(host.locator("[data-setup-timer]")).toHaveValue("");
  await shotBoth(host, "online-form");
  await host.uncheck("[data-setup-spectators]");
  await host.selectOption("[data-setup-timer]", "30");
  await host.click('[data-action="start"]');
  await host.locator('[data-screen="room"]').waitFor();
  await expect(host.locator("[data-room-spectators]")).toHaveAttribute("data-room-spectators", "false");
  await expect(host.locator("[data-room-spectators]")).toHaveText(
    "Only the players see this game: no spectators.",
  );
  await expect(host.locator("[data-room-timer]")).toHaveAttribute("data-room-timer", "5");
  await expect(host.locator("[data-room-timer]")).toContainText("Turn timer: 5 s.");
  const invite = (await host.locator("[data-room-link]").getAttribute("data-room-link"))!;
  await host.fill("[data-room-name]", "Ann");
  await host.click('[data-action="take-seat"][data-colour="red"]');
  const guest = await guestCtx.newPage();
  const guestErrors = collectErrors(guest);
  await guest.goto(invite);
  await guest.fill("[data-room-name]", "Bob");
  await guest.click('[data-action="take-seat"][data-colour="yellow"]');
  await expect(host.locator('[data-action="start-room"]')).toBeEnabled();
  await shot(host, "online-room-options-desktop");
  await shot(guest, "online-room-options-phone");

  // Every seat is taken and nobody may watch: a third page says so.
  const third = await thirdCtx.newPage();
  const thirdErrors = collectErrors(third);
  await third.goto(invite);
  const refused = third.locator('[data-room-refused="no-spectators"]');
  await expect(refused).toHaveText(
    "Every seat in this room is taken, and the host allows no spectators: you cannot watch this game.",
  );
  await expect(third.locator("[data-room-seats]")).toHaveCount(0);
  await expect(third.locator('[data-action="leave-room"]')).toBeVisible();
  await shot(third, "online-refused-phone");

  // The game starts; the guest plays yellow by clicks, the host does
  // nothing: after 5 s the computer plays red, the seats list and the
  // status lines say so, and the host's die stays off. Every status line
  // from before the start is watched: none is missed however fast the
  // computer plays or however slow the machine is.
  const statuses = await watchStatus(host);
  const guestStatuses = await watchStatus(guest);
  await host.click('[data-action="start-room"]');
  await host.locator('[data-screen="play"]').waitFor();
  await guest.locator('[data-screen="play"]').waitFor();
  // The guest rolls only as often as the test allows (`rolls`): the game
  // goes at the test's pace, so the computer playing red cannot win it
  // before the host is back, however slow the machine. Should yellow's
  // timer run out while the guest waits, the guest takes the seat back at
  // once, as a player would.
  let rolls = 1;
  let stop = false;
  const guestPlays = (async () => {
    const roll = guest.locator('[data-action="roll"]');
    while (!stop) {
      if (await guest.locator("[data-stood-in]").isVisible()) {
        await guest.click('[data-stood-in] [data-action="back-to-seat"]');
        continue;
      }
      if (await roll.isEnabled()) {
        if (rolls <= 0) {
          await pageChanges(guest);
          continue;
        }
        rolls -= 1;
      }
      if (!(await playPersonStep(guest, ["yellow"]))) break;
    }
  })();
  const red = host.locator('[data-room-seat="red"] [data-stand-in]');
  await expect(red).toBeVisible({ timeout: 60_000 });
  const standingIn = (await statuses()).length;
  await expect(red).toHaveText("the computer plays for now");
  await expect(guest.locator('[data-room-seat="red"] [data-stand-in]')).toBeVisible();
  await expect(host.locator('[data-room-seat="yellow"] [data-stand-in]')).toBeHidden();
  await expect(host.locator("[data-stood-in]")).toBeVisible();
  await expect(guest.locator("[data-stood-in]")).toBeHidden();
  for (const seen of [statuses, guestStatuses]) {
    await expect
      .poll(async () => (await seen()).includes("The computer plays for Ann (Red)."), {
        timeout: 60_000,
      })
      .toBe(true);
  }
  await shot(host, "online-stand-in-desktop");
  await shot(guest, "online-stand-in-phone");
  // Two more turns of red's in the record (the guest may roll twice more),
  // played by the computer, while the die never was the host's.
  const game = host.locator("[data-game]");
  const plies = async () => ((await game.getAttribute("data-record")) ?? "").split("; ").length;
  const before = await plies();
  rolls += 2;
  await expect.poll(plies, { timeout: 60_000 }).toBeGreaterThan(before + 3);
  await expect(host.locator('[data-action="roll"]')).toBeDisabled();
  const whileStoodIn = (await statuses()).slice(standingIn);
  expect(whileStoodIn.filter((s) => s === "Red: roll the die.")).toEqual([]);

  // Back: the seat is red's player's again, and on red's turn the die is
  // theirs (until the timer runs out once more). The lines are counted
  // before the click: red's turn may come before the test looks again.
  const back = (await statuses()).length;
  const guestBack = (await guestStatuses()).length;
  await host.click('[data-action="back-to-seat"]');
  rolls = Infinity;
  await expect(red).toBeHidden();
  await expect(host.locator("[data-stood-in]")).toBeHidden();
  await expect(guest.locator('[data-room-seat="red"] [data-stand-in]')).toBeHidden();
  await expect
    .poll(async () => (await statuses()).slice(back).includes("Red: roll the die."), {
      timeout: 60_000,
    })
    .toBe(true);
  await expect
    .poll(async () => (await guestStatuses()).slice(guestBack).includes("Waiting for Ann (Red) to play."), {
      timeout: 60_000,
    })
    .toBe(true);
  stop = true;
  await guestPlays;
  expect(hostErrors).toEqual([]);
  expect(guestErrors).toEqual([]);
  expect(thirdErrors).toEqual([]);
  await hostCtx.close();
  await guestCtx.close();
  await thirdCtx.close();
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
