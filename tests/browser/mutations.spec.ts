// The game's panel is Leptos views: a change touches only what it
// changes. A MutationObserver on the side panel records every change to
// its DOM while a pawn walks five steps or more, and the test checks
// precisely:
//  1. the pawn walked: its `data-at` took at least five new squares, one
//     at a time, each in a task of its own (a timer of the walk);
//  2. the panel was touched only by the move itself (the click's task)
//     and by the pawn's arrival (the task of its last step): no record of
//     any kind came with a step in between. (Each record belongs to the
//     event nearest to it in time, the click or one of the steps: the
//     steps are a walk's timer apart, 240 ms at the slow speed, and the
//     records of one task are delivered together at its end.)
//  3. no record rewrote a value with itself: every attribute and text
//     record changed what was there (a record's new value is the next
//     record's old one for the same node, the last one's the node's value
//     at the end), so nothing was touched whose content did not change;
//  4. nodes were added or removed only where a list's items changed: one
//     row added to the move log (and none removed), the move buttons and
//     the position lines of "Play in words", the die's pips.
import { test, expect } from "@playwright/test";
import { collectErrors, startGame } from "./helpers-game";

interface Seen {
  type: string;
  where: string;
  attr: string | null;
  old: string | null;
  added: string[];
  removed: string[];
  /** When it was delivered (performance.now()). */
  at: number;
  /** Its node, numbered in order of first appearance. */
  node: number;
}

