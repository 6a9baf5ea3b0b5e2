// A table kept for no signal (static/js/offline/main.js): its pages load the offline part, and the phone's copy follows
// every change; on other phones and pages nothing more is fetched until "Keep this table working without signal" is
// tapped.
function isKept(token, flag = "kept") {
  try { return localStorage.getItem(`talon-${flag}:${token}`) === "1"; } catch (error) { return false; }
}
function offlinePart() {  // a table page or hand form, loaded in full or swapped in by a Save
  const root = document.getElementById("offline");
  if (!root || root.dataset.loaded) return;
  root.dataset.loaded = "1";
  const load = () => import(root.dataset.script);
  if (isKept(root.dataset.offline)) {
    holdUntilListening(root);
    load().then((part) => part.start(root)).catch((error) => {
      console.warn("Talon:", error);
      listened(root);  // the offline part did not load: the taps held go on as without it
    });
  }
  // a keeping that failed says so and stays so: never started as kept ("This phone keeps this table …" over its error)
  const keep = () => load().then((part) => part.keep(root).then((kept) => kept && part.start(root)));
  // keeping asked for on a page left before it was done (a language switched while the engine started): it goes on
  if (!isKept(root.dataset.offline) && isKept(root.dataset.offline, "keeping") && root.querySelector("[data-keep]")) {
    root.querySelector("details.keep")?.setAttribute("open", "");
    keep();
  }
  root.addEventListener("click", (event) => { if (event.target.closest("[data-keep]")) keep(); });
}
// A Save, an undo or a link tapped on a kept table before its offline part listens (a slow phone, a page from the
// phone's cache, its modules still loading) waits for it, then goes on as if tapped then: never past it to a server
// that may not answer (the browser's error page, a download that never comes).
function holdUntilListening(root) {
  const held = [], waiting = () => !root.dataset.listening;
  const onSubmit = (event) => {  // a Save, or a change the offline part sends only once the server answers (undo …)
    const form = event.target;
    const its = form.matches(".hand-form") || (form.method === "post" && !form.dataset.native && !form.matches("[hx-post]"));
    if (!waiting() || !its) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const submitter = event.submitter;
    held.push(() => form.requestSubmit(submitter));
  };
  const onConfirm = (event) => {  // a Save sent by htmx (its live preview is the form's own request: not held)
    const elt = event.detail.elt;
    if (!waiting() || elt.matches("form") || !elt.closest(".hand-form")) return;
    event.preventDefault();
    held.push(() => event.detail.issueRequest(true));
  };
  const onClick = (event) => {  // a link it opens only when the server answers or the phone keeps its page (a download)
    const link = event.target.closest("main a[href], footer a[href]");
    if (!waiting() || !link || event.button || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(() => link.click());
  };
  document.addEventListener("submit", onSubmit, true);
  document.addEventListener("htmx:confirm", onConfirm);
  document.addEventListener("click", onClick, true);
  root.addEventListener("talon:listening", () => {
    document.removeEventListener("submit", onSubmit, true);
    document.removeEventListener("htmx:confirm", onConfirm);
    document.removeEventListener("click", onClick, true);
    held.splice(0).forEach((tap) => tap());
  }, { once: true });
}
function listened(root) {
  root.dataset.listening = "1";
  root.dispatchEvent(new Event("talon:listening"));
}
document.addEventListener("DOMContentLoaded", offlinePart);
document.addEventListener("htmx:afterSettle", offlinePart);
// Every page of a table names the version it shows (#kept-table): on a kept table, the phone's copy follows each
// change this phone makes or the live poll brings, however the page was reached (a full load, an htmx swap, the
// back button).
function followKept() {
  const marker = document.getElementById("kept-table");
  if (!marker || !isKept(marker.dataset.offline)) return;
  import(marker.dataset.script).then((part) => part.afterChange(marker)).catch((error) => console.warn("Talon:", error));
}
document.addEventListener("DOMContentLoaded", followKept);
document.addEventListener("htmx:afterSettle", followKept);
window.addEventListener("pageshow", (event) => { if (event.persisted) followKept(); });
// A release reaches a kept phone through the live poll too: its answer names the server's engine.
document.addEventListener("htmx:afterRequest", (event) => {
  const marker = document.getElementById("kept-table"), xhr = event.detail.xhr;
  const engine = xhr && event.detail.elt && event.detail.elt.id === "live" && xhr.getResponseHeader("X-Talon-Engine");
  if (!marker || !engine || engine === marker.dataset.engine) return;
  marker.dataset.engine = engine;
  followKept();
});
