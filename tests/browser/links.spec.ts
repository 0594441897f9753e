// Games as links: a finished game shared as a #replay= link replays the
// same game in a fresh browser (checked against the rules engine at the
// end and a few plies back); "Play from here" branches off without
// changing the link; two players play by #play= links in two browsers;
// fuzzed links always end in the replay viewer or a clear message; a
// #seed= link fills the new-game form.
import { test, expect, type Page } from "@playwright/test";
import {
  DESKTOP,
  cli,
  collectErrors,
  engineBoard,
  engineBoardAt,
  expectBoardSoon,
  nearEndCode,
  playPersonStep,
  playStep,
  playToEnd,
  playUntil,
  readBoard,
  resumeWithCode,
  shot,
  shotBoth,
  startGame,
  twoFrames,
} from "./helpers-game";

const game = (page: Page) => page.locator("[data-game]");
/** The site's address, as the tests serve it (PORT, default 4173). */
const SITE = `http://127.0.0.1:${process.env.PORT ?? 4173}/`;
const record = (page: Page) => game(page).getAttribute("data-record");
const replayAt = (page: Page) => page.locator("[data-replay-at]");
/** The share box's button on the screen shown (play or replay). */
const shareButton = (page: Page) => page.locator('[data-action="share"]:visible');

/** A finished two-player game from the engine's self-play (red and blue). */
function selfplayCode(): string {
  const first = cli(["selfplay", "--games", "1", "--seed", "5", "--players", "red,blue"]).split(
    "\n",
  )[0];
  return JSON.parse(first).code as string;
}

/** "Move 12 of 140: ..." -> [12, 140]. */
async function moveOf(page: Page): Promise<[number, number]> {
  const text = (await replayAt(page).textContent()) ?? "";
  const m = /^Move (\d+) of (\d+)/.exec(text);
  expect(m, `replay status "${text}"`).not.toBeNull();
  return [Number(m![1]), Number(m![2])];
}

/** Opens the share box (if not open) and returns the link in it, after
 * checking that its QR code is drawn for that same link. */
async function sharedLink(page: Page): Promise<string> {
  const box = page.locator("[data-share]");
  if (await box.isHidden()) await shareButton(page).click();
  await expect(box).toBeVisible();
  const link = await page.locator("[data-share-link]").inputValue();
  await expect(page.locator("[data-qr] svg")).toBeVisible();
  await expect(page.locator("[data-qr]")).toHaveAttribute("data-qr", link);
  return link;
}

