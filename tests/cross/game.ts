// Playing the game through a `Tab` in any engine: reading the page (one
// script call per question), setting up a game through the form, playing
// a person's turns by clicks with a simple policy, screenshots.
// The same policy as tests/browser/helpers-game.ts, written against the
// driver-neutral Tab.
import { expect } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Board } from "../browser/helpers-game";
import type { Size, Tab } from "./engines";

export const DESKTOP: Size = { width: 1280, height: 800 };
export const PHONE: Size = { width: 390, height: 844 };
export const ARTIFACTS = join(__dirname, "..", "artifacts", "cross");

/** An attribute of the first element matching `selector` (null if none). */
export function attr(tab: Tab, selector: string, name: string) {
  return tab.run((s, n) => document.querySelector(s)?.getAttribute(n) ?? null, selector, name);
}

export function count(tab: Tab, selector: string) {
  return tab.run((s) => document.querySelectorAll(s).length, selector);
}

/** Whether the first element matching `selector` is shown (not hidden). */
export function shown(tab: Tab, selector: string) {
  return tab.run((s) => {
    const el = document.querySelector(s) as HTMLElement | null;
    return !!el && !el.closest("[hidden]") && el.getClientRects().length > 0;
  }, selector);
}

export function text(tab: Tab, selector: string) {
  return tab.run((s) => document.querySelector(s)?.textContent?.trim() ?? null, selector);
}

export const record = (tab: Tab) => attr(tab, "[data-game]", "data-record");
export const turn = (tab: Tab) => attr(tab, "[data-game]", "data-turn");
export const screen = (tab: Tab) => attr(tab, "[data-game]", "data-screen");

/** Waits until the app runs and its board is drawn: 112 squares, and pawns. */
export async function boardDrawn(tab: Tab) {
  // The static shell draws the board before the app runs; wait for the
  // app itself, which names its screen.
  await expect.poll(() => screen(tab)).not.toBeNull();
  await expect.poll(() => count(tab, "svg.board [data-square]")).toBe(112);
  await expect.poll(() => count(tab, "[data-pawn]")).toBeGreaterThan(0);
}

export interface Setup {
  seats: Partial<Record<"red" | "green" | "yellow" | "blue", "-" | "human" | "easy" | "medium" | "hard">>;
  seed: number;
}

/** Opens the site with no saved game and starts a game through the form,
 * at instant speed. */
export async function startGame(tab: Tab, url: string, setup: Setup) {
  await tab.goto(url);
  await boardDrawn(tab);
  await tab.run(() => localStorage.clear());
  await tab.reload();
  await boardDrawn(tab);
  await expect.poll(() => screen(tab)).toBe("setup");
  for (const colour of ["red", "green", "yellow", "blue"] as const) {
    await tab.select(`[data-setup-seat="${colour}"]`, setup.seats[colour] ?? "-");
  }
  await tab.select("[data-setup-preset]", "ravensburger");
  await tab.fill("[data-setup-seed]", String(setup.seed));
  await tab.select("[data-setup-speed]", "instant");
  // What the form shows is what was chosen.
  expect(await tab.run(() => (document.querySelector("[data-setup-seed]") as HTMLInputElement).value)).toBe(
    String(setup.seed),
  );
  await tab.click('[data-action="start"]');
  await expect.poll(() => screen(tab)).toBe("play");
}

/** What a person can do now, read in one call. */
interface Choices {
  winner: string | null;
  turn: string | null;
  drops: string[];
  canRoll: boolean;
  pawns: { colour: string; n: string; selected: boolean }[];
  canPass: boolean;
}

function choices(tab: Tab): Promise<Choices> {
  return tab.run(() => {
    const game = document.querySelector("[data-game]")!;
    const roll = document.querySelector('[data-action="roll"]') as HTMLButtonElement | null;
    const pass = document.querySelector('[data-action="pass"]') as HTMLElement | null;
    return {
      winner: game.getAttribute("data-winner"),
      turn: game.getAttribute("data-turn"),
      drops: [...document.querySelectorAll("[data-drop]")].map((e) => e.getAttribute("data-square")!),
      canRoll: !!roll && !roll.disabled && roll.getClientRects().length > 0,
      pawns: [...document.querySelectorAll("[data-selectable]")].map((e) => ({
        colour: e.getAttribute("data-pawn")!,
        n: e.getAttribute("data-n")!,
        selected: e.hasAttribute("data-selected"),
      })),
      canPass: !!pass && !pass.closest("[hidden]") && pass.getClientRects().length > 0,
    };
  });
}

