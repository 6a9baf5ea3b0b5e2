// The engines on the phone: Pyodide (Python compiled to WebAssembly, from Talon's own static files) running the
// very files the server runs (games/engines, games/registry.py, games/entry, each game's engine.py and entry.py in its
// folder, games/offline/phone.py), in a worker so that
// the page never waits on it. Messages: {id, call, args} in, {id, result} or {id, error} out.
let phone = null;

// Python's start-up is most of the engine's: the first start on a phone saves Python's memory once the engine is
// imported (Pyodide's memory snapshot), and later starts resume from it instead of starting Python again. A snapshot
// is named by everything it holds (Pyodide's version, the library cut, the engine's files) and is kept beside the
// table's other files on this phone only: it is made here, never downloaded. A release that changes only the engine
// keeps it: Python resumes from it and the changed engine is imported on top (the old engine's modules forgotten),
// a second or more sooner than a full start on a slow phone; a release of Pyodide or of the library cut starts afresh.
const KEPT = "talon-kept", SNAPSHOT_PATH = "/offline/snapshot.bin";
const sameRuntime = (a, b) => ["runtime", "stdlib"].every((part) => a.searchParams.get(part) === b.searchParams.get(part));
async function savedSnapshot(key) {  // [the snapshot's name, its bytes] for this runtime, whatever engine it holds
  try {
    const cache = await caches.open(KEPT), wanted = new URL(key);
    const named = (await cache.keys()).map((request) => new URL(request.url))
      .filter((url) => url.pathname === SNAPSHOT_PATH && sameRuntime(url, wanted));
    const best = named.find((url) => url.href === key) || named[0];
    const hit = best && await cache.match(best.href);
    return hit ? [best.href, new Uint8Array(await hit.arrayBuffer())] : [null, null];
  } catch (error) { return [null, null]; }
}
async function keepSnapshot(key, bytes) {  // this one, and no older one
  const cache = await caches.open(KEPT);
  await cache.put(key, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
  for (const request of await cache.keys()) {
    if (new URL(request.url).pathname === SNAPSHOT_PATH && request.url !== key) await cache.delete(request);
  }
}
async function dropSnapshot(key) {
  await (await caches.open(KEPT)).delete(key).catch(() => {});
}
// The engine's modules as the resumed snapshot holds them are another release's: forgotten, so that the import that
// follows reads the files just written.
const FORGET_THE_ENGINE = `import sys
for name in [name for name in sys.modules if name.split(".")[0] == "games"]: del sys.modules[name]
for path in [path for path in sys.path_importer_cache if str(path).startswith("/talon")]: del sys.path_importer_cache[path]`;

async function start({ index, stdlib, files, games, words, snapshot }) {
  const { loadPyodide } = await import(`${index}pyodide.mjs`);
  // the standard library cut to what the engine runs (games/offline/runtime.py), when the server gives one
  const options = stdlib ? { indexURL: index, stdLibURL: stdlib } : { indexURL: index };
  const key = snapshot && typeof caches !== "undefined" ? new URL(snapshot, self.location.href).href : null;
  const [found, saved] = key ? await savedSnapshot(key) : [null, null];
  let pyodide = null, resumed = false;
  if (saved) {
    try {
      pyodide = await loadPyodide({ ...options, _loadSnapshot: saved });
      resumed = true;
    } catch (error) {  // a snapshot this runtime cannot resume: start Python afresh and make a new one
      await dropSnapshot(found);
    }
  }
  if (!pyodide) pyodide = await loadPyodide(key ? { ...options, _makeSnapshot: true } : options);
  for (const [path, source] of Object.entries(files)) {  // a resumed Python still finds every file it imports later
    const folder = `/talon/${path.split("/").slice(0, -1).join("/")}`;
    pyodide.FS.mkdirTree(folder);
    pyodide.FS.writeFile(`/talon/${path}`, source);
  }
  const onTop = resumed && found !== key;  // the snapshot holds another release's engine: this one on top
  try {
    if (onTop) pyodide.runPython(FORGET_THE_ENGINE);
    pyodide.runPython("import sys\nif '/talon' not in sys.path: sys.path.insert(0, '/talon')\nimport games.offline.phone");
  } catch (error) {
    if (resumed) await dropSnapshot(found);  // never the same broken start twice: the next one is a full one
    throw error;
  }
  if (key && !resumed) {
    try {
      await keepSnapshot(key, pyodide.makeMemorySnapshot());  // before any JavaScript object reaches Python
    } catch (error) { /* none made (no room, say): the next start is a full one again */ }
  }
  phone = pyodide.pyimport("games.offline.phone");
  phone.use_games(JSON.stringify(games || []));  // the server's registry: a game registered there is scored here
  phone.use_catalog(JSON.stringify(words || {}));
  return { python: pyodide.runPython("import sys; sys.version.split()[0]"), resumed, onTop };
}

const CALLS = {
  start,
  words: ({ words }) => phone.use_catalog(JSON.stringify(words || {})),
  table: ({ snapshot, pending }) => JSON.parse(phone.table_now(JSON.stringify(snapshot), JSON.stringify(pending))),
  preview: ({ snapshot, pending, fields }) => JSON.parse(phone.preview(JSON.stringify(snapshot),
    JSON.stringify(pending), JSON.stringify(fields))),
};

self.addEventListener("message", async (event) => {
  const { id, call, args } = event.data;
  try {
    self.postMessage({ id, result: await CALLS[call](args || {}) });
  } catch (error) {
    self.postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
});
