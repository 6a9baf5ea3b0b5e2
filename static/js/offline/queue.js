// Sending what waits, in order, and choosing where they go when another phone changed the table meanwhile.
import { deletePending, getTable, handsOf, pendingOf, putPending, putTable } from "./store.js";
import { fetchWithin, serverSilent } from "./server.js";
import { call, engine } from "./engine.js";
import { banner, el, num, say, totalsSure } from "./words.js";

// What the last try to send found, so that the banner says what is happening, never "Sending…" while nothing is:
// "" (sending or sent), "unanswered" (the server did not answer: tried again by itself), "refused", "conflict".
export let queueState = { kind: "" };
export function queueBanner(count) {
  if (!count) return banner(navigator.onLine ? "" : say("noSignalNone"), "");
  if (!navigator.onLine) return banner(say("notSentBanner", { count }), "pending");
  if (queueState.kind === "unanswered" || (!queueState.kind && serverSilent)) return banner(say("unanswered", { count }), "pending");
  if (queueState.kind === "refused") return banner(say("refused", { message: queueState.message }), "error");
  if (queueState.kind === "conflict") return banner(say("choosing", { count }), "pending");
  return banner(say("sending", { count }), "pending");
}
// The table page shows the queue again after a try (table.js, which reads this module: main.js hands its showTable
// over once).
let showTable = async () => {};
export function showWith(show) {
  showTable = show;
}
// The hands waiting on this phone as this page started (counted by main.js), less those sent since: while any waits,
// a new hand joins them instead of going to the server before them.
export let waitingHere = 0;
export async function countWaiting(token) {
  waitingHere = (await pendingOf(token)).length;
}
let sending = false;
let retryIn = 2000, retryTimer = null;
export function retrySoon() {  // the server answers again: the next try comes soon, not after the last wait doubled
  retryIn = 2000;
}
function retryLater(root) {  // the queue tries again by itself, waiting longer each time (at most a minute)
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => send(root).then(() => showTable(root)).catch(() => {}), retryIn);
  retryIn = Math.min(retryIn * 2, 15000);
}
async function noAnswer(root) {
  queueState = { kind: "unanswered" };
  queueBanner((await pendingOf(root.dataset.offline)).length);
  retryLater(root);
}
export async function send(root, choosing = false) {
  const token = root.dataset.offline;
  if (sending) return;
  if (!choosing && (await getTable(token) || {}).held) return;  // waits for the scorekeeper's choice
  sending = true;
  try {
    let snapshot = (await getTable(token) || {}).snapshot, sent = 0;
    for (;;) {
      const [hand, next] = (await pendingOf(token)).filter((kept) => !kept.refused);
      if (!hand) break;
      const body = { data: hand.data, version: hand.version ?? snapshot.version, submission: hand.submission };
      if (hand.then) Object.assign(body, { then: hand.then, change: hand.change, earlier: hand.earlier || [] });
      const after = hand.after_seq ?? null;
      if (after !== null) body.after_seq = after;
      let response;
      try {
        response = await fetchWithin(root.dataset.sendUrl, { method: "POST", body: JSON.stringify(body), headers: {
          "Content-Type": "application/json", "X-CSRFToken": root.dataset.csrf } });
      } catch (error) { noAnswer(root); return; }  // no answer: they wait, and the phone tries again
      if (response.status >= 500) { noAnswer(root); return; }
      retryIn = 2000;
      const answer = await response.json().catch(() => ({ error: String(response.status) }));
      if (response.status === 409 && answer.conflict) {
        queueState = { kind: "conflict" };
        const pending = await handsOf(token);
        queueBanner(pending.length);
        await conflict(root, answer, pending);
        return;
      }
      if (response.status === 422) {  // this hand no longer fits (a round's limit, a closed round): kept apart
        await putPending({ ...hand, refused: answer.error || String(response.status) });
        queueState = { kind: "refused", message: answer.error || response.status };
        continue;
      }
      if (!answer.sent) {
        queueState = { kind: "refused", message: answer.error || response.status };
        queueBanner((await pendingOf(token)).length);
        return;
      }
      queueState = { kind: "" };
      snapshot = answer.snapshot;
      const record = await getTable(token);  // what was held is placed now; the kept pages follow on the next page
      await putTable({ ...record, token, snapshot, seen: Math.max(record.seen || 0, snapshot.version), held: null });
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
  let record = await getTable(root.dataset.offline);
  const lastSeen = record.held ? record.held.last_seq : record.snapshot.last_seq;  // the last hand mine came after
  if ((record.seen || 0) < answer.snapshot.version) {  // the server's newer copy is seen: this one is no longer scored
    record = { ...record, seen: answer.snapshot.version };
    await putTable(record);
  }
  await engine(root);  // mine scored on the table as it is now, with its rules (its marks included)
  const now = await call("table", { snapshot: answer.snapshot, pending: pending.map((hand) => hand.data) });
  const theirs = el("ul", {});
  answer.changes.forEach((html) => { const item = el("li"); item.innerHTML = html; theirs.append(item); });
  const mine = el("ul", {}, ...now.rows.map((row) => el("li", {}, el("bdi", { text: row.what }), " · ",
    row.scores.map((score, i) => `${now.players[i]} ${num(score)}`).join(", "))));
  const choose = async (place) => {
    const hands = await pendingOf(root.dataset.offline);
    hands.forEach((hand, i) => {  // based on the version just seen; before theirs: right after the last hand I saw
      hand.version = i === 0 ? answer.snapshot.version : null;
      hand.after_seq = place === "before" && i === 0 ? lastSeen : null;
    });
    for (const hand of hands) await putPending(hand);
    await putTable({ ...record, snapshot: answer.snapshot, seen: Math.max(record.seen || 0, answer.snapshot.version),
      held: null });
    box.remove();
    queueState = { kind: "" };
    await send(root);
  };
  const later = async () => {  // the server's hands as they are, mine after them on this phone until chosen
    await putTable({ ...record, snapshot: answer.snapshot, seen: Math.max(record.seen || 0, answer.snapshot.version),
      held: { last_seq: lastSeen } });
    box.remove();
    queueState = { kind: "" };
    await showTable(root);
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
    if (place === "later") later(); else if (place) choose(place);
  });
  document.getElementById("offline-conflict")?.remove();
  document.getElementById("top").before(box);
  // the server has hands these totals leave out: not sure until the scorekeeper has chosen and they are scored again
  totalsSure(false);
  box.focus();
}
