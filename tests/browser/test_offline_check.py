"""The scorekeeper's simplest evening without signal (../shared/tools/offline-check), on Talon served as its users
serve it: at home as ``make serve`` starts it (TALON_HOME=1, ``manage.py serve_lan``, static files from their
folders) and under the README's Deploy settings (collectstatic with hashed names, gunicorn). A new phone imports a
Czech table, keeps it (its first keeping: the whole download), records two hands online through the hand form at once
(without waiting for its engine), loses signal and opens the table: it shows the server's totals, not marked as
unsure, and the hand form scores on the phone after them. Then, with signal again, each other change online in turn
(an edit, a delete, an undo, another phone's hand brought by the live poll), and after each the same without signal:
one phone and one keeping for all five, as an evening goes on (a keeping for each was the same download five times).
The totals are checked against ``settle`` of the server's export, computed here."""

import json
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

from games.engines.table import settle

from .conftest import PHONE, worker_port
from .phone import enter_czech, keep, save

ROOT = Path(__file__).resolve().parents[2]
PORT = worker_port("TALON_OFFLINE_CHECK_PORT", 8153)
expect.set_options(timeout=30_000)
PLAYERS = ["Anna", "Bára", "Cyril", "Dana"]
DOC = {"game": "czech-taroky", "players": PLAYERS, "hands": [{"povinnost": "Anna", "partner": "Cyril", "points": 60}]}
TOTALS = "#top .totals .total .score"


def serve(mode: str, tmp: Path) -> tuple[subprocess.Popen, str]:
    """Talon as ``make serve`` starts it ("home") or under the Deploy settings behind gunicorn ("deploy")."""
    leave_out = (
        "DATABASE_URL",
        "DJANGO_SETTINGS_MODULE",
        "DJANGO_ALLOW_ASYNC_UNSAFE",
        "TALON_PRODUCTION",
        "DEBUG",
        "SECRET_KEY",
        "TALON_HOME",
    )
    env = {
        **{k: v for k, v in os.environ.items() if k not in leave_out},
        "DATABASE_URL": f"sqlite:///{tmp}/talon.sqlite3",
    }
    python = sys.executable
    if mode == "home":
        env.update(TALON_HOME="1", TALON_SECRET_KEY_FILE=str(tmp / "secret"))
        commands = [["migrate", "--noinput", "-v0"]]
        server = [python, "manage.py", "serve_lan", "--host", "127.0.0.1", "--port", str(PORT)]
    else:
        env.update(
            TALON_PRODUCTION="1",
            SECURE_SSL_REDIRECT="0",
            SECRET_KEY=secrets.token_urlsafe(50),
            ALLOWED_HOSTS="127.0.0.1",
            STATIC_ROOT=f"{tmp}/static",
        )
        commands = [["migrate", "--noinput", "-v0"], ["collectstatic", "--noinput", "-v0"]]
        server = [
            str(Path(python).parent / "gunicorn"),
            "scorekeeper.wsgi",
            "--bind",
            f"127.0.0.1:{PORT}",
            "--workers",
            "2",
            "--log-level",
            "warning",
            "--no-control-socket",
        ]
    for command in commands:
        subprocess.run([python, "manage.py", *command], cwd=ROOT, env=env, check=True)
    process = subprocess.Popen(server, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{PORT}"
    for _ in range(300):
        try:
            urllib.request.urlopen(base + "/healthz", timeout=1).read()
            return process, base
        except OSError:
            time.sleep(0.1)
    process.terminate()
    raise AssertionError(f"Talon ({mode}) did not start")


# Each way of serving Talon in one test process (pytest-xdist's loadgroup): its server started once.
MODES = [
    pytest.param(mode, marks=[pytest.mark.long, pytest.mark.xdist_group(f"offline-check {mode}")])
    for mode in ("home", "deploy")
]


@pytest.fixture(scope="module", params=MODES)
def served(request, tmp_path_factory):
    process, base = serve(request.param, tmp_path_factory.mktemp(request.param))
    try:
        yield base
    finally:
        process.terminate()
        process.wait(timeout=10)


def new_phone(browser, base, *, keeps=True):
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        base_url=base,
        service_workers="allow" if keeps else "block",
    )
    context.set_default_timeout(30_000)
    return context


