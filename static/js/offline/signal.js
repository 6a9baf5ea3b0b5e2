// What needs signal, said in place.
import { KEPT } from "./store.js";
import { ANSWER_WITHIN, answers, fetchWithin, heard, lastAnswer, probe } from "./server.js";
import { el, say } from "./words.js";

// Without signal the links to pages this phone did not keep and the forms that change the table on the server (undo,
// a new evening, the language) cannot work: each says so where it is, and why.
export async function markNeedsSignal(root) {
  document.querySelectorAll("[data-signal-note]").forEach((note) => note.remove());  // not what a tap's outcome said
  document.querySelectorAll("[data-needs-signal]").forEach((node) => {
    node.removeAttribute("data-needs-signal"); node.removeAttribute("aria-disabled"); node.disabled = false;
  });
  if (answers()) return;
  const cache = await caches.open(KEPT);
  const note = (key = "needsSignal") => el("span", { class: "needs-signal help", "data-signal-note": "", text: say(key) });
  const rows = document.getElementById("hand-rows");
  let handPages = false;
  for (const link of document.querySelectorAll("main a[href], footer a[href]")) {
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin || url.hash && url.pathname === location.pathname) continue;
    if (await cache.match(url.pathname, { ignoreVary: true })) continue;
    link.dataset.needsSignal = "";
    link.setAttribute("aria-disabled", "true");
    if (rows && rows.contains(link)) handPages = true;  // each hand's own page: said once, under the list
    else link.after(note());
  }
  if (handPages) rows.closest("table").after(note("handPagesNeedSignal"));
  for (const form of document.querySelectorAll("main form[method=post], footer form[method=post]")) {
    if (form.matches(".hand-form")) continue;  // hands are kept on this phone
    const button = form.querySelector("button[type=submit], button:not([type]), select");
    form.querySelectorAll("button, select").forEach((control) => { control.disabled = true; control.dataset.needsSignal = ""; });
    if (button) form.append(note());
  }
}

// A change that needs the server (undo, a new evening, a penalty …) is sent only once the server answers, with a
// deadline in the server's own time (its answer's Date): if the phone gives up waiting, the server does not carry it
// out when the request arrives later. Never the browser's error page: no answer is said in place.
export async function sendChange(form, submitter) {
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
export function openOrSay(event, link) {
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
