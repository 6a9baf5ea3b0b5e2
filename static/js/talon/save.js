// The hand being entered, until it is saved: a Save never cancelled by the live preview, a rejected Save's errors in
// view, and the draft.
import { fillForm, formFields } from "./fields.js";

// The form's hx-sync lets a Save replace a preview, and a preview asked for while a Save waits for its answer (the
// points typed a moment before the tap) is not sent.
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

// The draft: the hand being entered is kept on this phone (localStorage, by table and hand: the form's data-draft)
// until it is saved or cleared, so that it survives a reload, a language switch and a lost connection. The form is read
// and filled in again by fields.js, as a hand kept without signal is (static/js/offline/).
function keepDraft(form) {
  try { localStorage.setItem(form.dataset.draft, JSON.stringify(formFields(form))); } catch (error) { /* storage full or off */ }
}
function restoreDraft(form) {
  let fields;
  try { fields = JSON.parse(localStorage.getItem(form.dataset.draft) || "null"); } catch (error) { fields = null; }
  if (Array.isArray(fields)) fillForm(form, fields);  // its change: the sums, the toggles, the payout preview follow
}
function draftsOnPage() {
  document.querySelectorAll("form[data-draft]:not([data-restored])").forEach((form) => {
    form.dataset.restored = "1";
    restoreDraft(form);
  });
  document.querySelectorAll("[data-clear-draft]").forEach((button) => { button.hidden = false; });
}
document.addEventListener("DOMContentLoaded", draftsOnPage);
document.addEventListener("htmx:afterSettle", draftsOnPage);
["input", "change"].forEach((kind) => document.addEventListener(kind, (event) => {
  const form = event.target.closest && event.target.closest("form[data-draft]");
  if (form) keepDraft(form);
}));
// A saved hand's answer is the table page (it brings HX-Push-Url); a rejected one is the form again, draft kept.
document.addEventListener("htmx:beforeSwap", (event) => {
  const elt = event.detail.requestConfig && event.detail.requestConfig.elt;
  const form = elt && elt.closest && elt.closest("form[data-draft]");
  if (form && event.detail.xhr.getResponseHeader("HX-Push-Url")) localStorage.removeItem(form.dataset.draft);
});
// Clear: the form as it came, and no draft.
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-clear-draft]");
  if (!button) return;
  const form = button.form;
  form.reset();
  form.dispatchEvent(new Event("change", { bubbles: true }));  // the sums, the toggles, the payout preview follow
  localStorage.removeItem(form.dataset.draft);
});

