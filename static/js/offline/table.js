// The table page: the totals, the game's marks and the hands kept on this phone, computed here.
import { getTable, handsOf, refusedOf } from "./store.js";
import { call, engine, engineOk } from "./engine.js";
import { banner, el, num, say, sign, totalsSure } from "./words.js";
import { current, pageVersion } from "./copy.js";
import { roundLine, roundRefuses } from "./round.js";
import { queueBanner, queueState, send } from "./queue.js";

// How the game's status looks (games.web.GameWeb.look, in the page): its marks beside a total, who leads. Nothing
// here names a game: what is a game's own comes as data from its web module, or as data-mark in its table.html.
export let LOOK = { marks: [], leader_badge: "", leader_field: "", games: null };
export function readLook() {
  LOOK = JSON.parse(document.getElementById("offline-look")?.textContent || "null") || LOOK;
}
function renderTotals(now) {
  const items = document.querySelectorAll("#top .totals > li.total"), status = now.status || {};
  const next = status.over ? {} : status;  // nobody deals or leads next once nothing may follow (as the server draws it)
  const marksOf = (name) => (status.marks || {})[name] || {};
  now.players.forEach((name, i) => {
    const item = items[i];
    if (!item) return;
    const score = item.querySelector(".score");
    score.textContent = num(now.totals[i]);
    score.className = `score ${sign(now.totals[i])}`;
    item.classList.toggle("is-leader", next.next_leader === name);
    const roles = item.querySelector(".roles");
    roles.replaceChildren(...LOOK.marks.map((mark) => drawMark(mark, marksOf(name))).filter(Boolean));
    if (now.winners.includes(name)) roles.append(el("span", { class: "badge", text: say("winner") }));
    if (LOOK.leader_badge && next.next_leader === name) roles.append(el("span", { class: "badge", text: LOOK.leader_badge }));
    if (next.next_dealer === name) roles.append(el("span", { class: "badge quiet", text: say("deals") }));
  });
  document.querySelectorAll("[data-mark][data-player]").forEach((node) => {  // the game's own table.html says where
    const value = marksOf(now.players[Number(node.dataset.player)])[node.dataset.mark];
    if (Array.isArray(value)) node.replaceChildren(...tally(node.dataset.start, value));
    else node.textContent = num(value || 0);
  });
  tableMarks(status);
  const round = document.querySelector(".round-state");
  const games = LOOK.games, number = games ? Number(status[games.key] || 1) : 1;  // an evening of games, as data
  if (round && status.rounds) roundState(round, now, number);
  if (round && games && (number > 1 || status.finished)) gamesWon(round, now, games);
}
// The round's line as the game's table.html writes it ("Game 2 · Round 1 of 3"; the game over in bold, each winner
// isolated): only its [data-round-line], the rest of the game's markup stays; a line the game did not mark is
// rewritten only where it holds text alone.
function roundState(round, now, number) {
  const status = now.status, games = LOOK.games, line = round.querySelector("[data-round-line]");
  if (!line && round.children.length) return;
  let words;
  if (status.finished) {
    const [before, after] = say("over", { winners: "\u0000" }).split("\u0000");
    const names = now.winners.flatMap((name, i) => [i ? ", " : null, el("bdi", { text: name })]);
    words = el("strong", { "data-round-line": "" }, before, ...names, after);
  } else {
    const game = number > 1 ? `${games.label.replace("{number}", num(number))} · ` : "";
    words = el("span", { "data-round-line": "" }, game + say("round", { number: status.round + 1, rounds: status.rounds }));
  }
  if (line) line.replaceWith(words); else round.replaceChildren(words);
}
export function tableMarks(status) {  // the table's own marks (what this round deals): data-mark without data-player
  document.querySelectorAll("[data-mark]:not([data-player])").forEach((node) => {
    node.textContent = num(Number((status.table_marks || {})[node.dataset.mark] || 0));
  });
}
function gamesWon(round, now, games) {  // "Games won this evening: Aiko 1, Ben 0, Chie 0", after the round's line
  let line = document.querySelector(".games-won");
  if (!line) { line = el("p", { class: "games-won" }); round.after(line); }
  const won = (name) => num(Number(((now.status.marks || {})[name] || {})[games.won] || 0));
  line.replaceChildren(`${games.won_label} `, ...now.players.flatMap((name, i) => [el("bdi", { text: name }),
    ` ${won(name)}${i < now.players.length - 1 ? ", " : ""}`]));
}

