"""Engine tests need no Django: ``make test`` runs this folder with ``-p no:django`` and this check."""

import sys


def pytest_sessionfinish(session, exitstatus):
    if not session.config.pluginmanager.has_plugin("django") and "django" in sys.modules:
        session.exitstatus = 1
        sys.stderr.write("\nAn engine test imported Django: the engines and their tests must not.\n")
