"""Numbers inside an explanation (games.lib.number_text writes them): a number, a signed payout, each player's
amount."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from games.contract.words import Line, Phrase
from games.lib.number_text import Number, written


def number(value: int | Fraction, *, places: int | None = None) -> Number:
    """40⅔, −4, 4.6: a number inside an explanation (see ``Number``)."""
    return Number(value, places=places)


def signed(value: int | Fraction) -> Number:
    """+4, −4, 0: the way a score sheet writes a payout."""
    return Number(value, plus=True)


def scores_of(amounts: Any) -> Phrase:
    """``Anna +4, Cyril −4``: each player's amount, from (player, amount) pairs."""
    return Phrase(tuple(Line("{player} {score}", {"player": p, "score": signed(a)}) for p, a in amounts), ", ")


def fmt_number(value: int | Fraction) -> str:
    """Whole numbers as they are, thirds as ``40⅔``, tenths as ``4.6`` (never through a float): ``written``."""
    if type(value) is int:
        return str(value)
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else written(value)
