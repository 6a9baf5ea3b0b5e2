// A hand from the form: previewed here, and kept on this phone when it cannot be sent.
import { addPending, changeOf, getTable, handsOf, newId, pendingOf, putPending } from "./store.js";
import { call, engine, engineOk } from "./engine.js";
import { banner, el, num, say, sign } from "./words.js";
import { current } from "./copy.js";
import { roundRefuses } from "./round.js";
import { fillForm, formFields } from "../talon/fields.js";
import { fieldsOf } from "./fields.js";
import { defaultsReady, turnTaken } from "./turn.js";

export function showPreview(form, answer) {
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

export async function previewHere(root, form, submitter) {
  const token = root.dataset.offline, snapshot = await current(root);
  if (!snapshot) { banner(say("unsure"), "error"); return { error: { message: say("unsure"), root: "" } }; }
  const editing = Number(form.dataset.editing || 0);  // an unsent hand edited: scored in its own place
  const pending = (await handsOf(token)).filter((hand) => !editing || hand.id < editing);
  await engine(root);
  return call("preview", { snapshot, pending: pending.map((hand) => hand.data), fields: fieldsOf(form, submitter) });
}
// An unsent hand opened for editing (its row's Edit: the kept form, #edit-<id>): the form filled with its fields.
export async function editing(root, form) {
  const id = Number((location.hash.match(/^#edit-(\d+)$/) || [])[1] || 0);
  if (!id) return false;
  const hand = (await pendingOf(root.dataset.offline)).find((kept) => kept.id === id && kept.then !== "delete");
  if (!hand || !hand.fields) { banner(say("editGone"), "error"); return false; }
  form.removeAttribute("data-draft");  // the new hand's draft stays as it was
  form.dataset.editing = String(id);
  turnTaken();  // whose turn it was is the hand's own
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
export function engineFailed(error) {
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
export async function keepHand(root, form, submitter, unanswered = false) {
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
    const then = hand.unanswered ? { then: "edit", ...changeOf(hand) } : {};  // the server may hold it
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
