// A hand form's fields as the player filled them, kept (a draft on this phone, a hand kept without signal) and filled
// in again: shared by the page (save.js) and the offline part (static/js/offline/): one list of what is no player's
// field, one way to read and fill a form.
export const NOT_FIELDS = ["csrfmiddlewaretoken", "version", "submission", "preview", "save"];

// The form as the player filled it: [name, value] pairs, as the browser would send them.
export function formFields(form, submitter) {
  const fields = [...new FormData(form)].filter(([name, value]) => !NOT_FIELDS.includes(name) && typeof value === "string");
  if (submitter && submitter.name && !NOT_FIELDS.includes(submitter.name)) fields.push([submitter.name, submitter.value]);
  return fields;
}

// The form filled in again from those pairs. Its change follows as if tapped: what the page shows from the fields (the
// sums, the bonus toggles' labels, who takes no part) and the payout preview.
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
  form.dispatchEvent(new Event("change", { bubbles: true }));
}
