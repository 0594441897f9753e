// The three engines behind one small interface, `Tab` (one browser window),
// so that the suite is written once:
// - Firefox ESR (Debian's firefox-esr), driven by puppeteer-core over
//   WebDriver BiDi, headless;
// - WebKitGTK (Debian's MiniBrowser, the engine Safari uses), driven by
//   selenium-webdriver over WebDriver classic through Debian's
//   WebKitWebDriver, in a window on a private Xvfb display;
// - Chromium (Debian's chromium), driven by puppeteer-core over CDP.
// Clicks and keys are real input events from the driver, never events
// dispatched by a script.
import puppeteer, { type Browser, type KeyInput, type Page } from "puppeteer-core";
import { Builder, By, Key, Origin, type WebDriver } from "selenium-webdriver";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type Engine = "chromium" | "firefox" | "webkit";
export type KeyName = "Tab" | "Enter" | "Escape" | "Home" | "End" | "ArrowLeft" | "ArrowRight" | "r";
export interface Size {
  width: number;
  height: number;
}

/** One browser window showing one page. */
export interface Tab {
  readonly engine: Engine;
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /** Runs `fn` in the page with `args` (JSON values) and returns its result. */
  run<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T>;
  /** A pointer click at the middle of the first element matching `selector`. */
  click(selector: string): Promise<void>;
  /** One key pressed and released, sent to the focused element. */
  press(key: KeyName): Promise<void>;
  /** Chooses `value` in the <select> matching `selector`. */
  select(selector: string, value: string): Promise<void>;
  /** Replaces the text in the <input> matching `selector` by typing. */
  fill(selector: string, value: string): Promise<void>;
  /** Sets the size of the page's viewport (CSS pixels). */
  setSize(size: Size): Promise<void>;
  /** A PNG of the page. */
  screenshot(path: string): Promise<void>;
  /** Console errors and uncaught exceptions seen so far in this window. */
  errors(): Promise<string[]>;
  /** A new window of the same browser (same storage). */
  newWindow(): Promise<Tab>;
}

/** One browser, started for one test. */
export interface BrowserSession {
  first: Tab;
  close(): Promise<void>;
}

/** What an engine needs for the whole run (a display and a driver). */
export interface Launcher {
  engine: Engine;
  open(): Promise<BrowserSession>;
  stop(): Promise<void>;
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const FIREFOX = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";
const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? "/usr/bin/WebKitWebDriver";
const MINIBROWSER =
  process.env.MINIBROWSER_PATH ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

export async function launcher(engine: Engine): Promise<Launcher> {
  if (engine === "webkit") return webkitLauncher();
  return {
    engine,
    open: () => puppeteerSession(engine),
    stop: async () => {},
  };
}

// ---------------------------------------------------------------------------
// Firefox and Chromium: puppeteer-core.

async function puppeteerSession(engine: "chromium" | "firefox"): Promise<BrowserSession> {
  const browser =
    engine === "firefox"
      ? await puppeteer.launch({
          browser: "firefox",
          protocol: "webDriverBiDi",
          executablePath: FIREFOX,
          headless: true,
        })
      : await puppeteer.launch({
          browser: "chrome",
          executablePath: CHROMIUM,
          headless: true,
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        });
  const [page] = await browser.pages();
  return {
    first: await puppeteerTab(engine, browser, page ?? (await browser.newPage())),
    close: () => browser.close(),
  };
}

async function puppeteerTab(engine: Engine, browser: Browser, page: Page): Promise<Tab> {
  const seen: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") {
      const at = m.location()?.url;
      seen.push(`console: ${m.text()}${at ? ` (${at})` : ""}`);
    }
  });
  page.on("pageerror", (e) => seen.push(`page error: ${String(e)}`));
  const watcher = watchedErrors((fn) => page.evaluate(fn));
  const tab: Tab = {
    engine,
    goto: async (url) => {
      await watcher.keep();
      await page.goto(url, { waitUntil: "load" });
    },
    reload: async () => {
      await watcher.keep();
      await page.reload({ waitUntil: "load" });
    },
    run: (fn, ...args) => page.evaluate(fn as never, ...(args as never[])),
    click: (selector) => page.click(selector),
    press: (key) => page.keyboard.press(key as KeyInput),
    select: async (selector, value) => {
      await page.select(selector, value);
    },
    fill: (selector, value) => page.locator(selector).fill(value),
    setSize: (size) => page.setViewport(size),
    screenshot: async (path) => {
      await page.screenshot({ path: path as `${string}.png`, fullPage: true });
    },
    errors: async () => [...seen, ...(await watcher.all())],
    newWindow: async () => puppeteerTab(engine, browser, await browser.newPage()),
  };
  return tab;
}

