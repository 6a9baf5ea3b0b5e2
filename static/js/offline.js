// A table that keeps working without signal (loaded by talon.js only on a table a phone keeps, or when asked to).
// The phone downloads once the Python runtime (Pyodide) and the server's own engine files; then the hand form's
// preview and the table's totals are computed here, by games/phone.py in a worker. Hands recorded without signal
// wait in IndexedDB, marked "not sent yet", and go to the server in order, each with the version it was based on;
// if another phone changed the table meanwhile, the scorekeeper chooses where they go. The server stays the record.
const DB = "talon-offline", PENDING = "pending", TABLES = "tables", KEPT = "talon-kept";
const KEPT_FLAG = (token) => `talon-kept:${token}`;

// ---- storage -----------------------------------------------------------------------------------------------------
function openDb() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore(TABLES, { keyPath: "token" });
      db.createObjectStore(PENDING, { keyPath: "id", autoIncrement: true }).createIndex("token", "token");
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}
async function store(name, mode, work) {
  const db = await openDb();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(name, mode), request = work(tx.objectStore(name));
    tx.oncomplete = () => resolve(request && request.result);
    tx.onerror = () => reject(tx.error);
  });
}
const getTable = (token) => store(TABLES, "readonly", (s) => s.get(token));
const putTable = (record) => store(TABLES, "readwrite", (s) => s.put(record));
const addPending = (hand) => store(PENDING, "readwrite", (s) => s.add(hand));
const putPending = (hand) => store(PENDING, "readwrite", (s) => s.put(hand));
const deletePending = (id) => store(PENDING, "readwrite", (s) => s.delete(id));
async function pendingOf(token) {
  const hands = await store(PENDING, "readonly", (s) => s.index("token").getAll(token));
  return (hands || []).sort((a, b) => a.id - b.id);
}
// The hands kept on this phone that count (a hand deleted here after its Save's answer was lost waits only to tell the
// server, which may have recorded it).
async function handsOf(token) {
  return (await pendingOf(token)).filter((hand) => hand.then !== "delete" && !hand.refused);
}
// The hands the server refused: shown apart, with its reason, out of the totals, until the player edits or deletes them.
async function refusedOf(token) {
  return (await pendingOf(token)).filter((hand) => hand.refused);
}
const newId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

