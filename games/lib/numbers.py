"""Numbers as the player's language writes them: the locale's decimal separator and thousands grouping (Django's
formats: ``24,00 Kč``, ``4,0``, ``−1 000`` in Czech), the true minus sign, thirds and sixths as ``40⅔``, ``1⅙``. The engines give
exact numbers (int, Fraction, or an explanation's ``Number``); only the pages write them this way: the table
document, the settle command, CSV and JSON keep the machine-readable form."""

from __future__ import annotations

import unicodedata
from decimal import Decimal
from fractions import Fraction

from django.utils.formats import get_format
from django.utils.translation import pgettext

from games.lib.number_text import MINUS, Number, written


def local_number(value: int | Fraction | Decimal, *, plus: bool = False, places: int | None = None) -> str:
    """``value`` in the active language, as ``written`` writes every number a player reads (the phone too): whole
    numbers grouped by thousands, thirds and sixths with their glyph, any other fraction with its exact decimals
    (``places`` of them when given)."""
    if isinstance(value, Number):
        value, plus, places = value.value, value.plus, value.places
    grouping = get_format("NUMBER_GROUPING")
    return written(
        Fraction(value),
        plus=plus,
        places=places,
        decimal=get_format("DECIMAL_SEPARATOR"),
        thousands=get_format("THOUSAND_SEPARATOR"),
        grouping=grouping if isinstance(grouping, int) else 3,
    )


def local_money(amount: Fraction, currency: str) -> str:
    """``24,00 Kč``, ``$7.00``: an amount to the cent (rounded as Python rounds a Fraction: half to even) with the
    table's currency where the language puts it: a currency written in letters after the amount, a currency sign
    where the language writes it (English before the amount, the others after)."""
    sign = MINUS if amount < 0 else ""
    amount_text = local_number(Decimal(round(abs(amount) * 100)).scaleb(-2), places=2)
    currency = currency.strip()
    if not currency:
        return sign + amount_text
    if all(unicodedata.category(char) == "Sc" for char in currency):
        pattern = pgettext("money with a currency sign such as $ or €", "%(amount)s %(currency)s")
    else:
        pattern = "%(amount)s %(currency)s"
    return sign + pattern % {"amount": amount_text, "currency": currency}


def plain_number(value: int | Fraction) -> str:
    """A number as a spreadsheet reads it from a CSV, in any language: 4, -3, 4.5, 4.67 (the ASCII minus and point; a
    fraction to two decimal places, rounded half to even)."""
    if isinstance(value, Fraction) and value.denominator != 1:
        rounded = round(value * 100)  # an int: exact, half to even
        return str(Decimal(rounded).scaleb(-2)) if rounded % 100 else str(rounded // 100)
    return str(int(value)) if isinstance(value, Fraction) else str(value)
