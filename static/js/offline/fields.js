// A hand form's fields read for the engine (what is no player's field: static/js/talon/fields.js, as the page keeps a
// draft).
import { NOT_FIELDS } from "../talon/fields.js";

// What the engine reads: a number as a whole number (or null when empty), a checkbox as true or false, a radio group
// as its value ("" when none is chosen), and the button tapped (a choice of its own, not Preview or Save).
export function fieldsOf(form, submitter) {
  const fields = {};
  for (const field of form.elements) {
    if (!field.name || NOT_FIELDS.includes(field.name)) continue;
    if (field.type === "submit" || field.tagName === "BUTTON") continue;
    if (field.type === "radio") { if (!(field.name in fields)) fields[field.name] = ""; if (field.checked) fields[field.name] = field.value; }
    else if (field.type === "checkbox") fields[field.name] = field.checked;
    else if (field.type === "number") fields[field.name] = field.value === "" ? null : Math.trunc(Number(field.value));
    else fields[field.name] = field.value;
  }
  if (submitter && submitter.name && !NOT_FIELDS.includes(submitter.name)) fields[submitter.name] = submitter.value;
  return fields;
}
