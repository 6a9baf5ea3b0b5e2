// The hand form and a quick entry: what htmx or the browser would send goes through the phone when it must.
import { ANSWER_WITHIN, answers, fetchWithin } from "./server.js";
import { engineOk } from "./engine.js";
import { waitingHere } from "./queue.js";
import { banner, say } from "./words.js";
import { keepHand, previewHere, showPreview } from "./hand.js";

function saving(button, busy) {
  if (!button) return;
  if (busy) button.setAttribute("aria-busy", "true"); else button.removeAttribute("aria-busy");
  button.disabled = busy;  // one tap is one hand: a second waits for the answer
  const box = document.getElementById("offline-banner");
  if (busy) banner(say("saving"), "pending");
  else if (box && box.textContent === say("saving")) banner("");
}
export function watchForm(root, form) {
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

export function quickEntry(root, form) {
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
