// A hand form's fields: read for the engine, kept as the player filled them, filled in again.
export function fieldsOf(form, submitter) {
  const fields = {};
  for (const field of form.elements) {
    if (!field.name || ["csrfmiddlewaretoken", "version", "submission", "preview", "save"].includes(field.name)) continue;
    if (field.type === "submit" || field.tagName === "BUTTON") continue;
    if (field.type === "radio") { if (!(field.name in fields)) fields[field.name] = ""; if (field.checked) fields[field.name] = field.value; }
    else if (field.type === "checkbox") fields[field.name] = field.checked;
    else if (field.type === "number") fields[field.name] = field.value === "" ? null : Math.trunc(Number(field.value));
    else fields[field.name] = field.value;
  }
  if (submitter && submitter.name && !["preview", "save"].includes(submitter.name)) fields[submitter.name] = submitter.value;
  return fields;
}


// The form as the player filled it (as talon.js keeps a draft), so that an unsent hand opens in its form again.
const NOT_FIELDS = ["csrfmiddlewaretoken", "version", "submission", "preview", "save"];
export function formFields(form, submitter) {
  const fields = [...new FormData(form)].filter(([name, value]) => !NOT_FIELDS.includes(name) && typeof value === "string");
  if (submitter && submitter.name && !NOT_FIELDS.includes(submitter.name)) fields.push([submitter.name, submitter.value]);
  return fields;
}
export function fillForm(form, fields) {
  const values = new Map();
  fields.forEach(([name, value]) => values.set(name, [...(values.get(name) || []), value]));
  form.querySelectorAll("input, select, textarea").forEach((field) => {
    if (!field.name || NOT_FIELDS.includes(field.name) || field.type === "hidden" || field.type === "submit") return;
    const kept = values.get(field.name) || [];
    if (field.type === "radio" || field.type === "checkbox") field.checked = kept.includes(field.value);
    else if (field.tagName === "SELECT" && field.multiple) [...field.options].forEach((o) => { o.selected = kept.includes(o.value); });
    else field.value = kept.length ? kept[0] : "";
  });
  form.querySelectorAll("[data-cycle]").forEach((button) => {  // as talon.js labels a bonus toggle
    const checked = form.querySelector(`input[name="${button.dataset.cycle}"]:checked`);
    button.textContent = checked ? checked.nextElementSibling.textContent : "—";
    button.classList.toggle("on", !!(checked && checked.value));
  });
  const first = form.querySelector("input:not([type=hidden])");
  if (first) first.dispatchEvent(new Event("input", { bubbles: true }));  // the other side's points, the parts' sum
  form.dispatchEvent(new Event("change", { bubbles: true }));
}
