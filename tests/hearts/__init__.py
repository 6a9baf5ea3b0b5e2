"""Hearts, a game that is not in the list: registered for the test session only (tests/conftest.py), it runs
through every test that covers every game. Its engine, entry, web side and templates are all in this folder."""

from pathlib import Path

from games.registry import Game

from . import engine, entry

TEMPLATES = Path(__file__).resolve().parent / "templates"
GAME = Game(engine, entry, "tests.hearts.web", "HR")