test("a finished game shared as a link replays the same game in a fresh browser", async ({
  page,
  browser,
}) => {
  const errors = collectErrors(page);
  await page.setViewportSize(DESKTOP);
  await startGame(page, { seats: { red: "human", blue: "medium" }, seed: 31, speed: "instant" });
  // Red by clicks; blue is the computer's: a few turns, then the same
  // seed's game near its end, resumed and played to the end.
  for (let i = 0; i < 6; i++) await playPersonStep(page, ["red"]);
  await resumeWithCode(page, nearEndCode({ seed: 31, players: ["red", "blue"], before: 16 }));
  await playToEnd(page, ["red"]);
  await expect(page.locator("[data-end]")).toBeVisible();
  const winner = await game(page).getAttribute("data-winner");
  expect(["red", "blue"]).toContain(winner);
  const code = (await record(page))!;

  const link = await sharedLink(page);
  expect(link).toBe(`${SITE}#replay=${code}`);
  await expect(page.locator(".share-seed")).toHaveText("Dice seed: 31");
  await expect(page.locator(".share-seed")).toHaveAttribute("href", "#seed=31");
  // Copy puts the link on the clipboard and says so.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.click('[data-action="copy"]');
  await expect(page.locator(".share-status")).toHaveText("Link copied.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await shotBoth(page, "share-qr");
  expect(errors).toEqual([]);

  // A fresh browser (no storage shared with the first one) opens the link.
  const other = await browser.newContext();
  try {
    const viewer = await other.newPage();
    const viewerErrors = collectErrors(viewer);
    await viewer.setViewportSize(DESKTOP);
    await viewer.goto(link);
    await expect(game(viewer)).toHaveAttribute("data-screen", "replay");
    await viewer.keyboard.press("End");
    const total = (await moveOf(viewer))[1];
    await expect(replayAt(viewer)).toHaveText(
      new RegExp(`^Move ${total} of ${total}: .*${winner === "red" ? "Red" : "Blue"} wins!$`),
    );
    await expect(game(viewer)).toHaveAttribute("data-record", code);
    await expect(game(viewer)).toHaveAttribute("data-winner", winner!);
    const colours = ["red", "blue"];
    await expectBoardSoon(viewer, engineBoard(code, colours));
    // The move list has one entry per decision, the last one current.
    await expect(viewer.locator("[data-ply]")).toHaveCount(total);
    await expect(viewer.locator(`[data-ply="${total}"]`)).toHaveAttribute("aria-current", "step");
    await shotBoth(viewer, "replay-end");

    // Five plies back with the arrow key.
    for (let i = 0; i < 5; i++) await viewer.keyboard.press("ArrowLeft");
    await expect(replayAt(viewer)).toHaveText(new RegExp(`^Move ${total - 5} of ${total}: `));
    expect(await game(viewer).getAttribute("data-winner")).toBeNull();
    await expectBoardSoon(viewer, engineBoardAt(code, colours, total - 5));
    await expect(viewer.locator(`[data-ply="${total - 5}"]`)).toHaveAttribute(
      "aria-current",
      "step",
    );

    // A click in the move list jumps to after that move.
    const at = Math.floor(total / 2);
    await viewer.locator(`[data-ply="${at}"]`).click();
    await expect(replayAt(viewer)).toHaveText(new RegExp(`^Move ${at} of ${total}: `));
    await expectBoardSoon(viewer, engineBoardAt(code, colours, at));
    // ArrowRight steps forward again, Home goes to the start.
    await viewer.keyboard.press("ArrowRight");
    await expect(replayAt(viewer)).toHaveText(new RegExp(`^Move ${at + 1} of ${total}: `));
    await expectBoardSoon(viewer, engineBoardAt(code, colours, at + 1));
    await viewer.keyboard.press("Home");
    await expect(replayAt(viewer)).toHaveText(new RegExp(`^Move 0 of ${total}`));
    await expectBoardSoon(viewer, engineBoardAt(code, colours, 0));
    await shotBoth(viewer, "replay-start");
    expect(viewerErrors).toEqual([]);
  } finally {
    await other.close();
  }
});

test("play from here starts a new branch and leaves the link as it was", async ({ page }) => {
  const errors = collectErrors(page);
  const code = selfplayCode();
  const colours = ["red", "blue"];
  const link = `./#replay=${code}`;
  await page.goto("./");
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await expect(game(page)).toHaveAttribute("data-screen", "replay");
  const total = (await moveOf(page))[1];
  const at = 20;
  expect(total).toBeGreaterThan(at);
  await page.locator(`[data-ply="${at}"]`).click();
  await expect(replayAt(page)).toHaveText(new RegExp(`^Move ${at} of ${total}: `));
  const prefix = (await record(page))!;

  await page.click('[data-action="play-from-here"]');
  await expect(game(page)).toHaveAttribute("data-screen", "play");
  await expect(game(page)).toHaveAttribute("data-record", prefix);
  await expectBoardSoon(page, engineBoardAt(code, colours, at));
  // Every seat is a person at this device: play one decision by clicks.
  const turn = await game(page).getAttribute("data-turn");
  await playUntil(page, async () => (await game(page).getAttribute("data-turn")) !== turn, 20);
  const branch = (await record(page))!;
  expect(branch).not.toBe(prefix);
  await expectBoardSoon(page, engineBoard(branch, colours));
  expect(engineBoardAt(branch, colours, at)).toEqual(engineBoardAt(code, colours, at));

  // The link still opens the original game, to its original end.
  await page.goto(link);
  await expect(game(page)).toHaveAttribute("data-screen", "replay");
  await page.keyboard.press("End");
  await expect(replayAt(page)).toHaveText(new RegExp(`^Move ${total} of ${total}: `));
  await expect(game(page)).toHaveAttribute("data-record", code);
  await expectBoardSoon(page, engineBoard(code, colours));

  // Close goes back to the branch, saved on this device.
  await page.click('[data-action="close"]');
  await expect(game(page)).toHaveAttribute("data-screen", "play");
  await expect(game(page)).toHaveAttribute("data-record", branch);
  expect(errors).toEqual([]);
});

/** Plays this device's turn of a game by link by clicks, until the share
 * box opens by itself; returns the #play= link in it. */
async function playTurnByLink(page: Page, next: string): Promise<string> {
  const box = page.locator("[data-share]");
  await expect(page.locator('[data-action="roll"]')).toBeEnabled();
  await playUntil(page, () => box.isVisible(), 50);
  await expect(box).toBeVisible();
  await expect(page.locator(".share-note")).toHaveText(
    `Your turn is done. Send this link to ${next}.`,
  );
  await expect(page.locator('[data-action="roll"]')).toBeDisabled();
  // The "r" key cannot roll for the next player either.
  const done = await record(page);
  await page.keyboard.press("r");
  await twoFrames(page);
  expect(await record(page)).toBe(done);
  const link = await sharedLink(page);
  expect(link.startsWith(`${SITE}#play=`)).toBe(true);
  expect(link).toMatch(/#play=[A-Za-z0-9_-]+$/);
  expect(link).toBe(`${SITE}#play=${await record(page)}`);
  return link;
}

/** Opens the #play= `link` in `page`, checks that the game there is the
 * link's with `colour` to play and the fragment gone from the address,
 * plays the turn and returns the link for `next`. */
async function takeTurn(page: Page, link: string, colour: string, next: string) {
  await page.goto(link);
  await expect(game(page)).toHaveAttribute("data-screen", "play");
  await expect(game(page)).toHaveAttribute("data-turn", colour);
  await expect(game(page)).toHaveAttribute("data-record", link.split("#play=")[1]);
  await expect.poll(() => page.url()).not.toContain("#play=");
  return playTurnByLink(page, next);
}

test("two players play by link in two browsers", async ({ browser }) => {
  const colours = ["red", "blue"];
  const a = await browser.newContext();
  const b = await browser.newContext();
  try {
    const pageA = await a.newPage();
    const pageB = await b.newPage();
    const errorsA = collectErrors(pageA);
    const errorsB = collectErrors(pageB);
    await pageA.setViewportSize(DESKTOP);
    await pageB.setViewportSize(DESKTOP);
    await startGame(pageA, {
      seats: { red: "human", blue: "human" },
      byLink: true,
      seed: 17,
      speed: "instant",
    });
    await expect(game(pageA)).toHaveAttribute("data-turn", "red");
    let link = await playTurnByLink(pageA, "Blue");
    await expect(game(pageA)).toHaveAttribute("data-turn", "blue");
    await shotBoth(pageA, "by-link-waiting");
    await pageB.goto("./");
    await pageB.evaluate(() => localStorage.clear());

    const turns = 4; // each
    for (let t = 0; t < turns; t++) {
      // B opens A's link and plays blue; then A opens B's link and plays red.
      link = await takeTurn(pageB, link, "blue", "Red");
      if (t === turns - 1) break;
      link = await takeTurn(pageA, link, "red", "Blue");
    }
    const code = link.split("#play=")[1];
    await expectBoardSoon(pageB, engineBoard(code, colours));
    // And the last link, opened by A, shows that same position.
    await pageA.goto(link);
    await expect(game(pageA)).toHaveAttribute("data-record", code);
    await expectBoardSoon(pageA, engineBoard(code, colours));
    expect(errorsA).toEqual([]);
    expect(errorsB).toEqual([]);
  } finally {
    await a.close();
    await b.close();
  }
});

/** A small seeded PRNG (mulberry32). */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** At least `n` distinct fragments built from one valid code. */
function fuzzedFragments(code: string, n: number): string[] {
  const rand = prng(20240611);
  const int = (k: number) => Math.floor(rand() * k);
  const randomString = (len: number) =>
    Array.from({ length: len }, () => ALPHABET[int(ALPHABET.length)]).join("");
  const out = new Set<string>([
    "#replay=",
    "#play=",
    "#seed=abc",
    "#seed=",
    "#foo",
    "#replay",
    "#replay=B",
    "#replay=%25%00%ZZ",
    "#replay=" + "B".repeat(5000),
    "#replay=" + randomString(20000),
    "#play=" + randomString(20000),
    "#seed=" + "9".repeat(400),
    "#" + "x".repeat(30000),
    `#replay=${code}&replay=${code}`,
    `#replay=${code}#play=${code}`,
    `#replay= ${code}`,
  ]);
  const kinds = ["random", "randomB", "truncate", "flip"] as const;
  while (out.size < n) {
    const kind = kinds[int(kinds.length)];
    let body: string;
    if (kind === "random") body = randomString(1 + int(80));
    else if (kind === "randomB") body = "B" + randomString(int(80));
    else if (kind === "truncate") body = code.slice(0, 1 + int(code.length - 1));
    else {
      const at = int(code.length);
      let c = code[at];
      while (c === code[at]) c = ALPHABET[int(ALPHABET.length)];
      body = code.slice(0, at) + c + code.slice(at + 1);
    }
    out.add(`#replay=${body}`);
  }
  return [...out];
}

interface Outcome {
  screen: string | null;
  notice: string | null;
  problem: string | null;
  squares: number;
  bodyText: number;
}

/** What the page shows now: its screen, the notice (if shown), the replay
 * problem (if shown), the number of board squares. */
async function outcome(page: Page): Promise<Outcome> {
  return page.evaluate(() => {
    const shown = (sel: string) => {
      const el = document.querySelector(sel) as HTMLElement | null;
      if (!el || el.hidden || el.closest("[hidden]") || el.getClientRects().length === 0) {
        return null;
      }
      return (el.textContent ?? "").trim();
    };
    return {
      screen: document.querySelector("[data-game]")?.getAttribute("data-screen") ?? null,
      notice: shown("[data-notice]"),
      problem: shown("[data-replay-problem]"),
      squares: document.querySelectorAll("[data-square]").length,
      bodyText: (document.body.innerText ?? "").trim().length,
    };
  });
}

/** A clear end: the replay viewer, or the form with a message (or, for a
 * #play= link that works, the game). */
function expectClear(fragment: string, o: Outcome, playAllowed = false) {
  const what = `${fragment.slice(0, 60)}${fragment.length > 60 ? "…" : ""} -> ${JSON.stringify(o)}`;
  expect(o.squares, what).toBe(112);
  expect(o.bodyText, what).toBeGreaterThan(0);
  if (o.screen === "replay") return;
  if (o.screen === "play" && playAllowed) return;
  expect(o.screen, what).toBe("setup");
  expect(o.notice, what).toBeTruthy();
}

// That decoding any text, base64-like text or a damaged code never panics
// and gives an error or a valid record is proven natively, over thousands
// of cases (crates/rules/tests/properties.rs: decoding_any_text_never_panics,
// decoding_base64ish_text_never_panics,
// damaged_codes_give_an_error_or_a_valid_record). Here the page's answer to
// each kind of bad link is checked on screen, with enough fuzzed links to
// reach every kind of answer.
test("fuzzed links end in a clear message", async ({ page }) => {
  const errors = collectErrors(page);
  const code = selfplayCode();
  const fragments = fuzzedFragments(code, 64);
  expect(fragments.length).toBeGreaterThanOrEqual(64);
  await page.goto("./");
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.locator("[data-square]")).toHaveCount(112);

  const seen = { replay: 0, problem: 0, notice: 0 };
  let shotTaken = false;
  for (const [i, fragment] of fragments.entries()) {
    // First a #seed= link, so the page is in a known state (the form, no
    // message) and the fuzzed fragment is always a change of hash.
    const seed = String(100000 + i);
    await page.evaluate((h) => (location.hash = h), `#seed=${seed}`);
    await expect(page.locator("[data-setup-seed]")).toHaveValue(seed);
    await expect(game(page)).toHaveAttribute("data-screen", "setup");
    await expect(page.locator("[data-notice]")).toBeHidden();

    await page.evaluate((h) => (location.hash = h), fragment);
    // The page answers the hashchange.
    await expect
      .poll(async () => {
        const o = await outcome(page);
        return o.screen === "replay" || (o.screen === "setup" && !!o.notice);
      }, { intervals: [20, 50, 100] })
      .toBe(true);
    const o = await outcome(page);
    expectClear(fragment, o);
    if (o.screen === "replay") {
      seen.replay++;
      if (o.problem) seen.problem++;
    } else seen.notice++;
    if (!shotTaken && o.screen === "setup") {
      shotTaken = true;
      await shotBoth(page, "bad-link");
    }
    expect(errors, fragment.slice(0, 80)).toEqual([]);
  }
  console.log(
    `fuzzed links: ${fragments.length}; replay viewer ${seen.replay} ` +
      `(with a problem shown ${seen.problem}), message ${seen.notice}`,
  );
  // The variants reach both kinds of answer.
  expect(seen.replay).toBeGreaterThan(0);
  expect(seen.problem).toBeGreaterThan(0);
  expect(seen.notice).toBeGreaterThan(0);

  // Some as full page loads, including #play= links.
  const loads = [
    ...fragments.slice(0, 3),
    "#play=" + code.slice(0, 20),
    "#play=" + code.slice(0, code.length - 3),
    "#play=" + code.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
    "#play=" + "B" + "x".repeat(40),
    "#play=" + code,
    "#replay=" + code.slice(0, 25),
    "#seed=-5",
    "#foo=bar",
  ];
  for (const fragment of loads) {
    await page.goto("about:blank");
    await page.goto("./" + fragment);
    await expect(page.locator("[data-square]")).toHaveCount(112);
    await expect
      .poll(async () => {
        const o = await outcome(page);
        return (
          o.screen === "replay" ||
          (o.screen === "play" && fragment.startsWith("#play=")) ||
          (o.screen === "setup" && !!o.notice)
        );
      })
      .toBe(true);
    expectClear(fragment, await outcome(page), fragment.startsWith("#play="));
    expect(errors, fragment.slice(0, 80)).toEqual([]);
  }
});

test("a seed link fills the new-game form", async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto("./");
  await page.evaluate(() => localStorage.clear());
  await page.goto("about:blank");
  await page.goto("./#seed=12345");
  await expect(game(page)).toHaveAttribute("data-screen", "setup");
  await expect(page.locator("[data-setup-seed]")).toHaveValue("12345");
  await expect(page.locator("[data-notice]")).toBeHidden();
  await shot(page, "seed-link-desktop");
  expect(errors).toEqual([]);
});