// ---- the engine in a worker ---------------------------------------------------------------------------------------
let worker = null, calls = 0;
const waiting = new Map();
function call(name, args) {
  return new Promise((resolve, reject) => {
    const id = ++calls;
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, call: name, args });
  });
}
const fetchedNow = new Set();  // kept by this page a moment ago (keeping the table): not asked for twice
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
// Whether the server answers, not whether the browser says "online": every request gives up after a few seconds.
const ANSWER_WITHIN = 6000;
// Once it has not answered, what the phone kept is read first (the engine starts without waiting on it again).
let serverSilent = false, lastAnswer = 0;  // and when it last answered this page
function heard(answered) {  // what needs the server says so in place whenever that changes
  if (answered) lastAnswer = Date.now();
  if (serverSilent === !answered) return;
  serverSilent = !answered;
  const root = document.getElementById("offline") || document.getElementById("kept-table");
  if (root && root.dataset.kept) markNeedsSignal(root).catch(() => {});
  // the server answers again (the live poll, any request): what waits is sent now, not at the queue's next retry
  if (answered && root && root.dataset.started) {
    retryIn = 2000;
    send(root).then(() => showTable(root)).catch((error) => console.warn("Talon:", error));
  }
}
const answers = () => navigator.onLine && !serverSilent;
// Whether the server answers now (a short question: its health), before a change that needs it is sent.
function probe() {
  return fetchWithin("/healthz", { cache: "no-store" }, 3000).then((response) => response.ok, () => false);
}
// Whether the server left unanswered the last request the service worker passed on (this very page, when it came from
// the phone's cache after a wait): a page then starts knowing it, and reads what the phone kept first. A worker that
// does not say (an older release's) is taken to know nothing.
function workerHeardNothing() {
  const worker = navigator.serviceWorker && navigator.serviceWorker.controller;
  if (!worker) return Promise.resolve(false);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data === true);
    worker.postMessage("unanswered?", [channel.port2]);
    setTimeout(() => resolve(false), 500);
  });
}
function fetchWithin(url, options = {}, ms = ANSWER_WITHIN) {
  const stop = new AbortController(), timer = setTimeout(() => stop.abort(), ms);
  return fetch(url, { ...options, signal: stop.signal })
    .then((response) => { heard(true); return response; }, (error) => { heard(false); throw error; })
    .finally(() => clearTimeout(timer));
}
let engineReady = null, engineOk = false, waitingHere = 0;  // known at once: htmx's events need a yes or no now
let engineVersion = null;  // the engine files the worker runs (the server's bundle hash)
function engine(root) {
  if (engineReady) return engineReady;
  engineReady = (async () => {
    const runtime = await cachedJson(root.dataset.runtimeUrl);
    const { files, games } = await cachedJson(runtime.files[runtime.files.length - 1].url);
    const words = await cachedJson(root.dataset.wordsUrl);
    worker = new Worker(root.dataset.workerUrl, { type: "module" });
    worker.addEventListener("message", (event) => {
      const { id, result, error } = event.data, promise = waiting.get(id);
      waiting.delete(id);
      if (error !== undefined) promise.reject(new Error(error)); else promise.resolve(result);
    });
    worker.addEventListener("error", (event) => {  // the worker's script did not load or run: say so, never wait
      const error = new Error(event.message || "the engine's worker did not start");
      waiting.forEach((promise) => promise.reject(error));
      waiting.clear();
    });
    try {
      // the snapshot's name: everything it holds (Pyodide's version is in its folder's name)
      const snapshot = `/offline/snapshot.bin?${new URLSearchParams({ runtime: runtime.index, stdlib: runtime.stdlib || "",
        engine: runtime.engine })}`;
      const started = await call("start", { index: runtime.index, stdlib: runtime.stdlib, files, games, words, snapshot });
      document.documentElement.dataset.engineStart = started.resumed ? "resumed" : "full";
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

// ---- what the page says ---------------------------------------------------------------------------------------------
let W = {};
const say = (key, values = {}) => (W[key] || key).replace(/\{(\w+)\}/g, (_, name) => values[name] ?? "");
// a total as the server's pages write it in this language: grouped by thousands (Czech 1 500, German 1.500), true minus
const digits = new Intl.NumberFormat(document.documentElement.lang || undefined, { useGrouping: "always", maximumFractionDigits: 0 });
const num = (value) => (value < 0 ? `−${digits.format(-value)}` : digits.format(value));
const sign = (value) => (value < 0 ? "neg" : value > 0 ? "pos" : "");
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  Object.entries(attrs).forEach(([key, value]) => {
    if (key === "text") node.textContent = value; else if (value !== null && value !== undefined) node.setAttribute(key, value);
  });
  children.flat().forEach((child) => child && node.append(child));
  return node;
}
const tenths = new Intl.NumberFormat(document.documentElement.lang || undefined, { minimumFractionDigits: 1,
  maximumFractionDigits: 1 });
function human(bytes) {  // as the player's language writes a decimal (Czech 45,8 MB)
  return bytes >= 1e6 ? `${tenths.format(Math.round(bytes / 1e5) / 10)} MB` : `${Math.max(1, Math.round(bytes / 1e3))} kB`;
}

// ---- keeping a table: the one download ------------------------------------------------------------------------------
export async function keep(root) {
  const button = root.querySelector("[data-keep]"), bar = root.querySelector("progress"),
    status = root.querySelector("[data-keep-status]");
  W = JSON.parse(document.getElementById("offline-words").textContent);
  button.disabled = true;
  try {
    const runtime = await (await fetch(root.dataset.runtimeUrl, { cache: "no-cache" })).json();
    if (runtime.error) throw new Error(runtime.error);
    const cache = await caches.open(KEPT);
    await cache.put(root.dataset.runtimeUrl, new Response(JSON.stringify(runtime),
      { headers: { "Content-Type": "application/json" } }));
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
      fetchedNow.add(file.url);
    }
    fetchedNow.add(root.dataset.runtimeUrl);
    // the pages and scripts that work without signal (the service worker answers from this cache), and the words
    // in every language (a language switched after keeping works without signal too)
    const everyLanguage = ["en", "cs", "sl", "de"].map((code) => root.dataset.wordsUrl.replace(/\/\w+\.json$/, `/${code}.json`));
    await cache.addAll([...new Set([root.dataset.wordsUrl, ...everyLanguage]), root.dataset.script, root.dataset.workerUrl]);
    fetchedNow.add(root.dataset.wordsUrl);
    if ("serviceWorker" in navigator) await navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(() => navigator.serviceWorker.ready);
    await followServer(root);  // the snapshot, the table page and the hand form
    status.textContent = say("starting");
    await engine(root);
    localStorage.setItem(KEPT_FLAG(root.dataset.offline), "1");  // kept only once its engine has run here
    bar.hidden = true;
    status.textContent = say("kept");
    root.dataset.kept = "1";
  } catch (error) {
    status.textContent = say("failed", { error: error.message || String(error) });
    button.disabled = false;
  }
}

// The kept copy: {token, snapshot (the table as the server last sent it), seen (the newest version of the table this
// phone has seen from the server, on any page or in a snapshot), pages (the version the kept table page and hand
// form were fetched at)}. It is current when nothing newer was seen.
function pageVersion() {  // the newest version this page shows (its marker, its live poll, a form's version)
  const versions = [document.getElementById("kept-table")?.dataset.version, document.getElementById("live")?.dataset.version,
    ...[...document.querySelectorAll("form input[name=version]")].map((input) => input.value)];
  return Math.max(0, ...versions.map(Number).filter(Number.isFinite));
}
async function noteSeen(token, version) {
  const record = await getTable(token);
  if (record && version > (record.seen || 0)) await putTable({ ...record, seen: version });
}
async function fetchSnapshot(marker) {
  const response = await fetchWithin(marker.dataset.snapshotUrl, { cache: "no-store", headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`${response.status} ${marker.dataset.snapshotUrl}`);
  return response.json();
}
// The table page and the hand form as the server shows them now, for when there is no signal (a page that is not
// there for this phone, as the form of an ended evening, is left out; a server that does not answer is an error).
async function fetchPages(marker) {
  const pages = await Promise.all([marker.dataset.formUrl, marker.dataset.tableUrl].map(async (url) => {
    const response = await fetchWithin(url, { cache: "no-store" });
    if (response.status >= 500) throw new Error(`${response.status} ${url}`);
    return response.ok && !response.redirected ? [url, response] : null;
  }));
  return pages.filter(Boolean);
}
// The snapshot and the kept pages move together: both fetched at once (within seconds), kept only when both came,
// so a page never shows a version whose copy this phone does not have.
async function followServer(marker) {
  const [snapshot, pages] = await Promise.all([fetchSnapshot(marker), fetchPages(marker)]);
  const cache = await caches.open(KEPT);
  await Promise.all(pages.map(([url, response]) => cache.put(url, response)));
  const record = await getTable(marker.dataset.offline) || {};
  await putTable({ ...record, token: marker.dataset.offline, snapshot, seen: Math.max(record.seen || 0, snapshot.version),
    pages: Math.max(record.pages || 0, snapshot.version) });
  return snapshot;
}
async function keptEngine(marker) {  // the engine this phone keeps (the runtime's description it kept)
  const hit = await (await caches.open(KEPT)).match(marker.dataset.runtimeUrl);
  return hit ? (await hit.json()).engine : null;
}
// After every change this phone makes online and every change the live poll brings, on any page of the table (each
// names the version it shows: #kept-table): what the phone has seen first, then the snapshot and the kept pages
// follow the server (only while no hand waits: those are scored after the copy they were recorded on). A failure
// is logged and tried again; meanwhile the phone knows its copy may be old ("not sure"), never silently stale.
let followed = Promise.resolve(), queued = null, followRetry = 5000, followTimer = null;
export function follow(marker, always = false) {
  // what this page shows is known seen at once, not after a follow already under way (a signal lost a moment later)
  const seen = noteSeen(marker.dataset.offline, pageVersion()).catch((error) => console.warn("Talon:", error));
  if (queued) {  // one follow waits at most: this change joins it (held here: once it starts it is no longer queued)
    const waiting = queued;
    waiting.always = waiting.always || always;
    return seen.then(() => waiting.promise);
  }
  const next = { always };
  next.promise = Promise.all([followed, seen]).then(() => {
    queued = null;
    return followOnce(document.getElementById("kept-table") || marker, next.always);
  });
  queued = next;
  followed = next.promise;
  return next.promise;
}
async function followOnce(marker, always) {
  const token = marker.dataset.offline;
  try {
    await noteSeen(token, pageVersion());
    // a hand the server refused waits apart, on no copy; the "online" event follows again
    if (!navigator.onLine || (await pendingOf(token)).some((hand) => !hand.refused)) return;
    const record = await getTable(token);
    if (!record) return;  // not kept (yet)
    const seen = record.seen || 0;
    const behind = !record.snapshot || record.snapshot.version < seen || (record.pages || 0) < seen;
    const snapshot = behind || always ? await followServer(marker) : record.snapshot;
    const kept = await keptEngine(marker);
    if (always || kept !== snapshot.engine || (marker.dataset.engine && kept !== marker.dataset.engine)) {
      await release(marker, await caches.open(KEPT));  // a release: the copy then names the new engine
      if (snapshot.engine !== await keptEngine(marker)) await followServer(marker);
    }
    followRetry = 5000;
  } catch (error) {
    console.warn("Talon: this phone's copy of the table could not follow the server; trying again", error);
    clearTimeout(followTimer);
    followTimer = setTimeout(() => follow(marker), followRetry);
    followRetry = Math.min(followRetry * 2, 60000);
  }
}
// A new release reaches a kept phone at its next contact (a page, the live poll): the scripts this page names, the
// runtime's files and the engine of this version are kept; other versions of the engine are dropped.
async function release(root, cache) {
  const response = await fetchWithin(root.dataset.runtimeUrl, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${response.status} ${root.dataset.runtimeUrl}`);
  const runtime = await response.json();
  const hashed = (url) => /\.[0-9a-f]{12}\.\w+$/.test(new URL(url, location.href).pathname);
  for (const url of [root.dataset.script, root.dataset.workerUrl]) {  // a name without a hash may hold a new file
    if (!hashed(url) || !await cache.match(url)) await cache.add(url);
  }
  for (const url of runtime.files.map((file) => file.url)) {
    if (!await cache.match(url)) await cache.add(url);
  }
  for (const kept of runtime.files.filter((file) => file.url.includes("?v="))) {  // the engine, the cut library
    const path = new URL(kept.url, location.href).pathname;
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      if (url.pathname === path && url.pathname + url.search !== kept.url) await cache.delete(request);
    }
  }
  await cache.put(root.dataset.runtimeUrl, new Response(JSON.stringify(runtime), { headers: { "Content-Type": "application/json" } }));
}
async function current(root) {  // the copy to score on, or null when this phone cannot be sure it is current
  const record = await getTable(root.dataset.offline);
  if (!record || !record.snapshot) return null;
  const snapshot = record.snapshot;
  if (snapshot.version < Math.max(record.seen || 0, pageVersion())) return null;
  if (engineVersion && snapshot.engine && snapshot.engine !== engineVersion) return null;
  return snapshot;
}

// ---- what needs signal, said in place --------------------------------------------------------------------------
// Without signal the links to pages this phone did not keep and the forms that change the table on the server (undo,
// a new evening, the language) cannot work: each says so where it is, and why.
async function markNeedsSignal(root) {
  document.querySelectorAll("[data-signal-note]").forEach((note) => note.remove());  // not what a tap's outcome said
  document.querySelectorAll("[data-needs-signal]").forEach((node) => {
    node.removeAttribute("data-needs-signal"); node.removeAttribute("aria-disabled"); node.disabled = false;
  });
  if (answers()) return;
  const cache = await caches.open(KEPT);
  const note = () => el("span", { class: "needs-signal help", "data-signal-note": "", text: say("needsSignal") });
  for (const link of document.querySelectorAll("main a[href], footer a[href]")) {
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin || url.hash && url.pathname === location.pathname) continue;
    if (await cache.match(url.pathname, { ignoreVary: true })) continue;
    link.dataset.needsSignal = "";
    link.setAttribute("aria-disabled", "true");
    link.after(note());
  }
  for (const form of document.querySelectorAll("main form[method=post], footer form[method=post]")) {
    if (form.matches(".hand-form")) continue;  // hands are kept on this phone
    const button = form.querySelector("button[type=submit], button:not([type]), select");
    form.querySelectorAll("button, select").forEach((control) => { control.disabled = true; control.dataset.needsSignal = ""; });
    if (button) form.append(note());
  }
}
async function keptSpace(root) {  // a kept table says so, and how much room Talon takes on this phone
  const status = root.querySelector("[data-keep-status]");
  if (!status || !navigator.storage || !navigator.storage.estimate) return;
  const { usage } = await navigator.storage.estimate();
  root.querySelector("[data-keep]")?.setAttribute("hidden", "");
  status.textContent = say("keptSize", { size: human(usage || 0) });
}

// A tournament table's round (snapshot.round): a hand past its limit, or after it closed, is refused here as the
// server refuses it; its "hand N of M" line counts the hands kept on this phone too.
function roundRefuses(snapshot, waiting) {
  const round = snapshot && snapshot.round;
  if (!round) return "";
  if (round.closed) return say("roundClosed");
  return round.hands && snapshot.hand_count + waiting >= round.hands ? say("roundFull", { hands: round.hands }) : "";
}
function roundLine(snapshot, waiting) {
  const round = snapshot && snapshot.round, line = document.querySelector(".round-limit strong");
  if (!round || !round.hands || !line) return;
  const played = snapshot.hand_count + waiting;
  line.textContent = played >= round.hands ? say("handsDone", { hands: num(round.hands) })
    : say("handOf", { number: num(played + 1), hands: num(round.hands) });
}

// ---- the table page -----------------------------------------------------------------------------------------------
// How the game's status looks (games.web.GameWeb.look, in the page): its marks beside a total, who leads. Nothing
// here names a game: what is a game's own comes as data from its web module, or as data-mark in its table.html.
let LOOK = { marks: [], leader_badge: "", leader_field: "", games: null };
function renderTotals(now) {
  const items = document.querySelectorAll("#top .totals > li.total"), status = now.status || {};
  const next = status.over ? {} : status;  // nobody deals or leads next once nothing may follow (as the server draws it)
  const marksOf = (name) => (status.marks || {})[name] || {};
  now.players.forEach((name, i) => {
    const item = items[i];
    if (!item) return;
    const score = item.querySelector(".score");
    score.textContent = num(now.totals[i]);
    score.className = `score ${sign(now.totals[i])}`;
    item.classList.toggle("is-leader", next.next_leader === name);
    const roles = item.querySelector(".roles");
    roles.replaceChildren(...LOOK.marks.map((mark) => drawMark(mark, marksOf(name))).filter(Boolean));
    if (now.winners.includes(name)) roles.append(el("span", { class: "badge", text: say("winner") }));
    if (LOOK.leader_badge && next.next_leader === name) roles.append(el("span", { class: "badge", text: LOOK.leader_badge }));
    if (next.next_dealer === name) roles.append(el("span", { class: "badge quiet", text: say("deals") }));
  });
  document.querySelectorAll("[data-mark][data-player]").forEach((node) => {  // the game's own table.html says where
    const value = marksOf(now.players[Number(node.dataset.player)])[node.dataset.mark];
    if (Array.isArray(value)) node.replaceChildren(...tally(node.dataset.start, value));
    else node.textContent = num(value || 0);
  });
  tableMarks(status);
  const round = document.querySelector(".round-state");
  const games = LOOK.games, number = games ? Number(status[games.key] || 1) : 1;  // an evening of games, as data
  if (round && status.rounds) {  // as the game's table.html writes it: "Game 2 · Round 1 of 3"
    const game = number > 1 ? `${games.label.replace("{number}", num(number))} · ` : "";
    round.textContent = status.finished ? say("over", { winners: now.winners.join(", ") })
      : game + say("round", { number: status.round + 1, rounds: status.rounds });
  }
  if (round && games && (number > 1 || status.finished)) gamesWon(round, now, games);
}
function tableMarks(status) {  // the table's own marks (what this round deals): data-mark without data-player
  document.querySelectorAll("[data-mark]:not([data-player])").forEach((node) => {
    node.textContent = num(Number((status.table_marks || {})[node.dataset.mark] || 0));
  });
}
function gamesWon(round, now, games) {  // "Games won this evening: Aiko 1, Ben 0, Chie 0", after the round's line
  let line = document.querySelector(".games-won");
  if (!line) { line = el("p", { class: "games-won" }); round.after(line); }
  const won = (name) => num(Number(((now.status.marks || {})[name] || {})[games.won] || 0));
  line.replaceChildren(`${games.won_label} `, ...now.players.flatMap((name, i) => [el("bdi", { text: name }),
    ` ${won(name)}${i < now.players.length - 1 ? ", " : ""}`]));
}

function drawMark(mark, kinds) {  // one kind of a player's marks, as the game's marks.html draws it on the server
  const count = Number(kinds[mark.kind] || 0);
  const label = (mark.labels || [])[count] || mark.label.replace("{count}", num(count));  // as marks.html words it
  if (mark.look === "badge") return count ? el("span", { class: "badge quiet", text: label }) : null;
  const used = Number(kinds[mark.used] || 0);  // circles: a few one by one, more as a circle and a count
  if (!count && !used) return null;
  const [box, one, counter] = mark.classes;
  return el("span", { class: box, role: "img", "aria-label": label }, circles(used, count, mark.few, one, counter));
}

function circles(used, held, few, one, counter) {
  if (used + held <= few) {
    return [...Array.from({ length: used }, () => el("span", { class: `${one} used` })),
      ...Array.from({ length: held }, () => el("span", { class: one }))];
  }
  const counted = (count, kind) => !count ? [] : [el("span", { class: kind }),
    count > 1 ? el("span", { class: counter, text: `×${count}` }) : null];
  return [...counted(used, `${one} used`), ...counted(held, one)];
}

function tally(start, values) {  // numbers struck off one after another (the last one stands); many: the last two
  const shown = values.length > 4 ? values.slice(-2) : values;
  const more = values.length > 4 ? [el("li", { class: "more", "aria-hidden": "true", text: `⋯ ×${values.length - 2}` })] : [];
  return [el("li", { class: values.length ? "struck" : "", text: String(start) }), ...more,
    ...shown.map((left, j) => el("li", { class: j < shown.length - 1 ? "struck" : "", text: String(left) }))];
}

function pendingRows(now, pending, scored = true) {
  const body = document.getElementById("hand-rows");
  body.querySelectorAll(".pending, .pending-empty").forEach((row) => row.remove());
  if (pending.length) body.querySelectorAll("tr.what > td.muted").forEach((cell) => cell.closest("tr").classList.add("pending-empty"));
  const rows = [];
  now.rows.forEach((row, i) => {
    const scores = row.scores.map((score, j) => (!scored ? el("td", { text: "–" }) : el("td", { class: sign(score) },
      num(score), el("span", { class: "run", text: num(row.totals[j]) }))));  // unscored on a copy not known current
    const remove = el("button", { type: "button", class: "button small", "data-forget": String(pending[i].id),
      text: say("forget") });
    const form = document.getElementById("offline")?.dataset.formUrl;  // opened in the kept hand form, filled in
    const edit = pending[i].fields && form ? el("a", { class: "button small", href: `${form}#edit-${pending[i].id}`,
      "data-edit": String(pending[i].id), text: say("edit") }) : null;
    const lines = el("ol", { class: "explanation" }, ...row.lines.map((line) => el("li", {}, el("bdi", { text: line }))));
    const label = row.round === null || row.round === undefined ? row.number : row.round;  // as the server labels it
    rows.push(el("tr", { class: "pending" }, el("th", { scope: "row", text: scored ? String(label) : "–" }), ...scores));
    rows.push(el("tr", { class: "what pending" }, el("td"), el("td", { colspan: String(now.players.length) },
      el("span", { class: "badge not-sent", text: say("notSent") }), " ", el("bdi", { text: row.what }),
      row.note ? el("strong", { class: "milestone", text: ` ${row.note}` }) : null, " ", edit, edit ? " " : null, remove,  // plainly there
      row.lines.length ? el("details", {}, el("summary", { text: say("explanation") }), lines) : null)));
  });
  for (let i = 0; i < rows.length; i += 2) { body.prepend(rows[i + 1]); body.prepend(rows[i]); }  // newest on top
  if (now.error) {
    body.prepend(el("tr", { class: "what pending" }, el("td"), el("td", { colspan: String(now.players.length), class: "error" },
      say("refusedHere", { number: now.error.number, message: now.error.message }))));
  }
}

