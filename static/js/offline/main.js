// A table that keeps working without signal (loaded by static/js/talon/offline.js only on a table a phone keeps, or when asked to).
// The phone downloads once the Python runtime (Pyodide) and the server's own engine files; then the hand form's
// preview and the table's totals are computed here, by games/offline/phone.py in a worker. Hands recorded without signal
// wait in IndexedDB, marked "not sent yet", and go to the server in order, each with the version it was based on;
// if another phone changed the table meanwhile, the scorekeeper chooses where they go. The server stays the record.
//
// This module is the part's entry (talon/offline.js imports it by the name its page gives: data-script); the others, in this
// folder, each hold one concern and import only those below them (tests/offline/test_offline_modules.py): storage,
// the server's answer, the engine, the words, the kept copy, keeping and following, what needs signal, the queue, the
// table page, the hand form. What a lower one must set off above it is handed to it here (onHeard, showWith).
import { changeOf, deletePending, pendingOf, putPending } from "./store.js";
import { ANSWER_WITHIN, heard, lastAnswer, onHeard, silentFromTheStart, workerHeardNothing } from "./server.js";
import { engine } from "./engine.js";
import { readWords, say } from "./words.js";
import { keptSpace } from "./keep.js";
import { follow } from "./follow.js";
import { markNeedsSignal, openOrSay, sendChange } from "./signal.js";
import { countWaiting, retrySoon, send, showWith } from "./queue.js";
import { readLook, showTable } from "./table.js";
import { nextHandDefaults, presetTurn, waitForDefaults } from "./turn.js";
import { editing, engineFailed } from "./hand.js";
import { quickEntry, watchForm } from "./hand-form.js";

export { keep } from "./keep.js";
export { follow };

// Whenever the server starts or stops answering (server.js hears it on every request), what needs it says so in
// place; once it answers again (the live poll, any request), what waits is sent now, not at the queue's next retry.
onHeard((answered) => {
  const root = document.getElementById("offline") || document.getElementById("kept-table");
  if (root && root.dataset.kept) markNeedsSignal(root).catch(() => {});
  if (answered && root && root.dataset.started) {
    retrySoon();
    send(root).then(() => showTable(root)).catch((error) => console.warn("Talon:", error));
  }
});
showWith(showTable);  // the queue's table, shown again after a try

// start() runs on each table page and hand form of a kept table, loaded in full or swapped in by htmx (a Save online
// answers with the table page); what listens on the document is set up once.
export async function start(root) {
  readWords();
  readLook();
  root.dataset.kept = "1";
  listenOnce();
  // this page came from the phone's cache after the server left it unanswered: known from the start (the engine's
  // files are read from this phone, the preview is not asked of the server, what needs it says so at once)
  if (!lastAnswer && await workerHeardNothing()) silentFromTheStart();
  await countWaiting(root.dataset.offline);
  const form = document.querySelector("form.hand-form[data-draft]");
  const quick = document.querySelector("form.quick-entry");
  if (root.dataset.page === "form" && form) {
    // at once, before the engine is up: a Save tapped now is kept and scored as soon as it is
    const edit = await editing(root, form);
    watchForm(root, form);
    if (!edit) await presetTurn(root, form);
  }
  if (quick) quickEntry(root, quick);
  root.dataset.listening = "1";  // a tap held until now (talon/offline.js) goes on
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
    waitForDefaults(Promise.race([followed, within]).then(() => engine(root)).then(() => nextHandDefaults(root, form))
      .catch(engineFailed));
  }
  await marked;
  await keptSpace(root).catch(() => {});
}

// After a change this page saw (talon/offline.js: every page of a kept table, however reached): the copy follows, and the
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
    if (maybeThere) await putPending({ ...hand, then: "delete", ...changeOf(hand) });
    else await deletePending(hand.id);
    window.location.reload();
  });
  window.addEventListener("online", () => {
    const root = here();
    retrySoon();
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
  // The live poll swaps in the server's totals, which leave out the hands kept here. Where the page showed totals
  // scored here (or not sure), they arrive marked as not sure, in the same swap, until showTable has scored the
  // kept hands on the new copy (afterChange): never, not even for a moment, a total that contradicts the rows.
  document.addEventListener("htmx:oobBeforeSwap", (event) => {
    const { target, fragment } = event.detail;
    if (target.id !== "top" || !here()?.dataset.started) return;
    if (!target.querySelector(".totals.computed-here, .totals.unsure")) return;
    fragment.querySelectorAll(".totals").forEach((part) => part.classList.add("unsure"));
  });
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (form.matches(".hand-form, [hx-post]") || form.method !== "post" || form.dataset.native) return;
    event.preventDefault();
    sendChange(form, event.submitter).catch((error) => console.warn("Talon:", error));
  }, true);
}
