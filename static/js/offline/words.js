// What the page says: the words in the player's language, numbers as the server's pages write them, a banner.
let W = {};
// The words in the page's language (the server writes them into it: #offline-words), read by each page of a kept table.
export function readWords() {
  W = JSON.parse(document.getElementById("offline-words").textContent);
}
export const say = (key, values = {}) => (W[key] || key).replace(/\{(\w+)\}/g, (_, name) => values[name] ?? "");
// a total as the server's pages write it in this language: grouped by thousands (Czech 1 500, German 1.500), true minus
const digits = new Intl.NumberFormat(document.documentElement.lang || undefined, { useGrouping: "always", maximumFractionDigits: 0 });
export const num = (value) => (value < 0 ? `−${digits.format(-value)}` : digits.format(value));
export const sign = (value) => (value < 0 ? "neg" : value > 0 ? "pos" : "");
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  Object.entries(attrs).forEach(([key, value]) => {
    if (key === "text") node.textContent = value; else if (value !== null && value !== undefined) node.setAttribute(key, value);
  });
  children.flat().forEach((child) => child && node.append(child));
  return node;
}
const tenths = new Intl.NumberFormat(document.documentElement.lang || undefined, { minimumFractionDigits: 1,
  maximumFractionDigits: 1 });
export function human(bytes) {  // as the player's language writes a decimal (Czech 45,8 MB)
  return bytes >= 1e6 ? `${tenths.format(Math.round(bytes / 1e5) / 10)} MB` : `${Math.max(1, Math.round(bytes / 1e3))} kB`;
}
// The table's totals marked as not sure (struck through: not computed on this phone's current copy, or not yet).
export function totalsSure(sure) {
  document.querySelectorAll("#top .totals").forEach((part) => part.classList.toggle("unsure", !sure));
}
// A line above the table's totals (or the form) saying what the phone is doing.
export function banner(text, kind = "") {
  let box = document.getElementById("offline-banner");
  if (!box) {
    box = el("div", { id: "offline-banner", class: "offline-banner", role: "status" });
    const top = document.getElementById("top");  // the table page's totals; the form has none
    if (top) top.before(box); else document.querySelector("main").prepend(box);
  }
  box.className = `offline-banner ${kind}`;
  box.replaceChildren(...[].concat(text));
  box.hidden = !text || (Array.isArray(text) && !text.length);
  return box;
}
