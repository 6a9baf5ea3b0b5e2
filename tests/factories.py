"""Keyword-only factory functions for tests (no fixtures files), and reading a page as a player sees its text."""

import html
import re

from games.tables import services
from games.models import Table
from games.registry import GAMES

PLAYERS = ("Anna", "Bára", "Cyril", "Dana")


def make_table(*, game: str = "czech-taroky", players=PLAYERS, rules=None, hands=(), name="") -> Table:
    table = services.create_table(game=game, players=list(players), rules=rules or {}, name=name)
    for data in hands:
        services.record_hand(table, data)
    table.refresh_from_db()
    return table


def team_hand(*, povinnost="Anna", partner="Cyril", points=63, **extra) -> dict:
    return {"povinnost": povinnost, "partner": partner, "points": points, **extra}


def make_sample(game: str) -> Table:
    """The game's small sample table (its players and hands, from its entry in the registry: ``samples``)."""
    samples = GAMES[game].samples
    return make_table(game=game, players=samples.players, hands=samples.table)


def visible_text(page: str) -> str:
    """A page's text without its tags (names are isolated in <bdi>), as a player reads it."""
    body = re.sub(r"<(script|style)[^>]*>.*?</\1>", "", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", body))
