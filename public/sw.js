// Barricade's service worker: after one visit the game loads and plays with
// no network. The build fills in BUILD, PRECACHE and LATER (cargo xtask
// finish-site, run by Trunk after every build).
//
// - The app shell (index.html) is network-first: online, a new build is
//   seen at once; offline, the cached one is served.
// - Everything else is served cache-first from the cache of this build.
// - At install, PRECACHE (what the game needs offline: the page, its
//   script, wasm, style and icons, and the AI worker) is cached. A file
//   whose name carries a content hash is taken from the HTTP cache when
//   the page has just downloaded it ("force-cache": no second download of
//   the wasm); a file without one is revalidated ("no-cache": a host may
//   cache it, and a new build must not keep the old one).
// - LATER (the other languages, the "How to play" pages and their files)
//   is what no first visit needs: at a first install only the files the
//   page already downloaded (its language) are kept, from the HTTP cache
//   and never from the network ("only-if-cached"); the rest is cached on
//   first use, or when a page this worker controls is idle and asks for it
//   (boot.js posts "later"). A new build's worker, replacing an old one,
//   caches LATER at install, as the old one had it.
// - A new build installs under a new cache name and deletes the old caches.
const BUILD = "__BUILD__";
const PRECACHE = ["__PRECACHE__"];
const LATER = ["__LATER__"];
const CACHE = `barricade-${BUILD}`;
const SHELL = new URL("./", self.location).href;

/** Whether `path` is a file name with a content hash (Trunk's `-0123abcd…`). */
const hashed = (path) => /-[0-9a-f]{8,16}(_bg)?\.(js|wasm|css)$/.test(path);

/** Caches `path` from the HTTP cache or the network, as `mode` says. */
async function keep(cache, path, mode) {
  const url = new URL(path, SHELL).href;
  const init = mode === "only-if-cached" ? { cache: mode, mode: "same-origin" } : { cache: mode };
  try {
    const response = await fetch(new Request(url, init));
    if (response.ok) await cache.put(url, response);
    else if (mode !== "only-if-cached") throw new Error(`${path}: ${response.status}`);
  } catch (error) {
    if (mode !== "only-if-cached") throw error;
  }
}

/** Caches every file of LATER not cached yet. */
async function keepLater(cache) {
  for (const path of LATER) {
    if (!(await cache.match(new URL(path, SHELL).href))) await keep(cache, path, "no-cache").catch(() => {});
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const replacing = (await caches.keys()).some((k) => k.startsWith("barricade-") && k !== CACHE);
      const cache = await caches.open(CACHE);
      await Promise.all(PRECACHE.map((path) => keep(cache, path, hashed(path) ? "force-cache" : "no-cache")));
      if (replacing) await keepLater(cache);
      else await Promise.all(LATER.map((path) => keep(cache, path, "only-if-cached")));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "later") event.waitUntil(caches.open(CACHE).then(keepLater));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith("barricade-") && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

function isShell(request) {
  if (request.mode === "navigate") return true;
  const url = new URL(request.url);
  return url.href === SHELL || url.href === new URL("index.html", SHELL).href;
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request, { cache: "no-cache" });
    if (response.ok) await cache.put(SHELL, response.clone());
    return response;
  } catch (error) {
    const cached = (await cache.match(SHELL)) ?? (await cache.match(new URL("index.html", SHELL).href));
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request, { ignoreSearch: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && new URL(request.url).origin === self.location.origin) {
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(isShell(request) ? networkFirst(request) : cacheFirst(request));
});
