// Helpers for the game tests: set up a game through the form, play turns
// by clicks with a simple policy, read the board, and ask the rules engine
// (the `barricade` CLI) for the position of a record.
import { expect, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

export const ARTIFACTS = join(__dirname, "..", "artifacts");
const REPO = join(__dirname, "..", "..");

export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(String(err)));
  return errors;
}

export type SeatCode = "-" | "human" | "easy" | "medium" | "hard" | "master";

export interface GameSetup {
  seats: Partial<Record<"red" | "green" | "yellow" | "blue", SeatCode>>;
  teams?: boolean;
  preset?: string;
  /** "classic" (the default) or "quick". */
  board?: string;
  seed: number;
  speed?: string;
  /** "Play by link": every seat a person on their own device. */
  byLink?: boolean;
  /** Where the site is (default: the configured baseURL, "./"). */
  url?: string;
}

/** Opens the app at `url` with no saved game: the new-game form. */
export async function openFresh(page: Page, url = "./") {
  await page.goto(url);
  // The app runs (it reads the storage when it starts, after its words).
  await page.locator("[data-game]").waitFor();
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.locator('[data-screen="setup"]').waitFor();
}

/** Opens the app with no saved game and starts a game through the form. */
export async function startGame(page: Page, setup: GameSetup) {
  await openFresh(page, setup.url);
  await fillSetupAndStart(page, setup);
}

/** Fills in the new-game form shown on the page and starts the game. */
export async function fillSetupAndStart(page: Page, setup: GameSetup) {
  await page.locator('[data-screen="setup"]').waitFor();
  for (const colour of ["red", "green", "yellow", "blue"] as const) {
    await page.selectOption(`[data-setup-seat="${colour}"]`, setup.seats[colour] ?? "-");
  }
  if (setup.teams) await page.check("[data-setup-teams]");
  if (setup.byLink) await page.check("[data-setup-by-link]");
  await page.selectOption("[data-setup-board]", setup.board ?? "classic");
  await page.selectOption("[data-setup-preset]", setup.preset ?? "ravensburger");
  await page.fill("[data-setup-seed]", String(setup.seed));
  await page.selectOption("[data-setup-speed]", setup.speed ?? "instant");
  await page.click('[data-action="start"]');
  await page.locator('[data-screen="play"]').waitFor();
}

/** Row number of a square name ("i14" -> 14): higher is nearer the goal. */
function row(square: string): number {
  return Number(square.slice(1));
}

/** Plays one decision of a person by clicks: roll, then the legal square
 * nearest the top over all selectable pawns (with `captures`, a square
 * where another colour's pawn stands first), then the last drop square.
 * Returns false when the game is over. */
export async function playStep(page: Page, captures = false): Promise<boolean> {
  const game = page.locator("[data-game]");
  if ((await game.getAttribute("data-winner")) !== null) return false;
  const drops = page.locator("[data-drop]");
  if ((await drops.count()) > 0) {
    await drops.last().click();
    return true;
  }
  const roll = page.locator('[data-action="roll"]');
  if (await roll.isEnabled()) {
    await roll.click();
    return true;
  }
  const selectable = page.locator("[data-selectable]");
  const n = await selectable.count();
  if (n > 0) {
    let best: { pawn: number; square: string } | null = null;
    for (let i = 0; i < n; i++) {
      const pawn = selectable.nth(i);
      if ((await pawn.getAttribute("data-selected")) === null) await pawn.click();
      const legal = await page
        .locator("[data-legal]")
        .evaluateAll((els) => els.map((e) => e.getAttribute("data-square")!));
      const taken = captures ? await othersAt(page) : new Set<string>();
      const score = (sq: string) => row(sq) + (taken.has(sq) ? 1000 : 0);
      for (const sq of legal) {
        if (!best || score(sq) > score(best.square)) best = { pawn: i, square: sq };
      }
    }
    if (best) {
      const pawn = selectable.nth(best.pawn);
      if ((await pawn.getAttribute("data-selected")) === null) await pawn.click();
      await page.locator(`[data-square="${best.square}"][data-legal]`).click();
      return true;
    }
  }
  const pass = page.locator('[data-action="pass"]');
  if (await pass.isVisible()) {
    await pass.click();
    return true;
  }
  await pageChanges(page);
  return true;
}

