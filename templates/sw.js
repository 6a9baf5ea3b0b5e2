// Talon's service worker: the app shell and static files come from the cache; pages come from the network,
// and a page seen before is shown from the cache when there is no signal (else the offline page), whatever
// cookie it was fetched with (a page varies by cookie; without signal the last copy is the best). A table kept
// for no signal (static/js/offline/) has its pages, the Python runtime and the engine in the cache "talon-kept",
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

// From the network, a good answer stored in this version's cache on the way.
function fetchAndStore(request, options) {
  return fetch(request, options).then((response) => {
    if (response.ok) caches.open(CACHE).then((cache) => cache.put(request, response.clone()));
    return response;
  });
}
// A page from the network: stored in this version's cache, and where the phone keeps it for a table it keeps
// ("talon-kept"), the kept copy follows (a full load of the table page after any change).
function fetchPage(request) {
  return fetch(request).then((response) => {
    if (response.ok && !response.redirected) {
      const copy = response.clone(), kept = response.clone();
      caches.open(CACHE).then((cache) => cache.put(request, copy));
      caches.open("talon-kept").then((cache) => cache.match(request, { ignoreVary: true })
        .then((hit) => hit && cache.put(request, kept)));
    }
    return response;
  });
}
// Whether the server left the last request this worker passed on unanswered (it hung past its wait, or refused the
// connection). Then the next ones wait far less before the cache answers: a frozen server costs its wait once, not
// again for each file and page (a page, its scripts, the offline part, the engine's worker: one after another). The
// network is still asked every time, and its first answer ends this. A kept page asks (offline/server.js) so that it too
// reads what the phone kept first.
let unanswered = false;
self.addEventListener("message", (event) => {
  if (event.data === "unanswered?" && event.ports[0]) event.ports[0].postMessage(unanswered);
});
// The network first; when it hangs, after ``ms`` what ``kept`` finds (else the network still may); without signal,
// what ``kept`` finds, else ``fallback``.
function networkThenKept(network, kept, ms, fallback) {
  let settled = false;
  const answer = network.then(
    (response) => { settled = true; unanswered = false; return response; },
    (error) => { settled = true; unanswered = true; throw error; });
  const late = new Promise((resolve) => setTimeout(resolve, ms))
    .then(() => { if (!settled) unanswered = true; return kept(); })
    .then((hit) => hit || answer);
  return Promise.race([answer, late]).catch(() => kept().then((hit) => hit || fallback()));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin || url.pathname.endsWith("/live/")) return;
  if (url.pathname.startsWith("/static/") && !/\.[0-9a-f]{12}\.\w+$/.test(url.pathname) && !url.pathname.startsWith("/static/pyodide/")) {
    // a name without its content's hash (development, Talon at home) may change: the server first (asked again, never
    // the browser's own copy, which may be a minute old: an unchanged file is a short "not modified"); the cache without
    // signal, after a few seconds when the server does not answer (a laptop asleep at home), and at once while it has
    // left the last request unanswered
    event.respondWith(networkThenKept(fetchAndStore(request, { cache: "no-cache" }),
      () => caches.match(request, { ignoreVary: true }), unanswered ? 0 : 3000, () => Response.error()));
  } else if (url.pathname.startsWith("/static/") || url.pathname === STDLIB) {  // the runtime's library: by version
    event.respondWith(caches.match(request).then((hit) => hit || fetchAndStore(request)));
  } else if (request.mode === "navigate") {
    const kept = () => caches.open("talon-kept").then((cache) => cache.match(request, { ignoreVary: true }))  // a kept table's pages follow the server
      .then((hit) => hit || caches.match(request, { ignoreVary: true }));
    // a network that hangs: after a few seconds a page seen before opens from the cache (else the network still may);
    // after a second once the server has left a request unanswered (a server that is back answers well within it)
    event.respondWith(networkThenKept(fetchPage(request), kept, unanswered ? 1000 : 5000, () => caches.match(OFFLINE)));
  }
});
