// Talon's service worker: the app shell and static files come from the cache; pages come from the network,
// and a page seen before is shown from the cache when there is no signal (else the offline page), whatever
// cookie it was fetched with (a page varies by cookie; without signal the last copy is the best). A table kept
// for no signal (static/js/offline.js) has its pages, the Python runtime and the engine in the cache "talon-kept",
// which a new version of this worker keeps.
const CACHE = "talon-{{ version }}";
const SHELL = {{ shell|safe }};
const OFFLINE = "{{ offline }}";
const STDLIB = "{{ stdlib }}";

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((key) => key !== CACHE && key !== "talon-kept").map((key) => caches.delete(key))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin || url.pathname.endsWith("/live/")) return;
  if (url.pathname.startsWith("/static/") && !/\.[0-9a-f]{12}\.\w+$/.test(url.pathname) && !url.pathname.startsWith("/static/pyodide/")) {
    // a name without its content's hash (development, Talon at home) may change: the server first (asked again, never
    // the browser's own copy, which may be a minute old: an unchanged file is a short "not modified"), the cache without signal
    // the cache without signal, and after a few seconds when the server does not answer (a laptop asleep at home)
    const kept = () => caches.match(request, { ignoreVary: true });
    const network = fetch(request, { cache: "no-cache" }).then((response) => {
      if (response.ok) caches.open(CACHE).then((cache) => cache.put(request, response.clone()));
      return response;
    });
    const late = new Promise((resolve) => setTimeout(resolve, 3000)).then(kept).then((hit) => hit || network);
    event.respondWith(Promise.race([network, late]).catch(() => kept().then((hit) => hit || Response.error())));
  } else if (url.pathname.startsWith("/static/") || url.pathname === STDLIB) {  // the runtime's library: by version
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request).then((response) => {
      if (response.ok) caches.open(CACHE).then((cache) => cache.put(request, response.clone()));
      return response;
    })));
  } else if (request.mode === "navigate") {
    const kept = () => caches.open("talon-kept").then((cache) => cache.match(request, { ignoreVary: true }))  // a kept table's pages follow the server
      .then((hit) => hit || caches.match(request, { ignoreVary: true }));
    const network = fetch(request).then((response) => {
      if (response.ok) caches.open(CACHE).then((cache) => cache.put(request, response.clone()));
      return response;
    });
    // a network that hangs: after a few seconds a page seen before opens from the cache (else the network still may)
    const late = new Promise((resolve) => setTimeout(resolve, 5000)).then(kept).then((hit) => hit || network);
    event.respondWith(Promise.race([network, late])
      .catch(() => kept().then((hit) => hit || caches.match(OFFLINE))));
  }
});