function refusedRows(now, refused) {  // on top, apart from the totals: what the server said, and the way on
  const body = document.getElementById("hand-rows"), form = document.getElementById("offline")?.dataset.formUrl;
  refused.forEach((hand) => {
    const edit = hand.fields && form ? el("a", { class: "button small", href: `${form}#edit-${hand.id}`,
      "data-edit": String(hand.id), text: say("edit") }) : null;
    body.prepend(el("tr", { class: "what pending refused" }, el("td"), el("td", { colspan: String(now.players.length) },
      el("span", { class: "badge not-sent", text: say("notAccepted") }), " ", el("span", { class: "error", text: hand.refused }),
      " ", edit, edit ? " " : null,
      el("button", { type: "button", class: "button small", "data-forget": String(hand.id), text: say("forget") }))));
  });
}

function banner(text, kind = "") {
  let box = document.getElementById("offline-banner");
  if (!box) {
    box = el("div", { id: "offline-banner", class: "offline-banner", role: "status" });
    const top = document.getElementById("top");  // the table page's totals; the form has none
    if (top) top.before(box); else document.querySelector("main").prepend(box);
  }
  box.className = `offline-banner ${kind}`;
  box.replaceChildren(...[].concat(text));
  box.hidden = !text || (Array.isArray(text) && !text.length);
  return box;
}

