"""The ratings follow a table's change only through its one announcement (games.tables.signals.table_changed, sent
inside the change's transaction; the import-linter contract in pyproject.toml keeps the table services from calling
the ratings' write side): a table joining a circle, and a table imported whole, are announced like a hand, and the
ratings that follow them are the same as before."""

import pytest
from django.db import connection

from games.models import Circle, RatedEvent, Rating
from games.ratings import store as ratings_store
from games.tables import services
from games.tables.signals import table_changed
from tests.factories import make_table, team_hand

pytestmark = pytest.mark.django_db

CLOSE = {"closing": True}
FOUR = ["Anna", "Bára", "Cyril", "Dana"]


@pytest.fixture
def heard():
    """Every announcement of a table's change, with whether it came inside a transaction."""
    found = []

    def listen(sender, **kwargs):
        found.append({**kwargs, "inside": connection.in_atomic_block})

    table_changed.connect(listen, dispatch_uid="test-heard")
    yield found
    table_changed.disconnect(dispatch_uid="test-heard")


def rated_in(circle: Circle) -> set[str]:
    return set(Rating.objects.filter(circle=circle).values_list("player", flat=True))


def test_a_finished_table_moving_between_circles_is_announced_with_both_and_counts_only_in_the_new_one(heard):
    tuesday = Circle.objects.create(name="Tuesday", players=FOUR)
    friday = Circle.objects.create(name="Friday", players=FOUR)
    table = make_table(players=FOUR, hands=[team_hand(points=70), CLOSE])
    services.add_to_circle(table, tuesday)
    assert rated_in(tuesday) == set(FOUR)
    heard.clear()
    services.add_to_circle(table, friday)
    assert [(said["table"].pk, said["circles"], said["inside"]) for said in heard] == [
        (table.pk, tuple(sorted((tuesday.pk, friday.pk))), True)
    ]
    assert rated_in(tuesday) == set() and rated_in(friday) == set(FOUR)


def test_a_table_joining_a_circle_is_not_rated_without_its_announcements_listener(heard):
    circle = Circle.objects.create(name="Tuesday", players=FOUR)
    table = make_table(players=FOUR, hands=[team_hand(points=70), CLOSE])
    table_changed.disconnect(dispatch_uid="ratings")
    try:
        services.add_to_circle(table, circle)
    finally:
        table_changed.connect(ratings_store.table_changed, dispatch_uid="ratings")
    assert heard and rated_in(circle) == set(), "the services reach the ratings only through the announcement"
    services.add_to_circle(table, circle)
    assert rated_in(circle) == set(FOUR)


def test_an_imported_finished_table_is_announced_whole_and_keeps_its_events(heard):
    played = make_table(players=FOUR, hands=[team_hand(points=70), CLOSE])
    document = services.export_table(played)
    heard.clear()
    imported = services.import_table(document)
    assert [(said["table"].pk, said.get("whole"), said["inside"]) for said in heard] == [(imported.pk, True, True)]
    assert list(RatedEvent.objects.filter(table=imported).values_list("players", flat=True)) == [
        list(RatedEvent.objects.get(table=played).players)
    ]
