"""A browser test run again (pytest-rerunfailures) is listed with why it failed the first time (tests/conftest.py):
the race is mended from that failure, which the plugin does not print."""

from types import SimpleNamespace

from tests import conftest


class Terminal:
    def __init__(self):
        self.lines = []

    def section(self, title):
        self.lines.append(f"== {title} ==")

    def write_line(self, line):
        self.lines.append(line)


def test_a_rerun_is_listed_with_the_end_of_its_first_failure(monkeypatch):
    monkeypatch.setattr(conftest, "RERUNS", [])
    why = "\n".join(f"frame {n}" for n in range(40)) + "\nE   AssertionError: shown 3.1 s after the page"
    conftest.pytest_runtest_logreport(
        SimpleNamespace(outcome="rerun", nodeid="tests/browser/test_offline.py::test_x", longreprtext=why)
    )
    conftest.pytest_runtest_logreport(
        SimpleNamespace(outcome="passed", nodeid="tests/browser/test_offline.py::test_x", longreprtext="")
    )
    terminal = Terminal()
    conftest.pytest_terminal_summary(terminal)
    assert terminal.lines[:2] == ["== why each rerun failed ==", "tests/browser/test_offline.py::test_x:"]
    assert terminal.lines[-1] == "    E   AssertionError: shown 3.1 s after the page"
    assert len(terminal.lines) == 2 + conftest.WHY_LINES and "frame 0" not in "\n".join(terminal.lines)


def test_without_a_rerun_nothing_is_added(monkeypatch):
    monkeypatch.setattr(conftest, "RERUNS", [])
    terminal = Terminal()
    conftest.pytest_terminal_summary(terminal)
    assert terminal.lines == []