def import_table(page) -> str:
    page.goto("/import/")
    page.fill("textarea[name=document]", json.dumps(DOC))
    page.locator("form:has(textarea[name=document]) button[type=submit]").first.click()
    page.wait_for_url(re.compile(r"/t/[^/]+/$"))
    return page.url


def record(page, table, partner, points):
    """As a scorekeeper does it: the form opened, a partner tapped, the points typed, Save at once."""
    page.goto(table + "hands/new/")
    enter_czech(page, {"partner": partner, "points": points})
    save(page)
    page.wait_for_url(re.compile(r"/t/[^/]+/$"))


def edit_third(page, table, browser):
    page.goto(table + "hands/3/edit/")
    enter_czech(page, {"partner": "Cyril", "points": 20})
    save(page, "Save changes")
    page.wait_for_url(re.compile(r"/t/[^/]+/$"))


def delete_third(page, table, browser):
    page.goto(table + "hands/3/")
    page.get_by_role("button", name="Delete this hand").click()
    page.wait_for_url(re.compile(r"/t/[^/]+/$"))
    page.locator("h1.table-title").wait_for()


def undo(page, table, browser):
    """The undo is sent once the server answers (the phone asks first): its page is the next one, not this one."""
    before = page.locator("#live").get_attribute("data-version")
    page.get_by_role("button", name="Undo the last change").click()
    expect(page.locator("#live")).not_to_have_attribute("data-version", before)
    page.locator("h1.table-title").wait_for()


def another_phone(page, table, browser):
    """Another phone records a hand; this one stays on the table page and its live poll brings it."""
    before = page.locator("#live").get_attribute("data-version")
    other = new_phone(browser, re.match(r"https?://[^/]+", table).group(0), keeps=False)
    try:
        record(other.new_page(), table, "Anna", 55)
    finally:
        other.close()
    expect(page.locator("#live")).not_to_have_attribute("data-version", before)


CHANGES = {
    "two hands": None,
    "an edit": edit_third,
    "a delete": delete_third,
    "an undo": undo,
    "another phone": another_phone,
}


def written(value: int) -> str:
    return f"\u2212{-value}" if value < 0 else str(value)


def export(table: str) -> dict:
    """What the server holds (its JSON export)."""
    with urllib.request.urlopen(table + "export.json", timeout=10) as answer:
        return json.loads(answer.read())


def test_the_kept_table_shows_the_servers_totals_without_signal(browser, served):
    context = new_phone(browser, served)
    try:
        page = context.new_page()
        table = import_table(page)
        keep(page)
        record(page, table, "Dana", 40)
        record(page, table, "Bára", 71)
        for change, make in CHANGES.items():
            if make:
                page.goto(table)
                make(page, table, browser)
            shows_the_servers_totals_without_signal(context, page, table, f"after {change}")
    finally:
        context.close()


def shows_the_servers_totals_without_signal(context, page, table, after):
    """The signal lost: the kept table shows the server's totals, sure, and its hand form scores the next hand on the
    phone after them; then the signal is back."""
    held = export(table)
    expected = [written(settle(held)["totals"][name]) for name in PLAYERS]
    expect(page.locator(TOTALS), after).to_have_text(expected)  # online, the server's page
    page.wait_for_timeout(5_000)  # a person looks at the totals before the signal goes

    context.set_offline(True)
    page.goto(table)
    expect(page.locator(TOTALS), after).to_have_text(expected)
    expect(page.locator("#top .totals.unsure"), after).to_have_count(0)
    page.goto(table + "hands/new/")
    page.wait_for_selector("html[data-engine=phone]", timeout=60_000)
    enter_czech(page, {"partner": "Anna", "points": 50})
    expect(page.locator("#preview"), after).to_contain_text("Computed on this phone")  # scored on the current copy
    hand = {
        "povinnost": page.locator("input[name=povinnost]:checked").input_value(),
        "partner": "Anna",
        "points": 50,
    }
    payout = settle({**held, "hands": [*held["hands"], hand]})["hands"][-1]["scores"]
    expect(page.locator("#preview .score"), after).to_have_text([written(payout[name]) for name in PLAYERS])
    context.set_offline(False)
