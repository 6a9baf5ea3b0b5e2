"""The only list of games. Everything else (the pages, settle, statistics, the phone, the tests) iterates it.

A game is everything its entry below names: its engine (``games/engines/<game>.py``: the rules, pure Python, built
on ``games/engines/base.py``), its entry (``games/entry/<game>.py``: a hand form's fields to the hand's object, pure
Python, which the phone runs too), its web side (``games/web/<game>/``: the hand form, what its pages show, how
its marks look; imported only by the Django app), the prefix of its rule numbers (``R``, ``SR``, ``KR``, ``TR``)
and its samples (``samples``: hands and tables the generic tests play). Adding a game is adding those and one
line below. Nothing finds a game's module by its slug: only through its entry here. This module imports nothing
from Django, so the engines and their registry also run on their own (``manage.py settle``, the phone).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import Any

from .engines import czech_taroky, koenigrufen, schnapsen, slovenian_tarok, two_ten_jack
from .engines import table as engine_table
from .engines.base import Engine
from .entry import Samples
from .entry import czech_taroky as czech_taroky_entry
from .entry import koenigrufen as koenigrufen_entry
from .entry import schnapsen as schnapsen_entry
from .entry import slovenian_tarok as slovenian_tarok_entry
from .entry import two_ten_jack as two_ten_jack_entry


@dataclass(frozen=True)
class Game:
    engine: Engine
    entry: ModuleType  # ``to_data(fields, players, rules)``: the hand form's fields to the hand's object
    web_module: str  # its web side, imported only by the Django app
    rule_prefix: str  # its rule numbers' letters: R1, SR2, KR3, TR1

    @property
    def slug(self) -> str:
        return self.engine.SLUG

    @property
    def web(self) -> Any:
        return import_module(self.web_module).WEB

    @property
    def samples(self) -> Samples:
        """Its own hands for the tests that cover every game (``SAMPLES`` of its entry)."""
        return self.entry.SAMPLES


GAMES: dict[str, Game] = {}
ENGINES: dict[str, Engine] = {}


def add(game: Game) -> Game:
    """Register ``game``: its tables can be created, replayed, settled and shown (the test game registers so)."""
    GAMES[game.slug] = game
    ENGINES[game.slug] = game.engine
    engine_table.register(game.engine)
    return game


def remove(slug: str) -> None:
    """Forget the game ``slug`` (a test game, at the end of the test session)."""
    GAMES.pop(slug, None)
    ENGINES.pop(slug, None)
    engine_table.unregister(slug)


for _game in (
    Game(czech_taroky, czech_taroky_entry, "games.web.czech_taroky", "R"),
    Game(slovenian_tarok, slovenian_tarok_entry, "games.web.slovenian_tarok", "SR"),
    Game(schnapsen, schnapsen_entry, "games.web.schnapsen", "KR"),
    Game(two_ten_jack, two_ten_jack_entry, "games.web.two_ten_jack", "TR"),
    Game(koenigrufen, koenigrufen_entry, "games.web.koenigrufen", "AT"),
):
    add(_game)


def game(slug: str) -> Game:
    """The game with this slug; KeyError for an unknown one."""
    return GAMES[slug]
