"""Playwright driving Debian's Chromium (/usr/bin/chromium) at phone size, against pytest-django's live server."""

import os
import shutil

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from games.models import Table

from ..factories import make_table
from .phone import keep

# Playwright's sync API runs an event loop in this thread; the tests still talk to the database synchronously.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}


def worker_port(variable: str, default: int) -> int:
    """A port of its own for each test process (pytest-xdist's gw0, gw1 …), from ``variable`` or ``default`` on."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    return int(os.environ.get(variable, default)) + 10 * int(worker.removeprefix("gw") or 0)


ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # V8 compiles Python's WebAssembly (Pyodide) with its baseline compiler only, not again with its optimising one in
    # the background: each page's Python lives seconds in a test, never long enough for that to pay back, and it was
    # a fifth of the offline tests' CPU. What runs and what it answers are the same; benchmarks/ keeps V8's defaults.
    "--js-flags=--liftoff-only",
]
# For each window (each page a test opens), Chromium starts a renderer for its address bar's popup, a WebUI page, in
# headless mode too: a process and up to a second of a core for nothing a test looks at. These features are off
# (Chromium keeps only the last --disable-features switch: they are added to Playwright's own, in launch_options).
UNSEEN = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"]
_LAUNCH = {}


def launch_options(playwright) -> dict:
    """How the tests launch Chromium: ARGS, and Playwright's --disable-features (as chrome://version shows it, read
    at the first launch in the test process) with UNSEEN added."""
    if not _LAUNCH:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_page()
            page.goto("chrome://version")
            line = page.locator("#command_line").inner_text().split()
        finally:
            browser.close()
        playwrights = next((arg for arg in line if arg.startswith("--disable-features=")), "--disable-features=")
        unseen = playwrights + ("," if playwrights[-1] != "=" else "") + ",".join(UNSEEN)
        _LAUNCH.update(executable_path=CHROMIUM, args=[*ARGS, unseen], ignore_default_args=[playwrights])
    return _LAUNCH


# A phone that keeps a table, as the tests hold it: its screen and its touch (its service worker runs: kept_phone).
KEEPING_PHONE = {"viewport": PHONE, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


@pytest.fixture(scope="session")
def playwright():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright):
    browser = playwright.chromium.launch(**launch_options(playwright))
    yield browser
    browser.close()


# What a phone that kept a table once holds and a new table does not need again: Talon's runtime (Pyodide, the
# library cut, the engine's files, the offline part's modules and words) and Python's snapshot. The table itself, its
# copy, its hands and its flag are forgotten: a phone that keeps a table from this profile keeps it as a phone keeps a
# second one (its download skips what is kept, its engine resumes from the snapshot).
FORGET_THE_TABLE = r"""async () => {
  localStorage.clear();
  const db = await new Promise((done, failed) => {
    const request = indexedDB.open("talon-offline");
    request.onsuccess = () => done(request.result);
    request.onerror = () => failed(request.error);
  });
  for (const name of db.objectStoreNames) {
    await new Promise((done) => { const tx = db.transaction(name, "readwrite"); tx.objectStore(name).clear(); tx.oncomplete = done; });
  }
  db.close();
  const cache = await caches.open("talon-kept");
  for (const request of await cache.keys()) {
    if (/^\/[tv]\//.test(new URL(request.url).pathname)) await cache.delete(request);
  }
  return (await cache.keys()).some((request) => new URL(request.url).pathname === "/offline/snapshot.bin");
}"""


# What a phone's page shows of its engine, for a start that never says it is up: the page's marks, its banner, and
# what the phone kept (the snapshot among it).
SHOWN = r"""async () => {
  const cache = await caches.open("talon-kept"), kept = (await cache.keys()).map((request) => new URL(request.url).pathname);
  const banner = document.querySelector("#offline-banner");
  return {marks: {...document.documentElement.dataset}, banner: banner && banner.innerText,
    snapshot: kept.includes("/offline/snapshot.bin"), kept: kept.length,
    worker: !!(navigator.serviceWorker && navigator.serviceWorker.controller)};
}"""


@pytest.fixture(scope="session")
def kept_runtimes(playwright, django_db_setup, django_db_blocker, tmp_path_factory):
    """``at(origin)``: the profile of a phone that has kept Talon's runtime from ``origin`` and forgotten the table it
    kept it with, made at its first use in the test process and reused (the origin is part of what a phone keeps: the
    live server's address, or a relay's in front of it). A full start of Python made once, not once a test."""
    made = {}

    def at(origin):
        if origin not in made:
            profile = tmp_path_factory.mktemp("kept-runtime")
            with django_db_blocker.unblock():  # the live server answers the phone from the database meanwhile
                _keep_the_runtime(playwright, origin, profile)
            made[origin] = profile  # only once made whole: a keeping that failed is tried afresh by the next test
        return made[origin]

    return at


def _keep_the_runtime(playwright, origin, profile):
    table = make_table()
    context = kept_phone(playwright, origin, profile)
    try:
        page = context.new_page()
        keep(page, table)
        # Python's snapshot: made by the engine's first full start before it says it is up; the hand form's engine
        # resumes from it, or (were the keeping's start cut short) starts in full and makes it
        page.goto(f"/t/{table.edit_token}/hands/new/")
        try:
            page.wait_for_selector("html[data-engine=phone]", timeout=60_000)  # seconds, where it takes one or two
        except PlaywrightTimeout:
            raise AssertionError(
                f"the kept table's hand form has no engine after 60 s: {page.evaluate(SHOWN)}"
            ) from None
        page.goto("/healthz")  # a page of the origin that opens nothing of the table's
        assert page.evaluate(FORGET_THE_TABLE), "the runtime was kept without Python's snapshot"
        context.clear_cookies()
    finally:
        context.close()
        Table.objects.filter(pk=table.pk).delete()


def kept_phone(playwright, origin, profile):
    """A phone whose service worker runs, with the profile ``profile`` (the other browser tests block it)."""
    return playwright.chromium.launch_persistent_context(
        profile, **launch_options(playwright), base_url=origin, service_workers="allow", **KEEPING_PHONE
    )


def copy_of(profile, tmp_path):
    """A phone of the test's own: a copy of ``profile``, which nothing else uses."""
    copy = tmp_path / "profile"
    shutil.copytree(profile, copy, symlinks=True)
    return copy


RELAY_PORT = worker_port("TALON_PROXY_TEST_PORT", 8154)


@pytest.fixture
def server(playwright, kept_runtimes, live_server, tmp_path):
    """A phone (its service worker runs) that reaches the live server through a relay (relay.py: ``Server``), which
    passes everything on until the test stops, freezes or slows it: (relay, context). The relay has the same port in
    every test of a process (the phone's origin), and the phone has kept Talon's runtime from it once before
    (kept_runtimes): one origin, so one runtime kept, for every phone of the process."""
    from .relay import Server

    relay = Server(("127.0.0.1", int(live_server.url.rsplit(":", 1)[1])), RELAY_PORT)
    try:  # the port freed whatever happens, or every later test of the process would find it taken
        profile = copy_of(kept_runtimes(relay.url), tmp_path)
        with relay.lock:
            relay.answered.clear()  # what keeping the runtime asked for, the first time
        context = kept_phone(playwright, relay.url, profile)
        context.set_default_timeout(20_000)
        yield relay, context
        context.close()
    finally:
        relay.stop()


@pytest.fixture
def phone(browser, live_server):
    # Service workers would keep fetching from the test server after a test ends; test_pwa.py covers them.
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        base_url=live_server.url,
        service_workers="block",
    )
    page = context.new_page()
    page.set_default_timeout(20_000)  # a busy 2-core machine
    yield page
    context.close()