/** The squares where a pawn of another colour than the one to move stands. */
async function othersAt(page: Page): Promise<Set<string>> {
  const turn = await page.locator("[data-game]").getAttribute("data-turn");
  const at = await page
    .locator("[data-pawn]")
    .evaluateAll((els, t) =>
      els.filter((e) => e.getAttribute("data-pawn") !== t).map((e) => e.getAttribute("data-at")!),
    turn);
  return new Set(at);
}

/** Plays until `done` or the game is over (at most `limit` steps). */
export async function playUntil(page: Page, done: () => Promise<boolean>, limit = 5000) {
  for (let i = 0; i < limit; i++) {
    if (await done()) return;
    if (!(await playStep(page))) return;
  }
  throw new Error("the game did not finish");
}

/** Like playStep for a game with computer seats: plays a step only while
 * one of the `people` colours is to move, and otherwise just waits (the
 * computer's pawns are marked selectable while it thinks, so playStep
 * alone could click them). Returns false when the game is over. */
export async function playPersonStep(page: Page, people: string[]): Promise<boolean> {
  const game = page.locator("[data-game]");
  if ((await game.getAttribute("data-winner")) !== null) return false;
  if (!people.includes((await game.getAttribute("data-turn")) ?? "")) {
    await pageChanges(page);
    return true;
  }
  return playStep(page);
}

/** Plays the `people` colours by clicks until the game is over, while the
 * computer plays the others (at most `limit` steps). */
export async function playToEnd(page: Page, people: string[], limit = 5000) {
  for (let i = 0; i < limit; i++) {
    if (!(await playPersonStep(page, people))) return;
  }
  throw new Error("the game did not finish");
}

export interface Board {
  pawns: Record<string, string[]>;
  barricades: string[];
  /** French: the squares of the pawns holding a taken barricade. */
  held: string[];
  winner: string | null;
}

/** The pieces as the page shows them. */
export async function readBoard(page: Page): Promise<Board> {
  return (await readSnapshot(page)).board;
}

/** The page's record and the pieces it draws, read in one go (so that no
 * move can come between them). */
export async function readSnapshot(page: Page): Promise<{ code: string; board: Board }> {
  return page.evaluate(() => {
    const pawns: Record<string, string[]> = {};
    for (const el of document.querySelectorAll("[data-pawn]")) {
      const at = el.getAttribute("data-at")!;
      const colour = el.getAttribute("data-pawn")!;
      pawns[colour] ??= [];
      if (at !== "home") pawns[colour].push(at);
    }
    for (const list of Object.values(pawns)) list.sort();
    const squares = (selector: string) =>
      [...document.querySelectorAll(selector)].map((e) => e.getAttribute("data-at")!).sort();
    const game = document.querySelector("[data-game]")!;
    return {
      code: game.getAttribute("data-record")!,
      board: {
        pawns,
        barricades: squares("[data-barricade]"),
        held: squares("[data-held]"),
        winner: game.getAttribute("data-winner"),
      },
    };
  });
}

/** The rules engine's final position for a record code, via the CLI. */
export function engineBoard(code: string, colours: string[]): Board {
  return engineReplay(code, colours, []);
}

/** The rules engine's position after the first `plies` decisions of a
 * record code (before the next roll), via the CLI's --plies. */
export function engineBoardAt(code: string, colours: string[], plies: number): Board {
  return engineReplay(code, colours, ["--plies", String(plies)]);
}

