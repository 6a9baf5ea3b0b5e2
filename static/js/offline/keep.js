// Keeping a table: the one download, and a release reaching a kept phone.
import { KEEPING_FLAG, KEPT, KEPT_FLAG } from "./store.js";
import { fetchWithin } from "./server.js";
import { engine, keptJustNow } from "./engine.js";
import { human, readWords, say } from "./words.js";
import { followServer } from "./copy.js";

// Asked on one page, keeping goes on on the next if the player leaves it meanwhile (a language switched while the
// engine starts: talon/offline.js calls keep() again there; what was downloaded is not asked for again, the kept pages are
// then in the new language). Whether the table is kept: one that is not says why and is not started as kept.
export async function keep(root) {
  const button = root.querySelector("[data-keep]"), bar = root.querySelector("progress"),
    status = root.querySelector("[data-keep-status]");
  readWords();
  button.disabled = true;
  localStorage.setItem(KEEPING_FLAG(root.dataset.offline), "1");
  try {
    const runtime = await (await fetch(root.dataset.runtimeUrl, { cache: "no-cache" })).json();
    if (runtime.error) throw new Error(runtime.error);
    const cache = await caches.open(KEPT);
    await cache.put(root.dataset.runtimeUrl, new Response(JSON.stringify(runtime),
      { headers: { "Content-Type": "application/json" } }));
    await download(runtime, cache, bar, status);
    keptJustNow(root.dataset.runtimeUrl);
    // the pages and scripts that work without signal (the service worker answers from this cache: every module of
    // the offline part, as the runtime lists them), and the words in every language (a language switched after
    // keeping works without signal too)
    const everyLanguage = ["en", "cs", "sl", "de"].map((code) => root.dataset.wordsUrl.replace(/\/\w+\.json$/, `/${code}.json`));
    await cache.addAll([...new Set([root.dataset.wordsUrl, ...everyLanguage]), ...runtime.scripts, root.dataset.workerUrl]);
    keptJustNow(root.dataset.wordsUrl);
    if ("serviceWorker" in navigator) await navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(() => navigator.serviceWorker.ready);
    await followServer(root);  // the snapshot, the table page and the hand form
    status.textContent = say("starting");
    await engine(root);
    localStorage.setItem(KEPT_FLAG(root.dataset.offline), "1");  // kept only once its engine has run here
    localStorage.removeItem(KEEPING_FLAG(root.dataset.offline));
    bar.hidden = true;
    status.textContent = say("kept");
    root.dataset.kept = "1";
    return true;
  } catch (error) {
    status.textContent = say("failed", { error: error.message || String(error) });
    button.disabled = false;
    localStorage.removeItem(KEEPING_FLAG(root.dataset.offline));  // tried again by a tap, not by itself
    return false;
  }
}
// The runtime's files, each once (one already kept is not asked for again), with the download's progress.
async function download(runtime, cache, bar, status) {
  bar.max = runtime.bytes;
  bar.value = 0;
  bar.hidden = false;
  let done = 0;
  for (const file of runtime.files) {
    if (await cache.match(file.url)) { done += file.bytes; bar.value = done; continue; }
    const response = await fetch(file.url);
    if (!response.ok) throw new Error(`${response.status} ${file.url}`);
    const reader = response.body.getReader(), parts = [];
    for (;;) {
      const { done: end, value } = await reader.read();
      if (end) break;
      parts.push(value);
      done += value.length;
      bar.value = Math.min(done, runtime.bytes);
      status.textContent = say("downloading", { done: human(done), total: human(runtime.bytes) });
    }
    await cache.put(file.url, new Response(new Blob(parts), { headers: {
      "Content-Type": response.headers.get("Content-Type") || "application/octet-stream" } }));
    keptJustNow(file.url);
  }
}
// A new release reaches a kept phone at its next contact (a page, the live poll): the offline part's modules (as the
// runtime lists them) and the engine's worker, the runtime's files and the engine of this version are kept; other
// versions of the engine are dropped.
export async function release(root, cache) {
  const response = await fetchWithin(root.dataset.runtimeUrl, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${response.status} ${root.dataset.runtimeUrl}`);
  const runtime = await response.json();
  const hashed = (url) => /\.[0-9a-f]{12}\.\w+$/.test(new URL(url, location.href).pathname);
  const missing = async (url) => !await cache.match(url);
  // a name without a hash may hold a new file: asked again, all at once (Talon at home names its modules so)
  await Promise.all([...runtime.scripts, root.dataset.workerUrl]
    .map(async (url) => { if (!hashed(url) || await missing(url)) await cache.add(url); }));
  await Promise.all(runtime.files.map((file) => file.url)
    .map(async (url) => { if (await missing(url)) await cache.add(url); }));
  for (const kept of runtime.files.filter((file) => file.url.includes("?v="))) {  // the engine, the cut library
    const path = new URL(kept.url, location.href).pathname;
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      if (url.pathname === path && url.pathname + url.search !== kept.url) await cache.delete(request);
    }
  }
  await cache.put(root.dataset.runtimeUrl, new Response(JSON.stringify(runtime), { headers: { "Content-Type": "application/json" } }));
}
export async function keptSpace(root) {  // a kept table says so, and how much room Talon takes on this phone
  const status = root.querySelector("[data-keep-status]");
  if (!status || !navigator.storage || !navigator.storage.estimate) return;
  const { usage } = await navigator.storage.estimate();
  root.querySelector("[data-keep]")?.setAttribute("hidden", "");
  status.textContent = say("keptSize", { size: human(usage || 0) });
}
