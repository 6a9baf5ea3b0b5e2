"""No signal at the table with Talon at home (``make serve``: TALON_HOME=1, static files served by whitenoise
straight from their folders under their own names, nothing collected). A file changed between two starts of the
server (a new module of the offline part, which its entry imports) reaches a phone that keeps a table at its next
contact: the service worker asks the server first for static files whose names carry no hash, and the phone keeps the
new file for when there is no signal.

The server runs from a copy of the project (its static files may then be changed) on 127.0.0.1."""

import os
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, worker_port
from .phone import keep

ROOT = Path(__file__).resolve().parents[2]
PORT = worker_port("TALON_HOME_TEST_PORT", 8152)
expect.set_options(timeout=30_000)

KEPT_SCRIPT = """async () => { const hit = await (await caches.open("talon-kept")).match("/static/js/offline/store.js");
  return hit ? hit.text() : ""; }"""


class Home:
    """Talon at home from a copy of the project: started, stopped and started again like ``make serve``."""

    def __init__(self, folder: Path):
        self.folder, self.server = folder, None
        for part in ("games", "scorekeeper", "templates", "static", "locale"):
            shutil.copytree(ROOT / part, folder / part, ignore=shutil.ignore_patterns("__pycache__"))
        for part in ("manage.py", "package.json"):
            shutil.copy(ROOT / part, folder / part)
        (folder / "node_modules").symlink_to(ROOT / "node_modules")
        leave_out = (
            "DATABASE_URL",
            "DJANGO_SETTINGS_MODULE",
            "DJANGO_ALLOW_ASYNC_UNSAFE",
            "TALON_PRODUCTION",
            "DEBUG",
            "SECRET_KEY",
        )
        self.env = {
            **{k: v for k, v in os.environ.items() if k not in leave_out},
            "TALON_HOME": "1",
            "DATABASE_URL": f"sqlite:///{folder}/talon.sqlite3",
            "TALON_SECRET_KEY_FILE": str(folder / "secret"),
        }
        self.url = f"http://127.0.0.1:{PORT}"
        self.manage("migrate", "--noinput", "-v0")

    def manage(self, *command: str) -> str:
        done = subprocess.run(
            [sys.executable, "manage.py", *command],
            cwd=self.folder,
            env=self.env,
            check=True,
            capture_output=True,
            text=True,
        )
        return done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""

    def start(self):
        self.server = subprocess.Popen(
            [sys.executable, "manage.py", "serve_lan", "--host", "127.0.0.1", "--port", str(PORT)],
            cwd=self.folder,
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(300):
            try:
                urllib.request.urlopen(self.url + "/healthz", timeout=1).read()
                return
            except OSError:
                time.sleep(0.1)
        raise AssertionError("Talon at home did not start")

    def stop(self):
        self.server.terminate()
        self.server.wait(timeout=10)


@pytest.fixture
def home(tmp_path):
    home = Home(tmp_path)
    home.start()
    yield home
    home.stop()


def test_a_changed_static_file_reaches_a_kept_phone_at_its_next_contact(browser, home):
    token = home.manage(
        "shell",
        "-v0",
        "-c",
        "from games.tables import services\n"
        "t = services.create_table(game='czech-taroky', players=['Anna', 'Bára', 'Cyril', 'Dana'])\n"
        "services.record_hand(t, {'povinnost': 'Anna', 'partner': 'Cyril', 'points': 70})\n"
        "print(t.edit_token)",
    )
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        base_url=home.url,
        service_workers="allow",
    )
    context.set_default_timeout(20_000)
    try:
        page = context.new_page()
        keep(page, type("Kept", (), {"edit_token": token}))
        assert page.locator("#offline").get_attribute("data-script") == "/static/js/offline/main.js"  # its own name
        assert page.evaluate("document.documentElement.dataset.release") is None

        home.stop()  # a new module (the entry imports it), under the same name, and the server started again
        script = home.folder / "static" / "js" / "offline" / "store.js"
        script.write_text(script.read_text() + '\ndocument.documentElement.dataset.release = "2";\n')
        home.start()
        page.goto(f"/t/{token}/")  # the next contact: the new file, not the one the phone kept
        expect(page.locator("html")).to_have_attribute("data-release", "2")
        for _ in range(100):  # and the phone keeps it for when there is no signal
            if 'release = "2"' in page.evaluate(KEPT_SCRIPT):
                break
            page.wait_for_timeout(200)
        assert 'release = "2"' in page.evaluate(KEPT_SCRIPT)

        context.set_offline(True)
        page.goto(f"/t/{token}/")
        expect(page.locator("html")).to_have_attribute("data-release", "2")
        page.locator(".actions a.button.primary").click()
        page.wait_for_selector("html[data-engine=phone]", timeout=60_000)  # the engine starts from what was kept
    finally:
        context.close()