async function showTable(root) {
  const token = root.dataset.offline, pending = await handsOf(token);
  if (pending.length && !engineOk) await listKept(root, pending);  // at once: the engine takes seconds to start
  if (engineOk || pending.length) await engine(root).catch(() => {});
  const snapshot = await current(root), seen = ((await getTable(token)) || {}).seen || 0;
  if (!snapshot && !pending.length && pageVersion() >= seen) {  // the page's own totals are the newest seen
    totalsSure(true);
    banner(navigator.onLine ? "" : say("noSignalNone"), "");
    return;
  }
  if (!snapshot) {  // never a guess: the totals the page shows are not computed on an old copy
    const held = pending.length && (await getTable(token)).held;
    const choose = held ? el("button", { type: "button", class: "button small", "data-choose": "", text: say("choose") }) : null;
    if (choose) choose.addEventListener("click", () => send(root, true));
    if (queueState.kind === "conflict" && pending.length) queueBanner(pending.length);  // the choice shown waits
    else banner([el("span", { text: say("unsure") }), choose ? " " : null, choose].filter(Boolean), "error");
    totalsSure(false);
    if (pending.length) await unscoredRows(root, pending);
    return;
  }
  const refused = await refusedOf(token);
  if (!pending.length && !refused.length) {
    if (pageVersion() < snapshot.version) await showCopy(root, snapshot);
    else { totalsSure(true); banner(navigator.onLine ? "" : say("noSignalNone"), ""); }
    return;
  }
  await engine(root);
  const now = await call("table", { snapshot, pending: pending.map((hand) => hand.data) });
  renderTotals(now);
  totalsSure(true);  // in the same moment as they are drawn: never old totals without their mark
  document.querySelectorAll("#top .totals, #hand-rows").forEach((part) => part.classList.add("computed-here"));
  roundLine(snapshot, pending.length);
  pendingRows(now, pending);
  refusedRows(now, refused);
  const held = (await getTable(token)).held;
  if (held) {  // "Decide later": shown after the server's hands, sent once the scorekeeper chooses
    const choose = el("button", { type: "button", class: "button small", "data-choose": "", text: say("choose") });
    choose.addEventListener("click", () => send(root, true));
    banner([el("span", { text: say("held", { count: pending.length }) }), " ", choose], "pending");
  } else if (refused.length && !pending.length) banner(say("refused", { message: refused[0].refused }), "error");
  else queueBanner(pending.length);
}

// The hands kept on this phone, listed as soon as the page opens, from what this phone stored alone (neither the
// engine, which takes seconds to start, nor a server that may not answer): each as it was described when kept, not
// yet scored, and the totals marked as not sure until the engine has scored them (showTable, a moment later).
async function listKept(root, pending) {
  const record = await getTable(root.dataset.offline), players = record && record.snapshot && record.snapshot.players;
  if (!players) return;
  const rows = pending.map((hand) => ({ what: hand.what || "", lines: [], scores: players.map(() => 0) }));
  pendingRows({ players, rows }, pending, false);
  totalsSure(false);
  queueBanner(pending.length);
}
// The table's totals marked as not sure (struck through: not computed on this phone's current copy, or not yet).
function totalsSure(sure) {
  document.querySelectorAll("#top .totals").forEach((part) => part.classList.toggle("unsure", !sure));
}

