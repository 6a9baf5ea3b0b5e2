"""The tests' Chromium (conftest.py: launch_options) opens pages without a renderer for its address bar's popup, and
keeps every feature Playwright turns off turned off: Chromium keeps only the last --disable-features switch."""

import re
import subprocess

import pytest

from .conftest import UNSEEN

pytestmark = pytest.mark.browser


def webui_renderers() -> list[str]:
    processes = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True, check=True).stdout
    return [line for line in processes.splitlines() if "--top-chrome-webui" in line]


def test_pages_open_without_a_renderer_for_the_address_bar(browser):
    before = len(webui_renderers())
    contexts = [browser.new_context() for _ in range(2)]
    try:
        for context in contexts:
            context.new_page().goto("data:text/html,<p>A page")
        assert len(webui_renderers()) == before
        page = contexts[0].new_page()
        page.goto("chrome://version")
        switches = re.findall(r"--disable-features=(\S+)", page.locator("#command_line").inner_text())
    finally:
        for context in contexts:
            context.close()
    assert len(switches) == 1, switches  # one switch: Playwright's list is not replaced by a second one
    off = switches[0].split(",")
    assert set(UNSEEN) <= set(off)
    assert {"PaintHolding", "MediaRouter", "ThirdPartyStoragePartitioning"} <= set(off)  # Playwright's own
