// The engines on the phone: Pyodide (Python compiled to WebAssembly, from Talon's own static files) running the
// very files the server runs (games/engines, games/registry.py, games/entry, games/phone.py), in a worker so that
// the page never waits on it. Messages: {id, call, args} in, {id, result} or {id, error} out.
let phone = null;

async function start({ index, stdlib, files, games, words }) {
  const { loadPyodide } = await import(`${index}pyodide.mjs`);
  // the standard library cut to what the engine runs (games/runtime.py), when the server gives one
  const pyodide = await loadPyodide(stdlib ? { indexURL: index, stdLibURL: stdlib } : { indexURL: index });
  for (const [path, source] of Object.entries(files)) {
    const folder = `/talon/${path.split("/").slice(0, -1).join("/")}`;
    pyodide.FS.mkdirTree(folder);
    pyodide.FS.writeFile(`/talon/${path}`, source);
  }
  pyodide.runPython("import sys; sys.path.insert(0, '/talon')");
  phone = pyodide.pyimport("games.phone");
  phone.use_games(JSON.stringify(games || []));  // the server's registry: a game registered there is scored here
  phone.use_catalog(JSON.stringify(words || {}));
  return { python: pyodide.runPython("import sys; sys.version.split()[0]") };
}

const CALLS = {
  start,
  words: ({ words }) => phone.use_catalog(JSON.stringify(words || {})),
  table: ({ snapshot, pending }) => JSON.parse(phone.table_now(JSON.stringify(snapshot), JSON.stringify(pending))),
  preview: ({ snapshot, pending, fields }) => JSON.parse(phone.preview(JSON.stringify(snapshot),
    JSON.stringify(pending), JSON.stringify(fields))),
};

self.addEventListener("message", async (event) => {
  const { id, call, args } = event.data;
  try {
    self.postMessage({ id, result: await CALLS[call](args || {}) });
  } catch (error) {
    self.postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
});
