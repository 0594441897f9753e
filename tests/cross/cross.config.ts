// The cross-browser suite: the same player's checks (tests/cross/*.cross.ts)
// in Chromium, Firefox ESR and WebKitGTK, all from Debian's packages and
// driven through their standard protocols (see engines.ts). Playwright
// Test is only the test runner here; its own browsers are not used.
// Run one engine with --project chromium|firefox|webkit.
import { defineConfig } from "@playwright/test";
import type { Engine } from "./engines";

export default defineConfig<{}, { engine: Engine }>({
  testDir: ".",
  testMatch: "*.cross.ts",
  outputDir: "../artifacts/cross-results",
  timeout: 300_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [["list"], ["../failures.ts"]],
  projects: [
    { name: "chromium", use: { engine: "chromium" } },
    { name: "firefox", use: { engine: "firefox" } },
    { name: "webkit", use: { engine: "webkit" } },
  ],
});
