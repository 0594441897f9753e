// The built site (dist/) served on 127.0.0.1 for the cross-browser suite,
// like tests/serve.mjs, plus one addition for the tests: `boot.js`, the
// page's first script, is served with a watcher in front that records
// uncaught exceptions, unhandled rejections and console.error calls in
// `window.__testErrors`. WebDriver classic (WebKitWebDriver) has no way to
// read the console, so this is how the suite sees errors in every engine
// alike. boot.js is in the service worker's precache, so the watcher is
// there offline too.
import { createServer, type Server } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";
import type { AddressInfo } from "node:net";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
};

const WATCHER = `(function () {
  var list = (window.__testErrors = []);
  addEventListener("error", function (e) {
    if (e instanceof ErrorEvent) list.push("uncaught: " + (e.message || String(e.error)));
  });
  addEventListener("unhandledrejection", function (e) {
    var r = e.reason;
    list.push("unhandled rejection: " + (r && r.message ? r.message : String(r)));
  });
  var error = console.error;
  console.error = function () {
    list.push("console.error: " + Array.prototype.map.call(arguments, String).join(" "));
    return error.apply(console, arguments);
  };
})();
`;

export interface Site {
  /** The site's address, ending in "/". */
  url: string;
  /** Stops serving: the site is unreachable, as with no network. */
  close(): Promise<void>;
}

/** Serves `dir` under `base` on 127.0.0.1 (`port` 0: any free port). */
export async function serveSite(dir: string, port = 0, base = "/"): Promise<Site> {
  const root = resolve(dir);
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (!url.pathname.startsWith(base)) {
      res.writeHead(404).end("not found");
      return;
    }
    const path = normalize(decodeURIComponent(url.pathname.slice(base.length)));
    if (path.startsWith("..")) {
      res.writeHead(403).end("forbidden");
      return;
    }
    const headers = (type: string) => ({ "content-type": type, "cache-control": "no-cache" });
    let file = join(root, path);
    try {
      if ((await stat(file)).isDirectory()) file = join(file, "index.html");
      let body: Buffer | string = await readFile(file);
      if (path === "boot.js") body = WATCHER + body.toString("utf8");
      res.writeHead(200, headers(TYPES[extname(file)] ?? "application/octet-stream")).end(body);
    } catch {
      res.writeHead(404).end("not found");
    }
  });
  await new Promise<void>((ok) => server.listen(port, "127.0.0.1", ok));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}${base}`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