// The hands kept on this phone while its copy is not known to be current: listed (to edit or delete), not scored.
async function unscoredRows(root, pending) {
  const record = await getTable(root.dataset.offline);
  try {
    await engine(root);
    pendingRows(await call("table", { snapshot: record.snapshot, pending: pending.map((hand) => hand.data) }), pending, false);
  } catch (error) {
    console.warn("Talon: the hands kept on this phone could not be listed", error);
  }
}

// A page kept before the copy's last change (its answer was lost, or the phone went offline at once): the totals
// are the copy's, computed here and said; until then they are marked as not sure.
async function showCopy(root, snapshot) {
  const totals = document.querySelectorAll("#top .totals");
  totals.forEach((part) => part.classList.add("unsure"));
  try {
    await engine(root);
    renderTotals(await call("table", { snapshot, pending: [] }));
  } catch (error) {
    banner(say("unsure"), "error");
    return;
  }
  totals.forEach((part) => { part.classList.remove("unsure"); part.classList.add("computed-here"); });
  banner(say("olderPage"), "pending");
}

// ---- sending what waits, in order ---------------------------------------------------------------------------------
// What the last try to send found, so that the banner says what is happening, never "Sending…" while nothing is:
// "" (sending or sent), "unanswered" (the server did not answer: tried again by itself), "refused", "conflict".
let queueState = { kind: "" };
function queueBanner(count) {
  if (!count) return banner(navigator.onLine ? "" : say("noSignalNone"), "");
  if (!navigator.onLine) return banner(say("notSentBanner", { count }), "pending");
  if (queueState.kind === "unanswered" || (!queueState.kind && serverSilent)) return banner(say("unanswered", { count }), "pending");
  if (queueState.kind === "refused") return banner(say("refused", { message: queueState.message }), "error");
  if (queueState.kind === "conflict") return banner(say("choosing", { count }), "pending");
  return banner(say("sending", { count }), "pending");
}
let sending = false;
let retryIn = 2000, retryTimer = null;
function retryLater(root) {  // the queue tries again by itself, waiting longer each time (at most a minute)
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => send(root).then(() => showTable(root)).catch(() => {}), retryIn);
  retryIn = Math.min(retryIn * 2, 15000);
}
async function noAnswer(root) {
  queueState = { kind: "unanswered" };
  queueBanner((await pendingOf(root.dataset.offline)).length);
  retryLater(root);
}
async function send(root, choosing = false) {
  const token = root.dataset.offline;
  if (sending) return;
  if (!choosing && (await getTable(token) || {}).held) return;  // waits for the scorekeeper's choice
  sending = true;
  try {
    let snapshot = (await getTable(token) || {}).snapshot, sent = 0;
    for (;;) {
      const [hand, next] = (await pendingOf(token)).filter((kept) => !kept.refused);
      if (!hand) break;
      const body = { data: hand.data, version: hand.version ?? snapshot.version, submission: hand.submission };
      if (hand.then) Object.assign(body, { then: hand.then, change: hand.change });
      const after = hand.after_seq ?? null;
      if (after !== null) body.after_seq = after;
      let response;
      try {
        response = await fetchWithin(root.dataset.sendUrl, { method: "POST", body: JSON.stringify(body), headers: {
          "Content-Type": "application/json", "X-CSRFToken": root.dataset.csrf } });
      } catch (error) { noAnswer(root); return; }  // no answer: they wait, and the phone tries again
      if (response.status >= 500) { noAnswer(root); return; }
      retryIn = 2000;
      const answer = await response.json().catch(() => ({ error: String(response.status) }));
      if (response.status === 409 && answer.conflict) {
        queueState = { kind: "conflict" };
        const pending = await handsOf(token);
        queueBanner(pending.length);
        await conflict(root, answer, pending);
        return;
      }
      if (response.status === 422) {  // this hand no longer fits (a round's limit, a closed round): kept apart
        await putPending({ ...hand, refused: answer.error || String(response.status) });
        queueState = { kind: "refused", message: answer.error || response.status };
        continue;
      }
      if (!answer.sent) {
        queueState = { kind: "refused", message: answer.error || response.status };
        queueBanner((await pendingOf(token)).length);
        return;
      }
      queueState = { kind: "" };
      snapshot = answer.snapshot;
      const record = await getTable(token);  // what was held is placed now; the kept pages follow on the next page
      await putTable({ ...record, token, snapshot, seen: Math.max(record.seen || 0, snapshot.version), held: null });
      if (next && after !== null) { next.after_seq = after + 1; await putPending(next); }  // mine stay together
      await deletePending(hand.id);
      waitingHere = Math.max(0, waitingHere - 1);
      sent += 1;
    }
    if (sent) {
      banner(say("allSent"), "done");
      if (root.dataset.page === "table") window.location.reload();
    }
  } finally {
    sending = false;
  }
}

async function conflict(root, answer, pending) {
  const record = await getTable(root.dataset.offline);
  const lastSeen = record.held ? record.held.last_seq : record.snapshot.last_seq;  // the last hand mine came after
  await engine(root);  // mine scored on the table as it is now, with its rules (its marks included)
  const now = await call("table", { snapshot: answer.snapshot, pending: pending.map((hand) => hand.data) });
  const theirs = el("ul", {});
  answer.changes.forEach((html) => { const item = el("li"); item.innerHTML = html; theirs.append(item); });
  const mine = el("ul", {}, ...now.rows.map((row) => el("li", {}, el("bdi", { text: row.what }), " · ",
    row.scores.map((score, i) => `${now.players[i]} ${num(score)}`).join(", "))));
  const choose = async (place) => {
    const hands = await pendingOf(root.dataset.offline);
    hands.forEach((hand, i) => {  // based on the version just seen; before theirs: right after the last hand I saw
      hand.version = i === 0 ? answer.snapshot.version : null;
      hand.after_seq = place === "before" && i === 0 ? lastSeen : null;
    });
    for (const hand of hands) await putPending(hand);
    await putTable({ ...record, snapshot: answer.snapshot, seen: Math.max(record.seen || 0, answer.snapshot.version),
      held: null });
    box.remove();
    queueState = { kind: "" };
    await send(root);
  };
  const later = async () => {  // the server's hands as they are, mine after them on this phone until chosen
    await putTable({ ...record, snapshot: answer.snapshot, seen: Math.max(record.seen || 0, answer.snapshot.version),
      held: { last_seq: lastSeen } });
    box.remove();
    queueState = { kind: "" };
    await showTable(root);
  };
  const box = el("section", { class: "alert conflict", role: "alert", tabindex: "-1", id: "offline-conflict" },
    el("p", {}, el("strong", { text: say("conflict") })),
    el("h3", { text: say("theirs") }), theirs,
    el("h3", { text: say("mine", { count: pending.length }) }), mine,
    el("div", { class: "actions" },
      el("button", { type: "button", class: "button primary", "data-place": "after", text: say("after") }),
      el("button", { type: "button", class: "button", "data-place": "before", text: say("before") }),
      el("button", { type: "button", class: "button", "data-place": "later", text: say("later") })));
  box.addEventListener("click", (event) => {
    const place = event.target.closest("[data-place]")?.dataset.place;
    if (place === "later") later(); else if (place) choose(place);
  });
  document.getElementById("offline-conflict")?.remove();
  document.getElementById("top").before(box);
  box.focus();
}

