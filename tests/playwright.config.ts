// Browser tests against the built site (dist/), served on 127.0.0.1.
// Chromium comes from Debian (/usr/bin/chromium); nothing is downloaded.
import { defineConfig } from "@playwright/test";
import { tmpdir } from "node:os";
import { join } from "node:path";

// DIST: the built site to test (default ../dist); PORT: where to serve it.
const dist = process.env.DIST ?? "../dist";
const port = Number(process.env.PORT ?? 4173);
// The rooms server (online.spec.ts): the `barricade` CLI the test command
// built (BARRICADE_CLI), else the debug build, serving the site and the
// rooms on PORT+3 with a fresh database and a short computer pause.
const cli = process.env.BARRICADE_CLI ?? "../target/debug/barricade";
const roomsDb = join(tmpdir(), `barricade-rooms-test-${port + 3}-${process.pid}.sqlite3`);

export default defineConfig({
  testDir: "browser",
  outputDir: "artifacts/results",
  // Generous limits: a test waits for what it checks, never for a time, and
  // a busy machine (the Rust checks run beside these tests in `cargo xtask
  // test`) only makes it wait longer. A test's limit is several times its
  // time on a quiet machine (the longest take about a minute); a check's is
  // 30 s, and no check sets a shorter one.
  timeout: 300_000,
  expect: { timeout: 30_000 },
  // Two workers for the machine's two cores: most of a test is waiting for
  // the page (walking pawns, a computer's pause), so two at a time take
  // about half as long. Nothing a test asserts depends on time.
  fullyParallel: true,
  workers: 2,
  // failures.ts also writes the failed tests, short, where `cargo xtask
  // test` prints them last.
  reporter: [["list"], ["./failures.ts"]],
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: [
    {
      command: `node serve.mjs ${dist} ${port} /`,
      url: `http://127.0.0.1:${port}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // The same site in a subfolder, as on a static host such as GitHub Pages.
      command: `node serve.mjs ${dist} ${port + 1} /games/barricade/`,
      url: `http://127.0.0.1:${port + 1}/games/barricade/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // The same site with online rooms, as `barricade serve` runs it: the
      // page loads the app with the rooms client from dist/rooms/.
      command:
        `${cli} serve --addr 127.0.0.1:${port + 3} --site ${dist} ` +
        `--db ${roomsDb} --computer-pause 20 ` +
        // online-static.spec.ts plays on it from the static copy on PORT.
        `--allow-origin http://127.0.0.1:${port},http://localhost:${port} ` +
        // Every page of every test comes from 127.0.0.1.
        `--connections-per-address 512 --address-burst 2000 --address-per-second 1000 ` +
        `--unknown-rooms-per-address 1000`,
      url: `http://127.0.0.1:${port + 3}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
