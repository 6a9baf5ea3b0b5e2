// Talon's script on every page, an ES module: each concern in a module of its own (static/js/talon/), imported in the
// order their listeners are set up. Every page and form works without it. Beside it: projector.js (the projector's
// pages), engine-worker.js (the engine on the phone) and the offline part (static/js/offline/, loaded by
// talon/offline.js only on a table a phone keeps, or when asked to).
import "./talon/form.js";
import "./talon/page.js";
import "./talon/save.js";
import "./talon/offline.js";
