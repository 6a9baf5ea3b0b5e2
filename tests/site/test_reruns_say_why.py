"""A browser test run again (pytest-rerunfailures) is listed with why it failed the first time (tests/conftest.py):
each place in the project's own code the failure went through, and what it says. The race is mended from that
failure, which the plugin does not print."""

from types import SimpleNamespace

from tests import conftest

FAILURE = """tests/browser/test_offline.py:97: in test_x
    page.locator("h1.table-title").wait_for()
.venv/lib/python3.11/site-packages/playwright/sync_api/_generated.py:17904: in wait_for
    self._sync(self._impl_obj.wait_for(timeout=timeout, state=state))
tests/browser/phone.py:44: in keep
    page.locator("[data-keep-status]").wait_for()
    >           return await func()
    E           playwright._impl._errors.TimeoutError: Locator.wait_for: Timeout 20000ms exceeded.
    E             - waiting for locator("h1.table-title") to be visible"""


class Terminal:
    def __init__(self):
        self.lines = []

    def section(self, title):
        self.lines.append(f"== {title} ==")

    def write_line(self, line):
        self.lines.append(line)


def report(outcome, failure=""):
    return SimpleNamespace(outcome=outcome, nodeid="tests/browser/test_offline.py::test_x", longreprtext=failure)


def test_a_rerun_is_listed_with_the_places_and_the_words_of_its_first_failure(monkeypatch):
    monkeypatch.setattr(conftest, "RERUNS", [])
    conftest.pytest_runtest_logreport(report("rerun", FAILURE))
    conftest.pytest_runtest_logreport(report("passed"))
    terminal = Terminal()
    conftest.pytest_terminal_summary(terminal)
    assert terminal.lines == [
        "== why each rerun failed ==",
        "tests/browser/test_offline.py::test_x:",
        "    tests/browser/test_offline.py:97: in test_x",
        "    tests/browser/phone.py:44: in keep",
        "        E           playwright._impl._errors.TimeoutError: Locator.wait_for: Timeout 20000ms exceeded.",
        '        E             - waiting for locator("h1.table-title") to be visible',
    ]


def test_without_a_rerun_nothing_is_added(monkeypatch):
    monkeypatch.setattr(conftest, "RERUNS", [])
    conftest.pytest_runtest_logreport(report("failed", FAILURE))
    terminal = Terminal()
    conftest.pytest_terminal_summary(terminal)
    assert terminal.lines == []
