// Following the server: the kept copy, the kept pages and a release, after every change.
import { getTable, KEPT, pendingOf } from "./store.js";
import { followServer, keptEngine, noteSeen, pageVersion } from "./copy.js";
import { release } from "./keep.js";

// After every change this phone makes online and every change the live poll brings, on any page of the table (each
// names the version it shows: #kept-table): what the phone has seen first, then the snapshot and the kept pages
// follow the server (only while no hand waits: those are scored after the copy they were recorded on). A failure
// is logged and tried again; meanwhile the phone knows its copy may be old ("not sure"), never silently stale.
let followed = Promise.resolve(), queued = null, followRetry = 5000, followTimer = null;
export function follow(marker, always = false) {
  // what this page shows is known seen at once, not after a follow already under way (a signal lost a moment later)
  const seen = noteSeen(marker.dataset.offline, pageVersion()).catch((error) => console.warn("Talon:", error));
  if (queued) {  // one follow waits at most: this change joins it (held here: once it starts it is no longer queued)
    const waiting = queued;
    waiting.always = waiting.always || always;
    return seen.then(() => waiting.promise);
  }
  const next = { always };
  next.promise = Promise.all([followed, seen]).then(() => {
    queued = null;
    return followOnce(document.getElementById("kept-table") || marker, next.always);
  });
  queued = next;
  followed = next.promise;
  return next.promise;
}
async function followOnce(marker, always) {
  const token = marker.dataset.offline;
  try {
    await noteSeen(token, pageVersion());
    // a hand the server refused waits apart, on no copy; hands held for the scorekeeper's choice ("Decide later")
    // are placed after the server's hands as they are then, whatever the copy: it follows; the "online" event follows
    // again
    if (!navigator.onLine) return;
    const record = await getTable(token);
    if (!record) return;  // not kept (yet)
    if (!record.held && (await pendingOf(token)).some((hand) => !hand.refused)) return;
    const seen = record.seen || 0;
    const behind = !record.snapshot || record.snapshot.version < seen || (record.pages || 0) < seen;
    const snapshot = behind || always ? await followServer(marker) : record.snapshot;
    const kept = await keptEngine(marker);
    if (always || kept !== snapshot.engine || (marker.dataset.engine && kept !== marker.dataset.engine)) {
      await release(marker, await caches.open(KEPT));  // a release: the copy then names the new engine
      if (snapshot.engine !== await keptEngine(marker)) await followServer(marker);
    }
    followRetry = 5000;
  } catch (error) {
    console.warn("Talon: this phone's copy of the table could not follow the server; trying again", error);
    clearTimeout(followTimer);
    followTimer = setTimeout(() => follow(marker), followRetry);
    followRetry = Math.min(followRetry * 2, 60000);
  }
}
