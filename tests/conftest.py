import os
import re
import sys
from types import SimpleNamespace

import pytest
from hypothesis import settings

import games.registry
from tests import hearts

# Properties are checked for what they find, not for time: a 200 ms deadline fails examples that pass alone whenever
# the machine is busy (two cores, browsers beside). Speed has its benchmarks. Under CI (CI=true) the examples are
# drawn the same way every run (derandomize): a landing is judged on what a fresh `CI=true make test` here showed,
# while every other run searches afresh and a case it finds becomes a test of its own.
settings.register_profile("talon", deadline=None, derandomize=os.environ.get("CI") == "true")
settings.load_profile("talon")

# A game that is not in the list, through every test that covers every game (its templates are found in its folder, as
# every game's are: scorekeeper.game_files).
games.registry.add(hearts.GAME)


@pytest.fixture(autouse=True, scope="session")
def _static_files_listed_once():
    """WhiteNoise lists every static file (its name, size and headers) each time a handler is built, and Django's
    test client builds one for each client: thousands in a run, a fifth of a second each. The files, and the settings
    that shape their answers, do not change in a run: they are listed once for each set of those settings."""
    if "django.conf" not in sys.modules or not sys.modules["django.conf"].settings.configured:
        yield  # the engine tests, without Django
        return
    from django.conf import settings
    from whitenoise.middleware import WhiteNoiseMiddleware

    listed, list_them = {}, WhiteNoiseMiddleware.add_files_from_finders

    def add_files_from_finders(self):
        shaping = sorted(
            (name, repr(getattr(settings, name))) for name in dir(settings) if name.startswith("WHITENOISE")
        )
        key = (self.static_prefix, self.max_age, repr(settings.STATICFILES_DIRS), repr(settings.STORAGES), *shaping)
        if key not in listed:
            before = dict(self.files)
            list_them(self)
            listed[key] = {url: file for url, file in self.files.items() if before.get(url) is not file}
        self.files.update(listed[key])

    WhiteNoiseMiddleware.add_files_from_finders = add_files_from_finders
    yield
    WhiteNoiseMiddleware.add_files_from_finders = list_them


@pytest.fixture(autouse=True)
def _fresh_caches():
    """Each test starts with no client counted against the limit of long pages and no what-if kept (the engine
    tests run without Django, which they must not import: nothing to clear)."""
    if "django.conf" in sys.modules and sys.modules["django.conf"].settings.configured:
        from django.core.cache import caches

        for name in ("limits", "what_if", "boards"):
            caches[name].clear()
    yield
    if "django.utils.translation" in sys.modules and sys.modules["django.conf"].settings.configured:
        from django.utils import translation

        translation.deactivate()  # a page's language never leaks into the next test


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    """On SQLite the test database is a file, not Django's shared in-memory one: the live server answers each of a
    browser's requests in a thread of its own, and with the in-memory database every thread would use one and the
    same connection, so that two requests at once (a page and the files a phone keeps) trip over each other's
    statements ("database table is locked") where a real server's requests never do."""
    import os
    import tempfile

    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"].endswith("sqlite3") and not database.get("TEST", {}).get("NAME"):
        folder = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else tempfile.gettempdir()
        database.setdefault("TEST", {})["NAME"] = os.path.join(folder, f"talon-test-{os.getpid()}.sqlite3")


@pytest.fixture
def within_one_window(monkeypatch):
    """The allowance of long pages is counted per window of TALON_EXPENSIVE_WINDOW seconds: a test that counts
    requests against it happens inside one window, or a boundary crossed between two requests (a second on a
    loaded machine) would start the count afresh."""
    monkeypatch.setattr("games.lib.limits.time", SimpleNamespace(time=lambda: 1_800_000_030.0))


BROWSER_TESTS = "browser"  # the folder of the tests that drive Chromium
# What a test reaches the database through (pytest-django's fixtures; a test's fixtures include those of its fixtures).
DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "live_server",
    "django_db_setup",
}


def pytest_addoption(parser):
    parser.addoption(
        "--database-tests-only",
        action="store_true",
        help="only the tests that reach the database: a second database's run (make test: PostgreSQL after SQLite), "
        "where a test that cannot reach it would prove nothing the first run did not",
    )


def reaches_the_database(item) -> bool:
    """Whether a test can reach the database: pytest-django blocks it for every test without its mark or fixtures."""
    fixtures = set(getattr(item, "fixturenames", ()))
    return item.get_closest_marker("django_db") is not None or bool(DATABASE_FIXTURES & fixtures)


def pytest_collection_modifyitems(config, items):
    """Each browser test may be run again, up to twice (pytest-rerunfailures; the summary lists every rerun: a race to
    mend, not a pass), and the longest of them (marked ``long``) run first: the short ones then fill both processes to
    the end, where a long test started last would leave one core idle for a minute. With --database-tests-only, the
    tests that cannot reach the database are left out (and counted as deselected)."""
    if config.getoption("--database-tests-only", default=False):
        reach = [reaches_the_database(item) for item in items]
        if not all(reach):
            config.hook.pytest_deselected(items=[item for item, reaches in zip(items, reach) if not reaches])
            items[:] = [item for item, reaches in zip(items, reach) if reaches]
    for item in items:
        if BROWSER_TESTS in item.path.relative_to(config.rootpath).parts[:2]:
            item.add_marker(pytest.mark.flaky(reruns=2))
    items.sort(key=lambda item: item.get_closest_marker("long") is None)  # stable: each file's tests stay in order


RERUNS: list[tuple[str, str]] = []  # (test, why it failed the first time): the reruns' own failures
# Where a failure was made: a place in the project's own code ("tests/browser/relay.py:72: in …"), not in a library's.
OWN_PLACE = re.compile(r"^(?:tests|games|scorekeeper)/\S+:\d+: ")


def pytest_runtest_logreport(report):
    if report.outcome == "rerun":
        RERUNS.append((report.nodeid, report.longreprtext))


def why(failure: str) -> list[str]:
    """A failure in short: each place in the project's own code it went through, then what it says (its "E" lines)."""
    lines = failure.splitlines()
    said = [line for line in lines if line.lstrip().startswith("E ")]
    return [line for line in lines if OWN_PLACE.match(line)] + said


def pytest_terminal_summary(terminalreporter):
    """Why each rerun test failed before it passed: the summary names it (-rR), and a race is mended from its failure,
    which pytest-rerunfailures does not print."""
    if RERUNS:
        terminalreporter.section("why each rerun failed")
        for test, failure in RERUNS:
            terminalreporter.write_line(f"{test}:")
            for line in why(failure):
                terminalreporter.write_line(f"    {line}")
