"""No signal under the Deploy settings: static files collected with hashed names and compressed (whitenoise's
CompressedManifestStaticFilesStorage), served by gunicorn as in production. Keeping a table starts the engine (the
worker arrives under its hashed name and may still compile WebAssembly), each runtime file is downloaded once, and
later, without signal, the engine starts from what was kept and a hand recorded then reaches the server."""

import os
import re
import secrets
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.offline.bundle import OFFLINE_MODULES
from games.offline.views import RUNTIME_FILES

from .conftest import PHONE, worker_port
from .phone import enter_czech, keep
from .test_offline import record_offline

ROOT = Path(__file__).resolve().parents[2]
PORT = worker_port("TALON_DEPLOY_TEST_PORT", 8151)
expect.set_options(timeout=30_000)

KEPT_MODULES = """async () => {
  const cache = await caches.open("talon-kept"), root = document.getElementById("offline");
  const runtime = await (await cache.match(root.dataset.runtimeUrl)).json();
  const kept = await Promise.all(runtime.scripts.map(async (url) => [url, !!(await cache.match(url))]));
  return Object.fromEntries(kept);
}"""


@pytest.fixture(scope="module")
def deployed(tmp_path_factory):
    """Talon as deployed: collectstatic into a temporary folder, a SQLite database, gunicorn on 127.0.0.1."""
    tmp = tmp_path_factory.mktemp("deploy")
    leave_out = ("DATABASE_URL", "DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE")
    env = {
        **{k: v for k, v in os.environ.items() if k not in leave_out},
        "DATABASE_URL": f"sqlite:///{tmp}/talon.sqlite3",
        "TALON_PRODUCTION": "1",
        "SECURE_SSL_REDIRECT": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1",
        "STATIC_ROOT": f"{tmp}/static",
    }
    python = sys.executable
    for command in (["migrate", "--noinput", "-v0"], ["collectstatic", "--noinput", "-v0"]):
        subprocess.run([python, "manage.py", *command], cwd=ROOT, env=env, check=True)
    assert list((tmp / "static" / "js").glob("engine-worker.*.js.gz"))  # hashed and compressed, as deployed
    log = tmp / "access.log"
    server = subprocess.Popen(
        [
            str(Path(python).parent / "gunicorn"),
            "scorekeeper.wsgi",
            "--bind",
            f"127.0.0.1:{PORT}",
            "--workers",
            "1",
            "--threads",
            "4",
            "--log-level",
            "warning",
            "--access-logfile",
            str(log),
            "--no-control-socket",
        ],
        cwd=ROOT,
        env=env,
    )
    base = f"http://127.0.0.1:{PORT}"
    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/healthz", timeout=1).read()
            break
        except OSError:
            time.sleep(0.1)

    def shell(code: str) -> str:
        done = subprocess.run(
            [python, "manage.py", "shell", "-v0", "-c", code],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        )
        return done.stdout.strip().splitlines()[-1]

    try:
        yield base, log, shell
    finally:
        server.terminate()
        server.wait(timeout=10)


def runtime_downloads(log: Path) -> dict[str, int]:
    """How often each runtime file was asked of the server, under any name (plain or hashed)."""
    counts = dict.fromkeys(RUNTIME_FILES, 0)
    for path in re.findall(r'"GET (/static/pyodide/[^ ?"]+)', log.read_text()):
        name = re.sub(r"\.[0-9a-f]{12}(?=\.)", "", path.rsplit("/", 1)[-1])
        if name in counts:
            counts[name] += 1
    return counts


def test_keeping_a_table_works_under_the_deploy_settings(browser, deployed):
    base, log, shell = deployed
    token = shell(
        "from games.tables import services\n"
        "t = services.create_table(game='czech-taroky', players=['Anna', 'Bára', 'Cyril', 'Dana'])\n"
        "services.record_hand(t, {'povinnost': 'Anna', 'partner': 'Cyril', 'points': 70})\n"
        "print(t.edit_token)"
    )
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, base_url=base, service_workers="allow"
    )
    context.set_default_timeout(20_000)
    violations = []
    context.on(
        "console",
        lambda message: violations.append(message.text) if "Content Security Policy" in message.text else None,
    )
    try:
        page = context.new_page()
        table = type("Kept", (), {"edit_token": token})
        keep(page, table)  # the engine ran: "This phone keeps this table working without signal."
        assert page.locator("#offline").get_attribute("data-worker-url") != "/static/js/engine-worker.js"
        assert page.evaluate(f"localStorage.getItem('talon-kept:{token}')") == "1"
        assert runtime_downloads(log) == dict.fromkeys(RUNTIME_FILES, 1)  # each file once, none twice
        assert log.read_text().count("GET /offline/stdlib.zip") == 1  # the library cut to what the phone runs
        assert "python_stdlib.zip" not in log.read_text()  # not the whole of it

        context.set_offline(True)  # later, without signal: everything comes from what the phone kept
        page.goto(f"/t/{token}/")
        modules = page.evaluate(KEPT_MODULES)  # every module of the offline part, under its hashed name
        assert len(modules) == len(OFFLINE_MODULES) and all(modules.values()), modules
        assert all(re.search(r"\.[0-9a-f]{12}\.js$", url) for url in modules), modules
        described = page.locator("#hand-rows tr.what a").first  # its page needs signal: said once, under the list
        expect(described).to_have_attribute("data-needs-signal", "")
        assert "line-through" not in described.evaluate("(a) => getComputedStyle(a).textDecorationLine")
        expect(page.locator("section:has(#hand-rows) .needs-signal")).to_have_count(1)
        record_offline(page, "czech-taroky", table, {"povinnost": "Bára", "partner": "Dana", "points": 40}, enter_czech)
        expect(page.locator("tr.pending th")).to_have_text(["2"])
        assert runtime_downloads(log) == dict.fromkeys(RUNTIME_FILES, 1)

        context.set_offline(False)
        expect(page.locator("tr.pending")).to_have_count(0, timeout=30_000)
        assert (
            shell(f"from games.models import Table; print(Table.objects.get(edit_token='{token}').hand_count)") == "2"
        )
        assert violations == []
    finally:
        context.close()
