"""Keyword-only factory functions for tests (no fixtures files), and reading a page as a player sees its text."""

import html
import re
from contextlib import contextmanager

from django.contrib.sessions.models import Session

from games.models import Circle, League, Table, Tournament
from games.registry import GAMES
from games.tables import services

PLAYERS = ("Anna", "Bára", "Cyril", "Dana")


def make_table(*, game: str = "czech-taroky", players=PLAYERS, rules=None, hands=(), name="") -> Table:
    table = services.create_table(game=game, players=list(players), rules=rules or {}, name=name)
    for data in hands:
        services.record_hand(table, data)
    table.refresh_from_db()
    return table


def make_circle(*, name: str = "Thursdays", players=("Anna", "Bára")) -> Circle:
    return Circle.objects.create(name=name, players=list(players))


def make_league(*, name: str = "Brno 2026") -> League:
    return League.objects.create(name=name)


def team_hand(*, povinnost="Anna", partner="Cyril", points=63, **extra) -> dict:
    return {"povinnost": povinnost, "partner": partner, "points": points, **extra}


def make_sample(game: str) -> Table:
    """The game's small sample table (its players and hands, from its entry in the registry: ``samples``)."""
    samples = GAMES[game].samples
    return make_table(game=game, players=samples.players, hands=samples.table)


@contextmanager
def committed_for_the_module(django_db_blocker):
    """For a module's fixture that commits what its tests share: the database is open inside, and everything made
    is deleted afterwards, also when the fixture fails part way (another module's tests never find it)."""
    try:
        with django_db_blocker.unblock():
            yield
    finally:
        with django_db_blocker.unblock():
            for model in (Table, Circle, Tournament, League, Session):
                model.objects.all().delete()


def visible_text(page: str) -> str:
    """A page's text without its tags (names are isolated in <bdi>), as a player reads it."""
    body = re.sub(r"<(script|style)[^>]*>.*?</\1>", "", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", body))
