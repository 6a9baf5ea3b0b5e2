// The server's answer: whether it answers (not whether the browser says "online"), and requests that give up.
// Whether the server answers, not whether the browser says "online": every request gives up after a few seconds.
export const ANSWER_WITHIN = 6000;
// Once it has not answered, what the phone kept is read first (the engine starts without waiting on it again).
export let serverSilent = false, lastAnswer = 0;  // and when it last answered this page
// What follows whenever that changes (what needs the server says so in place, what waits is sent): it lives in the
// modules above this one, so main.js tells this one once (onHeard) what to call.
const whenHeard = [];
export function onHeard(listener) {
  whenHeard.push(listener);
}
export function heard(answered) {
  if (answered) lastAnswer = Date.now();
  if (serverSilent === !answered) return;
  serverSilent = !answered;
  whenHeard.forEach((listener) => listener(answered));
}
// A page that came from the phone's cache after the server left it unanswered (workerHeardNothing) knows it from the
// start.
export function silentFromTheStart() {
  serverSilent = true;
}
export const answers = () => navigator.onLine && !serverSilent;
// Whether the server answers now (a short question: its health), before a change that needs it is sent.
export function probe() {
  return fetchWithin("/healthz", { cache: "no-store" }, 3000).then((response) => response.ok, () => false);
}
// Whether the server left unanswered the last request the service worker passed on (this very page, when it came from
// the phone's cache after a wait): a page then starts knowing it, and reads what the phone kept first. A worker that
// does not say (an older release's) is taken to know nothing.
export function workerHeardNothing() {
  const worker = navigator.serviceWorker && navigator.serviceWorker.controller;
  if (!worker) return Promise.resolve(false);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data === true);
    worker.postMessage("unanswered?", [channel.port2]);
    setTimeout(() => resolve(false), 500);
  });
}
export function fetchWithin(url, options = {}, ms = ANSWER_WITHIN) {
  const stop = new AbortController(), timer = setTimeout(() => stop.abort(), ms);
  return fetch(url, { ...options, signal: stop.signal })
    .then((response) => { heard(true); return response; }, (error) => { heard(false); throw error; })
    .finally(() => clearTimeout(timer));
}