// ---------------------------------------------------------------------------
// WebKitGTK: selenium-webdriver, WebKitWebDriver, MiniBrowser, Xvfb.

/** A GTK style for the test display only: MiniBrowser's toolbar may shrink,
 * so that its window can be as narrow as a phone (390 px). */
const NARROW_GTK_CSS =
  "* { font-size: 1px; padding: 0; margin: 0; min-width: 0; min-height: 0; border-width: 0;" +
  " -gtk-icon-transform: scale(0.1); }\n";

async function webkitLauncher(): Promise<Launcher> {
  const home = mkdtempSync(join(tmpdir(), "barricade-webkit-"));
  mkdirSync(join(home, "config", "gtk-3.0"), { recursive: true });
  writeFileSync(join(home, "config", "gtk-3.0", "gtk.css"), NARROW_GTK_CSS);
  const xvfb = await startXvfb();
  // One WebKitWebDriver at a time. A new session that does not come
  // (MiniBrowser never answering, seen once in many runs) is given up
  // after a generous wait, and the driver is started again for a second
  // try: the suite then goes on, a test never fails for that.
  const startDriver = async () => {
    const port = await freePort();
    const process_ = spawn(WEBKIT_DRIVER, [`--port=${port}`], {
      stdio: "ignore",
      env: {
        ...process.env,
        DISPLAY: xvfb.display,
        XDG_CONFIG_HOME: join(home, "config"),
        XDG_DATA_HOME: join(home, "data"),
        XDG_CACHE_HOME: join(home, "cache"),
      },
    });
    await waitForPort(port);
    return { url: `http://127.0.0.1:${port}`, process: process_ };
  };
  let driver = await startDriver();
  return {
    engine: "webkit",
    open: async () => {
      const first = seleniumSession(driver.url);
      const opened = await Promise.race([
        first,
        new Promise<null>((ok) => setTimeout(() => ok(null), SESSION_WAIT_MS)),
      ]);
      if (opened) return opened;
      first.then((late) => late.close()).catch(() => {});
      driver.process.kill();
      driver = await startDriver();
      return seleniumSession(driver.url);
    },
    stop: async () => {
      driver.process.kill();
      xvfb.process.kill();
      // MiniBrowser may still be writing its caches as it quits: a cache
      // left behind in the temporary directory is no failure of the game.
      try {
        rmSync(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch (e) {
        console.warn(`could not remove ${home}: ${e}`);
      }
    },
  };
}

/** How long a new WebKit session may take before its driver is started
 * again (usually 2 to 5 s; far longer only on a very busy machine). */
const SESSION_WAIT_MS = 90_000;

async function seleniumSession(server: string): Promise<BrowserSession> {
  const driver = await new Builder()
    .usingServer(server)
    .withCapabilities({
      browserName: "MiniBrowser",
      "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation"] },
    })
    .build();
  const focus = { handle: await driver.getWindowHandle() };
  return {
    first: seleniumTab(driver, focus.handle, focus),
    close: () => driver.quit(),
  };
}

const SELENIUM_KEYS: Record<KeyName, string> = {
  Tab: Key.TAB,
  Enter: Key.ENTER,
  Escape: Key.ESCAPE,
  Home: Key.HOME,
  End: Key.END,
  ArrowLeft: Key.ARROW_LEFT,
  ArrowRight: Key.ARROW_RIGHT,
  r: "r",
};

/** A window of a WebDriver session; `focus` is the session's current window,
 * switched to before each command. */
