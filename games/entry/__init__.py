"""From a hand form's fields to the hand's object in shared/formats/table-json.md: each game's ``entry`` module, in
its folder (games/<game>/entry.py), keeps this contract.

Pure Python, no Django: the server's hand forms call ``to_data`` with their cleaned fields, and a phone without
signal calls the very same function in its Python runtime (games/offline/phone.py) with the fields as the form holds
them (numbers as ints, check boxes as booleans, empty choices as ""). Which fields a form has, their labels and
their checks stay in the forms (games/<game>/forms.py); the engine checks the hand either way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from random import Random
from typing import Any


@dataclass(frozen=True)
class Samples:
    """A game's own hands for the tests that cover every game: they iterate the registry and take the game's
    samples from its entry (``SAMPLES`` in games/<game>/entry.py), so a new game without them fails loudly and no
    test keeps a list of games.

    The contract, checked for every registered game by tests/engines/test_samples.py, whose message names the
    game and the constraint it breaks (all under the game's default rules, on a new table of ``players``):

    - ``players``: distinct names, as many as the game seats (``PLAYER_COUNTS``);
    - ``table``: at least one hand, valid in this order, after which the game is not over: every page of a table
      is shown with it, and the table page's hand form is the one ``fields`` fill;
    - ``fields`` and ``hand``: ``to_data(fields, players, rules)`` is ``hand``, and ``hand`` is valid as the hand
      after ``table`` (the one definition of which hands come before ``fields``: ``table``, never ``hands``), so a
      game whose hands depend on the round fills its form for the round after ``table``;
    - ``hands``: at least two, valid in this order, after which the game is not over; ``adjustment`` is valid
      anywhere among them, and a closing after them;
    - ``adjustment``: an adjustment (``{"adjustment": {player: amount}, …}``);
    - ``document(random)``: a table document of the game whose players it seats, for any seed (its hands may be
      refused: the property tests hold for any document).

    Nothing else is assumed: no test replays a hand of ``table`` or ``hands`` elsewhere than where it stands, and
    a hand form needs no taps (a form of numbers alone is a form)."""

    players: tuple[str, ...]  # a table's players (the samples name them)
    table: tuple[dict[str, Any], ...]  # a small table: the sample every page of a table is shown with
    hands: tuple[dict[str, Any], ...]  # valid hands, in an order that matters (marks, games, rotation, rounds)
    fields: dict[str, Any]  # a hand form's fields as the phone reads them, for the hand after ``table``
    hand: dict[str, Any]  # the hand the form makes of ``fields``, valid after ``table``
    adjustment: dict[str, Any]  # an adjustment the game accepts
    document: Callable[[Random], dict[str, Any]] = field(default=lambda r: {})  # a random table document