test("a walking pawn touches the panel only where its content changes", async ({ page }) => {
  const errors = collectErrors(page);
  await startGame(page, { seats: { red: "human", blue: "human" }, seed: 5, speed: "slow" });
  const die = page.locator('[data-action="roll"]');
  let walked = false;
  let steps: string[] = [];
  for (let turn = 0; turn < 60 && !walked; turn++) {
    await expect(die).toBeEnabled();
    await die.click();
    await expect(page.locator("[data-die]")).toHaveAttribute("data-value", /^[1-6]$/);
    const value = Number(await page.locator("[data-die]").getAttribute("data-value"));
    const pawn = page.locator("[data-selectable]").first();
    if ((await page.locator("[data-selectable]").count()) === 0) {
      // No move: the turn passes by itself.
      continue;
    }
    const colour = (await pawn.getAttribute("data-pawn"))!;
    const n = (await pawn.getAttribute("data-n"))!;
    await pawn.click();
    const legal = page.locator("[data-legal]");
    await expect(legal.first()).toBeAttached();
    const to = (await legal.last().getAttribute("data-square"))!;
    // The die has stopped tumbling (its own timer, not the walk's).
    await expect(page.locator("[data-die]")).not.toHaveClass(/tumbling/);
    if (value < 5) {
      await legal.last().click();
    } else {
      // Watch the panel and the pawn, then make the move.
      await page.evaluate(
        ({ colour, n }) => {
          const w = window as any;
          const pawn = document.querySelector(`[data-pawn="${colour}"][data-n="${n}"]`)!;
          const panel = document.querySelector("aside.panel")!;
          const ids = new Map<Node, number>();
          const id = (node: Node) => {
            if (!ids.has(node)) ids.set(node, ids.size);
            return ids.get(node)!;
          };
          const describe = (node: Node): string => {
            const el = node instanceof Element ? node : node.parentElement;
            const path: string[] = [];
            for (let e = el; e && e !== panel; e = e.parentElement) {
              const data = [...e.attributes].find((a) => a.name.startsWith("data-"));
              const cls = e.getAttribute("class");
              path.unshift(e.tagName.toLowerCase() + (cls ? `.${cls.split(" ").join(".")}` : "") + (data ? `[${data.name}]` : ""));
            }
            return (node instanceof Element ? "" : "#text in ") + path.join(" > ");
          };
          w.steps = [pawn.getAttribute("data-at")];
          w.stepTimes = [] as number[];
          w.seen = [] as Seen[];
          // The click that makes the move (captured before the board's
          // own handler).
          document.addEventListener("click", () => (w.clickTime = performance.now()), { capture: true, once: true });
          new MutationObserver((records) => {
            for (const r of records) {
              if (r.attributeName === "data-at") {
                w.steps.push(pawn.getAttribute("data-at"));
                w.stepTimes.push(performance.now());
              }
            }
          }).observe(pawn, { attributes: true, attributeFilter: ["data-at"] });
          w.finalValue = (i: number) => {
            const s = w.seen[i];
            const node = w.nodes[s.node];
            return s.type === "attributes" ? node.getAttribute(s.attr) : s.type === "characterData" ? node.data : null;
          };
          w.nodes = [] as Node[];
          new MutationObserver((records) => {
            for (const r of records) {
              const node = id(r.target);
              w.nodes[node] = r.target;
              w.seen.push({
                type: r.type,
                where: describe(r.target),
                attr: r.attributeName,
                old: r.oldValue,
                added: [...r.addedNodes].map(describe),
                removed: [...r.removedNodes].map((x) => x.nodeName),
                at: performance.now(),
                node,
              });
            }
          }).observe(panel, {
            subtree: true,
            childList: true,
            attributes: true,
            characterData: true,
            attributeOldValue: true,
            characterDataOldValue: true,
          });
        },
        { colour, n },
      );
      await page.locator(`[data-square="${to}"][data-legal]`).click();
      // The pawn arrives, and the status line no longer says it moves.
      await expect(page.locator(`[data-pawn="${colour}"][data-n="${n}"]`)).toHaveAttribute("data-at", to);
      await expect(page.locator(".status")).not.toHaveText(/moves…$/);
      steps = await page.evaluate(() => (window as any).steps);
      walked = steps.length - 1 >= 5;
    }
    if (walked) {
      const seen: (Seen & { now: string | null; step: string })[] = await page.evaluate(() => {
        const w = window as any;
        const events: [string, number][] = [["move", w.clickTime], ...w.stepTimes.map((t: number, i: number) => [`step ${i + 1}`, t])];
        const last = `step ${w.stepTimes.length}`;
        return w.seen.map((s: Seen, i: number) => {
          // The value each record left: the next record's old value for
          // the same node and attribute, or the node's value now.
          const next = w.seen.slice(i + 1).find((t: Seen) => t.node === s.node && t.type === s.type && t.attr === s.attr);
          // The event it came with: the nearest in time (the move, or its
          // own step when the move put the pawn on its first square).
          const near = events.reduce((a, b) => (Math.abs(b[1] - s.at) < Math.abs(a[1] - s.at) ? b : a));
          const step = near[0] === "step 1" && Math.abs(w.clickTime - w.stepTimes[0]) < 120 ? "move" : near[0] === last ? "arrival" : near[0];
          return { ...s, now: next ? next.old : w.finalValue(i), step };
        });
      });
      const last = steps.length - 1;
      console.log(`walked ${steps.join(" → ")}; panel records: ${seen.length}`);
      for (const s of seen) console.log(`  step ${s.step}: ${s.type} ${s.where}${s.attr ? ` @${s.attr}` : ""} ${JSON.stringify(s.old)} → ${JSON.stringify(s.now)} +${s.added.length} -${s.removed.length}`);
      // 1. five steps or more, one square at a time.
      expect(last).toBeGreaterThanOrEqual(5);
      expect(new Set(steps).size).toBe(steps.length);
      // 2. nothing while the pawn is between its first and last square.
      expect(seen.filter((s) => s.step !== "move" && s.step !== "arrival")).toEqual([]);
      // 3. every attribute and text record changed its value.
      for (const s of seen.filter((s) => s.type !== "childList")) {
        expect(s.now, `${s.where} ${s.attr ?? ""}`).not.toBe(s.old);
      }
      // 4. nodes come and go only in the lists whose items changed.
      const lists = seen.filter((s) => s.type === "childList");
      for (const s of lists) {
        expect(s.where).toMatch(/ol\.entries|\[data-word-moves\]|\[data-word-position\]|g\.pips/);
      }
      const log = lists.filter((s) => /ol\.entries$/.test(s.where));
      expect(log.flatMap((s) => s.added).length).toBe(1);
      expect(log.flatMap((s) => s.removed)).toEqual([]);
    }
    // Finish the turn: a barricade taken goes on the first lit square.
    const drop = page.locator("[data-drop]");
    await expect.poll(async () => (await die.isEnabled()) || (await drop.count()) > 0).toBe(true);
    if (await drop.count()) await drop.first().click();
  }
  expect(walked).toBe(true);
  expect(errors).toEqual([]);
});
