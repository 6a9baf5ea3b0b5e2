"""`--database-tests-only` (make test's PostgreSQL run) leaves out exactly the tests that cannot reach the database:
those without pytest-django's mark and without a fixture that opens it, themselves or through another fixture."""

from types import SimpleNamespace

import pytest

from tests.conftest import pytest_collection_modifyitems, reaches_the_database


class Item(SimpleNamespace):
    def get_closest_marker(self, name):
        return self.marks.get(name)

    def add_marker(self, marker):
        self.added.append(marker)


def item(name, marks=(), fixtures=()):
    return Item(name=name, marks={mark: pytest.mark.django_db for mark in marks}, fixturenames=list(fixtures), added=[])


def collected():
    return [
        item("pure", fixtures=["settings", "tmp_path"]),
        item("marked", marks=["django_db"]),
        item("through a fixture", fixtures=["make_table", "db"]),
        item("live", fixtures=["live_server"]),
        item("module data", fixtures=["django_db_setup"]),
        item("client only", fixtures=["client"]),
    ]


def run(only: bool):
    deselected = []
    config = SimpleNamespace(
        getoption=lambda name, default=None: only if name == "--database-tests-only" else default,
        hook=SimpleNamespace(pytest_deselected=lambda items: deselected.extend(items)),
        rootpath=None,
    )
    items = collected()
    for each in items:
        each.path = SimpleNamespace(relative_to=lambda root: SimpleNamespace(parts=("tests", "site")))
    pytest_collection_modifyitems(config, items)
    return [each.name for each in items], [each.name for each in deselected]


def test_the_option_leaves_out_the_tests_that_cannot_reach_the_database_and_says_so():
    kept, deselected = run(only=True)
    assert kept == ["marked", "through a fixture", "live", "module data"]
    assert deselected == ["pure", "client only"]


def test_without_it_every_test_runs():
    kept, deselected = run(only=False)
    assert kept == [each.name for each in collected()] and not deselected


@pytest.mark.parametrize("fixture", ["db", "transactional_db", "live_server", "django_db_setup"])
def test_each_way_in_counts(fixture):
    assert reaches_the_database(item("t", fixtures=[fixture]))
    assert not reaches_the_database(item("t", fixtures=["client", "settings", "rf"]))
