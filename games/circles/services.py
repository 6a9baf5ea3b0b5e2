"""A circle's own changes, each in one transaction: its name and players saved, and its ratings written again as the
circle now spells its players (a table's change reaches the ratings through its announcement instead,
games.tables.signals)."""

from __future__ import annotations

from django.db import transaction

from games.models import Circle
from games.ratings import store as ratings_store


def save_circle(circle: Circle, *, name: str, players: list[str]) -> None:
    """The circle's name and players as given, and its ratings naming its players as it now writes them: both or
    neither."""
    with transaction.atomic():
        Circle.objects.filter(pk=circle.pk).update(name=name, players=players)
        ratings_store.rebuild_circle(circle.pk)
