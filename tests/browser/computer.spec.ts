// Computer players think in a web worker: four master bots finish a game,
// the board is the engine's at the end, and while the worker works out a
// decision the page answers a click. How long the bots take and whether
// the page ever blocks are timings, measured by `cargo xtask bench`
// (tests/bench/computer.mjs), not asserted here.
import { test, expect } from "@playwright/test";
import {
  startGame,
  collectErrors,
  askHint,
  engineBoard,
  expectSameBoard,
  nearEndCode,
  readSnapshot,
  resumeWithCode,
  ARTIFACTS,
} from "./helpers-game";
import { join } from "node:path";

test("four master bots finish a game in the worker while the page answers clicks", async ({
  page,
}) => {
  const errors = collectErrors(page);
  // Every request for a decision posted to the worker: right after it,
  // a click on the sound switch, and whether the switch has changed
  // before the worker's answer came back. If the bot thought on the main
  // thread, no click could be answered before its decision.
  await page.addInitScript(() => {
    const think = ((window as any).__think = { asked: 0, clickedWhileThinking: 0 });
    const Real = window.Worker;
    (window as any).Worker = class extends Real {
      pending = new Set<string>();
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        this.addEventListener("message", (e) => this.pending.delete(String(e.data).split("\n")[0]));
      }
      postMessage(message: any, ...rest: any[]) {
        const [id, kind] = String(message).split("\n");
        if (["easy", "medium", "hard", "master"].includes(kind)) {
          this.pending.add(id);
          think.asked++;
          setTimeout(() => {
            const button = document.querySelector('[data-action="sound"]');
            const before = button?.getAttribute("aria-pressed");
            (button as HTMLElement | null)?.click();
            setTimeout(() => {
              const changed = button?.getAttribute("aria-pressed") !== before;
              if (changed && this.pending.has(id)) think.clickedWhileThinking++;
            }, 0);
          }, 0);
        }
        return (super.postMessage as any)(message, ...rest);
      }
    };
  });
  // Twenty decisions from the end: enough for the worker to be asked often.
  const nearEnd = nearEndCode({ seed: 5, before: 20 });
  await startGame(page, {
    seats: { red: "master", green: "master", yellow: "master", blue: "master" },
    seed: 5,
    speed: "instant",
  });
  await resumeWithCode(page, nearEnd);
  await expect(page.locator("[data-game]")).toHaveAttribute("data-winner", /\w/, {
    timeout: 150_000,
  });
  const { code, board } = await readSnapshot(page);
  expectSameBoard(board, engineBoard(code, ["red", "green", "yellow", "blue"]));
  const think = await page.evaluate(() => (window as any).__think);
  console.log(
    `master bots: ${think.asked} decisions asked of the worker, ` +
      `a click answered while it thought for ${think.clickedWhileThinking}`,
  );
  expect(think.asked).toBeGreaterThan(10);
  expect(think.clickedWhileThinking).toBeGreaterThan(think.asked / 2);
  expect(errors).toEqual([]);
});

test("a hint shows the master bot's suggestion on the board without playing it", async ({
  page,
}) => {
  const errors = collectErrors(page);
  await startGame(page, { seats: { red: "human", blue: "human" }, seed: 9 });
  const hint = page.locator('[data-action="hint"]');
  await expect(hint).toBeHidden(); // nothing to suggest before the roll
  await page.click('[data-action="roll"]');
  const game = page.locator("[data-game]");
  const record = await game.getAttribute("data-record");
  // The suggestion's destination is one of the squares a pawn can reach.
  await askHint(page);
  await page.screenshot({ path: join(ARTIFACTS, "hint-desktop.png") });
  expect(await game.getAttribute("data-record")).toBe(record);
  await expect(hint).toBeHidden();
  expect(errors).toEqual([]);
});