function drawMark(mark, kinds) {  // one kind of a player's marks, as the game's marks.html draws it on the server
  const count = Number(kinds[mark.kind] || 0);
  const label = (mark.labels || [])[count] || mark.label.replace("{count}", num(count));  // as marks.html words it
  if (mark.look === "badge") return count ? el("span", { class: "badge quiet", text: label }) : null;
  const used = Number(kinds[mark.used] || 0);  // circles: a few one by one, more as a circle and a count
  if (!count && !used) return null;
  const [box, one, counter] = mark.classes;
  return el("span", { class: box, role: "img", "aria-label": label }, circles(used, count, mark.few, one, counter));
}

function circles(used, held, few, one, counter) {
  if (used + held <= few) {
    return [...Array.from({ length: used }, () => el("span", { class: `${one} used` })),
      ...Array.from({ length: held }, () => el("span", { class: one }))];
  }
  const counted = (count, kind) => !count ? [] : [el("span", { class: kind }),
    count > 1 ? el("span", { class: counter, text: `×${count}` }) : null];
  return [...counted(used, `${one} used`), ...counted(held, one)];
}

function tally(start, values) {  // numbers struck off one after another (the last one stands); many: the last two
  const shown = values.length > 4 ? values.slice(-2) : values;
  const more = values.length > 4 ? [el("li", { class: "more", "aria-hidden": "true", text: `⋯ ×${values.length - 2}` })] : [];
  return [el("li", { class: values.length ? "struck" : "", text: String(start) }), ...more,
    ...shown.map((left, j) => el("li", { class: j < shown.length - 1 ? "struck" : "", text: String(left) }))];
}

function pendingRows(now, pending, scored = true) {
  const body = document.getElementById("hand-rows");
  body.querySelectorAll(".pending, .pending-empty").forEach((row) => row.remove());
  if (pending.length) body.querySelectorAll("tr.what > td.muted").forEach((cell) => cell.closest("tr").classList.add("pending-empty"));
  const rows = [];
  now.rows.forEach((row, i) => {
    const scores = row.scores.map((score, j) => (!scored ? el("td", { text: "–" }) : el("td", { class: sign(score) },
      num(score), el("span", { class: "run", text: num(row.totals[j]) }))));  // unscored on a copy not known current
    const remove = el("button", { type: "button", class: "button small", "data-forget": String(pending[i].id),
      text: say("forget") });
    const form = document.getElementById("offline")?.dataset.formUrl;  // opened in the kept hand form, filled in
    const edit = pending[i].fields && form ? el("a", { class: "button small", href: `${form}#edit-${pending[i].id}`,
      "data-edit": String(pending[i].id), text: say("edit") }) : null;
    const lines = el("ol", { class: "explanation" }, ...row.lines.map((line) => el("li", {}, el("bdi", { text: line }))));
    const label = row.number === null ? "±" : row.round ?? row.number;  // as the server labels it (a penalty: ±)
    rows.push(el("tr", { class: "pending" }, el("th", { scope: "row", text: scored ? String(label) : "–" }), ...scores));
    rows.push(el("tr", { class: "what pending" }, el("td"), el("td", { colspan: String(now.players.length) },
      el("span", { class: "badge not-sent", text: say("notSent") }), " ", el("bdi", { text: row.what }),
      row.note ? el("strong", { class: "milestone", text: ` ${row.note}` }) : null, " ", edit, edit ? " " : null, remove,  // plainly there
      row.lines.length ? el("details", {}, el("summary", { text: say("explanation") }), lines) : null)));
  });
  for (let i = 0; i < rows.length; i += 2) { body.prepend(rows[i + 1]); body.prepend(rows[i]); }  // newest on top
  if (now.error) {
    body.prepend(el("tr", { class: "what pending" }, el("td"), el("td", { colspan: String(now.players.length), class: "error" },
      say("refusedHere", { number: now.error.number, message: now.error.message }))));
  }
}

// on top, apart from the totals: what the server said, and the way on (an edit only where a hand can still go: not
// on a table whose evening ended or whose round is closed or full)
function refusedRows(now, refused, snapshot) {
  const body = document.getElementById("hand-rows"), form = document.getElementById("offline")?.dataset.formUrl;
  const takes = !(now.status || {}).over && !roundRefuses(snapshot, 0);
  refused.forEach((hand) => {
    const edit = hand.fields && form && takes ? el("a", { class: "button small", href: `${form}#edit-${hand.id}`,
      "data-edit": String(hand.id), text: say("edit") }) : null;
    body.prepend(el("tr", { class: "what pending refused" }, el("td"), el("td", { colspan: String(now.players.length) },
      el("span", { class: "badge not-sent", text: say("notAccepted") }), " ", el("span", { class: "error", text: hand.refused }),
      " ", edit, edit ? " " : null,
      el("button", { type: "button", class: "button small", "data-forget": String(hand.id), text: say("forget") }))));
  });
}

