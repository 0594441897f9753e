// Barricade's service worker: after one visit the game loads and plays with
// no network. The build fills in BUILD and PRECACHE (cargo xtask
// finish-site, run by Trunk after every build).
//
// - The app shell (index.html) is network-first: online, a new build is
//   seen at once; offline, the cached one is served.
// - Everything else is served cache-first from the precache of this build
//   (most names carry a content hash; all are fetched fresh at install).
// - A new build installs under a new cache name and deletes the old caches.
const BUILD = "__BUILD__";
const PRECACHE = ["__PRECACHE__"];
const CACHE = `barricade-${BUILD}`;
const SHELL = new URL("./", self.location).href;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // "reload" skips the HTTP cache: a host may cache files whose names
      // carry no hash (the AI worker's), and a new build must not precache
      // the old ones.
      .then((cache) =>
        cache.addAll(PRECACHE.map((path) => new Request(new URL(path, SHELL).href, { cache: "reload" }))),
      )
      .then(() => self.skipWaiting()),
  );
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
