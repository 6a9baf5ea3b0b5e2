// The engine in a worker: Python (Pyodide) and the server's own engine files, read from what the phone kept.
import { KEPT } from "./store.js";
import { fetchWithin, serverSilent } from "./server.js";

let worker = null, calls = 0;
const waiting = new Map();
export function call(name, args) {
  return new Promise((resolve, reject) => {
    const id = ++calls;
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, call: name, args });
  });
}
const fetchedNow = new Set();  // kept by this page a moment ago (keeping the table): not asked for twice
export function keptJustNow(url) {
  fetchedNow.add(url);
}
async function cachedJson(url) {
  const cache = await caches.open(KEPT);
  let response = fetchedNow.has(url) || serverSilent ? await cache.match(url) : null;
  if (response) return response.json();
  try {
    response = await fetchWithin(url, { cache: "no-cache" });  // a server that does not answer: the kept copy
    if (response.ok) await cache.put(url, response.clone());
    else response = null;
  } catch (error) { response = null; }
  response = response || await cache.match(url);  // exactly this version, never an older one
  if (!response) throw new Error(`missing ${url}`);
  return response.json();
}
function startWorker(url) {
  const started = new Worker(url, { type: "module" });
  started.addEventListener("message", (event) => {
    const { id, result, error } = event.data, promise = waiting.get(id);
    waiting.delete(id);
    if (error !== undefined) promise.reject(new Error(error)); else promise.resolve(result);
  });
  started.addEventListener("error", (event) => {  // the worker's script did not load or run: say so, never wait
    const error = new Error(event.message || "the engine's worker did not start");
    waiting.forEach((promise) => promise.reject(error));
    waiting.clear();
  });
  return started;
}
let engineReady = null;
export let engineOk = false;  // known at once: htmx's events need a yes or no now
export let engineVersion = null;  // the engine files the worker runs (the server's bundle hash)
export function engine(root) {
  if (engineReady) return engineReady;
  engineReady = (async () => {
    const runtime = await cachedJson(root.dataset.runtimeUrl);
    const { files, games } = await cachedJson(runtime.files[runtime.files.length - 1].url);
    const words = await cachedJson(root.dataset.wordsUrl);
    worker = startWorker(root.dataset.workerUrl);
    try {
      // the snapshot's name: everything it holds (Pyodide's version is in its folder's name)
      const snapshot = `/offline/snapshot.bin?${new URLSearchParams({ runtime: runtime.index, stdlib: runtime.stdlib || "",
        engine: runtime.engine })}`;
      const started = await call("start", { index: runtime.index, stdlib: runtime.stdlib, files, games, words, snapshot });
      // resumed from the snapshot, with this release's engine imported on top of another's, or started afresh
      document.documentElement.dataset.engineStart = started.onTop ? "resumed, engine on top"
        : started.resumed ? "resumed" : "full";
    } catch (error) {
      worker.terminate();
      engineReady = null;  // the next attempt starts afresh
      throw error;
    }
    document.documentElement.dataset.engine = "phone";
    engineVersion = runtime.engine;
    engineOk = true;
    return true;
  })();
  return engineReady;
}
