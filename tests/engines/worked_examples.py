"""Every registered game's worked examples, gathered for the tests that cover every game: each game keeps its own in
its folder (``EXAMPLES`` in games/<game>/tests/worked_examples.py: its rules file's examples as table documents with
the scores the rules give). Each entry: (document, expected scores per hand in seating order, extra expectations on
settle's output), named by its game and its name in the game's rules file ("czech-taroky E1", "schnapsen K1")."""

from importlib import import_module

from games.registry import GAMES


def examples_of(package: str) -> dict:
    """The worked examples of the game in ``package`` ("games.schnapsen"); none when it keeps none."""
    name = f"{package}.tests.worked_examples"
    try:
        return import_module(name).EXAMPLES
    except ModuleNotFoundError as missing:
        if not (name == missing.name or name.startswith(f"{missing.name}.")):
            raise  # a module the game's examples import is missing: not the same as keeping none
        return {}


def every_games_examples() -> dict:
    return {
        f"{game.slug} {key}": example for game in GAMES.values() for key, example in examples_of(game.package).items()
    }


EXAMPLES = every_games_examples()