/** The number of decisions (plies) in a record code, via the CLI. */
export function enginePlies(code: string): number {
  return Number(/^plies: (\d+)$/m.exec(cli(["replay", code]))![1]);
}

/** Runs the `barricade` CLI and returns what it prints: the binary named
 * by BARRICADE_CLI (`cargo xtask test` builds it before the browser tests
 * and names it), or else through `cargo run`, which builds it first. */
export function cli(args: string[]): string {
  const bin = process.env.BARRICADE_CLI;
  const viaCargo = ["run", "-q", "-p", "barricade-cli", "--", ...args];
  return execFileSync(bin ?? "cargo", bin ? args : viaCargo, { cwd: REPO, encoding: "utf8" });
}

/** The game of a link code near its end. */
export interface NearEnd {
  /** The rule set (default ravensburger). */
  preset?: string;
  seed: number;
  /** How many decisions before the end (default 40). */
  before?: number;
  /** "classic" (the default) or "quick". */
  board?: string;
  /** The colours in playing order (default all four). */
  players?: string[];
  /** Teams as the CLI writes them, e.g. "red+yellow/green+blue". */
  teams?: string;
}

/** A whole game of the rules crate's greedy players (the CLI's
 * `selfplay`) from `seed`, cut `before` decisions before its end: the link
 * code of a game near its end, with the seed's dice. */
export function nearEndCode(game: NearEnd): string {
  const args = ["selfplay", "--games", "1", "--seed", String(game.seed)];
  args.push("--rules", game.preset ?? "ravensburger", "--board", game.board ?? "classic");
  if (game.players) args.push("--players", game.players.join(","));
  if (game.teams) args.push("--teams", game.teams);
  const played = JSON.parse(cli(args).split("\n")[0]) as { code: string; plies: number };
  const cut = Math.max(0, played.plies - (game.before ?? 40));
  return /^code: (.*)$/m.exec(cli(["replay", played.code, "--plies", String(cut)]))![1];
}

/** Puts the game of the link code `code` in place of the saved game (its
 * seats' players and the rest of the save stay) and opens the app on it,
 * as a player coming back to a saved game does. The save is written from
 * another page of the site, so the running game cannot save over it. */
