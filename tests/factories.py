"""Keyword-only factory functions for tests (no fixtures files)."""

from games import services
from games.models import Table

PLAYERS = ("Anna", "Bára", "Cyril", "Dana")


def make_table(*, game: str = "czech-taroky", players=PLAYERS, rules=None, hands=(), name="") -> Table:
    table = services.create_table(game=game, players=list(players), rules=rules or {}, name=name)
    for data in hands:
        services.record_hand(table, data)
    table.refresh_from_db()
    return table


def team_hand(*, povinnost="Anna", partner="Cyril", points=63, **extra) -> dict:
    return {"povinnost": povinnost, "partner": partner, "points": points, **extra}
