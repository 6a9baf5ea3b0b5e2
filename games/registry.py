"""The only list of games. Everything else (the pages, settle, statistics, the tests) iterates it.

A game is its engine (``games/engines/<game>.py``: the rules, pure Python), its web side
(``games/web/<game>/``: the hand form, quick entries, what its pages show), its templates
(``templates/games/<game>/``) and its tests. Adding a game is adding those and one line below.
This module imports nothing from Django, so the engines and their registry also run on their own.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any

from .engines import czech_taroky, schnapsen, slovenian_tarok, two_ten_jack
from .engines.base import Engine


@dataclass(frozen=True)
class Game:
    engine: Engine
    web_module: str  # its web side, imported only by the Django app

    @property
    def slug(self) -> str:
        return self.engine.SLUG

    @property
    def web(self) -> Any:
        return import_module(self.web_module).WEB


GAMES: dict[str, Game] = {game.slug: game for game in (
    Game(czech_taroky, "games.web.czech_taroky"),
    Game(slovenian_tarok, "games.web.slovenian_tarok"),
    Game(schnapsen, "games.web.schnapsen"),
    Game(two_ten_jack, "games.web.two_ten_jack"),
)}
ENGINES: dict[str, Engine] = {slug: game.engine for slug, game in GAMES.items()}


def game(slug: str) -> Game:
    """The game with this slug; KeyError for an unknown one."""
    return GAMES[slug]