// ---- the hand form --------------------------------------------------------------------------------------------------
function fieldsOf(form, submitter) {
  const fields = {};
  for (const field of form.elements) {
    if (!field.name || ["csrfmiddlewaretoken", "version", "submission", "preview", "save"].includes(field.name)) continue;
    if (field.type === "submit" || field.tagName === "BUTTON") continue;
    if (field.type === "radio") { if (!(field.name in fields)) fields[field.name] = ""; if (field.checked) fields[field.name] = field.value; }
    else if (field.type === "checkbox") fields[field.name] = field.checked;
    else if (field.type === "number") fields[field.name] = field.value === "" ? null : Math.trunc(Number(field.value));
    else fields[field.name] = field.value;
  }
  if (submitter && submitter.name && !["preview", "save"].includes(submitter.name)) fields[submitter.name] = submitter.value;
  return fields;
}

function showPreview(form, answer) {
  const box = document.getElementById("preview");
  if (!box) return;
  if (answer.error) {
    const prompts = JSON.parse(form.dataset.prompts || "{}"), prompt = prompts[answer.error.root];
    const empty = prompt && !new FormData(form).get(prompt[0]);
    box.replaceChildren(el("p", { class: "error-summary", text: say("notValid") }),
      el("ul", { class: "errorlist" }, el("li", { text: empty ? prompt[1] : answer.error.message })));
    return;
  }
  const names = JSON.parse(form.dataset.players);
  box.replaceChildren(
    el("ol", { class: "totals compact" }, ...answer.scores.map((score, i) => el("li", { class: "total" },
      el("span", { class: "name" }, el("bdi", { class: "who", tabindex: "0", text: names[i] })),
      el("span", { class: `score ${sign(score)}`, text: num(score) })))),
    el("ol", { class: "explanation" }, ...answer.lines.map((line) => el("li", {}, el("bdi", { text: line })))),
    el("p", { class: "muted computed-here", text: say("computedHere") }));
}

async function previewHere(root, form, submitter) {
  const token = root.dataset.offline, snapshot = await current(root);
  if (!snapshot) { banner(say("unsure"), "error"); return { error: { message: say("unsure"), root: "" } }; }
  const editing = Number(form.dataset.editing || 0);  // an unsent hand edited: scored in its own place
  const pending = (await handsOf(token)).filter((hand) => !editing || hand.id < editing);
  await engine(root);
  return call("preview", { snapshot, pending: pending.map((hand) => hand.data), fields: fieldsOf(form, submitter) });
}

