"""Hearts, a game that is not in the list: registered for the test session only (tests/conftest.py), it runs
through every test that covers every game. Its engine, entry, web side and templates are all in this folder, as a
registered game's are in games/<game>/."""

from games.registry import load

GAME = load("tests.hearts")  # a game of its own package: its engine, entry and web modules
