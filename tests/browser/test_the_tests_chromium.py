"""The tests' Chromium (conftest.py: launch_options) opens pages without a renderer for its address bar's popup, and
keeps every feature Playwright turns off turned off: Chromium keeps only the last --disable-features switch."""

import os
import re
import subprocess

import pytest

from .conftest import UNSEEN

pytestmark = pytest.mark.browser


def our_chromium() -> list[str]:
    """The address bar's renderers among this test process's own descendants (its Playwright driver's Chromium),
    not another Chromium that happens to run on the machine."""
    processes = subprocess.run(["ps", "-eo", "pid=,ppid=,args="], capture_output=True, text=True, check=True).stdout
    rows = [line.split(None, 2) for line in processes.splitlines() if len(line.split(None, 2)) == 3]
    children: dict[str, list[str]] = {}
    for pid, ppid, _args in rows:
        children.setdefault(ppid, []).append(pid)
    ours, todo = set(), [str(os.getpid())]
    while todo:
        pid = todo.pop()
        ours.add(pid)
        todo.extend(children.get(pid, []))
    return [args for pid, _ppid, args in rows if pid in ours and "chromium" in args]


def webui_renderers() -> list[str]:
    return [args for args in our_chromium() if "--top-chrome-webui" in args]


def test_pages_open_without_a_renderer_for_the_address_bar(browser):
    assert our_chromium(), "the count would see nothing: the test's Chromium is not among this process's children"
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
