"""Table documents of every game, mostly valid, drawn at random: for the property tests and the fuzzing that opens
what it saved. ``documents(game)`` is a hypothesis strategy over the game's own generator (``samples.document`` of
its entry in the registry): no game is named here."""

from hypothesis import strategies as st

from games.registry import GAMES


def documents(game: str):
    return st.randoms(use_true_random=False).map(GAMES[game].samples.document)
