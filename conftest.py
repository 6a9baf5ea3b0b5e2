"""What every folder of tests shares, tests/ and each game's own (games/<game>/tests/): tests/conftest.py's set-up
(the properties' profile, the test-only game, a fresh cache for each test, the test database's file) and the engine
tests' check that they ran without Django."""

import sys

from tests.conftest import (  # noqa: F401 (fixtures, found by their names)
    _fresh_caches,
    _static_files_listed_once,
    django_db_modify_db_settings,
    within_one_window,
)


def pytest_sessionfinish(session, exitstatus):
    """Engine tests need no Django: ``make test`` runs them (tests/engines, each game's tests/ but its pages/) with
    ``-p no:django`` and this check."""
    if not session.config.pluginmanager.has_plugin("django") and "django" in sys.modules:
        session.exitstatus = 1
        sys.stderr.write("\nAn engine test imported Django: the engines and their tests must not.\n")
