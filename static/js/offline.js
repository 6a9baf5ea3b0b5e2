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
async function cachedJson(url) {
  const cache = await caches.open(KEPT);
  let response = null;
  try {
    response = await fetch(url, { cache: "no-cache" });
    if (response.ok) await cache.put(url, response.clone());
    else response = null;
  } catch (error) { response = null; }
  response = response || await cache.match(url, { ignoreSearch: true });
  if (!response) throw new Error(`missing ${url}`);
  return response.json();
}
let engineReady = null, engineOk = false, waitingHere = 0;  // known at once: htmx's events need a yes or no now
function engine(root) {
  if (engineReady) return engineReady;
  engineReady = (async () => {
    const runtime = await cachedJson(root.dataset.runtimeUrl);
    const files = (await cachedJson(runtime.files[runtime.files.length - 1].url)).files;
    const words = await cachedJson(root.dataset.wordsUrl);
    worker = new Worker(root.dataset.workerUrl, { type: "module" });
    worker.addEventListener("message", (event) => {
      const { id, result, error } = event.data, promise = waiting.get(id);
      waiting.delete(id);
      if (error !== undefined) promise.reject(new Error(error)); else promise.resolve(result);
    });
    await call("start", { index: runtime.index, files, words });
    document.documentElement.dataset.engine = "phone";
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
function human(bytes) {
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1e3))} kB`;
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
    }
    // the pages and scripts that work without signal (the service worker answers from this cache)
    await cache.addAll([root.dataset.wordsUrl, root.dataset.formUrl, root.dataset.tableUrl, root.dataset.script,
      root.dataset.workerUrl]);
    if ("serviceWorker" in navigator) await navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(() => navigator.serviceWorker.ready);
    await refreshSnapshot(root);
    localStorage.setItem(KEPT_FLAG(root.dataset.offline), "1");
    status.textContent = say("starting");
    await engine(root);
    bar.hidden = true;
    status.textContent = say("kept");
    root.dataset.kept = "1";
  } catch (error) {
    status.textContent = say("failed", { error: error.message || String(error) });
    button.disabled = false;
  }
}

async function refreshSnapshot(root) {
  const response = await fetch(root.dataset.snapshotUrl, { cache: "no-store", headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(String(response.status));
  const snapshot = await response.json();
  await putTable({ token: root.dataset.offline, snapshot });
  return snapshot;
}
async function snapshotOf(root) {  // as the server last sent it (fetched once a page, never per tap)
  const record = await getTable(root.dataset.offline);
  return record && record.snapshot;
}

// ---- the table page -----------------------------------------------------------------------------------------------
function renderTotals(now) {
  const items = document.querySelectorAll("#top .totals > li.total"), status = now.status || {};
  now.players.forEach((name, i) => {
    const item = items[i];
    if (!item) return;
    const score = item.querySelector(".score");
    score.textContent = num(now.totals[i]);
    score.className = `score ${sign(now.totals[i])}`;
    item.classList.toggle("is-leader", status.next_leader === name);
    const roles = item.querySelector(".roles");
    roles.replaceChildren();
    const radelci = (status.radelci || {})[name] || 0, used = (status.radelci_used || {})[name] || 0;
    if (radelci || used) {
      roles.append(el("span", { class: "radelci", role: "img", "aria-label": say("radelci", { count: radelci }) },
        radelciMarks(used, radelci)));
    }
    const bummerl = (status.bummerl || {})[name];
    if (bummerl) roles.append(el("span", { class: "badge quiet", text: `${say("bummerl")}: ${bummerl}` }));
    if (now.winners.includes(name)) roles.append(el("span", { class: "badge", text: say("winner") }));
    if (status.next_povinnost === name) roles.append(el("span", { class: "badge", text: "povinnost" }));
    if (status.next_dealer === name) roles.append(el("span", { class: "badge quiet", text: say("deals") }));
  });
  document.querySelectorAll(".bummerl .sheet-col").forEach((column, i) => {
    const strokes = (status.strokes || {})[now.players[i]] || [], list = column.querySelector(".strokes");
    const shown = strokes.length > 4 ? strokes.slice(-2) : strokes;  // as templates/games/schnapsen/table.html
    const more = strokes.length > 4 ? [el("li", { class: "more", "aria-hidden": "true", text: `⋯ ×${strokes.length - 2}` })] : [];
    list.replaceChildren(el("li", { class: strokes.length ? "struck" : "", text: String(status.target) }), ...more,
      ...shown.map((left, j) => el("li", { class: j < shown.length - 1 ? "struck" : "", text: String(left) })));
    column.querySelector(".lost strong").textContent = String((status.bummerl || {})[now.players[i]] || 0);
  });
  const round = document.querySelector(".round-state");
  if (round && status.rounds) {
    round.textContent = status.finished ? say("over", { winners: now.winners.join(", ") })
      : say("round", { number: status.rounds_played + 1, rounds: status.rounds });
  }
}

function radelciMarks(used, held) {  // as the radelci of the game's marks.html: a few one by one, more as a circle and a count
  if (used + held <= 5) {
    return [...Array.from({ length: used }, () => el("span", { class: "radelc used" })),
      ...Array.from({ length: held }, () => el("span", { class: "radelc" }))];
  }
  const counted = (count, kind) => !count ? [] : [el("span", { class: kind }),
    count > 1 ? el("span", { class: "radelci-count", text: `×${count}` }) : null];
  return [...counted(used, "radelc used"), ...counted(held, "radelc")];
}

function pendingRows(now, pending) {
  const body = document.getElementById("hand-rows");
  body.querySelectorAll(".pending, .pending-empty").forEach((row) => row.remove());
  if (pending.length) body.querySelectorAll("tr.what > td.muted").forEach((cell) => cell.closest("tr").classList.add("pending-empty"));
  const rows = [];
  now.rows.forEach((row, i) => {
    const scores = row.scores.map((score, j) => el("td", { class: sign(score) }, num(score),
      el("span", { class: "run", text: num(row.totals[j]) })));
    const remove = el("button", { type: "button", class: "button small", "data-forget": String(pending[i].id),
      text: say("forget") });
    const lines = el("ol", { class: "explanation" }, ...row.lines.map((line) => el("li", {}, el("bdi", { text: line }))));
    rows.push(el("tr", { class: "pending" }, el("th", { scope: "row", text: String(row.number) }), ...scores));
    rows.push(el("tr", { class: "what pending" }, el("td"), el("td", { colspan: String(now.players.length) },
      el("span", { class: "badge not-sent", text: say("notSent") }), " ", el("bdi", { text: row.what }),
      row.note ? el("strong", { class: "milestone", text: ` ${row.note}` }) : null,
      el("details", {}, el("summary", { text: say("explanation") }), lines, remove))));
  });
  for (let i = 0; i < rows.length; i += 2) { body.prepend(rows[i + 1]); body.prepend(rows[i]); }  // newest on top
  if (now.error) {
    body.prepend(el("tr", { class: "what pending" }, el("td"), el("td", { colspan: String(now.players.length), class: "error" },
      say("refusedHere", { number: now.error.number, message: now.error.message }))));
  }
}

function banner(text, kind = "") {
  let box = document.getElementById("offline-banner");
  if (!box) {
    box = el("div", { id: "offline-banner", class: "offline-banner", role: "status" });
    document.getElementById("top").before(box);
  }
  box.className = `offline-banner ${kind}`;
  box.replaceChildren(...[].concat(text));
  box.hidden = !text || (Array.isArray(text) && !text.length);
  return box;
}

async function showTable(root) {
  const token = root.dataset.offline, pending = await pendingOf(token);
  if (!pending.length) {
    banner(navigator.onLine ? "" : say("noSignalNone"), "");
    return;
  }
  const snapshot = (await getTable(token)).snapshot;
  await engine(root);
  const now = await call("table", { snapshot, pending: pending.map((hand) => hand.data) });
  renderTotals(now);
  pendingRows(now, pending);
  banner(say(navigator.onLine ? "sending" : "notSentBanner", { count: pending.length }), "pending");
  document.querySelectorAll("#top .totals, #hand-rows").forEach((part) => part.classList.add("computed-here"));
}

// ---- sending what waits, in order ---------------------------------------------------------------------------------
let sending = false;
async function send(root) {
  const token = root.dataset.offline;
  if (sending || !navigator.onLine) return;
  sending = true;
  try {
    let snapshot = (await getTable(token) || {}).snapshot, sent = 0;
    for (;;) {
      const [hand, next] = await pendingOf(token);
      if (!hand) break;
      const body = { data: hand.data, version: hand.version ?? snapshot.version, submission: hand.submission };
      const after = hand.after_seq ?? null;
      if (after !== null) body.after_seq = after;
      let response;
      try {
        response = await fetch(root.dataset.sendUrl, { method: "POST", body: JSON.stringify(body), headers: {
          "Content-Type": "application/json", "X-CSRFToken": root.dataset.csrf } });
      } catch (error) { return; }  // no signal after all: they wait
      const answer = await response.json().catch(() => ({ error: String(response.status) }));
      if (response.status === 409 && answer.conflict) { await conflict(root, answer, await pendingOf(token)); return; }
      if (!answer.sent) { banner(say("refused", { message: answer.error || response.status }), "error"); return; }
      snapshot = answer.snapshot;
      await putTable({ token, snapshot });
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
  const snapshot = (await getTable(root.dataset.offline)).snapshot;
  const now = await call("table", { snapshot, pending: pending.map((hand) => hand.data) });
  const theirs = el("ul", {});
  answer.changes.forEach((html) => { const item = el("li"); item.innerHTML = html; theirs.append(item); });
  const mine = el("ul", {}, ...now.rows.map((row) => el("li", {}, el("bdi", { text: row.what }), " · ",
    row.scores.map((score, i) => `${now.players[i]} ${num(score)}`).join(", "))));
  const choose = async (place) => {
    const hands = await pendingOf(root.dataset.offline);
    hands.forEach((hand, i) => {  // based on the version just seen; before theirs: right after the last hand I saw
      hand.version = i === 0 ? answer.snapshot.version : null;
      hand.after_seq = place === "before" && i === 0 ? snapshot.last_seq : null;
    });
    for (const hand of hands) await putPending(hand);
    await putTable({ token: root.dataset.offline, snapshot: answer.snapshot });
    box.remove();
    await send(root);
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
    if (place === "later") box.remove(); else if (place) choose(place);
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
  const token = root.dataset.offline, snapshot = await snapshotOf(root);
  const pending = await pendingOf(token);
  await engine(root);
  return call("preview", { snapshot, pending: pending.map((hand) => hand.data), fields: fieldsOf(form, submitter) });
}

async function keepHand(root, form, submitter) {
  const answer = await previewHere(root, form, submitter);
  if (answer.error) {
    showPreview(form, answer);
    document.getElementById("preview")?.scrollIntoView({ block: "center" });
    return false;
  }
  const token = root.dataset.offline, snapshot = (await getTable(token)).snapshot;
  const pending = await pendingOf(token);
  const submission = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
  await addPending({ token, data: answer.data, submission, version: pending.length ? null : snapshot.version,
    created: new Date().toISOString() });
  if (form.dataset.draft) localStorage.removeItem(form.dataset.draft);
  window.location.assign(root.dataset.tableUrl);
  return true;
}

function watchForm(root, form) {
  const preview = () => previewHere(root, form).then((answer) => showPreview(form, answer)).catch(() => {});
  // With the runtime here, the live preview is computed on the phone: htmx's round trip is cancelled.
  form.addEventListener("htmx:beforeRequest", (event) => {
    const save = event.detail.elt !== form;
    if (!save) { if (engineOk) { event.preventDefault(); preview(); } return; }
    if (!navigator.onLine || waitingHere) { event.preventDefault(); keepHand(root, form, event.detail.elt); }
  });
  form.addEventListener("htmx:sendError", (event) => { if (event.detail.elt !== form) keepHand(root, form, event.detail.elt); });
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
  form.addEventListener("submit", (event) => {
    if (navigator.onLine && !waitingHere) return;
    event.preventDefault();
    keepHand(root, form, event.submitter);
  });
}

async function nextHandDefaults(root, form) {
  const draft = form.dataset.draft && localStorage.getItem(form.dataset.draft);
  if (draft) return;
  const pending = await pendingOf(root.dataset.offline);
  const now = await call("table", { snapshot: (await getTable(root.dataset.offline)).snapshot,
    pending: pending.map((hand) => hand.data) });
  const turn = now.status.next_povinnost;
  const radio = turn && form.querySelector(`input[name="povinnost"][value="${CSS.escape(turn)}"]`);
  if (radio) { radio.checked = true; radio.dispatchEvent(new Event("change", { bubbles: true })); }
}

// ---- a kept table's page --------------------------------------------------------------------------------------------
export async function start(root) {
  W = JSON.parse(document.getElementById("offline-words").textContent);
  root.dataset.kept = "1";
  waitingHere = (await pendingOf(root.dataset.offline)).length;
  const form = document.querySelector("form.hand-form[data-draft]");
  const quick = document.querySelector("form.quick-entry");
  if (navigator.onLine && !waitingHere) await refreshSnapshot(root).catch(() => {});
  if (root.dataset.page === "form" && form) {
    await engine(root);
    watchForm(root, form);
    await nextHandDefaults(root, form);
  }
  if (quick) quickEntry(root, quick);
  if (root.dataset.page === "table") {
    if (navigator.onLine && !waitingHere) {  // the kept pages follow the server while there is signal
      caches.open(KEPT).then((cache) => cache.addAll([root.dataset.formUrl, root.dataset.tableUrl])).catch(() => {});
    }
    await showTable(root);
    await send(root);
    document.addEventListener("htmx:afterSettle", () => showTable(root));
    document.addEventListener("click", async (event) => {
      const button = event.target.closest("[data-forget]");
      if (!button || !window.confirm(say("confirmForget"))) return;
      await deletePending(Number(button.dataset.forget));
      window.location.reload();
    });
  }
  window.addEventListener("online", () => send(root).then(() => showTable(root)));
  window.addEventListener("offline", () => showTable(root));
}