export async function resumeWithCode(page: Page, code: string) {
  const save = await page.evaluate(() => localStorage.getItem("barricade.game"));
  expect(save).toBeTruthy();
  const text = save!
    .split("\n")
    .filter((line) => !/^(pending|redo) /.test(line))
    .map((line) => (line.startsWith("code ") ? `code ${code}` : line))
    .join("\n");
  const app = page.url().replace(/#.*$/, "");
  await page.goto(new URL("how-to-play.html", app).href);
  await page.evaluate((t) => localStorage.setItem("barricade.game", t), text);
  await page.goto(app);
  await page.locator('[data-screen="play"]').waitFor();
  await expect(page.locator("[data-game]")).toHaveAttribute("data-record", /./);
}

function engineReplay(code: string, colours: string[], extra: string[]): Board {
  const out = cli(["replay", code, ...extra]);
  const position = /^position: (.*)$/m.exec(out)![1];
  const fields = new Map(
    position.split(" ").map((kv) => kv.split("=") as [string, string]),
  );
  const pawns: Record<string, string[]> = {};
  for (const c of colours) pawns[c] = (fields.get(c) ?? "").split(",").filter(Boolean).sort();
  const barricades = (fields.get("barricades") ?? "").split(",").filter(Boolean).sort();
  const held = (fields.get("held") ?? "").split(",").filter(Boolean).sort();
  const w = /^winner: (.*)$/m.exec(out)![1];
  const winner = w === "none yet" ? null : w.split("+").join(" ");
  return { pawns, barricades, held, winner };
}

/** Checks that the page shows what the engine gives for its record. */
export async function expectEngineAgrees(page: Page, colours: string[]) {
  const code = await page.locator("[data-game]").getAttribute("data-record");
  expect(code).toBeTruthy();
  const shown = await readBoard(page);
  const engine = engineBoard(code!, colours);
  expect(shown.pawns).toEqual(engine.pawns);
  expect(shown.barricades).toEqual(engine.barricades);
  expect(shown.held).toEqual(engine.held);
  if (engine.winner) {
    expect(shown.winner!.split(" ").sort()).toEqual(engine.winner.split(" ").sort());
  } else {
    expect(shown.winner).toBeNull();
  }
}

/** Checks that two boards have the same pieces and the same winners. */
export function expectSameBoard(shown: Board, engine: Board) {
  expect(shown.pawns).toEqual(engine.pawns);
  expect(shown.barricades).toEqual(engine.barricades);
  expect(shown.held).toEqual(engine.held);
  const sorted = (w: string | null) => (w === null ? null : w.split(/[ +]/).sort());
  expect(sorted(shown.winner)).toEqual(sorted(engine.winner));
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** A full-page screenshot in ARTIFACTS/<name>.png. */
export async function shot(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** The same screenshot at desktop and phone size (name-desktop, name-phone);
 * leaves the page at desktop size. */
export async function shotBoth(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await shot(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
  await shot(page, `${name}-desktop`);
}

/** Waits until the page's board shows `engine`: on a device whose speed is
 * not "instant" pawns walk after the record changed. */
export async function expectBoardSoon(page: Page, engine: Board) {
  const norm = (b: Board) => ({
    pawns: b.pawns,
    barricades: b.barricades,
    held: b.held,
    winner: b.winner === null ? null : b.winner.split(/[ +]/).sort(),
  });
  await expect.poll(async () => norm(await readBoard(page))).toEqual(norm(engine));
}

/** Asks for a hint (after the roll) and checks what the page shows: the
 * master's suggestion marks a square some pawn can reach, the live region
 * says "Hint:", and nothing is played (the record stays). */
export async function askHint(page: Page) {
  const record = await page.locator("[data-game]").getAttribute("data-record");
  const hint = page.locator('[data-action="hint"]');
  await expect(hint).toBeVisible();
  await hint.click();
  await expect(page.locator("[data-hint]").first()).toBeAttached();
  const hinted = await page
    .locator("[data-hint]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-square")));
  const reachable = await page
    .locator("[data-target],[data-legal]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-square")));
  expect(hinted.some((s) => reachable.includes(s))).toBe(true);
  await expect(page.locator("[data-live]")).toContainText("Hint:");
  expect(await page.locator("[data-game]").getAttribute("data-record")).toBe(record);
}

/** The WCAG 2.1 A and AA violations on the page as it is now, at both
 * sizes, as "rule: target" lines (empty when there are none). */
export async function violations(page: Page, screen: string): Promise<string[]> {
  const found: string[] = [];
  for (const [name, size] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    const result = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    for (const v of result.violations) {
      for (const node of v.nodes) {
        found.push(`${screen} (${name}): ${v.id} (${v.impact}): ${node.target.join(" ")}`);
      }
    }
  }
  return found;
}
/** Waits until the page changes (an element, an attribute or a text under
 * <body>), or 100 ms at most (a change may come just before the watch
 * starts): what a loop waiting for its turn does instead of sleeping. A
 * navigation ends the wait too. */
export async function pageChanges(page: Page) {
  await page
    .evaluate(
      () =>
        new Promise<void>((done) => {
          const observer = new MutationObserver(() => {
            observer.disconnect();
            done();
          });
          observer.observe(document.body, {
            subtree: true,
            attributes: true,
            childList: true,
            characterData: true,
          });
          setTimeout(() => {
            observer.disconnect();
            done();
          }, 100);
        }),
    )
    .catch(() => {});
}

/** Waits until the page has drawn two more frames: after what a click or a
 * key did has been drawn, the moment to check that nothing else happened. */
export async function twoFrames(page: Page) {
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
}

