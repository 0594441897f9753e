// The suite's fixtures: `engine` (the project's browser engine), `site`
// (dist/ served for this run), and `tab`: a fresh browser of that engine
// for each test, closed after it.
import { test as base } from "@playwright/test";
import { resolve } from "node:path";
import { launcher, type BrowserSession, type Engine, type Launcher, type Tab } from "./engines";
import { serveSite, type Site } from "./site";

/** The built site under test (DIST, default dist/ at the repository root). */
export const DIST = resolve(__dirname, "..", "..", process.env.DIST ?? "dist");

export const test = base.extend<
  { tab: Tab },
  { engine: Engine; site: Site; launcher: Launcher }
>({
  engine: ["chromium", { option: true, scope: "worker" }],
  site: [
    async ({}, use) => {
      const site = await serveSite(DIST);
      await use(site);
      await site.close();
    },
    { scope: "worker" },
  ],
  launcher: [
    async ({ engine }, use) => {
      const l = await launcher(engine);
      await use(l);
      await l.stop();
    },
    { scope: "worker" },
  ],
  // Opening a browser has a limit of its own, beside the test's: a busy
  // machine, or a WebKit session started a second time (engines.ts), may
  // take minutes.
  tab: [
    async ({ launcher }, use) => {
      const session: BrowserSession = await launcher.open();
      try {
        await use(session.first);
      } finally {
        await session.close();
      }
    },
    { timeout: 300_000 },
  ],
});

export { expect } from "@playwright/test";
