// What any page does: controls that act at once (each also works without JavaScript, or is shown only with it), the
// service worker, and htmx's requests (the live update's version carried by the forms, no poll without network, no
// abort logged).

// The language list changes the language at once; its button is there for phones without JavaScript.
document.addEventListener("change", (event) => {
  if (event.target.matches("[data-autosubmit]")) event.target.form.submit();
});
// The Print button of a printable page (no inline script: the pages' Content-Security-Policy forbids it).
document.addEventListener("click", (event) => { if (event.target.closest("[data-print]")) window.print(); });
// Circle names: a tap seats the player in the first empty name field.
document.addEventListener("click", (event) => {
  const chip = event.target.closest("[data-pick] [data-name]");
  if (!chip) return;
  const empty = [...chip.closest("form").querySelectorAll("input[name^=player_]")].find((i) => !i.value.trim());
  if (empty) { empty.value = chip.dataset.name; chip.disabled = true; }
});
// The service worker (templates/sw.js): the app shell from the cache, a page seen before when there is no signal.
if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {}));
}

// A live update brings the table's new version: the page's forms carry it from then on.
document.addEventListener("htmx:afterSettle", () => {
  const live = document.getElementById("live");
  if (live) document.querySelectorAll("input[name=version]").forEach((i) => { i.value = live.dataset.version; });
});
// A poll (the table's live update, a tournament's boards) is not sent while the phone has no network at all: it could
// only fail, and log an error every few seconds. The next poll once the network is back brings the page up to date.
document.addEventListener("htmx:beforeRequest", (event) => {
  const trigger = event.detail.elt && event.detail.elt.getAttribute("hx-trigger");
  if (!navigator.onLine && trigger && trigger.startsWith("every ")) event.preventDefault();
});
// A request cut short on purpose is no error: a preview a newer one replaces (hx-sync), a live poll or a preview on its
// way when the page is left (a Save). htmx would log each abort as an error, and a real one would drown among them;
// its own handling of the abort still runs, only its console lines are left out.
function quietAbort(xhr) {
  const abort = xhr && xhr.onabort;
  if (!abort || abort.quiet) return;
  xhr.onabort = function (...args) {
    const error = console.error;
    console.error = (...words) => { if (!String(words[0]).startsWith("htmx:")) error(...words); };
    try { return abort.apply(this, args); } finally { console.error = error; }
  };
  xhr.onabort.quiet = true;
}
document.addEventListener("htmx:beforeSend", (event) => quietAbort(event.detail.xhr));
