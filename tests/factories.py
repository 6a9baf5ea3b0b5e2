"""Keyword-only factory functions for tests (no fixtures files), and reading a page as a player sees its text."""

import html
import re

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


# A small table of every game (players, hands as the table document writes them); tests that cover every game
# iterate the registry and take their table from here, so a new game without a sample fails loudly.
SAMPLES = {
    "czech-taroky": (("Anna", "Bára", "Cyril", "Dana"), [team_hand()]),
    "slovenian-tarok": (("Ana", "Bojan", "Cene", "Dora"), [{"contract": "beggar", "declarer": "Ana", "won": True}]),
    "schnapsen": (("Anna", "Ben"), [{"winner": "Anna", "game_points": 2}]),
    "two-ten-jack": (("Aiko", "Ben", "Chie"), [{"captured": {"Aiko": ["2H"]}}]),
}


def make_sample(game: str) -> Table:
    players, hands = SAMPLES[game]
    return make_table(game=game, players=players, hands=hands)


def visible_text(page: str) -> str:
    """A page's text without its tags (names are isolated in <bdi>), as a player reads it."""
    body = re.sub(r"<(script|style)[^>]*>.*?</\1>", "", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", body))
