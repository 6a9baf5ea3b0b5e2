// A hand form as the player fills it in: the +/− steps, what it adds up (the card counter, the other side's points, the
// parts' sum), who takes no part, the bonus toggles and what is left given to one player in one tap. Every form works
// without it; rule facts (a deck's card points, counted in thirds or not) come from the page's data attributes, set
// from the engine. A form filled in again (a draft, a hand kept on this phone) or cleared sends its change: each of
// these follows it as it follows a tap.

// The +/− steps beside a number: a tap adds or takes the step, within the box's limits, as if typed.
document.addEventListener("click", (event) => {
  const step = event.target.closest("[data-step]");
  if (!step) return;
  const input = step.parentElement.querySelector("input"), start = step.parentElement.dataset.start;
  // An empty box of card points counts as the middle of the deck (data-start, from the engine's counter): +1 is 54.
  const from = input.value === "" && start !== undefined ? Number(start) : Number(input.value || 0);
  const max = input.max === "" ? Infinity : Number(input.max), value = from + Number(step.dataset.step);
  input.value = Math.min(max, Math.max(0, value));
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.dispatchEvent(new Event("change", { bubbles: true }));
});

// A player who takes no part in the hand (at five, the dealer sitting out: the radio named by data-out-field) has no
// row to fill in: it is hidden and emptied, so that nothing typed there counts in the sum or goes unsaid. The
// attribute may name several radios, separated by spaces (a game's form leaves out of one choice whoever another
// choice names, as its rules say).
function leaveOut(form) {
  form.querySelectorAll("[data-out-field]").forEach((box) => {
    const out = box.dataset.outField.split(" ").map((name) => form.querySelector(`input[name="${name}"]:checked`))
      .filter(Boolean).map((radio) => radio.value);
    box.querySelectorAll("[data-player]").forEach((row) => {
      row.hidden = out.includes(row.dataset.player);
      if (!row.hidden) return;
      row.querySelectorAll("input").forEach((i) => { i.value = ""; });
      row.querySelectorAll("select").forEach((s) => { s.selectedIndex = 0; });
    });
    box.querySelectorAll("label.tap > input[type=radio]").forEach((radio) => {  // a choice of who played
      radio.parentElement.hidden = out.includes(radio.value);
      if (radio.parentElement.hidden) radio.checked = false;
    });
  });
}

// What the form adds up: the card counter (counted into points), the other side's points, and parts that must
// add up to a total (every player's points: the deck's).
function count(form, counter) {
  const unit = Number(counter.dataset.unit), most = Number(counter.dataset.total) * unit;
  let total = 0;
  counter.querySelectorAll("input[data-value]").forEach((i) => { total += Number(i.value || 0) * Number(i.dataset.value); });
  total = Math.min(most, total);
  form.querySelector(`input[name="${counter.dataset.target}"]`).value = Math.floor(total / unit);
  if (counter.dataset.rest) {  // the part below one point (thirds), a choice of its own
    const rest = form.querySelector(`input[name="${counter.dataset.rest}"][value="${total % unit}"]`);
    if (rest) rest.checked = true;
  }
}
function showOtherSide(form) {
  const other = form.querySelector("[data-other]");
  const points = other && form.querySelector(`input[name="${other.dataset.of}"]`);
  if (points) other.textContent = points.value === "" ? "–" : Number(other.dataset.total) - Number(points.value);
}
function partsSum(form) {
  const out = form.querySelector("[data-parts-sum]"), box = form.querySelector("[data-parts]");
  if (!out || !box) return;
  const unit = Number(box.dataset.unit);
  let sum = 0;
  box.querySelectorAll("input[type=number]").forEach((i) => { sum += unit * Number(i.value || 0); });
  box.querySelectorAll("select").forEach((s) => { sum += Number(s.value || 0); });
  const whole = Math.floor(sum / unit), rest = unit === 3 ? ["", "⅓", "⅔"][sum % 3] : "";
  out.textContent = `${whole}${rest}`;
  out.classList.toggle("bad", sum !== Number(box.dataset.total) * unit);
}

document.addEventListener("input", (event) => {
  const form = event.target.closest("form");
  if (!form) return;
  const counter = form.querySelector("[data-counter]");
  if (counter && counter.contains(event.target)) count(form, counter);
  showOtherSide(form);
  partsSum(form);
});
// A change (a tap, a form filled in again from a draft, or reset): who takes no part first, then the sums without them.
document.addEventListener("change", (event) => {
  const form = event.target.closest("form");
  if (!form) return;
  leaveOut(form);
  showOtherSide(form);
  partsSum(form);
});
const everyForm = () => document.querySelectorAll("form").forEach((f) => { leaveOut(f); showOtherSide(f); partsSum(f); });
document.addEventListener("DOMContentLoaded", everyForm);
document.addEventListener("htmx:afterSettle", everyForm);

// Bonus toggles: one button a bonus that cycles through its states, labelled as the state chosen.
function label(button) {
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
  next.dispatchEvent(new Event("change", { bubbles: true }));  // labelled below, as any change
});
// a form filled in again (a draft, a hand kept on this phone) or cleared: each toggle says its state
document.addEventListener("change", (event) => {
  const form = event.target.closest("form");
  if (form) form.querySelectorAll("[data-cycle]").forEach(label);
});
document.addEventListener("DOMContentLoaded", () => document.querySelectorAll("[data-cycle]").forEach((button) => {
  button.hidden = false;
  button.nextElementSibling.hidden = true;
  label(button);
}));

// One tap gives every card nobody has yet ("—") to one player (data-rest-to: shown only with JavaScript).
document.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-rest]");
  if (!button) return;
  button.form.querySelectorAll(".card-row").forEach((row) => {
    const radios = [...row.querySelectorAll("input[type=radio]")], checked = radios.find((r) => r.checked);
    if (checked && checked.value) return;
    const to = radios.find((r) => r.value === button.dataset.rest);
    if (to) to.checked = true;
  });
  button.form.dispatchEvent(new Event("change", { bubbles: true }));
});
const showRestTo = () => document.querySelectorAll("[data-rest-to]").forEach((element) => { element.hidden = false; });
document.addEventListener("DOMContentLoaded", showRestTo);
document.addEventListener("htmx:afterSettle", showRestTo);
