// The kept copy of a table: what this phone has seen, and the snapshot and kept pages fetched from the server.
import { getTable, KEPT, putTable } from "./store.js";
import { fetchWithin } from "./server.js";
import { engineVersion } from "./engine.js";

// The kept copy: {token, snapshot (the table as the server last sent it), seen (the newest version of the table this
// phone has seen from the server, on any page or in a snapshot), pages (the version the kept table page and hand
// form were fetched at)}. It is current when nothing newer was seen.
export function pageVersion() {  // the newest version this page shows (its marker, its live poll, a form's version)
  const versions = [document.getElementById("kept-table")?.dataset.version, document.getElementById("live")?.dataset.version,
    ...[...document.querySelectorAll("form input[name=version]")].map((input) => input.value)];
  return Math.max(0, ...versions.map(Number).filter(Number.isFinite));
}
export async function noteSeen(token, version) {
  const record = await getTable(token);
  if (record && version > (record.seen || 0)) await putTable({ ...record, seen: version });
}
async function fetchSnapshot(marker) {
  const response = await fetchWithin(marker.dataset.snapshotUrl, { cache: "no-store", headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`${response.status} ${marker.dataset.snapshotUrl}`);
  return response.json();
}
// The table page and the hand form as the server shows them now, for when there is no signal (a page that is not
// there for this phone, as the form of an ended evening, is left out; a server that does not answer is an error).
async function fetchPages(marker) {
  const pages = await Promise.all([marker.dataset.formUrl, marker.dataset.tableUrl].map(async (url) => {
    const response = await fetchWithin(url, { cache: "no-store" });
    if (response.status >= 500) throw new Error(`${response.status} ${url}`);
    return response.ok && !response.redirected ? [url, response] : null;
  }));
  return pages.filter(Boolean);
}
// The snapshot and the kept pages move together: both fetched at once (within seconds), kept only when both came,
// so a page never shows a version whose copy this phone does not have.
export async function followServer(marker) {
  const [snapshot, pages] = await Promise.all([fetchSnapshot(marker), fetchPages(marker)]);
  const cache = await caches.open(KEPT);
  await Promise.all(pages.map(([url, response]) => cache.put(url, response)));
  const record = await getTable(marker.dataset.offline) || {};
  await putTable({ ...record, token: marker.dataset.offline, snapshot, seen: Math.max(record.seen || 0, snapshot.version),
    pages: Math.max(record.pages || 0, snapshot.version) });
  return snapshot;
}
export async function keptEngine(marker) {  // the engine this phone keeps (the runtime's description it kept)
  const hit = await (await caches.open(KEPT)).match(marker.dataset.runtimeUrl);
  return hit ? (await hit.json()).engine : null;
}
export async function current(root) {  // the copy to score on, or null when this phone cannot be sure it is current
  const record = await getTable(root.dataset.offline);
  if (!record || !record.snapshot) return null;
  const snapshot = record.snapshot;
  if (snapshot.version < Math.max(record.seen || 0, pageVersion())) return null;
  if (engineVersion && snapshot.engine && snapshot.engine !== engineVersion) return null;
  return snapshot;
}
