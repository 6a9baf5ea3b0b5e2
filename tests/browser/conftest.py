"""Playwright driving Debian's Chromium (/usr/bin/chromium) at phone size, against pytest-django's live server."""

import os

import pytest

# Playwright's sync API runs an event loop in this thread; the tests still talk to the database synchronously.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}


def worker_port(variable: str, default: int) -> int:
    """A port of its own for each test process (pytest-xdist's gw0, gw1 …), from ``variable`` or ``default`` on."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    return int(os.environ.get(variable, default)) + 10 * int(worker.removeprefix("gw") or 0)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield browser
        browser.close()


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
