"""Every script a phone runs parses: one syntax error stops the whole module graph of talon.js (the service worker is
then never registered, no table is kept) or of the offline part, and only a browser would notice. Node checks each as
the page loads it: talon.js and its modules, the offline part and the engine's worker as ES modules, the projector as
a classic script, the service worker as the server renders it."""

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODULES = [
    ROOT / "static/js/talon.js",
    *sorted((ROOT / "static/js/talon").glob("*.js")),
    *sorted((ROOT / "static/js/offline").glob("*.js")),
    ROOT / "static/js/engine-worker.js",
]
CLASSIC = [ROOT / "static/js/projector.js"]


def node_check(path: Path, module: bool) -> subprocess.CompletedProcess:
    node = shutil.which("node")
    assert node, "Node.js is needed (make test installs it with the offline runtime)"
    kind = ["--experimental-default-type=module"] if module else ["--experimental-default-type=commonjs"]
    return subprocess.run([node, *kind, "--check", str(path)], capture_output=True, text=True)


@pytest.mark.parametrize("path", MODULES + CLASSIC, ids=lambda path: path.name)
def test_every_script_parses(path):
    checked = node_check(path, module=path in MODULES)
    assert checked.returncode == 0, checked.stderr


def test_the_service_worker_parses_as_served(client, tmp_path):
    script = tmp_path / "sw.js"
    script.write_bytes(client.get("/sw.js").content)
    checked = node_check(script, module=False)
    assert checked.returncode == 0, checked.stderr


def test_a_syntax_error_is_found(tmp_path):
    broken = tmp_path / "broken.js"
    broken.write_text("const form = 1;\nconst form = 2;\n")
    assert node_check(broken, module=False).returncode != 0
