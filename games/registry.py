"""The only list of games. Everything else (the pages, settle, statistics, the phone, the tests) iterates it.

A game is one line below, ``load("<module>")``, naming its module under ``games/engines/`` ("czech_taroky"): its
engine (the rules, pure Python, built on ``games/contract/``), its entry by the same name under
``games/entry/`` (a hand form's fields to the hand's object, pure Python, which the phone runs too; its
``SAMPLES``: hands and tables the generic tests play) and its web side under ``games/web/`` (the hand form, what
its pages show, how its marks look; imported only by the Django app). A game kept in a package of its own
("tests.hearts") names the package: its ``engine``, ``entry`` and ``web`` modules are in it. The prefix of its rule
numbers (``R``, ``SR``, ``KR``, ``TR``) is read from the engine's ``RULES``. Nothing finds a game's module by its
slug: only through its line here. This module imports nothing from Django, so the engines and their registry also
run on their own (``manage.py settle``, the phone).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import Any

from games.contract.engine import Engine

from .engines import table as engine_table
from .entry import Samples


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


def load(name: str) -> Game:
    """The game whose engine is ``games/engines/<name>.py`` (its entry ``games/entry/<name>.py``, its web side
    ``games/web/<name>/``), or, for a dotted name, the package ``name`` holding ``engine``, ``entry`` and ``web``."""
    if "." in name:
        engine, entry, web = f"{name}.engine", f"{name}.entry", f"{name}.web"
    else:
        engine, entry, web = f"games.engines.{name}", f"games.entry.{name}", f"games.web.{name}"
    module = import_module(engine)
    return Game(module, import_module(entry), web, rule_prefix(module))


def rule_prefix(engine: Engine) -> str:
    """The letters of the engine's rule numbers (``SR`` of ``SR1``, ``SR2`` …): one for all of them."""
    prefixes = {number.rstrip("0123456789") for number in engine.RULES}
    if len(prefixes) != 1:
        raise ValueError(f"{engine.SLUG}: RULES must number its rules with one prefix, not {sorted(prefixes)}")
    return prefixes.pop()


def remove(slug: str) -> None:
    """Forget the game ``slug`` (a test game, at the end of the test session)."""
    GAMES.pop(slug, None)
    ENGINES.pop(slug, None)
    engine_table.unregister(slug)


for _name in (  # one line a game, in the order the pages list them
    "czech_taroky",
    "slovenian_tarok",
    "schnapsen",
    "two_ten_jack",
    "koenigrufen",
    "games.bauernschnapsen",  # one folder: games/bauernschnapsen/ (engine, entry, web)
    "games.dreierschnapsen",
):
    add(load(_name))


def game(slug: str) -> Game:
    """The game with this slug; KeyError for an unknown one."""
    return GAMES[slug]