const legalSquares = (tab: Tab) =>
  tab.run(() => [...document.querySelectorAll("[data-legal]")].map((e) => e.getAttribute("data-square")!));

/** Row number of a square name ("i14" -> 14): higher is nearer the goal. */
const row = (square: string) => Number(square.slice(1));

export type Step = "over" | "drop" | "roll" | "move" | "pass" | "wait";

/** Plays one decision of a person by clicks: roll; then, over all the
 * pawns that can move, the legal square nearest the goal; a taken
 * barricade goes on the last square offered. */
export async function playStep(tab: Tab): Promise<Step> {
  const now = await choices(tab);
  if (now.winner !== null) return "over";
  if (now.drops.length > 0) {
    await tab.click(`[data-square="${now.drops[now.drops.length - 1]}"][data-drop]`);
    return "drop";
  }
  if (now.canRoll) {
    await tab.click('[data-action="roll"]');
    return "roll";
  }
  let best: { pawn: string; square: string } | null = null;
  for (const p of now.pawns) {
    const pawn = `[data-pawn="${p.colour}"][data-n="${p.n}"]`;
    if ((await attr(tab, pawn, "data-selected")) === null) await tab.click(pawn);
    for (const square of await legalSquares(tab)) {
      if (!best || row(square) > row(best.square)) best = { pawn, square };
    }
  }
  if (best) {
    if ((await attr(tab, best.pawn, "data-selected")) === null) await tab.click(best.pawn);
    await tab.click(`[data-square="${best.square}"][data-legal]`);
    return "move";
  }
  if (now.canPass) {
    await tab.click('[data-action="pass"]');
    return "pass";
  }
  await new Promise((ok) => setTimeout(ok, 20));
  return "wait";
}

/** Plays the `people` colours by clicks until `done` or the end of the
 * game, while the computer plays the others; returns the steps played. */
export async function playUntil(
  tab: Tab,
  people: string[],
  done: () => Promise<boolean> = async () => false,
  limit = 5000,
): Promise<Step[]> {
  const steps: Step[] = [];
  for (let i = 0; i < limit; i++) {
    if (await done()) return steps;
    if (!people.includes((await turn(tab)) ?? "")) {
      if ((await attr(tab, "[data-game]", "data-winner")) !== null) return steps;
      await new Promise((ok) => setTimeout(ok, 20));
      continue;
    }
    const step = await playStep(tab);
    if (step === "over") return steps;
    steps.push(step);
  }
  throw new Error("the game did not finish");
}

/** The pieces of the `colours` in play, as the page shows them. */
export function readBoard(tab: Tab, colours: string[]): Promise<Board> {
  return tab.run((colours) => {
    const pawns: Record<string, string[]> = {};
    for (const colour of colours) pawns[colour] = [];
    for (const el of document.querySelectorAll("[data-pawn]")) {
      const at = el.getAttribute("data-at")!;
      const colour = el.getAttribute("data-pawn")!;
      if (at !== "home" && colour in pawns) pawns[colour].push(at);
    }
    for (const list of Object.values(pawns)) list.sort();
    const squares = (selector: string) =>
      [...document.querySelectorAll(selector)].map((e) => e.getAttribute("data-at")!).sort();
    const winner = document.querySelector("[data-game]")!.getAttribute("data-winner");
    return {
      pawns,
      barricades: squares("[data-barricade]"),
      held: squares("[data-held]"),
      winner,
    };
  }, colours);
}

/** A screenshot in tests/artifacts/cross/<name>-<engine>.png. */
export async function shot(tab: Tab, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await tab.screenshot(join(ARTIFACTS, `${name}-${tab.engine}.png`));
}
