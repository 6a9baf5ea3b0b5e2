"""The only list of games. Everything else (the pages, settle, statistics, the phone, the tests) iterates it.

A game is one folder, a package, and one line below, ``load("games.<game>")``, naming it. The package holds its
``engine`` (the rules, pure Python, built on ``games/contract/``), its ``entry`` (a hand form's fields to the
hand's object, pure Python, which the phone runs too; its ``SAMPLES``: hands and tables the generic tests play), its
``web`` side (the hand form, what its pages show, how its marks look; imported only by the Django app), and beside
them its ``templates/`` and ``static/`` folders, found through this list (scorekeeper.game_files: a template loader
and a static files finder), its worked examples and its ``tests/``. A game kept elsewhere ("tests.hearts") is named
the same way. The prefix of its rule numbers (``R``, ``SR``, ``KR``, ``TR``) is read from the engine's ``RULES``.
Nothing finds a game's module by its slug: only through its line here. This module imports nothing from Django, so
the engines and their registry also run on their own (``manage.py settle``, the phone).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Any

from games.contract.defaults import with_defaults
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
    def package(self) -> str:
        """The game's package ("games.schnapsen"), holding its engine, entry and web modules (and its tests)."""
        return self.engine.__name__.rpartition(".")[0]

    @property
    def folder(self) -> Path:
        """The game's own folder (its package): its ``templates/`` and ``static/`` are found there."""
        return Path(self.engine.__file__).resolve().parent

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
    """Register ``game``: its tables can be created, replayed, settled and shown (the test game registers so). What
    its engine module leaves out of the contract, the contract's defaults fill (games.contract.defaults)."""
    with_defaults(game.engine)
    GAMES[game.slug] = game
    ENGINES[game.slug] = game.engine
    engine_table.register(game.engine)
    return game


def load(name: str) -> Game:
    """The game in the package ``name`` ("games.schnapsen"), holding its modules ``engine``, ``entry`` and ``web``."""
    module = import_module(f"{name}.engine")
    return Game(module, import_module(f"{name}.entry"), f"{name}.web", rule_prefix(module))


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


# One line a game, in the order the pages list them.
add(load("games.czech_taroky"))
add(load("games.slovenian_tarok"))
add(load("games.schnapsen"))
add(load("games.two_ten_jack"))
add(load("games.koenigrufen"))
add(load("games.bauernschnapsen"))
add(load("games.dreierschnapsen"))


def game(slug: str) -> Game:
    """The game with this slug; KeyError for an unknown one."""
    return GAMES[slug]
