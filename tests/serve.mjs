// A small static file server for the built site, for the browser tests.
// Usage: node tests/serve.mjs [dir=dist] [port=4173] [base=/]
// Serves <dir> under the URL path <base> on 127.0.0.1 only, gzip-compressed
// when the browser accepts it, as static hosts serve it.
import { createServer } from "node:http";
import { gzipSync } from "node:zlib";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";

const [dir = "dist", port = "4173", base = "/"] = process.argv.slice(2);
const root = resolve(dir);
const types = {
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

// Compressed bodies, by file and modification time.
const gzipped = new Map();
const compressible = new Set([".html", ".js", ".mjs", ".css", ".wasm", ".json", ".webmanifest", ".svg", ".txt"]);

createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  if (!url.pathname.startsWith(base)) {
    res.writeHead(404).end("not found");
    return;
  }
  let path = normalize(decodeURIComponent(url.pathname.slice(base.length)));
  if (path.startsWith("..")) {
    res.writeHead(403).end("forbidden");
    return;
  }
  let file = join(root, path);
  try {
    let info = await stat(file);
    if (info.isDirectory()) {
      file = join(file, "index.html");
      info = await stat(file);
    }
    let body = await readFile(file);
    const headers = {
      "content-type": types[extname(file)] ?? "application/octet-stream",
      "cache-control": "no-cache",
      vary: "accept-encoding",
    };
    if (compressible.has(extname(file)) && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "")) {
      const key = `${file} ${info.mtimeMs}`;
      if (!gzipped.has(key)) gzipped.set(key, gzipSync(body));
      body = gzipped.get(key);
      headers["content-encoding"] = "gzip";
    }
    res.writeHead(200, headers);
    res.end(body);
  } catch {
    res.writeHead(404).end("not found");
  }
}).listen(Number(port), "127.0.0.1", () => {
  console.log(`serving ${root} at http://127.0.0.1:${port}${base}`);
});
