"""Numbers as text, read and written the one way everywhere: what a player types (ASCII digits and a sign) and what
a player reads (``written``: the true minus, thirds as glyphs, exact decimals). Pure Python: the engines and the
phone write with it too; games.lib.numbers adds the language's separators."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

# Numbers typed or written as text, read the one way everywhere (a form's field, a paste, a document's string, a
# command's option): ASCII digits and at most a leading sign (``-``, ``+`` or the true minus ``−`` the pages write),
# never what Python's ``int()`` and ``Fraction()`` also take: other scripts' digits (``١٢``, ``１２``), underscores
# (``1_0``), spaces inside, an exponent (``Fraction("1e9999999")`` first computes ten million digits).
WHOLE_TEXT = re.compile(r"[+\-\u2212]?[0-9]{1,15}")
NUMBER_TEXT = re.compile(r"[+\-\u2212]?(?:[0-9]{1,15}(?:\.[0-9]{0,15})?|\.[0-9]{1,15})(?:/[0-9]{1,15})?")


def read_whole(raw: Any) -> int:
    """A whole number: an int as it is, or text such as ``12``, ``-3``, ``−3`` (spaces around it allowed); a
    ValueError for anything else."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    if not isinstance(raw, str) or not WHOLE_TEXT.fullmatch(raw.strip()):
        raise ValueError(f"not a whole number: {str(raw)[:40]}")
    return int(raw.strip().replace("\u2212", "-"))


def read_number(text: str) -> Fraction:
    """A number written as text, read exactly: 2, 0.5, -1, 1/3 (ValueError or ZeroDivisionError otherwise)."""
    text = text.strip() if isinstance(text, str) else ""
    if not NUMBER_TEXT.fullmatch(text):
        raise ValueError(f"not a number: {text[:40]}")
    return Fraction(text.replace("\u2212", "-"))


class Number(str):
    """A number inside an explanation: as text it is written the way the rules files write it (``+4``, ``−4``,
    ``40⅔``, ``4.6``), and it keeps its exact ``value`` (with ``plus``: a payout's sign, ``places``: decimals
    always shown) so that a page can write it the way the player's language does (``4,6``, ``−1 000``)."""

    value: int | Fraction
    plus: bool
    places: int | None

    def __new__(cls, value: int | Fraction, *, plus: bool = False, places: int | None = None) -> Number:
        text = written(value, plus=plus, places=places)
        number = super().__new__(cls, text)
        number.value, number.plus, number.places = value, plus, places
        return number


MINUS = "\u2212"
GLYPHS = {(1, 3): "⅓", (2, 3): "⅔", (1, 6): "⅙", (5, 6): "⅚"}  # (the rest, the denominator): its glyph
MOST_PLACES = 6  # an exact decimal is written whole up to this many places (0.125)
ROUNDED_PLACES = 2  # a fraction no decimal writes exactly, nor a glyph: 4 5/12 is 4.42, as a price is written


def written(
    value: int | Fraction,
    *,
    plus: bool = False,
    places: int | None = None,
    decimal: str = ".",
    thousands: str = "",
    grouping: int = 0,
) -> str:
    """The one way Talon writes a number a player reads: the server's pages (games.lib.numbers, with the language's
    separators), the phone's (games.offline.phone, with the same separators) and the engines' own text (a point, no
    grouping). The true minus sign (and ``+`` with ``plus``); a whole number grouped by ``thousands`` every
    ``grouping`` digits; thirds and sixths as their glyphs (``40⅔``, ``1⅙``: place points shared by three, which no
    decimal writes exactly); any other fraction as its exact decimals (``0.3``, ``2.75``, up to six), else to two
    (``4.42`` for 4 5/12); with ``places``, always that many decimals (``4.0``); rounded half up."""
    value = Fraction(value)
    size = abs(value)
    whole, rest = divmod(size.numerator, size.denominator)
    glyph = GLYPHS.get((rest, size.denominator)) if places is None else None
    if places is None and glyph is None:
        places = next((p for p in range(MOST_PLACES + 1) if 10**p % size.denominator == 0), ROUNDED_PLACES)
    if glyph is None:
        scaled = int(size * 10**places + Fraction(1, 2))
        whole, glyph = divmod(scaled, 10**places)
        glyph = f"{decimal}{glyph:0{places}d}" if places else ""
        size = Fraction(scaled)  # what is written: a value that rounds to nothing has no sign
    sign = "" if not size else MINUS if value < 0 else "+" if plus else ""
    digits = str(whole) if whole or not glyph or glyph[0] == decimal else ""
    if thousands and grouping > 0:
        head, groups = digits, []
        while len(head) > grouping:
            head, groups = head[:-grouping], [head[-grouping:], *groups]
        digits = thousands.join([head, *groups])
    return sign + digits + glyph
