// Talon's only script: +/− steps, the card counter and "106 − P". Every form works without it.
document.addEventListener("click", (event) => {
  const step = event.target.closest("[data-step]");
  if (!step) return;
  const input = step.parentElement.querySelector("input");
  const max = Number(input.max || 106), value = Number(input.value || 0) + Number(step.dataset.step);
  input.value = Math.min(max, Math.max(0, value));
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.dispatchEvent(new Event("change", { bubbles: true }));
});
document.addEventListener("input", (event) => {
  const form = event.target.closest("form");
  if (!form) return;
  const counter = form.querySelector("[data-counter]");
  if (counter && counter.contains(event.target)) {
    let total = 0;
    counter.querySelectorAll("input[data-value]").forEach((i) => { total += Number(i.value || 0) * Number(i.dataset.value); });
    const points = form.querySelector("input[name=points]");
    points.value = Math.min(106, total);
  }
  showOtherSide(form);
});
function showOtherSide(form) {
  const points = form.querySelector("input[name=points]"), other = form.querySelector("[data-other]");
  if (points && other) other.textContent = points.value === "" ? "–" : 106 - Number(points.value);
}
document.addEventListener("DOMContentLoaded", () => document.querySelectorAll("form").forEach(showOtherSide));
