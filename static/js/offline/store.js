// The phone's own storage: the kept copy of each table and the hands that wait to be sent (IndexedDB).
const DB = "talon-offline", PENDING = "pending", TABLES = "tables";
export const KEPT = "talon-kept";  // the cache of what the phone keeps (the service worker answers from it too)
export const KEPT_FLAG = (token) => `talon-kept:${token}`;
export const KEEPING_FLAG = (token) => `talon-keeping:${token}`;  // asked to keep, not kept yet (a page left meanwhile)
function openDb() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore(TABLES, { keyPath: "token" });
      db.createObjectStore(PENDING, { keyPath: "id", autoIncrement: true }).createIndex("token", "token");
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}
async function store(name, mode, work) {
  const db = await openDb();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(name, mode), request = work(tx.objectStore(name));
    tx.oncomplete = () => resolve(request && request.result);
    tx.onerror = () => reject(tx.error);
  });
}
export const getTable = (token) => store(TABLES, "readonly", (s) => s.get(token));
export const putTable = (record) => store(TABLES, "readwrite", (s) => s.put(record));
export const addPending = (hand) => store(PENDING, "readwrite", (s) => s.add(hand));
export const putPending = (hand) => store(PENDING, "readwrite", (s) => s.put(hand));
export const deletePending = (id) => store(PENDING, "readwrite", (s) => s.delete(id));
export async function pendingOf(token) {
  const hands = await store(PENDING, "readonly", (s) => s.index("token").getAll(token));
  return (hands || []).sort((a, b) => a.id - b.id);
}
// The hands kept on this phone that count (a hand deleted here after its Save's answer was lost waits only to tell the
// server, which may have recorded it).
export async function handsOf(token) {
  return (await pendingOf(token)).filter((hand) => hand.then !== "delete" && !hand.refused);
}
// The hands the server refused: shown apart, with its reason, out of the totals, until the player edits or deletes them.
export async function refusedOf(token) {
  return (await pendingOf(token)).filter((hand) => hand.refused);
}
export const newId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
// a change of a hand whose Save went unheard: an id of its own (its edit before may have reached the server, its
// answer lost: the same id would be taken for that one and this change lost), naming the ids of the changes before
export const changeOf = (hand) => ({ change: newId(), earlier: [...(hand.earlier || []), ...(hand.change ? [hand.change] : [])].slice(-100) });