function seleniumTab(driver: WebDriver, handle: string, focus: { handle: string }): Tab {
  const here = async () => {
    if (focus.handle !== handle) {
      await driver.switchTo().window(handle);
      focus.handle = handle;
    }
    return driver;
  };
  const run = async <T>(fn: (...args: never[]) => T | Promise<T>, ...args: unknown[]) =>
    (await here()).executeScript<T>(`return (${fn.toString()}).apply(null, arguments);`, ...args);
  const watcher = watchedErrors((fn) => run(fn));
  const tab: Tab = {
    engine: "webkit",
    goto: async (url) => {
      await watcher.keep();
      await (await here()).get(url);
    },
    reload: async () => {
      await watcher.keep();
      const driver = await here();
      try {
        await driver.navigate().refresh();
      } catch {
        // WebKitWebDriver's refresh now and then fails with an empty
        // WebDriverError after two minutes (once in a CI run, the rerun
        // passed). Loading the same address again is the same reload: the
        // app keeps no fragment in the address, and the game is saved.
        await driver.get(await driver.getCurrentUrl());
      }
    },
    run: (fn, ...args) => run(fn as never, ...args),
    click: async (selector) => {
      // As puppeteer does: scrolled into view, then a pointer click at the
      // middle of its box. (WebKitWebDriver's element click refuses SVG
      // groups such as the board's squares as "not interactable".)
      const at = await run((s: string) => {
        const el = document.querySelector(s);
        if (!el) return null;
        el.scrollIntoView({ block: "nearest", inline: "nearest" });
        const r = el.getBoundingClientRect();
        return { x: Math.round(r.x + r.width / 2), y: Math.round(r.y + r.height / 2) };
      }, selector);
      if (!at) throw new Error(`no element matches ${selector}`);
      await driver.actions().move({ origin: Origin.VIEWPORT, x: at.x, y: at.y }).click().perform();
    },
    press: async (key) => (await here()).actions().sendKeys(SELENIUM_KEYS[key]).perform(),
    select: async (selector, value) => {
      const option = `${selector} option[value="${value}"]`;
      await (await here()).findElement(By.css(option)).click();
    },
    fill: async (selector, value) => {
      const input = (await here()).findElement(By.css(selector));
      await input.clear();
      await input.sendKeys(value);
    },
    setSize: async (size) => {
      // The window is larger than its page by the toolbar and frame.
      const window = (await here()).manage().window();
      // The window manager-less display resizes a moment after the call.
      const settled = async () => {
        let last = "";
        for (let i = 0; i < 40; i++) {
          const now = await run(() => [innerWidth, innerHeight]);
          if (JSON.stringify(now) === last) return now;
          last = JSON.stringify(now);
          await new Promise((ok) => setTimeout(ok, 50));
        }
        return JSON.parse(last) as number[];
      };
      await window.setRect(size);
      for (let i = 0; i < 3; i++) {
        const [w, h] = await settled();
        if (w === size.width && h === size.height) return;
        const rect = await window.getRect();
        await window.setRect({
          width: rect.width + size.width - w,
          height: rect.height + size.height - h,
        });
      }
      throw new Error(`the page could not be made ${size.width}x${size.height}`);
    },
    screenshot: async (path) => {
      // WebKitWebDriver takes the last painted frame: let the page paint
      // what it shows now first. The whole page: a picture of <html>.
      await run(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
      const page = (await here()).findElement(By.css("html"));
      writeFileSync(path, Buffer.from(await page.takeScreenshot(), "base64"));
    },
    errors: () => watcher.all(),
    newWindow: async () => {
      await here();
      await driver.switchTo().newWindow("window");
      focus.handle = await driver.getWindowHandle();
      return seleniumTab(driver, focus.handle, focus);
    },
  };
  return tab;
}

async function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn("Xvfb", ["-displayfd", "3", "-screen", "0", "1920x1200x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "ignore", "ignore", "pipe"],
  });
  const display = await new Promise<string>((ok, fail) => {
    let text = "";
    xvfb.stdio[3]!.on("data", (chunk) => {
      text += String(chunk);
      if (text.includes("\n")) ok(`:${text.trim()}`);
    });
    xvfb.on("error", fail);
    xvfb.on("exit", (code) => fail(new Error(`Xvfb stopped (${code}); is the xvfb package installed?`)));
  });
  return { display, process: xvfb };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const port = (server.address() as { port: number }).port;
  await new Promise((ok) => server.close(ok));
  return port;
}

async function waitForPort(port: number) {
  for (let i = 0; i < 100; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/status`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error(`WebKitWebDriver did not start on port ${port}`);
}

// ---------------------------------------------------------------------------

/** The errors that tests/cross/site.ts's watcher script records in the page
 * (`window.__testErrors`), kept across navigations: `keep` saves the current
 * page's list before it is left. */
function watchedErrors(run: (fn: () => string[]) => Promise<string[]>) {
  const kept: string[] = [];
  const current = async () => {
    try {
      return await run(() => ((window as unknown as { __testErrors?: string[] }).__testErrors ?? []).slice());
    } catch {
      return []; // no page yet
    }
  };
  return {
    keep: async () => {
      kept.push(...(await current()));
    },
    all: async () => [...kept, ...(await current())],
  };
}