// A kept hand the page's own rows show (its Save reached the server, the answer did not reach the phone): the server
// has it, so it is listed once, as the server's row; the queue still tells the server, which answers "already".
const onThePage = (hand) => !hand.then && hand.submission
  && document.querySelector(`#hand-rows tr[data-submissions~="${CSS.escape(hand.submission)}"]`);

export async function showTable(root) {
  const token = root.dataset.offline, pending = (await handsOf(token)).filter((hand) => !onThePage(hand));
  if (pending.length && !engineOk) await listKept(root, pending);  // at once: the engine takes seconds to start
  if (engineOk || pending.length) await engine(root).catch(() => {});
  const snapshot = await current(root), seen = ((await getTable(token)) || {}).seen || 0;
  if (!snapshot && !pending.length && pageVersion() >= seen) {  // the page's own totals are the newest seen
    totalsSure(true);
    banner(navigator.onLine ? "" : say("noSignalNone"), "");
    return;
  }
  if (!snapshot) {  // never a guess: the totals the page shows are not computed on an old copy
    const held = pending.length && (await getTable(token)).held;
    const choose = held ? el("button", { type: "button", class: "button small", "data-choose": "", text: say("choose") }) : null;
    if (choose) choose.addEventListener("click", () => send(root, true));
    if (queueState.kind === "conflict" && pending.length) queueBanner(pending.length);  // the choice shown waits
    else banner([el("span", { text: say("unsure") }), choose ? " " : null, choose].filter(Boolean), "error");
    totalsSure(false);
    if (pending.length) await unscoredRows(root, pending);
    return;
  }
  const refused = await refusedOf(token);
  if (!pending.length && !refused.length) {
    if (pageVersion() < snapshot.version) await showCopy(root, snapshot);
    else { totalsSure(true); banner(navigator.onLine ? "" : say("noSignalNone"), ""); }
    return;
  }
  await engine(root);
  const now = await call("table", { snapshot, pending: pending.map((hand) => hand.data) });
  renderTotals(now);
  totalsSure(true);  // in the same moment as they are drawn: never old totals without their mark
  document.querySelectorAll("#top .totals, #hand-rows").forEach((part) => part.classList.add("computed-here"));
  roundLine(snapshot, pending.length);
  pendingRows(now, pending);
  refusedRows(now, refused, snapshot);
  const held = (await getTable(token)).held;
  if (held) {  // "Decide later": shown after the server's hands, sent once the scorekeeper chooses
    const choose = el("button", { type: "button", class: "button small", "data-choose": "", text: say("choose") });
    choose.addEventListener("click", () => send(root, true));
    banner([el("span", { text: say("held", { count: pending.length }) }), " ", choose], "pending");
  } else if (refused.length && !pending.length) banner(say("refused", { message: refused[0].refused }), "error");
  else queueBanner(pending.length);
}

// The hands kept on this phone, listed as soon as the page opens, from what this phone stored alone (neither the
// engine, which takes seconds to start, nor a server that may not answer): each as it was described when kept, not
// yet scored, and the totals marked as not sure until the engine has scored them (showTable, a moment later).
async function listKept(root, pending) {
  const record = await getTable(root.dataset.offline), players = record && record.snapshot && record.snapshot.players;
  if (!players) return;
  const rows = pending.map((hand) => ({ what: hand.what || "", lines: [], scores: players.map(() => 0) }));
  pendingRows({ players, rows }, pending, false);
  totalsSure(false);
  queueBanner(pending.length);
}

// The hands kept on this phone while its copy is not known to be current: listed (to edit or delete), not scored.
async function unscoredRows(root, pending) {
  const record = await getTable(root.dataset.offline);
  try {
    await engine(root);
    pendingRows(await call("table", { snapshot: record.snapshot, pending: pending.map((hand) => hand.data) }), pending, false);
  } catch (error) {
    console.warn("Talon: the hands kept on this phone could not be listed", error);
  }
}

// A page kept before the copy's last change (its answer was lost, or the phone went offline at once): the totals
// are the copy's, computed here and said; until then they are marked as not sure.
async function showCopy(root, snapshot) {
  const totals = document.querySelectorAll("#top .totals");
  totals.forEach((part) => part.classList.add("unsure"));
  try {
    await engine(root);
    renderTotals(await call("table", { snapshot, pending: [] }));
  } catch (error) {
    banner(say("unsure"), "error");
    return;
  }
  totals.forEach((part) => { part.classList.remove("unsure"); part.classList.add("computed-here"); });
  banner(say("olderPage"), "pending");
}
