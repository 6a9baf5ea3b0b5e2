// Who leads the next hand (the game's leader_field): the page may come from the phone's cache, chosen before hands
// kept since. At once from the kept copy when no hand waits, else no choice until the engine knows; a player's own
// tap always stays.
import { getTable, handsOf } from "./store.js";
import { call } from "./engine.js";
import { current, pageVersion } from "./copy.js";
import { LOOK, tableMarks } from "./table.js";

let turnTapped = false;
export let defaultsReady = null;  // a Save waits on them (whose turn it is as the engine says, unless the player chose)
export function turnTaken() {  // an unsent hand opened for editing: whose turn it was is the hand's own
  turnTapped = true;
}
export function waitForDefaults(ready) {  // the form's defaults, once the copy has followed and the engine is up
  defaultsReady = ready;
}
function setTurn(form, turn) {
  const radios = LOOK.leader_field ? form.querySelectorAll(`input[name="${LOOK.leader_field}"]`) : [];
  if (!radios.length || turnTapped) return;
  radios.forEach((radio) => { radio.checked = radio.value === turn; });
  radios[0].dispatchEvent(new Event("change", { bubbles: true }));
}
export async function presetTurn(root, form) {
  form.addEventListener("change", (event) => { if (event.isTrusted && LOOK.leader_field && event.target.name === LOOK.leader_field) turnTapped = true; });
  if (form.dataset.draft && localStorage.getItem(form.dataset.draft)) { turnTapped = true; return; }  // a draft: its choice
  const pending = await handsOf(root.dataset.offline), record = await getTable(root.dataset.offline);
  if (!pending.length && pageVersion() >= ((record && record.seen) || 0)) return;  // the server chose it for this version
  const snapshot = await current(root);
  setTurn(form, !pending.length && snapshot && snapshot.status ? snapshot.status.next_leader : null);
}
export async function nextHandDefaults(root, form) {  // who leads, and the form's table marks, after the hands kept here
  const pending = await handsOf(root.dataset.offline), snapshot = await current(root);
  if (!snapshot) return;
  const now = await call("table", { snapshot, pending: pending.map((hand) => hand.data) });
  tableMarks(now.status);
  setTurn(form, now.status.next_leader);
}
