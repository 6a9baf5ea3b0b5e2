// The hand forms' helper (one of Talon's scripts, beside engine-worker.js, projector.js and offline/): +/− steps, the card
// counter and the other side's points. Every form works without it.
// Rule facts (a deck's card points, counted in thirds or not) come from the page's data attributes, set from the engine.
document.addEventListener("click", (event) => {
  const step = event.target.closest("[data-step]");
  if (!step) return;
  const input = step.parentElement.querySelector("input"), start = step.parentElement.dataset.start;
  // An empty box of card points counts as the middle of the deck (data-start, from the engine's counter): +1 is 54.
  const from = input.value === "" && start !== undefined ? Number(start) : Number(input.value || 0);
  const max = input.max === "" ? Infinity : Number(input.max), value = from + Number(step.dataset.step);
  input.value = Math.min(max, Math.max(0, value));
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.dispatchEvent(new Event("change", { bubbles: true }));
});
document.addEventListener("input", (event) => {
  const form = event.target.closest("form");
  if (!form) return;
  const counter = form.querySelector("[data-counter]");
  if (counter && counter.contains(event.target)) {
    const unit = Number(counter.dataset.unit), most = Number(counter.dataset.total) * unit;
    let total = 0;
    counter.querySelectorAll("input[data-value]").forEach((i) => { total += Number(i.value || 0) * Number(i.dataset.value); });
    total = Math.min(most, total);
    form.querySelector(`input[name="${counter.dataset.target}"]`).value = Math.floor(total / unit);
    if (counter.dataset.rest) {  // the part below one point (thirds), a choice of its own
      const rest = form.querySelector(`input[name="${counter.dataset.rest}"][value="${total % unit}"]`);
      if (rest) rest.checked = true;
    }
  }
  showOtherSide(form);
  partsSum(form);
});
function showOtherSide(form) {
  const other = form.querySelector("[data-other]");
  const points = other && form.querySelector(`input[name="${other.dataset.of}"]`);
  if (points) other.textContent = points.value === "" ? "–" : Number(other.dataset.total) - Number(points.value);
}
// A player who takes no part in the hand (at five, the dealer sitting out: the radio named by data-out-field) has no
// row to fill in: it is hidden and emptied, so that nothing typed there counts in the sum or goes unsaid. The
// attribute may name several radios, separated by spaces (a game's form leaves out of one choice whoever another
// choice names, as its rules say).
function leaveOut(form) {
  form.querySelectorAll("[data-out-field]").forEach((box) => {
    const out = box.dataset.outField.split(" ").map((name) => form.querySelector(`input[name="${name}"]:checked`))
      .filter(Boolean).map((radio) => radio.value);
    box.querySelectorAll("[data-player]").forEach((row) => {
      row.hidden = out.includes(row.dataset.player);
      if (!row.hidden) return;
      row.querySelectorAll("input").forEach((i) => { i.value = ""; });
      row.querySelectorAll("select").forEach((s) => { s.selectedIndex = 0; });
    });
    box.querySelectorAll("label.tap > input[type=radio]").forEach((radio) => {  // a choice of who played
      radio.parentElement.hidden = out.includes(radio.value);
      if (radio.parentElement.hidden) radio.checked = false;
    });
  });
}
function partsSum(form) {  // parts that must add up to a total (every player's points: the deck's)
  const out = form.querySelector("[data-parts-sum]"), box = form.querySelector("[data-parts]");
  if (!out || !box) return;
  const unit = Number(box.dataset.unit);
  let sum = 0;
  box.querySelectorAll("input[type=number]").forEach((i) => { sum += unit * Number(i.value || 0); });
  box.querySelectorAll("select").forEach((s) => { sum += Number(s.value || 0); });
  const whole = Math.floor(sum / unit), rest = unit === 3 ? ["", "⅓", "⅔"][sum % 3] : "";
  out.textContent = `${whole}${rest}`;
  out.classList.toggle("bad", sum !== Number(box.dataset.total) * unit);
}
document.addEventListener("change", (event) => {
  const form = event.target.closest("form");
  if (form) { leaveOut(form); partsSum(form); }
});
const everyForm = () => document.querySelectorAll("form").forEach((f) => { leaveOut(f); showOtherSide(f); partsSum(f); });
document.addEventListener("DOMContentLoaded", everyForm);
document.addEventListener("htmx:afterSettle", everyForm);
// Circle names: a tap seats the player in the first empty name field.
document.addEventListener("click", (event) => {
  const chip = event.target.closest("[data-pick] [data-name]");
  if (!chip) return;
  const empty = [...chip.closest("form").querySelectorAll("input[name^=player_]")].find((i) => !i.value.trim());
  if (empty) { empty.value = chip.dataset.name; chip.disabled = true; }
});
// The language list changes the language at once; its button is there for phones without JavaScript.
document.addEventListener("change", (event) => {
  if (event.target.matches("[data-autosubmit]")) event.target.form.submit();
});
if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {}));
}
// Bonus toggles: one button a bonus that cycles through its states (the radio taps stay for phones without JS).
function cycleLabel(button) {
  const checked = button.form.querySelector(`input[name="${button.dataset.cycle}"]:checked`);
  button.textContent = checked ? checked.nextElementSibling.textContent : "—";
  button.classList.toggle("on", !!(checked && checked.value));
}
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-cycle]");
  if (!button) return;
  const radios = [...button.form.querySelectorAll(`input[name="${button.dataset.cycle}"]`)];
  const next = radios[(radios.findIndex((r) => r.checked) + 1) % radios.length];
  next.checked = true;
  next.dispatchEvent(new Event("change", { bubbles: true }));
  cycleLabel(button);
});
document.addEventListener("DOMContentLoaded", () => document.querySelectorAll("[data-cycle]").forEach((button) => {
  button.hidden = false;
  button.nextElementSibling.hidden = true;
  cycleLabel(button);
}));
// A live update brings the table's new version: the page's forms carry it from then on.
document.addEventListener("htmx:afterSettle", () => {
  const live = document.getElementById("live");
  if (live) document.querySelectorAll("input[name=version]").forEach((i) => { i.value = live.dataset.version; });
});
// The score sheet's Print button (no inline script: the pages' Content-Security-Policy forbids it).
document.addEventListener("click", (event) => { if (event.target.closest("[data-print]")) window.print(); });
// After a rejected Save: the alert that says what to fix takes the focus, and a closed section holding an error opens.
function showErrors() {
  document.querySelectorAll("details").forEach((section) => {
    if (section.querySelector(".errorlist, [aria-invalid=true]")) section.open = true;
  });
  const alert = document.querySelector("[data-focus]");
  if (alert && !alert.dataset.focused) {
    alert.dataset.focused = "1";
    alert.focus();
    alert.scrollIntoView({ block: "start" });
  }
}
document.addEventListener("DOMContentLoaded", showErrors);
document.addEventListener("htmx:afterSettle", showErrors);
// Two Ten Jack: one tap gives every scoring card nobody has yet ("—") to one player.
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-rest]");
  if (!button) return;
  button.form.querySelectorAll(".card-row").forEach((row) => {
    const radios = [...row.querySelectorAll("input[type=radio]")], checked = radios.find((r) => r.checked);
    if (checked && checked.value) return;
    const to = radios.find((r) => r.value === button.dataset.rest);
    if (to) to.checked = true;
  });
  button.form.dispatchEvent(new Event("change", { bubbles: true }));
});
// A hand being entered is kept on this phone (localStorage, by table and hand) until it is saved or cleared: it
// survives a reload, a language switch and a lost connection.
const DRAFT_SKIP = ["csrfmiddlewaretoken", "version", "submission"];
function saveDraft(form) {
  const fields = [...new FormData(form)].filter(([name, value]) => !DRAFT_SKIP.includes(name) && typeof value === "string");
  try { localStorage.setItem(form.dataset.draft, JSON.stringify(fields)); } catch (error) { /* storage full or off */ }
}
function restoreDraft(form) {
  let fields;
  try { fields = JSON.parse(localStorage.getItem(form.dataset.draft) || "null"); } catch (error) { fields = null; }
  if (!Array.isArray(fields)) return;
  const values = new Map();
  fields.forEach(([name, value]) => values.set(name, [...(values.get(name) || []), value]));
  form.querySelectorAll("input, select, textarea").forEach((field) => {
    if (!field.name || DRAFT_SKIP.includes(field.name) || field.type === "hidden" || field.type === "submit") return;
    const saved = values.get(field.name) || [];
    if (field.type === "radio" || field.type === "checkbox") field.checked = saved.includes(field.value);
    else if (field.tagName === "SELECT" && field.multiple) [...field.options].forEach((o) => { o.selected = saved.includes(o.value); });
    else field.value = saved.length ? saved[0] : "";
  });
  form.querySelectorAll("[data-cycle]").forEach(cycleLabel);
  showOtherSide(form);
  partsSum(form);
  form.dispatchEvent(new Event("change", { bubbles: true }));  // the payout preview follows
}
function draftsOnPage() {
  document.querySelectorAll("form[data-draft]:not([data-restored])").forEach((form) => {
    form.dataset.restored = "1";
    restoreDraft(form);
  });
  document.querySelectorAll("[data-clear-draft], [data-rest-to]").forEach((element) => { element.hidden = false; });
}
document.addEventListener("DOMContentLoaded", draftsOnPage);
document.addEventListener("htmx:afterSettle", draftsOnPage);
["input", "change"].forEach((kind) => document.addEventListener(kind, (event) => {
  const form = event.target.closest && event.target.closest("form[data-draft]");
  if (form) saveDraft(form);
}));
// A Save on its way is never cancelled by the live preview: the form's hx-sync lets a Save replace a preview, and a
// preview asked for while a Save waits for its answer (the points typed a moment before the tap) is not sent.
document.addEventListener("htmx:beforeSend", (event) => {
  const form = event.detail.elt.form;
  if (form && event.detail.elt !== form) form.dataset.saving = "1";
});
document.addEventListener("htmx:afterRequest", (event) => {
  const form = event.detail.elt.form;
  if (form && event.detail.elt !== form) delete form.dataset.saving;
});
document.addEventListener("htmx:confirm", (event) => {
  if (event.detail.elt.dataset && event.detail.elt.dataset.saving) event.preventDefault();
});
// A saved hand's answer is the table page (it brings HX-Push-Url); a rejected one is the form again, draft kept.
document.addEventListener("htmx:beforeSwap", (event) => {
  const elt = event.detail.requestConfig && event.detail.requestConfig.elt;
  const form = elt && elt.closest && elt.closest("form[data-draft]");
  if (form && event.detail.xhr.getResponseHeader("HX-Push-Url")) localStorage.removeItem(form.dataset.draft);
});
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-clear-draft]");
  if (!button) return;
  const form = button.form;
  form.reset();
  form.querySelectorAll("[data-cycle]").forEach(cycleLabel);
  showOtherSide(form);
  partsSum(form);
  form.dispatchEvent(new Event("change", { bubbles: true }));
  localStorage.removeItem(form.dataset.draft);
});
// A table kept for no signal (see static/js/offline/main.js): its pages load the offline part; on other phones and pages
// nothing more is fetched until "Keep this table working without signal" is tapped.
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
  const keep = () => load().then((part) => part.keep(root).then(() => part.start(root)));
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
// A poll (the table's live update, a tournament's boards) is not sent while the phone has no network at all: it could
// only fail, and log an error every few seconds. The next poll once the network is back brings the page up to date.
document.addEventListener("htmx:beforeRequest", (event) => {
  const trigger = event.detail.elt && event.detail.elt.getAttribute("hx-trigger");
  if (!navigator.onLine && trigger && trigger.startsWith("every ")) event.preventDefault();
});
