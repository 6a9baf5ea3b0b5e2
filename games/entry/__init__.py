"""From a hand form's fields to the hand's object in shared/formats/table-json.md, one module per game.

Pure Python, no Django: the server's hand forms call ``to_data`` with their cleaned fields, and a phone without
signal calls the very same function in its Python runtime (games/offline/phone.py) with the fields as the form holds
them (numbers as ints, check boxes as booleans, empty choices as ""). Which fields a form has, their labels and
their checks stay in the forms (games/web/<game>/forms.py); the engine checks the hand either way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from random import Random
from typing import Any, Callable


@dataclass(frozen=True)
class Samples:
    """A game's own hands for the tests that cover every game: they iterate the registry and take the game's
    samples from its entry (``SAMPLES`` in games/entry/<game>.py), so a new game without them fails loudly and no
    test keeps a list of games."""

    players: tuple[str, ...]  # a table's players (the samples name them)
    table: tuple[dict[str, Any], ...]  # a small table: the sample every page of a table is shown with
    hands: tuple[dict[str, Any], ...]  # valid hands, in an order that matters (radelci, Bummerl, rotation, rounds)
    fields: dict[str, Any]  # a hand form's fields as the phone reads them, after ``hands[:1]``
    hand: dict[str, Any]  # the hand the form makes of ``fields``
    adjustment: dict[str, Any]  # an adjustment the game accepts
    document: Callable[[Random], dict[str, Any]] = field(default=lambda r: {})  # a random table document
