"""Numbers as the player's language writes them: the locale's decimal separator and thousands grouping (Django's
formats: ``24,00 Kč``, ``4,0``, ``−1 000`` in Czech), the true minus sign, thirds as ``40⅔``. The engines give
exact numbers (int, Fraction, or an explanation's ``Number``); only the pages write them this way: the table
document, the settle command, CSV and JSON keep the machine-readable form."""

from __future__ import annotations

import unicodedata
from decimal import Decimal
from fractions import Fraction

from django.utils.formats import number_format
from django.utils.translation import pgettext

from games.engines.base import Number

MINUS = "\u2212"
THIRDS = {1: "⅓", 2: "⅔"}


def local_number(value: int | Fraction | Decimal, *, plus: bool = False, places: int | None = None) -> str:
    """``value`` in the active language: whole numbers grouped by thousands, thirds with their glyph, any other
    fraction with ``places`` decimals (or as many as it needs when it has a finite decimal form)."""
    if isinstance(value, Number):
        value, plus, places = value.value, value.plus, value.places
    sign = MINUS if value < 0 else "+" if plus and value > 0 else ""
    value = abs(value)
    if isinstance(value, Fraction) and value.denominator == 3 and places is None:
        whole = value.numerator // 3
        return f"{sign}{_grouped(whole) if whole else ''}{THIRDS[value.numerator % 3]}"
    if isinstance(value, Fraction) and value.denominator == 1:
        value = value.numerator
    if isinstance(value, Fraction) or places is not None:
        value = _decimal(Fraction(value), places)
    return sign + _grouped(value, places)


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


def _decimal(value: Fraction, places: int | None) -> Decimal:
    if places is None:  # tenths, hundredths …: exact when the denominator divides a power of ten
        places = next((p for p in range(1, 7) if 10**p % value.denominator == 0), 6)
    rounded = int(value * 10**places + Fraction(1, 2))  # half up (``value`` is never negative here)
    return Decimal(rounded).scaleb(-places)


def _grouped(value: int | Decimal, places: int | None = None) -> str:
    return number_format(value, decimal_pos=places, use_l10n=True, force_grouping=True)
