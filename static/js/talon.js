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
    if (counter.hasAttribute("data-thirds")) {  // Slovenian: card values in thirds
      form.querySelector("input[name=points_whole]").value = Math.floor(Math.min(210, total) / 3);
      const third = form.querySelector(`input[name=points_third][value="${Math.min(210, total) % 3}"]`);
      if (third) third.checked = true;
    } else {
      form.querySelector("input[name=points]").value = Math.min(106, total);
    }
  }
  showOtherSide(form);
  klopSum(form);
});
function showOtherSide(form) {
  const points = form.querySelector("input[name=points]"), other = form.querySelector("[data-other]");
  if (points && other) other.textContent = points.value === "" ? "–" : 106 - Number(points.value);
}
function klopSum(form) {
  const out = form.querySelector("[data-klop-sum]");
  if (!out) return;
  let thirds = 0;
  form.querySelectorAll("[data-klop] input[type=number]").forEach((i) => { thirds += 3 * Number(i.value || 0); });
  form.querySelectorAll("[data-klop] select").forEach((s) => { thirds += Number(s.value || 0); });
  const whole = Math.floor(thirds / 3), rest = ["", "⅓", "⅔"][thirds % 3];
  out.textContent = `${whole}${rest}`;
  out.classList.toggle("bad", thirds !== 210);
}
document.addEventListener("change", (event) => { const form = event.target.closest("form"); if (form) klopSum(form); });
document.addEventListener("DOMContentLoaded", () => document.querySelectorAll("form").forEach((f) => { showOtherSide(f); klopSum(f); }));
// Circle names: a tap seats the player in the first empty name field.
document.addEventListener("click", (event) => {
  const chip = event.target.closest("[data-pick] [data-name]");
  if (!chip) return;
  const empty = [...chip.closest("form").querySelectorAll("input[name^=player_]")].find((i) => !i.value.trim());
  if (empty) { empty.value = chip.dataset.name; chip.disabled = true; }
});
// The language list changes the language at once; its button is there for phones without JavaScript.
document.addEventListener("change", (event) => {
  if (event.target.matches("[data-autosubmit]")) event.target.form.submit();
});
if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {}));
}
// Bonus toggles: one button a bonus that cycles through its states (the radio taps stay for phones without JS).
function cycleLabel(button) {
  const checked = button.form.querySelector(`input[name="${button.dataset.cycle}"]:checked`);
  button.textContent = checked ? checked.nextElementSibling.textContent : "—";
  button.classList.toggle("on", !!(checked && checked.value));
}
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-cycle]");
  if (!button) return;
  const radios = [...button.form.querySelectorAll(`input[name="${button.dataset.cycle}"]`)];
  const next = radios[(radios.findIndex((r) => r.checked) + 1) % radios.length];
  next.checked = true;
  next.dispatchEvent(new Event("change", { bubbles: true }));
  cycleLabel(button);
});
document.addEventListener("DOMContentLoaded", () => document.querySelectorAll("[data-cycle]").forEach((button) => {
  button.hidden = false;
  button.nextElementSibling.hidden = true;
  cycleLabel(button);
}));