// The form as the player filled it (as talon.js keeps a draft), so that an unsent hand opens in its form again.
const NOT_FIELDS = ["csrfmiddlewaretoken", "version", "submission", "preview", "save"];
function formFields(form, submitter) {
  const fields = [...new FormData(form)].filter(([name, value]) => !NOT_FIELDS.includes(name) && typeof value === "string");
  if (submitter && submitter.name && !NOT_FIELDS.includes(submitter.name)) fields.push([submitter.name, submitter.value]);
  return fields;
}
function fillForm(form, fields) {
  const values = new Map();
  fields.forEach(([name, value]) => values.set(name, [...(values.get(name) || []), value]));
  form.querySelectorAll("input, select, textarea").forEach((field) => {
    if (!field.name || NOT_FIELDS.includes(field.name) || field.type === "hidden" || field.type === "submit") return;
    const kept = values.get(field.name) || [];
    if (field.type === "radio" || field.type === "checkbox") field.checked = kept.includes(field.value);
    else if (field.tagName === "SELECT" && field.multiple) [...field.options].forEach((o) => { o.selected = kept.includes(o.value); });
    else field.value = kept.length ? kept[0] : "";
  });
  form.querySelectorAll("[data-cycle]").forEach((button) => {  // as talon.js labels a bonus toggle
    const checked = form.querySelector(`input[name="${button.dataset.cycle}"]:checked`);
    button.textContent = checked ? checked.nextElementSibling.textContent : "—";
    button.classList.toggle("on", !!(checked && checked.value));
  });
  const first = form.querySelector("input:not([type=hidden])");
  if (first) first.dispatchEvent(new Event("input", { bubbles: true }));  // the other side's points, the parts' sum
  form.dispatchEvent(new Event("change", { bubbles: true }));
}
// An unsent hand opened for editing (its row's Edit: the kept form, #edit-<id>): the form filled with its fields.
async function editing(root, form) {
  const id = Number((location.hash.match(/^#edit-(\d+)$/) || [])[1] || 0);
  if (!id) return false;
  const hand = (await pendingOf(root.dataset.offline)).find((kept) => kept.id === id && kept.then !== "delete");
  if (!hand || !hand.fields) { banner(say("editGone"), "error"); return false; }
  form.removeAttribute("data-draft");  // the new hand's draft stays as it was
  form.dataset.editing = String(id);
  turnTapped = true;  // whose turn it was is the hand's own
  fillForm(form, hand.fields);
  banner(say("editing"), "pending");
  return true;
}

const USED = "talon-kept-submissions";
function usedSubmissions() {
  try { return JSON.parse(localStorage.getItem(USED) || "[]"); } catch (error) { return []; }
}
// The engine did not start (its files are missing or broken on this phone): said, never "Starting…" for ever, and a
// Save without signal keeps nothing it cannot score.
function engineFailed(error) {
  banner(say("engineFailed", { error: (error && error.message) || String(error) }), "error");
}
// A copy this phone cannot be sure of: the hand is kept as recorded (the form's fields as the table's hand), not
// scored; sent on the version it was recorded on, the server says what changed and the scorekeeper places it.
async function recordedOnly(root, form, submitter) {
  const record = await getTable(root.dataset.offline);
  if (!record || !record.snapshot) return { error: { message: say("unsure"), root: "" } };
  return call("preview", { snapshot: record.snapshot, pending: [], fields: fieldsOf(form, submitter) });
}
// ``unanswered``: the server did not answer this Save, so it may have recorded the hand (an edit or a delete of it
// later on this phone is then sent as one).
async function keepHand(root, form, submitter, unanswered = false) {
  if (form.dataset.keeping) return false;  // a second tap while the first is being kept is the same hand
  form.dataset.keeping = "1";
  try {
    return await keepOnce(root, form, submitter, unanswered);
  } finally {
    delete form.dataset.keeping;
  }
}
async function keepOnce(root, form, submitter, unanswered) {
  if (!engineOk) banner(say("starting"), "pending");  // the Save is taken: scored once the engine is up
  await defaultsReady;  // with whose turn it is as the engine says (unless the player chose)
  if (!engineOk) {
    try { await engine(root); } catch (error) { engineFailed(error); return false; }  // one more try, else said
  }
  const token = root.dataset.offline, sure = await current(root);
  const answer = sure ? await previewHere(root, form, submitter) : await recordedOnly(root, form, submitter);
  if (answer.error && (sure || !answer.data)) {
    showPreview(form, answer);
    document.getElementById("preview")?.scrollIntoView({ block: "center" });
    return false;
  }
  const snapshot = sure || (await getTable(token)).snapshot;
  const pending = await pendingOf(token), fields = formFields(form, submitter);
  if (form.dataset.editing) {  // an unsent hand edited: it replaces itself in the queue, under its own submission id
    const hand = pending.find((kept) => kept.id === Number(form.dataset.editing));
    if (!hand) { banner(say("editGone"), "error"); return false; }  // sent meanwhile: the server's page edits it
    const then = hand.unanswered ? { then: "edit", change: hand.change || newId() } : {};  // the server may hold it
    await putPending({ ...hand, ...then, data: answer.data, what: answer.what, fields, refused: null,
      edited: new Date().toISOString() });
    window.location.assign(root.dataset.tableUrl);
    return true;
  }
  // One submission id from the first tap on Save to its arrival: the form's own (the server knows it if the
  // answer to an online Save was lost), so that the server records the hand once whatever happens on the way.
  // A page from the phone's cache carries an id some earlier hand may have used: then this hand gets its own, kept
  // in the form so that another tap on this page is the same hand.
  if (form.dataset.keptAs) { window.location.assign(root.dataset.tableUrl); return true; }  // a second tap: same hand
  const refusal = roundRefuses(snapshot, (await handsOf(token)).length);
  if (refusal) { banner(refusal, "error"); return false; }  // as the server would refuse it, with its reason
  const field = form.querySelector("input[name=submission]"), used = usedSubmissions();
  let submission = field && field.value;
  if (!submission || used.includes(submission)) {
    submission = newId();
    if (field) field.value = submission;
  }
  localStorage.setItem(USED, JSON.stringify([...used, submission].slice(-200)));
  // what the hand was, as the engine says it (the table page lists it by that at once, before its engine is up)
  await addPending({ token, data: answer.data, what: answer.what, fields, submission,
    version: pending.length ? null : snapshot.version, unanswered, created: new Date().toISOString() });
  form.dataset.keptAs = submission;
  if (form.dataset.draft) localStorage.removeItem(form.dataset.draft);
  window.location.assign(root.dataset.tableUrl);
  return true;
}

function saving(button, busy) {
  if (!button) return;
  if (busy) button.setAttribute("aria-busy", "true"); else button.removeAttribute("aria-busy");
  button.disabled = busy;  // one tap is one hand: a second waits for the answer
  const box = document.getElementById("offline-banner");
  if (busy) banner(say("saving"), "pending");
  else if (box && box.textContent === say("saving")) banner("");
}
function watchForm(root, form) {
  const preview = () => previewHere(root, form).then((answer) => showPreview(form, answer)).catch(() => {});
  // With the runtime here (or a server that does not answer), the live preview is computed on the phone: htmx's round
  // trip is cancelled.
  form.addEventListener("htmx:beforeRequest", (event) => {
    const save = event.detail.elt !== form;
    if (!save) { if (engineOk || !answers()) { event.preventDefault(); preview(); } return; }
    if (!navigator.onLine || waitingHere) { event.preventDefault(); keepHand(root, form, event.detail.elt); return; }
    saving(event.detail.elt, true);  // sent: the Save says so until the answer (or a few seconds) comes
  });
  form.addEventListener("htmx:afterRequest", (event) => { if (event.detail.elt !== form) saving(event.detail.elt, false); });
  form.addEventListener("htmx:configRequest", (event) => { event.detail.timeout = ANSWER_WITHIN; });
  const unanswered = (event) => { if (event.detail.elt !== form) keepHand(root, form, event.detail.elt, true); };
  form.addEventListener("htmx:sendError", unanswered);  // no answer: kept here under the same submission id
  form.addEventListener("htmx:timeout", unanswered);
  form.addEventListener("submit", (event) => {
    const submitter = event.submitter;
    if (submitter && submitter.name === "preview") { event.preventDefault(); preview(); return; }
    if (form.matches("[hx-post]") && submitter && submitter.matches("[hx-post]")) return;  // htmx sends it (above)
    if (navigator.onLine && !waitingHere) return;
    event.preventDefault();
    keepHand(root, form, submitter);
  });
  preview();
}

function quickEntry(root, form) {
  // A plain form (Schnapsen's winner and 1, 2, 3): without signal, or behind unsent hands, it is kept here.
  form.addEventListener("submit", async (event) => {
    if (form.dataset.native) return;
    event.preventDefault();
    if (form.dataset.busy) return;  // a second tap while the first is on its way is the same hand
    form.dataset.busy = "1";
    const submitter = event.submitter;
    let unanswered = false;
    if (navigator.onLine && !waitingHere) {  // sent while the server answers; else kept here (same submission id)
      const data = new FormData(form);
      if (submitter && submitter.name) data.append(submitter.name, submitter.value);
      saving(submitter, true);
      try {
        const response = await fetchWithin(form.action, { method: "POST", body: data });
        saving(submitter, false);
        if (response.ok && response.redirected) { window.location.assign(response.url); return; }
        if (response.status < 500) {  // not saved (the form's own message): the browser shows the answer
          form.dataset.native = "1";
          form.requestSubmit(submitter);
          return;
        }
      } catch (error) { saving(submitter, false); unanswered = true; }  // no answer: the server may have it
    }
    if (!await keepHand(root, form, submitter, unanswered)) delete form.dataset.busy;
  });
}

// Who leads the next hand (the game's leader_field): the page may come from the phone's cache, chosen before hands
// kept since. At once from the kept copy when no hand waits, else no choice until the engine knows; a player's own
// tap always stays.
let turnTapped = false, defaultsReady = null;
function setTurn(form, turn) {
  const radios = LOOK.leader_field ? form.querySelectorAll(`input[name="${LOOK.leader_field}"]`) : [];
  if (!radios.length || turnTapped) return;
  radios.forEach((radio) => { radio.checked = radio.value === turn; });
  radios[0].dispatchEvent(new Event("change", { bubbles: true }));
}
async function presetTurn(root, form) {
  form.addEventListener("change", (event) => { if (event.isTrusted && LOOK.leader_field && event.target.name === LOOK.leader_field) turnTapped = true; });
  if (form.dataset.draft && localStorage.getItem(form.dataset.draft)) { turnTapped = true; return; }  // a draft: its choice
  const pending = await handsOf(root.dataset.offline), record = await getTable(root.dataset.offline);
  if (!pending.length && pageVersion() >= ((record && record.seen) || 0)) return;  // the server chose it for this version
  const snapshot = await current(root);
  setTurn(form, !pending.length && snapshot && snapshot.status ? snapshot.status.next_leader : null);
}
async function nextHandDefaults(root, form) {  // who leads, and the form's table marks, after the hands kept here
  const pending = await handsOf(root.dataset.offline), snapshot = await current(root);
  if (!snapshot) return;
  const now = await call("table", { snapshot, pending: pending.map((hand) => hand.data) });
  tableMarks(now.status);
  setTurn(form, now.status.next_leader);
}

// ---- a kept table's page --------------------------------------------------------------------------------------------
// start() runs on each table page and hand form of a kept table, loaded in full or swapped in by htmx (a Save online
// answers with the table page); what listens on the document is set up once.
export async function start(root) {
  W = JSON.parse(document.getElementById("offline-words").textContent);
  LOOK = JSON.parse(document.getElementById("offline-look")?.textContent || "null") || LOOK;
  root.dataset.kept = "1";
  listenOnce();
  // this page came from the phone's cache after the server left it unanswered: known from the start (the engine's
  // files are read from this phone, the preview is not asked of the server, what needs it says so at once)
  if (!lastAnswer && await workerHeardNothing()) serverSilent = true;
  waitingHere = (await pendingOf(root.dataset.offline)).length;
  const form = document.querySelector("form.hand-form[data-draft]");
  const quick = document.querySelector("form.quick-entry");
  if (root.dataset.page === "form" && form) {
    // at once, before the engine is up: a Save tapped now is kept and scored as soon as it is
    const edit = await editing(root, form);
    watchForm(root, form);
    if (!edit) await presetTurn(root, form);
  }
  if (quick) quickEntry(root, quick);
  root.dataset.listening = "1";  // a tap held until now (talon.js) goes on
  root.dispatchEvent(new Event("talon:listening"));
  // the copy follows the server, but nothing waits on one that does not answer (Wi-Fi without uplink, a sleeping
  // laptop): the table shows what was kept at once, and again once the copy has followed
  const followed = follow(root, true);
  const marked = markNeedsSignal(root).catch(() => {});  // beside the kept hands, not before them
  if (root.dataset.page === "table") {
    root.dataset.started = "1";
    await showTable(root);
    send(root).then(() => followed).then(() => showTable(root)).catch((error) => console.warn("Talon:", error));
  }
  if (root.dataset.page === "form" && form) {
    const within = new Promise((done) => setTimeout(done, ANSWER_WITHIN));
    defaultsReady = Promise.race([followed, within]).then(() => engine(root)).then(() => nextHandDefaults(root, form))
      .catch(engineFailed);
  }
  await marked;
  await keptSpace(root).catch(() => {});
}

// After a change this page saw (talon.js: every page of a kept table, however reached): the copy follows, and the
// table page shows its unsent hands again (the live poll swaps in the server's totals).
export async function afterChange(marker) {
  await follow(marker);
  const root = document.getElementById("offline");
  if (root && root.dataset.started && root.dataset.page === "table") await showTable(root);
}

let listening = false;
function listenOnce() {
  if (listening) return;
  listening = true;
  const here = () => document.getElementById("offline");
  document.addEventListener("click", async (event) => {
    const button = event.target.closest("[data-forget]");
    const root = here(), hand = button && root && (await pendingOf(root.dataset.offline))
      .find((kept) => kept.id === Number(button.dataset.forget));
    const maybeThere = hand && hand.unanswered && !hand.refused;
    if (!hand || !window.confirm(say(maybeThere ? "confirmForgetUnanswered" : "confirmForget"))) return;
    // a hand whose Save's answer was lost may be on the server: it waits to be deleted there too
    if (maybeThere) await putPending({ ...hand, then: "delete", change: hand.change || newId() });
    else await deletePending(hand.id);
    window.location.reload();
  });
  window.addEventListener("online", () => {
    const root = here();
    retryIn = 2000;
    if (!root) return;
    markNeedsSignal(root);
    send(root).then(() => follow(root)).then(() => root.dataset.started && showTable(root));
  });
  window.addEventListener("offline", () => {
    const root = here();
    if (!root) return;
    markNeedsSignal(root);
    if (root.dataset.started) showTable(root);
  });
  document.addEventListener("click", (event) => {  // a link that needs signal does not lead to the offline page
    if (event.target.closest("a[data-needs-signal]")) { event.preventDefault(); return; }
    const link = event.target.closest("main a[href], footer a[href]");
    if (link && !event.defaultPrevented && !event.ctrlKey && !event.metaKey && !event.shiftKey) openOrSay(event, link);
  });
  // The server answers or not, whatever the browser says: the live poll gives up after a few seconds and says which;
  // a change that needs the server (undo, a new evening …) is sent only once it answers, never later by itself.
  document.addEventListener("htmx:configRequest", (event) => {
    if (event.detail.elt.id === "live") event.detail.timeout = ANSWER_WITHIN;
  });
  document.addEventListener("htmx:afterRequest", (event) => {
    if (event.detail.elt.id === "live") heard(!!event.detail.xhr && event.detail.xhr.status > 0 && event.detail.xhr.status < 500);
  });
  document.addEventListener("htmx:timeout", (event) => { if (event.detail.elt.id === "live") heard(false); });
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (form.matches(".hand-form, [hx-post]") || form.method !== "post" || form.dataset.native) return;
    event.preventDefault();
    sendChange(form, event.submitter).catch((error) => console.warn("Talon:", error));
  }, true);
}

// A change that needs the server (undo, a new evening, a penalty …) is sent only once the server answers, with a
// deadline in the server's own time (its answer's Date): if the phone gives up waiting, the server does not carry it
// out when the request arrives later. Never the browser's error page: no answer is said in place.
async function sendChange(form, submitter) {
  if (form.dataset.sending) return;  // one tap is one change
  form.dataset.sending = "1";
  form.querySelectorAll(".not-done").forEach((note) => note.remove());  // what the last tap came to
  try {
    const asked = await fetchWithin("/healthz", { cache: "no-store" }, 3000).catch(() => null);
    if (!asked || !asked.ok) return heard(false);  // said in place (heard): nothing is sent later by itself
    const now = Number(asked.headers.get("X-Talon-Time")) * 1000 || Date.parse(asked.headers.get("Date")) || Date.now();
    const data = new FormData(form);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    const deadline = String(Math.floor(now / 1000) + 1 + ANSWER_WITHIN / 1000);
    let response;
    try {
      response = await fetchWithin(form.getAttribute("action") || location.href, { method: "POST", body: data,
        headers: { "X-Talon-Deadline": deadline } });
    } catch (error) { notDone(form); return; }  // given up on: said in place, and too late for the server when it arrives
    if (response.redirected) { window.location.assign(response.url); return; }
    if (response.status === 409 || response.status >= 500) { heard(false); notDone(form); return; }
    form.dataset.native = "1";  // the server's own answer (a form's message): the browser shows it
    form.requestSubmit(submitter);
  } finally {
    delete form.dataset.sending;
  }
}
// A link to a page this phone did not keep opens only if the server answers (asked first unless it answered a moment
// ago); else it says "needs signal" in place, never the "write it on paper" page. A download that does not arrive
// says so.
function openOrSay(event, link) {
  const url = new URL(link.href, location.href), download = link.hasAttribute("download");
  if (url.origin !== location.origin || link.target || url.pathname === location.pathname && url.hash) return;
  if (!download && answers() && Date.now() - lastAnswer < 4000) return;  // it answered a moment ago: the link goes
  event.preventDefault();
  if (link.dataset.asking) return;
  link.dataset.asking = "1";
  (download ? fetchDownload(link) : openIfAnswered(url, link)).catch((error) => console.warn("Talon:", error))
    .finally(() => delete link.dataset.asking);
}
async function openIfAnswered(url, link) {
  const cache = await caches.open(KEPT);
  if (await cache.match(url.pathname, { ignoreVary: true })) { window.location.assign(link.href); return; }  // kept
  if (await probe()) window.location.assign(link.href); else heard(false);
}
async function fetchDownload(link) {
  link.parentElement.querySelectorAll(".not-downloaded").forEach((note) => note.remove());  // what the last tap came to
  const response = await fetchWithin(link.href, { cache: "no-store" }).catch(() => null);
  if (!response || !response.ok) { notDownloaded(link); return; }
  const blob = await response.blob(), name = (response.headers.get("Content-Disposition") || "")
    .match(/filename="?([^";]+)"?/);
  const save = el("a", { href: URL.createObjectURL(blob), download: name ? name[1] : "" });
  document.body.append(save);
  save.click();
  save.remove();
  setTimeout(() => URL.revokeObjectURL(save.href), 10000);
}
// What a tap came to when the server did not answer in time: said where it was tapped, until it is tapped again.
function notDone(form) {
  form.append(el("span", { class: "needs-signal help not-done", role: "status", text: say("notDone") }));
}
function notDownloaded(link) {
  link.after(el("span", { class: "needs-signal help not-downloaded", role: "status", text: say("notDownloaded") }));
}
